package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.asset.DesktopAssetManager;
import com.jme3.export.binary.BinaryExporter;
import com.jme3.math.FastMath;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Node;
import java.util.ArrayList;
import java.util.List;
import org.isocloth.collision.AnalyticCollider;
import org.isocloth.collision.BoxCollider;
import org.isocloth.collision.CapsuleCollider;
import org.isocloth.collision.Contact;
import org.isocloth.collision.SphereCollider;
import org.junit.jupiter.api.Test;

class ClothColliderControlTest {
    private static final double EPS = 1e-6;
    private static final double DT = 1.0 / 60;

    /**
     * A parent at (1, 2, 3), turned 90° about Z, scale 2; a child at local (0.5, 0, 0), scale 1.5.
     * Child world: scale 2·1.5 = 3, rotation Rz(90°) (local X → world Y, local Y → world −X),
     * translation (1, 2, 3) + Rz·(2·(0.5, 0, 0)) = (1, 2, 3) + (0, 1, 0) = (1, 3, 3).
     */
    private static Node child() {
        Node parent = new Node("parent");
        parent.setLocalTranslation(1, 2, 3);
        parent.setLocalRotation(new Quaternion().fromAngleAxis(FastMath.HALF_PI, Vector3f.UNIT_Z));
        parent.setLocalScale(2);
        Node child = new Node("child");
        child.setLocalTranslation(0.5f, 0, 0);
        child.setLocalScale(1.5f);
        parent.attachChild(child);
        parent.updateGeometricState();
        return child;
    }

    /** Captures once and starts the first interval [0, DT]; the collider is then at rest. */
    private static AnalyticCollider firstInterval(ClothColliderControl control) {
        List<SceneCollider> out = new ArrayList<>();
        control.collectColliders(out);
        assertEquals(1, out.size());
        SceneCollider sc = out.get(0);
        assertTrue(sc.capture());
        sc.beginInterval(0, DT, 0);
        AnalyticCollider shape = (AnalyticCollider) sc.collider();
        shape.setInterval(DT, DT);
        return shape;
    }

    @Test
    void sphereOnRotatedTranslatedScaledNodeMatchesWorldTransform() {
        Node child = child();
        ClothColliderControl control = ClothColliderControl.sphere(0.2f);
        // offset (0, 0.1, 0) local → scaled ×3 → (0, 0.3, 0) → Rz(90°) → (−0.3, 0, 0):
        // centre (1, 3, 3) + (−0.3, 0, 0) = (0.7, 3, 3); radius 0.2·3 = 0.6
        control.setOffset(new Vector3f(0, 0.1f, 0));
        child.addControl(control);
        AnalyticCollider shape = firstInterval(control);
        assertArrayEquals(new double[] {0.7, 3, 3}, shape.centerAt(DT), EPS);
        assertArrayEquals(new double[] {0, -1, 0, 1, 0, 0, 0, 0, 1}, shape.rotationAt(DT), EPS);
        assertEquals(0.6, ((SphereCollider) shape).radius(), EPS);
        assertTrue(shape.contains(0.7 + 0.59, 3, 3));
        assertFalse(shape.contains(0.7 + 0.61, 3, 3));
        assertTrue(shape.contains(0.7, 3, 3 - 0.59));
        assertFalse(shape.contains(0.7, 3, 3 - 0.61));
    }

    @Test
    void boxOnRotatedNodeHasItsHalfExtentsAlongTheRotatedAxes() {
        Node child = child();
        // half extents (0.1, 0.2, 0.3) ×3 = (0.3, 0.6, 0.9) along local X, Y, Z, that is along
        // world Y, X, Z after Rz(90°); centre (1, 3, 3)
        ClothColliderControl control = ClothColliderControl.box(new Vector3f(0.1f, 0.2f, 0.3f));
        child.addControl(control);
        AnalyticCollider shape = firstInterval(control);
        assertArrayEquals(new double[] {0.3, 0.6, 0.9}, ((BoxCollider) shape).halfExtents(), EPS);
        assertTrue(shape.contains(1 + 0.59, 3, 3));
        assertFalse(shape.contains(1 + 0.61, 3, 3));
        assertTrue(shape.contains(1, 3 - 0.29, 3));
        assertFalse(shape.contains(1, 3 - 0.31, 3));
        assertTrue(shape.contains(1, 3, 3 + 0.89));
        assertFalse(shape.contains(1, 3, 3 + 0.91));
    }

