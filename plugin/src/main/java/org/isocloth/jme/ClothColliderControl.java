package org.isocloth.jme;

import com.jme3.export.InputCapsule;
import com.jme3.export.JmeExporter;
import com.jme3.export.JmeImporter;
import com.jme3.export.OutputCapsule;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.scene.Spatial;
import com.jme3.scene.control.AbstractControl;
import com.jme3.util.clone.Cloner;
import java.io.IOException;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.collision.AnalyticCollider;
import org.isocloth.collision.BoxCollider;
import org.isocloth.collision.CapsuleCollider;
import org.isocloth.collision.PlaneCollider;
import org.isocloth.collision.SphereCollider;
import org.isocloth.model.Limits;

/**
 * A collider shape for the cloth, attached to any {@link Spatial} and following its world
 * transform: a sphere, a capsule, a box or a plane (half-space).
 *
 * <pre>{@code
 * ball.addControl(ClothColliderControl.sphere(0.5f));
 * ClothColliderControl arm = ClothColliderControl.capsule(0.08f, 0.5f);
 * arm.setOffset(new Vector3f(0, 0.3f, 0));
 * armNode.addControl(arm);
 * }</pre>
 *
 * <h2>Geometry</h2>
 *
 * Dimensions are in the spatial's local units (metres for an unscaled scene) and are multiplied by
 * the spatial's <b>world scale</b>; a non-uniform scale is replaced by its largest absolute
 * component (the shapes stay spheres, round capsules and boxes scaled uniformly; a mirroring
 * negative scale is not represented). The shape is centred on the spatial's local origin plus an
 * optional {@linkplain #setOffset offset} (a point in the spatial's local frame, transformed with
 * the full world transform). Its axes are the spatial's local axes: the capsule's segment runs
 * along local Y between the centres of its two hemispheres ({@link #getHeight() height} apart, as
 * in jME and Minie capsules), the box's half extents are along local X, Y, Z, and the plane goes
 * through the (offset) origin with the local {@linkplain #getNormal() normal}, +Y by default: the
 * solid is the side the normal points away from.
 *
 * <h2>Simulation</h2>
 *
 * The {@link SceneCollider} this control provides reads the world transform on the render thread
 * when {@code ClothAppState} captures the scene; between two captures the shape moves with the
 * constant linear and angular velocity that takes it from one pose to the next (see
 * {@link AnalyticSceneCollider}), so friction drags the cloth along with a moving spatial. A jump
 * longer than the {@linkplain #setTeleportDistance teleport distance} in one frame is a teleport:
 * the shape reappears at rest. Captures read the world transform as it is when the app state runs,
 * which in a {@code SimpleApplication} is before this frame's scene update: the collider is where
 * the spatial was drawn last frame.
 *
 * <p>Changing a dimension, or a change of the spatial's world scale, makes a new
 * {@link SceneCollider} (logged at FINE) that starts at rest; the offset, friction and teleport
 * distance take effect at the next capture without one. A disabled control, or one without a
 * spatial, provides nothing. Use the control from the render thread, like the rest of the scene
 * graph.
 */
public class ClothColliderControl extends AbstractControl implements ColliderProvider {
    private static final Logger LOG = Logger.getLogger(ClothColliderControl.class.getName());

    /** The kinds of shape. */
    public enum Shape {
        /** A ball of {@link #getRadius() radius} about the centre. */
        SPHERE,
        /** A capsule along local Y: {@link #getRadius() radius}, {@link #getHeight() height}. */
        CAPSULE,
        /** A box of {@link #getHalfExtents() half extents} along the local axes. */
        BOX,
        /** A half-space below the plane through the centre with the local {@link #getNormal() normal}. */
        PLANE
    }

    private Shape shape = Shape.SPHERE;
    private float radius = 0.5f;
    private float height = 1f;
    private Vector3f halfExtents = new Vector3f(0.5f, 0.5f, 0.5f);
    private Vector3f normal = new Vector3f(0, 1, 0);
    private Vector3f offset = new Vector3f();
    private float friction = Float.NaN;
    private float teleportDistance = (float) SceneCollider.DEFAULT_TELEPORT_DISTANCE;

    /** The collider provided (null until the first collect or after a change). */
    private transient Follower collider;
    /** The uniform world scale {@link #collider} was built for. */
    private transient double builtScale;

