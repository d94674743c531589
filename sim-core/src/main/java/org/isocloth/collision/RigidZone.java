package org.isocloth.collision;

/**
 * The rigid motion of an impact zone over one step (Provot 1997; Bridson, Fedkiw and Anderson
 * 2002, §7.4; Harmon et al. 2008), used by {@link SelfCollisions} as its fail-safe.
 *
 * <p>Every node of the zone moves from its start position {@code x0} to {@code c1 + R (x0 −
 * c0)}, so that the straight path from start to end, {@code x(t) = c0 + t (c1 − c0) + ((1 − t) I
 * + t R)(x0 − c0)}, is a non-singular affine map of the start configuration for every t when the
 * rotation angle is below π (the smallest singular value of {@code (1 − t) I + t R} is at least
 * {@code cos(θ/2)}). Elements of the zone therefore cannot collide with one another during the
 * step when they did not intersect at its start.
 *
 * <p>Without pinned nodes the motion keeps the zone's linear momentum exactly and its angular
 * momentum about the centre of mass to first order in the angle: with displacements {@code u =
 * x1 − x0} (velocities times the step), masses {@code m = 1 / invMass}, centre of mass {@code
 * c0}, mean displacement {@code d}, angular momentum {@code L = Σ m r × (u − d)} and inertia
 * tensor {@code I = Σ m (|r|² − r rᵀ)} ({@code r = x0 − c0}), the rotation vector is {@code θ =
 * I⁻¹ L} and {@code c1 = c0 + d}. The angle is limited to {@value #MAX_ANGLE} rad (a quarter
 * turn per step, far beyond what cloth does) to keep the path well conditioned.
 *
 * <p>Pinned nodes (inverse mass 0) have infinite mass: the zone follows them. With one pinned
 * node, or when all pinned nodes have the same displacement, the zone translates by that
 * displacement (static pins keep the whole zone at its start). Otherwise the rotation and
 * translation best fitting the pinned nodes' start and end positions (Horn's quaternion method)
 * move the zone; the fit is exact when the pinned nodes move rigidly, and the zone is reported as
 * non-rigid when they do not (their prescribed motion then deforms the zone, and collisions
 * inside it are no longer excluded).
 *
 * <p>Not thread-safe: instances keep scratch space.
 */
final class RigidZone {
    /** Largest rotation angle of a zone over one step (rad). */
    static final double MAX_ANGLE = 0.5 * Math.PI;
    /** Relative tolerance on the pinned nodes' deviation from the fitted rigid motion. */
    static final double RIGID_TOLERANCE = 1e-9;

    private final double[] rot = new double[9];
    private final double[] sym = new double[16];
    private final double[] vec = new double[16];

    /**
     * Moves the free nodes of a zone rigidly.
     *
     * @param nodes node indices; the zone is {@code nodes[from .. to)}
     * @param from first index in nodes
     * @param to end index in nodes (exclusive)
     * @param x0 start positions, flat xyz
     * @param x1 end positions the motion is computed from (velocities {@code (x1 − x0) / dt}),
     *     flat xyz; not modified
     * @param invMass inverse masses, 0 for pinned nodes
     * @param out receives the new end positions of the zone's free nodes (pinned nodes are not
     *     written); may be x1
     * @return true if the motion is rigid for every node of the zone (always without pinned
     *     nodes); false if the pinned nodes deviate from the fitted rigid motion
     */
    boolean move(int[] nodes, int from, int to, double[] x0, double[] x1, double[] invMass,
            double[] out) {
        int pinned = 0;
        int firstPinned = -1;
        for (int k = from; k < to; k++) {
            if (invMass[nodes[k]] == 0) {
                if (pinned == 0) {
                    firstPinned = nodes[k];
                }
                pinned++;
            }
        }
        if (pinned == 0) {
            moveFree(nodes, from, to, x0, x1, invMass, out);
            return true;
        }
        return movePinned(nodes, from, to, x0, x1, invMass, out, firstPinned);
    }

