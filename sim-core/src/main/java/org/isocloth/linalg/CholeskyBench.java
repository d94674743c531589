package org.isocloth.linalg;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Command-line benchmark of {@link SparseCholesky}: prints analysis time, nnz(L), flops, median
 * factorization and solve times for Matrix Market files or for synthetic cloth matrices.
 *
 * <pre>
 * java -cp ... org.isocloth.linalg.CholeskyBench [options] [file.mtx | directory]...
 *   --synthetic m1,m2,...   synthetic cloth grids (default 22,50,100 when no file is given)
 *   --ordering AUTO|AMD|NESTED_DISSECTION|NATURAL   (default AUTO)
 *   --threads t             (default: available processors)
 *   --reps r                timed repetitions (default 10)
 *   --warmup w              untimed repetitions first (default 5)
 *   --write dir             also write each synthetic matrix to dir/cloth-m&lt;m&gt;.mtx
 * </pre>
 */
public final class CholeskyBench {
    private CholeskyBench() {
    }

    /**
     * Entry point; see the class comment for the arguments.
     *
     * @param args command-line arguments
     * @throws IOException if a matrix file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        PrintStream out = System.out;
        List<Path> files = new ArrayList<>();
        int[] grids = null;
        SparseCholesky.Ordering ordering = SparseCholesky.Ordering.AUTO;
        int threads = Runtime.getRuntime().availableProcessors();
        int reps = 10;
        int warmup = 5;
        Path writeDir = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--synthetic":
                    grids = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                    break;
                case "--ordering":
                    ordering = SparseCholesky.Ordering.valueOf(args[++i].toUpperCase(Locale.ROOT));
                    break;
                case "--threads":
                    threads = Integer.parseInt(args[++i]);
                    break;
                case "--reps":
                    reps = Integer.parseInt(args[++i]);
                    break;
                case "--warmup":
                    warmup = Integer.parseInt(args[++i]);
                    break;
                case "--write":
                    writeDir = Paths.get(args[++i]);
                    break;
                case "-h":
                case "--help":
                    out.println("usage: CholeskyBench [--synthetic m1,m2] [--ordering AUTO|AMD|NESTED_DISSECTION|NATURAL]"
                            + " [--threads t] [--reps r] [--warmup w] [--write dir] [file.mtx|dir]...");
                    return;
                default:
                    Path p = Paths.get(a);
                    if (Files.isDirectory(p)) {
                        try (Stream<Path> s = Files.list(p)) {
                            s.filter(f -> f.toString().endsWith(".mtx")).sorted().forEach(files::add);
                        }
                    } else {
                        files.add(p);
                    }
            }
        }
        if (files.isEmpty() && grids == null) {
            grids = new int[] {22, 50, 100};
        }
        out.printf(Locale.ROOT, "%-28s %8s %10s %10s %-18s %6s %9s %10s %9s %9s %9s %9s %10s%n",
                "matrix", "n", "nnz(A)", "nnz(L)", "ordering", "snodes", "GFlop", "analysis", "fact-med",
                "fact-min", "solve-med", "GFlop/s", "resid");
        if (grids != null) {
            for (int m : grids) {
                SymmetricCsc a = syntheticCloth(m, 12345L);
                if (writeDir != null) {
                    Files.createDirectories(writeDir);
                    a.writeMatrixMarket(writeDir.resolve("cloth-m" + m + ".mtx"));
                }
                run(out, "synthetic m=" + m, a, ordering, threads, reps, warmup);
            }
        }
        for (Path f : files) {
            SymmetricCsc a = SymmetricCsc.readMatrixMarket(f);
            run(out, f.getFileName().toString(), a, ordering, threads, reps, warmup);
        }
    }

    private static void run(PrintStream out, String name, SymmetricCsc a, SparseCholesky.Ordering ordering,
            int threads, int reps, int warmup) {
        long t0 = System.nanoTime();
        SparseCholesky chol = new SparseCholesky(a, ordering, threads);
        double analysis = (System.nanoTime() - t0) * 1e-6;
        double[] ft = new double[reps];
        for (int r = 0; r < warmup; r++) {
            chol.factor(a.values);
        }
        for (int r = 0; r < reps; r++) {
            long t = System.nanoTime();
            chol.factor(a.values);
            ft[r] = (System.nanoTime() - t) * 1e-6;
        }
        double[] b = new double[a.n];
        Random rnd = new Random(7);
        for (int i = 0; i < a.n; i++) {
            b[i] = rnd.nextDouble() - 0.5;
        }
        double[] x = new double[a.n];
        double[] st = new double[reps];
        for (int r = 0; r < warmup; r++) {
            chol.solve(b, x);
        }
        for (int r = 0; r < reps; r++) {
            long t = System.nanoTime();
            chol.solve(b, x);
            st[r] = (System.nanoTime() - t) * 1e-6;
        }
        double[] ax = new double[a.n];
        a.multiply(x, ax);
        double rn = 0;
        double bn = 0;
        for (int i = 0; i < a.n; i++) {
            rn += (ax[i] - b[i]) * (ax[i] - b[i]);
            bn += b[i] * b[i];
        }
        double fmed = median(ft);
        double fmin = Arrays.stream(ft).min().orElse(Double.NaN);
        out.printf(Locale.ROOT, "%-28s %8d %10d %10d %-18s %6d %9.3f %8.0fms %7.2fms %7.2fms %7.3fms %9.2f %10.2e%n",
                name, a.n, a.fullNonZeros(), chol.factorNonzeros(), chol.orderingName(), chol.supernodeCount(),
                chol.factorFlops() * 1e-9, analysis, fmed, fmin, median(st), chol.factorFlops() / (fmed * 1e6),
                Math.sqrt(rn / bn));
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int m = s.length;
        return m == 0 ? Double.NaN : (m % 2 == 1 ? s[m / 2] : 0.5 * (s[m / 2 - 1] + s[m / 2]));
    }

    /**
     * Synthetic stand-in for the cloth solver's system matrix {@code S = G G^T + diag(alpha)}.
     *
     * <p>An m x m grid of quads, each split into two triangles; nodes are the grid vertices plus
     * the edge midpoints, with 3 coordinates each (the columns of G). Rows of G: for every interior
     * edge, 3 rows (one per coordinate) touching that coordinate of the edge's midpoint and of the 4
     * other edge midpoints of its two triangles (alpha = 1); for every triangle, 3 rows touching all
     * 3 coordinates of two of its edge midpoints, one row per pair (alpha = 1e-9); for every vertex,
     * 3 rows (one per coordinate) touching that vertex and the midpoints of all edges of its incident
     * triangles (alpha = 1e-9). G values are uniform in [-1, 1].
     *
     * @param m grid size (m = 22 gives about 1k triangles, m = 100 gives 20k)
     * @param seed random seed for the values of G
     * @return the lower triangle of S
     */
    public static SymmetricCsc syntheticCloth(int m, long seed) {
        if (m < 1) {
            throw new IllegalArgumentException("m must be >= 1");
        }
        int nv = (m + 1) * (m + 1);
        int nh = m * (m + 1);
        int ne = 2 * nh + m * m;
        int ntri = 2 * m * m;
        // triangle -> edges, triangle -> vertices
        int[][] triEdges = new int[ntri][];
        int[][] triVerts = new int[ntri][];
        for (int y = 0; y < m; y++) {
            for (int x = 0; x < m; x++) {
                int v00 = y * (m + 1) + x;
                int v10 = v00 + 1;
                int v01 = v00 + (m + 1);
                int v11 = v01 + 1;
                int hBottom = y * m + x;
                int hTop = (y + 1) * m + x;
                int vLeft = nh + y * (m + 1) + x;
                int vRight = vLeft + 1;
                int diag = 2 * nh + y * m + x;
                int t = 2 * (y * m + x);
                triEdges[t] = new int[] {hBottom, vRight, diag};
                triVerts[t] = new int[] {v00, v10, v11};
                triEdges[t + 1] = new int[] {diag, hTop, vLeft};
                triVerts[t + 1] = new int[] {v00, v11, v01};
            }
        }
        int[][] edgeTris = new int[ne][];
        int[] edgeTriCount = new int[ne];
        for (int t = 0; t < ntri; t++) {
            for (int e : triEdges[t]) {
                edgeTriCount[e]++;
            }
        }
        for (int e = 0; e < ne; e++) {
            edgeTris[e] = new int[edgeTriCount[e]];
            edgeTriCount[e] = 0;
        }
        for (int t = 0; t < ntri; t++) {
            for (int e : triEdges[t]) {
                edgeTris[e][edgeTriCount[e]++] = t;
            }
        }
        List<int[]> vertTris = new ArrayList<>(nv);
        int[] vtCount = new int[nv];
        for (int t = 0; t < ntri; t++) {
            for (int v : triVerts[t]) {
                vtCount[v]++;
            }
        }
        for (int v = 0; v < nv; v++) {
            vertTris.add(new int[vtCount[v]]);
            vtCount[v] = 0;
        }
        for (int t = 0; t < ntri; t++) {
            for (int v : triVerts[t]) {
                vertTris.get(v)[vtCount[v]++] = t;
            }
        }
        // rows of G as column lists
        List<int[]> gRows = new ArrayList<>();
        List<Double> alphaList = new ArrayList<>();
        for (int e = 0; e < ne; e++) {
            if (edgeTris[e].length != 2) {
                continue;
            }
            int[] others = new int[4];
            int o = 0;
            for (int t : edgeTris[e]) {
                for (int e2 : triEdges[t]) {
                    if (e2 != e) {
                        others[o++] = e2;
                    }
                }
            }
            for (int c = 0; c < 3; c++) {
                int[] cols = new int[5];
                cols[0] = 3 * (nv + e) + c;
                for (int q = 0; q < 4; q++) {
                    cols[q + 1] = 3 * (nv + others[q]) + c;
                }
                gRows.add(cols);
                alphaList.add(1.0);
            }
        }
        for (int t = 0; t < ntri; t++) {
            int[] te = triEdges[t];
            int[][] pairs = {{te[0], te[1]}, {te[1], te[2]}, {te[0], te[2]}};
            for (int[] pr : pairs) {
                int[] cols = new int[6];
                for (int c = 0; c < 3; c++) {
                    cols[c] = 3 * (nv + pr[0]) + c;
                    cols[3 + c] = 3 * (nv + pr[1]) + c;
                }
                gRows.add(cols);
                alphaList.add(1e-9);
            }
        }
        for (int v = 0; v < nv; v++) {
            int[] tris = vertTris.get(v);
            int[] es = new int[3 * tris.length];
            int k = 0;
            for (int t : tris) {
                for (int e : triEdges[t]) {
                    es[k++] = e;
                }
            }
            es = Arrays.stream(es, 0, k).distinct().sorted().toArray();
            for (int c = 0; c < 3; c++) {
                int[] cols = new int[1 + es.length];
                cols[0] = 3 * v + c;
                for (int q = 0; q < es.length; q++) {
                    cols[q + 1] = 3 * (nv + es[q]) + c;
                }
                gRows.add(cols);
                alphaList.add(1e-9);
            }
        }
        int nrows = gRows.size();
        int ncols = 3 * (nv + ne);
        Random rnd = new Random(seed);
        int[] gp = new int[nrows + 1];
        for (int i = 0; i < nrows; i++) {
            gp[i + 1] = gp[i] + gRows.get(i).length;
        }
        int[] gj = new int[gp[nrows]];
        double[] gv = new double[gp[nrows]];
        for (int i = 0; i < nrows; i++) {
            int[] cols = gRows.get(i);
            for (int q = 0; q < cols.length; q++) {
                gj[gp[i] + q] = cols[q];
                gv[gp[i] + q] = 2.0 * rnd.nextDouble() - 1.0;
            }
        }
        // transpose of G (column lists)
        int[] tp = new int[ncols + 1];
        for (int q = 0; q < gj.length; q++) {
            tp[gj[q] + 1]++;
        }
        for (int c = 0; c < ncols; c++) {
            tp[c + 1] += tp[c];
        }
        int[] ti = new int[gj.length];
        double[] tv = new double[gj.length];
        int[] fill = Arrays.copyOf(tp, ncols);
        for (int i = 0; i < nrows; i++) {
            for (int q = gp[i]; q < gp[i + 1]; q++) {
                int pos = fill[gj[q]]++;
                ti[pos] = i;
                tv[pos] = gv[q];
            }
        }
        // S = G G^T + diag(alpha): lower triangle column by column with a sparse accumulator
        double[] acc = new double[nrows];
        int[] marker = new int[nrows];
        Arrays.fill(marker, -1);
        int[] touched = new int[nrows];
        int[] colPtr = new int[nrows + 1];
        int[] rowIdx = new int[16 * nrows];
        double[] vals = new double[16 * nrows];
        int nnz = 0;
        for (int i = 0; i < nrows; i++) {
            int nt = 0;
            for (int q = gp[i]; q < gp[i + 1]; q++) {
                int k = gj[q];
                double gik = gv[q];
                for (int p = tp[k]; p < tp[k + 1]; p++) {
                    int j = ti[p];
                    if (j < i) {
                        continue;
                    }
                    if (marker[j] != i) {
                        marker[j] = i;
                        acc[j] = 0.0;
                        touched[nt++] = j;
                    }
                    acc[j] += gik * tv[p];
                }
            }
            acc[i] += alphaList.get(i);
            Arrays.sort(touched, 0, nt);
            if (nnz + nt > rowIdx.length) {
                int cap = Math.max(nnz + nt, rowIdx.length + rowIdx.length / 2);
                rowIdx = Arrays.copyOf(rowIdx, cap);
                vals = Arrays.copyOf(vals, cap);
            }
            for (int q = 0; q < nt; q++) {
                rowIdx[nnz] = touched[q];
                vals[nnz] = acc[touched[q]];
                nnz++;
            }
            colPtr[i + 1] = nnz;
        }
        return new SymmetricCsc(nrows, colPtr, Arrays.copyOf(rowIdx, nnz), Arrays.copyOf(vals, nnz));
    }
}
