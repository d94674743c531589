package org.isocloth.scene;

/**
 * Gusts of the scene's wind (JSON {@code "gust": {"amplitude": 0.5, "period": 1.7}}): the wind
 * blows at {@code wind·(1 + amplitude·s(t))}, s a smooth pseudo-random signal of unit peak with
 * main period {@code period} ({@link org.isocloth.model.Gust}), evaluated in the middle of each
 * step; the jME plugin's {@code ClothAppState.setGust} uses the same signal.
 *
 * @param amplitude relative amplitude, in [0, 1]; default 0 (steady wind)
 * @param period main period, s, in [0.1, 100]; default 2
 */
public record GustSpec(double amplitude, double period) {
    /** Default period, s. */
    public static final double DEFAULT_PERIOD = 2;

    /**
     * Checks the components.
     *
     * @param amplitude see the record description
     * @param period see the record description
     * @throws IllegalArgumentException if a component is out of range
     */
    public GustSpec {
        String why = org.isocloth.model.Gust.violation(amplitude, period);
        if (why != null) {
            throw new IllegalArgumentException("gust: " + why);
        }
    }

    /** @return a steady wind (amplitude 0) */
    public static GustSpec none() {
        return new GustSpec(0, DEFAULT_PERIOD);
    }

    /** @return whether the wind is steady */
    public boolean isSteady() {
        return amplitude == 0;
    }

    /**
     * The factor the mean wind is multiplied by at time t.
     *
     * @param t simulated time, s
     * @return {@code 1 + amplitude·s(t)}
     */
    public double factor(double t) {
        return org.isocloth.model.Gust.factor(t, amplitude, period);
    }
}
