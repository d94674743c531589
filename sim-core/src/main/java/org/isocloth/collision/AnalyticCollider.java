package org.isocloth.collision;

import java.util.Arrays;
import java.util.Objects;

/**
 * A convex analytic shape (sphere, capsule, box) or a half-space (plane) moving as a kinematic
 * rigid body.
 *
 * <h2>Motion</h2>
 *
 * The shape is defined in a body frame whose origin is the collider's centre (sphere centre,
 * capsule midpoint, box centre, plane point). At time t the centre is {@code c(t) = c0 + v·t} and
 * the orientation is {@code R(t) = exp([ω]·t) · R0}: the initial orientation followed by a
 * rotation by the angle {@code |ω|·t} about the axis {@code ω} through the centre. {@link #setPose}
 * moves the reference time: after {@code setPose(tr, c, R)} the pose is {@code c + v·(t − tr)},
 * {@code exp([ω]·(t − tr)) · R} (this is how a collider that follows a scene object is re-posed
 * every frame). A body-frame
 * point {@code q} is at world position {@code c(t) + R(t)·q}; its velocity is
 * {@code v + ω × (x − c(t))}. {@code v} and {@code ω} (world coordinates) are constant; both are
 * zero unless {@link #setMotion} is called.
 *
 * <h2>Contact rule</h2>
 *
 * {@link #contact} works in the body frame: the node's start is taken relative to the pose at t0,
 * its end relative to the pose at t1, and the node is assumed to move on the straight segment
 * between the two. With {@code h} the thickness and {@code d(q)} the exact signed Euclidean
 * distance of a body point to the surface (negative inside):
 *
 * <ul>
 *   <li><b>Crossing</b> ({@link Contact#crossed} true): the start is outside the solid
 *       ({@code d > 0}) and the segment reaches the solid ({@code d ≤ 0} somewhere). The first
 *       contact is the first parameter {@code s} where {@code d ≤ h} (0 if the start is already
 *       within {@code h}); with {@code q_s} that point, {@code n} the outward normal there,
 *       {@code x_c = q_s + (h − d(q_s))·n + P·(q1 − q_s)} where {@code P = I − n nᵀ} keeps the
 *       tangential part of the rest of the path. {@link Contact#time} is {@code s};
 *       {@link Contact#distance} is the end's signed height above the tangent plane of the
 *       surface at the contact (negative when it ended inside or beyond). A node that passes
 *       through the thickness layer without reaching the solid and ends clear of it is not a
 *       contact.</li>
 *   <li><b>Proximity</b> (otherwise, when {@code d(q1) < h}): {@code x_c} is the end moved along
 *       the normal at the end to {@code d = h}; time 1, distance {@code d(q1)}. A node that
 *       started inside the solid is handled this way too.</li>
 * </ul>
 *
 * {@link Contact#normal} is the outward unit normal (world, pose at t1): at {@code q_s} for a
 * crossing, except on a rotating body, where it is the normal at the surface point nearest
 * {@code x_c} when that is within about 25° of it (cos &gt; 0.9);
 * {@link Contact#surfaceVelocity} is the velocity of the collider's material point on the surface
 * nearest {@code x_c}, at t1. Boxes are inflated with rounded edges and corners, so "within
 * {@code h}" is exact Euclidean distance for every shape.
 *
 * <p>Instances are mutable (pose, motion, friction) and not thread-safe.
 */
