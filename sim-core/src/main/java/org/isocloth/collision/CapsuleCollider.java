package org.isocloth.collision;

/**
 * A solid capsule: the points within {@code radius} of the segment {@code a–b}, moving as a
 * kinematic rigid body about the segment's midpoint (see {@link AnalyticCollider} for the motion
 * and the contact rule). {@code a = b} is allowed and gives a sphere.
 */
public final class CapsuleCollider extends AnalyticCollider {
    private final double radius;
    /** Segment ends in the body frame (relative to the midpoint). */
    private final double[] a;
    private final double[] b;
    private final double[] axis;

    /**
     * @param name collider name, used in messages (not null)
     * @param a first end of the axis segment at time 0, m (3 finite values)
     * @param b second end of the axis segment at time 0, m (3 finite values)
     * @param radius radius, m (finite, &gt; 0)
     * @throws IllegalArgumentException if an argument is invalid; the message names the collider
     *     and the field
     */
    public CapsuleCollider(String name, double[] a, double[] b, double radius) {
        super(name, "center", midpoint(name, a, b), identity());
        this.radius = positive(name, "radius", radius);
        double[] half = new double[3];
        for (int i = 0; i < 3; i++) {
            half[i] = 0.5 * (b[i] - a[i]);
        }
        this.a = new double[] {-half[0], -half[1], -half[2]};
        this.b = half;
        double len = Math.sqrt(half[0] * half[0] + half[1] * half[1] + half[2] * half[2]);
        // a direction perpendicular to nothing in particular when a = b
        this.axis = len > 0 ? new double[] {half[0] / len, half[1] / len, half[2] / len}
                : new double[] {0, 1, 0};
    }

    private static double[] midpoint(String name, double[] a, double[] b) {
        double[] pa = finiteVector(name, "a", a);
        double[] pb = finiteVector(name, "b", b);
        return new double[] {0.5 * (pa[0] + pb[0]), 0.5 * (pa[1] + pb[1]), 0.5 * (pa[2] + pb[2])};
    }

    /** @return the radius, m */
    public double radius() {
        return radius;
    }

    /** @return the length of the axis segment, m */
    public double length() {
        return 2 * Math.sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
    }

    @Override
    double distance(double[] q, double[] normalOut) {
        double ux = b[0] - a[0];
        double uy = b[1] - a[1];
        double uz = b[2] - a[2];
        double len2 = ux * ux + uy * uy + uz * uz;
        double t = len2 > 0 ? ((q[0] - a[0]) * ux + (q[1] - a[1]) * uy + (q[2] - a[2]) * uz) / len2
                : 0;
        t = Math.max(0, Math.min(1, t));
        double ex = q[0] - (a[0] + t * ux);
        double ey = q[1] - (a[1] + t * uy);
        double ez = q[2] - (a[2] + t * uz);
        double len = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (len > 0) {
            normalOut[0] = ex / len;
            normalOut[1] = ey / len;
            normalOut[2] = ez / len;
        } else {
            // on the axis: any direction perpendicular to it
            perpendicular(axis, normalOut);
        }
        return len - radius;
    }

    /** A unit vector perpendicular to the unit vector {@code u}. */
    private static void perpendicular(double[] u, double[] out) {
        // cross with the coordinate axis least aligned with u
        double ax = Math.abs(u[0]);
        double ay = Math.abs(u[1]);
        double az = Math.abs(u[2]);
        double[] e = ax <= ay && ax <= az ? new double[] {1, 0, 0}
                : ay <= az ? new double[] {0, 1, 0} : new double[] {0, 0, 1};
        double x = u[1] * e[2] - u[2] * e[1];
        double y = u[2] * e[0] - u[0] * e[2];
        double z = u[0] * e[1] - u[1] * e[0];
        double len = Math.sqrt(x * x + y * y + z * z);
        out[0] = x / len;
        out[1] = y / len;
        out[2] = z / len;
    }

    @Override
    double firstHit(double[] q0, double[] q1, double inflate) {
        return SweptHits.capsuleHit(q0, q1, a, b, radius + inflate);
    }

    @Override
    boolean containsBody(double x, double y, double z) {
        return SweptHits.segmentDistanceSquared(x, y, z, a, b) < radius * radius;
    }

    @Override
    double boundingRadius() {
        return 0.5 * length() + radius;
    }

    @Override
    void poseBounds(double[] r, double[] c, double[] out6) {
        double[] wa = new double[3];
        double[] wb = new double[3];
        rotate(r, a, wa);
        rotate(r, b, wb);
        for (int i = 0; i < 3; i++) {
            out6[i] = c[i] + Math.min(wa[i], wb[i]) - radius;
            out6[i + 3] = c[i] + Math.max(wa[i], wb[i]) + radius;
        }
    }
}
