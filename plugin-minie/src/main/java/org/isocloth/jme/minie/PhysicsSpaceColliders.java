package org.isocloth.jme.minie;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.PhysicsCollisionObject;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.CapsuleCollisionShape;
import com.jme3.bullet.collision.shapes.CollisionShape;
import com.jme3.bullet.collision.shapes.CompoundCollisionShape;
import com.jme3.bullet.collision.shapes.HullCollisionShape;
import com.jme3.bullet.collision.shapes.PlaneCollisionShape;
import com.jme3.bullet.collision.shapes.SphereCollisionShape;
import com.jme3.bullet.collision.shapes.infos.ChildCollisionShape;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.bullet.util.DebugShapeFactory;
import com.jme3.math.Matrix3f;
import com.jme3.math.Plane;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.collision.AnalyticCollider;
import org.isocloth.collision.BoxCollider;
import org.isocloth.collision.CapsuleCollider;
import org.isocloth.collision.PlaneCollider;
import org.isocloth.collision.SphereCollider;
import org.isocloth.jme.AnalyticSceneCollider;
import org.isocloth.jme.ColliderProvider;
import org.isocloth.jme.MeshSceneCollider;
import org.isocloth.jme.MeshWelding;
import org.isocloth.jme.Poses;
import org.isocloth.jme.SceneCollider;
import org.isocloth.model.Limits;

/**
 * Makes the rigid bodies of a Minie {@link PhysicsSpace} colliders for the cloth: register one
 * with {@code ClothAppState.addColliderProvider}.
 *
 * <pre>{@code
 * PhysicsSpaceColliders bodies = new PhysicsSpaceColliders(bulletAppState.getPhysicsSpace());
 * bodies.setFriction(tableBody, 0.6f);
 * clothAppState.addColliderProvider(bodies);
 * }</pre>
 *
 * <h2>Which objects</h2>
 *
 * Every {@link PhysicsRigidBody} of the space ({@link PhysicsSpace#getRigidBodyList()}: static,
 * kinematic and dynamic bodies alike) that passes the {@linkplain #setFilter filter}. Ghost
 * objects, characters, vehicles and soft bodies are not included (ghosts and characters do not
 * have a solid surface the cloth should rest on; add a {@link org.isocloth.jme.ClothColliderControl} to their
 * spatial if they should). The coupling is one-way: the cloth does not push the bodies.
 *
 * <h2>Shapes</h2>
 *
 * Each body's collision shape becomes one or more {@link SceneCollider}s, all moving with the body
 * ({@code getPhysicsLocation}, {@code getPhysicsRotation} read at every capture):
 * <ul>
 *   <li>{@link SphereCollisionShape}, {@link CapsuleCollisionShape} (along its axis, X, Y or Z),
 *       {@link BoxCollisionShape} and {@link PlaneCollisionShape}: the exact analytic shape;</li>
 *   <li>{@link HullCollisionShape}: a closed triangle mesh, the convex hull of the shape's
 *       points;</li>
 *   <li>{@link CompoundCollisionShape}: one collider per child, placed by the child's offset and
 *       rotation;</li>
 *   <li>any other shape ({@code MeshCollisionShape}, {@code GImpactCollisionShape},
 *       {@code HeightfieldCollisionShape}, cylinders, cones, …): a triangle mesh of Minie's debug
 *       triangles ({@link DebugShapeFactory#getDebugTriangles}, at the
 *       {@linkplain #setResolution resolution} set here), with coincident corners welded. A closed
 *       mesh keeps things out of its inside; an open one is a two-sided surface.</li>
 * </ul>
 * The shape's scale is included (per axis: box half extents, capsule radius across and length
 * along the axis, hull points, child offsets of a compound; a sphere scales uniformly in Minie).
 * Plane shapes ignore the scale. <b>Collision margins are ignored</b>: the colliders are the
 * shapes' nominal surfaces. For spheres, capsules and boxes that is also Bullet's surface (the
 * margin lies inside them); Bullet collides hulls and mesh shapes with a skin of the margin
 * (default 0.04 m) around them that the cloth does not see; the debug triangles of some other
 * convex shapes include it.
 *
 * <h2>Friction</h2>
 *
 * Bullet's friction ({@link PhysicsCollisionObject#getFriction()}) is a rigid-body parameter, not
 * the cloth's Coulomb coefficient, and is not used: the cloth's friction applies unless
 * {@link #setFriction(PhysicsCollisionObject, float)} overrides it for a body.
 *
 * <h2>Threads and timing</h2>
 *
 * Call {@link #collectColliders} (and the colliders' captures) on the render thread, as
 * {@code ClothAppState} does. The body poses are those the physics space holds at capture; with
 * {@code BulletAppState} in {@code PARALLEL} threading the physics step may run at the same time,
 * so prefer {@code SEQUENTIAL}. Bodies that leave the space are dropped; a body whose shape, or
 * shape scale, changed gets new colliders (logged at FINE) that start at rest; otherwise the same
 * {@link SceneCollider} objects are returned every frame.
 */
