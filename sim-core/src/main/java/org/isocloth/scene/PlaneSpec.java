package org.isocloth.scene;

import java.util.Arrays;
import java.util.Objects;
import org.isocloth.collision.PlaneCollider;

/**
 * A solid half-space collider (JSON {@code {"plane": {"point": [..], "normal": [..]}}}): the
 * solid is the side the normal points away from. Its motion turns it about {@code point}.
 *
 * <p>Arrays are copied on construction and on access, so instances are immutable;
 * {@code equals}, {@code hashCode} and {@code toString} use the array contents.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param point a point of the plane at time 0, m: 3 finite values (required)
 * @param normal outward normal at time 0: 3 finite values, not all zero; kept as written, not
 *     normalized (required)
 * @param friction see {@link ColliderSpec#friction()}
 * @param motion see {@link AnalyticColliderSpec#motion()}
 */
public record PlaneSpec(String name, double[] point, double[] normal, double friction,
        MotionSpec motion) implements AnalyticColliderSpec {

    /**
     * Checks and copies the components.
     *
     * @param name see the record description
     * @param point see the record description
     * @param normal see the record description
     * @param friction see the record description
     * @param motion see the record description
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if a value is invalid; the message names the component
     */
    public PlaneSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        point = Check.vector("point", point, 3);
        normal = Check.vector("normal", normal, 3);
        Check.require("normal", Check.nonZero(normal));
        Check.require("friction", Check.optionalFriction(friction));
        Objects.requireNonNull(motion, "motion");
    }

    /** @return {@code "plane"} */
    @Override
    public String kind() {
        return "plane";
    }

    /** @return a copy of the point, m */
    @Override
    public double[] point() {
        return point.clone();
    }

    /** @return a copy of the normal as written */
    @Override
    public double[] normal() {
        return normal.clone();
    }

    @Override
    public PlaneCollider build() {
        PlaneCollider c = new PlaneCollider(name, point, normal);
        c.setFriction(friction);
        c.setMotion(motion.velocity(), motion.angularVelocity());
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PlaneSpec s && name.equals(s.name) && Arrays.equals(point, s.point)
                && Arrays.equals(normal, s.normal) && Double.compare(friction, s.friction) == 0
                && motion.equals(s.motion);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(point), Arrays.hashCode(normal), friction,
                motion);
    }

    @Override
    public String toString() {
        return "PlaneSpec[name=" + name + ", point=" + Arrays.toString(point) + ", normal="
                + Arrays.toString(normal) + ", friction=" + friction + ", motion=" + motion + "]";
    }
}
