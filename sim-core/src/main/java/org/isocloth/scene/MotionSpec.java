package org.isocloth.scene;

import java.util.Arrays;

/**
 * The constant rigid motion of an analytic collider (JSON object {@code "motion"} of a collider):
 * the centre moves with {@code velocity} and the body turns about its centre with
 * {@code angularVelocity}. The centre is the sphere's centre, the capsule's midpoint, the box's
 * centre or the plane's point.
 *
 * <p>Arrays are copied on construction and on access, so instances are immutable;
 * {@code equals}, {@code hashCode} and {@code toString} use the array contents.
 *
 * @param velocity linear velocity of the centre, m/s: 3 finite values; default [0, 0, 0]
 * @param angularVelocity angular velocity about the centre, rad/s, world axes: 3 finite values;
 *     default [0, 0, 0]
 */
public record MotionSpec(double[] velocity, double[] angularVelocity) {

    /**
     * Checks and copies the components.
     *
     * @param velocity see the record description
     * @param angularVelocity see the record description
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if an array does not hold 3 finite values
     */
    public MotionSpec {
        velocity = Check.vector("velocity", velocity, 3);
        angularVelocity = Check.vector("angularVelocity", angularVelocity, 3);
    }

    /** @return no motion: both vectors [0, 0, 0] */
    public static MotionSpec still() {
        return new MotionSpec(new double[3], new double[3]);
    }

    /**
     * @return whether both vectors are exactly {@code +0.0} in every component (the writer then
     *     omits the motion)
     */
    public boolean isStill() {
        double[] zero = new double[3];
        return Arrays.equals(velocity, zero) && Arrays.equals(angularVelocity, zero);
    }

    /** @return a copy of the velocity, m/s */
    @Override
    public double[] velocity() {
        return velocity.clone();
    }

    /** @return a copy of the angular velocity, rad/s */
    @Override
    public double[] angularVelocity() {
        return angularVelocity.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MotionSpec m
                && Arrays.equals(velocity, m.velocity)
                && Arrays.equals(angularVelocity, m.angularVelocity);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(velocity) + Arrays.hashCode(angularVelocity);
    }

    @Override
    public String toString() {
        return "MotionSpec[velocity=" + Arrays.toString(velocity) + ", angularVelocity="
                + Arrays.toString(angularVelocity) + "]";
    }
}
