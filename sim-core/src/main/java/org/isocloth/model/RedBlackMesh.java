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

    /** Longest array the subdivision allocates; larger meshes are refused. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /**
     * Builds the subdivision topology.
     *
     * @param vertexCount number of base vertices (&ge;1)
     * @param triangles base triangles, 3 indices each, consistently oriented manifold (not null,
     *     unaffected; validated by the mesh layer)
     * @throws IllegalArgumentException if an edge has more than two triangles, or if the
     *     subdivided mesh would need an array longer than {@link #MAX_ARRAY} (more than about
     *     178 million base triangles)
     */
    public RedBlackMesh(int vertexCount, int[] triangles) {
        this.vertexCount = vertexCount;
        this.triangleCount = triangles.length / 3;
        int t = triangleCount;
        if (12L * t > MAX_ARRAY) {
            throw new IllegalArgumentException(t + " triangles are too many to subdivide (12 node"
                    + " indices per triangle must fit one array of at most " + MAX_ARRAY + ")");
        }
        this.baseTriangles = triangles.clone();
        // Half-edge h = 3f + i joins local vertices i+1 and i+2 of triangle f. Half-edges are
        // bucketed by their lower end vertex (counting sort), and each bucket is sorted by
        // halfEdgeKey(higher end, h); edges are thus numbered in (lower, higher) order.
        int halfEdges = 3 * t;
        int[] start = new int[vertexCount + 1];
        for (int f = 0; f < t; f++) {
            int a = triangles[3 * f];
            int b = triangles[3 * f + 1];
            int c = triangles[3 * f + 2];
            start[Math.min(b, c) + 1]++;
            start[Math.min(c, a) + 1]++;
            start[Math.min(a, b) + 1]++;
        }
        for (int v = 0; v < vertexCount; v++) {
            start[v + 1] += start[v];
        }
        int[] fill = Arrays.copyOf(start, vertexCount);
        long[] keys = new long[halfEdges];
        for (int h = 0; h < halfEdges; h++) {
            int f = h / 3;
            int i = h - 3 * f;
            int a = triangles[3 * f + (i + 1) % 3];
            int b = triangles[3 * f + (i + 2) % 3];
            keys[fill[Math.min(a, b)]++] = halfEdgeKey(Math.max(a, b), h);
        }
        // sort every bucket and count the distinct (lower, higher) pairs: the edges
        int edges = 0;
        for (int lo = 0; lo < vertexCount; lo++) {
            int from = start[lo];
            int to = start[lo + 1];
            if (to - from > 1) {
                Arrays.sort(keys, from, to);
            }
            for (int k = from; k < to; k++) {
                if (k == from || keyVertex(keys[k]) != keyVertex(keys[k - 1])) {
                    edges++;
                }
            }
        }
        this.edgeCount = edges;
        if (3L * (vertexCount + (long) edgeCount) > MAX_ARRAY
                || 2L * (2L * edgeCount + 3L * t) > MAX_ARRAY) {
            throw new IllegalArgumentException(vertexCount + " vertices and " + edgeCount
                    + " edges are too many to subdivide (the node coordinates and the fine edges"
                    + " must each fit one array of at most " + MAX_ARRAY + ")");
        }
        int[] ev = new int[2 * edgeCount];
        int[] et = new int[2 * edgeCount];
        int[] triEdgeTmp = new int[halfEdges];
        int e = -1;
        for (int lo = 0; lo < vertexCount; lo++) {
            int prevHi = -1;
            for (int k = start[lo]; k < start[lo + 1]; k++) {
                int hi = keyVertex(keys[k]);
                int he = keyHalfEdge(keys[k]);
                int f = he / 3;
                if (hi != prevHi) {
                    e++;
                    prevHi = hi;
                    ev[2 * e] = lo;
                    ev[2 * e + 1] = hi;
                    et[2 * e] = f;
                    et[2 * e + 1] = -1;
                } else {
                    if (et[2 * e + 1] != -1) {
                        throw new IllegalArgumentException("non-manifold edge " + lo + "-" + hi);
                    }
                    et[2 * e + 1] = f;
                }
                triEdgeTmp[he] = e;
            }
        }
        this.edgeVertices = ev;
        this.edgeTriangles = et;
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

    /**
     * The sort key of a half-edge within the bucket of its lower end vertex: the higher end vertex
     * in the upper 32 bits, the half-edge index in the lower 32. Both are non-negative ints, so
     * the key never overflows and keys order by (higher end, half-edge).
     *
     * @param higher the half-edge's higher end vertex (&ge; 0)
     * @param halfEdge the half-edge index 3f + i (&ge; 0)
     * @return the key
     */
    static long halfEdgeKey(int higher, int halfEdge) {
        return ((long) higher << 32) | halfEdge;
    }

    /** @return the higher end vertex stored in a {@link #halfEdgeKey} */
    static int keyVertex(long key) {
        return (int) (key >>> 32);
    }

    /** @return the half-edge index stored in a {@link #halfEdgeKey} */
    static int keyHalfEdge(long key) {
        return (int) key;
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
        if (uvs.length + 6L * triangleCount > MAX_ARRAY) {
            throw new IllegalArgumentException(baseUv + " UVs and " + triangleCount
                    + " triangles are too many to subdivide");
        }
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
