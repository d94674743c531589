package org.isocloth.jme;

/**
 * Maps a slider position in [0, 1] to a parameter value in [min, max] and back, on a linear or a
 * logarithmic scale, and rounds values to "nice" numbers. Pure functions, immutable.
 *
 * <p>Every value this class returns from {@link #toValue} or {@link #snap} lies in [min, max], so a
 * slider built on a scale can only produce values inside its range.
 */
public final class SliderScale {
    private final double min;
    private final double max;
    private final boolean log;
    /** Linear scales: values are rounded to min plus a multiple of this (0 = not rounded). */
    private final double step;
    /** Logarithmic scales: values are rounded to this many significant digits (0 = not rounded). */
    private final int digits;

    private SliderScale(double min, double max, boolean log, double step, int digits) {
        if (!(Double.isFinite(min) && Double.isFinite(max) && min < max)) {
            throw new IllegalArgumentException("SliderScale: need finite min < max (got " + min + ", " + max + ")");
        }
        if (log && !(min > 0)) {
            throw new IllegalArgumentException("SliderScale: a logarithmic scale needs min > 0 (got " + min + ")");
        }
        if (!(step >= 0) || digits < 0) {
            throw new IllegalArgumentException("SliderScale: step and digits must be >= 0");
        }
        this.min = min;
        this.max = max;
        this.log = log;
        this.step = step;
        this.digits = digits;
    }

    /**
     * A linear scale.
     *
     * @param min value at position 0
     * @param max value at position 1 (&gt; min)
     * @param step {@link #snap} rounds to min plus a multiple of it (&ge; 0; 0 = no rounding)
     * @return the scale
     */
    public static SliderScale linear(double min, double max, double step) {
        return new SliderScale(min, max, false, step, 0);
    }

    /**
     * A logarithmic scale: equal slider distances are equal ratios of value.
     *
     * @param min value at position 0 (&gt; 0)
     * @param max value at position 1 (&gt; min)
     * @param digits {@link #snap} rounds to this many significant digits (&ge; 0; 0 = no rounding)
     * @return the scale
     */
    public static SliderScale logarithmic(double min, double max, int digits) {
        return new SliderScale(min, max, true, 0, digits);
    }

    /** @return the value at position 0 */
    public double min() {
        return min;
    }

    /** @return the value at position 1 */
    public double max() {
        return max;
    }

    /** @return whether the scale is logarithmic */
    public boolean isLogarithmic() {
        return log;
    }

    /**
     * @param position a slider position (clamped to [0, 1]; NaN counts as 0)
     * @return the value there, in [min, max] (not rounded)
     */
    public double toValue(double position) {
        double p = clamp01(position);
        if (p == 0) {
            return min;
        }
        if (p == 1) {
            return max;
        }
        double v = log ? Math.exp(Math.log(min) + p * (Math.log(max) - Math.log(min))) : min + p * (max - min);
        return clamp(v);
    }

    /**
     * @param value a parameter value (clamped to [min, max]; NaN counts as min)
     * @return its slider position, in [0, 1]
     */
    public double toPosition(double value) {
        double v = clamp(value);
        if (v <= min) {
            return 0;
        }
        if (v >= max) {
            return 1;
        }
        double p = log ? (Math.log(v) - Math.log(min)) / (Math.log(max) - Math.log(min)) : (v - min) / (max - min);
        return clamp01(p);
    }

    /**
     * Rounds a value to a nice number: a multiple of the step (linear) or a number of significant
     * digits (logarithmic), then clamps it to [min, max].
     *
     * @param value a value
     * @return the rounded value, in [min, max]
     */
    public double snap(double value) {
        double v = clamp(value);
        if (log && digits > 0) {
            double e = Math.floor(Math.log10(v)) - (digits - 1);
            double unit = Math.pow(10, e);
            v = Math.round(v / unit) * unit;
            // Math.pow(10, -5) * 12 is 1.2000000000000002E-4: re-parse the shortest form
            v = Double.parseDouble(String.format(java.util.Locale.ROOT, "%." + (digits - 1) + "e", v));
        } else if (!log && step > 0) {
            v = min + Math.round((v - min) / step) * step;
            // remove binary noise: 0.1 * 3 = 0.30000000000000004
            v = Double.parseDouble(String.format(java.util.Locale.ROOT, "%.12g", v));
        }
        return clamp(v);
    }

    /**
     * @param position a slider position
     * @return {@code snap(toValue(position))}
     */
    public double snappedValue(double position) {
        return snap(toValue(position));
    }

    private double clamp(double v) {
        if (Double.isNaN(v) || v < min) {
            return min;
        }
        return Math.min(v, max);
    }

    private static double clamp01(double p) {
        if (Double.isNaN(p) || p < 0) {
            return 0;
        }
        return Math.min(p, 1);
    }

    @Override
    public String toString() {
        return (log ? "log[" : "linear[") + min + ", " + max + "]";
    }
}
