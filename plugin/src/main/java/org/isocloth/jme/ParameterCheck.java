package org.isocloth.jme;

import com.jme3.math.Vector3f;
import org.isocloth.model.Limits;
import org.isocloth.model.Range;

/**
 * The check of the plugin's float setters. A float argument stands for the decimal value it
 * prints as ({@link Limits#decimal}): {@code setThickness(0.1f)} asks for 0.1 m, the documented
 * maximum, although {@code (double) 0.1f} is 0.10000000149 m. That value is checked against its
 * range in {@link Limits}, the range the scene reader checks the same quantity against.
 */
final class ParameterCheck {

    private ParameterCheck() {
    }

    /**
     * @param f a float argument
     * @return the double nearest to the decimal {@code f} prints as
     */
    static double decimal(float f) {
        return Limits.decimal(f);
    }

    /**
     * @param field what the message names, e.g. {@code "ClothAppState.timeStep"}
     * @param value the argument
     * @param range its allowed range
     * @param unit the unit with a leading space ({@code " s"}), or empty
     * @throws IllegalArgumentException {@code "<field>: must be in <range><unit> (got <value>)"}
     *     if the decimal of the value is outside the range (NaN always is)
     */
    static void inRange(String field, float value, Range range, String unit) {
        if (!range.contains(decimal(value))) {
            throw new IllegalArgumentException(field + ": must be in " + range + unit + " (got " + value + ")");
        }
    }

    /**
     * @param field what the message names
     * @param v a vector argument
     * @return its components as the decimals they print as
     * @throws IllegalArgumentException if {@code v} is null or has a component that is not finite
     */
    static double[] finiteVector(String field, Vector3f v) {
        if (v == null || !Vector3f.isValidVector(v)) {
            throw new IllegalArgumentException(field + ": must be a finite vector (got " + v + ")");
        }
        return new double[] {decimal(v.x), decimal(v.y), decimal(v.z)};
    }
}
