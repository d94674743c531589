package org.isocloth.scene;

import java.util.Arrays;

/**
 * A pin: every cloth vertex whose initial position lies inside an axis-aligned box is held
 * fixed, or moved rigidly with a constant velocity (JSON object in {@code "pins"}:
 * {@code {"box": {"min": [..], "max": [..]}, "motion": {"velocity": [..], "until": t}}}).
 *
 * <p>Arrays are copied on construction and on access, so instances are immutable; {@code equals},
 * {@code hashCode} and {@code toString} use the array contents.
 *
 * @param boxMin lower corner of the box, m: 3 finite values, each &le; the matching
 *     {@code boxMax} value
 * @param boxMax upper corner of the box, m: 3 finite values
 * @param velocity velocity of the pinned vertices, m/s: 3 finite values; default [0, 0, 0]
 * @param until time, s, after which the pinned vertices stop moving: &ge; 0, or
 *     {@link Double#POSITIVE_INFINITY} (the default) to move for ever
 * @param attach name of a mesh collider (OBJ, OBJ sequence, glTF or cache) that the pinned
 *     vertices move with (JSON {@code "attach": "name"}), or null (the default). The pinned
 *     vertices then follow the best-fit rigid motion of the collider's vertices nearest to them
 *     (the vertices of each pinned vertex's closest collider triangle at time 0), like a cape
 *     pinned to a character's back; {@code velocity} must then be zero
 */
public record PinSpec(double[] boxMin, double[] boxMax, double[] velocity, double until, String attach) {

    /**
     * A pin box moved with a constant velocity (or fixed), attached to no collider.
     *
     * @param boxMin see the record description
     * @param boxMax see the record description
     * @param velocity see the record description
     * @param until see the record description
     */
    public PinSpec(double[] boxMin, double[] boxMax, double[] velocity, double until) {
        this(boxMin, boxMax, velocity, until, null);
    }

    /** Default {@code until}: +Infinity, the pin moves for ever. */
    public static final double DEFAULT_UNTIL = Double.POSITIVE_INFINITY;

    /**
     * Checks and copies the components.
     *
     * @param boxMin see the record description
     * @param boxMax see the record description
     * @param velocity see the record description
     * @param until see the record description
     * @param attach see the record description
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if an array does not hold 3 finite values, the box is
     *     inverted in some axis, or {@code until} is negative or NaN
     */
    public PinSpec {
        boxMin = Check.vector("boxMin", boxMin, 3);
        boxMax = Check.vector("boxMax", boxMax, 3);
        Check.require("box", Check.box(boxMin, boxMax));
        velocity = Check.vector("velocity", velocity, 3);
        Check.require("until", Check.UNTIL.violation(until));
        if (attach != null) {
            Check.require("attach", Check.nonBlank(attach));
            if (velocity[0] != 0 || velocity[1] != 0 || velocity[2] != 0) {
                throw new IllegalArgumentException("attach: a pin attached to a collider cannot also have a"
                        + " motion velocity");
            }
        }
    }

    /**
     * A pin that moves with a mesh collider.
     *
     * @param boxMin lower corner of the box, m
     * @param boxMax upper corner of the box, m
     * @param collider the collider's name
     * @return the pin
     */
    public static PinSpec attached(double[] boxMin, double[] boxMax, String collider) {
        return new PinSpec(boxMin, boxMax, new double[3], DEFAULT_UNTIL, java.util.Objects.requireNonNull(collider));
    }

    /**
     * A pin that holds the vertices in the box fixed for ever.
     *
     * @param boxMin lower corner of the box, m
     * @param boxMax upper corner of the box, m
     * @return the pin
     */
    public static PinSpec fixed(double[] boxMin, double[] boxMax) {
        return new PinSpec(boxMin, boxMax, new double[3], DEFAULT_UNTIL);
    }

    /** @return a copy of the lower box corner, m */
    @Override
    public double[] boxMin() {
        return boxMin.clone();
    }

    /** @return a copy of the upper box corner, m */
    @Override
    public double[] boxMax() {
        return boxMax.clone();
    }

    /** @return a copy of the velocity, m/s */
    @Override
    public double[] velocity() {
        return velocity.clone();
    }

    /**
     * Whether a point lies in the pin box (faces included).
     *
     * @param p a point, m (3 values)
     * @return true if {@code boxMin[i] <= p[i] <= boxMax[i]} for every axis
     */
    public boolean contains(double[] p) {
        for (int i = 0; i < 3; i++) {
            if (!(p[i] >= boxMin[i] && p[i] <= boxMax[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Displacement of the pinned vertices from their initial positions at time {@code t}:
     * {@code velocity · min(t, until)}.
     *
     * @param t time since the start of the simulation, s
     * @return a new 3-element array, m
     */
    public double[] offsetAt(double t) {
        double s = Math.min(t, until);
        // "+ 0.0" turns -0.0 (e.g. a negative velocity component at t = 0) into 0.0
        return new double[] {velocity[0] * s + 0.0, velocity[1] * s + 0.0, velocity[2] * s + 0.0};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PinSpec p
                && Arrays.equals(boxMin, p.boxMin)
                && Arrays.equals(boxMax, p.boxMax)
                && Arrays.equals(velocity, p.velocity)
                && Double.compare(until, p.until) == 0
                && java.util.Objects.equals(attach, p.attach);
    }

    @Override
    public int hashCode() {
        int h = Arrays.hashCode(boxMin);
        h = 31 * h + Arrays.hashCode(boxMax);
        h = 31 * h + Arrays.hashCode(velocity);
        h = 31 * h + Double.hashCode(until);
        return 31 * h + java.util.Objects.hashCode(attach);
    }

    @Override
    public String toString() {
        return "PinSpec[boxMin=" + Arrays.toString(boxMin) + ", boxMax=" + Arrays.toString(boxMax)
                + ", velocity=" + Arrays.toString(velocity) + ", until=" + until + (attach != null ? ", attach=" + attach : "") + "]";
    }
}
