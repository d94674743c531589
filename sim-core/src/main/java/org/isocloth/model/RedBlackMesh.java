package org.isocloth.model;

import java.util.Arrays;

/**
 * The 4:1 red/black subdivision of a base triangle mesh (thesis §3.1, Fig. 3.1).
 *
 * <p>Node numbering: black node {@code k} (0 &le; k &lt; {@link #vertexCount}) is base vertex k;
 * red node {@code vertexCount + e} is the midpoint of base edge e. Each base triangle (a, b, c)
 * becomes four triangles {@code (a, m_ab, m_ca)}, {@code (m_ab, b, m_bc)}, {@code (m_ca, m_bc, c)}
 * and {@code (m_ab, m_bc, m_ca)} with the base winding preserved.
 *
 * <p>Local edge convention: {@code triEdge[3t + i]} is the base edge opposite local vertex i of
 * triangle t, i.e. the edge joining local vertices i+1 and i+2 (mod 3).
 *
 * <p>Everything here is topology, computed once at set-up; it holds no positions.
 */
public final class RedBlackMesh {
    /** Number of base vertices (= black nodes). */
    public final int vertexCount;
    /** Number of base triangles. */
    public final int triangleCount;
    /** Number of base edges (= red nodes). */
    public final int edgeCount;
    /** Base triangles, 3 vertex indices each. */
    public final int[] baseTriangles;
    /** Base edges, 2 vertex indices each (smaller first). */
    public final int[] edgeVertices;
    /** Triangles on each side of an edge, 2 per edge; the second is -1 on a boundary edge. */
    public final int[] edgeTriangles;
    /** Edge opposite each local vertex of each triangle, 3 per triangle. */
    public final int[] triEdge;
    /** Subdivided mesh triangles over node indices, 12 per base triangle (4 triangles). */
    public final int[] fineTriangles;
    /** Edges of the subdivided mesh, 2 node indices each. */
    public final int[] fineEdges;
    /** Whether each base vertex lies on the boundary. */
    public final boolean[] boundaryVertex;

    /**
     * Builds the subdivision topology.
     *
     * @param vertexCount number of base vertices (&ge;1)
     * @param triangles base triangles, 3 indices each, consistently oriented manifold (not null,
     *     unaffected; validated by the mesh layer)
     */
    public RedBlackMesh(int vertexCount, int[] triangles) {
        this.vertexCount = vertexCount;
        this.triangleCount = triangles.length / 3;
        this.baseTriangles = triangles.clone();
        int t = triangleCount;
        // Unique edges via sorting keys (min*V + max) with the half-edge that produced them.
        long[] keys = new long[3 * t];
        for (int f = 0; f < t; f++) {
            for (int i = 0; i < 3; i++) {
                int a = triangles[3 * f + (i + 1) % 3];
                int b = triangles[3 * f + (i + 2) % 3];
                long lo = Math.min(a, b);
                long hi = Math.max(a, b);
                keys[3 * f + i] = (lo * vertexCount + hi) * (3L * t) + (3L * f + i);
            }
        }
        Arrays.sort(keys);
        long stride = 3L * t;
        int[] triEdgeTmp = new int[3 * t];
        int[] ev = new int[2 * 3 * t];
        int[] et = new int[2 * 3 * t];
        int e = -1;
        long prevPair = -1;
        for (long key : keys) {
            long pair = key / stride;
            int he = (int) (key % stride);
            int f = he / 3;
            if (pair != prevPair) {
                e++;
                prevPair = pair;
                ev[2 * e] = (int) (pair / vertexCount);
                ev[2 * e + 1] = (int) (pair % vertexCount);
                et[2 * e] = f;
                et[2 * e + 1] = -1;
            } else {
                if (et[2 * e + 1] != -1) {
                    throw new IllegalArgumentException("non-manifold edge " + ev[2 * e] + "-" + ev[2 * e + 1]);
                }
                et[2 * e + 1] = f;
            }
            triEdgeTmp[he] = e;
        }
        this.edgeCount = e + 1;
        this.edgeVertices = Arrays.copyOf(ev, 2 * edgeCount);
        this.edgeTriangles = Arrays.copyOf(et, 2 * edgeCount);
        this.triEdge = triEdgeTmp;

        boundaryVertex = new boolean[vertexCount];
        for (int k = 0; k < edgeCount; k++) {
            if (edgeTriangles[2 * k + 1] < 0) {
                boundaryVertex[edgeVertices[2 * k]] = true;
                boundaryVertex[edgeVertices[2 * k + 1]] = true;
            }
        }

        fineTriangles = new int[12 * t];
        for (int f = 0; f < t; f++) {
            int a = triangles[3 * f];
            int b = triangles[3 * f + 1];
            int c = triangles[3 * f + 2];
            int mbc = redNode(triEdge[3 * f]);
            int mca = redNode(triEdge[3 * f + 1]);
            int mab = redNode(triEdge[3 * f + 2]);
            int[] ft = {a, mab, mca, mab, b, mbc, mca, mbc, c, mab, mbc, mca};
            System.arraycopy(ft, 0, fineTriangles, 12 * f, 12);
        }
        // Fine edges: two halves of every base edge plus three red-red edges per triangle.
        fineEdges = new int[2 * (2 * edgeCount + 3 * t)];
        int q = 0;
        for (int k = 0; k < edgeCount; k++) {
            fineEdges[q++] = edgeVertices[2 * k];
            fineEdges[q++] = redNode(k);
            fineEdges[q++] = redNode(k);
            fineEdges[q++] = edgeVertices[2 * k + 1];
        }
        for (int f = 0; f < t; f++) {
            for (int i = 0; i < 3; i++) {
                fineEdges[q++] = redNode(triEdge[3 * f + i]);
                fineEdges[q++] = redNode(triEdge[3 * f + (i + 1) % 3]);
            }
        }
    }