public final class PhysicsSpaceColliders implements ColliderProvider {
    private static final Logger LOG = Logger.getLogger(PhysicsSpaceColliders.class.getName());
    /** Welding tolerance of debug triangles, relative to the mesh's bounding-box diagonal. */
    private static final double WELD_RELATIVE = 1e-6;

    private final PhysicsSpace space;
    private final Map<PhysicsRigidBody, Entry> entries = new IdentityHashMap<>();
    private final Map<PhysicsCollisionObject, Float> frictions = new IdentityHashMap<>();
    private Predicate<PhysicsRigidBody> filter = body -> true;
    private int resolution = DebugShapeFactory.lowResolution;
    private double teleportDistance = SceneCollider.DEFAULT_TELEPORT_DISTANCE;

    /**
     * @param space the physics space whose rigid bodies become colliders (not null)
     */
    public PhysicsSpaceColliders(PhysicsSpace space) {
        this.space = Objects.requireNonNull(space, "PhysicsSpaceColliders.space");
    }

    /** @return the physics space read */
    public PhysicsSpace getPhysicsSpace() {
        return space;
    }

    /**
     * Overrides the cloth's friction for one body (takes effect at the next capture).
     *
     * @param body the body (not null)
     * @param mu Coulomb friction coefficient between the cloth and the body, in [0, 10]
     *     ({@link Limits#FRICTION}, as a scene collider's {@code friction}), or NaN to remove the
     *     override (the cloth's friction then applies)
     * @throws IllegalArgumentException if mu is out of range
     */
    public void setFriction(PhysicsCollisionObject body, float mu) {
        Objects.requireNonNull(body, "PhysicsSpaceColliders.setFriction: body");
        if (Float.isNaN(mu)) {
            frictions.remove(body);
            return;
        }
        if (!Limits.FRICTION.contains(Limits.decimal(mu))) {
            throw new IllegalArgumentException("PhysicsSpaceColliders.friction[" + body
                    + "]: must be in " + Limits.FRICTION + " or NaN (got " + mu + ")");
        }
        frictions.put(body, mu);
    }

    /**
     * @param body a body
     * @return the friction override for the body, or NaN when the cloth's friction applies
     */
    public float getFriction(PhysicsCollisionObject body) {
        Float mu = frictions.get(body);
        return mu == null ? Float.NaN : mu;
    }

    /**
     * Chooses which rigid bodies are colliders (all by default). Evaluated at every collect.
     *
     * @param filter true for the bodies to include (not null)
     */
    public void setFilter(Predicate<PhysicsRigidBody> filter) {
        this.filter = Objects.requireNonNull(filter, "PhysicsSpaceColliders.filter");
    }

    /** @return the resolution of debug triangles for shapes without an exact mapping */
    public int getResolution() {
        return resolution;
    }

    /**
     * Sets the resolution of the debug triangles used for curved shapes without an exact mapping
     * (cylinders, cones, …); applies to colliders built afterwards.
     *
     * @param resolution {@link DebugShapeFactory#lowResolution} (default) or
     *     {@link DebugShapeFactory#highResolution}
     * @throws IllegalArgumentException for another value
     */
    public void setResolution(int resolution) {
        if (resolution != DebugShapeFactory.lowResolution && resolution != DebugShapeFactory.highResolution) {
            throw new IllegalArgumentException("PhysicsSpaceColliders.resolution: must be "
                    + "DebugShapeFactory.lowResolution or highResolution (got " + resolution + ")");
        }
        this.resolution = resolution;
    }

