package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.isocloth.collision.PlaneCollider;
import org.isocloth.collision.SelfIntersections;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;

/** Steps of a cloth that rests folded on itself, with contact springs and cloth–cloth pair rows. */
class RestingFoldTest {
    @Test
    void aFoldRestingOnTheFloorStepsInOneProjection() {
        // The floor-fold sample: a 0.3 m sheet of 10×10 cells (0.2 kg/m², 10⁻⁵ N·m, 3 mm thick,
        // friction 0.5) dropped at 60° from 0.2 m onto a floor lands on its lower edge and folds
        // over itself; after 60 steps of 1/60 s it lies still, part of it on the rest. From then
        // on, the layers that touch at the start of a step are pair rows of the step's first
        // projection (SelfResponse.seedStep), so the check after it finds nothing to move and
        // the step ends after that projection: a handful of Newton iterations (measured 4–8),
        // where registering the pairs only after a check (no rows in the first projection) took
        // 24–39 per step, a first projection that lets gravity press the layers into each other
        // and further rounds after it. The physical bounds hold either way: every red edge within
        // the 0.1 % tolerance, no crossing triangles, no node deeper in the floor than a quarter
        // of the thickness (black nodes' contact planes sit a quarter thickness out).
        double thick = 0.003;
        TriMesh g = GridMesh.build(0.3, 0.3, 10, 10, new double[] {0, 0.2, 0}, new double[] {0, 0.5, 0.8660254},
                new double[] {1, 0, 0});
        ClothModel m = new ClothModel(g.positions, g.triangles,
                ClothMaterial.DEFAULT.withThickness(thick).withFriction(0.5));
        ClothSolver s = new ClothSolver("sheet", m, new SolverSettings(Integrator.BACKWARD_EULER, 20));
        PlaneCollider floor = new PlaneCollider("floor", new double[3], new double[] {0, 1, 0});
        floor.setFriction(0.5);
        s.setColliders(List.of(floor));
        s.setContactSprings(true);
        s.setSelfCollisions(true);
        double dt = 1.0 / 60;
        for (int step = 1; step <= 60; step++) {
            s.step(dt);
        }
        int worstIterations = 0;
        for (int step = 61; step <= 90; step++) {
            StepResult r = s.step(dt);
            double[] x = s.positions();
            String at = "step " + step + ": ";
            assertTrue(r.converged(), at + "not converged");
            double red = ClothMetrics.redStrain(m, x);
            assertTrue(red <= 1e-3 * 1.0001, at + "red strain " + red);
            assertEquals(0, SelfIntersections.count(m.mesh.fineTriangles, x), at + "crossing triangles");
            for (int p = 0; p < m.nodeCount(); p++) {
                assertTrue(x[3 * p + 1] >= -0.25 * thick, at + "node " + p + " at y = " + x[3 * p + 1]);
            }
            worstIterations = Math.max(worstIterations, r.iterations());
        }
        // the sheet really lies folded: part of it on the rest, more than twice the thickness
        // (the pairs' reach) above the floor
        double[] x = s.positions();
        int above = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            above += x[3 * p + 1] > 2 * thick ? 1 : 0;
        }
        assertTrue(above > 50, "nodes on the upper layer: " + above);
        assertTrue(worstIterations <= 10, "worst step took " + worstIterations + " Newton iterations");
    }
}
