package org.isocloth.jme.minie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import org.isocloth.collision.Collider;
import org.junit.jupiter.api.Test;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothColliderControl;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothMeshes;
import org.isocloth.jme.ClothStats;

/** Scene colliders stop cloth simulated by ClothAppState (the whole path, render thread to solver). */
class SceneCollidersEndToEndTest {
    private static final float H = 1f / 60;

    @Test
    void aSheetDrapesOverABallMovedByItsControl() {
        // A 0.8 m sheet (16×16 cells) dropped from 5 cm above a 0.25 m ball that a Node carries
        // along x at 0.3 m/s. For 1 s: no node may end a frame inside the ball (exact test on the
        // collider's end pose), red strain within 1e-3, contacts found, and the sheet, resting on
        // the moving ball with friction 0.3, is carried along: its centre moves with the ball
        // (the ball moves 0.3 m; the sheet at least 0.1 m of that).
        Node root = new Node("root");
        Node ballNode = new Node("ball");
        root.attachChild(ballNode);
        ClothColliderControl ball = ClothColliderControl.sphere(0.25f);
        ballNode.addControl(ball);
        Geometry sheet = new Geometry("sheet", ClothMeshes.grid(0.8f, 0.8f, 16, 16));
        // lay the grid flat (xy plane → xz plane) with its centre 5 cm above the ball's top
        sheet.setLocalRotation(new com.jme3.math.Quaternion().fromAngles(-com.jme3.math.FastMath.HALF_PI, 0, 0));
        sheet.setLocalTranslation(0, 0.30f, 0.4f);
        ClothControl cloth = new ClothControl();
        // cloth–cloth collisions off: when the draped corners fold onto themselves the
        // cloth–cloth response still breaks the strain bound in this scene (measured with them
        // on: red strain 1.8 % at frame 28, 699 contacts, not converged; before the solver's
        // last-pass fix 58 % at frame 15; docs/solver.md, known problems). This test is about
        // the collider path from the scene graph to the solver.
        cloth.setSelfCollisions(false);
        sheet.addControl(cloth);
        root.attachChild(sheet);
        root.updateGeometricState();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        int contactFrames = 0;
        double startX = Double.NaN;
        for (int frame = 0; frame < 60; frame++) {
            ballNode.setLocalTranslation(0.3f * frame * H, 0, 0);
            root.updateGeometricState();
            state.update(H);
            double[] x = cloth.getNodePositions();
            if (frame == 0) {
                startX = meanX(x);
            }
            Collider c = ball.currentCollider().collider();
            for (int i = 0; i < x.length; i += 3) {
                assertTrue(!c.contains(x[i], x[i + 1], x[i + 2]), "frame " + frame + ": node " + i / 3
                        + " inside the ball");
            }
            ClothStats s = cloth.getStats();
            assertTrue(s.redStrain() <= 1e-3, "frame " + frame + ": " + s);
            if (s.contacts() > 0) {
                contactFrames++;
            }
        }
        assertEquals(1, state.getColliders().size());
        assertTrue(contactFrames > 30, "frames with contacts: " + contactFrames);
        double moved = meanX(cloth.getNodePositions()) - startX;
        assertTrue(moved > 0.1, "the sheet moved " + moved + " m with the ball");
    }

    @Test
    void aSheetLandsOnAMinieBox() {
        // A static Minie box (half extents 0.5 × 0.1 × 0.5, top at y = 0.1) registered through
        // PhysicsSpaceColliders; a 0.6 m sheet dropped from y = 0.3 falls 0.2 m in ≈ 0.2 s and
        // must then rest on the box top: after 1 s every node is within [0.1, 0.13] m in y
        // (thickness 5 mm above the top, plus the sheet's slight sag over the box edges, which
        // are beyond the sheet), none inside the box.
        BulletNatives.load();
        PhysicsSpace space = new PhysicsSpace(PhysicsSpace.BroadphaseType.DBVT);
        PhysicsRigidBody box = new PhysicsRigidBody(new BoxCollisionShape(0.5f, 0.1f, 0.5f), 0);
        space.addCollisionObject(box);
        Node root = new Node("root");
        Geometry sheet = new Geometry("sheet", ClothMeshes.grid(0.6f, 0.6f, 12, 12));
        sheet.setLocalRotation(new com.jme3.math.Quaternion().fromAngles(-com.jme3.math.FastMath.HALF_PI, 0, 0));
        sheet.setLocalTranslation(0, 0.3f, 0.3f);
        ClothControl cloth = new ClothControl();
        sheet.addControl(cloth);
        root.attachChild(sheet);
        root.updateGeometricState();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        state.addColliderProvider(new PhysicsSpaceColliders(space));
        for (int frame = 0; frame < 60; frame++) {
            state.update(H);
            assertTrue(cloth.getStats().redStrain() <= 1e-3, "frame " + frame + ": " + cloth.getStats());
        }
        assertEquals(1, state.getColliders().size());
        double[] x = cloth.getNodePositions();
        Collider c = state.getColliders().get(0).collider();
        for (int i = 0; i < x.length; i += 3) {
            assertTrue(!c.contains(x[i], x[i + 1], x[i + 2]), "node " + i / 3 + " inside the box");
            assertTrue(x[i + 1] >= 0.1 && x[i + 1] <= 0.13, "node " + i / 3 + " at y = " + x[i + 1]);
        }
    }

    private static double meanX(double[] x) {
        double s = 0;
        for (int i = 0; i < x.length; i += 3) {
            s += x[i];
        }
        return s / (x.length / 3);
    }
}