    /** @return the largest per-frame jump treated as motion, m */
    public double getTeleportDistance() {
        return teleportDistance;
    }

    /**
     * Sets the largest per-frame jump treated as motion for every body's colliders (takes effect
     * at the next capture).
     *
     * @param distance m (finite, &gt; 0)
     * @throws IllegalArgumentException if the distance is invalid
     */
    public void setTeleportDistance(double distance) {
        if (!(distance > 0) || !Double.isFinite(distance)) {
            throw new IllegalArgumentException("PhysicsSpaceColliders.teleportDistance: must be finite"
                    + " and > 0 (got " + distance + ")");
        }
        this.teleportDistance = distance;
    }

    /**
     * The colliders currently made for one body.
     *
     * @param body a body
     * @return an unmodifiable list (empty if the body was not collected by the last
     *     {@link #collectColliders} call)
     */
    public List<SceneCollider> collidersOf(PhysicsRigidBody body) {
        Entry e = entries.get(body);
        return e == null ? List.of() : Collections.unmodifiableList(e.parts);
    }

    /**
     * Adds the colliders of every rigid body in the space that passes the filter, making or
     * remaking them as needed, and forgets the bodies that left the space.
     *
     * @param out the list to add to (not null)
     */
    @Override
    public void collectColliders(List<SceneCollider> out) {
        Set<PhysicsRigidBody> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (PhysicsRigidBody body : space.getRigidBodyList()) {
            if (!filter.test(body)) {
                continue;
            }
            Entry e = entries.get(body);
            if (e != null && !e.matches(body)) {
                LOG.log(Level.FINE, "{0}: collision shape changed, colliders rebuilt", body);
                e = null;
            }
            if (e == null) {
                e = new Entry(body);
                entries.put(body, e);
            }
            seen.add(body);
            out.addAll(e.parts);
        }
        entries.keySet().retainAll(seen);
    }

    // ------------------------------------------------------------------ building

    /** The colliders of one body and what they were built from. */
    private final class Entry {
        final PhysicsRigidBody body;
        final CollisionShape shape;
        final List<Object> signature;
        final List<SceneCollider> parts = new ArrayList<>();
        /** Scratch for the body pose (render thread). */
        final double[] rotation = new double[9];
        final double[] translation = new double[3];
        final Vector3f location = new Vector3f();
        final Quaternion orientation = new Quaternion();

        Entry(PhysicsRigidBody body) {
            this.body = body;
            this.shape = body.getCollisionShape();
            this.signature = signature(shape);
            readBodyPose();
            String name = "PhysicsSpaceColliders:" + body;
            add(name, shape, new double[3], identity());
        }

        boolean matches(PhysicsRigidBody b) {
            return b.getCollisionShape() == shape && signature.equals(signature(shape));
        }

        /** @return whether the body is still collected and this entry still represents it */
        boolean alive() {
            return entries.get(body) == this && space.contains(body);
        }

        /** Reads the body's pose into {@link #rotation} and {@link #translation}. */
        void readBodyPose() {
            body.getPhysicsLocation(location);
            body.getPhysicsRotation(orientation);
            translation[0] = location.x;
            translation[1] = location.y;
            translation[2] = location.z;
            Poses.rotation(orientation, rotation);
        }

        void applySettings(SceneCollider part) {
            part.collider().setFriction(getFriction(body));
            part.setTeleportDistance(teleportDistance);
        }

