package org.isocloth.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.isocloth.collision.SphereCollider;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.SolverOptions;
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

    @Test
    void colliderSnippetKeepsTheSheetOnTheSpinningBall() {
        // The guide's "Colliders" snippet, verbatim between the markers, on a 0.4 m sheet laid
        // 4 mm above the ball's top: after 0.5 s no node may be inside the ball (exact test) and
        // the red strain stays within the default 1e-3 tolerance.
        TriMesh sheet = GridMesh.build(0.4, 0.4, 8, 8, new double[] {0, 0.304, 0},
                new double[] {0, 1, 0}, new double[] {1, 0, 0});
        ClothModel model = new ClothModel(sheet.positions, sheet.triangles, ClothMaterial.DEFAULT);
        // --- snippet ---
        ClothSolver solver = new ClothSolver("sheet", model, SolverSettings.DEFAULT);
        SphereCollider ball = new SphereCollider("ball", new double[] {0, 0, 0}, 0.3);
        ball.setMotion(new double[3], new double[] {0, 1.5, 0});   // spinning at 1.5 rad/s about y
        solver.setColliders(List.of(ball));
        // --- end of snippet ---
        for (int frame = 0; frame < 30; frame++) {
            StepResult r = solver.step(1.0 / 60);
            assertTrue(r.redStrain() <= 1e-3, "frame " + frame + ": " + r);
        }
        double[] x = solver.positions();
        for (int p = 0; p < model.nodeCount(); p++) {
            assertFalse(ball.contains(x[3 * p], x[3 * p + 1], x[3 * p + 2]), "node " + p + " inside the ball");
        }
    }

    @Test
    void optionsSnippetSwitchesCollisionHandlingBetweenSteps() {
        // The guide's SolverOptions snippet on the colliders example's sheet and ball: 15 frames
        // with contact springs, then 15 with contact planes. Either way no node may end inside
        // the ball (exact test), and the options are what the snippet set.
        TriMesh sheet = GridMesh.build(0.4, 0.4, 8, 8, new double[] {0, 0.304, 0},
                new double[] {0, 1, 0}, new double[] {1, 0, 0});
        ClothModel model = new ClothModel(sheet.positions, sheet.triangles, ClothMaterial.DEFAULT);
        SphereCollider ball = new SphereCollider("ball", new double[] {0, 0, 0}, 0.3);
        // --- snippet ---
        ClothSolver solver = new ClothSolver("shirt", model, SolverSettings.DEFAULT,
                SolverOptions.DEFAULTS.withColliderContacts(SolverOptions.ColliderContacts.SPRINGS));
        // --- end of snippet ---
        solver.setColliders(List.of(ball));
        for (int half = 0; half < 2; half++) {
            assertEquals(half == 0, solver.contactSprings());
            for (int frame = 0; frame < 15; frame++) {
                solver.step(1.0 / 60);
            }
            double[] x = solver.positions();
            for (int p = 0; p < model.nodeCount(); p++) {
                assertFalse(ball.contains(x[3 * p], x[3 * p + 1], x[3 * p + 2]), "node " + p + " inside the ball");
            }
            // --- snippet ---
            solver.setOptions(solver.options().withColliderContacts(SolverOptions.ColliderContacts.PLANES)); // next step on
            // --- end of snippet ---
        }
        assertEquals(SolverOptions.DEFAULTS, solver.options());
    }
}
