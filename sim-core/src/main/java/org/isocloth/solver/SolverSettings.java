package org.isocloth.solver;

import org.isocloth.InputException;
import org.isocloth.model.Limits;

/**
 * Settings of the Gauss-Newton projection.
 *
 * @param integrator time integrator (not null)
 * @param maxIterations cap on Gauss-Newton iterations per projection (1–1000)
 * @param collisions how collisions enter the step (not null)
 */
public record SolverSettings(Integrator integrator, int maxIterations, CollisionHandling collisions) {
    /** Backward Euler, 20 iterations, coupled collisions. */
    public static final SolverSettings DEFAULT = new SolverSettings(Integrator.BACKWARD_EULER, 20);

    /**
     * Settings with coupled collisions.
     *
     * @param integrator time integrator (not null)
     * @param maxIterations cap on Gauss-Newton iterations per projection (1–1000)
     */
    public SolverSettings(Integrator integrator, int maxIterations) {
        this(integrator, maxIterations, CollisionHandling.COUPLED);
    }

    /** Validates the fields. */
    public SolverSettings {
        if (integrator == null) {
            throw new InputException("solver.integrator: must be BE or BDF2 (got null)");
        }
        if (collisions == null) {
            throw new InputException("solver.collisions: must be coupled or staggered (got null)");
        }
        if (!Limits.MAX_ITERATIONS.contains(maxIterations)) {
            throw new InputException("solver.maxIterations: must be in " + Limits.MAX_ITERATIONS + " (got "
                    + maxIterations + ")");
        }
    }
}
