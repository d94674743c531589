package org.isocloth.linalg;

import java.util.Arrays;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Supernodal sparse Cholesky factorization {@code P A P^T = L L^T} of a symmetric positive
 * definite matrix given as a {@link SymmetricCsc}.
 *
 * <p>The constructor performs the symbolic analysis once per sparsity pattern: fill-reducing
 * ordering (with {@link Ordering#AUTO}, approximate minimum degree, multilevel nested dissection
 * and the natural order are all evaluated and the one giving the fewest factorization flops is
 * kept), elimination tree, postorder, column counts, fundamental supernodes with relaxed
 * amalgamation, the supernodal row structure, the update schedule and the factor storage.
 *
 * <p>{@link #factor(double[])} computes the numeric factor for any values on that pattern:
 * left-looking supernodal, dense blocked kernels on per-column arrays (see {@code Kernels}),
 * independent subtrees of the supernodal elimination tree and the updates of large supernodes
 * processed in parallel on a shared fork/join pool. Work arrays are reused; a parallel call only
 * allocates a few small task objects. {@link #solve(double[], double[])} does not allocate; for
 * large factors its triangular solves also run subtrees in parallel.
 *
 * <p>The numeric results do not depend on the thread count or on scheduling: every entry of L is
 * computed by the same sequence of floating point operations.
 *
 * <p>Instances are not thread-safe: {@code factor} and {@code solve} must not be called
 * concurrently on the same instance (they share work arrays). Distinct instances may be used from
 * different threads.
 */
public final class SparseCholesky {
    /** Fill-reducing ordering choice. */
    public enum Ordering {
        /** Compute every ordering below and keep the one with the fewest factorization flops. */
        AUTO,
        /** Approximate minimum degree. */
        AMD,
        /** Multilevel nested dissection, blocks ordered by constrained approximate minimum degree. */
        NESTED_DISSECTION,
        /** The identity permutation. */
        NATURAL
    }

    private static final Logger LOG = Logger.getLogger(SparseCholesky.class.getName());

    /** Descendants with at most this many columns update their ancestors without the dense buffer. */
    private static final int DIRECT_UPDATE_MAX_COLS = 2;
    /** Number of target columns per block of the dense update buffer. */
    private static final int W_COLS = 64;
    /** Width below which the dense trapezoid is factored column by column. */
    private static final int BASE_WIDTH = 16;
    /** Flops below which the whole factorization runs on the calling thread. */
    private static final double PARALLEL_MIN_FLOPS = 3e6;
    /** Flops of a single dense update above which it is split between threads. */
    private static final double SPLIT_MIN_FLOPS = 2e6;
    /** A supernode's updates are split between threads when its work exceeds this many flops. */
    private static final double NODE_SPLIT_FLOPS = 8e6;
    /** Subtrees with more than total work / (FORK_DIVISOR * threads) become separate tasks. */
    private static final double FORK_DIVISOR = 16;

    private final int n;
    private final int nnzA;
    private final int[] perm;
    private final int[] iperm;
    private final String orderingName;
    private final int threads;

    private final int nsuper;
    private final int[] superStart;
    private final int[] superParent;
    private final int[] superFirst; // first supernode of the subtree rooted at s
    private final int[] rowPtr;
    private final int[] rowInd;
    private final int[] childPtr;
    private final int[] childList;
    private final int[] rootList;
    private final int[] updPtr;
    private final int[] updSrc;
    private final int[] updP0;
    private final int[] updP1;
    private final int[] asmPtr; // by permuted column
    private final int[] asmSrc;
    private final int[] asmPos;
    private final double[] nodeWork;
    private final double[] subtreeWork;
    private final double totalWork;
    private final double forkThreshold;
    private final int maxRows;
    private final long factorNnz;
    private final double flopCount;
    private final double analysisSeconds;

    /** Factor columns: column j (permuted numbering) indexed by row position in its supernode. */
    private final double[][] lcol;

    private Workspace[] wsPool = new Workspace[4];
    private int wsCount;
    private final double[] solveY;
    private final double[] solveGather;
    /** Static partition for the parallel solve (null when the solve runs sequentially). */
    private final SolvePlan solvePlan;

    private double[] curValues;
    private boolean factored;
    private volatile Throwable failure;

    /**
     * Analyses the pattern with {@link Ordering#AUTO} using all available processors.
     *
     * @param pattern the sparsity pattern (values are ignored); it must not be modified later
     */
    public SparseCholesky(SymmetricCsc pattern) {
        this(pattern, Ordering.AUTO, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Analyses the pattern.
     *
     * @param pattern the sparsity pattern (values are ignored); its structure must not change later
     * @param ordering which fill-reducing ordering to use
     * @param threads maximum number of threads for {@link #factor(double[])} and {@link
     *     #solve(double[], double[])} ({@code >= 1}; capped at the number of processors)
     */
    public SparseCholesky(SymmetricCsc pattern, Ordering ordering, int threads) {
        this(pattern, ordering, threads, 1);
    }

    /**
     * Analyses a pattern made of dense b×b blocks (for example 3 coordinates per mesh node): the
     * orderings run on the graph of the blocks, n/b vertices, and every block's columns stay
     * consecutive in the factor. This is faster to analyse and lets the supernodes start from whole
     * blocks.
     *
     * @param pattern the sparsity pattern; entry (i, j) must be present whenever any entry of block
     *     (i/b, j/b) is
     * @param ordering which fill-reducing ordering to use
     * @param threads maximum number of threads
     * @param blockSize b, dividing the dimension ({@code >= 1})
     */
    public SparseCholesky(SymmetricCsc pattern, Ordering ordering, int threads, int blockSize) {
        this(pattern, Objects.requireNonNull(ordering, "ordering"), null, threads, blockSize);
    }

    /**
     * Analyses a pattern with a given fill-reducing permutation instead of computing one: for a
     * pattern that differs little from one already analysed (the same matrix with a few extra
     * couplings), reusing that one's {@link #permutation()} costs only the symbolic analysis.
     *
     * @param pattern the sparsity pattern
     * @param perm the permutation ({@code perm[k]} is the original index of the k-th pivot); with
     *     {@code blockSize} b &gt; 1 it must keep every block's coordinates consecutive and in order
     * @param threads maximum number of threads
     * @param blockSize b, dividing the dimension ({@code >= 1})
     * @throws IllegalArgumentException if perm is not a permutation of the dimension
     */
    public SparseCholesky(SymmetricCsc pattern, int[] perm, int threads, int blockSize) {
        this(pattern, null, checkPermutation(Objects.requireNonNull(perm, "perm"), pattern.n), threads, blockSize);
    }

    private static int[] checkPermutation(int[] perm, int n) {
        if (perm.length != n) {
            throw new IllegalArgumentException("permutation of length " + perm.length + " for dimension " + n);
        }
        boolean[] seen = new boolean[n];
        for (int k = 0; k < n; k++) {
            int i = perm[k];
            if (i < 0 || i >= n || seen[i]) {
                throw new IllegalArgumentException("not a permutation: entry " + k + " is " + i);
            }
            seen[i] = true;
        }
        return perm.clone();
    }

    private SparseCholesky(SymmetricCsc pattern, Ordering ordering, int[] givenPerm, int threads, int blockSize) {
        long t0 = System.nanoTime();
        Objects.requireNonNull(pattern, "pattern");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.n = pattern.n;
        this.nnzA = pattern.nonZeros();
        this.threads = Math.min(threads, Math.max(1, Runtime.getRuntime().availableProcessors()));

        if (blockSize < 1 || n % blockSize != 0) {
            throw new IllegalArgumentException("block size " + blockSize + " does not divide the dimension " + n);
        }
        // ---- orderings
        int bs = blockSize;
        int nb = n / bs;
        Symbolic best = null;
        String bestName = null;
        if (givenPerm != null) {
            best = analyse(pattern, givenPerm);
            bestName = "GIVEN";
            ordering = null;
        }
        int[][] graph = ordering == null ? null : bs == 1 ? adjacency(pattern) : blockAdjacency(pattern, bs);
        if (ordering == Ordering.AUTO || ordering == Ordering.AMD) {
            Symbolic s = analyse(pattern, expand(Amd.order(nb, graph[0], graph[1]), bs));
            if (isBetter(s, best)) {
                best = s;
                bestName = "AMD";
            }
        }
        if (ordering == Ordering.AUTO || ordering == Ordering.NESTED_DISSECTION) {
            Symbolic s = analyse(pattern,
                    expand(NestedDissection.order(nb, graph[0], graph[1], this.threads > 1), bs));
            if (isBetter(s, best)) {
                best = s;
                bestName = "NESTED_DISSECTION";
            }
        }
        if (ordering == Ordering.AUTO || ordering == Ordering.NATURAL) {
            int[] id = new int[n];
            for (int i = 0; i < n; i++) {
                id[i] = i;
            }
            Symbolic s = analyse(pattern, id);
            if (isBetter(s, best)) {
                best = s;
                bestName = "NATURAL";
            }
        }
        this.orderingName = bestName;
        this.perm = best.perm;
        this.iperm = best.iperm;

        // ---- supernodes
        int[] sstart = best.sstart;
        this.nsuper = sstart.length - 1;
        this.superStart = sstart;
        int[] colToSuper = new int[n];
        for (int s = 0; s < nsuper; s++) {
            for (int j = sstart[s]; j < sstart[s + 1]; j++) {
                colToSuper[j] = s;
            }
        }
        int[] sparent = new int[nsuper];
        for (int s = 0; s < nsuper; s++) {
            int p = best.parent[sstart[s + 1] - 1];
            sparent[s] = p < 0 ? -1 : colToSuper[p];
        }
        this.superParent = sparent;
        // children lists (in increasing order) and roots
        int[] cptr = new int[nsuper + 1];
        int nroots = 0;
        for (int s = 0; s < nsuper; s++) {
            if (sparent[s] >= 0) {
                cptr[sparent[s] + 1]++;
            } else {
                nroots++;
            }
        }
        for (int s = 0; s < nsuper; s++) {
            cptr[s + 1] += cptr[s];
        }
        int[] clist = new int[Math.max(0, nsuper - nroots)];
        int[] roots = new int[nroots];
        int[] fill = Arrays.copyOf(cptr, nsuper);
        nroots = 0;
        for (int s = 0; s < nsuper; s++) {
            if (sparent[s] >= 0) {
                clist[fill[sparent[s]]++] = s;
            } else {
                roots[nroots++] = s;
            }
        }
        this.childPtr = cptr;
        this.childList = clist;
        this.rootList = roots;
        int[] sfirst = new int[nsuper];
        for (int s = 0; s < nsuper; s++) {
            sfirst[s] = s;
        }
        for (int s = 0; s < nsuper; s++) {
            if (sparent[s] >= 0) {
                sfirst[sparent[s]] = Math.min(sfirst[sparent[s]], sfirst[s]);
            }
        }
        this.superFirst = sfirst;

        // ---- supernodal row structure
        int[] rptr = new int[nsuper + 1];
        IntBuffer rows = new IntBuffer(Math.max(16, (int) Math.min(Integer.MAX_VALUE - 16, 2L * nnzA + n)));
        int[] mark = new int[n];
        Arrays.fill(mark, -1);
        int maxR = 0;
        for (int s = 0; s < nsuper; s++) {
            int f = sstart[s];
            int l = sstart[s + 1];
            int start = rows.size;
            rptr[s] = start;
            for (int j = f; j < l; j++) {
                rows.add(j);
                mark[j] = s;
            }
            for (int j = f; j < l; j++) {
                for (int p = best.lp[j]; p < best.lp[j + 1]; p++) {
                    int i = best.li[p];
                    if (mark[i] != s) {
                        mark[i] = s;
                        rows.add(i);
                    }
                }
            }
            for (int cp = cptr[s]; cp < cptr[s + 1]; cp++) {
                int c = clist[cp];
                int ck = sstart[c + 1] - sstart[c];
                for (int p = rptr[c] + ck; p < rptr[c + 1]; p++) {
                    int i = rows.data[p];
                    if (mark[i] != s) {
                        mark[i] = s;
                        rows.add(i);
                    }
                }
            }
            rptr[s + 1] = rows.size;
            if (rows.size - start != best.srows[s]) {
                throw new IllegalStateException("supernode " + s + " has " + (rows.size - start)
                        + " rows, symbolic analysis predicted " + best.srows[s]);
            }
            Arrays.sort(rows.data, start + (l - f), rows.size);
            maxR = Math.max(maxR, rows.size - start);
        }
        this.rowPtr = rptr;
        this.rowInd = Arrays.copyOf(rows.data, rows.size);
        this.maxRows = maxR;

        // ---- update schedule: (descendant d, positions [p0, p1) of d's rows inside target s)
        int[] ucount = new int[nsuper + 1];
        for (int d = 0; d < nsuper; d++) {
            int kd = sstart[d + 1] - sstart[d];
            int prev = -1;
            for (int p = rptr[d] + kd; p < rptr[d + 1]; p++) {
                int s = colToSuper[rowInd[p]];
                if (s != prev) {
                    ucount[s + 1]++;
                    prev = s;
                }
            }
        }
        for (int s = 0; s < nsuper; s++) {
            ucount[s + 1] += ucount[s];
        }
        int nupd = ucount[nsuper];
        int[] usrc = new int[nupd];
        int[] up0 = new int[nupd];
        int[] up1 = new int[nupd];
        int[] ufill = Arrays.copyOf(ucount, nsuper);
        for (int d = 0; d < nsuper; d++) {
            int kd = sstart[d + 1] - sstart[d];
            int base = rptr[d];
            int p = base + kd;
            int end = rptr[d + 1];
            while (p < end) {
                int s = colToSuper[rowInd[p]];
                int q = p + 1;
                while (q < end && colToSuper[rowInd[q]] == s) {
                    q++;
                }
                int u = ufill[s]++;
                usrc[u] = d;
                up0[u] = p - base;
                up1[u] = q - base;
                p = q;
            }
        }
        this.updPtr = ucount;
        this.updSrc = usrc;
        this.updP0 = up0;
        this.updP1 = up1;

        // ---- assembly map of the original entries, grouped by permuted column
        int[] aptr = new int[n + 1];
        int[] ocp = pattern.colPtr;
        int[] ori = pattern.rowIdx;
        for (int j = 0; j < n; j++) {
            for (int p = ocp[j]; p < ocp[j + 1]; p++) {
                int a = iperm[ori[p]];
                int b = iperm[j];
                aptr[Math.min(a, b) + 1]++;
            }
        }
        for (int j = 0; j < n; j++) {
            aptr[j + 1] += aptr[j];
        }
        int[] asrc = new int[nnzA];
        int[] apos = new int[nnzA];
        int[] afill = Arrays.copyOf(aptr, n);
        for (int j = 0; j < n; j++) {
            for (int p = ocp[j]; p < ocp[j + 1]; p++) {
                int a = iperm[ori[p]];
                int b = iperm[j];
                int col = Math.min(a, b);
                int row = Math.max(a, b);
                int s = colToSuper[col];
                int pos = Arrays.binarySearch(rowInd, rptr[s], rptr[s + 1], row) - rptr[s];
                if (pos < 0) {
                    throw new IllegalStateException("symbolic analysis lost entry (" + row + ", " + col + ")");
                }
                int q = afill[col]++;
                asrc[q] = p;
                apos[q] = pos;
            }
        }
        this.asmPtr = aptr;
        this.asmSrc = asrc;
        this.asmPos = apos;

        // ---- statistics, work estimates, storage
        long nnzL = 0;
        double fl = 0;
        double[] nwork = new double[nsuper];
        for (int s = 0; s < nsuper; s++) {
            int k = sstart[s + 1] - sstart[s];
            int r = rptr[s + 1] - rptr[s];
            for (int t = 0; t < k; t++) {
                double c = r - t;
                nnzL += r - t;
                fl += c * c;
            }
            // own dense trapezoid: about k^2 (r - k/3) flops
            nwork[s] += (double) k * k * (r - k / 3.0) + r;
        }
        for (int s = 0; s < nsuper; s++) {
            for (int u = ucount[s]; u < ucount[s + 1]; u++) {
                int d = usrc[u];
                int kd = sstart[d + 1] - sstart[d];
                int rd = rptr[d + 1] - rptr[d];
                double nt = up1[u] - up0[u];
                double rowsBelow = rd - up0[u] - nt / 2.0;
                nwork[s] += 2.0 * kd * nt * rowsBelow + 2.0 * nt * rowsBelow;
            }
        }
        double[] swork = nwork.clone();
        for (int s = 0; s < nsuper; s++) {
            if (sparent[s] >= 0) {
                swork[sparent[s]] += swork[s];
            }
        }
        double tot = 0;
        for (int s = 0; s < nsuper; s++) {
            tot += nwork[s];
        }
        this.nodeWork = nwork;
        this.subtreeWork = swork;
        this.totalWork = tot;
        this.forkThreshold = Math.max(tot / (FORK_DIVISOR * this.threads), 2e5);
        this.factorNnz = nnzL;
        this.flopCount = fl;

        double[][] cols = new double[n][];
        for (int s = 0; s < nsuper; s++) {
            int r = rptr[s + 1] - rptr[s];
            for (int j = sstart[s]; j < sstart[s + 1]; j++) {
                cols[j] = new double[r];
            }
        }
        this.lcol = cols;
        this.solveY = new double[n];
        this.solveGather = new double[Math.max(1, maxR)];
        this.solvePlan = SolvePlan.create(this, this.threads);
        this.analysisSeconds = (System.nanoTime() - t0) * 1e-9;
        if (LOG.isLoggable(Level.FINE)) {
            LOG.fine(String.format("SparseCholesky: n=%d nnz(A)=%d ordering=%s supernodes=%d nnz(L)=%d flops=%.3g analysis=%.3fs",
                    n, nnzA, orderingName, nsuper, factorNnz, flopCount, analysisSeconds));
        }
    }

    private static boolean isBetter(Symbolic s, Symbolic best) {
        if (best == null) {
            return true;
        }
        if (s.superFlops != best.superFlops) {
            return s.superFlops < best.superFlops;
        }
        return s.superNnz < best.superNnz;
    }

    private static Symbolic analyse(SymmetricCsc pattern, int[] perm) {
        Symbolic s = symbolic(pattern, perm);
        supernodes(s);
        return s;
    }

    // ------------------------------------------------------------------------------------------
    // public accessors

    /** Dimension of the matrix. */
    public int size() {
        return n;
    }

    /** Number of entries stored in the supernodal factor L (including amalgamation zeros). */
    public long factorNonzeros() {
        return factorNnz;
    }

    /** Estimated floating point operations of one numeric factorization (sum of squared column counts). */
    public double factorFlops() {
        return flopCount;
    }

    /** Name of the fill-reducing ordering in use: "AMD", "NESTED_DISSECTION", "NATURAL" or "GIVEN". */
    public String orderingName() {
        return orderingName;
    }

    /** Number of (relaxed) supernodes. */
    public int supernodeCount() {
        return nsuper;
    }

    /** Seconds spent in the symbolic analysis (constructor). */
    public double analysisSeconds() {
        return analysisSeconds;
    }

    /**
     * The fill-reducing permutation: {@code perm[k]} is the original index of the k-th pivot.
     *
     * @return a copy of the permutation
     */
    public int[] permutation() {
        return perm.clone();
    }

    /** Whether {@link #solve(double[], double[])} runs its triangular solves in parallel. */
    boolean hasParallelSolve() {
        return solvePlan != null;
    }

    /** Whether the last call to {@link #factor(double[])} succeeded. */
    public boolean isFactored() {
        return factored;
    }

    // ------------------------------------------------------------------------------------------
    // numeric factorization

    /**
     * Computes the numeric factorization for a matrix with exactly the analysed pattern.
     *
     * @param values values aligned with the pattern's {@code rowIdx} (length at least nnz)
     * @throws NotPositiveDefiniteException if a pivot is not positive or not finite; the factor is
     *     then unusable until the next successful call
     */
    public void factor(double[] values) {
        if (values.length < nnzA) {
            throw new IllegalArgumentException("values.length " + values.length + " < nnz " + nnzA);
        }
        factored = false;
        curValues = values;
        failure = null;
        try {
            if (threads > 1 && totalWork >= PARALLEL_MIN_FLOPS && nsuper > 1) {
                pool().invoke(new TreeTask(-1));
            } else {
                Workspace ws = acquire();
                try {
                    for (int s = 0; s < nsuper; s++) {
                        processNode(s, ws, false);
                    }
                } finally {
                    release(ws);
                }
            }
        } catch (RuntimeException | Error e) {
            recordFailure(e);
        } finally {
            curValues = null;
        }
        Throwable f = failure;
        if (f != null) {
            failure = null;
            if (f instanceof RuntimeException) {
                throw (RuntimeException) f;
            }
            throw (Error) f;
        }
        factored = true;
    }

    static ForkJoinPool pool() {
        return Parallel.pool();
    }

    private void recordFailure(Throwable e) {
        synchronized (this) {
            if (failure == null) {
                failure = e;
            } else if (!(failure instanceof NotPositiveDefiniteException) && e instanceof NotPositiveDefiniteException) {
                failure = e;
            }
        }
    }

    private static final class Workspace {
        final int[] map;
        final int[] rel;
        final double[][] w;
        boolean inUse;

        Workspace(int n, int maxRows) {
            map = new int[n];
            rel = new int[maxRows];
            w = new double[W_COLS][];
        }

        double[] w(int i, int len) {
            double[] a = w[i];
            if (a == null || a.length < len) {
                a = new double[len];
                w[i] = a;
            }
            return a;
        }
    }

    private synchronized Workspace acquire() {
        for (int i = 0; i < wsCount; i++) {
            if (!wsPool[i].inUse) {
                wsPool[i].inUse = true;
                return wsPool[i];
            }
        }
        if (wsCount == wsPool.length) {
            wsPool = Arrays.copyOf(wsPool, 2 * wsCount);
        }
        Workspace ws = new Workspace(n, maxRows);
        ws.inUse = true;
        wsPool[wsCount++] = ws;
        return ws;
    }

    private synchronized void release(Workspace ws) {
        if (ws != null) {
            ws.inUse = false;
        }
    }

    /** Processes the supernodes of the subtree rooted at s (a contiguous range) sequentially. */
    private void processSubtree(int s, Workspace ws) {
        for (int x = superFirst[s]; x <= s; x++) {
            if (failure != null) {
                return;
            }
            processNode(x, ws, false);
        }
    }

    /** Fork/join task over the supernodal elimination tree; s == -1 is the virtual root of the forest. */
    private final class TreeTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int s;

        TreeTask(int s) {
            this.s = s;
        }

        @Override
        protected void compute() {
            try {
                runTree(s);
            } catch (RuntimeException | Error e) {
                recordFailure(e);
            }
        }
    }

    /** Processes the small child subtrees of a list of chain nodes. */
    private final class SideTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[] chain;
        private final int len;

        SideTask(int[] chain, int len) {
            this.chain = chain;
            this.len = len;
        }

        @Override
        protected void compute() {
            Workspace ws = null;
            try {
                for (int i = 0; i < len; i++) {
                    int x = chain[i];
                    int from = x < 0 ? 0 : childPtr[x];
                    int to = x < 0 ? rootList.length : childPtr[x + 1];
                    for (int cp = from; cp < to; cp++) {
                        int c = x < 0 ? rootList[cp] : childList[cp];
                        if (subtreeWork[c] < forkThreshold) {
                            if (ws == null) {
                                ws = acquire();
                            }
                            processSubtree(c, ws);
                        }
                    }
                }
            } catch (RuntimeException | Error e) {
                recordFailure(e);
            } finally {
                release(ws);
            }
        }
    }

    /** Processes, sequentially, the small child subtrees number [from, to) of node x. */
    private final class GroupTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int x;
        private final int from;
        private final int to;

        GroupTask(int x, int from, int to) {
            this.x = x;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            Workspace ws = null;
            try {
                for (int i = from; i < to && failure == null; i++) {
                    int c = child(x, i);
                    if (subtreeWork[c] < forkThreshold) {
                        if (ws == null) {
                            ws = acquire();
                        }
                        processSubtree(c, ws);
                    }
                }
            } catch (RuntimeException | Error e) {
                recordFailure(e);
            } finally {
                release(ws);
            }
        }
    }

    private int childCount(int x) {
        return x < 0 ? rootList.length : childPtr[x + 1] - childPtr[x];
    }

    private int child(int x, int i) {
        return x < 0 ? rootList[i] : childList[childPtr[x] + i];
    }

    private void runTree(int top) {
        // walk down while there is exactly one big child (avoids deep recursion on chains)
        int[] chain = new int[8];
        int clen = 0;
        boolean chainHasSmall = false;
        int cur = top;
        while (true) {
            int nbig = 0;
            int big = -1;
            int nc = childCount(cur);
            for (int i = 0; i < nc; i++) {
                int c = child(cur, i);
                if (subtreeWork[c] >= forkThreshold) {
                    nbig++;
                    big = c;
                }
            }
            if (nbig != 1) {
                break;
            }
            if (clen == chain.length) {
                chain = Arrays.copyOf(chain, 2 * clen);
            }
            chain[clen++] = cur;
            if (nc > 1) {
                chainHasSmall = true;
            }
            cur = big;
        }
        SideTask side = null;
        if (chainHasSmall) {
            side = new SideTask(chain, clen);
            side.fork();
        }
        int nc = childCount(cur);
        RecursiveAction[] forked = null;
        int nf = 0;
        for (int i = 0; i < nc; i++) {
            int c = child(cur, i);
            if (subtreeWork[c] >= forkThreshold) {
                if (forked == null) {
                    forked = new RecursiveAction[nc];
                }
                TreeTask t = new TreeTask(c);
                t.fork();
                forked[nf++] = t;
            }
        }
        // small children: batches of about forkThreshold work; all but the last batch are forked
        int groupStart = 0;
        double groupWork = 0;
        int lastFrom = -1;
        for (int i = 0; i < nc; i++) {
            int c = child(cur, i);
            if (subtreeWork[c] >= forkThreshold) {
                continue;
            }
            if (groupWork == 0) {
                groupStart = i;
            }
            groupWork += subtreeWork[c];
            if (groupWork >= forkThreshold) {
                if (forked == null) {
                    forked = new RecursiveAction[nc];
                }
                GroupTask t = new GroupTask(cur, groupStart, i + 1);
                t.fork();
                forked[nf++] = t;
                groupWork = 0;
            }
        }
        if (groupWork > 0) {
            lastFrom = groupStart;
        }
        if (lastFrom >= 0) {
            new GroupTask(cur, lastFrom, nc).compute();
        }
        for (int i = nf - 1; i >= 0; i--) {
            forked[i].join();
        }
        if (cur >= 0) {
            processNodeParallel(cur);
        }
        if (side != null) {
            side.join();
        }
        for (int i = clen - 1; i >= 0; i--) {
            if (chain[i] >= 0) {
                processNodeParallel(chain[i]);
            }
        }
    }

    private void processNodeParallel(int s) {
        if (failure != null) {
            return;
        }
        Workspace ws = acquire();
        try {
            processNode(s, ws, true);
        } finally {
            release(ws);
        }
    }

    /** Assembles, updates and factors supernode s. */
    private void processNode(int s, Workspace ws, boolean parallel) {
        final double[][] L = lcol;
        final int f = superStart[s];
        final int l = superStart[s + 1];
        final int k = l - f;
        final int rs = rowPtr[s];
        final int r = rowPtr[s + 1] - rs;
        final double[] values = curValues;
        for (int j = f; j < l; j++) {
            double[] col = L[j];
            Arrays.fill(col, j - f, r, 0.0);
            for (int p = asmPtr[j]; p < asmPtr[j + 1]; p++) {
                col[asmPos[p]] = values[asmSrc[p]];
            }
        }
        final int[] map = ws.map;
        for (int i = 0; i < r; i++) {
            map[rowInd[rs + i]] = i;
        }
        boolean split = parallel && threads > 1 && nodeWork[s] >= NODE_SPLIT_FLOPS && k >= 8;
        if (split && updPtr[s + 1] > updPtr[s]) {
            // split the target columns of s in two halves of equal trapezoid area
            int cmid = splitPoint(0, k, r);
            if (cmid > 0 && cmid < k) {
                Workspace ws2 = acquire();
                try {
                    UpdateTask a = new UpdateTask(s, map, ws, 0, cmid);
                    UpdateTask b = new UpdateTask(s, map, ws2, cmid, k);
                    RecursiveAction.invokeAll(a, b);
                } finally {
                    release(ws2);
                }
            } else {
                applyUpdates(s, map, ws, 0, k);
            }
        } else {
            applyUpdates(s, map, ws, 0, k);
        }
        if (failure != null) {
            return;
        }
        factorTrapezoid(f, 0, k, r, split);
    }

    /** Column c in [c0, c1) such that columns [c0, c) and [c, c1) hold about equal trapezoid areas. */
    private static int splitPoint(int c0, int c1, int r) {
        double total = 0;
        for (int c = c0; c < c1; c++) {
            total += r - c;
        }
        double acc = 0;
        for (int c = c0; c < c1; c++) {
            acc += r - c;
            if (acc >= total / 2) {
                return c + 1;
            }
        }
        return c1;
    }

    private final class UpdateTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int s;
        private final int[] map;
        private final Workspace ws;
        private final int cLo;
        private final int cHi;

        UpdateTask(int s, int[] map, Workspace ws, int cLo, int cHi) {
            this.s = s;
            this.map = map;
            this.ws = ws;
            this.cLo = cLo;
            this.cHi = cHi;
        }

        @Override
        protected void compute() {
            applyUpdates(s, map, ws, cLo, cHi);
        }
    }

    /** Applies all descendant updates to the columns [cLo, cHi) (positions) of supernode s. */
    private void applyUpdates(int s, int[] map, Workspace ws, int cLo, int cHi) {
        final double[][] L = lcol;
        final int f = superStart[s];
        final int k = superStart[s + 1] - f;
        final int[] rel = ws.rel;
        for (int u = updPtr[s]; u < updPtr[s + 1]; u++) {
            final int d = updSrc[u];
            final int drs = rowPtr[d];
            final int rd = rowPtr[d + 1] - drs;
            final int df = superStart[d];
            final int kd = superStart[d + 1] - df;
            int t0 = updP0[u];
            int t1 = updP1[u];
            if (cLo > 0) {
                while (t0 < t1 && rowInd[drs + t0] - f < cLo) {
                    t0++;
                }
            }
            if (cHi < k) {
                while (t1 > t0 && rowInd[drs + t1 - 1] - f >= cHi) {
                    t1--;
                }
            }
            if (t0 >= t1) {
                continue;
            }
            for (int i = t0; i < rd; i++) {
                rel[i] = map[rowInd[drs + i]];
            }
            if (kd <= DIRECT_UPDATE_MAX_COLS) {
                for (int t = t0; t < t1; t++) {
                    double[] tgt = L[rowInd[drs + t]];
                    if (kd == 1) {
                        double[] s0 = L[df];
                        double b0 = s0[t];
                        for (int i = t; i < rd; i++) {
                            tgt[rel[i]] -= b0 * s0[i];
                        }
                    } else {
                        double[] s0 = L[df];
                        double[] s1 = L[df + 1];
                        double b0 = s0[t];
                        double b1 = s1[t];
                        for (int i = t; i < rd; i++) {
                            tgt[rel[i]] -= b0 * s0[i] + b1 * s1[i];
                        }
                    }
                }
            } else {
                for (int tb = t0; tb < t1; tb += W_COLS) {
                    int te = Math.min(tb + W_COLS, t1);
                    int nt = te - tb;
                    double[][] W = ws.w;
                    for (int tt = 0; tt < nt; tt++) {
                        double[] wc = ws.w(tt, maxRows);
                        Arrays.fill(wc, tb + tt, rd, 0.0);
                    }
                    Kernels.update(W, 0, L, df, kd, tb, nt, rd);
                    for (int tt = 0; tt < nt; tt++) {
                        int t = tb + tt;
                        double[] tgt = L[rowInd[drs + t]];
                        double[] wc = W[tt];
                        for (int i = t; i < rd; i++) {
                            tgt[rel[i]] += wc[i];
                        }
                    }
                }
            }
        }
    }

    /**
     * Factors columns [c0, c1) (positions) of the trapezoid of the supernode starting at column f,
     * assuming all updates from outside [c0, c1) have been applied. Recursive blocked algorithm.
     */
    private void factorTrapezoid(int f, int c0, int c1, int r, boolean parallel) {
        int w = c1 - c0;
        if (w <= BASE_WIDTH) {
            final double[][] L = lcol;
            for (int c = c0; c < c1; c++) {
                double[] col = L[f + c];
                Kernels.updateColumn(col, L, f + c0, c - c0, c, r);
                double d = col[c];
                if (!(d > 0.0) || d == Double.POSITIVE_INFINITY) {
                    throw new NotPositiveDefiniteException(perm[f + c], d);
                }
                double lj = Math.sqrt(d);
                col[c] = lj;
                Kernels.scale(col, 1.0 / lj, c + 1, r);
            }
            return;
        }
        int mid = c0 + ((w / 2 + 3) & ~3);
        if (mid >= c1) {
            mid = c0 + w / 2;
        }
        factorTrapezoid(f, c0, mid, r, parallel);
        updateTrailing(f, c0, mid, mid, c1, r, parallel);
        factorTrapezoid(f, mid, c1, r, parallel);
    }

    /** Updates target columns [t0, t1) with the factored source columns [q0, q1) (same supernode). */
    private void updateTrailing(int f, int q0, int q1, int t0, int t1, int r, boolean parallel) {
        double work = 0;
        if (parallel) {
            for (int c = t0; c < t1; c++) {
                work += r - c;
            }
            work *= 2.0 * (q1 - q0);
        }
        if (parallel && work >= SPLIT_MIN_FLOPS && t1 - t0 >= 8) {
            int tm = splitPoint(t0, t1, r);
            if (tm > t0 && tm < t1) {
                RecursiveAction.invokeAll(new TrailingTask(f, q0, q1, t0, tm, r), new TrailingTask(f, q0, q1, tm, t1, r));
                return;
            }
        }
        Kernels.update(lcol, f + t0, lcol, f + q0, q1 - q0, t0, t1 - t0, r);
    }

    private final class TrailingTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int f;
        private final int q0;
        private final int q1;
        private final int t0;
        private final int t1;
        private final int r;

        TrailingTask(int f, int q0, int q1, int t0, int t1, int r) {
            this.f = f;
            this.q0 = q0;
            this.q1 = q1;
            this.t0 = t0;
            this.t1 = t1;
            this.r = r;
        }

        @Override
        protected void compute() {
            Kernels.update(lcol, f + t0, lcol, f + q0, q1 - q0, t0, t1 - t0, r);
        }
    }

    // ------------------------------------------------------------------------------------------
    // solve

    /**
     * Solves {@code A x = b} with the current factorization. No allocation.
     *
     * @param b right-hand side, length n (not modified unless it is the same array as x)
     * @param x solution, length n; may be the same array as b
     * @throws IllegalStateException if there is no valid factorization
     */
    public void solve(double[] b, double[] x) {
        if (!factored) {
            throw new IllegalStateException("no valid factorization: call factor() successfully first");
        }
        if (b.length < n || x.length < n) {
            throw new IllegalArgumentException("vectors must have length >= " + n);
        }
        final double[] y = solveY;
        for (int k = 0; k < n; k++) {
            y[k] = b[perm[k]];
        }
        SolvePlan plan = solvePlan;
        if (plan == null) {
            double[] g = solveGather;
            for (int s = 0; s < nsuper; s++) {
                forwardNode(s, y, g, y, n);
            }
            for (int s = nsuper - 1; s >= 0; s--) {
                backwardNode(s, y, g);
            }
        } else {
            plan.solve(y);
        }
        for (int k = 0; k < n; k++) {
            x[perm[k]] = y[k];
        }
    }

    /**
     * Forward substitution with supernode s: solves its diagonal block for y[f..l) and adds
     * {@code -L21 y} to the rows below; rows below {@code ownEnd} go to y, the others to {@code ext}.
     */
    private void forwardNode(int s, double[] y, double[] g, double[] ext, int ownEnd) {
        final double[][] L = lcol;
        final int f = superStart[s];
        final int k = superStart[s + 1] - f;
        final int rs = rowPtr[s];
        final int r = rowPtr[s + 1] - rs;
        for (int i = 0; i < k; i++) {
            g[i] = y[f + i];
        }
        Arrays.fill(g, k, r, 0.0);
        int t = 0;
        for (; t + 4 <= k; t += 4) {
            double[] c0 = L[f + t];
            double[] c1 = L[f + t + 1];
            double[] c2 = L[f + t + 2];
            double[] c3 = L[f + t + 3];
            double y0 = g[t] / c0[t];
            double y1 = (g[t + 1] - c0[t + 1] * y0) / c1[t + 1];
            double y2 = (g[t + 2] - c0[t + 2] * y0 - c1[t + 2] * y1) / c2[t + 2];
            double y3 = (g[t + 3] - c0[t + 3] * y0 - c1[t + 3] * y1 - c2[t + 3] * y2) / c3[t + 3];
            g[t] = y0;
            g[t + 1] = y1;
            g[t + 2] = y2;
            g[t + 3] = y3;
            Kernels.fma4(g, c0, c1, c2, c3, -y0, -y1, -y2, -y3, t + 4, r);
        }
        for (; t < k; t++) {
            double[] c0 = L[f + t];
            double y0 = g[t] / c0[t];
            g[t] = y0;
            Kernels.fma1(g, c0, -y0, t + 1, r);
        }
        for (int i = 0; i < k; i++) {
            y[f + i] = g[i];
        }
        for (int i = k; i < r; i++) {
            int row = rowInd[rs + i];
            if (row < ownEnd) {
                y[row] += g[i];
            } else {
                ext[row] += g[i];
            }
        }
    }

    /** Backward substitution with supernode s (rows below its columns must be final in y). */
    private void backwardNode(int s, double[] y, double[] g) {
        final double[][] L = lcol;
        final int f = superStart[s];
        final int k = superStart[s + 1] - f;
        final int rs = rowPtr[s];
        final int r = rowPtr[s + 1] - rs;
        for (int i = 0; i < r; i++) {
            g[i] = y[rowInd[rs + i]];
        }
        int t = k;
        // blocks of 4 columns from the bottom of the diagonal block
        while (t >= 4) {
            int t0 = t - 4;
            double[] c0 = L[f + t0];
            double[] c1 = L[f + t0 + 1];
            double[] c2 = L[f + t0 + 2];
            double[] c3 = L[f + t0 + 3];
            double a0 = 0;
            double a1 = 0;
            double a2 = 0;
            double a3 = 0;
            for (int i = t; i < r; i++) {
                double gi = g[i];
                a0 = Math.fma(c0[i], gi, a0);
                a1 = Math.fma(c1[i], gi, a1);
                a2 = Math.fma(c2[i], gi, a2);
                a3 = Math.fma(c3[i], gi, a3);
            }
            double y3 = (g[t0 + 3] - a3) / c3[t0 + 3];
            double y2 = (g[t0 + 2] - a2 - c2[t0 + 3] * y3) / c2[t0 + 2];
            double y1 = (g[t0 + 1] - a1 - c1[t0 + 2] * y2 - c1[t0 + 3] * y3) / c1[t0 + 1];
            double y0 = (g[t0] - a0 - c0[t0 + 1] * y1 - c0[t0 + 2] * y2 - c0[t0 + 3] * y3) / c0[t0];
            g[t0] = y0;
            g[t0 + 1] = y1;
            g[t0 + 2] = y2;
            g[t0 + 3] = y3;
            t = t0;
        }
        while (t > 0) {
            t--;
            double[] c0 = L[f + t];
            double a0 = 0;
            for (int i = t + 1; i < r; i++) {
                a0 = Math.fma(c0[i], g[i], a0);
            }
            g[t] = (g[t] - a0) / c0[t];
        }
        for (int i = 0; i < k; i++) {
            y[f + i] = g[i];
        }
    }

    /**
     * Static schedule of the parallel triangular solves: disjoint subtrees of the supernodal tree
     * assigned to threads (largest first, to the least loaded thread), plus the "top" supernodes
     * (their common ancestors) processed by the calling thread. In the forward solve each thread
     * adds its contributions to top rows into a private buffer; the backward solve processes the
     * top first, after which the subtrees are independent.
     */
    private static final class SolvePlan {
        /**
         * Minimum stored entries of L for the parallel solve: below this a solve takes less than
         * ~20 ms and the fork/join wake-ups (and a worker delayed by other load) are not worth it.
         */
        private static final long MIN_ENTRIES = 8_000_000;

        private final SparseCholesky c;
        private final int nthreads;
        private final int[][] roots; // per thread: subtree roots in increasing order
        private final int[] top; // top supernodes in increasing (postorder) order
        private final double[][] ext; // per thread: accumulator for top rows (all zero between solves)
        private final double[][] gather; // per thread: gather buffer
        private final double[] topGather;

        private final ThreadTask[] forwardTasks;
        private final ThreadTask[] backwardTasks;
        private final AllTask forwardAll;
        private final AllTask backwardAll;

        private SolvePlan(SparseCholesky c, int[][] roots, int[] top) {
            this.c = c;
            this.nthreads = roots.length;
            this.roots = roots;
            this.top = top;
            this.ext = new double[nthreads][c.n];
            this.gather = new double[nthreads][Math.max(1, c.maxRows)];
            this.topGather = new double[Math.max(1, c.maxRows)];
            this.forwardTasks = new ThreadTask[nthreads];
            this.backwardTasks = new ThreadTask[nthreads];
            for (int t = 0; t < nthreads; t++) {
                forwardTasks[t] = new ThreadTask(this, t, true);
                backwardTasks[t] = new ThreadTask(this, t, false);
            }
            this.forwardAll = new AllTask(forwardTasks);
            this.backwardAll = new AllTask(backwardTasks);
        }

        /** Runs the per-thread tasks of one phase; reused across solves (no allocation). */
        private static final class AllTask extends RecursiveAction {
            private static final long serialVersionUID = 1L;
            private final ThreadTask[] tasks;

            AllTask(ThreadTask[] tasks) {
                this.tasks = tasks;
            }

            void run() {
                for (ThreadTask t : tasks) {
                    t.reinitialize();
                }
                reinitialize();
                pool().invoke(this);
            }

            @Override
            protected void compute() {
                invokeAll(tasks);
            }
        }

        /** One thread's share of the forward or backward substitution. */
        private static final class ThreadTask extends RecursiveAction {
            private static final long serialVersionUID = 1L;
            private final transient SolvePlan plan;
            private final int t;
            private final boolean forward;

            ThreadTask(SolvePlan plan, int t, boolean forward) {
                this.plan = plan;
                this.t = t;
                this.forward = forward;
            }

            @Override
            protected void compute() {
                SparseCholesky c = plan.c;
                double[] y = c.solveY;
                double[] g = plan.gather[t];
                int[] rl = plan.roots[t];
                if (forward) {
                    double[] e = plan.ext[t];
                    for (int root : rl) {
                        int end = c.superStart[root + 1];
                        for (int s = c.superFirst[root]; s <= root; s++) {
                            c.forwardNode(s, y, g, e, end);
                        }
                    }
                } else {
                    for (int q = rl.length - 1; q >= 0; q--) {
                        int root = rl[q];
                        for (int s = root; s >= c.superFirst[root]; s--) {
                            c.backwardNode(s, y, g);
                        }
                    }
                }
            }
        }

        static SolvePlan create(SparseCholesky c, int threads) {
            if (threads < 2 || c.nsuper < 4 || c.factorNnz < MIN_ENTRIES) {
                return null;
            }
            int ns = c.nsuper;
            double[] work = new double[ns];
            for (int s = 0; s < ns; s++) {
                long k = c.superStart[s + 1] - c.superStart[s];
                long r = c.rowPtr[s + 1] - c.rowPtr[s];
                work[s] = k * r - k * (k - 1) / 2.0 + r;
            }
            double[] sub = work.clone();
            for (int s = 0; s < ns; s++) {
                if (c.superParent[s] >= 0) {
                    sub[c.superParent[s]] += sub[s];
                }
            }
            double total = 0;
            for (int s = 0; s < ns; s++) {
                total += work[s];
            }
            // split the largest candidate subtree until all are small enough
            PriorityQueue<Integer> cand = new PriorityQueue<>(
                    (x, y) -> Double.compare(sub[y], sub[x]));
            for (int r : c.rootList) {
                cand.add(r);
            }
            boolean[] isTop = new boolean[ns];
            double topWork = 0;
            double limit = total / (4.0 * threads);
            while (!cand.isEmpty() && sub[cand.peek()] > limit && cand.size() < 256) {
                int x = cand.poll();
                isTop[x] = true;
                topWork += work[x];
                for (int p = c.childPtr[x]; p < c.childPtr[x + 1]; p++) {
                    cand.add(c.childList[p]);
                }
            }
            // longest processing time first
            Integer[] list = cand.toArray(new Integer[0]);
            Arrays.sort(list, (x, y) -> Double.compare(sub[y], sub[x]));
            double[] load = new double[threads];
            int[] count = new int[threads];
            int[] owner = new int[list.length];
            for (int q = 0; q < list.length; q++) {
                int best = 0;
                for (int t = 1; t < threads; t++) {
                    if (load[t] < load[best]) {
                        best = t;
                    }
                }
                owner[q] = best;
                load[best] += sub[list[q]];
                count[best]++;
            }
            double maxLoad = 0;
            for (double l : load) {
                maxLoad = Math.max(maxLoad, l);
            }
            if (topWork + maxLoad > 0.85 * total) {
                return null; // not enough parallelism
            }
            int[][] roots = new int[threads][];
            for (int t = 0; t < threads; t++) {
                roots[t] = new int[count[t]];
                count[t] = 0;
            }
            for (int q = 0; q < list.length; q++) {
                roots[owner[q]][count[owner[q]]++] = list[q];
            }
            for (int[] r : roots) {
                Arrays.sort(r);
            }
            int ntop = 0;
            for (int s = 0; s < ns; s++) {
                if (isTop[s]) {
                    ntop++;
                }
            }
            int[] top = new int[ntop];
            ntop = 0;
            for (int s = 0; s < ns; s++) {
                if (isTop[s]) {
                    top[ntop++] = s;
                }
            }
            return new SolvePlan(c, roots, top);
        }

        /** Forward and backward substitution on y = c.solveY (permuted numbering). */
        void solve(double[] y) {
            // forward: subtrees in parallel, contributions to top rows in private buffers
            forwardAll.run();
            for (int s : top) {
                for (int j = c.superStart[s]; j < c.superStart[s + 1]; j++) {
                    double sum = y[j];
                    for (int t = 0; t < nthreads; t++) {
                        sum += ext[t][j];
                        ext[t][j] = 0.0;
                    }
                    y[j] = sum;
                }
            }
            for (int s : top) {
                c.forwardNode(s, y, topGather, y, c.n);
            }
            // backward: top first, then the independent subtrees in parallel
            for (int q = top.length - 1; q >= 0; q--) {
                c.backwardNode(top[q], y, topGather);
            }
            backwardAll.run();
        }
    }

    // ------------------------------------------------------------------------------------------
    // symbolic analysis helpers

    /** Full symmetric adjacency (no self loops) of the pattern: {xadj, adj}. */
    /** Expands a permutation of blocks into one of their coordinates. */
    private static int[] expand(int[] blockPerm, int bs) {
        if (bs == 1) {
            return blockPerm;
        }
        int[] perm = new int[blockPerm.length * bs];
        for (int k = 0; k < blockPerm.length; k++) {
            for (int c = 0; c < bs; c++) {
                perm[bs * k + c] = bs * blockPerm[k] + c;
            }
        }
        return perm;
    }

    /** Adjacency of the graph of b×b blocks (no self loops, each neighbour once). */
    static int[][] blockAdjacency(SymmetricCsc a, int bs) {
        int nb = a.n / bs;
        long[] keys = new long[2 * a.nonZeros()];
        int k = 0;
        for (int j = 0; j < a.n; j++) {
            int bj = j / bs;
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                int bi = a.rowIdx[p] / bs;
                if (bi != bj) {
                    keys[k++] = ((long) bi << 32) | bj;
                    keys[k++] = ((long) bj << 32) | bi;
                }
            }
        }
        Arrays.sort(keys, 0, k);
        int[] deg = new int[nb + 1];
        int unique = 0;
        for (int i = 0; i < k; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                keys[unique++] = keys[i];
                deg[(int) (keys[i] >>> 32) + 1]++;
            }
        }
        for (int i = 0; i < nb; i++) {
            deg[i + 1] += deg[i];
        }
        int[] adj = new int[unique];
        for (int i = 0; i < unique; i++) {
            adj[i] = (int) keys[i];
        }
        return new int[][] {deg, adj};
    }

    static int[][] adjacency(SymmetricCsc a) {
        int n = a.n;
        int[] deg = new int[n + 1];
        for (int j = 0; j < n; j++) {
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                int i = a.rowIdx[p];
                if (i != j) {
                    deg[i + 1]++;
                    deg[j + 1]++;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            deg[i + 1] += deg[i];
        }
        int[] adj = new int[deg[n]];
        int[] fill = Arrays.copyOf(deg, n);
        for (int j = 0; j < n; j++) {
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                int i = a.rowIdx[p];
                if (i != j) {
                    adj[fill[i]++] = j;
                    adj[fill[j]++] = i;
                }
            }
        }
        return new int[][] {deg, adj};
    }

    /** Result of the ordering-dependent part of the symbolic analysis. */
    static final class Symbolic {
        int[] perm;
        int[] iperm;
        int[] parent;
        int[] cc;
        int[] lp;
        int[] li;
        double flops;
        long nnz;
        /** Relaxed supernode partition (start columns) and the row count of every supernode. */
        int[] sstart;
        long[] srows;
        /** Flops and stored entries of the supernodal factor (amalgamation zeros included). */
        double superFlops;
        long superNnz;
    }

    /**
     * Elimination tree, postorder and column counts for the given ordering. The returned
     * permutation is the given one composed with the etree postorder.
     */
    static Symbolic symbolic(SymmetricCsc a, int[] perm0) {
        int n = a.n;
        int[] ip0 = new int[n];
        for (int k = 0; k < n; k++) {
            ip0[perm0[k]] = k;
        }
        // strict upper part by column (= lower part by row) in the permuted numbering
        int[] up = new int[n + 1];
        for (int j = 0; j < n; j++) {
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                int i = a.rowIdx[p];
                if (i != j) {
                    up[Math.max(ip0[i], ip0[j]) + 1]++;
                }
            }
        }
        for (int k = 0; k < n; k++) {
            up[k + 1] += up[k];
        }
        int[] ui = new int[up[n]];
        int[] fill = Arrays.copyOf(up, n);
        for (int j = 0; j < n; j++) {
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                int i = a.rowIdx[p];
                if (i != j) {
                    int x = ip0[i];
                    int y = ip0[j];
                    ui[fill[Math.max(x, y)]++] = Math.min(x, y);
                }
            }
        }
        // elimination tree (Liu, with path compression)
        int[] parent = new int[n];
        int[] anc = new int[n];
        for (int k = 0; k < n; k++) {
            parent[k] = -1;
            anc[k] = -1;
            for (int p = up[k]; p < up[k + 1]; p++) {
                int i = ui[p];
                while (i != -1 && i < k) {
                    int next = anc[i];
                    anc[i] = k;
                    if (next == -1) {
                        parent[i] = k;
                    }
                    i = next;
                }
            }
        }
        // postorder
        int[] post = postorder(parent, n);
        int[] ipost = new int[n];
        for (int k = 0; k < n; k++) {
            ipost[post[k]] = k;
        }
        Symbolic s = new Symbolic();
        s.perm = new int[n];
        s.iperm = new int[n];
        s.parent = new int[n];
        for (int k = 0; k < n; k++) {
            int old = post[k];
            s.perm[k] = perm0[old];
            s.parent[k] = parent[old] < 0 ? -1 : ipost[parent[old]];
        }
        for (int k = 0; k < n; k++) {
            s.iperm[s.perm[k]] = k;
        }
        // strict lower part by column in the final numbering
        int[] lp = new int[n + 1];
        for (int j = 0; j < n; j++) {
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                int i = a.rowIdx[p];
                if (i != j) {
                    lp[Math.min(s.iperm[i], s.iperm[j]) + 1]++;
                }
            }
        }
        for (int k = 0; k < n; k++) {
            lp[k + 1] += lp[k];
        }
        int[] li = new int[lp[n]];
        fill = Arrays.copyOf(lp, n);
        for (int j = 0; j < n; j++) {
            for (int p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
                int i = a.rowIdx[p];
                if (i != j) {
                    int x = s.iperm[i];
                    int y = s.iperm[j];
                    li[fill[Math.min(x, y)]++] = Math.max(x, y);
                }
            }
        }
        s.lp = lp;
        s.li = li;
        s.cc = columnCounts(n, s.parent, lp, li);
        double fl = 0;
        long nz = 0;
        for (int j = 0; j < n; j++) {
            fl += (double) s.cc[j] * s.cc[j];
            nz += s.cc[j];
        }
        s.flops = fl;
        s.nnz = nz;
        return s;
    }

    /** Postorder of a forest given by parent pointers (children visited in increasing order). */
    static int[] postorder(int[] parent, int n) {
        int[] head = new int[n];
        int[] next = new int[n];
        Arrays.fill(head, -1);
        for (int j = n - 1; j >= 0; j--) {
            int p = parent[j];
            if (p >= 0) {
                next[j] = head[p];
                head[p] = j;
            }
        }
        int[] post = new int[n];
        int[] stack = new int[n];
        int k = 0;
        for (int root = 0; root < n; root++) {
            if (parent[root] >= 0) {
                continue;
            }
            int top = 0;
            stack[0] = root;
            while (top >= 0) {
                int p = stack[top];
                int c = head[p];
                if (c == -1) {
                    top--;
                    post[k++] = p;
                } else {
                    head[p] = next[c];
                    stack[++top] = c;
                }
            }
        }
        return post;
    }

    /**
     * Column counts of L (diagonal included) for a postordered elimination tree, by the
     * skeleton-matrix / least-common-ancestor method of Gilbert, Ng and Peyton.
     *
     * @param lp strict lower pattern column pointers (final numbering)
     * @param li strict lower pattern row indices
     */
    static int[] columnCounts(int n, int[] parent, int[] lp, int[] li) {
        int[] delta = new int[n];
        int[] first = new int[n];
        int[] maxfirst = new int[n];
        int[] prevleaf = new int[n];
        int[] ancestor = new int[n];
        Arrays.fill(first, -1);
        for (int k = 0; k < n; k++) {
            int j = k;
            delta[j] = first[j] == -1 ? 1 : 0;
            for (; j != -1 && first[j] == -1; j = parent[j]) {
                first[j] = k;
            }
        }
        Arrays.fill(maxfirst, -1);
        Arrays.fill(prevleaf, -1);
        for (int i = 0; i < n; i++) {
            ancestor[i] = i;
        }
        for (int j = 0; j < n; j++) {
            if (parent[j] != -1) {
                delta[parent[j]]--;
            }
            for (int p = lp[j]; p < lp[j + 1]; p++) {
                int i = li[p];
                if (first[j] > maxfirst[i]) {
                    maxfirst[i] = first[j];
                    int jprev = prevleaf[i];
                    prevleaf[i] = j;
                    delta[j]++;
                    if (jprev != -1) {
                        int q = jprev;
                        while (q != ancestor[q]) {
                            q = ancestor[q];
                        }
                        int x = jprev;
                        while (x != q) {
                            int xp = ancestor[x];
                            ancestor[x] = q;
                            x = xp;
                        }
                        delta[q]--;
                    }
                }
            }
            if (parent[j] != -1) {
                ancestor[j] = parent[j];
            }
        }
        for (int j = 0; j < n; j++) {
            if (parent[j] != -1) {
                delta[parent[j]] += delta[j];
            }
        }
        return delta;
    }

    /**
     * Fundamental supernodes followed by relaxed amalgamation (a child that immediately precedes
     * its parent is merged when the merged supernode stays small or has few explicit zeros).
     *
     * Sets {@code sym.sstart} (supernode start columns, length nsuper + 1), {@code sym.srows},
     * {@code sym.superFlops} and {@code sym.superNnz}.
     */
    static void supernodes(Symbolic sym) {
        int n = sym.parent.length;
        int[] parent = sym.parent;
        int[] cc = sym.cc;
        int[] nchild = new int[n];
        for (int j = 0; j < n; j++) {
            if (parent[j] >= 0) {
                nchild[parent[j]]++;
            }
        }
        // fundamental supernodes
        int[] fstart = new int[n + 1];
        int nf = 0;
        for (int j = 0; j < n; j++) {
            boolean cont = j > 0 && parent[j - 1] == j && cc[j - 1] == cc[j] + 1 && nchild[j] == 1;
            if (!cont) {
                fstart[nf++] = j;
            }
        }
        fstart[nf] = n;
        if (nf == 0) {
            sym.sstart = new int[] {0};
            sym.srows = new long[0];
            return;
        }
        int[] colToF = new int[n];
        for (int s = 0; s < nf; s++) {
            for (int j = fstart[s]; j < fstart[s + 1]; j++) {
                colToF[j] = s;
            }
        }
        int[] fparent = new int[nf];
        for (int s = 0; s < nf; s++) {
            int p = parent[fstart[s + 1] - 1];
            fparent[s] = p < 0 ? -1 : colToF[p];
        }
        // relaxed amalgamation, bottom up. A group is a contiguous range of fundamental supernodes
        // [groupFirst, s]; its columns are contiguous. ncols/nrows/nzTrue describe the group whose
        // last fundamental supernode is s.
        long[] ncols = new long[nf];
        long[] nrows = new long[nf];
        double[] trueNz = new double[nf];
        int[] groupFirst = new int[nf];
        boolean[] mergedIntoNext = new boolean[nf];
        for (int s = 0; s < nf; s++) {
            int k = fstart[s + 1] - fstart[s];
            ncols[s] = k;
            nrows[s] = cc[fstart[s]];
            double t = 0;
            for (int j = fstart[s]; j < fstart[s + 1]; j++) {
                t += cc[j];
            }
            trueNz[s] = t;
            groupFirst[s] = s;
        }
        for (int s = 0; s < nf; s++) {
            int p = fparent[s];
            if (p != s + 1) {
                continue; // only the child immediately preceding its parent can be merged
            }
            long nc = ncols[s] + ncols[p];
            long nr = ncols[s] + nrows[p];
            double stored = (double) nc * nr - (double) nc * (nc - 1) / 2.0;
            double tnz = trueNz[s] + trueNz[p];
            double z = (stored - tnz) / stored;
            // CHOLMOD's default relaxation: always up to 4 columns, up to 16 with < 80% zeros, up
            // to 48 with < 10% zeros, any size with < 5% zeros
            boolean merge = nc <= 4 || (nc <= 16 && z < 0.8) || (nc <= 48 && z < 0.1) || z < 0.05;
            if (merge) {
                mergedIntoNext[s] = true;
                ncols[p] = nc;
                nrows[p] = nr;
                trueNz[p] = tnz;
                groupFirst[p] = groupFirst[s];
            }
        }
        int count = 0;
        for (int s = 0; s < nf; s++) {
            if (!mergedIntoNext[s]) {
                count++;
            }
        }
        int[] start = new int[count + 1];
        long[] srows = new long[count];
        double fl = 0;
        long nz = 0;
        int c = 0;
        for (int s = 0; s < nf; s++) {
            if (!mergedIntoNext[s]) {
                start[c] = fstart[groupFirst[s]];
                srows[c] = nrows[s];
                long k = ncols[s];
                long r = nrows[s];
                for (long t = 0; t < k; t++) {
                    fl += (double) (r - t) * (r - t);
                }
                nz += k * r - k * (k - 1) / 2;
                c++;
            }
        }
        start[count] = n;
        sym.sstart = start;
        sym.srows = srows;
        sym.superFlops = fl;
        sym.superNnz = nz;
    }

    /** Minimal growable int array. */
    private static final class IntBuffer {
        int[] data;
        int size;

        IntBuffer(int cap) {
            data = new int[cap];
        }

        void add(int v) {
            if (size == data.length) {
                data = Arrays.copyOf(data, data.length + (data.length >> 1) + 16);
            }
            data[size++] = v;
        }
    }
}
