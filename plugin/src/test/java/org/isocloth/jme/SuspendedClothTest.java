package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.VertexBuffer;
import com.jme3.util.BufferUtils;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the ClothListeners are told about suspension is what ClothControl.isSuspended() says. */
class SuspendedClothTest {
    private static final float H = 1f / 60;

    /** Records each report: the message, the flag told, and isSuspended() at that moment. */
    private static final class Heard implements ClothListener {
        final List<String> messages = new ArrayList<>();
        final List<Boolean> told = new ArrayList<>();
        final List<Boolean> asked = new ArrayList<>();

        @Override
        public void clothFailed(ClothControl cloth, String message, boolean suspended) {
            messages.add(message);
            told.add(suspended);
            asked.add(cloth.isSuspended());
        }
    }

    /** Three triangles on one edge: a non-manifold "book" the validator refuses. */
    private static Mesh book() {
        float[] p = {0, 0, 0, 1, 0, 0, 0.5f, 1, 0, 0.5f, -1, 0, 0.5f, 0, 1};
        int[] t = {0, 1, 2, 1, 0, 3, 0, 1, 4};
        Mesh m = new Mesh();
        m.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(p));
        m.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(t));
        m.updateCounts();
        return m;
    }

    /** Makes {@code g} a cloth below {@code root}; returns its control. */
    private static ClothControl clothIn(Node root, Geometry g) {
        ClothControl cloth = new ClothControl();
        g.addControl(cloth);
        root.attachChild(g);
        return cloth;
    }

    private static ClothAppState syncState(Node root) {
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        return state;
    }

    @Test
    void aClothThatCannotBeBuiltIsSuspendedUntilReset() {
        // The book mesh cannot be built: the listener is told suspended = true once, and
        // isSuspended() says the same then and afterwards. A reset with the mesh still broken
        // retries, fails, and is reported again (still suspended). With a valid mesh, a reset
        // builds the cloth: no longer suspended, and it steps. The state has been updating all
        // along, so every update takes one step over the frame before it, the one that builds
        // the cloth included: 2 updates, 2 steps.
        Node root = new Node("root");
        Geometry g = new Geometry("pages", book());
        ClothControl cloth = clothIn(root, g);
        ClothAppState state = syncState(root);
        Heard heard = new Heard();
        state.addClothListener(heard);
        for (int i = 0; i < 3; i++) {
            state.update(H);
        }
        assertEquals(List.of(true), heard.told, heard.messages.toString());
        assertEquals(heard.told, heard.asked);
        assertTrue(cloth.isSuspended());
        assertFalse(cloth.isBuilt());

        cloth.reset();
        state.update(H);
        assertEquals(List.of(true, true), heard.told);
        assertEquals(heard.told, heard.asked);
        assertTrue(cloth.isSuspended());

        g.setMesh(TestMeshes.sheet(1, 1, 2, 2, 1, false));
        cloth.reset();
        state.update(H);
        state.update(H);
        assertFalse(cloth.isSuspended());
        assertTrue(cloth.isBuilt());
        assertEquals(2, cloth.getStats().steps());
        assertEquals(2, heard.messages.size());
    }

    @Test
    void aClothThatCannotBeBuiltIsNoLongerSuspendedOnceItLeavesTheScene() {
        // Suspension belongs to the state that could not build the cloth: when the Geometry
        // leaves the state's scene the cloth is no longer held suspended, and when the state is
        // detached (cleanup) neither.
        Node root = new Node("root");
        Geometry g = new Geometry("pages", book());
        ClothControl cloth = clothIn(root, g);
        ClothAppState state = syncState(root);
        state.update(H);
        assertTrue(cloth.isSuspended());
        g.removeFromParent();
        state.update(H);
        assertFalse(cloth.isSuspended());

        root.attachChild(g);
        state.update(H);
        assertTrue(cloth.isSuspended());
        state.cleanup();
        assertFalse(cloth.isSuspended());
    }

    @Test
    void anotherStateThatBuildsTheClothLiftsTheSuspension() {
        // State A cannot build the book; the Geometry, given a valid mesh, moves to the scene of
        // state B before A updates again. B builds and simulates it: it is not suspended, though
        // A has not yet seen it leave.
        Node rootA = new Node("a");
        Node rootB = new Node("b");
        Geometry g = new Geometry("pages", book());
        ClothControl cloth = clothIn(rootA, g);
        ClothAppState a = syncState(rootA);
        ClothAppState b = syncState(rootB);
        a.update(H);
        assertTrue(cloth.isSuspended());
        g.setMesh(TestMeshes.sheet(1, 1, 2, 2, 1, false));
        rootB.attachChild(g);
        b.update(H);
        assertTrue(cloth.isBuilt());
        assertFalse(cloth.isSuspended());
    }

    @Test
    void aPinGroupThatDoesNotFitSuspendsTheClothInsteadOfThrowing() {
        // A pin group naming vertex 1000 of a 25-vertex sheet cannot be applied. The update must
        // not throw (the game goes on): the cloth is suspended, the listener is told so once with
        // the reason, and isSuspended() agrees; later updates take no steps and report nothing
        // more. restart() re-applies the pins at once: reported again, without throwing. Without
        // the group, a reset resumes the cloth and zeroes its step count: one update later it has
        // taken one step.
        Node root = new Node("root");
        Geometry g = TestMeshes.sheetGeometry("flag", 4, 4, false);
        ClothControl cloth = new ClothControl();
        cloth.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
        g.addControl(cloth);
        root.attachChild(g);
        ClothAppState state = syncState(root);
        Heard heard = new Heard();
        state.addClothListener(heard);
        state.update(H);
        state.update(H);
        long steps = cloth.getStats().steps();
        assertTrue(steps > 0);

        PinGroup bad = PinGroup.vertices(1000);
        cloth.addPinGroup(bad);
        for (int i = 0; i < 4; i++) {
            state.update(H);
        }
        assertEquals(1, heard.messages.size(), heard.messages.toString());
        assertTrue(heard.messages.get(0).startsWith("cloth 'flag'") && heard.messages.get(0).contains(
                "pin vertex 1000 out of range"), heard.messages.get(0));
        assertEquals(List.of(true), heard.told);
        assertEquals(heard.told, heard.asked);
        assertTrue(cloth.isSuspended());
        assertEquals(steps, cloth.getStats().steps());

        state.restart();
        assertEquals(List.of(true, true), heard.told);
        assertEquals(heard.told, heard.asked);

        cloth.removePinGroup(bad);
        cloth.reset();
        state.update(H);
        assertFalse(cloth.isSuspended());
        assertEquals(1, cloth.getStats().steps());
        assertEquals(2, heard.messages.size());
    }
}
