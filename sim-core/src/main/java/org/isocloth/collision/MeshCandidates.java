package org.isocloth.collision;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The triangles of a {@link MeshCollider} near each node of a cloth over one step, gathered once
 * so that the many contact queries of the step's substeps skip the tree. For each node,
 * {@link #gather} takes a <em>reach box</em>: the straight path the node would take over the step
 * under its velocity and gravity, grown by the thickness and {@link #MARGIN}, and keeps the
 * triangles whose boxes swept over the collider's interval meet it; and a <em>wide box</em>, the
 * reach box grown further by a length of the node's own (for points near it, such as the
 * midpoints of its edges). A later query whose path box (grown by the thickness) lies inside the
 * node's reach or wide box tests those triangles; one that leaves it (a node the constraints
 * pulled farther) falls back on the tree. Either way a query finds the same triangles as
 * {@link MeshCollider#contact(double[], double[], int, double, Contact)}.
 *
 * <p>Valid until the collider's interval changes (narrowing it with
 * {@link MeshCollider#narrowInterval} keeps the swept boxes, so the lists stay valid).
 */
public final class MeshCandidates {
    /** Added around each reach box, m: room for the constraints' pull within the step. */
    public static final double MARGIN = 0.005;

    private final MeshCollider collider;
    private final int nodes;
    /** Added to node i's reach box to make its wide box, m. */
    private final double[] extra;
    /** Reach and wide boxes, 6 per node (min xyz, max xyz); empty (min &gt; max) for a skipped node. */
    private final double[] reach;
    private final double[] wide;
    /**
     * Node i's triangles are list[start[i] .. start[i + 1]), those meeting its reach box first,
     * up to reachEnd[i].
     */
    private final int[] start;
    private final int[] reachEnd;
    /** Nodes whose last {@link #contactTracked} query since the last {@link #gather} found no contact. */
    private final boolean[] outside;
    private int[] list = new int[256];
    /** The swept box of list[i] at 6·i, copied for a sequential read. */
    private double[] listBoxes = new double[6 * 256];
    private int size;
    private final double[] box = new double[6];
    private final IntConsumer adder = this::add;

    /**
     * @param collider the collider the lists are for (not null)
     * @param nodes the number of nodes (the first {@code nodes} of the position arrays)
     * @param extra per node, m, what the wide box adds to the reach box (e.g. half its longest
     *     edge, so that {@link #contactNear} finds the edges' midpoints inside), or null for 0
     */
    public MeshCandidates(MeshCollider collider, int nodes, double[] extra) {
        this.collider = collider;
        this.nodes = nodes;
        this.extra = extra == null ? new double[nodes] : extra.clone();
        reach = new double[6 * nodes];
        wide = new double[6 * nodes];
        start = new int[nodes + 1];
        reachEnd = new int[nodes];
        outside = new boolean[nodes];
    }

    /** @return the collider the lists are for */
    public MeshCollider collider() {
        return collider;
    }

    /**
     * Gathers every node's triangles for a step of dt, after the collider's interval was set to
     * the step.
     *
     * @param x positions at the step's start, flat xyz
     * @param v velocities at the step's start, same layout
     * @param gravity acceleration, 3 values
     * @param dt the step, s
     * @param thickness the cloth's thickness, m
     * @param skip nodes that take no contact (pinned), or null
     */
    public void gather(double[] x, double[] v, double[] gravity, double dt, double thickness, boolean[] skip) {
        size = 0;
        Arrays.fill(outside, false);
        for (int i = 0; i < nodes; i++) {
            start[i] = size;
            reachEnd[i] = size;
            int o = 6 * i;
            if (skip != null && skip[i]) {
                Arrays.fill(reach, o, o + 3, Double.POSITIVE_INFINITY);
                Arrays.fill(reach, o + 3, o + 6, Double.NEGATIVE_INFINITY);
                System.arraycopy(reach, o, wide, o, 6);
                continue;
            }
            double grow = thickness + MARGIN;
            for (int c = 0; c < 3; c++) {
                double a = x[3 * i + c];
                double b = a + dt * (v[3 * i + c] + 0.5 * dt * gravity[c]);
                reach[o + c] = Math.min(a, b) - grow;
                reach[o + 3 + c] = Math.max(a, b) + grow;
                wide[o + c] = reach[o + c] - extra[i];
                wide[o + 3 + c] = reach[o + 3 + c] + extra[i];
            }
            System.arraycopy(wide, o, box, 0, 6);
            collider.trianglesNear(box, adder);
            reachEnd[i] = partition(o, start[i], size);
        }
        start[nodes] = size;
    }

    /** Moves the entries of list[from .. to) whose boxes meet reach box o to the front; returns their end. */
    private int partition(int o, int from, int to) {
        int end = from;
        for (int j = from; j < to; j++) {
            int b = 6 * j;
            if (listBoxes[b] <= reach[o + 3] && reach[o] <= listBoxes[b + 3] && listBoxes[b + 1] <= reach[o + 4]
                    && reach[o + 1] <= listBoxes[b + 4] && listBoxes[b + 2] <= reach[o + 5]
                    && reach[o + 2] <= listBoxes[b + 5]) {
                if (j != end) {
                    int t = list[j];
                    list[j] = list[end];
                    list[end] = t;
                    for (int k = 0; k < 6; k++) {
                        double d = listBoxes[b + k];
                        listBoxes[b + k] = listBoxes[6 * end + k];
                        listBoxes[6 * end + k] = d;
                    }
                }
                end++;
            }
        }
        return end;
    }

    private void add(int t) {
        if (size == list.length) {
            list = Arrays.copyOf(list, 2 * size);
            listBoxes = Arrays.copyOf(listBoxes, 12 * size);
        }
        collider.sweptBox(t, listBoxes, 6 * size);
        list[size++] = t;
    }

    /**
     * A node's contact, as {@link MeshCollider#contact(double[], double[], int, double, Contact)}
     * answers it, from the node's list when its path lies within its reach box.
     */
    public boolean contact(double[] from, double[] to, int node, double thickness, Contact out) {
        return contact(from, to, node, thickness, false, out);
    }

    /**
     * {@link #contact(double[], double[], int, double, Contact)} for a caller that queries each
     * node along its path substep after substep: a node whose last query found no contact is
     * known to be outside, so its next query skips the ray test for a point deep inside a closed
     * mesh (a crossing into the mesh is still found by the continuous test). The first query
     * after {@link #gather}, and the one after a contact, are full ones.
     */
    public boolean contactTracked(double[] from, double[] to, int node, double thickness, Contact out) {
        boolean hit = contact(from, to, node, thickness, outside[node], out);
        // a contact's point may lie inside another part of the mesh (an arm against the torso):
        // only a query without contact leaves the node known to be outside
        outside[node] = !hit;
        return hit;
    }

    /**
     * {@link #contact(double[], double[], int, double, Contact)}, for a node known to start
     * outside the collider when {@code fromOutside} ({@link MeshCollider#contactFromOutside}).
     */
    private boolean contact(double[] from, double[] to, int node, double thickness, boolean fromOutside,
            Contact out) {
        if (within(reach, node, from, to, node, thickness)) {
            return test(from, to, node, thickness, start[node], reachEnd[node], fromOutside, out);
        }
        return collider.contact(from, to, node, thickness, out);
    }

    /**
     * The contact of a point at rest (index {@code point} of p), e.g. the midpoint of the edge
     * (a, b), from node a's or node b's list when the point, grown by the thickness, lies within
     * that node's wide box.
     */
    public boolean contactNear(double[] p, int point, int a, int b, double thickness, Contact out) {
        int n = within(wide, a, p, p, point, thickness) ? a : within(wide, b, p, p, point, thickness) ? b : -1;
        if (n < 0) {
            return collider.contact(p, p, point, thickness, out);
        }
        return test(p, p, point, thickness, start[n], start[n + 1], false, out);
    }

    /**
     * Whether the straight segment from node a (at {@code x}) to the point q certainly has no
     * contact with the collider: node a is known to be outside (its last {@link #contactTracked}
     * query found no contact, and it has not moved since), and the segment's box grown by the
     * thickness lies in a's wide box and meets the swept box of none of a's triangles. Then the
     * segment does not cross the surface and no triangle lies within the thickness of q, so q is
     * outside with no contact, which {@link #contactNear} would find with a ray test for a point
     * within the mesh's bounds. False answers decide nothing.
     *
     * @param x positions; node a at 3·a
     * @param a a node whose last tracked query found no contact, unmoved since
     * @param q the point, 3 values
     * @param thickness the cloth's thickness, m
     */
    public boolean clearFrom(double[] x, int a, double[] q, double thickness) {
        if (!outside[a]) {
            return false;
        }
        int o = 6 * a;
        for (int c = 0; c < 3; c++) {
            box[c] = Math.min(x[3 * a + c], q[c]) - thickness;
            box[3 + c] = Math.max(x[3 * a + c], q[c]) + thickness;
            if (box[c] < wide[o + c] || box[3 + c] > wide[o + 3 + c]) {
                return false;
            }
        }
        for (int j = start[a], end = start[a + 1]; j < end; j++) {
            int b = 6 * j;
            if (listBoxes[b] <= box[3] && box[0] <= listBoxes[b + 3] && listBoxes[b + 1] <= box[4]
                    && box[1] <= listBoxes[b + 4] && listBoxes[b + 2] <= box[5] && box[2] <= listBoxes[b + 5]) {
                return false;
            }
        }
        return true;
    }

    /** The collider's contact for point k over the triangles list[from .. to). */
    private boolean test(double[] p0, double[] p1, int k, double thickness, int from, int to, boolean fromOutside,
            Contact out) {
        // a point outside an open mesh, or known to be outside, without triangles near it has no
        // contact
        if (from >= to && (!collider.isClosed() || fromOutside)) {
            return false;
        }
        return fromOutside ? collider.contactFromOutside(p0, p1, k, thickness, list, listBoxes, from, to, out)
                : collider.contact(p0, p1, k, thickness, list, listBoxes, from, to, out);
    }

    /** Whether the path of point k from p0 to p1, grown by the thickness, lies in node i's box of boxes. */
    private static boolean within(double[] boxes, int i, double[] p0, double[] p1, int k, double thickness) {
        int o = 6 * i;
        for (int c = 0; c < 3; c++) {
            double a = p0[3 * k + c];
            double b = p1[3 * k + c];
            if (Math.min(a, b) - thickness < boxes[o + c] || Math.max(a, b) + thickness > boxes[o + 3 + c]) {
                return false;
            }
        }
        return true;
    }
}