        /**
         * Adds the colliders of a shape placed in the body frame at {@code center}, turned by
         * {@code turn}.
         */
        void add(String name, CollisionShape s, double[] center, double[] turn) {
            Vector3f scale = s.getScale(null);
            if (s instanceof CompoundCollisionShape compound) {
                ChildCollisionShape[] children = compound.listChildren();
                for (int i = 0; i < children.length; i++) {
                    Vector3f o = children[i].copyOffset(null);
                    Matrix3f m = children[i].copyRotationMatrix(null);
                    double[] childTurn = new double[9];
                    for (int r = 0; r < 3; r++) {
                        for (int c = 0; c < 3; c++) {
                            childTurn[3 * r + c] = m.get(r, c);
                        }
                    }
                    orthonormalize(childTurn);
                    // Bullet scales the child offsets with the compound (Minie reports them
                    // unscaled); the children's own shapes carry the scale already
                    double[] c = new double[3];
                    Poses.transform(turn, center, (double) o.x * scale.x, (double) o.y * scale.y,
                            (double) o.z * scale.z, c, 0);
                    double[] t = new double[9];
                    Poses.multiply(turn, childTurn, t);
                    add(name + "/child" + i, children[i].getShape(), c, t);
                }
            } else if (s instanceof SphereCollisionShape sphere) {
                double r = sphere.getRadius() * Math.abs(scale.x);
                analytic(new SphereCollider(name, new double[3], r), center, turn);
            } else if (s instanceof CapsuleCollisionShape capsule) {
                int axis = capsule.getAxis();
                double r = capsule.getRadius() * Math.abs(scale.get((axis + 2) % 3));
                double half = 0.5 * capsule.getHeight() * Math.abs(scale.get(axis));
                double[] a = new double[3];
                double[] b = new double[3];
                a[axis] = -half;
                b[axis] = half;
                analytic(new CapsuleCollider(name, a, b, r), center, turn);
            } else if (s instanceof BoxCollisionShape box) {
                Vector3f h = box.getHalfExtents(null);
                analytic(new BoxCollider(name, new double[3], new double[] {h.x * Math.abs(scale.x),
                    h.y * Math.abs(scale.y), h.z * Math.abs(scale.z)}, new double[] {0, 1, 0}, 0),
                        center, turn);
            } else if (s instanceof PlaneCollisionShape planeShape) {
                Plane plane = planeShape.getPlane();
                Vector3f n = plane.getNormal();
                double len2 = (double) n.x * n.x + (double) n.y * n.y + (double) n.z * n.z;
                double k = plane.getConstant() / len2;
                // the plane's point nearest the shape origin, n·c/|n|², in the body frame
                double[] p = new double[3];
                Poses.transform(turn, center, n.x * k, n.y * k, n.z * k, p, 0);
                analytic(new PlaneCollider(name, new double[3], new double[] {n.x, n.y, n.z}), p, turn);
            } else if (s instanceof HullCollisionShape hull) {
                float[] points = hull.copyHullVertices();
                double[] local = new double[points.length];
                for (int i = 0; i < points.length; i++) {
                    local[i] = (double) points[i] * scale.get(i % 3);
                }
                ConvexHull h;
                try {
                    h = ConvexHull.of(name, local);
                } catch (IllegalArgumentException flat) {
                    LOG.log(Level.FINE, "{0}: {1}; using the debug triangles", new Object[] {name, flat.getMessage()});
                    debugMesh(name, s, center, turn);
                    return;
                }
                mesh(name, h.triangles, h.positions, center, turn);
            } else {
                debugMesh(name, s, center, turn);
            }
        }

        void analytic(AnalyticCollider collider, double[] center, double[] turn) {
            parts.add(new BodyShape(this, collider, center, turn));
        }

        void debugMesh(String name, CollisionShape s, double[] center, double[] turn) {
            FloatBuffer soup = DebugShapeFactory.getDebugTriangles(s, resolution);
            int n = soup.limit() / 3;
            if (n < 3) {
                LOG.log(Level.FINE, "{0}: {1} has no triangles, no collider", new Object[] {name, s});
                return;
            }
            double[] positions = new double[3 * n];
            for (int i = 0; i < positions.length; i++) {
                positions[i] = soup.get(i);
            }
            MeshWelding.Weld weld = MeshWelding.weld(positions, WELD_RELATIVE * MeshWelding.diagonal(positions));
            int[] soupTriangles = new int[n - n % 3];
            for (int i = 0; i < soupTriangles.length; i++) {
                soupTriangles[i] = i;
            }
            int[] triangles = MeshWelding.remap(soupTriangles, weld.map);
            if (triangles.length == 0) {
                LOG.log(Level.FINE, "{0}: {1} has only degenerate triangles, no collider", new Object[] {name, s});
                return;
            }
            double[] welded = new double[3 * weld.count()];
            for (int i = 0; i < weld.count(); i++) {
                System.arraycopy(positions, 3 * weld.representatives[i], welded, 3 * i, 3);
            }
            mesh(name, triangles, welded, center, turn);
        }

