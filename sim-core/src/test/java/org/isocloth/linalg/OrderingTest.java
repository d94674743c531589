package org.isocloth.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OrderingTest {

    /** 5-point Laplacian of a k x k grid (SPD). */
    private static SymmetricCsc grid(int k) {
        List<int[]> e = new ArrayList<>();
        for (int y = 0; y < k; y++) {
            for (int x = 0; x < k; x++) {
                int v = y * k + x;
                if (x + 1 < k) {
                    e.add(new int[] {v + 1, v});
                }
                if (y + 1 < k) {
                    e.add(new int[] {v + k, v});
                }
            }
        }
        int n = k * k;
        int m = e.size();
        int[] r = new int[m + n];
        int[] c = new int[m + n];
        double[] v = new double[m + n];
        for (int i = 0; i < m; i++) {
            r[i] = e.get(i)[0];
            c[i] = e.get(i)[1];
            v[i] = -1;
        }
        for (int i = 0; i < n; i++) {
            r[m + i] = i;
            c[m + i] = i;
            v[m + i] = 4.5;
        }
        return SymmetricCsc.fromTriplets(n, r, c, v);
    }

    private static boolean isPermutation(int[] p, int n) {
        if (p.length != n) {
            return false;
        }
        boolean[] seen = new boolean[n];
        for (int v : p) {
            if (v < 0 || v >= n || seen[v]) {
                return false;
            }
            seen[v] = true;
        }
        return true;
    }

    @Test
    void amdProducesNoFillOnAnArrowheadMatrix() {
        for (int n : new int[] {10, 200}) {
            // node 0 coupled to every other node: eliminating it first fills the whole matrix,
            // eliminating it last gives no fill at all (for n = 200 the hub is also a "dense row")
            int[] r = new int[2 * n - 1];
            int[] c = new int[2 * n - 1];
            double[] v = new double[2 * n - 1];
            for (int i = 0; i < n; i++) {
                r[i] = i;
                c[i] = i;
                v[i] = i == 0 ? n : 2;
            }
            for (int i = 1; i < n; i++) {
                r[n - 1 + i] = i;
                c[n - 1 + i] = 0;
                v[n - 1 + i] = 1;
            }
            SymmetricCsc a = SymmetricCsc.fromTriplets(n, r, c, v);
            SparseCholesky amd = new SparseCholesky(a, SparseCholesky.Ordering.AMD, 1);
            // the exact factor has 2n - 1 entries; relaxed amalgamation may merge the last leaf
            // into the hub's supernode and store one or two explicit zeros (a handful at most,
            // since unconditional merging stops at 4 columns)
            long nnz = amd.factorNonzeros();
            assertTrue(nnz >= 2L * n - 1 && nnz <= 2L * n + 4, "n = " + n + ": nnz(L) = " + nnz);
            SparseCholesky natural = new SparseCholesky(a, SparseCholesky.Ordering.NATURAL, 1);
            assertEquals((long) n * (n + 1) / 2, natural.factorNonzeros(), "n = " + n);
        }
    }

    @Test
    void fillReducingOrderingsBeatTheNaturalOrderOnAGrid() {
        SymmetricCsc a = grid(60);
        double natural = new SparseCholesky(a, SparseCholesky.Ordering.NATURAL, 1).factorFlops();
        double amd = new SparseCholesky(a, SparseCholesky.Ordering.AMD, 1).factorFlops();
        double nd = new SparseCholesky(a, SparseCholesky.Ordering.NESTED_DISSECTION, 1).factorFlops();
        // banded natural order: ~k^4 = 1.3e7 flops; AMD and ND on a 60x60 grid are several times
        // cheaper (the exact ratio depends on tie-breaking, so only a factor 2 is required)
        assertTrue(amd < natural / 2, "amd " + amd + " natural " + natural);
        assertTrue(nd < natural / 2, "nd " + nd + " natural " + natural);
    }

    @Test
    void nestedDissectionIsDeterministicAndIndependentOfParallelism() {
        SymmetricCsc a = CholeskyBench.syntheticCloth(18, 345);
        int[][] g = SparseCholesky.adjacency(a);
        int[] p1 = NestedDissection.order(a.n, g[0], g[1], false);
        int[] p2 = NestedDissection.order(a.n, g[0], g[1], true);
        int[] p3 = NestedDissection.order(a.n, g[0], g[1], true);
        assertTrue(isPermutation(p1, a.n));
        assertArrayEquals(p1, p2);
        assertArrayEquals(p2, p3);
    }

    @Test
    void nestedDissectionHandlesDisconnectedAndTinyGraphs() {
        Random rnd = new Random(345);
        SymmetricCsc blocks = TestMatrices.disconnectedBlocks(rnd, 30, 300, 0.02);
        int[][] g = SparseCholesky.adjacency(blocks);
        assertTrue(isPermutation(NestedDissection.order(blocks.n, g[0], g[1], true), blocks.n));
        SymmetricCsc diag = TestMatrices.randomSpd(rnd, 5000, 0.0);
        int[][] gd = SparseCholesky.adjacency(diag);
        assertTrue(isPermutation(NestedDissection.order(diag.n, gd[0], gd[1], true), diag.n));
        assertEquals(0, NestedDissection.order(0, new int[] {0}, new int[0], true).length);
    }

    @Test
    void constrainedAmdWithOneSetEqualsPlainAmd() {
        SymmetricCsc a = CholeskyBench.syntheticCloth(6, 345);
        int[][] g = SparseCholesky.adjacency(a);
        int[] plain = Amd.order(a.n, g[0], g[1]);
        int[] one = Amd.order(a.n, g[0], g[1], new int[a.n]);
        assertArrayEquals(plain, one);
        // two interleaved sets still give a valid permutation
        int[] sets = new int[a.n];
        for (int i = 0; i < a.n; i++) {
            sets[i] = i % 2;
        }
        assertTrue(isPermutation(Amd.order(a.n, g[0], g[1], sets), a.n));
    }
}
