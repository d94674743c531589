package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.Grids;
import org.junit.jupiter.api.Test;

/**
 * A reduced version of the acceptance scene (`hang.json`: 1 m, 40×40 cells, 2 s): a sheet
 * pinned at the two corner nodes of one edge, falling from horizontal. This is the hardest case for
 * an inextensible model: the pinned edge is exactly as long as the distance between the pins, so it
 * must stay straight while the sheet hangs from two points (two developable cones form at the pins).
 */
class CornerHangTest {
    private static final double DT = 1.0 / 60;

    private static void hang(Integrator integrator) {
        TriMesh g = Grids.horizontal(0.5, 0.5, 14, 14, 1.0);
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
        ClothSolver s = new ClothSolver("corners", m, new SolverSettings(integrator, 40));
        int pins = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            double x = m.restPositions[3 * p];
            double z = m.restPositions[3 * p + 2];
            if (Math.abs(Math.abs(x) - 0.25) < 1e-9 && Math.abs(z - 0.25) < 1e-9) {
                s.setPinned(p, true);
                pins++;
            }
        }
        assertTrue(pins == 2, "two corner nodes pinned, got " + pins);
        // Every step must end with every inextensibility constraint within the 0.1 % tolerance and
        // every edge of the subdivided mesh within 1 % (the bounds for the full scene).
        for (int i = 1; i <= 45; i++) {
            StepResult r = s.step(DT);
            double max = ClothMetrics.maxStrain(m, s.positions());
            assertTrue(r.converged() && r.redStrain() <= 1e-3,
                    integrator + " step " + i + ": red strain " + r.redStrain() + " after " + r.iterations());
            assertTrue(max <= 0.01, integrator + " step " + i + ": max strain " + max);
        }
    }

    @Test
    void backwardEulerKeepsBothStrainBounds() {
        hang(Integrator.BACKWARD_EULER);
    }

    @Test
    void bdf2KeepsBothStrainBounds() {
        hang(Integrator.BDF2);
    }
}