    /**
     * A sphere of radius 0.5, for serialization; use the static factories.
     */
    public ClothColliderControl() {
    }

    /**
     * A sphere about the spatial's origin.
     *
     * @param radius radius, local units (finite, &gt; 0)
     * @return a new control
     * @throws IllegalArgumentException if the radius is invalid
     */
    public static ClothColliderControl sphere(float radius) {
        ClothColliderControl c = new ClothColliderControl();
        c.setRadius(radius);
        return c;
    }

    /**
     * A capsule along the spatial's local Y axis, centred on its origin.
     *
     * @param radius radius, local units (finite, &gt; 0)
     * @param height distance between the centres of the two hemispheres (the cylinder's length),
     *     local units (finite, &ge; 0; 0 gives a sphere)
     * @return a new control
     * @throws IllegalArgumentException if a dimension is invalid
     */
    public static ClothColliderControl capsule(float radius, float height) {
        ClothColliderControl c = new ClothColliderControl();
        c.shape = Shape.CAPSULE;
        c.setRadius(radius);
        c.setHeight(height);
        return c;
    }

    /**
     * A box along the spatial's local axes, centred on its origin.
     *
     * @param halfExtents half the box's size along local X, Y, Z, local units (each finite,
     *     &gt; 0; copied)
     * @return a new control
     * @throws IllegalArgumentException if a half extent is invalid
     */
    public static ClothColliderControl box(Vector3f halfExtents) {
        ClothColliderControl c = new ClothColliderControl();
        c.shape = Shape.BOX;
        c.setHalfExtents(halfExtents);
        return c;
    }

    /**
     * A floor: the half-space below the plane through the spatial's origin normal to its local +Y
     * axis.
     *
     * @return a new control
     */
    public static ClothColliderControl plane() {
        ClothColliderControl c = new ClothColliderControl();
        c.shape = Shape.PLANE;
        return c;
    }

    /**
     * The half-space below the plane through the spatial's origin with the given local normal.
     *
     * @param normal the outward normal in the spatial's local frame (finite, non-zero; copied,
     *     normalized when used)
     * @return a new control
     * @throws IllegalArgumentException if the normal is invalid
     */
    public static ClothColliderControl plane(Vector3f normal) {
        ClothColliderControl c = plane();
        c.setNormal(normal);
        return c;
    }

    // ------------------------------------------------------------------ parameters

    /** @return the kind of shape */
    public Shape getShape() {
        return shape;
    }

    /** @return the sphere's or capsule's radius, local units */
    public float getRadius() {
        return radius;
    }

    /**
     * @param radius the sphere's or capsule's radius, local units (finite, &gt; 0)
     * @throws IllegalArgumentException if the radius is invalid (the message names the spatial)
     */
    public void setRadius(float radius) {
        if (!Float.isFinite(radius) || !(radius > 0)) {
            throw invalid("radius", "must be finite and > 0", radius);
        }
        this.radius = radius;
        collider = null;
    }

    /** @return the capsule's height: distance between its hemisphere centres, local units */
    public float getHeight() {
        return height;
    }

    /**
     * @param height the capsule's distance between its hemisphere centres, local units (finite,
     *     &ge; 0)
     * @throws IllegalArgumentException if the height is invalid
     */
    public void setHeight(float height) {
        if (!Float.isFinite(height) || !(height >= 0)) {
            throw invalid("height", "must be finite and >= 0", height);
        }
        this.height = height;
        collider = null;
    }

    /** @return a copy of the box's half extents, local units */
    public Vector3f getHalfExtents() {
        return halfExtents.clone();
    }

    /**
     * @param halfExtents the box's half extents along local X, Y, Z, local units (each finite,
     *     &gt; 0; copied)
     * @throws IllegalArgumentException if a component is invalid
     */
    public void setHalfExtents(Vector3f halfExtents) {
        if (halfExtents == null) {
            throw invalid("halfExtents", "must not be null", null);
        }
        for (int i = 0; i < 3; i++) {
            float h = halfExtents.get(i);
            if (!Float.isFinite(h) || !(h > 0)) {
                throw invalid("halfExtents." + "xyz".charAt(i), "must be finite and > 0", h);
            }
        }
        this.halfExtents = halfExtents.clone();
        collider = null;
    }

    /** @return a copy of the plane's outward normal, local frame (as given, not normalized) */
    public Vector3f getNormal() {
        return normal.clone();
    }

