package org.isocloth.collision;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The volume a {@link MeshCollider} encloses: its exact inside test, and which of its triangles
 * are <em>buried</em> in it.
 *
 * <p><b>Inside test.</b> The ray from the point along +x, perturbed symbolically to
 * {@code q + (0, ε, ε²)} ({@link ClosedMesh#rayCrossing}), meets the triangles whose boxes the
 * tree reports along it. For a closed mesh the point is inside when the winding number, the sum
 * of the crossings signed by the faces' orientation, is non-zero, so where parts of a skin overlap
 * (a tail's root sunk into the back) the overlap is inside. For an open mesh with capped holes it
 * is the parity of the crossings with the mesh's triangles and its caps. A point on a triangle is
 * not inside.
 *
 * <p><b>Buried points.</b> Where a closed skin intersects itself, parts of its triangles lie inside
 * the volume the rest of the skin encloses: the part of the tail inside the back, the inner wall
 * of a mouth. Crossing such a part from its outer side changes the winding number from 1 to 2,
 * not from 0 to 1: the point was inside before. A point of a triangle is buried when the point
 * just off it on the triangle's outer side, at {@value #OFFSET} of the triangle's longest edge, is
 * inside. Contacts are made with the surface only, so the collider's crossing and proximity
 * queries skip buried points. A triangle that no other triangle crosses is all on the surface or
 * all buried, as its centroid is; on one that another crosses, each point a query meets is
 * tested. The classification is made at the end pose of the collider's interval when a
 * query first meets the triangle, and kept until the poses change.
 */
final class MeshVolume {
    /** Offset of the buried test's point from the triangle, as a fraction of its longest edge. */
    static final double OFFSET = 1e-3;
    /** How much two triangles that share a vertex are shrunk to test whether they cross beyond it. */
    static final double SHRINK = 1e-3;

    private static final byte UNKNOWN = 0;
    private static final byte SURFACE = 1;
    private static final byte BURIED = 2;
    private static final byte PARTLY = 3;

    private final int[] tris;
    /** Triangles across the holes of an open mesh, 3 vertices each (null for a closed mesh or none). */
    private final int[] caps;
    private final boolean closed;
    /** +1 when the triangles' normals point out of a closed mesh, -1 when in. */
    private final double orientation;
    private final Bvh bvh;
    /**
     * Per triangle at the current end pose: {@link #UNKNOWN}, or whether it is all on the surface
     * ({@link #SURFACE}), all buried ({@link #BURIED}) or crossed by another ({@link #PARTLY}).
     */
    private final byte[] state;

    private int[] cand = new int[64];
    private int candCount;
    private final IntConsumer collect = this::addCandidate;
    private final double[] query = new double[6];
    private final double[] q = new double[3];
    /** Two shrunk triangles, 6 vertices (a workspace of {@link #crosses}). */
    private final double[] pair = new double[18];

    /**
     * @param tris the collider's triangles, 3 vertex indices each (not copied)
     * @param caps triangles closing an open mesh's holes, or null
     * @param closed whether the mesh is closed and consistently wound
     * @param orientation +1 when the triangles' normals point out of a closed mesh, -1 when in
     * @param bvh the collider's tree over its triangles' swept boxes
     */
    MeshVolume(int[] tris, int[] caps, boolean closed, double orientation, Bvh bvh) {
        this.tris = tris;
        this.caps = caps;
        this.closed = closed;
        this.orientation = orientation;
        this.bvh = bvh;
        this.state = new byte[tris.length / 3];
    }

    /** Forgets the triangles' classification: the poses changed. */
    void posesChanged() {
        Arrays.fill(state, UNKNOWN);
    }

    /**
     * Whether (x, y, z) lies inside (see the class description).
     *
     * @param pose vertex positions, flat xyz
     * @param bounds box of the pose's vertices (min xyz, max xyz) or a box containing it
     * @param poseTriangle called with each triangle before its vertices are read (null when the
     *     pose is complete)
     * @param poseVertex called with each cap vertex before it is read (null when the pose is
     *     complete)
     */
    boolean inside(double[] pose, double[] bounds, double x, double y, double z, IntConsumer poseTriangle,
            IntConsumer poseVertex) {
        if (!(closed || caps != null)) {
            return false;
        }
        if (!(x >= bounds[0] && x <= bounds[3] && y >= bounds[1] && y <= bounds[4] && z >= bounds[2]
                && z <= bounds[5])) {
            return false;
        }
        query[0] = x;
        query[1] = y;
        query[2] = z;
        query[3] = Double.POSITIVE_INFINITY;
        query[4] = y;
        query[5] = z;
        candCount = 0;
        bvh.query(query, collect);
        q[0] = x;
        q[1] = y;
        q[2] = z;
        int winding = 0;
        boolean odd = false;
        for (int c = 0; c < candCount; c++) {
            int t = cand[c];
            if (poseTriangle != null) {
                poseTriangle.accept(t);
            }
            int r = ClosedMesh.rayCrossing(pose, tris[3 * t], tris[3 * t + 1], tris[3 * t + 2], q);
            if (r == ClosedMesh.ON_SURFACE) {
                return false;
            }
            winding += r;
            odd ^= r != 0;
        }
        if (closed) {
            return winding != 0;
        }
        for (int k = 0; k < caps.length; k += 3) {
            if (poseVertex != null) {
                for (int j = 0; j < 3; j++) {
                    poseVertex.accept(caps[k + j]);
                }
            }
            int r = ClosedMesh.rayCrossing(pose, caps[k], caps[k + 1], caps[k + 2], q);
            if (r == ClosedMesh.ON_SURFACE) {
                return false;
            }
            odd ^= r != 0;
        }
        return odd;
    }

    /**
     * Whether the point of triangle t with barycentric weights (w0, w1, w2) is buried at the end
     * pose (see the class description): false for an open mesh and for a degenerate triangle.
     *
     * @param end the end pose of the collider's interval (complete, not narrowed)
     * @param endBounds the box of its vertices
     */
    boolean buried(int t, double w0, double w1, double w2, double[] end, double[] endBounds) {
        if (!closed) {
            return false;
        }
        byte s = state[t];
        if (s == UNKNOWN) {
            s = classify(t, end, endBounds);
            state[t] = s;
        }
        return s == BURIED || s == PARTLY && offsetInside(t, w0, w1, w2, end, endBounds);
    }

    /**
     * Whether triangle t is all on the surface, all buried, or partly buried: a triangle that no
     * other one crosses is on one side of the rest of the skin, so its centroid decides.
     */
    private byte classify(int t, double[] x, double[] endBounds) {
        int a = tris[3 * t], b = tris[3 * t + 1], c = tris[3 * t + 2];
        for (int k = 0; k < 3; k++) {
            query[k] = Math.min(x[3 * a + k], Math.min(x[3 * b + k], x[3 * c + k]));
            query[3 + k] = Math.max(x[3 * a + k], Math.max(x[3 * b + k], x[3 * c + k]));
        }
        candCount = 0;
        bvh.query(query, collect);
        for (int i = 0; i < candCount; i++) {
            if (crosses(x, t, cand[i])) {
                return PARTLY;
            }
        }
        double third = 1.0 / 3;
        return offsetInside(t, third, third, third, x, endBounds) ? BURIED : SURFACE;
    }

    /**
     * Whether triangles t and u cross. Triangles that share an edge do not (unless folded flat
     * onto each other, which is not looked for); triangles that share one vertex cross where
     * they meet beyond it, tested on copies shrunk about their centroids by {@value #SHRINK}.
     */
    private boolean crosses(double[] x, int t, int u) {
        if (u == t) {
            return false;
        }
        int shared = 0;
        for (int i = 0; i < 3; i++) {
            int v = tris[3 * u + i];
            shared += v == tris[3 * t] || v == tris[3 * t + 1] || v == tris[3 * t + 2] ? 1 : 0;
        }
        if (shared == 0) {
            return Geometry.trianglesIntersect(x, tris[3 * t], tris[3 * t + 1], tris[3 * t + 2], tris[3 * u],
                    tris[3 * u + 1], tris[3 * u + 2]);
        }
        if (shared > 1) {
            return false;
        }
        shrunk(x, t, 0);
        shrunk(x, u, 3);
        return Geometry.trianglesIntersect(pair, 0, 1, 2, 3, 4, 5);
    }

    /** Copies triangle t, shrunk about its centroid by {@link #SHRINK}, into {@link #pair} from vertex {@code at}. */
    private void shrunk(double[] x, int t, int at) {
        for (int k = 0; k < 3; k++) {
            double m = (x[3 * tris[3 * t] + k] + x[3 * tris[3 * t + 1] + k] + x[3 * tris[3 * t + 2] + k]) / 3;
            for (int j = 0; j < 3; j++) {
                pair[3 * (at + j) + k] = m + (1 - SHRINK) * (x[3 * tris[3 * t + j] + k] - m);
            }
        }
    }

    /**
     * Whether the point of triangle t with weights (w0, w1, w2), moved off the triangle on its
     * outer side by {@value #OFFSET} of its longest edge, is inside; false for a degenerate
     * triangle.
     */
    private boolean offsetInside(int t, double w0, double w1, double w2, double[] x, double[] endBounds) {
        int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
        double e1x = x[b] - x[a], e1y = x[b + 1] - x[a + 1], e1z = x[b + 2] - x[a + 2];
        double e2x = x[c] - x[a], e2y = x[c + 1] - x[a + 1], e2z = x[c + 2] - x[a + 2];
        double nx = e1y * e2z - e1z * e2y;
        double ny = e1z * e2x - e1x * e2z;
        double nz = e1x * e2y - e1y * e2x;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0)) {
            return false;
        }
        double e3x = x[c] - x[b], e3y = x[c + 1] - x[b + 1], e3z = x[c + 2] - x[b + 2];
        double longest = Math.sqrt(Math.max(e1x * e1x + e1y * e1y + e1z * e1z,
                Math.max(e2x * e2x + e2y * e2y + e2z * e2z, e3x * e3x + e3y * e3y + e3z * e3z)));
        double s = orientation * OFFSET * longest / len;
        return inside(x, endBounds, w0 * x[a] + w1 * x[b] + w2 * x[c] + s * nx,
                w0 * x[a + 1] + w1 * x[b + 1] + w2 * x[c + 1] + s * ny,
                w0 * x[a + 2] + w1 * x[b + 2] + w2 * x[c + 2] + s * nz, null, null);
    }

    private void addCandidate(int t) {
        if (candCount == cand.length) {
            cand = Arrays.copyOf(cand, 2 * cand.length);
        }
        cand[candCount++] = t;
    }
}
