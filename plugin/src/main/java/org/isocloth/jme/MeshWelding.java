package org.isocloth.jme;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.isocloth.collision.HoleCaps;

/**
 * Welding of coincident vertices (duplicated along UV or normal seams, or in a triangle soup) so
 * that the triangles share them, and edge counts of the result.
 */
public final class MeshWelding {
    private MeshWelding() {
    }

    /** The outcome of {@link #weld}. */
    public static final class Weld {
        /** For every input vertex, the index of its welded vertex. */
        public final int[] map;
        /** For every welded vertex, the input vertex that represents it (the first one met). */
        public final int[] representatives;

        Weld(int[] map, int[] representatives) {
            this.map = map;
            this.representatives = representatives;
        }

        /** @return the number of welded vertices */
        public int count() {
            return representatives.length;
        }
    }

    /**
     * Welds the vertices that lie within {@code tolerance} of an earlier vertex (the first vertex
     * of a cluster represents it; clusters are formed greedily in input order, on a hash grid of
     * cell size {@code tolerance}).
     *
     * @param positions flat xyz
     * @param tolerance largest distance welded (&ge; 0; 0 welds bit-identical positions only)
     * @return the map and the representatives
     */
    public static Weld weld(double[] positions, double tolerance) {
        int n = positions.length / 3;
        int[] map = new int[n];
        int[] reps = new int[n];
        int count = 0;
        double cell = tolerance > 0 ? tolerance : 1;
        double tol2 = tolerance * tolerance;
        Map<Long, int[]> grid = new HashMap<>();
        for (int v = 0; v < n; v++) {
            double x = positions[3 * v];
            double y = positions[3 * v + 1];
            double z = positions[3 * v + 2];
            long cx = (long) Math.floor(x / cell);
            long cy = (long) Math.floor(y / cell);
            long cz = (long) Math.floor(z / cell);
            int found = -1;
            for (long dx = -1; dx <= 1 && found < 0; dx++) {
                for (long dy = -1; dy <= 1 && found < 0; dy++) {
                    for (long dz = -1; dz <= 1 && found < 0; dz++) {
                        int[] bucket = grid.get(key(cx + dx, cy + dy, cz + dz));
                        if (bucket == null) {
                            continue;
                        }
                        for (int i = 1; i <= bucket[0]; i++) {
                            int w = reps[bucket[i]];
                            double ex = positions[3 * w] - x;
                            double ey = positions[3 * w + 1] - y;
                            double ez = positions[3 * w + 2] - z;
                            if (ex * ex + ey * ey + ez * ez <= tol2) {
                                found = bucket[i];
                                break;
                            }
                        }
                    }
                }
            }
            if (found < 0) {
                found = count++;
                reps[found] = v;
                long k = key(cx, cy, cz);
                int[] bucket = grid.get(k);
                if (bucket == null) {
                    bucket = new int[4];
                } else if (bucket[0] + 1 == bucket.length) {
                    bucket = Arrays.copyOf(bucket, 2 * bucket.length);
                }
                bucket[++bucket[0]] = found;
                grid.put(k, bucket);
            }
            map[v] = found;
        }
        return new Weld(map, Arrays.copyOf(reps, count));
    }

    private static long key(long x, long y, long z) {
        // 21 bits a coordinate: cells farther apart alias, which only costs a distance check
        return ((x & 0x1FFFFF) << 42) | ((y & 0x1FFFFF) << 21) | (z & 0x1FFFFF);
    }

    /**
     * Maps triangles onto welded vertices, dropping those that collapse (use a welded vertex
     * twice).
     *
     * @param triangles vertex indices, 3 per triangle
     * @param map input vertex to welded vertex
     * @return the remapped triangles (a new array)
     */
    public static int[] remap(int[] triangles, int[] map) {
        int[] out = new int[triangles.length];
        int k = 0;
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            int a = map[triangles[t]];
            int b = map[triangles[t + 1]];
            int c = map[triangles[t + 2]];
            if (a != b && b != c && c != a) {
                out[k++] = a;
                out[k++] = b;
                out[k++] = c;
            }
        }
        return Arrays.copyOf(out, k);
    }

    /**
     * Counts the edges that keep a mesh from being closed: an undirected edge is open unless
     * exactly two triangles use it, in opposite directions (the rule of
     * {@link org.isocloth.collision.MeshCollider#isClosed()}).
     *
     * @param triangles vertex indices, 3 per triangle
     * @return the number of undirected edges that are not shared by exactly two oppositely
     *     oriented triangles
     */
    public static int openEdges(int[] triangles) {
        return HoleCaps.openEdges(triangles);
    }

    /**
     * Caps the holes of a mesh ({@link HoleCaps#capHoles}: every simple boundary loop gets a fan
     * of triangles oriented against it).
     *
     * @param triangles vertex indices, 3 per triangle
     * @return the triangles followed by the caps (a new array)
     */
    public static int[] capHoles(int[] triangles) {
        return HoleCaps.capHoles(triangles);
    }

    /**
     * The diagonal of the axis-aligned bounds of a point set.
     *
     * @param positions flat xyz
     * @return the length of the bounding box's diagonal (0 for no or one point)
     */
    public static double diagonal(double[] positions) {
        if (positions.length < 3) {
            return 0;
        }
        double[] lo = {positions[0], positions[1], positions[2]};
        double[] hi = lo.clone();
        for (int i = 3; i < positions.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], positions[i + k]);
                hi[k] = Math.max(hi[k], positions[i + k]);
            }
        }
        double dx = hi[0] - lo[0];
        double dy = hi[1] - lo[1];
        double dz = hi[2] - lo[2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
