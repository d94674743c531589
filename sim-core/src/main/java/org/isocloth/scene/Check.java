package org.isocloth.scene;

import java.util.Arrays;
import java.util.Locale;

/**
 * The allowed ranges of scene quantities and the checks on them, shared by the spec records
 * (which throw {@link IllegalArgumentException}) and by {@link SceneReader} (which reports the
 * JSON path of the offending field in an {@link org.isocloth.InputException}).
 *
 * <p>Every check returns {@code null} when the value is acceptable, otherwise a short one-line
 * reason such as {@code "must be > 0 (got -1.0)"}.
 */
final class Check {

    /** Frames per second: from one frame per 100 s (a finite time step whatever the substeps) to 10,000. */
    static final Range FPS = Range.closed(0.01, 10_000);
    static final Range FRAMES = Range.closed(0, 10_000_000);
    static final Range SUBSTEPS = Range.closed(1, 1000);
    static final Range MAX_ITERATIONS = Range.closed(1, 1000);
    /** Largest allowed gravity magnitude, m/s². */
    static final double MAX_GRAVITY = 1000;
    static final Range GRID_SIZE = Range.openClosed(0, 1000);
    static final Range GRID_CELLS = Range.closed(1, 4000);
    /** Largest allowed |cos| of the angle between the grid normal and the grid u axis. */
    static final double PERPENDICULAR_TOLERANCE = 1e-6;
    static final Range DENSITY = Range.openClosed(0, 1000);
    static final Range BENDING_STIFFNESS = Range.closed(0, 1e6);
    static final Range STRAIN_TOLERANCE = Range.openClosed(0, 0.5);
    static final Range DAMPING = Range.closed(0, 100);
    static final Range DRAG = Range.closed(0, 1000);
    static final Range MEMBRANE_STIFFNESS = Range.closed(0, 1e9);
    /** Coulomb friction coefficient (dimensionless), of a material or a collider. */
    static final Range FRICTION = Range.closed(0, 10);
    /** Collision thickness of a material, m. */
    static final Range THICKNESS = Range.openClosed(0, 0.1);
    /**
     * A positive size (radius, half extent), m: any value {@code > 0}; the reader and the records
     * also require it to be finite.
     */
    static final Range POSITIVE = Range.openClosed(0, Double.POSITIVE_INFINITY);
    /** Pin motion end time: any time {@code >= 0}, including +Infinity (moves for ever). */
    static final Range UNTIL = Range.closed(0, Double.POSITIVE_INFINITY);
    /** Relative gust amplitude. */
    static final Range GUST_AMPLITUDE = Range.closed(0, 1);
    /** Main gust period, s. */
    static final Range GUST_PERIOD = Range.closed(org.isocloth.model.Gust.MIN_PERIOD, org.isocloth.model.Gust.MAX_PERIOD);

    private Check() {
    }

    /** An interval of allowed values, each end open or closed. */
    static final class Range {
        final double lo;
        final boolean loClosed;
        final double hi;
        final boolean hiClosed;

        private Range(double lo, boolean loClosed, double hi, boolean hiClosed) {
            this.lo = lo;
            this.loClosed = loClosed;
            this.hi = hi;
            this.hiClosed = hiClosed;
        }

        static Range closed(double lo, double hi) {
            return new Range(lo, true, hi, true);
        }

        static Range openClosed(double lo, double hi) {
            return new Range(lo, false, hi, true);
        }

        /** Reason {@code v} is outside this range, or null. NaN is always outside. */
        String violation(double v) {
            return violation(v, Double.toString(v));
        }

        /** Reason the integer {@code v} is outside this range, or null. */
        String violation(long v) {
            return violation(v, Long.toString(v));
        }

        private String violation(double v, String shown) {
            if (Double.isNaN(v)) {
                return "must be a number (got NaN)";
            }
            if (loClosed ? v < lo : v <= lo) {
                return "must be " + (loClosed ? ">= " : "> ") + format(lo) + " (got " + shown + ")";
            }
            if (hiClosed ? v > hi : v >= hi) {
                return "must be " + (hiClosed ? "<= " : "< ") + format(hi) + " (got " + shown + ")";
            }
            return null;
        }

        /** Reason for a value known only to be below ({@code negative}) or above this range. */
        String outside(boolean negative, String shown) {
            return negative
                    ? "must be " + (loClosed ? ">= " : "> ") + format(lo) + " (got " + shown + ")"
                    : "must be " + (hiClosed ? "<= " : "< ") + format(hi) + " (got " + shown + ")";
        }
    }

