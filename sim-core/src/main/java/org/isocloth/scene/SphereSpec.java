package org.isocloth.scene;

import java.util.Arrays;
import java.util.Objects;
import org.isocloth.collision.SphereCollider;

/**
 * A solid sphere collider (JSON {@code {"sphere": {"center": [..], "radius": r}}}).
 *
 * <p>Arrays are copied on construction and on access, so instances are immutable;
 * {@code equals}, {@code hashCode} and {@code toString} use the array contents.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param center centre at time 0, m: 3 finite values (required in scene files)
 * @param radius radius, m: finite, &gt; 0 (required in scene files)
 * @param friction see {@link ColliderSpec#friction()}
 * @param motion see {@link AnalyticColliderSpec#motion()}
 */
public record SphereSpec(String name, double[] center, double radius, double friction,
        MotionSpec motion) implements AnalyticColliderSpec {

    /**
     * Checks and copies the components.
     *
     * @param name see the record description
     * @param center see the record description
     * @param radius see the record description
     * @param friction see the record description
     * @param motion see the record description
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if a value is invalid; the message names the component
     */
    public SphereSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        center = Check.vector("center", center, 3);
        Check.require("radius", Check.positive(radius));
        Check.require("friction", Check.optionalFriction(friction));
        Objects.requireNonNull(motion, "motion");
    }

    /** @return {@code "sphere"} */
    @Override
    public String kind() {
        return "sphere";
    }

    /** @return a copy of the centre, m */
    @Override
    public double[] center() {
        return center.clone();
    }

    @Override
    public SphereCollider build() {
        SphereCollider c = new SphereCollider(name, center, radius);
        c.setFriction(friction);
        c.setMotion(motion.velocity(), motion.angularVelocity());
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SphereSpec s && name.equals(s.name) && Arrays.equals(center, s.center)
                && Double.compare(radius, s.radius) == 0
                && Double.compare(friction, s.friction) == 0 && motion.equals(s.motion);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(center), radius, friction, motion);
    }

    @Override
    public String toString() {
        return "SphereSpec[name=" + name + ", center=" + Arrays.toString(center) + ", radius="
                + radius + ", friction=" + friction + ", motion=" + motion + "]";
    }
}