    /**
     * @param normal the plane's outward normal in the spatial's local frame (finite, non-zero;
     *     copied)
     * @throws IllegalArgumentException if the normal is invalid
     */
    public void setNormal(Vector3f normal) {
        if (normal == null || !Vector3f.isValidVector(normal)) {
            throw invalid("normal", "must be a finite vector", normal);
        }
        if (normal.x == 0 && normal.y == 0 && normal.z == 0) {
            throw invalid("normal", "must be non-zero", normal);
        }
        this.normal = normal.clone();
        collider = null;
    }

    /** @return a copy of the offset of the shape's centre, spatial's local frame and units */
    public Vector3f getOffset() {
        return offset.clone();
    }

    /**
     * Moves the shape's centre away from the spatial's origin (takes effect at the next capture).
     *
     * @param offset the centre in the spatial's local frame and units (finite; copied)
     * @throws IllegalArgumentException if the offset is invalid
     */
    public void setOffset(Vector3f offset) {
        if (offset == null || !Vector3f.isValidVector(offset)) {
            throw invalid("offset", "must be a finite vector", offset);
        }
        this.offset = offset.clone();
    }

    /** @return the Coulomb friction coefficient, or NaN when the cloth's applies */
    public float getFriction() {
        return friction;
    }

    /**
     * Sets the friction between the cloth and this shape (takes effect at the next capture).
     *
     * @param mu Coulomb friction coefficient in [0, 10] ({@link Limits#FRICTION}, as a scene
     *     collider's {@code friction}), or NaN to use the cloth's
     * @throws IllegalArgumentException if mu is out of range
     */
    public void setFriction(float mu) {
        if (!Float.isNaN(mu) && !Limits.FRICTION.contains(ParameterCheck.decimal(mu))) {
            throw invalid("friction", "must be in " + Limits.FRICTION + " or NaN", mu);
        }
        this.friction = mu;
    }

    /** @return the largest per-frame jump of the centre treated as motion, m (world) */
    public float getTeleportDistance() {
        return teleportDistance;
    }

    /**
     * Sets the largest per-frame jump of the centre treated as motion; a longer one is a teleport
     * (takes effect at the next capture).
     *
     * @param distance world distance, m (finite, &gt; 0)
     * @throws IllegalArgumentException if the distance is invalid
     */
    public void setTeleportDistance(float distance) {
        if (!Float.isFinite(distance) || !(distance > 0)) {
            throw invalid("teleportDistance", "must be finite and > 0", distance);
        }
        this.teleportDistance = distance;
    }

    private IllegalArgumentException invalid(String field, String reason, Object value) {
        return new IllegalArgumentException(describe() + "." + field + ": " + reason + " (got " + value + ")");
    }

    private String describe() {
        return spatial == null ? "ClothColliderControl(unattached)"
                : "ClothColliderControl(spatial '" + spatial.getName() + "')";
    }

    // ------------------------------------------------------------------ provider

    /**
     * Adds this control's collider, unless the control is disabled, has no spatial, or its
     * spatial's world scale is zero. Returns the same object from frame to frame until a dimension
     * or the world scale changes.
     *
     * @param out the list to add to (not null)
     */
    @Override
    public void collectColliders(List<SceneCollider> out) {
        SceneCollider c = currentCollider();
        if (c != null) {
            out.add(c);
        }
    }

    /**
     * The collider this control provides now, built or rebuilt as needed (render thread).
     *
     * @return the collider, or null when the control provides none (disabled, no spatial, zero
     *     world scale)
     */
    public AnalyticSceneCollider currentCollider() {
        if (!isEnabled() || spatial == null) {
            return null;
        }
        double scale = shape == Shape.PLANE ? 1 : Poses.uniform(spatial.getWorldScale());
        if (!(scale > 0) || !Double.isFinite(scale)) {
            if (collider != null) {
                LOG.log(Level.FINE, "{0}: world scale {1}, no collider", new Object[] {describe(), scale});
                collider = null;
            }
            return null;
        }
        if (collider != null && scale != builtScale) {
            LOG.log(Level.FINE, "{0}: world scale changed from {1} to {2}, collider rebuilt",
                    new Object[] {describe(), builtScale, scale});
            collider = null;
        }
        if (collider == null) {
            collider = new Follower(this, "ClothColliderControl:" + spatial.getName(), createShape(scale));
            builtScale = scale;
        }
        return collider;
    }