    /** Formats a bound: integral values without a fraction ({@code 1000}), others as Java does. */
    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    /** Reason a value is not finite, or null. */
    static String finite(double v) {
        return Double.isFinite(v) ? null : "must be a finite number (got " + v + ")";
    }

    /** Euclidean length, computed without intermediate overflow or underflow. */
    static double length(double[] v) {
        double scale = 0;
        for (double c : v) {
            scale = Math.max(scale, Math.abs(c));
        }
        if (scale == 0 || !Double.isFinite(scale)) {
            return scale;
        }
        double sum = 0;
        for (double c : v) {
            double s = c / scale;
            sum += s * s;
        }
        return scale * Math.sqrt(sum);
    }

    /** Reason a gravity vector is too strong, or null. */
    static String gravity(double[] g) {
        double magnitude = length(g);
        return magnitude <= MAX_GRAVITY
                ? null
                : "magnitude must be <= " + format(MAX_GRAVITY) + " m/s^2 (got " + magnitude + ")";
    }

    /** Reason a wind velocity is too fast, or null. */
    static String wind(double[] w) {
        double speed = length(w);
        return speed <= 100 ? null : "speed must be <= 100 m/s (got " + speed + ")";
    }

    /** Reason a direction vector is zero, or null. */
    static String nonZero(double[] v) {
        return length(v) > 0 ? null : "must be non-zero (got " + Arrays.toString(v) + ")";
    }

    /**
     * Reason {@code uAxis} is not perpendicular to {@code normal}, or null; both must be non-zero.
     */
    static String perpendicular(double[] normal, double[] uAxis) {
        double nl = length(normal);
        double ul = length(uAxis);
        double cos = 0;
        for (int i = 0; i < 3; i++) {
            cos += (normal[i] / nl) * (uAxis[i] / ul);
        }
        if (Math.abs(cos) <= PERPENDICULAR_TOLERANCE) {
            return null;
        }
        return "must be perpendicular to normal " + Arrays.toString(normal) + " (got "
                + Arrays.toString(uAxis) + ", |cos angle| = " + Math.abs(cos) + " > "
                + PERPENDICULAR_TOLERANCE + ")";
    }

    /** Reason a box rotation {@code [ax, ay, az, degrees]} has a zero axis, or null. */
    static String rotationAxis(double[] rotation) {
        double[] axis = Arrays.copyOf(rotation, 3);
        return length(axis) > 0 ? null
                : "axis must be non-zero (got " + Arrays.toString(axis) + ")";
    }

    /** Reason a positive size is not finite or not {@code > 0}, or null. */
    static String positive(double v) {
        String f = finite(v);
        return f != null ? f : POSITIVE.violation(v);
    }

    /** Reason a collider friction is neither NaN (absent) nor in [0, 10], or null. */
    static String optionalFriction(double mu) {
        return Double.isNaN(mu) ? null : FRICTION.violation(mu);
    }

    /** Reason a box is inverted in some axis, or null. */
    static String box(double[] min, double[] max) {
        for (int i = 0; i < 3; i++) {
            if (min[i] > max[i]) {
                return "min must be <= max componentwise (min[" + i + "] = " + min[i]
                        + " > max[" + i + "] = " + max[i] + ")";
            }
        }
        return null;
    }

    // ---- record-constructor helpers: throw IllegalArgumentException naming the component ----

    static void require(String component, String violation) {
        if (violation != null) {
            throw new IllegalArgumentException(component + ": " + violation);
        }
    }

    static double[] vector(String component, double[] v, int length) {
        if (v == null) {
            throw new NullPointerException(component);
        }
        if (v.length != length) {
            throw new IllegalArgumentException(
                    component + ": must have " + length + " components (got " + v.length + ")");
        }
        double[] copy = v.clone();
        for (int i = 0; i < length; i++) {
            require(component + "[" + i + "]", finite(copy[i]));
        }
        return copy;
    }

    static String nonBlank(String s) {
        return s.isBlank() ? "must be a non-empty string (got " + quote(s) + ")" : null;
    }

    /** Longest string shown in a message before it is cut, in code points. */
    private static final int MAX_SHOWN = 40;

    /**
     * A string as a JSON string literal on one line (control characters escaped), cut after
     * {@value #MAX_SHOWN} code points with {@code ...} after the closing quote.
     */
    static String quote(String s) {
        boolean cut = s.codePointCount(0, s.length()) > MAX_SHOWN;
        String shown = cut ? s.substring(0, s.offsetByCodePoints(0, MAX_SHOWN)) : s;
        StringBuilder b = new StringBuilder(shown.length() + 8).append('"');
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
        if (cut) {
            b.append("...");
        }
        return b.toString();
    }
}
