package org.isocloth.linalg;

import java.util.Arrays;
import java.util.Random;

/** Random test matrices shared by the linalg tests. */
final class TestMatrices {
    private TestMatrices() {
    }

    /**
     * Random symmetric, strictly diagonally dominant (hence SPD) matrix: each off-diagonal pair is
     * present with probability {@code density}, values uniform in [-1, 1]; the diagonal is the
     * absolute row sum plus a random amount in [0.5, 1.5).
     */
    static SymmetricCsc randomSpd(Random rnd, int n, double density) {
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, (long) (density * n * (n - 1) / 2 * 1.2) + n + 16);
        int[] r = new int[cap];
        int[] c = new int[cap];
        double[] v = new double[cap];
        double[] rowSum = new double[n];
        int k = 0;
        for (int j = 0; j < n; j++) {
            for (int i = j + 1; i < n; i++) {
                if (rnd.nextDouble() < density) {
                    if (k == r.length) {
                        r = Arrays.copyOf(r, 2 * k);
                        c = Arrays.copyOf(c, 2 * k);
                        v = Arrays.copyOf(v, 2 * k);
                    }
                    double x = 2 * rnd.nextDouble() - 1;
                    r[k] = i;
                    c[k] = j;
                    v[k] = x;
                    rowSum[i] += Math.abs(x);
                    rowSum[j] += Math.abs(x);
                    k++;
                }
            }
        }
        int[] rr = Arrays.copyOf(r, k + n);
        int[] cc = Arrays.copyOf(c, k + n);
        double[] vv = Arrays.copyOf(v, k + n);
        for (int i = 0; i < n; i++) {
            rr[k + i] = i;
            cc[k + i] = i;
            vv[k + i] = rowSum[i] + 0.5 + rnd.nextDouble();
        }
        return SymmetricCsc.fromTriplets(n, rr, cc, vv);
    }

    /**
     * SPD matrix {@code B B^T + shift I} with B sparse random (about {@code perRow} entries per row
     * in [-1, 1]); not diagonally dominant, like the cloth system matrices.
     */
    static SymmetricCsc gramPlusShift(Random rnd, int n, int perRow, double shift) {
        double[][] b = new double[n][];
        int[][] bj = new int[n][];
        for (int i = 0; i < n; i++) {
            bj[i] = new int[perRow];
            b[i] = new double[perRow];
            for (int q = 0; q < perRow; q++) {
                // local couplings (banded) plus an occasional long-range one
                int j = rnd.nextInt(10) == 0 ? rnd.nextInt(n) : Math.floorMod(i + rnd.nextInt(21) - 10, n);
                bj[i][q] = j;
                b[i][q] = 2 * rnd.nextDouble() - 1;
            }
        }
        double[][] dense = new double[n][n];
        // column lists of B
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                // (B B^T)_ik = sum over shared columns
                if (k < i) {
                    continue;
                }
                double s = 0;
                for (int p = 0; p < perRow; p++) {
                    for (int q = 0; q < perRow; q++) {
                        if (bj[i][p] == bj[k][q]) {
                            s += b[i][p] * b[k][q];
                        }
                    }
                }
                dense[i][k] = s;
                dense[k][i] = s;
            }
            dense[i][i] += shift;
        }
        return fromDense(dense, 0.0);
    }

    /** Lower triangle of a dense symmetric matrix, keeping entries with |a| > dropTol and the diagonal. */
    static SymmetricCsc fromDense(double[][] d, double dropTol) {
        int n = d.length;
        int[] colPtr = new int[n + 1];
        int cnt = 0;
        for (int j = 0; j < n; j++) {
            for (int i = j; i < n; i++) {
                if (i == j || Math.abs(d[i][j]) > dropTol) {
                    cnt++;
                }
            }
        }
        int[] ri = new int[cnt];
        double[] v = new double[cnt];
        cnt = 0;
        for (int j = 0; j < n; j++) {
            colPtr[j] = cnt;
            for (int i = j; i < n; i++) {
                if (i == j || Math.abs(d[i][j]) > dropTol) {
                    ri[cnt] = i;
                    v[cnt] = d[i][j];
                    cnt++;
                }
            }
        }
        colPtr[n] = cnt;
        return new SymmetricCsc(n, colPtr, ri, v);
    }

    /** Block-diagonal matrix of random SPD blocks whose indices are randomly interleaved. */
    static SymmetricCsc disconnectedBlocks(Random rnd, int blocks, int blockSize, double density) {
        int n = blocks * blockSize;
        int[] shuffle = new int[n];
        for (int i = 0; i < n; i++) {
            shuffle[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = shuffle[i];
            shuffle[i] = shuffle[j];
            shuffle[j] = t;
        }
        int total = 0;
        SymmetricCsc[] parts = new SymmetricCsc[blocks];
        for (int b = 0; b < blocks; b++) {
            parts[b] = randomSpd(rnd, blockSize, density);
            total += parts[b].nonZeros();
        }
        int[] r = new int[total];
        int[] c = new int[total];
        double[] v = new double[total];
        int k = 0;
        for (int b = 0; b < blocks; b++) {
            SymmetricCsc p = parts[b];
            for (int j = 0; j < blockSize; j++) {
                for (int q = p.colPtr[j]; q < p.colPtr[j + 1]; q++) {
                    r[k] = shuffle[b * blockSize + p.rowIdx[q]];
                    c[k] = shuffle[b * blockSize + j];
                    v[k] = p.values[q];
                    k++;
                }
            }
        }
        return SymmetricCsc.fromTriplets(n, r, c, v);
    }

    static double[][] toDense(SymmetricCsc a) {
        double[][] d = new double[a.n][a.n];
        for (int j = 0; j < a.n; j++) {
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                int i = a.rowIdx[p];
                d[i][j] = a.values[p];
                d[j][i] = a.values[p];
            }
        }
        return d;
    }

    /** ||A x - b|| / ||b|| in the 2-norm. */
    static double relativeResidual(SymmetricCsc a, double[] x, double[] b) {
        double[] ax = new double[a.n];
        a.multiply(x, ax);
        double rn = 0;
        double bn = 0;
        for (int i = 0; i < a.n; i++) {
            rn += (ax[i] - b[i]) * (ax[i] - b[i]);
            bn += b[i] * b[i];
        }
        return Math.sqrt(rn / bn);
    }

    static double[] randomVector(Random rnd, int n) {
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = 2 * rnd.nextDouble() - 1;
        }
        return b;
    }
}
