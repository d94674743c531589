package org.isocloth.solver;

import java.util.logging.Level;

/**
 * Thesis Table 3.1 line 7 and the end of a step: checks the end positions x_k, updates the
 * velocities and commits the step. Backward Euler takes v = (x_k − x)/dt; BDF2 takes
 * v = (1.5 x_k − 2 x + 0.5 x_prev)/dt. The committed step's x and v become x_prev and v_prev.
 *
 * <p>Non-finite positions raise {@link SimulationException}; a step whose last collision pass
 * moved nodes after the last projection and left the red strain above the tolerance, or a last
 * resort with cloth–cloth pair rows that ended far outside it, raises {@link StepDiverged} for
 * {@link StepHalving} to retry. Either way the state stays as it was before the step.
 */
final class StepCommit {
    private final ClothSolver s;

    /** @param solver the solver whose steps this commits (its state) */
    StepCommit(ClothSolver solver) {
        s = solver;
    }

    /**
     * Checks the end positions x_k of a step, updates the velocities (Table 3.1 line 7, or its
     * BDF2 form) and commits the step.
     *
     * @param pr what the step's projections and collision passes did
     * @param dt time step in seconds
     * @param bdf2 whether the step takes the BDF2 form
     * @return what the step did
     */
    StepResult finish(ClothSolver.Progress pr, double dt, boolean bdf2) {
        int n3 = 3 * s.nodes;
        int iterations = pr.iterations();
        int factorizations = pr.factorizations();
        boolean converged = pr.converged();
        double strain = pr.strain();
        int contacts = pr.contacts();
        double[] xk = s.xk;
        for (int i = 0; i < n3; i++) {
            if (!Double.isFinite(xk[i])) {
                throw new SimulationException(s.name + ": non-finite position at node " + (i / 3)
                        + " after collision processing at t=" + s.time + " s; the state before the step is kept");
            }
        }
        // The result reports the final state: whatever moved nodes after the last projection
        // (the last collision pass) is measured here, not the projection's own strain.
        double finalStrain = s.redStrain(xk, true);
        // A step whose last collision pass moved nodes and left the red strain above the
        // tolerance is retried as two half steps (shorter steps bring smaller corrections and
        // fewer new contacts per projection); at the deepest halving it is kept and reported as
        // not converged. Steps whose last pass moved nothing keep the criterion of StepHalving.
        if (s.movedAfterProjection && !s.lastResort
                && finalStrain > s.material.strainTolerance()) {
            throw new StepDiverged(StepDiverged.Reason.FINAL_PASS, s.name + ": the step diverged from the constraints"
                    + " in the last collision pass at t=" + s.time + " s (red strain " + finalStrain + "); the state"
                    + " before the step is kept");
        }
        if (s.lastResort && s.pairMode() && finalStrain > 10 * s.material.strainTolerance()) {
            throw new StepDiverged(StepDiverged.Reason.PAIR_ROWS, s.name + ": at t=" + s.time
                    + " s the step ended far outside the strain bound with cloth-cloth pair rows (red strain "
                    + finalStrain + "); the state before the step is kept");
        }
        converged &= finalStrain <= s.material.strainTolerance();
        // Velocity update (Table 3.1 line 7, or its BDF2 form) and commit.
        double[] x = s.x;
        double[] v = s.v;
        double[] xPrev = s.xPrev;
        double[] vPrev = s.vPrev;
        for (int i = 0; i < n3; i++) {
            double vn;
            if (bdf2) {
                vn = (1.5 * xk[i] - 2 * x[i] + 0.5 * xPrev[i]) / dt;
            } else {
                vn = (xk[i] - x[i]) / dt;
            }
            xPrev[i] = x[i];
            vPrev[i] = v[i];
            x[i] = xk[i];
            v[i] = vn;
        }
        s.hasHistory = true;
        s.time += dt;
        if (!converged) {
            ClothSolver.LOG.log(Level.FINE, "{0}: projection stopped at the iteration cap ({1}) with strain {2}",
                    new Object[] {s.name, iterations, strain});
        }
        return new StepResult(iterations, converged, s.redStrain(x, false), factorizations, contacts);
    }
}