    /** @return total node count (black + red) */
    public int nodeCount() {
        return vertexCount + edgeCount;
    }

    /**
     * @param edge base edge index
     * @return the node index of that edge's red node
     */
    public int redNode(int edge) {
        return vertexCount + edge;
    }

    /**
     * @param edge base edge index
     * @return whether the edge has a single incident triangle
     */
    public boolean isBoundaryEdge(int edge) {
        return edgeTriangles[2 * edge + 1] < 0;
    }

    /**
     * Places the nodes of the subdivided mesh: black nodes at the base vertices, red nodes at the
     * edge midpoints.
     *
     * @param basePositions base vertex positions, 3 per vertex (not null, unaffected)
     * @return node positions, 3 per node (new array)
     */
    public double[] subdividePositions(double[] basePositions) {
        double[] x = new double[3 * nodeCount()];
        System.arraycopy(basePositions, 0, x, 0, 3 * vertexCount);
        for (int k = 0; k < edgeCount; k++) {
            int a = edgeVertices[2 * k];
            int b = edgeVertices[2 * k + 1];
            int r = redNode(k);
            for (int c = 0; c < 3; c++) {
                x[3 * r + c] = 0.5 * (basePositions[3 * a + c] + basePositions[3 * b + c]);
            }
        }
        return x;
    }

    /**
     * Carries texture coordinates over to the subdivided mesh. A red node on a UV seam gets one UV
     * entry per distinct pair of corner UVs, so seams are kept.
     *
     * @param uvs base UV entries, 2 each (not null, unaffected)
     * @param triangleUvs base per-corner UV indices, 3 per base triangle (not null, unaffected)
     * @return {@code {fineUvs, fineTriangleUvs}} as a two-element array of double[] and int[]
     */
    public Object[] subdivideUvs(double[] uvs, int[] triangleUvs) {
        int baseUv = uvs.length / 2;
        java.util.HashMap<Long, Integer> mid = new java.util.HashMap<>();
        double[] out = Arrays.copyOf(uvs, uvs.length + 2 * 3 * triangleCount);
        int count = baseUv;
        int[] fineUv = new int[12 * triangleCount];
        for (int f = 0; f < triangleCount; f++) {
            int[] corner = {triangleUvs[3 * f], triangleUvs[3 * f + 1], triangleUvs[3 * f + 2]};
            int[] m = new int[3]; // m[i] = uv of midpoint opposite local vertex i
            for (int i = 0; i < 3; i++) {
                int p = corner[(i + 1) % 3];
                int q = corner[(i + 2) % 3];
                long key = (long) Math.min(p, q) * (baseUv + 1L) + Math.max(p, q);
                Integer idx = mid.get(key);
                if (idx == null) {
                    idx = count++;
                    out[2 * idx] = 0.5 * (uvs[2 * p] + uvs[2 * q]);
                    out[2 * idx + 1] = 0.5 * (uvs[2 * p + 1] + uvs[2 * q + 1]);
                    mid.put(key, idx);
                }
                m[i] = idx;
            }
            int ua = corner[0];
            int ub = corner[1];
            int uc = corner[2];
            int[] ft = {ua, m[2], m[1], m[2], ub, m[0], m[1], m[0], uc, m[2], m[0], m[1]};
            System.arraycopy(ft, 0, fineUv, 12 * f, 12);
        }
        return new Object[] {Arrays.copyOf(out, 2 * count), fineUv};
    }
}
