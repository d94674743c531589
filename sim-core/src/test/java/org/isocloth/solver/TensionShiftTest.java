package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.isocloth.collision.SphereCollider;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;

/** The row choice and the right-hand side of {@link TensionShift}, and the shift in spring projections. */
class TensionShiftTest {
    /**
     * Two rows of rest length 0.02 m, compliance 10⁻⁶, tolerance 10⁻³: the limit on the penalty
     * residual |αμ| is 0.75 · 10⁻³ · 0.02 = 1.5·10⁻⁵ m, so |μ| = 15 is the threshold. A row with
     * μ = 20 (residual 2·10⁻⁵ m) is shifted and gains αμ = 2·10⁻⁵ on its right-hand side (its next
     * solve aims at C = α(μ' − 20), zero once the multiplier settles); a row with μ = −10
     * (residual 10⁻⁵ m, compressed) keeps its compliant form.
     */
    @Test
    void onlyRowsWhoseResidualPassesTheLimitAimAtZero() {
        TensionShift shift = new TensionShift(2);
        double[] alpha = {1.0, 1e-6, 1e-6};
        double[] rest = {0.02, 0.02};
        double[] mu = {99, 20, -10};
        shift.choose(mu, 1, 1, alpha, 1, rest, 1e-3);
        assertEquals(1, shift.count());
        double[] rhs = {5, 1e-4, 1e-4};
        shift.addTo(rhs, alpha, 1);
        assertEquals(5, rhs[0], 0, "rows before the offset are untouched");
        assertEquals(1e-4 + 2e-5, rhs[1], 1e-18);
        assertEquals(1e-4, rhs[2], 0);
        // the previous step's multipliers scaled to this step: (h/h_prev)² = 0.5 brings μ = 20 to 10
        shift.choose(mu, 1, 0.5, alpha, 1, rest, 1e-3);
        assertEquals(0, shift.count());
    }

    /**
     * The stall in a projection with contact springs. The two-corner sheet of
     * {@code CornerHangTest} (1 m, 40×40 cells, the documented cap of 20, default material with
     * its 5 mm thickness) swings down onto a ball of radius 0.1 m at (0, 0.8, 0.1), friction 0.3,
     * held off it by contact springs. Without the shift, steps 20–25 stall just above the
     * tolerance (red strain 1.033·10⁻³ for twelve iterations: the tense rows' penalty residual
     * αμ), reach the cap and are finished by fast projection: 6 of the first 30 steps end
     * unconverged. Shifting the tense rows from the stalled iteration on
     * ({@link GaussNewton#SPRING_SHIFT_STALL}), every step converges within the cap with every red
     * edge within the tolerance (7.0 iterations per step measured, 9.5 without). The springs keep
     * every node outside the ball by more than the quarter thickness at which black nodes'
     * contacts sit (2.7 mm measured).
     */
    @Test
    void springProjectionsDoNotStallAtThePenaltyResidual() {
        ClothSolver s = CornerHangTest.cornerSheet(1.0, 40, Integrator.BACKWARD_EULER);
        ClothModel m = s.model();
        double[] c = {0, 0.8, 0.1};
        double radius = 0.1;
        SphereCollider ball = new SphereCollider("ball", c, radius);
        ball.setFriction(0.3);
        s.setColliders(List.of(ball));
        s.setContactSprings(true);
        s.setSelfCollisions(true);
        int contactSteps = 0;
        for (int step = 1; step <= 30; step++) {
            StepResult r = s.step(1.0 / 60);
            assertTrue(r.converged() && r.redStrain() <= 1e-3,
                    "step " + step + ": red strain " + r.redStrain() + " after " + r.iterations() + " iterations");
            contactSteps += r.contacts() > 0 ? 1 : 0;
            double[] x = s.positions();
            for (int p = 0; p < m.nodeCount(); p++) {
                double gap = Math.sqrt((x[3 * p] - c[0]) * (x[3 * p] - c[0]) + (x[3 * p + 1] - c[1]) * (x[3 * p + 1] - c[1])
                        + (x[3 * p + 2] - c[2]) * (x[3 * p + 2] - c[2])) - radius;
                assertTrue(gap > 0.25 * m.material.thickness(), "step " + step + ": node " + p + " " + gap + " m from the ball");
            }
        }
        // the sheet lies on the ball from step 8 on
        assertTrue(contactSteps >= 20, "steps with contacts: " + contactSteps);
    }
}
