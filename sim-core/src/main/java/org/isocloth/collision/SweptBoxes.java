package org.isocloth.collision;

/**
 * The boxes a {@link MeshCollider} keeps for an interval: each triangle's box swept between the
 * interval's two poses (for its tree), and the bounds of all vertices over the interval and at
 * its end. Poses are finite (checked where they come in), so plain comparisons serve.
 */
final class SweptBoxes {
    private SweptBoxes() {
    }

    /**
     * Each triangle's box over the interval, from its vertices' boxes (each vertex's start and
     * end position).
     *
     * @param tris vertex indices, 3 per triangle
     * @param x0 the start pose, flat xyz
     * @param x1 the end pose
     * @param vb workspace, 6 values per vertex
     * @param boxes receives 6 values per triangle (min xyz, max xyz)
     */
    static void triangleBoxes(int[] tris, double[] x0, double[] x1, double[] vb, double[] boxes) {
        int vertexCount = vb.length / 6;
        for (int v = 0; v < vertexCount; v++) {
            for (int k = 0; k < 3; k++) {
                double a = x0[3 * v + k];
                double b = x1[3 * v + k];
                vb[6 * v + k] = a < b ? a : b;
                vb[6 * v + 3 + k] = a < b ? b : a;
            }
        }
        for (int t = 0, m = tris.length / 3; t < m; t++) {
            int a = 6 * tris[3 * t];
            int b = 6 * tris[3 * t + 1];
            int c = 6 * tris[3 * t + 2];
            int o = 6 * t;
            for (int k = 0; k < 3; k++) {
                double la = vb[a + k], lb = vb[b + k], lc = vb[c + k];
                double ha = vb[a + 3 + k], hb = vb[b + 3 + k], hc = vb[c + 3 + k];
                double l = la < lb ? la : lb;
                double h = ha > hb ? ha : hb;
                boxes[o + k] = l < lc ? l : lc;
                boxes[o + 3 + k] = h > hc ? h : hc;
            }
        }
    }

    /**
     * The bounds of the vertices over the interval and at its end.
     *
     * @param x0 the start pose, flat xyz
     * @param x1 the end pose
     * @param swept receives min xyz, max xyz over both poses
     * @param endBounds receives min xyz, max xyz of the end pose
     */
    static void bounds(double[] x0, double[] x1, double[] swept, double[] endBounds) {
        int vertexCount = x0.length / 3;
        for (int k = 0; k < 3; k++) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            double lo1 = lo;
            double hi1 = hi;
            for (int v = 0; v < vertexCount; v++) {
                double a = x0[3 * v + k];
                double b = x1[3 * v + k];
                // poses are finite (checked where they come in): plain comparisons
                lo1 = b < lo1 ? b : lo1;
                hi1 = b > hi1 ? b : hi1;
                lo = a < lo ? a : lo;
                hi = a > hi ? a : hi;
            }
            swept[k] = lo1 < lo ? lo1 : lo;
            swept[k + 3] = hi1 > hi ? hi1 : hi;
            endBounds[k] = lo1;
            endBounds[k + 3] = hi1;
        }
    }
}