    private void moveFree(int[] nodes, int from, int to, double[] x0, double[] x1,
            double[] invMass, double[] out) {
        double mass = 0, cx = 0, cy = 0, cz = 0, dx = 0, dy = 0, dz = 0;
        for (int k = from; k < to; k++) {
            int i = 3 * nodes[k];
            double m = 1 / invMass[nodes[k]];
            mass += m;
            cx += m * x0[i];
            cy += m * x0[i + 1];
            cz += m * x0[i + 2];
            dx += m * (x1[i] - x0[i]);
            dy += m * (x1[i + 1] - x0[i + 1]);
            dz += m * (x1[i + 2] - x0[i + 2]);
        }
        cx /= mass;
        cy /= mass;
        cz /= mass;
        dx /= mass;
        dy /= mass;
        dz /= mass;
        double lx = 0, ly = 0, lz = 0;
        double ixx = 0, iyy = 0, izz = 0, ixy = 0, ixz = 0, iyz = 0;
        for (int k = from; k < to; k++) {
            int i = 3 * nodes[k];
            double m = 1 / invMass[nodes[k]];
            double rx = x0[i] - cx, ry = x0[i + 1] - cy, rz = x0[i + 2] - cz;
            double ux = x1[i] - x0[i] - dx, uy = x1[i + 1] - x0[i + 1] - dy, uz = x1[i + 2] - x0[i + 2] - dz;
            lx += m * (ry * uz - rz * uy);
            ly += m * (rz * ux - rx * uz);
            lz += m * (rx * uy - ry * ux);
            ixx += m * (ry * ry + rz * rz);
            iyy += m * (rx * rx + rz * rz);
            izz += m * (rx * rx + ry * ry);
            ixy -= m * rx * ry;
            ixz -= m * rx * rz;
            iyz -= m * ry * rz;
        }
        // θ = I⁻¹ L; a tiny Tikhonov term keeps collinear zones (rank-deficient I) solvable
        double trace = ixx + iyy + izz;
        double tx = 0, ty = 0, tz = 0;
        if (trace > 0) {
            double reg = 1e-12 * trace;
            double a = ixx + reg, b = iyy + reg, c = izz + reg;
            double c00 = b * c - iyz * iyz, c01 = ixz * iyz - ixy * c, c02 = ixy * iyz - ixz * b;
            double c11 = a * c - ixz * ixz, c12 = ixy * ixz - a * iyz, c22 = a * b - ixy * ixy;
            double det = a * c00 + ixy * c01 + ixz * c02;
            if (det > 0) {
                tx = (c00 * lx + c01 * ly + c02 * lz) / det;
                ty = (c01 * lx + c11 * ly + c12 * lz) / det;
                tz = (c02 * lx + c12 * ly + c22 * lz) / det;
            }
        }
        double angle = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (angle > 0) {
            double s = Math.min(angle, MAX_ANGLE) / angle;
            axisAngle(tx * s, ty * s, tz * s, rot);
        } else {
            identity(rot);
        }
        apply(nodes, from, to, x0, invMass, cx, cy, cz, cx + dx, cy + dy, cz + dz, out);
    }

