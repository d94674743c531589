package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import org.isocloth.model.Aerodynamics;
import org.junit.jupiter.api.Test;

/** The app state's per-triangle air forces, and a cloth sheltered from them. */
class AirForcesTest {
    /**
     * A 1 m test sheet (8 × 8 cells) hanging in the z = 0 plane from its top edge, across a 6 m/s
     * wind along +z, at {@code x}.
     */
    private static ClothControl hanging(Node root, String name, float x, boolean air) {
        Geometry g = TestMeshes.sheetGeometry(name, 8, 8, false);
        g.setLocalTranslation(x, 0, 0);
        ClothControl c = new ClothControl();
        c.setAirForces(air);
        c.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
        g.addControl(c);
        root.attachChild(g);
        return c;
    }

    /** Mean z of a cloth's nodes whose rest height is the lowest (its free edge, y = 0). */
    private static double freeEdgeZ(ClothControl c) {
        double[] rest = c.getModel().restPositions;
        double[] x = c.getNodePositions();
        double sum = 0;
        int n = 0;
        for (int i = 0; i < x.length; i += 3) {
            if (rest[i + 1] < 1e-6) {
                sum += x[i + 2];
                n++;
            }
        }
        return sum / n;
    }

    @Test
    void aShelteredClothHangsStillBesideOneTheWindBlowsOut() {
        // The wind's pressure on the exposed sheet, ½·1.2·1.2·6² = 25.9 Pa, is 13 times the
        // default fabric's weight per area (0.2 kg/m² · 9.81 = 1.96 Pa), so within a second it is
        // blown out towards the horizontal: its free edge, 1 m below the pins, moves more than
        // 10 cm downwind. The sheltered one (setAirForces(false), no linear drag either) feels
        // gravity alone, which keeps it in its plane: its free edge stays within 1 µm of z = 0.
        Node root = new Node("root");
        ClothControl out = hanging(root, "out", 0, true);
        ClothControl in = hanging(root, "in", 3, false);
        root.updateGeometricState();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        state.setWind(new Vector3f(0, 0, 6));
        state.setAerodynamics(Aerodynamics.DEFAULT);
        for (int f = 0; f < 60; f++) {
            state.update(1f / 60);
            root.updateLogicalState(1f / 60);
            root.updateGeometricState();
        }
        assertTrue(freeEdgeZ(out) > 0.1, "the exposed sheet's free edge is at z = " + freeEdgeZ(out));
        assertEquals(0, freeEdgeZ(in), 1e-6, "the sheltered sheet's free edge");
    }
}
