package org.isocloth.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.TriMesh;
import org.junit.jupiter.api.Test;

/** Edge numbering of {@link RedBlackMesh} on meshes with large vertex indices. */
class RedBlackMeshTest {

    @Test
    void halfEdgeKeysKeepLargeIndicesAndTheirOrder() {
        // the key packs two non-negative ints into a long: even the largest array indices come
        // back unchanged, and keys compare as (vertex, half-edge) pairs
        int big = Integer.MAX_VALUE - 1;
        int[][] pairs = {{0, 0}, {0, big}, {1, 0}, {big - 1, big}, {big, 0}, {big, big}};
        long previous = Long.MIN_VALUE;
        for (int[] pair : pairs) {
            long key = RedBlackMesh.halfEdgeKey(pair[0], pair[1]);
            assertEquals(pair[0], RedBlackMesh.keyVertex(key));
            assertEquals(pair[1], RedBlackMesh.keyHalfEdge(key));
            assertTrue(key > previous, "keys ascend with (vertex, half-edge)");
            previous = key;
        }
    }

    @Test
    void largeVertexIndicesGiveTheSameEdgesAsSmallOnes() {
        // A 64 × 64 grid (4225 vertices, T = 8192 triangles) whose vertices are renumbered to the
        // top of a V = 20,000,000-vertex array (the vertices below are unused). The former sort
        // key (lo·V + hi)·3T + h was at least (V − 4225)·V·3T ≈ 4.0e14 · 24576 ≈ 9.8e18, above
        // the largest long (2^63 − 1 ≈ 9.22e18), so it overflowed, like a 1100 × 1100 grid's
        // (V ≈ 1.2e6, T ≈ 2.4e6: V²·3T ≈ 1.1e19). Renumbering changes no topology: edge k must
        // join the renumbered end vertices of the small mesh's edge k, with the same triangles.
        TriMesh g = Grids.horizontal(1, 1, 64, 64, 0);
        RedBlackMesh small = new RedBlackMesh(g.vertexCount(), g.triangles);
        int vertices = 20_000_000;
        int shift = vertices - g.vertexCount();
        int[] shifted = g.triangles.clone();
        for (int i = 0; i < shifted.length; i++) {
            shifted[i] += shift;
        }
        RedBlackMesh large = new RedBlackMesh(vertices, shifted);
        // a disc: e = v + t − 1 (Euler) = 4225 + 8192 − 1
        assertEquals(12416, small.edgeCount);
        assertEquals(small.edgeCount, large.edgeCount);
        int[] expectedEdges = small.edgeVertices.clone();
        for (int i = 0; i < expectedEdges.length; i++) {
            expectedEdges[i] += shift;
        }
        assertArrayEquals(expectedEdges, large.edgeVertices);
        assertArrayEquals(small.edgeTriangles, large.edgeTriangles);
        assertArrayEquals(small.triEdge, large.triEdge);
        assertFalse(large.boundaryVertex[shift - 1]);
        for (int v = 0; v < g.vertexCount(); v++) {
            assertEquals(small.boundaryVertex[v], large.boundaryVertex[shift + v]);
        }
    }

    @Test
    void everyEdgeIsListedOnceWithItsTriangles() {
        // on a 3 × 2 grid every base triangle's three edges must name that triangle among the
        // edge's (one or two) triangles, and join the two vertices other than the opposite one
        TriMesh g = Grids.horizontal(1, 1, 3, 2, 0);
        RedBlackMesh m = new RedBlackMesh(g.vertexCount(), g.triangles);
        for (int f = 0; f < m.triangleCount; f++) {
            for (int i = 0; i < 3; i++) {
                int e = m.triEdge[3 * f + i];
                assertTrue(m.edgeTriangles[2 * e] == f || m.edgeTriangles[2 * e + 1] == f);
                int a = g.triangles[3 * f + (i + 1) % 3];
                int b = g.triangles[3 * f + (i + 2) % 3];
                assertEquals(Math.min(a, b), m.edgeVertices[2 * e]);
                assertEquals(Math.max(a, b), m.edgeVertices[2 * e + 1]);
            }
        }
        // 12 vertices, 12 triangles: 12 + 12 − 1 = 23 edges; interior are the 2 inner vertical
        // lines' 2 segments, the inner horizontal line's 3 segments and the 6 diagonals: 13
        assertEquals(23, m.edgeCount);
        int interior = 0;
        for (int e = 0; e < m.edgeCount; e++) {
            interior += m.isBoundaryEdge(e) ? 0 : 1;
        }
        assertEquals(13, interior);
    }
}