    private boolean movePinned(int[] nodes, int from, int to, double[] x0, double[] x1,
            double[] invMass, double[] out, int firstPinned) {
        int f = 3 * firstPinned;
        double ux = x1[f] - x0[f], uy = x1[f + 1] - x0[f + 1], uz = x1[f + 2] - x0[f + 2];
        boolean translation = true;
        int pinned = 0;
        double ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
        for (int k = from; k < to; k++) {
            int i = 3 * nodes[k];
            if (invMass[nodes[k]] != 0) {
                continue;
            }
            pinned++;
            translation &= x1[i] - x0[i] == ux && x1[i + 1] - x0[i + 1] == uy
                    && x1[i + 2] - x0[i + 2] == uz;
            ax += x0[i];
            ay += x0[i + 1];
            az += x0[i + 2];
            bx += x1[i];
            by += x1[i + 1];
            bz += x1[i + 2];
        }
        if (translation) {
            // exact: every free node gets the pinned nodes' common displacement
            for (int k = from; k < to; k++) {
                int i = 3 * nodes[k];
                if (invMass[nodes[k]] != 0) {
                    out[i] = x0[i] + ux;
                    out[i + 1] = x0[i + 1] + uy;
                    out[i + 2] = x0[i + 2] + uz;
                }
            }
            return true;
        }
        ax /= pinned;
        ay /= pinned;
        az /= pinned;
        bx /= pinned;
        by /= pinned;
        bz /= pinned;
        // Horn (1987): the unit quaternion maximising Σ b·(R a) is the top eigenvector of N(S),
        // S = Σ a bᵀ over the centred pinned positions
        double sxx = 0, sxy = 0, sxz = 0, syx = 0, syy = 0, syz = 0, szx = 0, szy = 0, szz = 0;
        double scale = 0;
        for (int k = from; k < to; k++) {
            int i = 3 * nodes[k];
            if (invMass[nodes[k]] != 0) {
                continue;
            }
            double px = x0[i] - ax, py = x0[i + 1] - ay, pz = x0[i + 2] - az;
            double qx = x1[i] - bx, qy = x1[i + 1] - by, qz = x1[i + 2] - bz;
            sxx += px * qx;
            sxy += px * qy;
            sxz += px * qz;
            syx += py * qx;
            syy += py * qy;
            syz += py * qz;
            szx += pz * qx;
            szy += pz * qy;
            szz += pz * qz;
            scale = Math.max(scale, Math.sqrt(px * px + py * py + pz * pz)
                    + Math.sqrt(qx * qx + qy * qy + qz * qz));
        }
        double[] n = sym;
        n[0] = sxx + syy + szz;
        n[1] = syz - szy;
        n[2] = szx - sxz;
        n[3] = sxy - syx;
        n[5] = sxx - syy - szz;
        n[6] = sxy + syx;
        n[7] = szx + sxz;
        n[10] = -sxx + syy - szz;
        n[11] = syz + szy;
        n[15] = -sxx - syy + szz;
        n[4] = n[1];
        n[8] = n[2];
        n[12] = n[3];
        n[9] = n[6];
        n[13] = n[7];
        n[14] = n[11];
        jacobi4(n, vec);
        int best = 0;
        for (int j = 1; j < 4; j++) {
            if (n[5 * j] > n[5 * best]) {
                best = j;
            }
        }
        quaternion(vec[best], vec[4 + best], vec[8 + best], vec[12 + best], rot);
        apply(nodes, from, to, x0, invMass, ax, ay, az, bx, by, bz, out);
        double worst = 0;
        for (int k = from; k < to; k++) {
            int i = 3 * nodes[k];
            if (invMass[nodes[k]] != 0) {
                continue;
            }
            double px = x0[i] - ax, py = x0[i + 1] - ay, pz = x0[i + 2] - az;
            double ex = bx + rot[0] * px + rot[1] * py + rot[2] * pz - x1[i];
            double ey = by + rot[3] * px + rot[4] * py + rot[5] * pz - x1[i + 1];
            double ez = bz + rot[6] * px + rot[7] * py + rot[8] * pz - x1[i + 2];
            worst = Math.max(worst, Math.sqrt(ex * ex + ey * ey + ez * ez));
        }
        return worst <= RIGID_TOLERANCE * scale;
    }

    /** out = c1 + R (x0 − c0) for the free nodes. */
    private void apply(int[] nodes, int from, int to, double[] x0, double[] invMass, double ax,
            double ay, double az, double bx, double by, double bz, double[] out) {
        double[] r = rot;
        for (int k = from; k < to; k++) {
            int i = 3 * nodes[k];
            if (invMass[nodes[k]] == 0) {
                continue;
            }
            double px = x0[i] - ax, py = x0[i + 1] - ay, pz = x0[i + 2] - az;
            out[i] = bx + (r[0] * px + r[1] * py + r[2] * pz);
            out[i + 1] = by + (r[3] * px + r[4] * py + r[5] * pz);
            out[i + 2] = bz + (r[6] * px + r[7] * py + r[8] * pz);
        }
    }