public abstract sealed class AnalyticCollider extends Collider
        permits SphereCollider, CapsuleCollider, BoxCollider, PlaneCollider {

    /** Centre at time 0, world (m). */
    private final double[] center = new double[3];
    /** Orientation at time 0, row-major 3×3, body to world. */
    private final double[] rotation = new double[9];
    private final double[] velocity = new double[3];
    private final double[] angularVelocity = new double[3];
    /** Time at which the pose is {@link #center}, {@link #rotation} (s). */
    private double referenceTime;

    /** Interval and poses at its ends. */
    private double time0;
    private double time1;
    private final double[] c0 = new double[3];
    private final double[] c1 = new double[3];
    private final double[] r0 = new double[9];
    private final double[] r1 = new double[9];

    /**
     * A crossing into a rotating body takes the normal at the surface point nearest x_c, not at its
     * entry point q_s, when the two are within about 25° (cos > this). The entry point is the node's
     * path in the body frame, whose end is rotated back by the rest of the step: on a spinning body
     * its normal leans by about ω·h along the surface, and a plane through x_c with that normal
     * pushes a frictionless node against the spin. Further apart (a fast node through a thin body)
     * x_c may lie nearer the far side, and the entry normal is kept.
     */
    private static final double SAME_FACE_COS = 0.9;

    // scratch (instances are not thread-safe)
    private final double[] q0 = new double[3];
    private final double[] q1 = new double[3];
    private final double[] qs = new double[3];
    private final double[] n = new double[3];
    private final double[] m = new double[3];
    private final double[] xc = new double[3];
    private final double[] w = new double[3];
    private final double[] bounds = new double[6];

    /**
     * @param name collider name, used in messages
     * @param centerField name of the centre argument in messages ({@code center}, {@code point})
     * @param center centre at time 0 (3 finite values, m)
     * @param rotation orientation at time 0, row-major 3×3 rotation matrix (body to world)
     */
    AnalyticCollider(String name, String centerField, double[] center, double[] rotation) {
        super(name);
        System.arraycopy(finiteVector(name, centerField, center), 0, this.center, 0, 3);
        System.arraycopy(rotation, 0, this.rotation, 0, 9);
        setInterval(0, 0);
    }

    // ------------------------------------------------------------------ motion and poses

    /**
     * Sets the constant rigid motion and recomputes the poses of the current interval.
     *
     * @param velocity linear velocity of the centre, m/s, world (3 finite values)
     * @param angularVelocity angular velocity about the centre, rad/s, world (3 finite values)
     * @throws IllegalArgumentException if a vector does not hold 3 finite values (the message
     *     names the collider and the field)
     */
    public final void setMotion(double[] velocity, double[] angularVelocity) {
        double[] v = finiteVector(name(), "velocity", velocity);
        double[] omega = finiteVector(name(), "angularVelocity", angularVelocity);
        System.arraycopy(v, 0, this.velocity, 0, 3);
        System.arraycopy(omega, 0, this.angularVelocity, 0, 3);
        setInterval(time0, time1);
    }

    /**
     * Re-poses the collider: at time {@code t} its centre is {@code center} and its orientation
     * {@code rotation}; the motion set by {@link #setMotion} continues from there. Recomputes the
     * poses of the current interval.
     *
     * @param t the reference time, s (finite)
     * @param center the centre at time t, m (3 finite values)
     * @param rotation the orientation at time t, row-major 3×3 rotation matrix, body to world (9
     *     finite values, orthonormal with determinant +1 within 10⁻⁶)
     * @throws IllegalArgumentException if an argument is invalid (the message names the collider
     *     and the field)
     */
    public final void setPose(double t, double[] center, double[] rotation) {
        if (!Double.isFinite(t)) {
            throw new IllegalArgumentException(name() + ".time: must be finite (got " + t + ")");
        }
        double[] c = finiteVector(name(), "center", center);
        if (rotation == null || rotation.length != 9) {
            throw new IllegalArgumentException(name() + ".rotation: must hold 9 values");
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double dot = 0;
                for (int k = 0; k < 3; k++) {
                    dot += rotation[3 * k + i] * rotation[3 * k + j];
                }
                if (!(Math.abs(dot - (i == j ? 1 : 0)) <= 1e-6)) {
                    throw new IllegalArgumentException(name() + ".rotation: not a rotation matrix"
                            + " (columns not orthonormal)");
                }
            }
        }
        double det = rotation[0] * (rotation[4] * rotation[8] - rotation[5] * rotation[7])
                - rotation[1] * (rotation[3] * rotation[8] - rotation[5] * rotation[6])
                + rotation[2] * (rotation[3] * rotation[7] - rotation[4] * rotation[6]);
        if (!(det > 0)) {
            throw new IllegalArgumentException(name() + ".rotation: not a rotation matrix"
                    + " (determinant " + det + ")");
        }
        referenceTime = t;
        System.arraycopy(c, 0, this.center, 0, 3);
        System.arraycopy(rotation, 0, this.rotation, 0, 9);
        setInterval(time0, time1);
    }

    /** @return a copy of the linear velocity of the centre, m/s */
    public final double[] velocity() {
        return velocity.clone();
    }

    /** @return a copy of the angular velocity about the centre, rad/s */
    public final double[] angularVelocity() {
        return angularVelocity.clone();
    }

    /** @return a copy of the centre at the reference time (0 unless {@link #setPose} moved it), m */
    public final double[] center() {
        return center.clone();
    }

    /**
     * The centre at time {@code t}: {@code c0 + v·t}.
     *
     * @param t time, s
     * @return a new 3-element array, m
     */
    public final double[] centerAt(double t) {
        double[] c = new double[3];
        poseAt(t, c, new double[9]);
        return c;
    }

    /**
     * The orientation at time {@code t}: {@code exp([ω]·t) · R0}, body to world.
     *
     * @param t time, s
     * @return a new row-major 3×3 rotation matrix
     */
    public final double[] rotationAt(double t) {
        double[] r = new double[9];
        poseAt(t, new double[3], r);
        return r;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Before the first call the interval is [0, 0].
     *
     * @throws IllegalArgumentException if a time is not finite or {@code t1 < t0}
     */
    @Override
    public final void setInterval(double t0, double t1) {
        if (!Double.isFinite(t0) || !Double.isFinite(t1) || t1 < t0) {
            throw new IllegalArgumentException(name() + ": interval must be finite with t0 <= t1 (got ["
                    + t0 + ", " + t1 + "])");
        }
        time0 = t0;
        time1 = t1;
        poseAt(t0, c0, r0);
        poseAt(t1, c1, r1);
    }

    private void poseAt(double time, double[] c, double[] r) {
        double t = time - referenceTime;
        for (int i = 0; i < 3; i++) {
            c[i] = center[i] + velocity[i] * t;
        }
        double[] e = axisAngle(angularVelocity[0] * t, angularVelocity[1] * t,
                angularVelocity[2] * t);
        multiply(e, rotation, r);
    }

    // ------------------------------------------------------------------ queries

    /**
     * {@inheritDoc}
     *
     * <p>See the class description for the crossing and proximity rules.
     *
     * @throws IllegalArgumentException if {@code thickness} is not a finite value &gt; 0
     */
    @Override
    public final boolean contact(double[] start, double[] end, int node, double thickness,
            Contact out) {
        if (!(thickness > 0) || thickness == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(name() + ": thickness must be finite and > 0 (got "
                    + thickness + ")");
        }
        double h = thickness;
        int k = 3 * node;
        toBody(r0, c0, start[k], start[k + 1], start[k + 2], q0);
        toBody(r1, c1, end[k], end[k + 1], end[k + 2], q1);

        double d0 = distance(q0, n);
        boolean crossed = d0 > 0 && !Double.isNaN(firstHit(q0, q1, 0));
        double dist;
        double time;
        if (crossed) {
            double s = firstHit(q0, q1, h);
            if (Double.isNaN(s)) {
                s = 0; // cannot happen: reaching d <= 0 passes d <= h first; guard against rounding
            }
            for (int i = 0; i < 3; i++) {
                qs[i] = q0[i] + s * (q1[i] - q0[i]);
            }
            double ds = distance(qs, n);
            double along = 0;
            for (int i = 0; i < 3; i++) {
                along += (q1[i] - qs[i]) * n[i];
            }
            for (int i = 0; i < 3; i++) {
                // contact point pushed to h along n, plus the tangential rest of the path
                xc[i] = qs[i] + (h - ds) * n[i] + (q1[i] - qs[i]) - along * n[i];
            }
            dist = along + ds;
            time = s;
        } else {
            double d1 = distance(q1, n);
            if (!(d1 < h)) {
                return false;
            }
            for (int i = 0; i < 3; i++) {
                xc[i] = q1[i] + (h - d1) * n[i];
            }
            dist = d1;
            time = 1;
        }
        // the collider's material point: the surface point nearest x_c
        double dc = distance(xc, m);
        for (int i = 0; i < 3; i++) {
            w[i] = xc[i] - dc * m[i];
        }
        rotate(r1, xc, out.point);
        rotate(r1, crossed && rotating() && dot(m, n) > SAME_FACE_COS ? m : n, out.normal);
        rotate(r1, w, w); // surface point relative to the centre, world
        for (int i = 0; i < 3; i++) {
            out.point[i] += c1[i];
        }
        out.surfaceVelocity[0] = velocity[0] + angularVelocity[1] * w[2] - angularVelocity[2] * w[1];
        out.surfaceVelocity[1] = velocity[1] + angularVelocity[2] * w[0] - angularVelocity[0] * w[2];
        out.surfaceVelocity[2] = velocity[2] + angularVelocity[0] * w[1] - angularVelocity[1] * w[0];
        out.distance = dist;
        out.time = time;
        out.crossed = crossed;
        return true;
    }

    /** @return whether the collider has a non-zero angular velocity */
    private boolean rotating() {
        return angularVelocity[0] != 0 || angularVelocity[1] != 0 || angularVelocity[2] != 0;
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    @Override
    public final boolean contains(double x, double y, double z) {
        toBody(r1, c1, x, y, z, w);
        return containsBody(w[0], w[1], w[2]);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Without rotation, the union of the shape's bounds at the two end poses (exact for a
     * translating shape); with rotation, the centre's path padded by the shape's bounding radius.
     * Not padded by any thickness.
     */
    @Override
    public void sweptBounds(double[] out6) {
        if (rotating()) {
            double rb = boundingRadius();
            for (int i = 0; i < 3; i++) {
                out6[i] = Math.min(c0[i], c1[i]) - rb;
                out6[i + 3] = Math.max(c0[i], c1[i]) + rb;
            }
            return;
        }
        double[] b = bounds;
        poseBounds(r0, c0, out6);
        poseBounds(r1, c1, b);
        for (int i = 0; i < 3; i++) {
            out6[i] = Math.min(out6[i], b[i]);
            out6[i + 3] = Math.max(out6[i + 3], b[i + 3]);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>An unbounded shape (a plane) that does not rotate is out of reach when every corner of
     * the box lies outside it at both ends of the interval: the distance of a point to a
     * translating plane is linear in time, so it is outside in between too.
     */
    @Override
    public boolean mayReach(double[] box6) {
        if (boundingRadius() != Double.POSITIVE_INFINITY) {
            return super.mayReach(box6);
        }
        if (rotating()) {
            return true;
        }
        double[] q = new double[3];
        double[] n = new double[3];
        for (int corner = 0; corner < 8; corner++) {
            double x = box6[(corner & 1) == 0 ? 0 : 3];
            double y = box6[(corner & 2) == 0 ? 1 : 4];
            double z = box6[(corner & 4) == 0 ? 2 : 5];
            toBody(r0, c0, x, y, z, q);
            if (!(distance(q, n) > 0)) {
                return true;
            }
            toBody(r1, c1, x, y, z, q);
            if (!(distance(q, n) > 0)) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ shape (body frame)

    /**
     * Exact signed distance of a body-frame point to the surface (negative inside) and the outward
     * unit normal: the gradient of the distance, or a fixed unit vector where that is undefined.
     *
     * @param q body-frame point
     * @param normalOut receives the outward unit normal, body frame
     * @return the signed distance, m
     */
    abstract double distance(double[] q, double[] normalOut);

    /**
     * The first parameter {@code s ∈ [0, 1]} at which the segment {@code q0 + s·(q1 − q0)} comes
     * within {@code inflate} of the shape (signed distance ≤ inflate); 0 if {@code q0} already is.
     *
     * @param q0 segment start, body frame
     * @param q1 segment end, body frame
     * @param inflate distance ≥ 0, m
     * @return s, or NaN if the segment stays farther away
     */
    abstract double firstHit(double[] q0, double[] q1, double inflate);

    /** Whether a body-frame point is strictly inside the solid (exact). */
    abstract boolean containsBody(double x, double y, double z);

    /** Largest distance of a point of the shape from the centre, m (infinite for a plane). */
    abstract double boundingRadius();

    /** World axis-aligned bounds of the shape at one pose (min xyz then max xyz). */
    abstract void poseBounds(double[] r, double[] c, double[] out6);

    // ------------------------------------------------------------------ helpers

    /** Body-frame coordinates {@code Rᵀ(x − c)}. */
    private static void toBody(double[] r, double[] c, double x, double y, double z, double[] out) {
        double dx = x - c[0];
        double dy = y - c[1];
        double dz = z - c[2];
        out[0] = r[0] * dx + r[3] * dy + r[6] * dz;
        out[1] = r[1] * dx + r[4] * dy + r[7] * dz;
        out[2] = r[2] * dx + r[5] * dy + r[8] * dz;
    }

    /** {@code out = R·v} ({@code out} may be {@code v}). */
    static void rotate(double[] r, double[] v, double[] out) {
        double x = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
        double y = r[3] * v[0] + r[4] * v[1] + r[5] * v[2];
        double z = r[6] * v[0] + r[7] * v[1] + r[8] * v[2];
        out[0] = x;
        out[1] = y;
        out[2] = z;
    }

    private static void multiply(double[] a, double[] b, double[] out) {
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                out[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
            }
        }
    }

    /**
     * The rotation by the vector {@code (x, y, z)}: angle its length (rad), axis its direction
     * (Rodrigues' formula); exactly the identity for the zero vector.
     *
     * @return row-major 3×3 matrix
     */
    static double[] axisAngle(double x, double y, double z) {
        double theta = Math.sqrt(x * x + y * y + z * z);
        if (theta == 0) {
            return new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
        }
        double ux = x / theta;
        double uy = y / theta;
        double uz = z / theta;
        double c = Math.cos(theta);
        double s = Math.sin(theta);
        double t = 1 - c;
        return new double[] {
            c + t * ux * ux, t * ux * uy - s * uz, t * ux * uz + s * uy,
            t * uy * ux + s * uz, c + t * uy * uy, t * uy * uz - s * ux,
            t * uz * ux - s * uy, t * uz * uy + s * ux, c + t * uz * uz};
    }

    /** A copy of {@code v} after checking it holds 3 finite values; messages name the field. */
    static double[] finiteVector(String name, String field, double[] v) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(v, name + "." + field);
        if (v.length != 3) {
            throw new IllegalArgumentException(
                    name + "." + field + ": must have 3 components (got " + v.length + ")");
        }
        for (int i = 0; i < 3; i++) {
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException(name + "." + field + "[" + i
                        + "]: must be a finite number (got " + v[i] + ")");
            }
        }
        return v.clone();
    }

    /** Checks a finite positive length; messages name the field. */
    static double positive(String name, String field, double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(
                    name + "." + field + ": must be a finite number (got " + v + ")");
        }
        if (!(v > 0)) {
            throw new IllegalArgumentException(name + "." + field + ": must be > 0 (got " + v + ")");
        }
        return v;
    }

    /** A unit copy of a finite non-zero vector; messages name the field. */
    static double[] unit(String name, String field, double[] v) {
        double[] u = finiteVector(name, field, v);
        double scale = Math.max(Math.abs(u[0]), Math.max(Math.abs(u[1]), Math.abs(u[2])));
        if (scale == 0) {
            throw new IllegalArgumentException(
                    name + "." + field + ": must be non-zero (got " + Arrays.toString(v) + ")");
        }
        double x = u[0] / scale;
        double y = u[1] / scale;
        double z = u[2] / scale;
        double len = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / len, y / len, z / len};
    }

    /** The identity rotation, row-major. */
    static double[] identity() {
        return new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
    }
}
