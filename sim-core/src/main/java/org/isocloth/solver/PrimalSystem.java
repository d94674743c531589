package org.isocloth.solver;

import java.util.Arrays;
import org.isocloth.linalg.NotPositiveDefiniteException;
import org.isocloth.linalg.Parallel;
import org.isocloth.linalg.SparseCholesky;
import org.isocloth.linalg.SymmetricCsc;

/**
 * Solves the Gauss-Newton system of eq. 3.30, {@code (G W Gᵀ + A) μ = r}, through its primal
 * (position-space) form instead of factoring the row-space matrix.
 *
 * <p>G has one row per bending residual, constraint and spring (12k rows for 1k base triangles),
 * A = diag(α) holds their compliances (all positive: hard rows carry a tiny regularisation) and W
 * is block diagonal with one 3×3 block per node: (1/m)·I for a free node, 0 for a pinned one and
 * P/(m(1+κ)) for a contact node, P the projector onto its tangent space. With
 * {@code z = W Gᵀ μ} (the displacement the iteration takes off its target) the system is
 * equivalent to
 *
 * <pre>
 *   K z = Π Gᵀ A⁻¹ r,    K = Π (Ω + Gᵀ A⁻¹ G) Π + (I − Π),    μ = A⁻¹ (r − G z)
 * </pre>
 *
 * where Π = diag(P_p) (I for a free node, 0 for a pinned one) and Ω = diag(m(1+κ)). Derivation:
 * A μ = r − G W Gᵀ μ = r − G z, so z = W Gᵀ A⁻¹ (r − G z); on the range of Π, W is invertible
 * with inverse Ω, which gives Π(Ω + Gᵀ A⁻¹ G)z = Π Gᵀ A⁻¹ r, and z has no component outside that
 * range. K is symmetric positive definite: on the range of Π it is Ω plus a Gram matrix, outside it
 * the identity.
 *
 * <p>Why: K has one row per coordinate (3 per node: 6k rows for 1k base triangles) and couples
 * only nodes that share a row of G (a node's neighbours within two Crouzeix-Raviart stencils),
 * whereas the row-space matrix couples every pair of rows sharing a node, and a conforming row
 * touches thirteen nodes. The pattern is node-level (3×3 blocks) and does not depend on the
 * contacts or pins, so it is analysed once. Measured factor sizes are in docs/benchmarks.md.
 *
 * <p>Numerically the hard rows' small α (10⁻⁶ of the largest inverse mass) makes K ill-conditioned
 * along the constraint gradients, but z's error along those directions stays at rounding level
 * relative to z, so μ = A⁻¹(r − Gz) loses only about six digits: about 10⁻¹⁰ relative.
 * The solver computes the same μ as the row-space factorization to that accuracy (tested).
 */
final class PrimalSystem {
    private final int nodes;
    private final int rows;
    private final int[] gPtr;
    private final int[] gDof;

    private final SymmetricCsc matrix;
    private final SparseCholesky cholesky;
    /** Slot of the diagonal entry of every coordinate. */
    private final int[] diagSlot;
    /** Per row of G: its entry pairs (e1, e2, slot) with e1 ≥ e2, grouped by row. */
    private final int[] pairPtr;
    private final int[] pairs;
    /** Node-level pattern: column node q has blocks nodeColPtr[q].. (the diagonal block first). */
    private final int[] nodeColPtr;
    private final int[] blockRow;
    /** Blocks whose row node is p and whose column node is smaller: nodeRowPtr[p].. into nodeRowBlock. */
    private final int[] nodeRowPtr;
    private final int[] nodeRowBlock;
    private final int[] blockCol;

    private final double[] bvec;
    private final double[] scaled;
    /** Rows [dynStart, dynEnd) change every iteration (the distance rows); the others rarely. */
    private final int dynStart;
    private final int dynEnd;
    /** K's contribution of the other rows, and the values of G and α it was computed from. */
    private final double[] staticValues;
    private final double[] staticG;
    private final double[] staticAlpha;
    private boolean staticValid;
    private final double[] block = new double[9];
    private final double[] tmp = new double[9];

