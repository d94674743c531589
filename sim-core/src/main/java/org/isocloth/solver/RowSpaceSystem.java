package org.isocloth.solver;

import java.util.Arrays;
import org.isocloth.linalg.SparseCholesky;
import org.isocloth.linalg.SymmetricCsc;

/**
 * The row-space form of the Gauss-Newton system of eq. 3.30: the matrix
 * {@code S = G W Gᵀ + diag(α)} itself, one row per row of G, factored and solved for the
 * multipliers μ. {@link PrimalSystem} solves the same equations in position space and is the
 * default; this form is selected with {@link SolverOptions.LinearSystem#ROW_SPACE}.
 *
 * <p>W = M⁻¹ is diagonal (w per dof, zero for pinned nodes) except on contact nodes, where it is
 * the 3×3 block P/(m(1+κ)) of {@link ContactPlanes}. S[a,b] = Σ_d G[a,d] w_d G[b,d] over the dofs
 * d the two rows share, plus, for contact nodes, the off-diagonal parts
 * Σ G[a,(p,c)] W_p[c,c2] G[b,(p,c2)] with c ≠ c2. Rows that touch different coordinates of the
 * same node may couple through such a block, so the pattern is node-level: it never changes, and
 * its fill-reducing ordering and symbolic analysis ({@link SparseCholesky}) are done once. Every
 * iteration scatters the values into it from precomputed lists and refactors numerically.
 */
final class RowSpaceSystem {
    private final int nodes;
    private final int rowCount;

    // Transpose of G: the entries of every dof, in increasing row order, and the row of each entry.
    private final int[] dofPtr;
    private final int[] dofEntry;
    private final int[] rowOf;

    /** Pattern of S (lower triangle) and its values. */
    private final SymmetricCsc matrix;
    private final int[] diagSlot;
    /** (k1, k2, slot, dof) quadruples: S[slot] += w[dof]·G[k1]·G[k2]. */
    private final int[] pairs;
    private final SparseCholesky cholesky;
    /** Per node: the scatter list of its contact block (see {@link #crossList}), built on first use. */
    private final int[][] crossCache;
    private final double[] scratchBlock = new double[9];