        void mesh(String name, int[] triangles, double[] shapePositions, double[] center, double[] turn) {
            // shape frame → body frame once
            double[] local = new double[shapePositions.length];
            for (int i = 0; i < local.length; i += 3) {
                Poses.transform(turn, center, shapePositions[i], shapePositions[i + 1], shapePositions[i + 2],
                        local, i);
            }
            double[] world = new double[local.length];
            for (int i = 0; i < local.length; i += 3) {
                Poses.transform(rotation, translation, local[i], local[i + 1], local[i + 2], world, i);
            }
            parts.add(new BodyMesh(this, name, triangles, world, local));
        }
    }

    /** An analytic shape fixed in a body. */
    private static final class BodyShape extends AnalyticSceneCollider {
        private final Entry entry;
        private final double[] center;
        private final double[] turn;

        BodyShape(Entry entry, AnalyticCollider shape, double[] center, double[] turn) {
            super(shape.name(), shape);
            this.entry = entry;
            this.center = center;
            this.turn = turn;
        }

        @Override
        protected boolean readPose(double[] centerOut, double[] rotationOut) {
            if (!entry.alive()) {
                return false;
            }
            entry.readBodyPose();
            Poses.transform(entry.rotation, entry.translation, center[0], center[1], center[2], centerOut, 0);
            Poses.multiply(entry.rotation, turn, rotationOut);
            entry.applySettings(this);
            return true;
        }
    }

    /** A triangle mesh fixed in a body. */
    private static final class BodyMesh extends MeshSceneCollider {
        private final Entry entry;
        private final double[] local;

        BodyMesh(Entry entry, String name, int[] triangles, double[] world, double[] local) {
            super(name, triangles, world);
            this.entry = entry;
            this.local = local;
        }

        @Override
        protected boolean readPositions(double[] out) {
            if (!entry.alive()) {
                return false;
            }
            entry.readBodyPose();
            for (int i = 0; i < local.length; i += 3) {
                Poses.transform(entry.rotation, entry.translation, local[i], local[i + 1], local[i + 2], out, i);
            }
            entry.applySettings(this);
            return true;
        }
    }

    // ------------------------------------------------------------------ helpers

    /** What, besides the shape object, decides a body's colliders: scales and compound layout. */
    private static List<Object> signature(CollisionShape s) {
        List<Object> sig = new ArrayList<>();
        sig.add(s.getScale(null));
        if (s instanceof CompoundCollisionShape compound) {
            for (ChildCollisionShape child : compound.listChildren()) {
                sig.add(child.getShape());
                sig.add(child.copyTransform(null));
                sig.addAll(signature(child.getShape()));
            }
        }
        return sig;
    }

    private static double[] identity() {
        return new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
    }

    /** Makes a float rotation matrix orthonormal in double precision (Gram–Schmidt on rows). */
    private static void orthonormalize(double[] m) {
        for (int r = 0; r < 3; r++) {
            for (int q = 0; q < r; q++) {
                double d = m[3 * r] * m[3 * q] + m[3 * r + 1] * m[3 * q + 1] + m[3 * r + 2] * m[3 * q + 2];
                for (int c = 0; c < 3; c++) {
                    m[3 * r + c] -= d * m[3 * q + c];
                }
            }
            double len = Math.sqrt(m[3 * r] * m[3 * r] + m[3 * r + 1] * m[3 * r + 1] + m[3 * r + 2] * m[3 * r + 2]);
            for (int c = 0; c < 3; c++) {
                m[3 * r + c] /= len;
            }
        }
    }
}
