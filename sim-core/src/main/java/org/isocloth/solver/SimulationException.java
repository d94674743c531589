package org.isocloth.solver;

/**
 * A step could not be completed (non-finite state, failed factorization). The solver's state is
 * left as it was before the step, so the caller can stop, report, or retry with other settings.
 */
public class SimulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message one line saying what failed and where (not null)
     */
    public SimulationException(String message) {
        super(message);
    }

    /**
     * @param message one line saying what failed and where (not null)
     * @param cause underlying failure
     */
    public SimulationException(String message, Throwable cause) {
        super(message, cause);
    }
}
