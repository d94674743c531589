package org.isocloth.scene;

import java.util.Arrays;
import java.util.Objects;
import org.isocloth.collision.BoxCollider;

/**
 * A solid box collider (JSON
 * {@code {"box": {"center": [..], "halfExtents": [..], "rotation": [ax, ay, az, degrees]}}}).
 * The box's own axes are the world axes turned by {@code rotation}.
 *
 * <p>Arrays are copied on construction and on access, so instances are immutable;
 * {@code equals}, {@code hashCode} and {@code toString} use the array contents.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param center centre at time 0, m: 3 finite values (required)
 * @param halfExtents half the size along the box's own axes, m: 3 finite values, each &gt; 0
 *     (required)
 * @param rotation initial orientation as a rotation axis (3 finite values, not all zero) and an
 *     angle in degrees (finite): 4 values; default [0, 0, 1, 0] (axis-aligned)
 * @param friction see {@link ColliderSpec#friction()}
 * @param motion see {@link AnalyticColliderSpec#motion()}
 */
public record BoxSpec(String name, double[] center, double[] halfExtents, double[] rotation,
        double friction, MotionSpec motion) implements AnalyticColliderSpec {

    /** The default rotation [0, 0, 1, 0]: none (copy on each access). */
    private static final double[] NO_ROTATION = {0, 0, 1, 0};

    /**
     * Checks and copies the components.
     *
     * @param name see the record description
     * @param center see the record description
     * @param halfExtents see the record description
     * @param rotation see the record description
     * @param friction see the record description
     * @param motion see the record description
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if a value is invalid; the message names the component
     */
    public BoxSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        center = Check.vector("center", center, 3);
        halfExtents = Check.vector("halfExtents", halfExtents, 3);
        for (int i = 0; i < 3; i++) {
            Check.require("halfExtents[" + i + "]", Check.POSITIVE.violation(halfExtents[i]));
        }
        rotation = Check.vector("rotation", rotation, 4);
        Check.require("rotation", Check.rotationAxis(rotation));
        Check.require("friction", Check.optionalFriction(friction));
        Objects.requireNonNull(motion, "motion");
    }

    /** @return the default rotation [0, 0, 1, 0] (a new array) */
    public static double[] noRotation() {
        return NO_ROTATION.clone();
    }

    /** @return {@code "box"} */
    @Override
    public String kind() {
        return "box";
    }

    /** @return a copy of the centre, m */
    @Override
    public double[] center() {
        return center.clone();
    }

    /** @return a copy of the half extents, m */
    @Override
    public double[] halfExtents() {
        return halfExtents.clone();
    }

    /** @return a copy of the rotation: axis x, y, z, then the angle in degrees */
    @Override
    public double[] rotation() {
        return rotation.clone();
    }

    @Override
    public BoxCollider build() {
        BoxCollider c = new BoxCollider(name, center, halfExtents,
                Arrays.copyOf(rotation, 3), Math.toRadians(rotation[3]));
        c.setFriction(friction);
        c.setMotion(motion.velocity(), motion.angularVelocity());
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BoxSpec s && name.equals(s.name) && Arrays.equals(center, s.center)
                && Arrays.equals(halfExtents, s.halfExtents)
                && Arrays.equals(rotation, s.rotation)
                && Double.compare(friction, s.friction) == 0 && motion.equals(s.motion);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(center), Arrays.hashCode(halfExtents),
                Arrays.hashCode(rotation), friction, motion);
    }

    @Override
    public String toString() {
        return "BoxSpec[name=" + name + ", center=" + Arrays.toString(center) + ", halfExtents="
                + Arrays.toString(halfExtents) + ", rotation=" + Arrays.toString(rotation)
                + ", friction=" + friction + ", motion=" + motion + "]";
    }
}
