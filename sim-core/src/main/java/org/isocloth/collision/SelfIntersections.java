package org.isocloth.collision;

import java.util.Arrays;
import java.util.Objects;

/**
 * The self-intersection metric of a triangle mesh: the number of pairs of triangles that share no
 * vertex and intersect (as closed triangles, so touching counts).
 *
 * <p>Broad phase: a {@link Bvh} over the exact (not inflated) triangle boxes, whose closed-box
 * overlap test keeps every pair that can touch. Narrow phase: the exact {@link
 * Geometry#trianglesIntersect} test. The count therefore depends only on the positions, not on
 * rounding choices or on any collision response. Pairs sharing one or more vertices are never
 * counted (they touch by construction).
 */
public final class SelfIntersections {
    private SelfIntersections() {
    }

    /**
     * Counts the intersecting pairs of vertex-disjoint triangles.
     *
     * @param triangles vertex indices, 3 per triangle (not null)
     * @param x vertex positions, flat xyz (not null)
     * @return the number of unordered pairs of triangles sharing no vertex that intersect
     */
    public static int count(int[] triangles, double[] x) {
        Counter c = new Counter(triangles, x);
        run(triangles, x, c);
        return c.count;
    }

    /**
     * Lists the intersecting pairs of vertex-disjoint triangles.
     *
     * @param triangles vertex indices, 3 per triangle (not null)
     * @param x vertex positions, flat xyz (not null)
     * @return triangle index pairs, 2 per pair {@code (i, j)} with {@code i < j}, sorted by i then
     *     j; {@code count(triangles, x)} pairs
     */
    public static int[] pairs(int[] triangles, double[] x) {
        Counter c = new Counter(triangles, x);
        c.list = new int[16];
        run(triangles, x, c);
        long[] keys = new long[c.count];
        for (int k = 0; k < c.count; k++) {
            keys[k] = ((long) c.list[2 * k] << 32) | c.list[2 * k + 1];
        }
        Arrays.sort(keys);
        int[] out = new int[2 * c.count];
        for (int k = 0; k < c.count; k++) {
            out[2 * k] = (int) (keys[k] >>> 32);
            out[2 * k + 1] = (int) keys[k];
        }
        return out;
    }

    /**
     * Whether two triangles of a mesh share a vertex (by index).
     *
     * @param triangles vertex indices, 3 per triangle
     * @param i first triangle
     * @param j second triangle
     * @return true if some vertex index of triangle i equals one of triangle j
     */
    public static boolean adjacent(int[] triangles, int i, int j) {
        int a0 = triangles[3 * i], a1 = triangles[3 * i + 1], a2 = triangles[3 * i + 2];
        for (int k = 0; k < 3; k++) {
            int v = triangles[3 * j + k];
            if (v == a0 || v == a1 || v == a2) {
                return true;
            }
        }
        return false;
    }

    private static void run(int[] triangles, double[] x, Counter c) {
        Objects.requireNonNull(triangles, "triangles");
        Objects.requireNonNull(x, "x");
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException("triangles length " + triangles.length
                    + " is not a multiple of 3");
        }
        double[] boxes = new double[2 * triangles.length];
        Bvh.triangleBoxes(triangles, x, null, 0, boxes);
        new Bvh(boxes).selfPairs(c);
    }

    /** Narrow phase and tally. */
    private static final class Counter implements Bvh.PairSink {
        private final int[] tris;
        private final double[] x;
        int count;
        int[] list;

        Counter(int[] tris, double[] x) {
            this.tris = tris;
            this.x = x;
        }

        @Override
        public void pair(int i, int j) {
            if (adjacent(tris, i, j)) {
                return;
            }
            if (!Geometry.trianglesIntersect(x, tris[3 * i], tris[3 * i + 1], tris[3 * i + 2],
                    tris[3 * j], tris[3 * j + 1], tris[3 * j + 2])) {
                return;
            }
            if (list != null) {
                if (2 * count + 2 > list.length) {
                    list = Arrays.copyOf(list, 2 * list.length);
                }
                list[2 * count] = i;
                list[2 * count + 1] = j;
            }
            count++;
        }
    }
}
