package org.isocloth.solver;

/** Time integrator of a cloth step (thesis §3.2.2 and the end of §3.3). */
public enum Integrator {
    /** Backward Euler: first order, strongly damped. */
    BACKWARD_EULER,
    /**
     * BDF2 (English and Bridson 2008): second order, loses less energy. The first step after a
     * reset has no history and is taken with backward Euler.
     */
    BDF2
}
