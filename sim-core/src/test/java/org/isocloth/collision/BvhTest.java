package org.isocloth.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class BvhTest {

    // ----------------------------------------------------------------------------------------
    // helpers

    /** A soup of n small random triangles in the unit cube: vertices 3t, 3t+1, 3t+2. */
    static double[] soupPositions(Random rnd, int n, double size) {
        double[] x = new double[9 * n];
        for (int t = 0; t < n; t++) {
            double cx = rnd.nextDouble(), cy = rnd.nextDouble(), cz = rnd.nextDouble();
            for (int v = 0; v < 3; v++) {
                x[9 * t + 3 * v] = cx + size * (rnd.nextDouble() - 0.5);
                x[9 * t + 3 * v + 1] = cy + size * (rnd.nextDouble() - 0.5);
                x[9 * t + 3 * v + 2] = cz + size * (rnd.nextDouble() - 0.5);
            }
        }
        return x;
    }

    static int[] soupTriangles(int n) {
        int[] tris = new int[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            tris[i] = i;
        }
        return tris;
    }

    /** Vertices (i, j) of a cells x cells grid with spacing 1/cells, index j (cells+1) + i. */
    static double[] gridPositions(Random rnd, int cells, double noise) {
        int m = cells + 1;
        double[] x = new double[3 * m * m];
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < m; i++) {
                int v = j * m + i;
                x[3 * v] = (double) i / cells + noise * (rnd.nextDouble() - 0.5);
                x[3 * v + 1] = (double) j / cells + noise * (rnd.nextDouble() - 0.5);
                x[3 * v + 2] = noise * (rnd.nextDouble() - 0.5);
            }
        }
        return x;
    }

    /** Two triangles per cell, split along the (i, j)-(i+1, j+1) diagonal. */
    static int[] gridTriangles(int cells) {
        int m = cells + 1;
        int[] tris = new int[6 * cells * cells];
        int k = 0;
        for (int j = 0; j < cells; j++) {
            for (int i = 0; i < cells; i++) {
                int v00 = j * m + i, v10 = v00 + 1, v01 = v00 + m, v11 = v01 + 1;
                tris[k++] = v00;
                tris[k++] = v10;
                tris[k++] = v11;
                tris[k++] = v00;
                tris[k++] = v11;
                tris[k++] = v01;
            }
        }
        return tris;
    }

    /** Closed-box overlap; written positively so that a NaN coordinate means no overlap. */
    static boolean overlap(double[] a, int i, double[] b, int j) {
        for (int k = 0; k < 3; k++) {
            if (!(a[6 * i + k] <= b[6 * j + 3 + k] && b[6 * j + k] <= a[6 * i + 3 + k])) {
                return false;
            }
        }
        return true;
    }

    static TreeSet<Long> bruteSelf(double[] boxes) {
        TreeSet<Long> s = new TreeSet<>();
        int n = boxes.length / 6;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (overlap(boxes, i, boxes, j)) {
                    s.add(key(i, j));
                }
            }
        }
        return s;
    }

    static TreeSet<Long> bruteCross(double[] a, double[] b) {
        TreeSet<Long> s = new TreeSet<>();
        for (int i = 0; i < a.length / 6; i++) {
            for (int j = 0; j < b.length / 6; j++) {
                if (overlap(a, i, b, j)) {
                    s.add(key(i, j));
                }
            }
        }
        return s;
    }

    static long key(int i, int j) {
        return ((long) i << 32) | j;
    }

    /**
     * Collects the pairs of selfPairs, failing on duplicates or on i >= j; selfPairsUnordered must
     * report the same pairs under the same rules.
     */
    static TreeSet<Long> treeSelf(Bvh bvh) {
        TreeSet<Long> s = selfPairs(bvh::selfPairs);
        assertEquals(s, selfPairs(bvh::selfPairsUnordered), "selfPairsUnordered");
        // the pieces of a parallel traversal together report the same pairs, each once
        for (int pieces : new int[] {1, 2, 7, 64}) {
            int[] pc = bvh.selfPieces(pieces);
            int[] st = bvh.newStack(bvh);
            assertEquals(s, selfPairs(sink -> {
                for (int k = 0; k < pc.length; k += 2) {
                    bvh.selfPairsFrom(pc[k], pc[k + 1], sink, st);
                }
            }), pieces + " pieces");
        }
        return s;
    }

    private static TreeSet<Long> selfPairs(java.util.function.Consumer<Bvh.PairSink> traversal) {
        TreeSet<Long> s = new TreeSet<>();
        traversal.accept((i, j) -> {
            assertTrue(i < j, "pair not ordered: " + i + ", " + j);
            if (!s.add(key(i, j))) {
                fail("duplicate pair " + i + ", " + j);
            }
        });
        return s;
    }

    /** Collects the pairs of a.pairsWith(b); pairsWithUnordered must report the same pairs. */
    static TreeSet<Long> treeCross(Bvh a, Bvh b) {
        TreeSet<Long> s = crossPairs(sink -> a.pairsWith(b, sink));
        assertEquals(s, crossPairs(sink -> a.pairsWithUnordered(b, sink)), "pairsWithUnordered");
        for (int pieces : new int[] {1, 3, 64}) {
            int[] pc = a.piecesWith(b, pieces);
            int[] st = a.newStack(b);
            assertEquals(s, crossPairs(sink -> {
                for (int k = 0; k < pc.length; k += 2) {
                    a.pairsFrom(b, pc[k], pc[k + 1], sink, st);
                }
            }), pieces + " pieces");
        }
        return s;
    }

    private static TreeSet<Long> crossPairs(java.util.function.Consumer<Bvh.PairSink> traversal) {
        TreeSet<Long> s = new TreeSet<>();
        traversal.accept((i, j) -> {
            if (!s.add(key(i, j))) {
                fail("duplicate pair " + i + ", " + j);
            }
        });
        return s;
    }

    // ----------------------------------------------------------------------------------------

    @Test
    void selfPairsEqualBruteForceOnSoupsAndAfterRefit() {
        Random rnd = new Random(11);
        for (int n : new int[] {2, 3, 5, 17, 100, 700}) {
            int[] tris = soupTriangles(n);
            double[] x = soupPositions(rnd, n, 0.12);
            double[] boxes = new double[6 * n];
            Bvh.triangleBoxes(tris, x, null, 0.01, boxes);
            Bvh bvh = new Bvh(boxes);
            TreeSet<Long> expected = bruteSelf(boxes);
            assertEquals(expected, treeSelf(bvh), "n = " + n);
            // move every vertex by up to 0.2 (larger than the triangles): the topology is stale
            // but the reported pairs must still be exact
            double[] y = x.clone();
            for (int i = 0; i < y.length; i++) {
                y[i] += 0.4 * (rnd.nextDouble() - 0.5);
            }
            Bvh.triangleBoxes(tris, x, y, 0.005, boxes);
            bvh.refit(boxes);
            assertEquals(bruteSelf(boxes), treeSelf(bvh), "refit n = " + n);
        }
    }

    @Test
    void soupCaseIsNotTrivial() {
        // guards the test above: 700 boxes of mean extent ~0.08 per axis (the range of three
        // uniform samples over 0.12 is 0.06 on average, plus 2 x 0.01 margin) overlap on an axis
        // with probability ~0.16, so about 244650 * 0.16^3 ~ 1000 of the 244650 pairs overlap
        Random rnd = new Random(11);
        int n = 700;
        double[] boxes = new double[6 * n];
        Bvh.triangleBoxes(soupTriangles(n), soupPositions(rnd, n, 0.12), null, 0.01, boxes);
        int pairs = bruteSelf(boxes).size();
        assertTrue(pairs > 500 && pairs < 2000, "pairs " + pairs);
    }

    @Test
    void selfPairsEqualBruteForceOnPerturbedGrids() {
        Random rnd = new Random(5);
        for (int cells : new int[] {1, 3, 8, 20}) {
            int[] tris = gridTriangles(cells);
            int nt = tris.length / 3;
            double[] x = gridPositions(rnd, cells, 0.3 / cells);
            double[] boxes = new double[6 * nt];
            Bvh.triangleBoxes(tris, x, null, 0.02 / cells, boxes);
            Bvh bvh = new Bvh(boxes);
            TreeSet<Long> expected = bruteSelf(boxes);
            assertEquals(expected, treeSelf(bvh), "cells " + cells);
            // a wave-like displacement of the whole grid, then refit
            double[] y = x.clone();
            for (int v = 0; v < y.length / 3; v++) {
                y[3 * v + 2] += 0.3 * Math.sin(7 * x[3 * v]) + 0.05 * rnd.nextGaussian();
                y[3 * v] += 0.1 * Math.cos(5 * x[3 * v + 1]);
            }
            Bvh.triangleBoxes(tris, x, y, 0.0, boxes);
            bvh.refit(boxes);
            assertEquals(bruteSelf(boxes), treeSelf(bvh), "refit cells " + cells);
        }
    }

    @Test
    void pairsWithEqualsBruteForce() {
        Random rnd = new Random(17);
        for (int[] sizes : new int[][] {{1, 1}, {1, 40}, {40, 1}, {60, 300}, {500, 450}}) {
            int na = sizes[0], nb = sizes[1];
            double[] xa = soupPositions(rnd, na, 0.1);
            double[] xb = soupPositions(rnd, nb, 0.1);
            double[] ba = new double[6 * na];
            double[] bb = new double[6 * nb];
            Bvh.triangleBoxes(soupTriangles(na), xa, null, 0.02, ba);
            Bvh.triangleBoxes(soupTriangles(nb), xb, null, 0.02, bb);
            Bvh ta = new Bvh(ba);
            Bvh tb = new Bvh(bb);
            assertEquals(bruteCross(ba, bb), treeCross(ta, tb), na + " x " + nb);
            assertEquals(bruteCross(bb, ba), treeCross(tb, ta), nb + " x " + na);
            // refit only one tree with moved triangles
            double[] ya = xa.clone();
            for (int i = 0; i < ya.length; i++) {
                ya[i] += 0.3 * (rnd.nextDouble() - 0.5);
            }
            Bvh.triangleBoxes(soupTriangles(na), ya, null, 0.02, ba);
            ta.refit(ba);
            assertEquals(bruteCross(ba, bb), treeCross(ta, tb), "refit " + na + " x " + nb);
        }
    }

    @Test
    void pairsWithItselfReportsOrderedPairsAndDiagonal() {
        Random rnd = new Random(3);
        int n = 80;
        double[] boxes = new double[6 * n];
        Bvh.triangleBoxes(soupTriangles(n), soupPositions(rnd, n, 0.2), null, 0, boxes);
        Bvh t = new Bvh(boxes);
        TreeSet<Long> got = treeCross(t, t);
        // (i, i) always overlaps; (i, j) and (j, i) both appear for every overlapping pair
        assertEquals(bruteCross(boxes, boxes), got);
        assertEquals(n + 2 * bruteSelf(boxes).size(), got.size());
    }

    @Test
    void queryEqualsBruteForce() {
        Random rnd = new Random(23);
        int n = 400;
        double[] boxes = new double[6 * n];
        Bvh.triangleBoxes(soupTriangles(n), soupPositions(rnd, n, 0.1), null, 0, boxes);
        Bvh t = new Bvh(boxes);
        int total = 0;
        for (int q = 0; q < 200; q++) {
            double[] box = new double[6];
            for (int k = 0; k < 3; k++) {
                double c = rnd.nextDouble(), h = 0.2 * rnd.nextDouble();
                box[k] = c - h;
                box[3 + k] = c + h;
            }
            TreeSet<Integer> expected = new TreeSet<>();
            for (int i = 0; i < n; i++) {
                if (overlap(boxes, i, box, 0)) {
                    expected.add(i);
                }
            }
            List<Integer> got = new ArrayList<>();
            t.query(box, got::add);
            assertEquals(expected.size(), got.size(), "no duplicates");
            assertEquals(expected, new TreeSet<>(got));
            total += got.size();
        }
        assertTrue(total > 100, "queries hit something: " + total);
    }

    @Test
    void emptyTree() {
        Bvh t = new Bvh(new double[0]);
        assertEquals(0, t.size());
        assertEquals(0, t.nodeCount());
        t.selfPairs((i, j) -> fail("pair in an empty tree"));
        t.selfPairsUnordered((i, j) -> fail("pair in an empty tree"));
        t.query(new double[] {-1e300, -1e300, -1e300, 1e300, 1e300, 1e300}, i -> fail("hit"));
        Bvh one = new Bvh(new double[] {0, 0, 0, 1, 1, 1});
        t.pairsWith(one, (i, j) -> fail("pair"));
        one.pairsWith(t, (i, j) -> fail("pair"));
        t.pairsWithUnordered(one, (i, j) -> fail("pair"));
        one.pairsWithUnordered(t, (i, j) -> fail("pair"));
        t.refit(new double[0]);
    }

    @Test
    void singlePrimitive() {
        Bvh t = new Bvh(new double[] {0, 0, 0, 1, 1, 1});
        assertEquals(1, t.size());
        assertEquals(1, t.nodeCount());
        t.selfPairs((i, j) -> fail("a single primitive has no pair"));
        t.selfPairsUnordered((i, j) -> fail("a single primitive has no pair"));
        List<Integer> hits = new ArrayList<>();
        // touching the corner (1, 1, 1) counts as overlap
        t.query(new double[] {1, 1, 1, 2, 2, 2}, hits::add);
        assertEquals(List.of(0), hits);
        // just past the corner: no overlap
        t.query(new double[] {Math.nextUp(1.0), 1, 1, 2, 2, 2}, hits::add);
        assertEquals(List.of(0), hits);
        List<Long> pairs = new ArrayList<>();
        t.pairsWith(new Bvh(new double[] {0.5, 0.5, 0.5, 3, 3, 3}), (i, j) -> pairs.add(key(i, j)));
        assertEquals(List.of(key(0, 0)), pairs);
        // after refit far away: gone
        t.refit(new double[] {10, 10, 10, 11, 11, 11});
        hits.clear();
        t.query(new double[] {0, 0, 0, 2, 2, 2}, hits::add);
        assertTrue(hits.isEmpty());
    }

    @Test
    void touchingBoxesOverlap() {
        // unit cubes along x at 0, 1, 2, ...: each touches its neighbours on a face, so the
        // overlapping pairs are exactly (i, i + 1)
        int n = 50;
        double[] boxes = new double[6 * n];
        for (int i = 0; i < n; i++) {
            boxes[6 * i] = i;
            boxes[6 * i + 3] = i + 1;
            boxes[6 * i + 4] = 1;
            boxes[6 * i + 5] = 1;
        }
        TreeSet<Long> expected = new TreeSet<>();
        for (int i = 0; i + 1 < n; i++) {
            expected.add(key(i, i + 1));
        }
        assertEquals(expected, treeSelf(new Bvh(boxes)));
    }

    @Test
    void identicalBoxesGiveAllPairs() {
        // all centres equal: the median split must still terminate and balance; every pair of
        // the 300 boxes overlaps, 300 * 299 / 2 = 44850 pairs
        int n = 300;
        double[] boxes = new double[6 * n];
        for (int i = 0; i < n; i++) {
            boxes[6 * i + 3] = 1;
            boxes[6 * i + 4] = 1;
            boxes[6 * i + 5] = 1;
        }
        Bvh t = new Bvh(boxes);
        assertEquals(44850, treeSelf(t).size());
        // 300 primitives in leaves of at most 4: balanced halving 300, 150, 75, 38, 19, 10, 5, 3
        // gives 8 levels
        assertEquals(8, t.depth());
    }

    @Test
    void nanBoxOverlapsNothingAndHidesNothing() {
        double[] boxes = new double[6 * 20];
        for (int i = 0; i < 20; i++) {
            boxes[6 * i] = 0.1 * i;
            boxes[6 * i + 3] = 0.1 * i + 0.15;
            boxes[6 * i + 4] = 1;
            boxes[6 * i + 5] = 1;
        }
        boxes[6 * 7] = Double.NaN;
        Bvh t = new Bvh(boxes);
        TreeSet<Long> got = treeSelf(t);
        // neighbours (i, i+1) overlap (0.15 > 0.1), (i, i+2) do not (0.15 < 0.2); pairs with 7
        // are missing: 19 - 2 = 17 pairs
        assertEquals(17, got.size());
        assertEquals(bruteSelf(boxes), got);
        assertTrue(got.contains(key(8, 9)) && got.contains(key(5, 6)));
    }

    @Test
    void depthIsLogarithmic() {
        Random rnd = new Random(1);
        int n = 20000;
        double[] boxes = new double[6 * n];
        Bvh.triangleBoxes(soupTriangles(n), soupPositions(rnd, n, 0.01), null, 0, boxes);
        Bvh t = new Bvh(boxes);
        // median split: ceil(log2(20000 / 4)) + 1 = 14 levels
        assertEquals(14, t.depth());
        assertTrue(t.nodeCount() <= 2 * n - 1);
    }

    @Test
    void sweptInflatedBoxes() {
        // triangle (0,0,0), (1,0,0), (0,2,0) moving by (0, 0, 3) with one vertex moving to
        // (-1, 0, 3): swept box [min over both poses - m, max + m]
        int[] tris = {0, 1, 2};
        double[] x0 = {0, 0, 0, 1, 0, 0, 0, 2, 0};
        double[] x1 = {-1, 0, 3, 1, 0, 3, 0, 2, 3};
        double[] out = new double[6];
        Bvh.triangleBoxes(tris, x0, x1, 0.5, out);
        assertArrayEquals(new double[] {-1.5, -0.5, -0.5, 1.5, 2.5, 3.5}, out, 0);
        Bvh.triangleBoxes(tris, x0, null, 0, out);
        assertArrayEquals(new double[] {0, 0, 0, 1, 2, 0}, out, 0);
        // edge (1, 2) only
        Bvh.edgeBoxes(new int[] {1, 2}, x0, x1, 0.25, out);
        assertArrayEquals(new double[] {-0.25, -0.25, -0.25, 1.25, 2.25, 3.25}, out, 0);
        double[] pts = new double[18];
        Bvh.pointBoxes(x0, x1, 0, pts);
        // vertex 0 sweeps from (0,0,0) to (-1,0,3)
        assertArrayEquals(new double[] {-1, 0, 0, 0, 0, 3}, java.util.Arrays.copyOf(pts, 6), 0);
    }

    @Test
    void rejectsBadLengths() {
        assertThrows(IllegalArgumentException.class, () -> new Bvh(new double[7]));
        Bvh t = new Bvh(new double[12]);
        assertThrows(IllegalArgumentException.class, () -> t.refit(new double[6]));
    }
}
