package org.isocloth.solver;

/**
 * Per-node helpers of collider contact processing on flat position arrays (node p at 3p): the
 * Coulomb friction displacement of thesis eq. 3.27, the bounding test of a node's path against a
 * collider's bounds, and squared distances.
 */
final class NodePaths {
    private NodePaths() {
    }

    /**
     * Coulomb friction of eq. 3.27 at a contact point x_c: the node's tangential displacement
     * relative to the collider's surface over the step, d0 = x_c − x⁽ⁿ⁾ − h·v_surface without its
     * normal part, shrinks by μ times the normal correction {@code push}, and vanishes when that
     * is larger (static friction). Writes the displacement taken off, −(1 − keep)·d0, to
     * {@code shift}.
     *
     * @param xc contact point (3 values)
     * @param start positions at the start of the step (node p at 3p)
     * @param vs velocity of the collider's surface at the contact
     * @param n unit normal
     * @param d0 scratch (3 values)
     * @param shift output (3 values)
     */
    static void coulombShift(double[] xc, double[] start, int p, double dt, double[] vs, double[] n,
            double mu, double push, double[] d0, double[] shift) {
        double dn0 = 0;
        for (int k = 0; k < 3; k++) {
            d0[k] = xc[k] - start[3 * p + k] - dt * vs[k];
            dn0 += d0[k] * n[k];
        }
        double tLen2 = 0;
        for (int k = 0; k < 3; k++) {
            d0[k] -= dn0 * n[k];
            tLen2 += d0[k] * d0[k];
        }
        double tLen = Math.sqrt(tLen2);
        double keep = tLen > 0 ? Math.max(1 - mu * push / tLen, 0) : 1;
        for (int k = 0; k < 3; k++) {
            shift[k] = -(1 - keep) * d0[k];
        }
    }

    /** Squared distance between node p in a and in b. */
    static double distance2(double[] a, double[] b, int p) {
        double dx = a[3 * p] - b[3 * p];
        double dy = a[3 * p + 1] - b[3 * p + 1];
        double dz = a[3 * p + 2] - b[3 * p + 2];
        return dx * dx + dy * dy + dz * dz;
    }

    /** Whether node p's path from start to end, inflated by pad, can touch the box (min x, y, z, max x, y, z). */
    static boolean near(double[] start, double[] end, int p, double[] box, double pad) {
        for (int k = 0; k < 3; k++) {
            double lo = Math.min(start[3 * p + k], end[3 * p + k]) - pad;
            double hi = Math.max(start[3 * p + k], end[3 * p + k]) + pad;
            if (hi < box[k] || lo > box[3 + k]) {
                return false;
            }
        }
        return true;
    }
}
