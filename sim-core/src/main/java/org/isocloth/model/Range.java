package org.isocloth.model;

/**
 * An interval of allowed values of a parameter, each end open or closed; the bounds are
 * {@link Limits}'s. NaN is never inside.
 *
 * <p>{@link #violation(double)} gives the reason a value is outside as one short line, such as
 * {@code "must be > 0 (got -1.0)"}; {@link #toString()} gives the interval, such as
 * {@code "(0, 0.1]"}, for messages of the form {@code "must be in (0, 0.1] m (got 0.2)"}.
 */
public final class Range {
    private final double min;
    private final boolean minIncluded;
    private final double max;
    private final boolean maxIncluded;

    private Range(double min, boolean minIncluded, double max, boolean maxIncluded) {
        if (!(min <= max)) {
            throw new IllegalArgumentException("Range: needs min <= max (got " + min + ", " + max + ")");
        }
        this.min = min;
        this.minIncluded = minIncluded;
        this.max = max;
        this.maxIncluded = maxIncluded;
    }

    /**
     * @param min smallest allowed value
     * @param max largest allowed value ({@code >= min}; may be +Infinity)
     * @return {@code [min, max]}
     */
    public static Range closed(double min, double max) {
        return new Range(min, true, max, true);
    }

    /**
     * @param min the lower bound, itself not allowed
     * @param max largest allowed value ({@code >= min}; may be +Infinity)
     * @return {@code (min, max]}
     */
    public static Range openClosed(double min, double max) {
        return new Range(min, false, max, true);
    }

    /** @return the lower bound */
    public double min() {
        return min;
    }

    /** @return whether the lower bound itself is allowed */
    public boolean isMinIncluded() {
        return minIncluded;
    }

    /** @return the upper bound */
    public double max() {
        return max;
    }

    /** @return whether the upper bound itself is allowed */
    public boolean isMaxIncluded() {
        return maxIncluded;
    }

    /**
     * @param v a value
     * @return whether it is inside (never for NaN)
     */
    public boolean contains(double v) {
        return violation(v) == null;
    }

    /**
     * @param v a value
     * @return the reason it is outside, e.g. {@code "must be <= 0.1 (got 0.2)"}, or null when it is
     *     inside
     */
    public String violation(double v) {
        return violation(v, Double.toString(v));
    }

    /**
     * @param v an integer value
     * @return the reason it is outside, e.g. {@code "must be >= 1 (got 0)"}, or null
     */
    public String violation(long v) {
        return violation(v, Long.toString(v));
    }

    private String violation(double v, String shown) {
        if (Double.isNaN(v)) {
            return "must be a number (got NaN)";
        }
        if (minIncluded ? v < min : v <= min) {
            return outside(true, shown);
        }
        if (maxIncluded ? v > max : v >= max) {
            return outside(false, shown);
        }
        return null;
    }

    /**
     * The reason for a value known only to lie below or above this range (an integer too long to
     * convert, for instance).
     *
     * @param below whether the value lies below the range (else above)
     * @param shown the value as the message shows it
     * @return e.g. {@code "must be <= 1000 (got 1e99)"}
     */
    public String outside(boolean below, String shown) {
        return below
                ? "must be " + (minIncluded ? ">= " : "> ") + format(min) + " (got " + shown + ")"
                : "must be " + (maxIncluded ? "<= " : "< ") + format(max) + " (got " + shown + ")";
    }

    /** @return the interval, e.g. {@code "(0, 0.1]"} or {@code "[0, 1000000]"} */
    @Override
    public String toString() {
        return (minIncluded ? "[" : "(") + format(min) + ", " + format(max) + (maxIncluded ? "]" : ")");
    }

    /**
     * Formats a bound: integral values without a fraction ({@code 1000}), others as
     * {@link Double#toString(double)} does.
     *
     * @param v a bound
     * @return its text
     */
    public static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
