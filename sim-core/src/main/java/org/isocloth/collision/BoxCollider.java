package org.isocloth.collision;

/**
 * A solid box (cuboid) moving as a kinematic rigid body about its centre (see
 * {@link AnalyticCollider} for the motion and the contact rule). Its initial orientation is a
 * rotation by {@code angle} about {@code axis}: the box's own x, y and z axes are the world axes
 * rotated that way.
 *
 * <p>For the thickness the box is inflated with <b>rounded</b> edges and corners (the points
 * within {@code thickness} of the box): continuous detection intersects the path with the box
 * grown along one axis at a time (slab tests) and with capsules of radius {@code thickness} around
 * the twelve edges, and takes the earliest hit, so it agrees exactly with the Euclidean
 * distance used for proximity.
 */
public final class BoxCollider extends AnalyticCollider {
    private final double[] half;
    // scratch for the edge capsules
    private final double[] ea = new double[3];
    private final double[] eb = new double[3];
    private final double[] grown = new double[3];

    /**
     * @param name collider name, used in messages (not null)
     * @param center centre at time 0, m (3 finite values)
     * @param halfExtents half the box's size along its own x, y, z axes, m (3 finite values,
     *     each &gt; 0)
     * @param axis rotation axis of the initial orientation (3 finite values, non-zero)
     * @param angleRadians rotation angle about {@code axis}, rad (finite; 0 for an axis-aligned
     *     box)
     * @throws IllegalArgumentException if an argument is invalid; the message names the collider
     *     and the field, e.g. {@code crate.halfExtents[1]: must be > 0 (got 0.0)}
     */
    public BoxCollider(String name, double[] center, double[] halfExtents, double[] axis,
            double angleRadians) {
        super(name, "center", center, orientation(name, axis, angleRadians));
        double[] h = finiteVector(name, "halfExtents", halfExtents);
        for (int i = 0; i < 3; i++) {
            positive(name, "halfExtents[" + i + "]", h[i]);
        }
        this.half = h;
    }

    private static double[] orientation(String name, double[] axis, double angle) {
        double[] u = unit(name, "axis", axis);
        if (!Double.isFinite(angle)) {
            throw new IllegalArgumentException(
                    name + ".angle: must be a finite number (got " + angle + ")");
        }
        return axisAngle(u[0] * angle, u[1] * angle, u[2] * angle);
    }

    /** @return a copy of the half extents, m */
    public double[] halfExtents() {
        return half.clone();
    }

    @Override
    double distance(double[] q, double[] normalOut) {
        double ox = Math.abs(q[0]) - half[0];
        double oy = Math.abs(q[1]) - half[1];
        double oz = Math.abs(q[2]) - half[2];
        if (ox > 0 || oy > 0 || oz > 0) {
            double ex = ox > 0 ? Math.copySign(ox, q[0]) : 0;
            double ey = oy > 0 ? Math.copySign(oy, q[1]) : 0;
            double ez = oz > 0 ? Math.copySign(oz, q[2]) : 0;
            double len = Math.sqrt(ex * ex + ey * ey + ez * ez);
            normalOut[0] = ex / len;
            normalOut[1] = ey / len;
            normalOut[2] = ez / len;
            return len;
        }
        // inside or on the surface: the nearest face
        int axis = ox >= oy && ox >= oz ? 0 : oy >= oz ? 1 : 2;
        normalOut[0] = 0;
        normalOut[1] = 0;
        normalOut[2] = 0;
        normalOut[axis] = q[axis] < 0 ? -1 : 1;
        return Math.max(ox, Math.max(oy, oz));
    }

    /** Euclidean distance outside the box, or 0 inside. */
    private double outsideDistance(double x, double y, double z) {
        double ox = Math.max(0, Math.abs(x) - half[0]);
        double oy = Math.max(0, Math.abs(y) - half[1]);
        double oz = Math.max(0, Math.abs(z) - half[2]);
        return Math.sqrt(ox * ox + oy * oy + oz * oz);
    }

    @Override
    double firstHit(double[] q0, double[] q1, double inflate) {
        if (outsideDistance(q0[0], q0[1], q0[2]) <= inflate) {
            return 0;
        }
        for (int i = 0; i < 3; i++) {
            grown[i] = half[i] + inflate;
        }
        // the square-cornered inflated box contains the rounded one: its entry is a lower bound
        double s = slab(q0, q1, grown);
        if (Double.isNaN(s) || inflate == 0) {
            return s;
        }
        // entry through a face region (at most one coordinate beyond the box): exact
        int beyond = 0;
        for (int i = 0; i < 3; i++) {
            if (Math.abs(q0[i] + s * (q1[i] - q0[i])) > half[i]) {
                beyond++;
            }
        }
        if (beyond <= 1) {
            return s;
        }
        // otherwise the earliest of the three one-axis-grown boxes and the twelve edge capsules
        double best = Double.NaN;
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < 3; i++) {
                grown[i] = half[i] + (i == k ? inflate : 0);
            }
            best = SweptHits.earliest(best, slab(q0, q1, grown));
        }
        for (int k = 0; k < 3; k++) {
            int i = (k + 1) % 3;
            int j = (k + 2) % 3;
            for (int corner = 0; corner < 4; corner++) {
                ea[i] = (corner & 1) == 0 ? -half[i] : half[i];
                ea[j] = (corner & 2) == 0 ? -half[j] : half[j];
                eb[i] = ea[i];
                eb[j] = ea[j];
                ea[k] = -half[k];
                eb[k] = half[k];
                best = SweptHits.earliest(best, SweptHits.capsuleHit(q0, q1, ea, eb, inflate));
            }
        }
        return best;
    }

    /**
     * First {@code s ∈ [0, 1]} at which the segment is inside the closed axis-aligned box of half
     * extents {@code h} centred at the origin, or NaN.
     */
    private static double slab(double[] q0, double[] q1, double[] h) {
        double lo = 0;
        double hi = 1;
        for (int i = 0; i < 3; i++) {
            double d = q1[i] - q0[i];
            if (d == 0) {
                if (Math.abs(q0[i]) > h[i]) {
                    return Double.NaN;
                }
                continue;
            }
            double ta = (-h[i] - q0[i]) / d;
            double tb = (h[i] - q0[i]) / d;
            lo = Math.max(lo, Math.min(ta, tb));
            hi = Math.min(hi, Math.max(ta, tb));
            if (lo > hi) {
                return Double.NaN;
            }
        }
        return lo;
    }

    @Override
    boolean containsBody(double x, double y, double z) {
        return Math.abs(x) < half[0] && Math.abs(y) < half[1] && Math.abs(z) < half[2];
    }

    @Override
    double boundingRadius() {
        return Math.sqrt(half[0] * half[0] + half[1] * half[1] + half[2] * half[2]);
    }

    @Override
    void poseBounds(double[] r, double[] c, double[] out6) {
        for (int i = 0; i < 3; i++) {
            double e = Math.abs(r[3 * i]) * half[0] + Math.abs(r[3 * i + 1]) * half[1]
                    + Math.abs(r[3 * i + 2]) * half[2];
            out6[i] = c[i] - e;
            out6[i + 3] = c[i] + e;
        }
    }
}
