package org.isocloth.linalg;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * Multilevel nested dissection ordering.
 *
 * <p>Each subgraph is split by a vertex separator that is numbered after the two halves, which are
 * ordered recursively; disconnected subgraphs are split into their components; subgraphs of at
 * most {@link #LEAF_SIZE} vertices are leaves. The dissection only fixes the block structure:
 * every leaf and every separator becomes a constraint set and the final order is computed by the
 * constrained approximate minimum degree of {@link Amd} on the whole graph (the approach of
 * CHOLMOD's NESDIS), so leaves are ordered knowing their boundary.
 *
 * <p>Separators are found by a multilevel scheme: heavy-edge matching coarsening, greedy graph
 * growing bisection of the coarsest graph, Fiduccia-Mattheyses edge-cut refinement while
 * uncoarsening, then a minimum vertex cover of the cut edges (Koenig's theorem on a maximum
 * bipartite matching) refined by vertex-separator FM moves; for large subgraphs several separators
 * are computed and the smallest kept. Independent subgraphs and separator trials run in parallel.
 * The result is deterministic (seeds depend only on the subgraph's position, not on timing).
 *
 * <p>Package-private; used by {@link SparseCholesky}.
 */
final class NestedDissection {
    /** Subgraphs of at most this many vertices are leaves (one constraint set each). */
    static final int LEAF_SIZE = 160;
    /** Coarsening stops at about this many vertices. */
    private static final int COARSEST = 120;
    /** Greedy-growing bisections tried on the coarsest graph. */
    private static final int INIT_TRIES = 8;
    /** Maximum fraction of the vertex weight on either side of a bisection. */
    private static final double BALANCE = 0.6;
    private static final int FM_PASSES = 6;
    /** Independent separator computations (best kept) for subgraphs of at least SEP_TRIAL_MIN vertices. */
    private static final int SEP_TRIALS = 4;
    private static final int SEP_TRIAL_MIN = 10000;
    /** Subproblems at least this large are forked as separate tasks. */
    private static final int PARALLEL_MIN = 4000;
    private static final long SEED = 0x5eed1234L;
    /** Matching visits vertices in a random order of blocks of this many consecutive vertices. */
    private static final int MATCH_BLOCK = 256;

    private NestedDissection() {
    }

    /** Separator size, ties broken by imbalance. */
    private static double separatorScore(int[] where) {
        int[] c = new int[3];
        for (int w : where) {
            c[w]++;
        }
        return c[2] + Math.abs(c[0] - c[1]) / (double) (where.length + 1);
    }

    /** Weighted graph in compressed adjacency form. */
    static final class Graph {
        final int n;
        final int[] xadj;
        final int[] adj;
        final int[] ew;
        final int[] vw;
        final long totalVw;
        /** All vertex and edge weights are 1 (the uncoarsened graph and its subgraphs). */
        final boolean unit;

        Graph(int n, int[] xadj, int[] adj, int[] ew, int[] vw, boolean unit) {
            this.n = n;
            this.xadj = xadj;
            this.adj = adj;
            this.ew = ew;
            this.vw = vw;
            long t = 0;
            for (int i = 0; i < n; i++) {
                t += vw[i];
            }
            this.totalVw = t;
            this.unit = unit;
        }
    }

    /**
     * Nested dissection used as constraints for a constrained minimum degree ordering of the whole
     * graph: every leaf subgraph and every separator is a constraint set, sets are eliminated in
     * dissection order and each is ordered by approximate minimum degree on the global quotient
     * graph (so leaf orderings see their boundary).
     *
     * @param parallel whether independent subgraphs and separator trials may run on the shared
     *     fork/join pool (the result is the same either way)
     * @return perm with perm[k] = vertex placed k-th
     */
    static int[] order(int n, int[] xadj, int[] adj, boolean parallel) {
        int[][] r = dissect(n, xadj, adj, parallel);
        int[] perm = r[0];
        int[] blockStart = r[1];
        int[] cmember = new int[n];
        int b = 0;
        for (int k = 0; k < n; k++) {
            while (b + 1 < blockStart.length && blockStart[b + 1] <= k) {
                b++;
            }
            cmember[perm[k]] = b;
        }
        return Amd.order(n, xadj, adj, cmember);
    }

    /**
     * @return {perm, blockStart}: blockStart lists the first position of every block (leaf,
     *     separator or single vertex) in increasing order
     */
    static int[][] dissect(int n, int[] xadj, int[] adj, boolean parallel) {
        int[] perm = new int[n];
        boolean[] isStart = new boolean[n + 1];
        if (n == 0) {
            return new int[][] {perm, new int[0]};
        }
        int[] ew = new int[xadj[n]];
        Arrays.fill(ew, 1);
        int[] vw = new int[n];
        Arrays.fill(vw, 1);
        int[] verts = new int[n];
        for (int i = 0; i < n; i++) {
            verts[i] = i;
        }
        Graph g = new Graph(n, xadj, adj, ew, vw, true);
        Dissector d = new Dissector(perm, isStart);
        NdTask root = new NdTask(d, g, verts, 0);
        if (parallel && n >= PARALLEL_MIN && Runtime.getRuntime().availableProcessors() > 1) {
            SparseCholesky.pool().invoke(root);
        } else {
            root.compute();
        }
        int nb = 0;
        for (int k = 0; k < n; k++) {
            if (isStart[k]) {
                nb++;
            }
        }
        int[] blockStart = new int[nb];
        nb = 0;
        for (int k = 0; k < n; k++) {
            if (isStart[k]) {
                blockStart[nb++] = k;
            }
        }
        return new int[][] {perm, blockStart};
    }

    /** Shared output of a dissection; tasks write disjoint position ranges. */
    private static final class Dissector {
        final int[] perm;
        final boolean[] isStart;

        Dissector(int[] perm, boolean[] isStart) {
            this.perm = perm;
            this.isStart = isStart;
        }
    }

    /** Orders subgraph g (whose vertex v is global vertex verts[v]) into positions [lo, lo + g.n). */
    /** A pending subproblem: subgraph g whose vertex v is verts[v], to be placed from position lo. */
    private record Item(Graph g, int[] verts, int lo) {
    }

    private static final class NdTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final transient Dissector d;
        private final transient Graph graph;
        private final int[] vertices;
        private final int low;

        NdTask(Dissector d, Graph g, int[] verts, int lo) {
            this.d = d;
            this.graph = g;
            this.vertices = verts;
            this.low = lo;
        }

        @Override
        protected void compute() {
            List<NdTask> forked = new ArrayList<>();
            ArrayDeque<Item> local = new ArrayDeque<>();
            local.push(new Item(graph, vertices, low));
            while (!local.isEmpty()) {
                Item item = local.pop();
                step(item.g(), item.verts(), item.lo(), local, forked);
            }
            for (int i = forked.size() - 1; i >= 0; i--) {
                forked.get(i).join();
            }
        }

        private void schedule(Graph g, int[] verts, int lo, ArrayDeque<Item> local, List<NdTask> forked) {
            if (g.n >= PARALLEL_MIN && ForkJoinTask.inForkJoinPool()) {
                NdTask t = new NdTask(d, g, verts, lo);
                t.fork();
                forked.add(t);
            } else {
                local.push(new Item(g, verts, lo));
            }
        }

        private void step(Graph g, int[] verts, int lo, ArrayDeque<Item> local, List<NdTask> forked) {
            int nv = g.n;
            int[] perm = d.perm;
            if (nv == 1) {
                perm[lo] = verts[0];
                d.isStart[lo] = true;
                return;
            }
            int[] comp = new int[nv];
            int ncomp = components(g, comp);
            if (ncomp > 1) {
                splitComponents(g, verts, lo, comp, ncomp, local, forked);
                return;
            }
            if (nv <= LEAF_SIZE) {
                leaf(g, verts, lo);
                return;
            }
            int[] where = bestSeparator(g, lo);
            int na = 0;
            int nb = 0;
            for (int v = 0; v < nv; v++) {
                if (where[v] == 0) {
                    na++;
                } else if (where[v] == 1) {
                    nb++;
                }
            }
            if (na == 0 || nb == 0) {
                leaf(g, verts, lo);
                return;
            }
            int[] a = new int[na];
            int[] b = new int[nb];
            int ia = 0;
            int ib = 0;
            int is = lo + na + nb;
            d.isStart[is] = true;
            for (int v = 0; v < nv; v++) {
                if (where[v] == 0) {
                    a[ia++] = verts[v];
                } else if (where[v] == 1) {
                    b[ib++] = verts[v];
                } else {
                    perm[is++] = verts[v];
                }
            }
            Graph ga = subgraph(g, where, 0);
            Graph gb = subgraph(g, where, 1);
            schedule(gb, b, lo + na, local, forked);
            schedule(ga, a, lo, local, forked);
        }

        /** Schedules every connected component (singletons are placed directly); O(n + edges). */
        private void splitComponents(Graph g, int[] verts, int lo, int[] comp, int ncomp,
                ArrayDeque<Item> local, List<NdTask> forked) {
            int nv = g.n;
            int[] csize = new int[ncomp];
            int[] cedges = new int[ncomp];
            for (int v = 0; v < nv; v++) {
                csize[comp[v]]++;
                cedges[comp[v]] += g.xadj[v + 1] - g.xadj[v];
            }
            int[] localIndex = new int[nv];
            int[] counter = new int[ncomp];
            for (int v = 0; v < nv; v++) {
                localIndex[v] = counter[comp[v]]++;
            }
            // first position of each component, in component order
            int[] start = new int[ncomp];
            int pos = lo;
            for (int c = 0; c < ncomp; c++) {
                start[c] = pos;
                pos += csize[c];
            }
            int[][] cv = new int[ncomp][];
            int[][] cx = new int[ncomp][];
            int[][] ca = new int[ncomp][];
            int[][] cw = new int[ncomp][];
            int[][] cvw = new int[ncomp][];
            for (int c = 0; c < ncomp; c++) {
                if (csize[c] > 1) {
                    cv[c] = new int[csize[c]];
                    cx[c] = new int[csize[c] + 1];
                    ca[c] = new int[cedges[c]];
                    cw[c] = new int[cedges[c]];
                    cvw[c] = new int[csize[c]];
                }
            }
            int[] epos = new int[ncomp];
            for (int v = 0; v < nv; v++) {
                int c = comp[v];
                int k = localIndex[v];
                if (csize[c] == 1) {
                    d.perm[start[c]] = verts[v];
                    d.isStart[start[c]] = true;
                    continue;
                }
                cv[c][k] = verts[v];
                cvw[c][k] = g.vw[v];
                int q = epos[c];
                for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                    ca[c][q] = localIndex[g.adj[p]];
                    cw[c][q] = g.ew[p];
                    q++;
                }
                epos[c] = q;
                cx[c][k + 1] = q;
            }
            for (int c = 0; c < ncomp; c++) {
                if (csize[c] > 1) {
                    Graph sub = new Graph(csize[c], cx[c], ca[c], cw[c], cvw[c], g.unit);
                    schedule(sub, cv[c], start[c], local, forked);
                }
            }
        }

        /** A leaf is one constraint set; its internal order is left to the constrained AMD. */
        private void leaf(Graph g, int[] verts, int lo) {
            d.isStart[lo] = true;
            System.arraycopy(verts, 0, d.perm, lo, g.n);
        }
    }

    /** Best of several independent separators (computed in parallel for large graphs). */
    private static int[] bestSeparator(Graph g, int lo) {
        int trials = g.n >= SEP_TRIAL_MIN ? SEP_TRIALS : 1;
        long seed = SEED ^ (0x9E3779B97F4A7C15L * (lo + 1L)) ^ g.n;
        if (trials == 1) {
            return separator(g, new Random(seed));
        }
        int[][] results = new int[trials][];
        if (ForkJoinTask.inForkJoinPool()) {
            List<RecursiveAction> tasks = new ArrayList<>();
            for (int t = 0; t < trials; t++) {
                final int tt = t;
                tasks.add(new RecursiveAction() {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected void compute() {
                        results[tt] = separator(g, new Random(seed + 7919L * tt));
                    }
                });
            }
            ForkJoinTask.invokeAll(tasks);
        } else {
            for (int t = 0; t < trials; t++) {
                results[t] = separator(g, new Random(seed + 7919L * t));
            }
        }
        int[] best = results[0];
        for (int t = 1; t < trials; t++) {
            if (separatorScore(results[t]) < separatorScore(best)) {
                best = results[t];
            }
        }
        return best;
    }

    /** Subgraph of g induced by the vertices v with label[v] == which (same edge and vertex weights). */
    static Graph subgraph(Graph g, int[] label, int which) {
        int n = g.n;
        int[] map = new int[n];
        int k = 0;
        long ne = 0;
        for (int v = 0; v < n; v++) {
            if (label[v] == which) {
                map[v] = k++;
                ne += g.xadj[v + 1] - g.xadj[v];
            } else {
                map[v] = -1;
            }
        }
        int[] x = new int[k + 1];
        int[] a = new int[(int) ne];
        int[] w = new int[(int) ne];
        int[] vw = new int[k];
        int q = 0;
        int c = 0;
        for (int v = 0; v < n; v++) {
            if (map[v] < 0) {
                continue;
            }
            vw[c] = g.vw[v];
            for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                int u = map[g.adj[p]];
                if (u >= 0) {
                    a[q] = u;
                    w[q] = g.ew[p];
                    q++;
                }
            }
            x[++c] = q;
        }
        return new Graph(k, x, Arrays.copyOf(a, q), Arrays.copyOf(w, q), vw, g.unit);
    }

    static int components(Graph g, int[] comp) {
        Arrays.fill(comp, -1);
        int[] queue = new int[g.n];
        int nc = 0;
        for (int s = 0; s < g.n; s++) {
            if (comp[s] >= 0) {
                continue;
            }
            int head = 0;
            int tail = 0;
            queue[tail++] = s;
            comp[s] = nc;
            while (head < tail) {
                int v = queue[head++];
                for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                    int u = g.adj[p];
                    if (comp[u] < 0) {
                        comp[u] = nc;
                        queue[tail++] = u;
                    }
                }
            }
            nc++;
        }
        return nc;
    }

    // ------------------------------------------------------------------------------------------
    // separator

    /** Returns where[v] in {0, 1, 2}: the two halves and the separator. */
    static int[] separator(Graph g, Random rnd) {
        List<Graph> graphs = new ArrayList<>();
        List<int[]> cmaps = new ArrayList<>();
        graphs.add(g);
        Graph cur = g;
        CoarsenScratch csc = g.n > COARSEST ? new CoarsenScratch(g.n, g.xadj[g.n]) : null;
        while (cur.n > COARSEST) {
            int[] cmap = new int[cur.n];
            Graph c = coarsen(cur, cmap, rnd, csc);
            if (c.n > 0.92 * cur.n) {
                break;
            }
            graphs.add(c);
            cmaps.add(cmap);
            cur = c;
        }
        Scratch sc = new Scratch(g.n);
        int[] where = initialBisection(cur, rnd, sc);
        for (int lev = graphs.size() - 2; lev >= 0; lev--) {
            Graph fine = graphs.get(lev);
            int[] cmap = cmaps.get(lev);
            int[] fw = new int[fine.n];
            for (int v = 0; v < fine.n; v++) {
                fw[v] = where[cmap[v]];
            }
            where = fw;
            refineEdgeCut(fine, where, FM_PASSES, sc);
        }
        vertexCover(g, where);
        refineSeparator(g, where, 4, sc);
        return where;
    }

    /** Work arrays for the refinement of one separator, sized for the finest graph. */
    static final class Scratch {
        final IntMaxHeap heap0;
        final IntMaxHeap heap1;
        final boolean[] locked;

        Scratch(int n) {
            heap0 = new IntMaxHeap(n);
            heap1 = new IntMaxHeap(n);
            locked = new boolean[n];
        }
    }

    /** Reusable arrays for the coarsening levels of one separator computation. */
    static final class CoarsenScratch {
        final int[] match;
        final int[] slot;
        final int[] ca;
        final int[] cw;

        CoarsenScratch(int n, int nnz) {
            match = new int[n];
            slot = new int[n];
            ca = new int[nnz];
            cw = new int[nnz];
        }
    }

    /** Heavy-edge matching contraction using the given scratch arrays (sized for g or larger). */
    static Graph coarsen(Graph g, int[] cmap, Random rnd, CoarsenScratch sc) {
        int n = g.n;
        // visiting order: random permutation of blocks of consecutive vertices (randomized, but
        // cache friendly since neighbouring vertices tend to have nearby numbers)
        int nblk = (n + MATCH_BLOCK - 1) / MATCH_BLOCK;
        int[] blk = new int[nblk];
        for (int i = 0; i < nblk; i++) {
            blk[i] = i;
        }
        for (int i = nblk - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = blk[i];
            blk[i] = blk[j];
            blk[j] = t;
        }
        int[] match = sc.match;
        Arrays.fill(match, 0, n, -1);
        long maxVw = Math.max(2, (long) (1.5 * g.totalVw / COARSEST));
        for (int b = 0; b < nblk; b++) {
            int from = blk[b] * MATCH_BLOCK;
            int to = Math.min(n, from + MATCH_BLOCK);
            for (int v = from; v < to; v++) {
                if (match[v] < 0) {
                    matchVertex(g, v, match, maxVw);
                }
            }
        }
        int cn = 0;
        for (int v = 0; v < n; v++) {
            if (v <= match[v]) {
                cmap[v] = cn;
                cmap[match[v]] = cn;
                cn++;
            }
        }
        int[] cx = new int[cn + 1];
        int[] ca = sc.ca;
        int[] cw = sc.cw;
        int[] cvw = new int[cn];
        int[] slot = sc.slot;
        Arrays.fill(slot, 0, cn, -1);
        int q = 0;
        int c = 0;
        for (int v = 0; v < n; v++) {
            if (v > match[v]) {
                continue;
            }
            int start = q;
            int u2 = match[v];
            cvw[c] = g.vw[v] + (u2 != v ? g.vw[u2] : 0);
            for (int pass = 0; pass < 2; pass++) {
                int x = pass == 0 ? v : u2;
                if (pass == 1 && u2 == v) {
                    break;
                }
                for (int p = g.xadj[x]; p < g.xadj[x + 1]; p++) {
                    int cu = cmap[g.adj[p]];
                    if (cu == c) {
                        continue;
                    }
                    int s = slot[cu];
                    if (s >= start) {
                        cw[s] += g.ew[p];
                    } else {
                        slot[cu] = q;
                        ca[q] = cu;
                        cw[q] = g.ew[p];
                        q++;
                    }
                }
            }
            cx[c + 1] = q;
            c++;
        }
        return new Graph(cn, cx, Arrays.copyOf(ca, q), Arrays.copyOf(cw, q), cvw, false);
    }

    /** Matches the unmatched vertex v with its heaviest-edge unmatched neighbour (or itself). */
    private static void matchVertex(Graph g, int v, int[] match, long maxVw) {
        int best = -1;
        if (g.unit) {
            // all weights 1: any unmatched neighbour is a heaviest edge
            for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                int u = g.adj[p];
                if (match[u] < 0 && u != v) {
                    best = u;
                    break;
                }
            }
        } else {
            int bw = -1;
            int bvw = Integer.MAX_VALUE;
            for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                int u = g.adj[p];
                if (match[u] >= 0 || u == v || (long) g.vw[u] + g.vw[v] > maxVw) {
                    continue;
                }
                int w = g.ew[p];
                if (w > bw || (w == bw && g.vw[u] < bvw)) {
                    best = u;
                    bw = w;
                    bvw = g.vw[u];
                }
            }
        }
        if (best >= 0) {
            match[v] = best;
            match[best] = v;
        } else {
            match[v] = v;
        }
    }

    private static long cut(Graph g, int[] where) {
        long cut = 0;
        for (int v = 0; v < g.n; v++) {
            for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                if (where[g.adj[p]] != where[v]) {
                    cut += g.ew[p];
                }
            }
        }
        return cut / 2;
    }

    /** Greedy graph growing from several random seeds, each refined by FM; best cut wins. */
    static int[] initialBisection(Graph g, Random rnd, Scratch sc) {
        int n = g.n;
        int[] best = null;
        long bestCut = Long.MAX_VALUE;
        long bestImb = Long.MAX_VALUE;
        int[] where = new int[n];
        long[] gain = new long[n];
        boolean[] frontier = new boolean[n];
        long half = g.totalVw / 2;
        long[] wdeg = new long[n];
        for (int v = 0; v < n; v++) {
            wdeg[v] = degreeW(g, v);
        }
        for (int trial = 0; trial < INIT_TRIES; trial++) {
            Arrays.fill(where, 1);
            Arrays.fill(gain, 0);
            Arrays.fill(frontier, false);
            int seed = rnd.nextInt(n);
            long wa = 0;
            int v = seed;
            while (true) {
                where[v] = 0;
                frontier[v] = false;
                wa += g.vw[v];
                for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                    int u = g.adj[p];
                    if (where[u] == 1) {
                        frontier[u] = true;
                        gain[u] += 2L * g.ew[p];
                    }
                }
                if (wa >= half) {
                    break;
                }
                int nextV = -1;
                long bg = Long.MIN_VALUE;
                for (int u = 0; u < n; u++) {
                    if (frontier[u]) {
                        long gu = gain[u] - wdeg[u];
                        if (gu > bg) {
                            bg = gu;
                            nextV = u;
                        }
                    }
                }
                if (nextV < 0) {
                    // disconnected remainder: take any vertex of side 1
                    for (int u = 0; u < n; u++) {
                        if (where[u] == 1) {
                            nextV = u;
                            break;
                        }
                    }
                    if (nextV < 0) {
                        break;
                    }
                }
                v = nextV;
            }
            refineEdgeCut(g, where, FM_PASSES, sc);
            long c = cut(g, where);
            long w0 = 0;
            for (int u = 0; u < n; u++) {
                if (where[u] == 0) {
                    w0 += g.vw[u];
                }
            }
            long imb = Math.abs(2 * w0 - g.totalVw);
            if (c < bestCut || (c == bestCut && imb < bestImb)) {
                bestCut = c;
                bestImb = imb;
                best = where.clone();
            }
        }
        return best;
    }

    private static long degreeW(Graph g, int v) {
        long d = 0;
        for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
            d += g.ew[p];
        }
        return d;
    }

    /** Fiduccia-Mattheyses refinement of a 2-way edge cut with a balance constraint. */
    static void refineEdgeCut(Graph g, int[] where, int passes, Scratch sc) {
        int n = g.n;
        long maxW = (long) Math.ceil(BALANCE * g.totalVw);
        long[] pw = new long[2];
        for (int v = 0; v < n; v++) {
            pw[where[v]] += g.vw[v];
        }
        // internal / external weighted degrees, maintained incrementally
        long[] id = new long[n];
        long[] ed = new long[n];
        for (int v = 0; v < n; v++) {
            long a = 0;
            long b = 0;
            int wv = where[v];
            for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                if (where[g.adj[p]] == wv) {
                    a += g.ew[p];
                } else {
                    b += g.ew[p];
                }
            }
            id[v] = a;
            ed[v] = b;
        }
        IntMaxHeap[] heap = {sc.heap0, sc.heap1};
        boolean[] locked = sc.locked;
        int[] moved = new int[n];
        for (int pass = 0; pass < passes; pass++) {
            for (int v = 0; v < n; v++) {
                if (ed[v] > 0) {
                    heap[where[v]].insert(v, ed[v] - id[v]);
                }
            }
            long cutDelta = 0;
            long bestDelta = 0;
            int nmoves = 0;
            int bestMoves = 0;
            long bestImb = Math.abs(pw[0] - pw[1]);
            int limit = Math.max(25, Math.min(150, n / 100));
            while (nmoves < n) {
                boolean over0 = pw[0] > maxW;
                boolean over1 = pw[1] > maxW;
                long g0 = Long.MIN_VALUE;
                long g1 = Long.MIN_VALUE;
                if (!heap[0].isEmpty() && !over1) {
                    int v = heap[0].top();
                    if (pw[1] + g.vw[v] <= maxW || over0) {
                        g0 = heap[0].topKey();
                    }
                }
                if (!heap[1].isEmpty() && !over0) {
                    int v = heap[1].top();
                    if (pw[0] + g.vw[v] <= maxW || over1) {
                        g1 = heap[1].topKey();
                    }
                }
                if (g0 == Long.MIN_VALUE && g1 == Long.MIN_VALUE) {
                    break;
                }
                int from = (g0 > g1 || (g0 == g1 && pw[0] > pw[1])) ? 0 : 1;
                int v = heap[from].pop();
                cutDelta -= ed[v] - id[v];
                moveVertex(g, where, id, ed, pw, v);
                locked[v] = true;
                moved[nmoves++] = v;
                for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                    int u = g.adj[p];
                    if (locked[u]) {
                        continue;
                    }
                    IntMaxHeap h = heap[where[u]];
                    if (ed[u] > 0) {
                        if (h.contains(u)) {
                            h.update(u, ed[u] - id[u]);
                        } else {
                            h.insert(u, ed[u] - id[u]);
                        }
                    } else if (h.contains(u)) {
                        h.remove(u);
                    }
                }
                long imb = Math.abs(pw[0] - pw[1]);
                boolean balanced = pw[0] <= maxW && pw[1] <= maxW;
                if (balanced && (cutDelta < bestDelta || (cutDelta == bestDelta && imb < bestImb))) {
                    bestDelta = cutDelta;
                    bestMoves = nmoves;
                    bestImb = imb;
                } else if (nmoves - bestMoves > limit) {
                    break;
                }
            }
            heap[0].clear();
            heap[1].clear();
            // roll back the moves after the best prefix, unlock everything that moved
            for (int k = nmoves - 1; k >= bestMoves; k--) {
                moveVertex(g, where, id, ed, pw, moved[k]);
            }
            for (int k = 0; k < nmoves; k++) {
                locked[moved[k]] = false;
            }
            if (bestMoves == 0) {
                break;
            }
        }
    }

    /** Moves v to the other side, updating part weights and the id/ed degrees of v and its neighbours. */
    private static void moveVertex(Graph g, int[] where, long[] id, long[] ed, long[] pw, int v) {
        int from = where[v];
        int to = 1 - from;
        where[v] = to;
        pw[from] -= g.vw[v];
        pw[to] += g.vw[v];
        long t = id[v];
        id[v] = ed[v];
        ed[v] = t;
        for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
            int u = g.adj[p];
            int w = g.ew[p];
            if (where[u] == to) {
                id[u] += w;
                ed[u] -= w;
            } else {
                id[u] -= w;
                ed[u] += w;
            }
        }
    }

    /**
     * Turns a 2-way partition into a vertex separator: a minimum vertex cover of the cut edges
     * (maximum matching on the bipartite boundary graph and Koenig's construction). Cover vertices
     * get where = 2.
     */
    static void vertexCover(Graph g, int[] where) {
        int n = g.n;
        int[] mate = new int[n];
        Arrays.fill(mate, -1);
        int[] visited = new int[n];
        int stamp = 0;
        // boundary vertices of side 0
        int nb = 0;
        int[] bnd = new int[n];
        for (int v = 0; v < n; v++) {
            if (where[v] != 0) {
                continue;
            }
            for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                if (where[g.adj[p]] == 1) {
                    bnd[nb++] = v;
                    break;
                }
            }
        }
        // greedy initial matching
        for (int k = 0; k < nb; k++) {
            int v = bnd[k];
            for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                int u = g.adj[p];
                if (where[u] == 1 && mate[u] < 0) {
                    mate[u] = v;
                    mate[v] = u;
                    break;
                }
            }
        }
        // augmenting paths (iterative DFS)
        int[] sa = new int[n + 1];
        int[] sp = new int[n + 1];
        int[] su = new int[n + 1];
        for (int k = 0; k < nb; k++) {
            int a0 = bnd[k];
            if (mate[a0] >= 0) {
                continue;
            }
            stamp++;
            int top = 0;
            sa[0] = a0;
            sp[0] = g.xadj[a0];
            boolean done = false;
            while (top >= 0 && !done) {
                int a = sa[top];
                boolean pushed = false;
                while (sp[top] < g.xadj[a + 1]) {
                    int u = g.adj[sp[top]++];
                    if (where[u] != 1 || visited[u] == stamp) {
                        continue;
                    }
                    visited[u] = stamp;
                    su[top] = u;
                    if (mate[u] < 0) {
                        for (int t = top; t >= 0; t--) {
                            mate[sa[t]] = su[t];
                            mate[su[t]] = sa[t];
                        }
                        done = true;
                        break;
                    }
                    int a2 = mate[u];
                    top++;
                    sa[top] = a2;
                    sp[top] = g.xadj[a2];
                    pushed = true;
                    break;
                }
                if (!done && !pushed) {
                    top--;
                }
            }
        }
        // Koenig: Z = vertices reachable from free side-0 boundary vertices by alternating paths
        boolean[] z = new boolean[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int k = 0; k < nb; k++) {
            int v = bnd[k];
            if (mate[v] < 0) {
                z[v] = true;
                queue[tail++] = v;
            }
        }
        while (head < tail) {
            int a = queue[head++];
            for (int p = g.xadj[a]; p < g.xadj[a + 1]; p++) {
                int u = g.adj[p];
                if (where[u] != 1 || z[u]) {
                    continue;
                }
                z[u] = true;
                int a2 = mate[u];
                if (a2 >= 0 && !z[a2]) {
                    z[a2] = true;
                    queue[tail++] = a2;
                }
            }
        }
        // cover = (side-0 boundary not in Z) + (side-1 vertices in Z)
        for (int k = 0; k < nb; k++) {
            int v = bnd[k];
            if (!z[v]) {
                where[v] = 2;
            }
        }
        for (int v = 0; v < n; v++) {
            if (where[v] == 1 && z[v]) {
                where[v] = 2;
            }
        }
    }

    /**
     * FM refinement of a vertex separator: a separator vertex moves into one side and pulls its
     * neighbours of the other side into the separator; moves are chosen by gain (separator weight
     * decrease) under the balance constraint, with rollback to the best prefix of each pass.
     */
    static void refineSeparator(Graph g, int[] where, int passes, Scratch sc) {
        int n = g.n;
        long maxW = (long) Math.ceil(BALANCE * g.totalVw);
        long[] pw = new long[3];
        for (int v = 0; v < n; v++) {
            pw[where[v]] += g.vw[v];
        }
        IntMaxHeap[] heap = {sc.heap0, sc.heap1};
        boolean[] locked = sc.locked;
        // move log: vertex, its previous side
        int[] logV = new int[4 * n + 16];
        int[] logFrom = new int[4 * n + 16];
        int[] moveEnd = new int[n + 2];
        int[] seen = new int[n];
        int stamp = 0;
        for (int pass = 0; pass < passes; pass++) {
            heap[0].clear();
            heap[1].clear();
            for (int v = 0; v < n; v++) {
                if (where[v] == 2) {
                    heap[0].insert(v, sepGain(g, where, v, 0));
                    heap[1].insert(v, sepGain(g, where, v, 1));
                }
            }
            long sep = pw[2];
            long bestSep = sep;
            long bestImb = Math.abs(pw[0] - pw[1]);
            int nlog = 0;
            int nmoves = 0;
            int bestMoves = 0;
            int bestLog = 0;
            int limit = Math.max(25, Math.min(300, n / 50));
            while (true) {
                // choose the best allowed move
                int to = -1;
                long bg = Long.MIN_VALUE;
                for (int side = 0; side < 2; side++) {
                    if (heap[side].isEmpty()) {
                        continue;
                    }
                    int v = heap[side].top();
                    long k = heap[side].topKey();
                    if (pw[side] + g.vw[v] > maxW) {
                        continue;
                    }
                    if (k > bg || (k == bg && pw[side] < pw[1 - side])) {
                        bg = k;
                        to = side;
                    }
                }
                if (to < 0) {
                    break;
                }
                int v = heap[to].pop();
                heap[1 - to].remove(v);
                locked[v] = true;
                int other = 1 - to;
                logV[nlog] = v;
                logFrom[nlog++] = 2;
                where[v] = to;
                pw[2] -= g.vw[v];
                pw[to] += g.vw[v];
                for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
                    int u = g.adj[p];
                    if (where[u] == other) {
                        if (nlog == logV.length) {
                            logV = Arrays.copyOf(logV, 2 * nlog);
                            logFrom = Arrays.copyOf(logFrom, 2 * nlog);
                        }
                        logV[nlog] = u;
                        logFrom[nlog++] = other;
                        where[u] = 2;
                        pw[other] -= g.vw[u];
                        pw[2] += g.vw[u];
                    }
                }
                // update gains of separator vertices next to v or to a vertex that just entered
                // the separator (each recomputed once)
                stamp++;
                for (int k = moveEnd[nmoves]; k < nlog; k++) {
                    int x = logV[k];
                    for (int p = g.xadj[x]; p < g.xadj[x + 1]; p++) {
                        int u = g.adj[p];
                        if (where[u] == 2 && !locked[u] && seen[u] != stamp) {
                            seen[u] = stamp;
                            updateSepGains(g, where, u, heap);
                        }
                    }
                }
                nmoves++;
                moveEnd[nmoves] = nlog;
                sep = pw[2];
                long imb = Math.abs(pw[0] - pw[1]);
                if (sep < bestSep || (sep == bestSep && imb < bestImb)) {
                    bestSep = sep;
                    bestImb = imb;
                    bestMoves = nmoves;
                    bestLog = nlog;
                } else if (nmoves - bestMoves > limit) {
                    break;
                }
                if (nmoves >= n) {
                    break;
                }
            }
            for (int k = nlog - 1; k >= bestLog; k--) {
                int v = logV[k];
                int cur = where[v];
                int prev = logFrom[k];
                pw[cur] -= g.vw[v];
                pw[prev] += g.vw[v];
                where[v] = prev;
            }
            for (int k = 0; k < nlog; k++) {
                locked[logV[k]] = false;
            }
            heap[0].clear();
            heap[1].clear();
            if (bestMoves == 0) {
                break;
            }
        }
    }

    private static void updateSepGains(Graph g, int[] where, int u, IntMaxHeap[] heap) {
        for (int side = 0; side < 2; side++) {
            long k = sepGain(g, where, u, side);
            if (heap[side].contains(u)) {
                heap[side].update(u, k);
            } else {
                heap[side].insert(u, k);
            }
        }
    }

    /** Separator weight decrease when separator vertex v moves to side {@code to}. */
    private static long sepGain(Graph g, int[] where, int v, int to) {
        long gain = g.vw[v];
        int other = 1 - to;
        for (int p = g.xadj[v]; p < g.xadj[v + 1]; p++) {
            int u = g.adj[p];
            if (where[u] == other) {
                gain -= g.vw[u];
            }
        }
        return gain;
    }

    /** Indexed binary max-heap of vertices keyed by long gains. */
    static final class IntMaxHeap {
        private final int[] heap;
        private final long[] key;
        private final int[] pos;
        private int size;

        IntMaxHeap(int n) {
            heap = new int[n];
            key = new long[n];
            pos = new int[n];
            Arrays.fill(pos, -1);
        }

        void clear() {
            for (int i = 0; i < size; i++) {
                pos[heap[i]] = -1;
            }
            size = 0;
        }

        boolean isEmpty() {
            return size == 0;
        }

        boolean contains(int v) {
            return pos[v] >= 0;
        }

        int top() {
            return heap[0];
        }

        long topKey() {
            return key[heap[0]];
        }

        void insert(int v, long k) {
            key[v] = k;
            heap[size] = v;
            pos[v] = size;
            size++;
            up(size - 1);
        }

        void update(int v, long k) {
            long old = key[v];
            key[v] = k;
            if (k > old) {
                up(pos[v]);
            } else if (k < old) {
                down(pos[v]);
            }
        }

        void remove(int v) {
            int i = pos[v];
            if (i < 0) {
                return;
            }
            size--;
            pos[v] = -1;
            if (i == size) {
                return;
            }
            int last = heap[size];
            heap[i] = last;
            pos[last] = i;
            up(i);
            down(pos[last]);
        }

        int pop() {
            int v = heap[0];
            remove(v);
            return v;
        }

        private void up(int i) {
            int v = heap[i];
            long k = key[v];
            while (i > 0) {
                int p = (i - 1) >>> 1;
                int pv = heap[p];
                if (key[pv] >= k) {
                    break;
                }
                heap[i] = pv;
                pos[pv] = i;
                i = p;
            }
            heap[i] = v;
            pos[v] = i;
        }

        private void down(int i) {
            int v = heap[i];
            long k = key[v];
            while (true) {
                int l = 2 * i + 1;
                if (l >= size) {
                    break;
                }
                int r = l + 1;
                int c = (r < size && key[heap[r]] > key[heap[l]]) ? r : l;
                if (key[heap[c]] <= k) {
                    break;
                }
                heap[i] = heap[c];
                pos[heap[c]] = i;
                i = c;
            }
            heap[i] = v;
            pos[v] = i;
        }
    }
}
