package org.isocloth.collision;

/**
 * A solid half-space: the points below the plane through {@code point} with outward unit normal
 * {@code normal} (the solid is the side the normal points away from). It moves as a kinematic
 * rigid body about {@code point} (see {@link AnalyticCollider} for the motion and the contact
 * rule); a velocity along the plane slides the floor under what rests on it.
 */
public final class PlaneCollider extends AnalyticCollider {
    /** Outward unit normal, body frame (= world at time 0). */
    private final double[] normal;

    /**
     * @param name collider name, used in messages (not null)
     * @param point a point of the plane at time 0, m (3 finite values); the centre of motion
     * @param normal outward normal at time 0 (3 finite values, non-zero; normalized here)
     * @throws IllegalArgumentException if an argument is invalid; the message names the collider
     *     and the field, e.g. {@code floor.normal: must be non-zero (got [0.0, 0.0, 0.0])}
     */
    public PlaneCollider(String name, double[] point, double[] normal) {
        super(name, "point", point, identity());
        this.normal = unit(name, "normal", normal);
    }

    /** @return a copy of the outward unit normal at time 0 */
    public double[] normal() {
        return normal.clone();
    }

    @Override
    double distance(double[] q, double[] normalOut) {
        normalOut[0] = normal[0];
        normalOut[1] = normal[1];
        normalOut[2] = normal[2];
        return q[0] * normal[0] + q[1] * normal[1] + q[2] * normal[2];
    }

    @Override
    double firstHit(double[] q0, double[] q1, double inflate) {
        double d0 = q0[0] * normal[0] + q0[1] * normal[1] + q0[2] * normal[2];
        if (d0 <= inflate) {
            return 0;
        }
        double d1 = q1[0] * normal[0] + q1[1] * normal[1] + q1[2] * normal[2];
        if (d1 > inflate) {
            return Double.NaN;
        }
        return Math.min(1, (d0 - inflate) / (d0 - d1));
    }

    @Override
    boolean containsBody(double x, double y, double z) {
        return x * normal[0] + y * normal[1] + z * normal[2] < 0;
    }

    @Override
    double boundingRadius() {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    void poseBounds(double[] r, double[] c, double[] out6) {
        infinite(out6);
    }

    /** Infinite bounds: a plane is unbounded whatever its motion. */
    @Override
    public void sweptBounds(double[] out6) {
        infinite(out6);
    }

    private static void infinite(double[] out6) {
        for (int i = 0; i < 3; i++) {
            out6[i] = Double.NEGATIVE_INFINITY;
            out6[i + 3] = Double.POSITIVE_INFINITY;
        }
    }
}
