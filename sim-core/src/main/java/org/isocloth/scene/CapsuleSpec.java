package org.isocloth.scene;

import java.util.Arrays;
import java.util.Objects;
import org.isocloth.collision.CapsuleCollider;

/**
 * A solid capsule collider, the points within {@code radius} of the segment {@code a–b} (JSON
 * {@code {"capsule": {"a": [..], "b": [..], "radius": r}}}). Its motion turns it about the
 * segment's midpoint.
 *
 * <p>Arrays are copied on construction and on access, so instances are immutable;
 * {@code equals}, {@code hashCode} and {@code toString} use the array contents.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param a first end of the axis segment at time 0, m: 3 finite values (required)
 * @param b second end of the axis segment at time 0, m: 3 finite values (required; may equal
 *     {@code a}, giving a sphere)
 * @param radius radius, m: finite, &gt; 0 (required)
 * @param friction see {@link ColliderSpec#friction()}
 * @param motion see {@link AnalyticColliderSpec#motion()}
 */
public record CapsuleSpec(String name, double[] a, double[] b, double radius, double friction,
        MotionSpec motion) implements AnalyticColliderSpec {

    /**
     * Checks and copies the components.
     *
     * @param name see the record description
     * @param a see the record description
     * @param b see the record description
     * @param radius see the record description
     * @param friction see the record description
     * @param motion see the record description
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if a value is invalid; the message names the component
     */
    public CapsuleSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        a = Check.vector("a", a, 3);
        b = Check.vector("b", b, 3);
        Check.require("radius", Check.positive(radius));
        Check.require("friction", Check.optionalFriction(friction));
        Objects.requireNonNull(motion, "motion");
    }

    /** @return {@code "capsule"} */
    @Override
    public String kind() {
        return "capsule";
    }

    /** @return a copy of the first end, m */
    @Override
    public double[] a() {
        return a.clone();
    }

    /** @return a copy of the second end, m */
    @Override
    public double[] b() {
        return b.clone();
    }

    @Override
    public CapsuleCollider build() {
        CapsuleCollider c = new CapsuleCollider(name, a, b, radius);
        c.setFriction(friction);
        c.setMotion(motion.velocity(), motion.angularVelocity());
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CapsuleSpec s && name.equals(s.name) && Arrays.equals(a, s.a)
                && Arrays.equals(b, s.b) && Double.compare(radius, s.radius) == 0
                && Double.compare(friction, s.friction) == 0 && motion.equals(s.motion);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(a), Arrays.hashCode(b), radius, friction, motion);
    }

    @Override
    public String toString() {
        return "CapsuleSpec[name=" + name + ", a=" + Arrays.toString(a) + ", b="
                + Arrays.toString(b) + ", radius=" + radius + ", friction=" + friction
                + ", motion=" + motion + "]";
    }
}