    @Test
    void capsuleRunsAlongLocalYAndPlaneFacesLocalY() {
        Node child = child();
        // capsule radius 0.1·3 = 0.3, segment 0.4·3 = 1.2 long along local Y = world −X
        // centred on (1, 3, 3): tips at x = 1 ± (0.6 + 0.3)
        ClothColliderControl capsule = ClothColliderControl.capsule(0.1f, 0.4f);
        child.addControl(capsule);
        AnalyticCollider shape = firstInterval(capsule);
        assertEquals(0.3, ((CapsuleCollider) shape).radius(), EPS);
        assertEquals(1.2, ((CapsuleCollider) shape).length(), EPS);
        assertTrue(shape.contains(1 - 0.89, 3, 3));
        assertFalse(shape.contains(1 - 0.91, 3, 3));
        assertTrue(shape.contains(1, 3 + 0.29, 3));
        assertFalse(shape.contains(1, 3 + 0.31, 3));
        // the plane's local normal +Y is world −X: the solid is x > 1
        ClothColliderControl plane = ClothColliderControl.plane();
        child.addControl(plane);
        AnalyticCollider floor = firstInterval(plane);
        assertTrue(floor.contains(1.01, 100, -50));
        assertFalse(floor.contains(0.99, -100, 50));
    }

    @Test
    void motionBetweenCapturesGivesVelocityAndSurfaceVelocity() {
        Node node = new Node("ball");
        node.updateGeometricState();
        ClothColliderControl control = ClothColliderControl.sphere(0.5f);
        node.addControl(control);
        List<SceneCollider> out = new ArrayList<>();
        control.collectColliders(out);
        SceneCollider sc = out.get(0);
        assertTrue(sc.capture());
        sc.beginInterval(-0.05, 0, 0);
        // next frame, 0.05 s later: moved by (0.1, 0, 0) and turned 0.2 rad about Y
        node.setLocalTranslation(0.1f, 0, 0);
        node.setLocalRotation(new Quaternion().fromAngleAxis(0.2f, Vector3f.UNIT_Y));
        node.updateGeometricState();
        out.clear();
        control.collectColliders(out);
        assertSame(sc, out.get(0), "same collider object across frames");
        assertTrue(sc.capture());
        sc.beginInterval(0, 0.05, 0);
        AnalyticCollider shape = (AnalyticCollider) sc.collider();
        // v = (0.1, 0, 0) / 0.05 s = (2, 0, 0) m/s; ω = 0.2 rad / 0.05 s = 4 rad/s about Y
        assertArrayEquals(new double[] {2, 0, 0}, shape.velocity(), 1e-5);
        assertArrayEquals(new double[] {0, 4, 0}, shape.angularVelocity(), 1e-5);
        assertArrayEquals(new double[] {0, 0, 0}, shape.centerAt(0), 1e-6);
        assertArrayEquals(new double[] {0.1, 0, 0}, shape.centerAt(0.05), 1e-6);
        // a node resting 5 mm off the surface at the end, x = 0.1 + 0.5 + 0.005: the contact's
        // surface point is w = (0.5, 0, 0) from the centre, so its velocity is
        // v + ω × w = (2, 0, 0) + (0, 4, 0) × (0.5, 0, 0) = (2, 0, 0) + (0, 0, −2)
        shape.setInterval(0, 0.05);
        double[] x = {0.605, 0, 0};
        Contact contact = new Contact();
        assertTrue(shape.contact(x, x, 0, 0.01, contact));
        assertArrayEquals(new double[] {2, 0, -2}, contact.surfaceVelocity, 1e-5);
        assertArrayEquals(new double[] {1, 0, 0}, contact.normal, 1e-6);
        assertEquals(0.005, contact.distance, 1e-6);
    }

