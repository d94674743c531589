package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.Grids;
import org.junit.jupiter.api.Test;

/** A step that cannot be projected is reported, never silently kept. */
class DivergenceTest {
    @Test
    void teleportedPinIsReportedAndTheStateKept() {
        // Two pinned corners of a 0.3 m sheet are asked to be 2 m apart in one step: no
        // configuration of an inextensible sheet satisfies that (the red edges between them would
        // have to stretch by several hundred per cent), so the projection must end far above 25 %
        // strain and the solver must throw, leaving positions and velocities as they were.
        TriMesh g = Grids.horizontal(0.3, 0.3, 4, 4, 1);
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
        ClothSolver s = new ClothSolver("torn", m, new SolverSettings(Integrator.BACKWARD_EULER, 5));
        int left = -1;
        int right = -1;
        double[] x = m.restPositions;
        for (int p = 0; p < m.nodeCount(); p++) {
            if (Math.abs(x[3 * p + 2] - 0.15) < 1e-9 && Math.abs(x[3 * p] + 0.15) < 1e-9) {
                left = p;
            }
            if (Math.abs(x[3 * p + 2] - 0.15) < 1e-9 && Math.abs(x[3 * p] - 0.15) < 1e-9) {
                right = p;
            }
        }
        s.setPinned(left, true);
        s.setPinned(right, true);
        s.step(1.0 / 60);
        double[] before = s.positions().clone();
        double[] vBefore = s.velocities().clone();
        s.setPinTarget(right, x[3 * right] + 2, x[3 * right + 1], x[3 * right + 2]);
        SimulationException e = assertThrows(SimulationException.class, () -> s.step(1.0 / 60));
        assertTrue(e.getMessage().contains("torn") && e.getMessage().contains("diverged"), e.getMessage());
        assertArrayEquals(before, s.positions());
        assertArrayEquals(vBefore, s.velocities());
    }
}
