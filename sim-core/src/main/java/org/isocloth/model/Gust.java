package org.isocloth.model;

/**
 * Gusty wind: the wind's speed varies as {@code wind·(1 + amplitude·s(t))}, with s a smooth
 * pseudo-random signal of unit peak (a sum of three incommensurate sines of the main period). The
 * same formula serves {@code cloth run} (scene field {@code "gust"}) and the jME plugin's
 * {@code ClothAppState.setGust}, so that a scene previewed in jME and run from the command line
 * feel the same wind.
 */
public final class Gust {
    /** Smallest accepted period, s. */
    public static final double MIN_PERIOD = 0.1;
    /** Largest accepted period, s. */
    public static final double MAX_PERIOD = 100;

    private Gust() {
    }

    /**
     * The factor the mean wind is multiplied by at time t.
     *
     * @param t simulated time, s
     * @param amplitude relative gust amplitude, in [0, 1]
     * @param period main gust period, s, in [{@value #MIN_PERIOD}, {@value #MAX_PERIOD}]
     * @return {@code 1 + amplitude·s(t)}, in [1 − amplitude, 1 + amplitude]
     */
    public static double factor(double t, double amplitude, double period) {
        if (amplitude == 0) {
            return 1;
        }
        double w = 2 * Math.PI * t / period;
        // |s| ≤ (1 + 0.5 + 0.25) / 1.75 = 1
        double s = (Math.sin(w) + 0.5 * Math.sin(2.3 * w + 1.3) + 0.25 * Math.sin(5.1 * w + 0.4)) / 1.75;
        return 1 + amplitude * s;
    }

    /**
     * Why an amplitude and a period cannot make a gust, or null if they can.
     *
     * @param amplitude relative amplitude
     * @param period main period, s
     * @return a reason, or null
     */
    public static String violation(double amplitude, double period) {
        if (!Limits.GUST_AMPLITUDE.contains(amplitude)) {
            return "amplitude must be in " + Limits.GUST_AMPLITUDE + " (got " + amplitude + ")";
        }
        if (!Limits.GUST_PERIOD.contains(period)) {
            return "period must be in " + Limits.GUST_PERIOD + " s (got " + period + ")";
        }
        return null;
    }
}
