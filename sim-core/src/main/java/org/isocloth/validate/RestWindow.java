package org.isocloth.validate;

/**
 * The last n values of a measured quantity and their spread (largest minus smallest): a run has
 * come to rest when the spread over its last window falls below a bound.
 */
final class RestWindow {
    private final double[] values;
    private int count;

    /** @param n values kept (≥ 1) */
    RestWindow(int n) {
        values = new double[Math.max(1, n)];
    }

    /** @param v the next value */
    void add(double v) {
        values[count % values.length] = v;
        count++;
    }

    /** @return largest minus smallest of the last n values, or +∞ before n were added */
    double spread() {
        if (count < values.length) {
            return Double.POSITIVE_INFINITY;
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return hi - lo;
    }
}
