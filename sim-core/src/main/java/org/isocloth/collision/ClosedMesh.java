package org.isocloth.collision;

import java.util.HashMap;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The closed-mesh tests of {@link MeshCollider}: whether a triangle mesh is closed and
 * consistently wound, its enclosed volume's sign, and the exact step of its inside test (one
 * triangle against the ray from a point along +x, perturbed symbolically to
 * {@code q + (0, ε, ε²)} so that rays through edges and vertices are counted consistently).
 */
final class ClosedMesh {
    private static final Logger LOG = Logger.getLogger(ClosedMesh.class.getName());

    private ClosedMesh() {
    }

    /** What {@link #rayCrossing} returns when the point lies on the triangle. */
    static final int ON_SURFACE = 2;

    /**
     * One triangle's part in the winding number of point q, counted along the ray from q.
     *
     * @param x positions, flat xyz
     * @param a first vertex of the triangle
     * @param b second vertex
     * @param c third vertex
     * @param q the point, 3 values
     * @return {@link #ON_SURFACE} when q lies on the triangle (exact test, also for triangles
     *     parallel to the ray); when the perturbed ray from q along +x meets the triangle ahead of
     *     q, the sign of the x component of the triangle's normal (+1 or −1: on a closed,
     *     consistently wound mesh the sum over the triangles is the winding number of q, up to
     *     one sign for the whole mesh); 0 otherwise
     */
    static int rayCrossing(double[] x, int a, int b, int c, double[] q) {
        int o = Geometry.orient3d(x, a, x, b, x, c, q, 0);
        if (o == 0 && onTriangle(x, a, b, c, q)) {
            return ON_SURFACE;
        }
        // projection along x: (y, z); s is the sign of the normal's x component
        int s = Geometry.orient2d(x, a, x, b, x, c, 0);
        if (s == 0 || o == 0) {
            return 0; // the perturbed ray misses triangles parallel to it and planes through q
        }
        return o == s && perturbedSide(x, a, b, q) == s && perturbedSide(x, b, c, q) == s
                && perturbedSide(x, c, a, q) == s ? s : 0;
    }

    /** Whether q, coplanar with triangle (a, b, c), lies on the closed triangle. */
    private static boolean onTriangle(double[] x, int a, int b, int c, double[] q) {
        int k = Geometry.projectionAxis(x, a, b, c);
        if (k >= 0) {
            int o1 = Geometry.orient2d(x, a, x, b, q, 0, k);
            int o2 = Geometry.orient2d(x, b, x, c, q, 0, k);
            int o3 = Geometry.orient2d(x, c, x, a, q, 0, k);
            return (o1 >= 0 && o2 >= 0 && o3 >= 0) || (o1 <= 0 && o2 <= 0 && o3 <= 0);
        }
        // zero area: the union of its edges
        return onSegment(x, a, b, q) || onSegment(x, b, c, q) || onSegment(x, c, a, q);
    }

    /** Whether q lies on the closed segment (a, b) (exact). */
    private static boolean onSegment(double[] x, int a, int b, double[] q) {
        for (int k = 0; k < 3; k++) {
            if (Geometry.orient2d(x, a, x, b, q, 0, k) != 0) {
                return false;
            }
            double lo = Math.min(x[3 * a + k], x[3 * b + k]);
            double hi = Math.max(x[3 * a + k], x[3 * b + k]);
            if (q[k] < lo || q[k] > hi) {
                return false;
            }
        }
        return true;
    }

    /**
     * Sign of the 2D orientation of (a, b, q') in the (y, z) projection for the perturbed point
     * {@code q' = q + (ε, ε²)}: the exact sign when non-zero, else the sign of its ε term
     * {@code a_z − b_z}, else of its ε² term {@code b_y − a_y}.
     */
    private static int perturbedSide(double[] x, int a, int b, double[] q) {
        int o = Geometry.orient2d(x, a, x, b, q, 0, 0);
        if (o != 0) {
            return o;
        }
        double az = x[3 * a + 2], bz = x[3 * b + 2];
        if (az != bz) {
            return az > bz ? 1 : -1;
        }
        double ay = x[3 * a + 1], by = x[3 * b + 1];
        return by > ay ? 1 : by < ay ? -1 : 0;
    }

    /**
     * Whether every edge is used exactly once in each direction (a closed, consistently wound
     * mesh). Logs a warning when every edge has two triangles but the winding is inconsistent.
     */
    static boolean isClosed(String name, int[] tris, int nv) {
        Map<Long, Integer> directed = new HashMap<>(2 * tris.length);
        boolean repeated = false;
        for (int t = 0; t < tris.length / 3; t++) {
            for (int j = 0; j < 3; j++) {
                long a = tris[3 * t + j];
                long b = tris[3 * t + (j + 1) % 3];
                if (directed.merge(a * nv + b, 1, Integer::sum) > 1) {
                    repeated = true;
                }
            }
        }
        boolean paired = true;
        boolean consistent = !repeated;
        for (Map.Entry<Long, Integer> e : directed.entrySet()) {
            long a = e.getKey() / nv;
            long b = e.getKey() % nv;
            int forward = e.getValue();
            int backward = directed.getOrDefault(b * nv + a, 0);
            if (forward + backward != 2) {
                paired = false;
            }
        }
        if (paired && !consistent) {
            LOG.warning(() -> name + ": every edge has two triangles but the winding is"
                    + " inconsistent; treated as an open mesh (contains no point)");
        }
        return paired && consistent;
    }

    /** Six times the signed volume enclosed by the triangles. */
    static double signedVolume(int[] tris, double[] x) {
        double v = 0;
        for (int t = 0; t < tris.length / 3; t++) {
            int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
            v += x[a] * (x[b + 1] * x[c + 2] - x[b + 2] * x[c + 1])
                    + x[a + 1] * (x[b + 2] * x[c] - x[b] * x[c + 2])
                    + x[a + 2] * (x[b] * x[c + 1] - x[b + 1] * x[c]);
        }
        return v;
    }
}
