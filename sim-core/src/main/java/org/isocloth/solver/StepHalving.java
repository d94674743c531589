package org.isocloth.solver;

import java.util.logging.Level;

/**
 * The step driver of {@link ClothSolver#step}: takes a step of thesis Table 3.1
 * ({@link ClothSolver#stepOnce}) and, when it throws {@link StepDiverged}, retries it as two
 * backward Euler half steps, down to 2⁻³ of the step ({@link #MAX_HALVINGS}). At the deepest
 * halving a step that ended far outside the strain bound with cloth–cloth pair rows is repeated
 * once with per-node contact planes instead.
 */
final class StepHalving {
    /**
     * A step with a collider within reach ({@link ColliderReach}) that may still be halved is
     * repeated as two half steps when its projection ends at the iteration cap with more than this
     * many times the strain tolerance.
     */
    static final double HALVING_STRAIN_FACTOR = 10;
    /**
     * The same factor for steps with no collider within reach, whose projections take Newton
     * iterations by default: any such step that ends at the cap above the tolerance is halved
     * (it has stalled, and the half steps, starting nearer their solutions, converge). See
     * docs/solver.md, "Point pins".
     */
    static final double FREE_HALVING_STRAIN_FACTOR = 1;

    /** Deepest halving of a step whose projection diverged (2⁻³ of the step). */
    static final int MAX_HALVINGS = 3;

    private final ClothSolver s;

    /** @param solver the solver whose steps this takes (its state and its single steps) */
    StepHalving(ClothSolver solver) {
        s = solver;
    }

    /**
     * Takes the step; if its projection diverges (typically a fast collider that moves contact
     * nodes several cells in one step), retries it as two backward Euler half steps with the pin
     * targets interpolated, up to {@link #MAX_HALVINGS} times. The state is untouched by a failed
     * attempt, so nothing is lost when even the smallest step fails.
     *
     * @param dt time step in seconds
     * @param depth how many times the step has been halved already (0 for a whole step)
     * @return what the step (or its halves together) did
     */
    StepResult step(double dt, int depth) {
        // A step that may still be halved counts as diverged already when it ends at the
        // iteration cap with a multiple of the strain tolerance (set by the step, which knows
        // whether a collider is within reach: divergedStrain).
        s.mayHalve = depth < MAX_HALVINGS;
        try {
            s.lastResort = depth >= MAX_HALVINGS;
            return s.stepOnce(dt, depth > 0);
        } catch (StepDiverged e) {
            if (depth >= MAX_HALVINGS && e.reason == StepDiverged.Reason.PAIR_ROWS) {
                // the last resort with pair rows ended far outside the strain bound: the same
                // step with per-node planes for the cloth–cloth contacts
                ClothSolver.LOG.log(Level.FINE, "{0}: {1}; repeated with cloth-cloth contact planes",
                        new Object[] {s.name, e.getMessage()});
                s.pairFallback = true;
                try {
                    return s.stepOnce(dt, depth > 0);
                } finally {
                    s.pairFallback = false;
                }
            }
            if (depth >= MAX_HALVINGS || e.reason == StepDiverged.Reason.PAIR_ROWS) {
                throw e;
            }
            ClothSolver.LOG.log(Level.FINE, "{0}: step of {1} s at t={2} s diverged; halving it",
                    new Object[] {s.name, dt, s.time});
            double[] pinTarget = s.pinTarget;
            double[] targets = pinTarget.clone();
            for (int i = 0; i < pinTarget.length; i++) {
                pinTarget[i] = 0.5 * (s.x[i] + targets[i]);
            }
            StepResult first;
            try {
                first = step(0.5 * dt, depth + 1);
            } finally {
                System.arraycopy(targets, 0, pinTarget, 0, targets.length);
            }
            StepResult second = step(0.5 * dt, depth + 1);
            s.hasHistory = false; // BDF2 restarts after unequal steps
            return new StepResult(first.iterations() + second.iterations(), first.converged() && second.converged(),
                    second.redStrain(), first.factorizations() + second.factorizations(),
                    first.contacts() + second.contacts());
        }
    }
}
