package org.isocloth.collision;

/**
 * A solid sphere moving as a kinematic rigid body (see {@link AnalyticCollider} for the motion and
 * the contact rule). Its centre is the centre of motion, so a spinning sphere stays in place but
 * drags what touches it.
 */
public final class SphereCollider extends AnalyticCollider {
    private final double radius;

    /**
     * @param name collider name, used in messages (not null)
     * @param center centre at time 0, m (3 finite values)
     * @param radius radius, m (finite, &gt; 0)
     * @throws IllegalArgumentException if an argument is invalid; the message names the collider
     *     and the field, e.g. {@code ball.radius: must be > 0 (got -1.0)}
     */
    public SphereCollider(String name, double[] center, double radius) {
        super(name, "center", center, identity());
        this.radius = positive(name, "radius", radius);
    }

    /** @return the radius, m */
    public double radius() {
        return radius;
    }

    @Override
    double distance(double[] q, double[] normalOut) {
        double len = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        if (len > 0) {
            normalOut[0] = q[0] / len;
            normalOut[1] = q[1] / len;
            normalOut[2] = q[2] / len;
        } else {
            // the centre: every direction is nearest; take body +y
            normalOut[0] = 0;
            normalOut[1] = 1;
            normalOut[2] = 0;
        }
        return len - radius;
    }

    @Override
    double firstHit(double[] q0, double[] q1, double inflate) {
        return SweptHits.sphereHit(q0, q1, 0, 0, 0, radius + inflate);
    }

    @Override
    boolean containsBody(double x, double y, double z) {
        return x * x + y * y + z * z < radius * radius;
    }

    @Override
    double boundingRadius() {
        return radius;
    }

    @Override
    void poseBounds(double[] r, double[] c, double[] out6) {
        for (int i = 0; i < 3; i++) {
            out6[i] = c[i] - radius;
            out6[i + 3] = c[i] + radius;
        }
    }
}
