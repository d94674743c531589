package org.isocloth.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SparseCholeskyTest {

    /** Named test matrix. */
    private static Arguments m(String name, SymmetricCsc a) {
        return Arguments.of(name, a);
    }

    static Stream<Arguments> matrices() {
        Random rnd = new Random(345);
        List<Arguments> list = new ArrayList<>();
        list.add(m("n=1", SymmetricCsc.fromTriplets(1, new int[] {0}, new int[] {0}, new double[] {2.5})));
        list.add(m("n=2 dense", TestMatrices.randomSpd(rnd, 2, 1.0)));
        list.add(m("diagonal n=50", TestMatrices.randomSpd(rnd, 50, 0.0)));
        list.add(m("sparse n=30", TestMatrices.randomSpd(rnd, 30, 0.1)));
        list.add(m("sparse n=200", TestMatrices.randomSpd(rnd, 200, 0.02)));
        list.add(m("very sparse n=400", TestMatrices.randomSpd(rnd, 400, 0.004)));
        list.add(m("medium n=300", TestMatrices.randomSpd(rnd, 300, 0.08)));
        list.add(m("dense-ish n=150", TestMatrices.randomSpd(rnd, 150, 0.6)));
        list.add(m("fully dense n=90", TestMatrices.randomSpd(rnd, 90, 1.0)));
        list.add(m("disconnected 6x40", TestMatrices.disconnectedBlocks(rnd, 6, 40, 0.1)));
        list.add(m("disconnected 50x1 + blocks", TestMatrices.disconnectedBlocks(rnd, 50, 3, 0.7)));
        list.add(m("gram B*B^T + I n=250", TestMatrices.gramPlusShift(rnd, 250, 4, 1.0)));
        list.add(m("synthetic cloth m=3", CholeskyBench.syntheticCloth(3, 345)));
        return list.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void solvesLikeDenseReference(String name, SymmetricCsc a) {
        Random rnd = new Random(345);
        int n = a.n;
        double[] b = TestMatrices.randomVector(rnd, n);
        for (SparseCholesky.Ordering ord : SparseCholesky.Ordering.values()) {
            SparseCholesky chol = new SparseCholesky(a, ord, 2);
            chol.factor(a.values);
            double[] x = new double[n];
            chol.solve(b, x);

            // dense reference with EJML
            DMatrixRMaj ad = new DMatrixRMaj(TestMatrices.toDense(a));
            DMatrixRMaj bd = new DMatrixRMaj(n, 1, true, b);
            DMatrixRMaj xd = new DMatrixRMaj(n, 1);
            LinearSolverDense<DMatrixRMaj> solver = LinearSolverFactory_DDRM.chol(n);
            assertTrue(solver.setA(solver.modifiesA() ? ad.copy() : ad), name + ": dense reference failed");
            solver.solve(bd, xd);

            // Both solvers are backward stable, so each solution has a relative forward error of
            // about cond(A) * n * eps. The condition numbers of these matrices are at most ~1e3
            // (measured with an SVD: 1.05e3 for the cloth matrix, below 20 for the others), which
            // bounds the difference by ~1e-11; measured differences are at most 3e-14. 1e-9 keeps a
            // wide margin while any structural error would give O(1) differences.
            double tol = 1e-9;
            double diff = 0;
            double xn = 0;
            for (int i = 0; i < n; i++) {
                diff = Math.max(diff, Math.abs(x[i] - xd.get(i, 0)));
                xn = Math.max(xn, Math.abs(xd.get(i, 0)));
            }
            assertTrue(diff <= tol * xn, name + " " + ord + ": max |x - x_dense| = " + diff + " vs |x| = " + xn);

            // The residual of a backward-stable solve is O(n eps ||A|| ||x||) / ||b||: measured at
            // most 1.3e-14 over all these matrices and orderings; 1e-10 is the required accuracy.
            double res = TestMatrices.relativeResidual(a, x, b);
            assertTrue(res < 1e-10, name + " " + ord + ": residual " + res);

            // the dense product A x through EJML agrees with the sparse product (sanity of the
            // dense copy used above)
            DMatrixRMaj axd = new DMatrixRMaj(n, 1);
            CommonOps_DDRM.mult(new DMatrixRMaj(TestMatrices.toDense(a)), new DMatrixRMaj(n, 1, true, x), axd);
            double[] ax = new double[n];
            a.multiply(x, ax);
            for (int i = 0; i < n; i++) {
                // same sums in different order: a few ulps of the row's magnitude
                assertEquals(axd.get(i, 0), ax[i], 1e-11 * (1 + Math.abs(ax[i])));
            }
        }
    }

    /**
     * A matrix of dense 3×3 blocks (3 coordinates per node, as the cloth system): ordering the
     * graph of blocks keeps every block's three columns consecutive in the permutation, and the
     * solution equals the scalar-ordered one to rounding (both are backward stable solves of a
     * well-conditioned matrix: the bound is cond · n · ε ≈ 1e-12 relative; 1e-9 leaves a margin
     * while a structural error gives O(1) differences).
     */
    @Test
    void blockOrderingKeepsBlocksTogetherAndSolvesTheSame() {
        Random rnd = new Random(11);
        int nodes = 120;
        SymmetricCsc nodeGraph = TestMatrices.randomSpd(rnd, nodes, 0.04);
        List<int[]> trip = new ArrayList<>();
        List<Double> vals = new ArrayList<>();
        for (int j = 0; j < nodes; j++) {
            for (int p = nodeGraph.colPtr[j]; p < nodeGraph.colPtr[j + 1]; p++) {
                int i = nodeGraph.rowIdx[p];
                for (int c = 0; c < 3; c++) {
                    for (int c2 = 0; c2 < 3; c2++) {
                        int r = 3 * i + c;
                        int col = 3 * j + c2;
                        if (r >= col) {
                            trip.add(new int[] {r, col});
                            // node value times a symmetric positive 3×3 pattern keeps A SPD:
                            // A = N ⊗ B with N and B SPD
                            double b = c == c2 ? 2.0 : 0.5;
                            vals.add(nodeGraph.values[p] * b);
                        }
                    }
                }
            }
        }
        int[] rows = new int[trip.size()];
        int[] cols = new int[trip.size()];
        double[] v = new double[trip.size()];
        for (int k = 0; k < rows.length; k++) {
            rows[k] = trip.get(k)[0];
            cols[k] = trip.get(k)[1];
            v[k] = vals.get(k);
        }
        SymmetricCsc a = SymmetricCsc.fromTriplets(3 * nodes, rows, cols, v);
        double[] b = TestMatrices.randomVector(rnd, a.n);
        double[] xScalar = new double[a.n];
        SparseCholesky scalar = new SparseCholesky(a, SparseCholesky.Ordering.AUTO, 2);
        scalar.factor(a.values);
        scalar.solve(b, xScalar);
        for (SparseCholesky.Ordering ord : List.of(SparseCholesky.Ordering.AMD,
                SparseCholesky.Ordering.NESTED_DISSECTION)) {
            SparseCholesky blocked = new SparseCholesky(a, ord, 2, 3);
            int[] perm = blocked.permutation();
            for (int k = 0; k < perm.length; k += 3) {
                assertEquals(0, perm[k] % 3, ord + ": block starts at " + perm[k]);
                assertEquals(perm[k] + 1, perm[k + 1], ord + ": block split");
                assertEquals(perm[k] + 2, perm[k + 2], ord + ": block split");
            }
            blocked.factor(a.values);
            double[] x = new double[a.n];
            blocked.solve(b, x);
            double xn = 0;
            double diff = 0;
            for (int i = 0; i < a.n; i++) {
                xn = Math.max(xn, Math.abs(xScalar[i]));
                diff = Math.max(diff, Math.abs(x[i] - xScalar[i]));
            }
            assertTrue(diff <= 1e-9 * xn, ord + ": " + diff);
            assertTrue(TestMatrices.relativeResidual(a, x, b) < 1e-10, ord + " residual");
        }
        assertThrows(IllegalArgumentException.class,
                () -> new SparseCholesky(a, SparseCholesky.Ordering.AUTO, 1, 7));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void orderingIsAValidPermutation(String name, SymmetricCsc a) {
        for (SparseCholesky.Ordering ord : SparseCholesky.Ordering.values()) {
            SparseCholesky chol = new SparseCholesky(a, ord, 2);
            int[] p = chol.permutation();
            assertEquals(a.n, p.length);
            boolean[] seen = new boolean[a.n];
            for (int v : p) {
                assertTrue(v >= 0 && v < a.n, name + ": index out of range " + v);
                assertFalse(seen[v], name + ": index repeated " + v);
                seen[v] = true;
            }
            if (ord != SparseCholesky.Ordering.AUTO) {
                assertEquals(ord.name(), chol.orderingName());
            }
            assertTrue(chol.supernodeCount() >= (a.n == 0 ? 0 : 1) && chol.supernodeCount() <= a.n);
            assertTrue(chol.factorNonzeros() >= a.n && chol.factorNonzeros() <= (long) a.n * (a.n + 1) / 2);
            assertTrue(chol.factorFlops() >= a.n);
        }
    }

    @Test
    void givenPermutationIsUsedAndSolvesTheSame() {
        // A factorization analysed with another one's permutation uses exactly that permutation
        // (ordering "GIVEN", same flops as the one it came from on the same pattern) and solves
        // to a backward-stable residual (< 1e-10, see autoPicksTheOrderingWithFewestFlops).
        Random rnd = new Random(346);
        SymmetricCsc a = CholeskyBench.syntheticCloth(8, 346);
        SparseCholesky auto = new SparseCholesky(a);
        SparseCholesky given = new SparseCholesky(a, auto.permutation(), 2, 1);
        assertEquals("GIVEN", given.orderingName());
        assertArrayEquals(auto.permutation(), given.permutation());
        assertEquals(auto.factorFlops(), given.factorFlops(), 0.0);
        double[] b = TestMatrices.randomVector(rnd, a.n);
        double[] x = new double[a.n];
        given.factor(a.values);
        given.solve(b, x);
        assertTrue(TestMatrices.relativeResidual(a, x, b) < 1e-10);
        int[] notPerm = auto.permutation();
        notPerm[0] = notPerm[1];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SparseCholesky(a, notPerm, 1, 1));
        assertTrue(e.getMessage().contains("not a permutation"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SparseCholesky(a, new int[3], 1, 1));
    }

    @Test
    void autoPicksTheOrderingWithFewestFlops() {
        Random rnd = new Random(345);
        SymmetricCsc a = CholeskyBench.syntheticCloth(8, 345);
        SparseCholesky auto = new SparseCholesky(a);
        double best = Double.MAX_VALUE;
        for (SparseCholesky.Ordering ord : List.of(SparseCholesky.Ordering.AMD,
                SparseCholesky.Ordering.NESTED_DISSECTION, SparseCholesky.Ordering.NATURAL)) {
            best = Math.min(best, new SparseCholesky(a, ord, 1).factorFlops());
        }
        // the flop estimates are computed by the same deterministic code, so exact equality
        assertEquals(best, auto.factorFlops(), 0.0);
        assertTrue(List.of("AMD", "NESTED_DISSECTION", "NATURAL").contains(auto.orderingName()));
        // the fill-reducing orderings beat the natural one on a mesh matrix
        assertTrue(auto.factorFlops() < new SparseCholesky(a, SparseCholesky.Ordering.NATURAL, 1).factorFlops());
        double[] b = TestMatrices.randomVector(rnd, a.n);
        double[] x = new double[a.n];
        auto.factor(a.values);
        auto.solve(b, x);
        // alpha = 1e-9 on part of the diagonal can make S badly conditioned; the residual of a
        // backward-stable solve is bounded by ~n eps ||A|| ||x|| / ||b||, which stays small here:
        // measured ~1e-14, required 1e-10
        assertTrue(TestMatrices.relativeResidual(a, x, b) < 1e-10);
    }

    @Test
    void refactorsWithNewValuesOnTheSamePattern() {
        Random rnd = new Random(345);
        SymmetricCsc a = TestMatrices.randomSpd(rnd, 600, 0.01);
        SparseCholesky chol = new SparseCholesky(a);
        double[] b = TestMatrices.randomVector(rnd, a.n);
        double[] x = new double[a.n];
        for (int round = 0; round < 4; round++) {
            // new values on the same pattern: random off-diagonals, dominant diagonal
            SymmetricCsc a2 = a.copy();
            double[] rowSum = new double[a.n];
            for (int j = 0; j < a.n; j++) {
                for (int p = a2.colPtr[j]; p < a2.colPtr[j + 1]; p++) {
                    int i = a2.rowIdx[p];
                    if (i != j) {
                        a2.values[p] = 2 * rnd.nextDouble() - 1;
                        rowSum[i] += Math.abs(a2.values[p]);
                        rowSum[j] += Math.abs(a2.values[p]);
                    }
                }
            }
            for (int j = 0; j < a.n; j++) {
                a2.values[a2.colPtr[j]] = rowSum[j] + 0.1 + rnd.nextDouble() * round;
            }
            chol.factor(a2.values);
            chol.solve(b, x);
            // diagonally dominant (cond below ~100): residual ~1e-15 measured, 1e-10 required
            assertTrue(TestMatrices.relativeResidual(a2, x, b) < 1e-10, "round " + round);

            // a fresh analysis + factorization gives bit-identical results (the numeric phase is
            // deterministic), so previous values leave no trace in the reused storage
            SparseCholesky fresh = new SparseCholesky(a2);
            fresh.factor(a2.values);
            double[] y = new double[a.n];
            fresh.solve(b, y);
            assertArrayEquals(y, x, 0.0);
        }
    }

    static Stream<Arguments> parallelMatrices() {
        Random rnd = new Random(345);
        return Stream.of(
                // subtree tasks and split supernodes
                m("synthetic cloth m=14", CholeskyBench.syntheticCloth(14, 345)),
                // many components, each below the fork threshold: batched subtree groups
                m("60 disconnected dense-ish blocks", TestMatrices.disconnectedBlocks(rnd, 60, 120, 0.4)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parallelMatrices")
    void parallelAndSequentialFactorizationsAreIdentical(String name, SymmetricCsc a) {
        Random rnd = new Random(345);
        double[] b = TestMatrices.randomVector(rnd, a.n);
        SparseCholesky seq = new SparseCholesky(a, SparseCholesky.Ordering.AMD, 1);
        SparseCholesky par = new SparseCholesky(a, SparseCholesky.Ordering.AMD, 2);
        assertTrue(par.factorFlops() > 1e7, name + ": too small to exercise the parallel code");
        seq.factor(a.values);
        par.factor(a.values);
        double[] x1 = new double[a.n];
        double[] x2 = new double[a.n];
        seq.solve(b, x1);
        par.solve(b, x2);
        // every entry of L is computed by the same sequence of floating point operations whatever
        // the thread count, so the results are bit-identical
        assertArrayEquals(x1, x2, 0.0);
        // backward-stable factorization: residual bounded by ~n eps ||A|| ||x|| / ||b||,
        // measured ~1e-14, required 1e-10
        assertTrue(TestMatrices.relativeResidual(a, x2, b) < 1e-10);
    }

    @Test
    void parallelSolveAgreesWithSequentialSolve() {
        // nnz(L) ~9M: large enough for the parallel triangular solves
        SymmetricCsc a = CholeskyBench.syntheticCloth(44, 345);
        Random rnd = new Random(345);
        double[] b = TestMatrices.randomVector(rnd, a.n);
        SparseCholesky seq = new SparseCholesky(a, SparseCholesky.Ordering.AMD, 1);
        SparseCholesky par = new SparseCholesky(a, SparseCholesky.Ordering.AMD, 2);
        assertFalse(seq.hasParallelSolve());
        if (Runtime.getRuntime().availableProcessors() > 1) {
            assertTrue(par.hasParallelSolve(), "nnz(L) = " + par.factorNonzeros());
        }
        seq.factor(a.values);
        par.factor(a.values);
        double[] x1 = new double[a.n];
        double[] x2 = new double[a.n];
        for (int rep = 0; rep < 3; rep++) {
            seq.solve(b, x1);
            par.solve(b, x2);
            double diff = 0;
            double xn = 0;
            for (int i = 0; i < a.n; i++) {
                diff = Math.max(diff, Math.abs(x1[i] - x2[i]));
                xn = Math.max(xn, Math.abs(x1[i]));
            }
            // only the order in which subtree contributions are added to the rows of their common
            // ancestors differs (a few roundings): measured 2.4e-16 relative at m = 50; 1e-10 is a
            // loose bound that still catches any missing or duplicated contribution
            assertTrue(diff <= 1e-10 * xn, "max difference " + diff);
            // backward stable: residual ~1e-14 measured, 1e-10 required
            assertTrue(TestMatrices.relativeResidual(a, x2, b) < 1e-10);
        }
    }

    @Test
    void solveAcceptsTheSameArrayForInputAndOutput() {
        Random rnd = new Random(345);
        SymmetricCsc a = TestMatrices.randomSpd(rnd, 300, 0.02);
        SparseCholesky chol = new SparseCholesky(a);
        chol.factor(a.values);
        double[] b = TestMatrices.randomVector(rnd, a.n);
        double[] x = new double[a.n];
        chol.solve(b, x);
        double[] inPlace = b.clone();
        chol.solve(inPlace, inPlace);
        // identical operations on identical inputs
        assertArrayEquals(x, inPlace, 0.0);
    }

    @Test
    void notPositiveDefiniteReportsTheOriginalRow() {
        Random rnd = new Random(345);
        // SPD random part with an indefinite 2x2 block [[1, 2], [2, 1]] coupled to nothing else at
        // rows r1 < r2: whichever of the two is eliminated second gets the pivot 1 - 4 = -3
        int n = 200;
        SymmetricCsc base = TestMatrices.randomSpd(rnd, n, 0.03);
        int r1 = 37;
        int r2 = 151;
        List<int[]> idx = new ArrayList<>();
        List<Double> val = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            for (int p = base.colPtr[j]; p < base.colPtr[j + 1]; p++) {
                int i = base.rowIdx[p];
                boolean touches = i == r1 || i == r2 || j == r1 || j == r2;
                if (touches && i != j) {
                    continue;
                }
                idx.add(new int[] {i, j});
                val.add(touches ? 1.0 : base.values[p]);
            }
        }
        idx.add(new int[] {r2, r1});
        val.add(2.0);
        int[] rr = new int[idx.size()];
        int[] cc = new int[idx.size()];
        double[] vv = new double[idx.size()];
        for (int k = 0; k < rr.length; k++) {
            rr[k] = idx.get(k)[0];
            cc[k] = idx.get(k)[1];
            vv[k] = val.get(k);
        }
        SymmetricCsc a = SymmetricCsc.fromTriplets(n, rr, cc, vv);
        for (SparseCholesky.Ordering ord : SparseCholesky.Ordering.values()) {
            SparseCholesky chol = new SparseCholesky(a, ord, 2);
            int[] perm = chol.permutation();
            int pos1 = -1;
            int pos2 = -1;
            for (int k = 0; k < n; k++) {
                if (perm[k] == r1) {
                    pos1 = k;
                } else if (perm[k] == r2) {
                    pos2 = k;
                }
            }
            int expectedRow = pos1 > pos2 ? r1 : r2;
            NotPositiveDefiniteException e = assertThrows(NotPositiveDefiniteException.class, () -> chol.factor(a.values));
            assertEquals(expectedRow, e.row(), ord.name());
            // 1 - 2 * 2 / 1 computed exactly in floating point
            assertEquals(-3.0, e.pivot(), 0.0);
            assertTrue(e.getMessage().contains("row " + expectedRow), e.getMessage());
            assertTrue(e.getMessage().contains("-3.0"), e.getMessage());
            assertFalse(chol.isFactored());
            assertThrows(IllegalStateException.class, () -> chol.solve(new double[n], new double[n]));

            // a valid matrix on the same pattern factors fine afterwards
            double[] good = a.values.clone();
            for (int j = 0; j < n; j++) {
                for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                    if (a.rowIdx[p] == r2 && j == r1) {
                        good[p] = 0.5;
                    }
                }
            }
            chol.factor(good);
            assertTrue(chol.isFactored());
        }
    }

    @Test
    void nonFiniteAndZeroPivotsThrow() {
        Random rnd = new Random(345);
        SymmetricCsc a = TestMatrices.randomSpd(rnd, 100, 0.05);
        SparseCholesky chol = new SparseCholesky(a);
        int row = 42;
        int diagPos = a.colPtr[row];
        assertEquals(row, a.rowIdx[diagPos]);

        double[] v = a.values.clone();
        v[diagPos] = Double.NaN;
        NotPositiveDefiniteException e1 = assertThrows(NotPositiveDefiniteException.class, () -> chol.factor(v));
        assertEquals(row, e1.row());
        assertTrue(Double.isNaN(e1.pivot()));

        // a zero row and column: the pivot is exactly 0 whatever the ordering
        double[] z = a.values.clone();
        for (int j = 0; j < a.n; j++) {
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                if (a.rowIdx[p] == row || j == row) {
                    z[p] = 0.0;
                }
            }
        }
        NotPositiveDefiniteException e2 = assertThrows(NotPositiveDefiniteException.class, () -> chol.factor(z));
        assertEquals(row, e2.row());
        assertEquals(0.0, e2.pivot(), 0.0);

        double[] inf = a.values.clone();
        inf[diagPos] = Double.POSITIVE_INFINITY;
        assertEquals(row, assertThrows(NotPositiveDefiniteException.class, () -> chol.factor(inf)).row());
    }

    @Test
    void rejectsBadArguments() {
        Random rnd = new Random(345);
        SymmetricCsc a = TestMatrices.randomSpd(rnd, 20, 0.2);
        assertThrows(IllegalArgumentException.class, () -> new SparseCholesky(a, SparseCholesky.Ordering.AUTO, 0));
        SparseCholesky chol = new SparseCholesky(a);
        assertThrows(IllegalStateException.class, () -> chol.solve(new double[20], new double[20]));
        assertThrows(IllegalArgumentException.class, () -> chol.factor(new double[3]));
        chol.factor(a.values);
        assertThrows(IllegalArgumentException.class, () -> chol.solve(new double[19], new double[20]));
    }

    @Test
    void emptyMatrix() {
        SymmetricCsc a = new SymmetricCsc(0, new int[] {0}, new int[0], new double[0]);
        SparseCholesky chol = new SparseCholesky(a);
        chol.factor(a.values);
        chol.solve(new double[0], new double[0]);
        assertEquals(0, chol.factorNonzeros());
        assertEquals(0, chol.supernodeCount());
    }

    @Test
    void syntheticClothMatrixAtOneThousandTriangles() {
        // m = 22 is the "1k triangles" size of the brief: about 8.7k rows, 360k nonzeros
        SymmetricCsc a = CholeskyBench.syntheticCloth(22, 345);
        assertTrue(a.n > 8000 && a.n < 10000, "n = " + a.n);
        assertTrue(a.fullNonZeros() > 300_000 && a.fullNonZeros() < 450_000, "nnz = " + a.fullNonZeros());
        SparseCholesky chol = new SparseCholesky(a);
        Random rnd = new Random(345);
        double[] b = TestMatrices.randomVector(rnd, a.n);
        double[] x = new double[a.n];
        chol.factor(a.values);
        chol.solve(b, x);
        // alpha = 1e-9 can make S badly conditioned, but the factorization is backward stable:
        // the residual is bounded by ~n eps ||A|| ||x|| / ||b|| and measured at ~1e-14, well
        // inside the required 1e-10
        assertTrue(TestMatrices.relativeResidual(a, x, b) < 1e-10);
        // the fill-reducing ordering keeps the factor far from dense
        assertTrue(chol.factorNonzeros() < 20L * a.fullNonZeros(), "nnz(L) = " + chol.factorNonzeros());
        assertTrue(Arrays.asList("AMD", "NESTED_DISSECTION").contains(chol.orderingName()));
    }
}
