package org.isocloth.solver;

import org.isocloth.InputException;

/**
 * Settings of the Gauss-Newton projection.
 *
 * @param integrator time integrator (not null)
 * @param maxIterations cap on Gauss-Newton iterations per step (1–1000)
 */
public record SolverSettings(Integrator integrator, int maxIterations) {
    /** Backward Euler, 20 iterations. */
    public static final SolverSettings DEFAULT = new SolverSettings(Integrator.BACKWARD_EULER, 20);

    /** Validates the fields. */
    public SolverSettings {
        if (integrator == null) {
            throw new InputException("solver.integrator: must be BE or BDF2 (got null)");
        }
        if (maxIterations < 1 || maxIterations > 1000) {
            throw new InputException("solver.maxIterations: must be in [1, 1000] (got " + maxIterations + ")");
        }
    }
}
