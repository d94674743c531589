package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.math.FastMath;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.isocloth.collision.SelfIntersections;
import org.isocloth.model.Fabric;
import org.junit.jupiter.api.Test;

/**
 * Cloths simulated together ({@link ClothControl#setClothGroup}): two sheets of different fabrics
 * dropped on each other onto a floor, the same sheets apart, and a cloth that joins a group while
 * it moves.
 */
class ClothGroupTest {
    private static final float H = 1f / 60;

    /**
     * A horizontal sheet: the test sheet (1 m square in its local z = 0 plane, top edge at local
     * y = 1) scaled to {@code size}, laid flat (its local +z turned to world +y) and centred at
     * {@code centre}, turned {@code yaw} about y.
     */
    private static Geometry flatSheet(String name, int cells, float size, Vector3f centre, float yaw) {
        Geometry g = TestMeshes.sheetGeometry(name, cells, cells, false);
        g.setLocalScale(size);
        Quaternion flat = new Quaternion().fromAngleAxis(-FastMath.HALF_PI, Vector3f.UNIT_X);
        Quaternion turn = new Quaternion().fromAngleAxis(yaw, Vector3f.UNIT_Y);
        g.setLocalRotation(turn.mult(flat));
        // the local sheet spans x in [-½, ½], y in [0, 1]: its centre (0, ½, 0) goes to `centre`
        Vector3f offset = g.getLocalRotation().mult(new Vector3f(0, 0.5f * size, 0));
        g.setLocalTranslation(centre.subtract(offset));
        return g;
    }

    /** The floor, two sheets (the upper one denim, 6 cm above the lower, wholly over it), a state. */
    private static final class Layers {
        final Node root = new Node("root");
        final ClothControl under = new ClothControl();
        final ClothControl over = new ClothControl();
        final ClothAppState state = new ClothAppState(root);

        Layers(String underGroup, String overGroup) {
            Node floor = new Node("floor");
            floor.addControl(ClothColliderControl.plane());
            root.attachChild(floor);
            Geometry a = flatSheet("under", 8, 0.4f, new Vector3f(0, 0.02f, 0), 0);
            Geometry b = flatSheet("over", 6, 0.24f, new Vector3f(0.02f, 0.08f, 0.01f), 0.3f);
            under.setClothGroup(underGroup);
            over.setFabric(Fabric.DENIM);
            over.setClothGroup(overGroup);
            a.addControl(under);
            b.addControl(over);
            root.attachChild(a);
            root.attachChild(b);
            root.updateGeometricState();
            state.setThreaded(false);
        }

        void frame() {
            state.update(H);
            root.updateLogicalState(H);
            root.updateGeometricState();
        }

        /** Mean height of a cloth's own nodes. */
        static double meanHeight(ClothControl c) {
            double[] x = c.getNodePositions();
            double sum = 0;
            for (int i : c.getNodes()) {
                sum += x[3 * i + 1];
            }
            return sum / c.getNodes().length;
        }
    }

    @Test
    void sheetsOfDifferentFabricsInOneGroupLandOnEachOtherWithoutCrossing() {
        // The sheets of the sim-core layer test, in jME: a default lower sheet and a denim upper
        // one, grouped, are one model of 289 + 169 nodes (an n×n grid has (n+1)² vertices and
        // 3n² + 2n edges, one node each: n = 8 and n = 6). Every frame: no two fine triangles of
        // that model cross (within or between the sheets) and no node is below the floor by more
        // than 0.1 mm. After 1.5 s the lower sheet lies on the floor (mean height below 1 cm) and
        // the upper one on it, at least one cloth–cloth proximity (the larger thickness, 5 mm,
        // less 1 mm to spare) higher.
        Layers s = new Layers("layers", "layers");
        for (int f = 0; f < 90; f++) {
            s.frame();
            assertSame(s.under.getModel(), s.over.getModel(), "one simulation for the group");
            double[] x = s.under.getNodePositions();
            assertEquals(3 * (289 + 169), x.length);
            assertEquals(0, SelfIntersections.count(s.under.getModel().mesh.fineTriangles, x), "crossings, frame " + f);
            for (int i = 1; i < x.length; i += 3) {
                assertTrue(x[i] > -1e-4, "node below the floor at frame " + f + ": " + x[i]);
            }
            assertTrue(!s.under.isSuspended(), "frame " + f);
        }
        double lower = Layers.meanHeight(s.under);
        double upper = Layers.meanHeight(s.over);
        assertTrue(lower < 0.01, "the lower sheet's mean height: " + lower);
        assertTrue(upper > lower + 0.004, "the upper sheet's mean height: " + upper + " (lower " + lower + ")");
        // each cloth's render mesh shows its own nodes: the upper sheet's 169 nodes, no seams
        assertEquals(169, s.over.getGeometry().getMesh().getVertexCount());
    }

