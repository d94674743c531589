package org.isocloth.collision;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Closes the small holes of a triangle mesh (a character's eye sockets or mouth) with fans of
 * triangles, so that a skin that is otherwise closed encloses a volume. The jME plugin's skinned
 * collider caps its skin with it on request, and {@link MeshCollider#contains} uses it to tell the
 * inside of such a skin from the outside.
 */
public final class HoleCaps {
    private HoleCaps() {
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
        int open = 0;
        for (int[] uses : edgeUses(triangles).values()) {
            if (uses[0] != 1 || uses[1] != 1) {
                open++;
            }
        }
        return open;
    }

    /**
     * Caps the holes of a mesh: every simple boundary loop (a cycle of edges each used by one
     * triangle, through vertices that each start exactly one such edge) gets a fan of triangles,
     * oriented against the loop so that the capped mesh keeps a consistent orientation. The fan's
     * apex is the first loop vertex none of whose diagonals is already an edge of the mesh; loops
     * that touch themselves or other loops, or have no such apex, are left open. The fan is flat
     * only for a planar, convex hole: it is meant to close small openings (eye sockets, a mouth) so
     * that the mesh encloses a volume.
     *
     * @param triangles vertex indices, 3 per triangle
     * @return the triangles followed by the caps (a new array)
     */
    public static int[] capHoles(int[] triangles) {
        Map<Long, int[]> uses = edgeUses(triangles);
        // boundary edges in their triangle's direction: next[a] = b
        Map<Integer, Integer> next = new HashMap<>();
        Map<Integer, Integer> starts = new HashMap<>();
        for (Map.Entry<Long, int[]> e : uses.entrySet()) {
            int[] u = e.getValue();
            if (u[0] + u[1] != 1) {
                continue;
            }
            int lo = (int) (e.getKey() >>> 32);
            int hi = (int) (long) e.getKey();
            int a = u[0] == 1 ? lo : hi;
            int b = u[0] == 1 ? hi : lo;
            next.put(a, b);
            starts.merge(a, 1, Integer::sum);
        }
        int[] out = Arrays.copyOf(triangles, triangles.length + 3 * next.size());
        int k = triangles.length;
        Set<Integer> done = new HashSet<>();
        for (int start : next.keySet().stream().sorted().toList()) {
            if (done.contains(start)) {
                continue;
            }
            List<Integer> loop = new ArrayList<>();
            int v = start;
            boolean simple = true;
            while (true) {
                if (starts.get(v) != 1 || !done.add(v)) {
                    simple = false;
                    break;
                }
                loop.add(v);
                Integer w = next.get(v);
                if (w == null) {
                    simple = false;
                    break;
                }
                v = w;
                if (v == start) {
                    break;
                }
            }
            if (!simple || loop.size() < 3) {
                continue;
            }
            // the fan's apex: the first loop vertex whose diagonals are not already mesh edges
            int n = loop.size();
            int apex = -1;
            for (int s = 0; s < n && apex < 0; s++) {
                boolean free = true;
                for (int j = 2; j < n - 1 && free; j++) {
                    int a = loop.get(s);
                    int b = loop.get((s + j) % n);
                    free = !uses.containsKey(a < b ? ((long) a << 32) | b : ((long) b << 32) | a);
                }
                if (free) {
                    apex = s;
                }
            }
            if (apex < 0) {
                continue;
            }
            int v0 = loop.get(apex);
            for (int i = 1; i + 1 < n; i++) {
                // the loop runs with the mesh's edges; the cap runs against them
                out[k++] = v0;
                out[k++] = loop.get((apex + i + 1) % n);
                out[k++] = loop.get((apex + i) % n);
            }
        }
        return Arrays.copyOf(out, k);
    }

    /**
     * Per undirected edge (key: the lower vertex in the high 32 bits, the higher in the low), its
     * uses in the direction low → high and high → low.
     */
    private static Map<Long, int[]> edgeUses(int[] triangles) {
        Map<Long, int[]> uses = new HashMap<>();
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            for (int e = 0; e < 3; e++) {
                int a = triangles[t + e];
                int b = triangles[t + (e + 1) % 3];
                long k = a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
                uses.computeIfAbsent(k, x -> new int[2])[a < b ? 0 : 1]++;
            }
        }
        return uses;
    }
}