    /**
     * Builds the pattern of S from the pattern of G, its scatter lists and its analysis.
     *
     * @param nodes number of nodes (the dofs are 3·nodes)
     * @param rowCount number of rows of G
     * @param gPtr row pointers of G (length rowCount + 1)
     * @param gDof dof of every entry of G
     * @throws IllegalArgumentException if the cloth is too large for the matrix's index range
     */
    RowSpaceSystem(int nodes, int rowCount, int[] gPtr, int[] gDof) {
        this.nodes = nodes;
        this.rowCount = rowCount;
        int n3 = 3 * nodes;
        int nnz = gDof.length;
        // Transpose of G: entries per dof.
        dofPtr = new int[n3 + 1];
        for (int d : gDof) {
            dofPtr[d + 1]++;
        }
        for (int d = 0; d < n3; d++) {
            dofPtr[d + 1] += dofPtr[d];
        }
        dofEntry = new int[nnz];
        rowOf = new int[nnz];
        for (int r = 0; r < rowCount; r++) {
            for (int k = gPtr[r]; k < gPtr[r + 1]; k++) {
                rowOf[k] = r;
            }
        }
        int[] fill = Arrays.copyOf(dofPtr, n3);
        for (int k = 0; k < nnz; k++) {
            dofEntry[fill[gDof[k]]++] = k; // entries per dof in increasing row order
        }

        // Pairs (rowA >= rowB) sharing a dof: the pattern of S (lower triangle, column = rowB).
        long pairCount = 0;
        for (int d = 0; d < n3; d++) {
            long m = dofPtr[d + 1] - dofPtr[d];
            pairCount += m * (m + 1) / 2;
        }
        if (pairCount > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException("cloth too large: " + pairCount + " matrix contributions");
        }
        // Rows touching different coordinates of the same node couple through a contact node's
        // 3×3 block of W (its motion restricted to a tangent plane): the pattern is node-level.
        long crossCount = 0;
        for (int p = 0; p < nodes; p++) {
            for (int c = 0; c < 3; c++) {
                for (int c2 = c + 1; c2 < 3; c2++) {
                    crossCount += (long) (dofPtr[3 * p + c + 1] - dofPtr[3 * p + c])
                            * (dofPtr[3 * p + c2 + 1] - dofPtr[3 * p + c2]);
                }
            }
        }
        if (pairCount + crossCount > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException("cloth too large: " + (pairCount + crossCount)
                    + " matrix contributions");
        }
        long[] keys = new long[(int) (pairCount + crossCount) + rowCount];
        int kp = 0;
        for (int d = 0; d < n3; d++) {
            for (int i = dofPtr[d]; i < dofPtr[d + 1]; i++) {
                int ra = rowOf[dofEntry[i]];
                for (int j = dofPtr[d]; j <= i; j++) {
                    int rb = rowOf[dofEntry[j]];
                    keys[kp++] = ((long) rb << 32) | ra;
                }
            }
        }
        for (int p = 0; p < nodes; p++) {
            for (int c = 0; c < 3; c++) {
                for (int c2 = c + 1; c2 < 3; c2++) {
                    for (int i = dofPtr[3 * p + c]; i < dofPtr[3 * p + c + 1]; i++) {
                        int ra = rowOf[dofEntry[i]];
                        for (int j = dofPtr[3 * p + c2]; j < dofPtr[3 * p + c2 + 1]; j++) {
                            int rb = rowOf[dofEntry[j]];
                            keys[kp++] = ra >= rb ? ((long) rb << 32) | ra : ((long) ra << 32) | rb;
                        }
                    }
                }
            }
        }
        for (int r = 0; r < rowCount; r++) {
            keys[kp++] = ((long) r << 32) | r;
        }
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        int unique = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[unique++] = sorted[i];
            }
        }
        int[] colPtr = new int[rowCount + 1];
        int[] rowIdx = new int[unique];
        for (int i = 0; i < unique; i++) {
            colPtr[(int) (sorted[i] >>> 32) + 1]++;
            rowIdx[i] = (int) sorted[i];
        }
        for (int c = 0; c < rowCount; c++) {
            colPtr[c + 1] += colPtr[c];
        }
        matrix = new SymmetricCsc(rowCount, colPtr, rowIdx, new double[unique]);
        diagSlot = new int[rowCount];
        for (int r = 0; r < rowCount; r++) {
            diagSlot[r] = colPtr[r]; // rows ascending and the diagonal is the smallest row
        }
        // Scatter list: every product G[k1]·G[k2] sharing a dof, with its slot in S.
        pairs = new int[4 * (int) pairCount];
        int pi = 0;
        for (int d = 0; d < n3; d++) {
            for (int i = dofPtr[d]; i < dofPtr[d + 1]; i++) {
                int ka = dofEntry[i];
                int ra = rowOf[ka];
                for (int j = dofPtr[d]; j <= i; j++) {
                    int kb = dofEntry[j];
                    pairs[pi++] = ka;
                    pairs[pi++] = kb;
                    pairs[pi++] = find(colPtr, rowIdx, rowOf[kb], ra);
                    pairs[pi++] = d;
                }
            }
        }
        cholesky = new SparseCholesky(matrix);
        crossCache = new int[nodes][];
    }

    /** @return the number of rows of S */
    int size() {
        return rowCount;
    }

    /** @return the number of stored nonzeros of S (lower triangle) */
    int nonzeros() {
        return matrix.rowIdx.length;
    }

    /** @return the factorization of S */
    SparseCholesky cholesky() {
        return cholesky;
    }

    /** The slot of entry (row, col) of the lower-triangle pattern. */
    private static int find(int[] colPtr, int[] rowIdx, int col, int row) {
        int lo = colPtr[col];
        int hi = colPtr[col + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (rowIdx[mid] < row) {
                lo = mid + 1;
            } else if (rowIdx[mid] > row) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        throw new IllegalStateException("missing pattern entry " + row + "," + col);
    }

    /**
     * Assembles S = G W Gᵀ + diag(α), factors it and solves S μ = rhs.
     *
     * @param gVal values of G
     * @param alpha compliance of every row
     * @param w the diagonal of W per dof (the contact nodes' diagonal included)
     * @param mass node masses (for the contact nodes' blocks)
     * @param contacts the contact planes (their off-diagonal W entries)
     * @param rhs right-hand side (unaffected)
     * @param mu the multipliers (output)
     * @throws org.isocloth.linalg.NotPositiveDefiniteException if S is not positive definite
     */
    void solve(double[] gVal, double[] alpha, double[] w, double[] mass, ContactPlanes contacts, double[] rhs,
            double[] mu) {
        double[] values = matrix.values;
        Arrays.fill(values, 0);
        for (int r = 0; r < rowCount; r++) {
            values[diagSlot[r]] = alpha[r];
        }
        scatter(gVal, w, values);
        scatterContactBlocks(gVal, mass, contacts, values);
        cholesky.factor(values);
        cholesky.solve(rhs, mu);
    }

    /**
     * The new iterate x = x_target − W Gᵀ μ (W is diagonal except on contact nodes).
     *
     * @param xTarget the iteration's target
     * @param w the diagonal of W per dof
     * @param force Gᵀ μ
     * @param mass node masses (for the contact nodes' blocks)
     * @param contacts the contact planes
     * @param x the iterate (output)
     */
    void displace(double[] xTarget, double[] w, double[] force, double[] mass, ContactPlanes contacts, double[] x) {
        int n3 = 3 * nodes;
        for (int i = 0; i < n3; i++) {
            x[i] = xTarget[i] - w[i] * force[i];
        }
        for (int ci = 0; ci < contacts.count; ci++) {
            int p = contacts.nodes[ci];
            double inv = contacts.invMass(mass, p);
            for (int c = 0; c < 3; c++) {
                for (int c2 = 0; c2 < 3; c2++) {
                    if (c2 != c) {
                        x[3 * p + c] -= contacts.crossW(p, c, c2, inv) * force[3 * p + c2];
                    }
                }
            }
        }
    }

    /** Adds the diagonal part of W: S[slot] += w[dof]·G[k1]·G[k2] over the scatter list. */
    private void scatter(double[] gVal, double[] w, double[] out) {
        for (int i = 0; i < pairs.length; i += 4) {
            double wd = w[pairs[i + 3]];
            if (wd != 0) {
                out[pairs[i + 2]] += wd * gVal[pairs[i]] * gVal[pairs[i + 1]];
            }
        }
    }

    /**
     * Adds the off-diagonal (c ≠ c2) parts of the contact nodes' W blocks to S:
     * S[a,b] += Σ G[a,(p,c)] W_p[c,c2] G[b,(p,c2)]. Per node, the ordered entry pairs with
     * different coordinates and row(a) ≥ row(b) are listed once and cached.
     */
    private void scatterContactBlocks(double[] gVal, double[] mass, ContactPlanes contacts, double[] out) {
        for (int ci = 0; ci < contacts.count; ci++) {
            int p = contacts.nodes[ci];
            int[] list = crossCache[p];
            if (list == null) {
                list = crossList(p);
                crossCache[p] = list;
            }
            double inv = contacts.invMass(mass, p);
            double[] wb = scratchBlock;
            for (int c = 0; c < 3; c++) {
                for (int c2 = 0; c2 < 3; c2++) {
                    wb[3 * c + c2] = contacts.crossW(p, c, c2, inv);
                }
            }
            for (int i = 0; i < list.length; i += 4) {
                out[list[i + 2]] += wb[list[i + 3]] * gVal[list[i]] * gVal[list[i + 1]];
            }
        }
    }

    /**
     * Node p's scatter list for its contact block: (k1, k2, slot, 3c + c2) quadruples, one per
     * ordered pair of entries of G on coordinates c ≠ c2 of p with row(k1) ≥ row(k2).
     */
    private int[] crossList(int p) {
        int count = 0;
        for (int c = 0; c < 3; c++) {
            for (int c2 = 0; c2 < 3; c2++) {
                if (c == c2) {
                    continue;
                }
                for (int i = dofPtr[3 * p + c]; i < dofPtr[3 * p + c + 1]; i++) {
                    for (int j = dofPtr[3 * p + c2]; j < dofPtr[3 * p + c2 + 1]; j++) {
                        if (rowOf[dofEntry[i]] >= rowOf[dofEntry[j]]) {
                            count++;
                        }
                    }
                }
            }
        }
        int[] list = new int[4 * count];
        int q = 0;
        for (int c = 0; c < 3; c++) {
            for (int c2 = 0; c2 < 3; c2++) {
                if (c == c2) {
                    continue;
                }
                for (int i = dofPtr[3 * p + c]; i < dofPtr[3 * p + c + 1]; i++) {
                    int ka = dofEntry[i];
                    for (int j = dofPtr[3 * p + c2]; j < dofPtr[3 * p + c2 + 1]; j++) {
                        int kb = dofEntry[j];
                        if (rowOf[ka] >= rowOf[kb]) {
                            list[q++] = ka;
                            list[q++] = kb;
                            list[q++] = find(matrix.colPtr, matrix.rowIdx, rowOf[kb], rowOf[ka]);
                            list[q++] = 3 * c + c2;
                        }
                    }
                }
            }
        }
        return list;
    }
}
