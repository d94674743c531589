package org.isocloth.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.junit.jupiter.api.Test;

class SelfIntersectionsTest {

    /** O(n^2) reference: all vertex-disjoint pairs tested with the exact narrow phase. */
    private static int[] brutePairs(int[] tris, double[] x) {
        int n = tris.length / 3;
        int[] out = new int[16];
        int m = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (SelfIntersections.adjacent(tris, i, j)) {
                    continue;
                }
                if (Geometry.trianglesIntersect(x, tris[3 * i], tris[3 * i + 1], tris[3 * i + 2],
                        tris[3 * j], tris[3 * j + 1], tris[3 * j + 2])) {
                    if (2 * m + 2 > out.length) {
                        out = Arrays.copyOf(out, 2 * out.length);
                    }
                    out[2 * m] = i;
                    out[2 * m + 1] = j;
                    m++;
                }
            }
        }
        return Arrays.copyOf(out, 2 * m);
    }

    @Test
    void flatGridsHaveNone() {
        // a tilted 30 x 20 grid (coordinates rounded off its plane) and an axis-aligned one:
        // vertex-disjoint triangles are at least one cell apart
        TriMesh tilted = GridMesh.build(1.5, 1.0, 30, 20, new double[] {0.1, 1.2, -0.3},
                new double[] {1, 2, 2}, new double[] {2, -1, 0});
        assertEquals(0, SelfIntersections.count(tilted.triangles, tilted.positions));
        TriMesh flat = GridMesh.build(1, 1, 12, 12, new double[] {0, 0, 0}, new double[] {0, 0, 1},
                new double[] {1, 0, 0});
        assertEquals(0, SelfIntersections.count(flat.triangles, flat.positions));
        assertEquals(0, SelfIntersections.pairs(flat.triangles, flat.positions).length);
    }

    @Test
    void twoCrossingTriangles() {
        // triangle 0 in z = 0 (x + y <= 2 quadrant), triangle 1 vertical through (0.5, 0.5, 0)
        double[] x = {0, 0, 0, 2, 0, 0, 0, 2, 0, 0.5, 0.5, -1, 0.5, 0.5, 1, -1, -1, 0};
        int[] tris = {0, 1, 2, 3, 4, 5};
        assertEquals(1, SelfIntersections.count(tris, x));
        assertArrayEquals(new int[] {0, 1}, SelfIntersections.pairs(tris, x));
        // moved up by 2: apart
        for (int k = 11; k < 18; k += 3) {
            x[k] += 2;
        }
        assertEquals(0, SelfIntersections.count(tris, x));
    }

    /**
     * A 2 x 2 grid in z = 0 over [0, 2]^2, vertex (i, j) at index 3j + i, each cell split along
     * its (i, j)-(i+1, j+1) diagonal: cell (0, 0) gives triangles 0 (y &lt;= x) and 1 (y &gt;= x),
     * cell (1, 0) gives 2 (y &lt;= x - 1) and 3 (y &gt;= x - 1), then the cells of row 1, then
     * triangle 8 = vertices 9, 10, 11 appended by the caller.
     */
    private static int[] gridPlusOne() {
        int[] tris = new int[27];
        int k = 0;
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < 2; i++) {
                int v00 = 3 * j + i, v10 = v00 + 1, v01 = v00 + 3, v11 = v01 + 1;
                int[] two = {v00, v10, v11, v00, v11, v01};
                for (int c : two) {
                    tris[k++] = c;
                }
            }
        }
        tris[24] = 9;
        tris[25] = 10;
        tris[26] = 11;
        return tris;
    }

    private static double[] gridPlusOnePositions(double[] extra) {
        double[] x = new double[36];
        for (int j = 0; j < 3; j++) {
            for (int i = 0; i < 3; i++) {
                x[3 * (3 * j + i)] = i;
                x[3 * (3 * j + i) + 1] = j;
            }
        }
        System.arraycopy(extra, 0, x, 27, 9);
        return x;
    }

    @Test
    void gridPiercedByOneTriangle() {
        int[] tris = gridPlusOne();
        // vertical triangle in the plane y = 0.5 whose section with z = 0 is the segment from
        // (0.25, 0.5) to (1.75, 0.5). It crosses triangle 1 for x in [0.25, 0.5], triangle 0 for
        // [0.5, 1], triangle 3 for [1, 1.5] and triangle 2 for [1.5, 1.75]; row 1 (y >= 1) is
        // missed: 4 pairs
        double[] x = gridPlusOnePositions(new double[] {0.25, 0.5, 1, 0.25, 0.5, -1, 1.75, 0.5, 0});
        assertEquals(4, SelfIntersections.count(tris, x));
        assertArrayEquals(new int[] {0, 8, 1, 8, 2, 8, 3, 8}, SelfIntersections.pairs(tris, x));
        // a shorter section, x in [0.25, 0.4], lies in triangle 1 only (triangle 0 needs x >= y)
        x = gridPlusOnePositions(new double[] {0.25, 0.5, 1, 0.25, 0.5, -1, 0.4, 0.5, 0});
        assertArrayEquals(new int[] {1, 8}, SelfIntersections.pairs(tris, x));
        // the long section lifted to z = 0.5 everywhere: above the grid
        x = gridPlusOnePositions(new double[] {0.25, 0.5, 1, 0.25, 0.5, 0.5, 1.75, 0.5, 0.5});
        assertEquals(0, SelfIntersections.count(tris, x));
    }

    @Test
    void stripFoldedThroughItself() {
        // a strip of 3 cells, columns c0..c3 at y = 0 and 1 (vertex 2i + j): c0 = (0, y, 0),
        // c1 = (1, y, 0), c2 = (1, y, 1), c3 = (0.5, y, -1). Cell 0 is flat in z = 0, cell 1 a
        // wall x = 1, cell 2 comes back down through cell 0 along x = 0.75 (z = 0 halfway from
        // c2 to c3). Triangles per cell split along (i, 0)-(i+1, 1):
        //   0 = (c0_0, c1_0, c1_1): y <= x        1 = (c0_0, c1_1, c0_1): y >= x
        //   2, 3: the wall                        4 = (c2_0, c3_0, c3_1), 5 = (c2_0, c3_1, c2_1)
        // Triangle 4 is the half s >= y of cell 2 (s = 0 at c2, 1 at c3): at s = 0.5 it covers
        // y in [0, 0.5]; triangle 5 covers y in [0.5, 1]. At x = 0.75, triangle 0 covers
        // y in [0, 0.75] and triangle 1 y in [0.75, 1]. Crossings: (0, 4), (0, 5), (1, 5); the
        // other vertex-disjoint pairs (1, 2), (1, 4), (3, 4) only meet the wall line x = 1 at
        // different points or not at all.
        double[] x = {0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0.5, 0, -1, 0.5, 1, -1};
        int[] tris = new int[18];
        for (int i = 0; i < 3; i++) {
            int v00 = 2 * i, v01 = 2 * i + 1, v10 = 2 * i + 2, v11 = 2 * i + 3;
            int[] two = {v00, v10, v11, v00, v11, v01};
            System.arraycopy(two, 0, tris, 6 * i, 6);
        }
        assertEquals(3, SelfIntersections.count(tris, x));
        assertArrayEquals(new int[] {0, 4, 0, 5, 1, 5}, SelfIntersections.pairs(tris, x));
        // unfold cell 2 to lie flat beyond the wall top (c3 = (2, y, 1)): no crossing
        x[18] = 2;
        x[20] = 1;
        x[21] = 2;
        x[23] = 1;
        assertEquals(0, SelfIntersections.count(tris, x));
    }

    @Test
    void closedSurfacesHaveNone() {
        // tetrahedron: every pair of faces shares an edge, so no pair is even tested
        double[] tet = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        assertEquals(0, SelfIntersections.count(new int[] {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}, tet));
        // octahedron (vertices +-e_i): each face has one vertex-disjoint opposite face in the
        // parallel plane at distance 2 / sqrt(3): 4 pairs tested, none intersect
        double[] oct = {1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1};
        int[] faces = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
        assertEquals(0, SelfIntersections.count(faces, oct));
    }

    @Test
    void equalsBruteForceOnRandomMeshes() {
        Random rnd = new Random(13);
        int total = 0;
        // crumpled grids: heavy noise makes the sheet pass through itself
        for (int trial = 0; trial < 6; trial++) {
            int cells = 6 + 3 * trial;
            int[] tris = BvhTest.gridTriangles(cells);
            double[] x = BvhTest.gridPositions(rnd, cells, 0.5 / cells);
            for (int v = 0; v < x.length / 3; v++) {
                x[3 * v + 2] = 3.0 / cells * rnd.nextGaussian();
            }
            int[] expected = brutePairs(tris, x);
            assertArrayEquals(expected, SelfIntersections.pairs(tris, x), "grid " + cells);
            assertEquals(expected.length / 2, SelfIntersections.count(tris, x));
            total += expected.length / 2;
        }
        // soups over a shared vertex pool: many adjacent pairs, many crossings
        for (int trial = 0; trial < 6; trial++) {
            int nv = 40 + 20 * trial, nt = 2 * nv;
            double[] x = new double[3 * nv];
            for (int i = 0; i < x.length; i++) {
                x[i] = rnd.nextDouble();
            }
            int[] tris = new int[3 * nt];
            for (int t = 0; t < nt; t++) {
                int a = rnd.nextInt(nv), b, c;
                do {
                    b = rnd.nextInt(nv);
                } while (b == a);
                do {
                    c = rnd.nextInt(nv);
                } while (c == a || c == b);
                tris[3 * t] = a;
                tris[3 * t + 1] = b;
                tris[3 * t + 2] = c;
            }
            int[] expected = brutePairs(tris, x);
            assertArrayEquals(expected, SelfIntersections.pairs(tris, x), "soup " + nv);
            total += expected.length / 2;
        }
        assertTrue(total > 100, "intersecting pairs found " + total);
    }
}
