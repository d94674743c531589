package org.isocloth.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.SolverSettings;
import org.isocloth.solver.StepResult;
import org.junit.jupiter.api.Test;

/** The quick-start snippet of docs/user-guide.md, compiled and run (on a coarser sheet). */
class UserGuideExampleTest {
    @Test
    void quickStartHangsASheetWithinTheStrainTolerance() {
        // The guide's sheet hangs from one edge; every converged step ends with red strain within
        // the 1e-3 tolerance, and after 0.5 s the free edge has fallen (it started level at y = 1).
        TriMesh sheet = GridMesh.build(1, 1, 12, 12, new double[] {0, 1, 0},
                new double[] {0, 1, 0}, new double[] {1, 0, 0});
        ClothModel model = new ClothModel(sheet.positions, sheet.triangles,
                new ClothMaterial(0.2, 1e-5, RestShape.FLAT, 1e-3, 0.0, 0.0));
        ClothSolver solver = new ClothSolver("sheet", model, SolverSettings.DEFAULT);
        for (int p = 0; p < model.nodeCount(); p++) {
            if (model.restPositions[3 * p + 2] > 0.499) {
                solver.setPinned(p, true);
            }
        }
        for (int frame = 0; frame < 30; frame++) {
            StepResult r = solver.step(1.0 / 60);
            assertTrue(r.converged() && r.redStrain() <= 1e-3, "frame " + frame + ": " + r);
        }
        double[] x = solver.positions();
        double lowest = Double.MAX_VALUE;
        for (int p = 0; p < model.nodeCount(); p++) {
            lowest = Math.min(lowest, x[3 * p + 1]);
        }
        assertTrue(lowest < 0.7, "free edge at " + lowest);
    }
}