    private AnalyticCollider createShape(double scale) {
        String name = "ClothColliderControl:" + spatial.getName();
        double[] origin = new double[3];
        switch (shape) {
            case SPHERE:
                return new SphereCollider(name, origin, radius * scale);
            case CAPSULE: {
                double half = 0.5 * height * scale;
                return new CapsuleCollider(name, new double[] {0, -half, 0}, new double[] {0, half, 0},
                        radius * scale);
            }
            case BOX:
                return new BoxCollider(name, origin, new double[] {halfExtents.x * scale,
                    halfExtents.y * scale, halfExtents.z * scale}, new double[] {0, 1, 0}, 0);
            case PLANE:
                return new PlaneCollider(name, origin, new double[] {normal.x, normal.y, normal.z});
            default:
                throw new IllegalStateException(describe() + ": unknown shape " + shape);
        }
    }

    /** The scene collider: reads the control's spatial's world transform. */
    private static final class Follower extends AnalyticSceneCollider {
        private final ClothColliderControl control;
        private final double[] r = new double[9];
        private final double[] t = new double[3];

        Follower(ClothColliderControl control, String name, AnalyticCollider shape) {
            super(name, shape);
            this.control = control;
        }

        @Override
        protected boolean readPose(double[] centerOut, double[] rotationOut) {
            Spatial s = control.spatial;
            if (s == null || control.collider != this || !control.isEnabled()) {
                return false;
            }
            Quaternion q = s.getWorldRotation();
            Vector3f tr = s.getWorldTranslation();
            Vector3f sc = s.getWorldScale();
            Vector3f o = control.offset;
            Poses.rotation(q, r);
            t[0] = tr.x;
            t[1] = tr.y;
            t[2] = tr.z;
            // the offset is a local point: world = T + R·(S ⊙ offset), as Spatial.localToWorld
            Poses.transform(r, t, (double) sc.x * o.x, (double) sc.y * o.y, (double) sc.z * o.z,
                    centerOut, 0);
            System.arraycopy(r, 0, rotationOut, 0, 9);
            // render thread, simulation idle: safe to hand the settings over
            shape().setFriction(control.friction);
            setTeleportDistance(control.teleportDistance);
            return true;
        }
    }

    // ------------------------------------------------------------------ Control plumbing

    @Override
    protected void controlUpdate(float tpf) {
        // the pose is read when ClothAppState captures the scene
    }

    @Override
    protected void controlRender(RenderManager rm, ViewPort vp) {
        // nothing to draw
    }

    @Override
    public void setSpatial(Spatial spatial) {
        super.setSpatial(spatial);
        collider = null;
    }

    @Override
    public void cloneFields(Cloner cloner, Object original) {
        super.cloneFields(cloner, original);
        halfExtents = halfExtents.clone();
        normal = normal.clone();
        offset = offset.clone();
        collider = null;
    }

    @Override
    public void write(JmeExporter ex) throws IOException {
        super.write(ex);
        OutputCapsule oc = ex.getCapsule(this);
        oc.write(shape, "shape", Shape.SPHERE);
        oc.write(radius, "radius", 0.5f);
        oc.write(height, "height", 1f);
        oc.write(halfExtents, "halfExtents", null);
        oc.write(normal, "normal", null);
        oc.write(offset, "offset", null);
        oc.write(friction, "friction", Float.NaN);
        oc.write(teleportDistance, "teleportDistance", (float) SceneCollider.DEFAULT_TELEPORT_DISTANCE);
    }

    @Override
    public void read(JmeImporter im) throws IOException {
        super.read(im);
        InputCapsule ic = im.getCapsule(this);
        shape = ic.readEnum("shape", Shape.class, Shape.SPHERE);
        radius = ic.readFloat("radius", 0.5f);
        height = ic.readFloat("height", 1f);
        halfExtents = (Vector3f) ic.readSavable("halfExtents", new Vector3f(0.5f, 0.5f, 0.5f));
        normal = (Vector3f) ic.readSavable("normal", new Vector3f(0, 1, 0));
        offset = (Vector3f) ic.readSavable("offset", new Vector3f());
        friction = ic.readFloat("friction", Float.NaN);
        teleportDistance = ic.readFloat("teleportDistance", (float) SceneCollider.DEFAULT_TELEPORT_DISTANCE);
        collider = null;
    }
}
