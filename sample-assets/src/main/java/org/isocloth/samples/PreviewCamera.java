package org.isocloth.samples;

import com.jme3.bounding.BoundingBox;
import com.jme3.bounding.BoundingSphere;
import com.jme3.bounding.BoundingVolume;
import com.jme3.input.ChaseCamera;
import com.jme3.input.InputManager;
import com.jme3.input.MouseInput;
import com.jme3.input.controls.MouseButtonTrigger;
import com.jme3.math.FastMath;
import com.jme3.math.Vector3f;
import com.jme3.renderer.Camera;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;

/**
 * The previewer's orbit camera: a chase camera around a target point (left drag orbits, the wheel
 * zooms), which {@link #frame} moves onto a cloth so that it fills the picture, and
 * {@link #reset} puts back where it started, looking at the whole scene.
 */
final class PreviewCamera {
    private static final Vector3f HOME_TARGET = new Vector3f(0, 0.8f, 0);
    private static final float HOME_DISTANCE = 4.2f;
    /** The framed cloth's bounding sphere spans this share of the picture's height. */
    private static final float FILL = 1.0f;
    /** Lowest and highest view when framing, radians above the horizon. */
    private static final float MIN_ELEVATION = 0.15f;
    private static final float MAX_ELEVATION = 1.0f;
    /** A cloth whose summed normal is under this share of its area is not framed face on. */
    private static final float FLAT = 0.4f;

    private final Camera cam;
    private final Node target = new Node("camera target");
    private final ChaseCamera chase;

    PreviewCamera(Camera cam, Node root, InputManager input) {
        this.cam = cam;
        // a near plane at 5 cm, not jME's default 1 m, so a framed garment is not cut open
        cam.setFrustumPerspective(45, (float) cam.getWidth() / cam.getHeight(), 0.05f, 100);
        target.setLocalTranslation(HOME_TARGET);
        root.attachChild(target);
        chase = new ChaseCamera(cam, target, input);
        chase.setDefaultDistance(HOME_DISTANCE);
        chase.setMinDistance(0.3f);
        chase.setMaxDistance(12);
        chase.setDefaultHorizontalRotation(-FastMath.HALF_PI - 0.5f);
        chase.setDefaultVerticalRotation(0.25f);
        chase.setInvertVerticalAxis(true);
        chase.setSmoothMotion(false);
        // left drag orbits; the right button is for pins (click: one node, drag: a box)
        chase.setToggleRotationTrigger(new MouseButtonTrigger(MouseInput.BUTTON_LEFT));
    }

    /**
     * Looks at a cloth face on, from the side of it the camera is on now (along its area-weighted
     * mean normal, raised at least {@link #MIN_ELEVATION} and at most {@link #MAX_ELEVATION} above
     * the horizon), close enough that its bounding sphere spans {@link #FILL} of the picture's
     * height: distance r / sin(FILL · fov/2).
     *
     * @param cloth the cloth's Geometry (its bound is updated every simulated frame)
     */
    void frame(Geometry cloth) {
        Vector3f n = meanNormal(cloth);
        // a garment around a body has no side to face (its normals cancel): then the view's
        // direction stays and only the target and the distance change
        if (n.lengthSquared() > 0) {
            Vector3f toCamera = cam.getLocation().subtract(cloth.getWorldBound().getCenter());
            if (n.dot(toCamera) < 0) {
                n.negateLocal();
            }
            float elevation = FastMath.clamp(FastMath.asin(FastMath.clamp(n.y, -1, 1)), MIN_ELEVATION, MAX_ELEVATION);
            chase.setDefaultHorizontalRotation(FastMath.atan2(n.z, n.x));
            chase.setDefaultVerticalRotation(elevation);
        }
        BoundingVolume b = cloth.getWorldBound();
        float r;
        if (b instanceof BoundingBox box) {
            r = box.getExtent(null).length();
        } else if (b instanceof BoundingSphere s) {
            r = s.getRadius();
        } else {
            return;
        }
        target.setLocalTranslation(b.getCenter());
        float halfFov = FastMath.atan(cam.getFrustumTop() / cam.getFrustumNear());
        float distance = r / FastMath.sin(FILL * halfFov);
        chase.setMinDistance(Math.min(0.3f, distance));
        chase.setDefaultDistance(distance);
    }

    /**
     * The sum of the cloth's triangles' area-weighted normals, world coordinates, normalised; zero
     * when that sum is under {@link #FLAT} of the summed areas (a closed or wrapped cloth).
     */
    private static Vector3f meanNormal(Geometry g) {
        com.jme3.scene.Mesh mesh = g.getMesh();
        java.nio.FloatBuffer pos = (java.nio.FloatBuffer) mesh.getBuffer(com.jme3.scene.VertexBuffer.Type.Position)
                .getDataReadOnly();
        com.jme3.scene.mesh.IndexBuffer ib = mesh.getIndicesAsList();
        com.jme3.math.Transform t = g.getWorldTransform();
        Vector3f a = new Vector3f();
        Vector3f b = new Vector3f();
        Vector3f c = new Vector3f();
        Vector3f sum = new Vector3f();
        float area = 0;
        for (int f = 0; f + 2 < ib.size(); f += 3) {
            t.transformVector(at(pos, ib.get(f), a), a);
            t.transformVector(at(pos, ib.get(f + 1), b), b);
            t.transformVector(at(pos, ib.get(f + 2), c), c);
            Vector3f n = b.subtractLocal(a).crossLocal(c.subtractLocal(a));
            sum.addLocal(n);
            area += n.length();
        }
        return sum.length() < FLAT * area ? new Vector3f() : sum.normalizeLocal();
    }

    private static Vector3f at(java.nio.FloatBuffer pos, int i, Vector3f out) {
        return out.set(pos.get(3 * i), pos.get(3 * i + 1), pos.get(3 * i + 2));
    }

    /** Back to the starting view of the whole scene. */
    void reset() {
        target.setLocalTranslation(HOME_TARGET);
        chase.setDefaultDistance(HOME_DISTANCE);
        chase.setDefaultHorizontalRotation(-FastMath.HALF_PI - 0.5f);
        chase.setDefaultVerticalRotation(0.25f);
    }
}
