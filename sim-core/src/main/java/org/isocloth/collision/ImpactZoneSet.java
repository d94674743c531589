package org.isocloth.collision;

import java.util.Arrays;

/**
 * The impact zones of one cloth–cloth call (Harmon et al. 2008): some nodes partitioned into
 * zones, kept as a union-find forest, with per zone whether its last rigid motion kept it rigid
 * ({@link RigidZone#move}: false when pinned nodes deform it) and whether it grew since it last
 * moved. Nodes in no zone are free.
 */
final class ImpactZoneSet {
    /** Moves the nodes of one zone rigidly. */
    @FunctionalInterface
    interface Mover {
        /**
         * @param group the zone's nodes, first {@code size} entries
         * @param size number of nodes
         * @return whether the zone stayed rigid
         */
        boolean move(int[] group, int size);
    }

    private final int[] parent;
    private final boolean[] inZone;
    private final boolean[] rigid;
    private final boolean[] touched;
    /** Nodes in a zone, in the order they joined. */
    private int[] members = new int[64];
    private int count;
    private long[] keys = new long[64];
    private int[] group = new int[64];

    ImpactZoneSet(int nodeCount) {
        parent = new int[nodeCount];
        inZone = new boolean[nodeCount];
        rigid = new boolean[nodeCount];
        touched = new boolean[nodeCount];
    }

    /** Makes every node free. */
    void clear() {
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
            inZone[i] = false;
            rigid[i] = false;
            touched[i] = false;
        }
        count = 0;
    }

    /** @return whether the node belongs to a zone */
    boolean contains(int node) {
        return inZone[node];
    }

    private int find(int i) {
        int r = i;
        while (parent[r] != r) {
            r = parent[r];
        }
        while (parent[i] != r) {
            int next = parent[i];
            parent[i] = r;
            i = next;
        }
        return r;
    }

    /** @return whether the four nodes lie in one zone that its last motion kept rigid */
    boolean sameRigidZone(int a, int b, int c, int d) {
        if (!(inZone[a] && inZone[b] && inZone[c] && inZone[d])) {
            return false;
        }
        int r = find(a);
        return rigid[r] && find(b) == r && find(c) == r && find(d) == r;
    }

    private void add(int node) {
        if (!inZone[node]) {
            inZone[node] = true;
            if (count == members.length) {
                members = Arrays.copyOf(members, 2 * members.length);
            }
            members[count++] = node;
        }
    }

    /**
     * Merges the zones of the nodes of one collision (free nodes join first) and marks the zone
     * touched when it grew.
     *
     * @param nodes the collision's four nodes
     * @return whether two zones, or a free node and a zone, were merged
     */
    boolean join(int[] nodes) {
        boolean merged = false;
        int r0 = -1;
        for (int k = 0; k < 4; k++) {
            int node = nodes[k];
            if (!inZone[node]) {
                merged = true;
                add(node);
            }
            int r = find(node);
            if (r0 < 0) {
                r0 = r;
            } else if (r != r0) {
                parent[r] = r0;
                merged = true;
            }
        }
        // a collision inside a zone that is not rigid (deforming pins) cannot be fixed by it
        touched[r0] |= merged;
        return merged;
    }

    /** Puts every node into one zone, touched (the last resort of the impact-zone stage). */
    void joinAll() {
        for (int i = 0; i < parent.length; i++) {
            add(i);
            int r = find(i);
            int r0 = find(0);
            if (r != r0) {
                parent[r] = r0;
            }
        }
        touched[find(0)] = true;
    }

    /** @return the number of zones */
    int zoneCount() {
        int zones = 0;
        for (int k = 0; k < count; k++) {
            int node = members[k];
            if (find(node) == node) {
                zones++;
            }
        }
        return zones;
    }

    /**
     * Moves every zone that grew since it last moved, with its nodes in increasing order, and
     * records whether it stayed rigid.
     */
    void moveTouched(Mover mover) {
        if (keys.length < count) {
            keys = new long[Math.max(count, 2 * keys.length)];
        }
        // roots may have changed after the touched flags were set: move the flags to the roots
        for (int k = 0; k < count; k++) {
            int node = members[k];
            if (touched[node] && find(node) != node) {
                touched[node] = false;
                touched[find(node)] = true;
            }
        }
        for (int k = 0; k < count; k++) {
            int node = members[k];
            keys[k] = ((long) find(node) << 32) | node;
        }
        Arrays.sort(keys, 0, count);
        int k = 0;
        while (k < count) {
            int root = (int) (keys[k] >>> 32);
            int end = k;
            while (end < count && (int) (keys[end] >>> 32) == root) {
                end++;
            }
            if (touched[root]) {
                touched[root] = false;
                int size = end - k;
                if (group.length < size) {
                    group = new int[Math.max(size, 2 * group.length)];
                }
                for (int j = 0; j < size; j++) {
                    group[j] = (int) keys[k + j];
                }
                rigid[root] = mover.move(group, size);
            }
            k = end;
        }
    }
}