    @Test
    void jumpBeyondTheTeleportDistanceArrivesAtRest() {
        Node node = new Node("ball");
        ClothColliderControl control = ClothColliderControl.sphere(0.5f);
        control.setTeleportDistance(1.5f);
        node.addControl(control);
        node.updateGeometricState();
        SceneCollider sc = control.currentCollider();
        assertTrue(sc.capture());
        sc.beginInterval(0, DT, 0);
        // 1.6 m in one frame > 1.5 m: a teleport, not a 96 m/s sweep
        node.setLocalTranslation(0, 1.6f, 0);
        node.updateGeometricState();
        assertTrue(sc.capture());
        assertEquals(1.5, sc.getTeleportDistance(), 1e-6);
        sc.beginInterval(DT, 2 * DT, 0);
        AnalyticCollider shape = (AnalyticCollider) sc.collider();
        assertArrayEquals(new double[3], shape.velocity(), 0);
        assertArrayEquals(new double[3], shape.angularVelocity(), 0);
        assertArrayEquals(new double[] {0, 1.6, 0}, shape.centerAt(DT), 1e-6);
        // 1.4 m is motion: 1.4 / DT = 84 m/s
        node.setLocalTranslation(0, 3.0f, 0);
        node.updateGeometricState();
        assertTrue(sc.capture());
        sc.beginInterval(2 * DT, 3 * DT, 0);
        assertEquals(84, shape.velocity()[1], 1e-3);
    }

    @Test
    void scaleChangeRebuildsDisabledOrDetachedProvidesNothing() {
        Node node = new Node("ball");
        ClothColliderControl control = ClothColliderControl.sphere(0.5f);
        node.addControl(control);
        node.updateGeometricState();
        AnalyticSceneCollider first = control.currentCollider();
        assertSame(first, control.currentCollider());
        node.setLocalScale(2);
        node.updateGeometricState();
        AnalyticSceneCollider second = control.currentCollider();
        assertNotSame(first, second);
        assertEquals(1.0, ((SphereCollider) second.collider()).radius(), EPS);
        assertFalse(first.capture(), "a replaced collider reports its source gone");
        assertTrue(second.capture());
        control.setEnabled(false);
        List<SceneCollider> out = new ArrayList<>();
        control.collectColliders(out);
        assertTrue(out.isEmpty());
        assertFalse(second.capture());
        control.setEnabled(true);
        node.removeControl(control);
        control.collectColliders(out);
        assertTrue(out.isEmpty());
    }

    @Test
    void invalidParametersNameTheSpatialAndField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClothColliderControl.sphere(-1));
        assertTrue(e.getMessage().contains("(unattached).radius"), e.getMessage());
        Node node = new Node("Crate");
        ClothColliderControl box = ClothColliderControl.box(new Vector3f(1, 1, 1));
        node.addControl(box);
        e = assertThrows(IllegalArgumentException.class, () -> box.setHalfExtents(new Vector3f(1, 0, 1)));
        assertTrue(e.getMessage().contains("spatial 'Crate'") && e.getMessage().contains("halfExtents.y"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> box.setFriction(11));
        assertTrue(e.getMessage().contains("friction"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> box.setOffset(new Vector3f(Float.NaN, 0, 0)));
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClothColliderControl.plane(new Vector3f()));
        assertThrows(IllegalArgumentException.class, () -> ClothColliderControl.capsule(1, -0.1f));
    }

    @Test
    void savedLoadedAndClonedControlsKeepTheirParameters() {
        Node node = new Node("arm");
        ClothColliderControl control = ClothColliderControl.capsule(0.1f, 0.4f);
        control.setOffset(new Vector3f(0, 0.2f, 0));
        control.setFriction(0.3f);
        control.setTeleportDistance(0.5f);
        node.addControl(control);
        Node loaded = BinaryExporter.saveAndLoad(new DesktopAssetManager(false), node);
        ClothColliderControl copy = loaded.getControl(ClothColliderControl.class);
        assertNotNull(copy);
        assertEquals(ClothColliderControl.Shape.CAPSULE, copy.getShape());
        assertEquals(0.1f, copy.getRadius());
        assertEquals(0.4f, copy.getHeight());
        assertEquals(new Vector3f(0, 0.2f, 0), copy.getOffset());
        assertEquals(0.3f, copy.getFriction());
        assertEquals(0.5f, copy.getTeleportDistance());
        Node cloned = (Node) node.clone();
        ClothColliderControl twin = cloned.getControl(ClothColliderControl.class);
        assertNotSame(control, twin);
        twin.setOffset(new Vector3f(1, 1, 1));
        assertEquals(new Vector3f(0, 0.2f, 0), control.getOffset());
        cloned.updateGeometricState();
        assertNotSame(control.currentCollider(), twin.currentCollider());
        // the friction reaches the sim-core collider at capture
        AnalyticSceneCollider sc = twin.currentCollider();
        assertTrue(sc.capture());
        assertEquals(0.3, sc.collider().friction(), 1e-7);
    }
}