    /**
     * Builds the pattern of K from the pattern of G and analyses it.
     *
     * @param nodes number of nodes (the dofs are 3·nodes)
     * @param rows number of rows of G
     * @param gPtr row pointers of G (length rows + 1)
     * @param gDof dof of every entry of G
     * @param dynStart first row whose values change between iterations
     * @param dynEnd end (exclusive) of those rows; the values of all other rows are compared with
     *     the ones last used at every solve and their part of K recomputed only when they changed
     */
    PrimalSystem(int nodes, int rows, int[] gPtr, int[] gDof, int dynStart, int dynEnd) {
        this(nodes, rows, gPtr, gDof, dynStart, dynEnd, null);
    }

    /**
     * As {@link #PrimalSystem(int, int, int[], int[], int, int)}, with the fill-reducing
     * permutation of another system instead of a new ordering (for the same rows plus a few
     * extra ones: only the symbolic analysis runs).
     *
     * @param perm scalar permutation from {@link #permutation()} of a system with the same
     *     nodes, or null to compute an ordering
     */
    PrimalSystem(int nodes, int rows, int[] gPtr, int[] gDof, int dynStart, int dynEnd, int[] perm) {
        this.nodes = nodes;
        this.dynStart = dynStart;
        this.dynEnd = dynEnd;
        this.rows = rows;
        this.gPtr = gPtr;
        this.gDof = gDof;
        // Node pairs (p ≥ q) sharing a row.
        long count = nodes;
        int[] rowNodes = new int[MAX_ROW_NODES];
        for (int r = 0; r < rows; r++) {
            int k = rowNodeSet(r, rowNodes);
            count += (long) k * (k - 1) / 2;
        }
        if (count > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("cloth too large: " + count + " node couplings");
        }
        long[] keys = new long[(int) count];
        int kp = 0;
        for (int p = 0; p < nodes; p++) {
            keys[kp++] = ((long) p << 32) | p;
        }
        for (int r = 0; r < rows; r++) {
            int k = rowNodeSet(r, rowNodes);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < i; j++) {
                    int a = rowNodes[i];
                    int b = rowNodes[j];
                    int p = Math.max(a, b);
                    int q = Math.min(a, b);
                    keys[kp++] = ((long) q << 32) | p; // sorted by column q, then row p
                }
            }
        }
        Arrays.sort(keys, 0, kp);
        int unique = 0;
        for (int i = 0; i < kp; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                keys[unique++] = keys[i];
            }
        }
        nodeColPtr = new int[nodes + 1];
        blockRow = new int[unique];
        blockCol = new int[unique];
        for (int i = 0; i < unique; i++) {
            int q = (int) (keys[i] >>> 32);
            nodeColPtr[q + 1]++;
            blockRow[i] = (int) keys[i];
            blockCol[i] = q;
        }
        for (int q = 0; q < nodes; q++) {
            nodeColPtr[q + 1] += nodeColPtr[q];
        }
        nodeRowPtr = new int[nodes + 1];
        for (int i = 0; i < unique; i++) {
            if (blockRow[i] != blockCol[i]) {
                nodeRowPtr[blockRow[i] + 1]++;
            }
        }
        for (int p = 0; p < nodes; p++) {
            nodeRowPtr[p + 1] += nodeRowPtr[p];
        }
        nodeRowBlock = new int[nodeRowPtr[nodes]];
        int[] fill = Arrays.copyOf(nodeRowPtr, nodes);
        for (int i = 0; i < unique; i++) {
            if (blockRow[i] != blockCol[i]) {
                nodeRowBlock[fill[blockRow[i]]++] = i;
            }
        }
        // Scalar lower CSC: column 3q+c' holds the diagonal block's rows 3q+c'..3q+2, then three
        // rows per off-diagonal block in increasing row node order.
        int n3 = 3 * nodes;
        int[] colPtr = new int[n3 + 1];
        for (int q = 0; q < nodes; q++) {
            int off = nodeColPtr[q + 1] - nodeColPtr[q] - 1;
            for (int c = 0; c < 3; c++) {
                colPtr[3 * q + c + 1] = colPtr[3 * q + c] + (3 - c) + 3 * off;
            }
        }
        int[] rowIdx = new int[colPtr[n3]];
        for (int q = 0; q < nodes; q++) {
            for (int c = 0; c < 3; c++) {
                int s = colPtr[3 * q + c];
                for (int c2 = c; c2 < 3; c2++) {
                    rowIdx[s++] = 3 * q + c2;
                }
                for (int bi = nodeColPtr[q] + 1; bi < nodeColPtr[q + 1]; bi++) {
                    for (int c2 = 0; c2 < 3; c2++) {
                        rowIdx[s++] = 3 * blockRow[bi] + c2;
                    }
                }
            }
        }
        matrix = new SymmetricCsc(n3, colPtr, rowIdx, new double[rowIdx.length]);
        diagSlot = new int[n3];
        for (int d = 0; d < n3; d++) {
            diagSlot[d] = colPtr[d];
        }
        // Entry pairs per row of G.
        pairPtr = new int[rows + 1];
        long pairCount = 0;
        for (int r = 0; r < rows; r++) {
            long m = gPtr[r + 1] - gPtr[r];
            pairCount += m * (m + 1) / 2;
            if (pairCount > Integer.MAX_VALUE / 3) {
                throw new IllegalArgumentException("cloth too large: " + pairCount + " matrix contributions");
            }
            pairPtr[r + 1] = (int) pairCount;
        }
        pairs = new int[3 * (int) pairCount];
        int pi = 0;
        for (int r = 0; r < rows; r++) {
            for (int e1 = gPtr[r]; e1 < gPtr[r + 1]; e1++) {
                for (int e2 = gPtr[r]; e2 <= e1; e2++) {
                    int d1 = gDof[e1];
                    int d2 = gDof[e2];
                    pairs[pi++] = e1;
                    pairs[pi++] = e2;
                    // two distinct entries on the same dof contribute twice to the diagonal:
                    // encode that by a negative slot
                    int slot = slotOf(Math.max(d1, d2), Math.min(d1, d2));
                    pairs[pi++] = d1 == d2 && e1 != e2 ? -1 - slot : slot;
                }
            }
        }
        // ordered as a graph of nodes (3×3 blocks): same fill as the scalar graph, faster analysis
        int threads = Runtime.getRuntime().availableProcessors();
        cholesky = perm == null ? new SparseCholesky(matrix, SparseCholesky.Ordering.AUTO, threads, 3)
                : new SparseCholesky(matrix, perm, threads, 3);
        dynParts = dynEnd - dynStart >= parallelMinRows ? partitionDynamicRows() : null;
        bvec = new double[n3];
        scaled = new double[rows];
        staticValues = new double[rowIdx.length];
        staticG = new double[gDof.length];
        staticAlpha = new double[rows];
    }

    /**
     * Dynamic rows from which their part of K is added by two threads (see {@link #dynParts});
     * below, forking costs more than it saves. Tests lower it to exercise the partitioned path.
     */
    static int parallelMinRows = 20_000;

    /**
     * The dynamic rows in three lists, or null for a small system: rows whose nodes all lie in the
     * first half of the fill-reducing order, rows whose nodes all lie in the second half, and the
     * rows that touch both. A row adds only to the entries between its own nodes, so the rows of
     * the first two lists never add to the same entry and are added concurrently; the third list
     * follows. The order of the additions depends only on the lists, not on the processors.
     */
    private final int[][] dynParts;

    private int[][] partitionDynamicRows() {
        int[] perm = cholesky.permutation();
        boolean[] second = new boolean[nodes];
        for (int k = perm.length / 2; k < perm.length; k++) {
            second[perm[k] / 3] = true;
        }
        int[][] parts = new int[3][dynEnd - dynStart];
        int[] size = new int[3];
        for (int row = dynStart; row < dynEnd; row++) {
            int part = -1;
            for (int e = gPtr[row]; e < gPtr[row + 1]; e++) {
                int side = second[gDof[e] / 3] ? 1 : 0;
                part = part < 0 || part == side ? side : 2;
            }
            part = Math.max(part, 0);
            parts[part][size[part]++] = row;
        }
        for (int k = 0; k < 3; k++) {
            parts[k] = Arrays.copyOf(parts[k], size[k]);
        }
        return parts;
    }

    /**
     * Adds the dynamic rows' Σ g gᵀ/α and, with kgCoef, their geometric stiffness to out: in row
     * order for a small system, else by the lists of {@link #dynParts}, the first two in parallel.
     */
    private void addDynamic(double[] gVal, double[] alpha, double[] out) {
        if (dynParts == null) {
            addRows(dynStart, dynEnd, gVal, alpha, out);
            if (kgCoef != null) {
                addGeometric(gVal, out);
            }
            return;
        }
        Parallel.run(() -> addPart(dynParts[0], gVal, alpha, out), () -> addPart(dynParts[1], gVal, alpha, out));
        addPart(dynParts[2], gVal, alpha, out);
    }

    private void addPart(int[] list, double[] gVal, double[] alpha, double[] out) {
        for (int row : list) {
            addRows(row, row + 1, gVal, alpha, out);
            if (kgCoef != null) {
                addGeometric(row, gVal, out);
            }
        }
    }

    /** The most nodes one row of G may touch (a conforming row touches 2·valence + 1). */
    private static final int MAX_ROW_NODES = 64;

    /** Writes the distinct nodes of row r into out and returns how many there are. */
    private int rowNodeSet(int r, int[] out) {
        int k = 0;
        for (int e = gPtr[r]; e < gPtr[r + 1]; e++) {
            int p = gDof[e] / 3;
            boolean seen = false;
            for (int i = 0; i < k && !seen; i++) {
                seen = out[i] == p;
            }
            if (!seen) {
                if (k == out.length) {
                    throw new IllegalArgumentException("a row of the constraint system touches more than "
                            + out.length + " nodes (a base vertex with more than " + (out.length - 1) / 2
                            + " triangles)");
                }
                out[k++] = p;
            }
        }
        return k;
    }

    /** Slot of scalar entry (row d1, column d2), d1 ≥ d2, in the lower CSC. */
    private int slotOf(int d1, int d2) {
        int p = d1 / 3;
        int q = d2 / 3;
        int c = d1 % 3;
        int c2 = d2 % 3;
        if (p == q) {
            return matrix.colPtr[d2] + (c - c2);
        }
        int lo = nodeColPtr[q] + 1;
        int hi = nodeColPtr[q + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (blockRow[mid] < p) {
                lo = mid + 1;
            } else if (blockRow[mid] > p) {
                hi = mid - 1;
            } else {
                return blockSlot(mid, c, c2);
            }
        }
        throw new IllegalStateException("entry (" + d1 + ", " + d2 + ") not in the pattern");
    }

    /** Slot of entry (c, c2) of off-diagonal block bi (row node > column node). */
    private int blockSlot(int bi, int c, int c2) {
        int q = blockCol[bi];
        return matrix.colPtr[3 * q + c2] + (3 - c2) + 3 * (bi - nodeColPtr[q] - 1) + c;
    }

    /** Slot of entry (c, c2) of node p's diagonal block, any c, c2 (symmetric storage). */
    private int diagBlockSlot(int p, int c, int c2) {
        int hi = Math.max(c, c2);
        int lo = Math.min(c, c2);
        return matrix.colPtr[3 * p + lo] + (hi - lo);
    }

    /** Number of coordinates (3 per node). */
    int size() {
        return 3 * nodes;
    }

    /** Stored nonzeros of K (lower triangle). */
    int nonzeros() {
        return matrix.rowIdx.length;
    }

    /** The fill-reducing permutation of the coordinates (blocks of three stay together). */
    int[] permutation() {
        return cholesky.permutation();
    }

    /** The factorization in use (for its statistics). */
    SparseCholesky cholesky() {
        return cholesky;
    }

    /**
     * Solves the system for μ and z.
     *
     * @param gVal values of G
     * @param alpha compliances (all positive)
     * @param r right-hand side (length rows)
     * @param omega Ω per node: m(1+κ) (ignored for pinned nodes)
     * @param pinned pinned nodes (W = 0)
     * @param projNodes nodes with a tangent-space projector (contact nodes), first projCount used
     * @param projCount number of projected nodes
     * @param proj projectors P, 9 per node (row-major), read for the projected nodes
     * @param mu output multipliers (length rows)
     * @param z output displacement W Gᵀ μ (length 3·nodes)
     * @throws NotPositiveDefiniteException if K is not positive definite (cannot happen for
     *     finite positive inputs; reported instead of returning garbage)
     */
    void solve(double[] gVal, double[] alpha, double[] r, double[] omega, boolean[] pinned, int[] projNodes,
            int projCount, double[] proj, double[] mu, double[] z) {
        double[] values = matrix.values;
        if (!staticUpToDate(gVal, alpha)) {
            Arrays.fill(staticValues, 0);
            addRows(0, dynStart, gVal, alpha, staticValues);
            addRows(dynEnd, rows, gVal, alpha, staticValues);
            staticValid = true;
        }
        System.arraycopy(staticValues, 0, values, 0, values.length);
        addDynamic(gVal, alpha, values);
        Arrays.fill(bvec, 0);
        if (kgRhs != null) {
            System.arraycopy(kgRhs, 0, bvec, 0, bvec.length);
        }
        for (int row = 0; row < rows; row++) {
            double s = r[row] / alpha[row];
            scaled[row] = s;
            for (int e = gPtr[row]; e < gPtr[row + 1]; e++) {
                bvec[gDof[e]] += gVal[e] * s;
            }
        }
        for (int p = 0; p < nodes; p++) {
            if (!pinned[p]) {
                for (int c = 0; c < 3; c++) {
                    values[diagSlot[3 * p + c]] += omega[p];
                }
            }
        }
        for (int i = 0; i < extraCount; i++) {
            int p = extraNodes[i];
            if (pinned[p]) {
                continue;
            }
            for (int c = 0; c < 3; c++) {
                bvec[3 * p + c] += extraRhs[3 * p + c];
                for (int c2 = c; c2 < 3; c2++) {
                    values[diagBlockSlot(p, c, c2)] += extraBlock[9 * p + 3 * c + c2];
                }
            }
        }
        for (int i = 0; i < projCount; i++) {
            int p = projNodes[i];
            if (!pinned[p]) {
                project(p, proj, 9 * p);
            }
        }
        for (int p = 0; p < nodes; p++) {
            if (pinned[p]) {
                project(p, ZERO, 0);
            }
        }
        cholesky.factor(values);
        cholesky.solve(bvec, z);
        multipliers(gVal, alpha, mu, z);
    }

    private static final double[] ZERO = new double[9];

    /** Nodes with an extra symmetric 3×3 block on their diagonal (contact springs); see {@link #setExtra}. */
    private int[] extraNodes;
    private int extraCount;
    private double[] extraBlock;
    private double[] extraRhs;

    /**
     * Sets symmetric 3×3 blocks added to some nodes' diagonal blocks of K, and their terms of the
     * right-hand side, for the following solves.
     *
     * @param nodeList the nodes (first {@code count} entries)
     * @param count number of nodes (0: none)
     * @param blocks 9 values per node, row-major, indexed by node
     * @param rhs 3 values per node, indexed by node
     */
    void setExtra(int[] nodeList, int count, double[] blocks, double[] rhs) {
        extraNodes = nodeList;
        extraCount = count;
        extraBlock = blocks;
        extraRhs = rhs;
    }

    /** Geometric stiffness coefficients μ/len per row (distance rows only), or null. */
    double[] kgCoef;
    /**
     * Geometric stiffness of the elastic rows of a stretchable cloth ({@link MembraneRows}), six
     * node-pair weights per triangle (H₀₀, H₀₁, H₀₂, H₁₁, H₁₂, H₂₂), each times the identity on
     * the coordinates; read with {@link #kgCoef} set, for the rows from {@link #membraneStart}.
     */
    double[] kgTri;
    /** First elastic row ({@link #setMembraneRows}); -1 without. */
    private int membraneStart = -1;
    private int membraneEnd = -1;

    /**
     * Marks rows [start, end) as the elastic rows of a stretchable cloth, three per triangle with
     * nine entries each (the triangle's three nodes, three coordinates each): their geometric
     * stiffness comes from {@link #kgTri}.
     *
     * @param start first elastic row (within the dynamic rows)
     * @param end end of the elastic rows (exclusive)
     */
    void setMembraneRows(int start, int end) {
        membraneStart = start;
        membraneEnd = end;
    }
    /** Extra right-hand side (length 3·nodes), or null. */
    double[] kgRhs;

    /**
     * Adds Σ c_row (I − u uᵀ) ⊗ [[1,−1],[−1,1]] of the dynamic rows with c ≠ 0. A distance row's
     * G entries are (u, −u): the product g_i g_j has the sign of the node pair, and the component
     * pair (c1, c2) gives δ − u_c1 u_c2.
     */
    private void addGeometric(double[] gVal, double[] out) {
        for (int row = dynStart; row < dynEnd; row++) {
            addGeometric(row, gVal, out);
        }
    }

    /** Adds row's term of {@link #addGeometric(double[], double[])}. */
    private void addGeometric(int row, double[] gVal, double[] out) {
        if (row >= membraneStart && row < membraneEnd) {
            if (kgTri != null && (row - membraneStart) % 3 == 0) {
                addTriangleGeometric(row, (row - membraneStart) / 3, out);
            }
            return;
        }
        double c = kgCoef[row];
        if (c != 0) {
            int e0 = gPtr[row];
            for (int i = 3 * pairPtr[row], end = 3 * pairPtr[row + 1]; i < end; i += 3) {
                int a = pairs[i];
                int b = pairs[i + 1];
                int la = a - e0;
                int lb = b - e0;
                double sign = (la < 3) == (lb < 3) ? 1 : -1;
                double ua = gVal[e0 + la % 3];
                double ub = gVal[e0 + lb % 3];
                double v = c * sign * ((la % 3 == lb % 3 ? 1 : 0) - ua * ub);
                int slot = pairs[i + 2];
                if (slot >= 0) {
                    out[slot] += v;
                } else {
                    out[-1 - slot] += 2 * v;
                }
            }
        }
    }

    /**
     * Adds triangle f's Σ_kl H_kl ⊗ I₃ through the entry pairs of its first row, whose nine
     * entries are the triangle's nodes' coordinates (entry 3k + c).
     */
    private void addTriangleGeometric(int row, int f, double[] out) {
        int e0 = gPtr[row];
        for (int i = 3 * pairPtr[row], end = 3 * pairPtr[row + 1]; i < end; i += 3) {
            int la = pairs[i] - e0;
            int lb = pairs[i + 1] - e0;
            if (la % 3 != lb % 3) {
                continue;
            }
            int ka = la / 3;
            int kb = lb / 3;
            double v = kgTri[6 * f + TRI_PAIR[3 * Math.min(ka, kb) + Math.max(ka, kb)]];
            int slot = pairs[i + 2];
            if (slot >= 0) {
                out[slot] += v;
            } else {
                out[-1 - slot] += 2 * v;
            }
        }
    }

    /** Index of the node pair (k ≤ l) in a triangle's six weights, at 3k + l. */
    private static final int[] TRI_PAIR = {0, 1, 2, -1, 3, 4, -1, -1, 5};

    private void multipliers(double[] gVal, double[] alpha, double[] mu, double[] z) {
        // μ = A⁻¹ (r − G z)
        for (int row = 0; row < rows; row++) {
            double gz = 0;
            for (int e = gPtr[row]; e < gPtr[row + 1]; e++) {
                gz += gVal[e] * z[gDof[e]];
            }
            mu[row] = scaled[row] - gz / alpha[row];
        }
    }

    private void projectRhs(int p, double[] pm, int o) {
        double r0 = bvec[3 * p];
        double r1 = bvec[3 * p + 1];
        double r2 = bvec[3 * p + 2];
        for (int c = 0; c < 3; c++) {
            bvec[3 * p + c] = pm[o + 3 * c] * r0 + pm[o + 3 * c + 1] * r1 + pm[o + 3 * c + 2] * r2;
        }
    }

    /** Adds Σ g gᵀ/α of rows [from, to) to out (lower triangle). */
    private void addRows(int from, int to, double[] gVal, double[] alpha, double[] out) {
        for (int row = from; row < to; row++) {
            double inv = 1.0 / alpha[row];
            for (int i = 3 * pairPtr[row], end = 3 * pairPtr[row + 1]; i < end; i += 3) {
                double v = inv * gVal[pairs[i]] * gVal[pairs[i + 1]];
                int slot = pairs[i + 2];
                if (slot >= 0) {
                    out[slot] += v;
                } else {
                    out[-1 - slot] += 2 * v;
                }
            }
        }
    }

    /**
     * Whether the rows outside [dynStart, dynEnd) still have the values their cached part of K
     * was computed from; records the current values when not.
     */
    private boolean staticUpToDate(double[] gVal, double[] alpha) {
        boolean same = staticValid;
        for (int part = 0; part < 2; part++) {
            int from = part == 0 ? 0 : dynEnd;
            int to = part == 0 ? dynStart : rows;
            for (int row = from; row < to; row++) {
                if (alpha[row] != staticAlpha[row]) {
                    same = false;
                    staticAlpha[row] = alpha[row];
                }
            }
            for (int e = gPtr[from]; e < gPtr[to]; e++) {
                if (gVal[e] != staticG[e]) {
                    same = false;
                    staticG[e] = gVal[e];
                }
            }
        }
        return same;
    }

    /**
     * Replaces node p's block row and column by P·(…)·P, its diagonal block by P B P + (I − P),
     * and its right-hand side by P b.
     */
    private void project(int p, double[] pm, int o) {
        double[] values = matrix.values;
        double[] b = block;
        double[] t = tmp;
        // diagonal block
        for (int c = 0; c < 3; c++) {
            for (int c2 = 0; c2 < 3; c2++) {
                b[3 * c + c2] = values[diagBlockSlot(p, c, c2)];
            }
        }
        mul(pm, o, b, t); // t = P B
        for (int c = 0; c < 3; c++) {
            for (int c2 = c; c2 < 3; c2++) {
                double v = 0;
                for (int k = 0; k < 3; k++) {
                    v += t[3 * c2 + k] * pm[o + 3 * k + c];
                }
                // (P B P)[c2][c] + (I − P)[c2][c]
                values[diagBlockSlot(p, c, c2)] = v + (c == c2 ? 1 : 0) - pm[o + 3 * c2 + c];
            }
        }
        // blocks with p as the column node: B ← B P
        for (int bi = nodeColPtr[p] + 1; bi < nodeColPtr[p + 1]; bi++) {
            for (int c = 0; c < 3; c++) {
                double b0 = values[blockSlot(bi, c, 0)];
                double b1 = values[blockSlot(bi, c, 1)];
                double b2 = values[blockSlot(bi, c, 2)];
                for (int c2 = 0; c2 < 3; c2++) {
                    t[3 * c + c2] = b0 * pm[o + c2] + b1 * pm[o + 3 + c2] + b2 * pm[o + 6 + c2];
                }
            }
            for (int c = 0; c < 3; c++) {
                for (int c2 = 0; c2 < 3; c2++) {
                    values[blockSlot(bi, c, c2)] = t[3 * c + c2];
                }
            }
        }
        // blocks with p as the row node: B ← P B
        for (int k = nodeRowPtr[p]; k < nodeRowPtr[p + 1]; k++) {
            int bi = nodeRowBlock[k];
            for (int c2 = 0; c2 < 3; c2++) {
                double b0 = values[blockSlot(bi, 0, c2)];
                double b1 = values[blockSlot(bi, 1, c2)];
                double b2 = values[blockSlot(bi, 2, c2)];
                for (int c = 0; c < 3; c++) {
                    t[3 * c + c2] = pm[o + 3 * c] * b0 + pm[o + 3 * c + 1] * b1 + pm[o + 3 * c + 2] * b2;
                }
            }
            for (int c = 0; c < 3; c++) {
                for (int c2 = 0; c2 < 3; c2++) {
                    values[blockSlot(bi, c, c2)] = t[3 * c + c2];
                }
            }
        }
        projectRhs(p, pm, o);
    }

    /** t = P·B for 3×3 row-major matrices, P read at offset o. */
    private static void mul(double[] pm, int o, double[] b, double[] t) {
        for (int c = 0; c < 3; c++) {
            for (int c2 = 0; c2 < 3; c2++) {
                t[3 * c + c2] = pm[o + 3 * c] * b[c2] + pm[o + 3 * c + 1] * b[3 + c2] + pm[o + 3 * c + 2] * b[6 + c2];
            }
        }
    }
}
