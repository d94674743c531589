package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.Grids;
import org.junit.jupiter.api.Test;

/**
 * A reduced version of the two-corner hang (`hang.json`: 1 m, 40×40 cells, 2 s): a sheet
 * pinned at the two corner nodes of one edge, falling from horizontal. This is the hardest case for
 * an inextensible model: the pinned edge is exactly as long as the distance between the pins, so it
 * must stay straight while the sheet hangs from two points (two developable cones form at the pins).
 */
class CornerHangTest {
    private static final double DT = 1.0 / 60;

    /** A horizontal sheet of the given size and cells at y = 1, pinned at the two corners of its z = +size/2 edge. */
    static ClothSolver cornerSheet(double size, int cells, Integrator integrator) {
        TriMesh g = Grids.horizontal(size, size, cells, cells, 1.0);
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
        // the iteration cap the scene format documents (SolverSettings.DEFAULT)
        ClothSolver s = new ClothSolver("corners", m, new SolverSettings(integrator, 20));
        int pins = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            double x = m.restPositions[3 * p];
            double z = m.restPositions[3 * p + 2];
            if (Math.abs(Math.abs(x) - size / 2) < 1e-9 && Math.abs(z - size / 2) < 1e-9) {
                s.setPinned(p, true);
                pins++;
            }
        }
        assertTrue(pins == 2, "two corner nodes pinned, got " + pins);
        return s;
    }

    private static void hang(Integrator integrator) {
        ClothSolver s = cornerSheet(0.5, 14, integrator);
        ClothModel m = s.model();
        // Every step must end with every inextensibility constraint within the 0.1 % tolerance and
        // every edge of the subdivided mesh within 1 % (the bounds the full scene is held to).
        for (int i = 1; i <= 45; i++) {
            StepResult r = s.step(DT);
            double max = ClothMetrics.maxStrain(m, s.positions());
            assertTrue(r.converged() && r.redStrain() <= 1e-3,
                    integrator + " step " + i + ": red strain " + r.redStrain() + " after " + r.iterations());
            assertTrue(max <= 0.01, integrator + " step " + i + ": max strain " + max);
        }
    }

    /**
     * The point-pin stall. A Newton projection minimises ½|x − x̂|²_W + Σ C²/(2α), whose minimum
     * leaves every inextensibility row at C = αμ (compliance times the tension·h² it carries). On
     * the full 40×40 two-corner sheet the tension at the pins makes that residual larger than the
     * 0.1 % tolerance: without {@link TensionShift} the first 30 frames take 12.4 iterations per
     * step and one ends at the cap of 20 with 0.17 % red strain. With the tense rows aiming at
     * C = 0 every step must converge within the cap, and the mean must stay at most 8 iterations
     * (5.3 measured; the bound sits between that and the stalled 12.4).
     */
    @Test
    void pointPinsConvergeWithinTheDocumentedCap() {
        ClothSolver s = cornerSheet(1.0, 40, Integrator.BACKWARD_EULER);
        s.setSelfCollisions(true);
        int frames = 30;
        int iterations = 0;
        for (int i = 1; i <= frames; i++) {
            StepResult r = s.step(DT);
            iterations += r.iterations();
            assertTrue(r.converged() && r.redStrain() <= 1e-3,
                    "step " + i + ": red strain " + r.redStrain() + " after " + r.iterations() + " iterations");
        }
        double mean = (double) iterations / frames;
        assertTrue(mean <= 8, "mean Gauss-Newton iterations per step " + mean);
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
