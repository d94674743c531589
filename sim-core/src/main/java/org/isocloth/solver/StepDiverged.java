package org.isocloth.solver;

/**
 * A step that ended outside the strain bounds, with the solver's state left as before it. The
 * solver retries such a step as two half steps, or, once it can no longer halve, with cloth–cloth
 * contact planes instead of pair rows ({@link Reason#PAIR_ROWS}); what it cannot retry reaches the
 * caller as a {@link SimulationException}.
 */
final class StepDiverged extends SimulationException {
    private static final long serialVersionUID = 1L;

    /** Where the step left the bounds. */
    enum Reason {
        /** A projection ended at the iteration cap with its strain above the diverged level. */
        PROJECTION,
        /** The last collision pass moved nodes and left the red strain above the tolerance. */
        FINAL_PASS,
        /** The smallest step with cloth–cloth pair rows ended far outside the strain bound. */
        PAIR_ROWS
    }

    /** Where the step left the bounds. */
    final Reason reason;

    /**
     * @param reason where the step left the bounds
     * @param message one line saying what failed and where
     */
    StepDiverged(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }
}
