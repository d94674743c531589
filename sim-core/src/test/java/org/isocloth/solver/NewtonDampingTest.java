package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.isocloth.collision.SphereCollider;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;

/** The Levenberg-Marquardt weight of Newton projections with contact springs. */
class NewtonDampingTest {
    @Test
    void theWeightGrowsAfterFailedIterationsAndFadesAfterGoodOnes() {
        // λ starts at 1 after the first iteration that raised the strain, is multiplied by 4 after
        // each further one and divided by 4 after each good one; 1/4³ = 0.016 is still kept and
        // 1/4⁴ = 0.004 falls below 0.01 and is dropped.
        double w = GaussNewton.nextDamping(0, false);
        assertEquals(0, w);
        w = GaussNewton.nextDamping(w, true);
        assertEquals(1, w);
        w = GaussNewton.nextDamping(w, true);
        assertEquals(4, w);
        for (int i = 0; i < 4; i++) {
            w = GaussNewton.nextDamping(w, false);
        }
        assertEquals(1.0 / 64, w, 1e-15);
        assertEquals(0, GaussNewton.nextDamping(w, false));
    }

    @Test
    void aBallPushedThroughAHangingSheetKeepsItInextensibleAndOutside() {
        // A 0.6 m sheet hanging from its top edge and a ball of 0.15 m radius driven through it at
        // 0.6 m/s, one 1/60 s step per frame with contact springs: the ball pushes the sheet 1 cm
        // per step, about half a red edge (the sheet's 12 cells give red edges of 2.5 cm), the
        // push at which the Newton steps of a body pressing cloth overshoot and the weight takes
        // over. Whatever the weight, the projection's fixed point is that of the undamped step, so
        // the bounds are the step's own: every red edge within the strain tolerance (0.1 %) once
        // the step converged, and no node deeper in the ball than a quarter of the thickness (the
        // black nodes' planes sit a quarter thickness out, red nodes' a whole thickness).
        double thick = 0.005;
        TriMesh g = GridMesh.build(0.6, 0.6, 12, 12, new double[] {0, 0.7, 0}, new double[] {0, 0, 1},
                new double[] {1, 0, 0});
        ClothModel m = new ClothModel(g.positions, g.triangles,
                ClothMaterial.DEFAULT.withThickness(thick).withFriction(0.5));
        ClothSolver s = new ClothSolver("sheet", m, new SolverSettings(Integrator.BACKWARD_EULER, 30));
        for (int p = 0; p < m.nodeCount(); p++) {
            if (m.restPositions[3 * p + 1] > 1 - 1e-9) {
                s.setPinned(p, true);
            }
        }
        double radius = 0.15;
        double[] c0 = {0, 0.7, -0.2};
        SphereCollider ball = new SphereCollider("ball", c0, radius);
        ball.setMotion(new double[] {0, 0, 0.6}, new double[3]);
        s.setColliders(List.of(ball));
        s.setContactSprings(true);
        double dt = 1.0 / 60;
        int converged = 0;
        for (int step = 1; step <= 40; step++) {
            StepResult r = s.step(dt);
            double[] x = s.positions();
            double cz = c0[2] + 0.6 * step * dt;
            double deepest = 0;
            for (int p = 0; p < m.nodeCount(); p++) {
                double dx = x[3 * p] - c0[0];
                double dy = x[3 * p + 1] - c0[1];
                double dz = x[3 * p + 2] - cz;
                deepest = Math.max(deepest, radius - Math.sqrt(dx * dx + dy * dy + dz * dz));
            }
            assertTrue(deepest <= 0.25 * thick, "step " + step + ": a node " + deepest + " m inside the ball");
            if (r.converged()) {
                converged++;
                double red = ClothMetrics.redStrain(m, x);
                assertTrue(red <= 1e-3 * 1.0001, "step " + step + ": red strain " + red);
            }
        }
        assertTrue(s.gaussNewton.dampedIterations > 0, "the weight never came into play");
        assertTrue(converged >= 38, converged + " of 40 steps converged");
    }
}
