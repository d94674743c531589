package org.isocloth.jme;

/**
 * What a cloth's simulation did in its last simulated frame (all the steps one
 * {@link ClothAppState} update ran), plus running totals. Immutable.
 *
 * @param steps time steps taken since the cloth was built or reset
 * @param time simulated time since the cloth was built or reset, s
 * @param msPerStep wall time per step in the last frame, ms (NaN before the first)
 * @param iterationsPerStep Gauss-Newton iterations per step in the last frame
 * @param redStrain worst relative error of the inextensibility constraints in the last frame
 * @param maxStrain worst relative length error over every edge of the subdivided mesh, last frame
 * @param contacts contact constraints in the last step
 * @param converged whether every step of the last frame met the strain tolerance
 * @param failures failed steps since the cloth was built (each restored to the last good state)
 */
public record ClothStats(long steps, double time, double msPerStep, double iterationsPerStep,
        double redStrain, double maxStrain, int contacts, boolean converged, int failures) {

    /** Statistics of a cloth that has not stepped yet. */
    public static final ClothStats NONE = new ClothStats(0, 0, Double.NaN, 0, 0, 0, 0, true, 0);
}