    private static void identity(double[] r) {
        for (int k = 0; k < 9; k++) {
            r[k] = k % 4 == 0 ? 1 : 0;
        }
    }

    /** Rotation matrix (row-major) of the rotation vector (θx, θy, θz) (Rodrigues). */
    static void axisAngle(double tx, double ty, double tz, double[] r) {
        double angle = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (!(angle > 0)) {
            identity(r);
            return;
        }
        double kx = tx / angle, ky = ty / angle, kz = tz / angle;
        double c = Math.cos(angle), s = Math.sin(angle), v = 1 - c;
        r[0] = c + kx * kx * v;
        r[1] = kx * ky * v - kz * s;
        r[2] = kx * kz * v + ky * s;
        r[3] = ky * kx * v + kz * s;
        r[4] = c + ky * ky * v;
        r[5] = ky * kz * v - kx * s;
        r[6] = kz * kx * v - ky * s;
        r[7] = kz * ky * v + kx * s;
        r[8] = c + kz * kz * v;
    }

    /** Rotation matrix (row-major) of the quaternion (w, x, y, z), normalised first. */
    static void quaternion(double w, double x, double y, double z, double[] r) {
        double len = Math.sqrt(w * w + x * x + y * y + z * z);
        w /= len;
        x /= len;
        y /= len;
        z /= len;
        r[0] = 1 - 2 * (y * y + z * z);
        r[1] = 2 * (x * y - w * z);
        r[2] = 2 * (x * z + w * y);
        r[3] = 2 * (x * y + w * z);
        r[4] = 1 - 2 * (x * x + z * z);
        r[5] = 2 * (y * z - w * x);
        r[6] = 2 * (x * z - w * y);
        r[7] = 2 * (y * z + w * x);
        r[8] = 1 - 2 * (x * x + y * y);
    }

    /**
     * Cyclic Jacobi eigen-decomposition of a symmetric 4×4 matrix (row-major, overwritten: the
     * eigenvalues end on its diagonal); {@code v} receives the eigenvectors as columns.
     */
    static void jacobi4(double[] a, double[] v) {
        for (int k = 0; k < 16; k++) {
            v[k] = k % 5 == 0 ? 1 : 0;
        }
        for (int sweep = 0; sweep < 50; sweep++) {
            double off = 0, diag = 0;
            for (int i = 0; i < 4; i++) {
                diag += a[5 * i] * a[5 * i];
                for (int j = i + 1; j < 4; j++) {
                    off += a[4 * i + j] * a[4 * i + j];
                }
            }
            if (!(off > 1e-32 * diag)) {
                return;
            }
            for (int p = 0; p < 3; p++) {
                for (int q = p + 1; q < 4; q++) {
                    double apq = a[4 * p + q];
                    if (apq == 0) {
                        continue;
                    }
                    double theta = (a[5 * q] - a[5 * p]) / (2 * apq);
                    double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    if (theta == 0) {
                        t = 1;
                    }
                    double c = 1 / Math.sqrt(t * t + 1), s = t * c;
                    for (int k = 0; k < 4; k++) {
                        // columns p, q of A
                        double akp = a[4 * k + p], akq = a[4 * k + q];
                        a[4 * k + p] = c * akp - s * akq;
                        a[4 * k + q] = s * akp + c * akq;
                    }
                    for (int k = 0; k < 4; k++) {
                        // rows p, q of A
                        double apk = a[4 * p + k], aqk = a[4 * q + k];
                        a[4 * p + k] = c * apk - s * aqk;
                        a[4 * q + k] = s * apk + c * aqk;
                    }
                    for (int k = 0; k < 4; k++) {
                        double vkp = v[4 * k + p], vkq = v[4 * k + q];
                        v[4 * k + p] = c * vkp - s * vkq;
                        v[4 * k + q] = s * vkp + c * vkq;
                    }
                }
            }
        }
    }
}
