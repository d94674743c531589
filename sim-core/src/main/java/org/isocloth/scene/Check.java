package org.isocloth.scene;

import java.util.Arrays;
import java.util.Locale;
import org.isocloth.model.Limits;
import org.isocloth.model.Range;

/**
 * The allowed ranges of scene quantities and the checks on them, shared by the spec records
 * (which throw {@link IllegalArgumentException}) and by {@link SceneReader} (which reports the
 * JSON path of the offending field in an {@link org.isocloth.InputException}). The ranges of the
 * simulation's parameters are {@link Limits}'s, the same the jME plugin's setters check; those
 * below them belong to the scene format alone.
 *
 * <p>Every check returns {@code null} when the value is acceptable, otherwise a short one-line
 * reason such as {@code "must be > 0 (got -1.0)"}.
 */
final class Check {

    static final Range FPS = Limits.FPS;
    static final Range FRAMES = Range.closed(0, 10_000_000);
    static final Range SUBSTEPS = Limits.SUBSTEPS;
    static final Range MAX_ITERATIONS = Limits.MAX_ITERATIONS;
    static final Range GRID_SIZE = Range.openClosed(0, 1000);
    static final Range GRID_CELLS = Range.closed(1, 4000);
    /** Largest allowed |cos| of the angle between the grid normal and the grid u axis. */
    static final double PERPENDICULAR_TOLERANCE = 1e-6;
    static final Range DENSITY = Limits.DENSITY;
    static final Range BENDING_STIFFNESS = Limits.BENDING_STIFFNESS;
    static final Range BENDING_LENGTH = Limits.BENDING_LENGTH;
    static final Range STRAIN_TOLERANCE = Limits.STRAIN_TOLERANCE;
    static final Range DAMPING = Limits.DAMPING;
    static final Range DRAG = Limits.DRAG;
    static final Range MEMBRANE_STIFFNESS = Limits.MEMBRANE_STIFFNESS;
    static final Range FRICTION = Limits.FRICTION;
    static final Range THICKNESS = Limits.THICKNESS;
    static final Range YOUNGS_MODULUS = Limits.YOUNGS_MODULUS;
    static final Range POISSON_RATIO = Limits.POISSON_RATIO;
    /**
     * A positive size (radius, half extent), m: any value {@code > 0}; the reader and the records
     * also require it to be finite.
     */
    static final Range POSITIVE = Range.openClosed(0, Double.POSITIVE_INFINITY);
    /** Pin motion end time: any time {@code >= 0}, including +Infinity (moves for ever). */
    static final Range UNTIL = Range.closed(0, Double.POSITIVE_INFINITY);
    static final Range GUST_AMPLITUDE = Limits.GUST_AMPLITUDE;
    static final Range GUST_PERIOD = Limits.GUST_PERIOD;

    private Check() {
    }

    /** Reason a value is not finite, or null. */
    static String finite(double v) {
        return Double.isFinite(v) ? null : "must be a finite number (got " + v + ")";
    }

    /** Euclidean length, computed without intermediate overflow or underflow. */
    static double length(double[] v) {
        return Limits.magnitude(v);
    }

    /** Reason a gravity vector is too strong, or null. */
    static String gravity(double[] g) {
        return Limits.gravityViolation(g);
    }

    /** Reason the step {@code 1 / (fps · substeps)} is outside {@link Limits#TIME_STEP}, or null. */
    static String timeStep(double fps, long substeps) {
        return Limits.timeStepViolation(fps, substeps);
    }

    /** Reason a wind velocity is too fast, or null. */
    static String wind(double[] w) {
        return Limits.windViolation(w);
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

    /** @return why a grid of these cells has too many, or null */
    static String gridCellCount(int[] cells) {
        return (long) cells[0] * cells[1] <= GridSpec.MAX_CELLS ? null : String.format(Locale.ROOT,
                "%d × %d cells is more than the %,d cells a grid may have", cells[0], cells[1], GridSpec.MAX_CELLS);
    }

    /** @return why {@code size} over {@code cells} gives cells that are too small, or null */
    static String gridCell(double size, int cells) {
        double cell = size / cells;
        return cell >= GridSpec.MIN_CELL ? null : String.format(Locale.ROOT,
                "%.3g m over %d cells gives cells of %.3g m, below the %.0e m smallest cell", size, cells, cell,
                GridSpec.MIN_CELL);
    }

    /** Longest name of a scene, cloth or collider, in characters. */
    static final int MAX_NAME = 200;

    /**
     * Names go into file names, OBJ group lines and summary.json: they must be text that UTF-8
     * can encode (no unpaired surrogate), on one line, and of a sensible length.
     */
    static String name(String name) {
        if (name.codePointCount(0, name.length()) > MAX_NAME) {
            return "is longer than " + MAX_NAME + " characters";
        }
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                return "holds an unpaired UTF-16 surrogate at character " + (i + 1) + " (not text that can be written)";
            } else if (Character.isISOControl(ch) || ch == '\u2028' || ch == '\u2029') {
                return "holds a control or line-break character at character " + (i + 1);
            }
        }
        return null;
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