    @Test
    void sheetsSimulatedApartPassThroughEachOtherAndTheStateWarns() {
        // Without a common group the denim sheet is its own simulation and never sees the lower
        // sheet: it falls through it onto the floor and rests there at its own thickness, 0.9 mm,
        // below the lower sheet resting at the default 5 mm (asserted: at least 3 mm below it).
        // The state warned once that the two overlap.
        List<String> warnings = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getMessage().contains("overlap")) {
                    warnings.add(r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger(ClothRoster.class.getName());
        log.addHandler(h);
        try {
            Layers s = new Layers(null, null);
            for (int f = 0; f < 90; f++) {
                s.frame();
            }
            assertTrue(s.under.getModel() != s.over.getModel());
            double lower = Layers.meanHeight(s.under);
            double upper = Layers.meanHeight(s.over);
            assertTrue(upper < lower - 0.003, "upper " + upper + ", lower " + lower);
            assertEquals(1, warnings.size(), warnings.toString());
        } finally {
            log.removeHandler(h);
        }
    }

    @Test
    void aSwingingClothThatJoinsAGroupContinuesItsMotion() {
        // A sheet pinned along its top edge swings under a slanted gravity. Run once alone for 40
        // frames, and once joining, at frame 15, a group with a second sheet 5 m away that never
        // touches it. The joined run rebuilds the model with the second sheet's nodes after the
        // first's and carries the first sheet's positions and velocities over, its pins held where
        // they are; so the first sheet swings on as if alone. The two runs differ only by what
        // the solver's stopping rule leaves (strain tolerance 1e-3 of 1/16 m edges): within 1 mm.
        double[][] alone = swing(false);
        double[][] joined = swing(true);
        assertEquals(alone[1].length, joined[1].length);
        double worst = 0;
        double moved = 0;
        for (int i = 0; i < alone[1].length; i++) {
            worst = Math.max(worst, Math.abs(alone[1][i] - joined[1][i]));
            moved = Math.max(moved, Math.abs(alone[1][i] - alone[0][i]));
        }
        assertTrue(worst < 1e-3, "the joined sheet is " + worst + " m from the sheet alone");
        // and it did swing: its free edge moved well beyond that
        assertTrue(moved > 0.05, "the sheet moved " + moved + " m");
    }

    /** Positions of the swinging sheet's own nodes after the first frame and after 40. */
    private static double[][] swing(boolean join) {
        Node root = new Node("root");
        Geometry g = TestMeshes.sheetGeometry("swing", 8, 8, false);
        ClothControl c = new ClothControl();
        c.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
        g.addControl(c);
        root.attachChild(g);
        Geometry far = TestMeshes.sheetGeometry("far", 4, 4, false);
        far.setLocalTranslation(5, 0, 0);
        ClothControl other = new ClothControl();
        other.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
        other.setClothGroup("pair");
        far.addControl(other);
        root.attachChild(far);
        root.updateGeometricState();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        state.setGravity(new Vector3f(0, -9.81f, -4f));
        double[] first = null;
        for (int f = 0; f < 40; f++) {
            if (f == 15 && join) {
                c.setClothGroup("pair");
            }
            state.update(H);
            root.updateLogicalState(H);
            root.updateGeometricState();
            if (f == 0) {
                first = own(c);
            }
        }
        if (join) {
            assertSame(c.getModel(), other.getModel());
        } else {
            assertTrue(c.getModel() != other.getModel());
        }
        assertTrue(c.getStats().converged());
        return new double[][] {first, own(c)};
    }

    private static double[] own(ClothControl c) {
        double[] x = c.getNodePositions();
        int[] nodes = c.getNodes();
        double[] out = new double[3 * nodes.length];
        for (int k = 0; k < nodes.length; k++) {
            System.arraycopy(x, 3 * nodes[k], out, 3 * k, 3);
        }
        return out;
    }

    @Test
    void aBlankGroupIsRefusedAndNullMeansAlone() {
        ClothControl c = new ClothControl();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.setClothGroup(" "));
        assertTrue(e.getMessage().contains("clothGroup"), e.getMessage());
        c.setClothGroup("a");
        c.setClothGroup(null);
        assertNull(c.getClothGroup());
    }
}
