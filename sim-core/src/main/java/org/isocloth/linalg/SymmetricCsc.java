package org.isocloth.linalg;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * A symmetric sparse matrix stored as its lower triangle (diagonal included) in compressed-column
 * form.
 *
 * <p>Column {@code j} holds the entries {@code rowIdx[colPtr[j]] .. rowIdx[colPtr[j+1]-1]}, with
 * strictly ascending row indices that are all {@code >= j}; {@code values} is aligned with {@code
 * rowIdx}. The structure ({@code n}, {@code colPtr}, {@code rowIdx}) is validated by the
 * constructor and must not be modified afterwards; {@code values} may be changed freely (for
 * example refilled before each numeric factorization).
 */
public final class SymmetricCsc {
    /** Dimension (number of rows and of columns). */
    public final int n;
    /** Column pointers, length {@code n + 1}, {@code colPtr[0] == 0}, non-decreasing. */
    public final int[] colPtr;
    /** Row indices of the lower-triangle entries, ascending within each column, each {@code >= column}. */
    public final int[] rowIdx;
    /** Values aligned with {@link #rowIdx}; length at least {@code colPtr[n]}. */
    public double[] values;

    /**
     * Wraps the given arrays (no copy) after validating the structure.
     *
     * @param n dimension, {@code >= 0}
     * @param colPtr column pointers, length {@code n + 1}
     * @param rowIdx row indices, length at least {@code colPtr[n]}
     * @param values values, length at least {@code colPtr[n]}
     * @throws IllegalArgumentException if the structure is not a valid lower-triangular CSC pattern
     */
    public SymmetricCsc(int n, int[] colPtr, int[] rowIdx, double[] values) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        if (colPtr == null || rowIdx == null || values == null) {
            throw new IllegalArgumentException("colPtr, rowIdx and values must not be null");
        }
        if (colPtr.length != n + 1) {
            throw new IllegalArgumentException("colPtr.length is " + colPtr.length + ", expected n + 1 = " + (n + 1));
        }
        if (colPtr[0] != 0) {
            throw new IllegalArgumentException("colPtr[0] must be 0, got " + colPtr[0]);
        }
        for (int j = 0; j < n; j++) {
            if (colPtr[j + 1] < colPtr[j]) {
                throw new IllegalArgumentException("colPtr decreases at column " + j);
            }
        }
        int nnz = colPtr[n];
        if (rowIdx.length < nnz || values.length < nnz) {
            throw new IllegalArgumentException("rowIdx/values shorter than colPtr[n] = " + nnz);
        }
        for (int j = 0; j < n; j++) {
            int prev = j - 1;
            for (int p = colPtr[j]; p < colPtr[j + 1]; p++) {
                int i = rowIdx[p];
                if (i < j || i >= n) {
                    throw new IllegalArgumentException("row index " + i + " in column " + j
                            + " is outside the lower triangle [" + j + ", " + n + ")");
                }
                if (i <= prev) {
                    throw new IllegalArgumentException("row indices of column " + j
                            + " are not strictly ascending (" + prev + " then " + i + ")");
                }
                prev = i;
            }
        }
        this.n = n;
        this.colPtr = colPtr;
        this.rowIdx = rowIdx;
        this.values = values;
    }

    /** Number of stored (lower-triangle) entries. */
    public int nonZeros() {
        return colPtr[n];
    }

    /** Number of nonzeros of the full symmetric matrix (each off-diagonal entry counted twice). */
    public long fullNonZeros() {
        long diag = 0;
        for (int j = 0; j < n; j++) {
            int p = colPtr[j];
            if (p < colPtr[j + 1] && rowIdx[p] == j) {
                diag++;
            }
        }
        return 2L * colPtr[n] - diag;
    }

    /**
     * Builds a matrix from coordinate triplets. Entries with {@code row < col} are mirrored to the
     * lower triangle ({@code (col, row)}); duplicates (after mirroring) are summed. Explicit zeros
     * are kept as structural entries. Only the first {@code count} triplets are used.
     *
     * <p>Note the consequence of mirroring: if both {@code (i, j)} and {@code (j, i)} are given
     * they are summed, so pass each off-diagonal entry of a symmetric matrix only once.
     *
     * @param n dimension
     * @param rows row indices
     * @param cols column indices
     * @param vals values
     * @param count number of triplets to use
     * @return the assembled matrix
     * @throws IllegalArgumentException on an index outside {@code [0, n)}
     */
    public static SymmetricCsc fromTriplets(int n, int[] rows, int[] cols, double[] vals, int count) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        if (count < 0 || count > rows.length || count > cols.length || count > vals.length) {
            throw new IllegalArgumentException("count " + count + " exceeds the triplet arrays");
        }
        int[] cnt = new int[n + 1];
        for (int k = 0; k < count; k++) {
            int r = rows[k];
            int c = cols[k];
            if (r < 0 || r >= n || c < 0 || c >= n) {
                throw new IllegalArgumentException("triplet " + k + " (" + r + ", " + c + ") outside [0, " + n + ")");
            }
            cnt[Math.min(r, c) + 1]++;
        }
        for (int j = 0; j < n; j++) {
            cnt[j + 1] += cnt[j];
        }
        int[] next = Arrays.copyOf(cnt, n);
        int[] ri = new int[count];
        double[] rv = new double[count];
        for (int k = 0; k < count; k++) {
            int r = rows[k];
            int c = cols[k];
            int lo = Math.min(r, c);
            int q = next[lo]++;
            ri[q] = Math.max(r, c);
            rv[q] = vals[k];
        }
        // sort each column by row and sum duplicates (insertion sort for short columns)
        int[] colPtr = new int[n + 1];
        int out = 0;
        for (int j = 0; j < n; j++) {
            int start = cnt[j];
            int end = cnt[j + 1];
            sortByKey(ri, rv, start, end);
            colPtr[j] = out;
            for (int p = start; p < end; p++) {
                if (out > colPtr[j] && ri[out - 1] == ri[p]) {
                    rv[out - 1] += rv[p];
                } else {
                    ri[out] = ri[p];
                    rv[out] = rv[p];
                    out++;
                }
            }
        }
        colPtr[n] = out;
        return new SymmetricCsc(n, colPtr, Arrays.copyOf(ri, out), Arrays.copyOf(rv, out));
    }

    /** Same as {@link #fromTriplets(int, int[], int[], double[], int)} using all triplets. */
    public static SymmetricCsc fromTriplets(int n, int[] rows, int[] cols, double[] vals) {
        if (rows.length != cols.length || rows.length != vals.length) {
            throw new IllegalArgumentException("triplet arrays have different lengths");
        }
        return fromTriplets(n, rows, cols, vals, rows.length);
    }

    private static void sortByKey(int[] key, double[] val, int from, int to) {
        int len = to - from;
        if (len < 2) {
            return;
        }
        if (len <= 32) {
            for (int i = from + 1; i < to; i++) {
                int k = key[i];
                double v = val[i];
                int j = i - 1;
                while (j >= from && key[j] > k) {
                    key[j + 1] = key[j];
                    val[j + 1] = val[j];
                    j--;
                }
                key[j + 1] = k;
                val[j + 1] = v;
            }
            return;
        }
        // longer runs: sort a permutation packed into longs (key in the high bits)
        long[] packed = new long[len];
        for (int i = 0; i < len; i++) {
            packed[i] = ((long) key[from + i] << 32) | i;
        }
        Arrays.sort(packed);
        double[] tmp = new double[len];
        for (int i = 0; i < len; i++) {
            int src = (int) packed[i];
            tmp[i] = val[from + src];
            key[from + i] = (int) (packed[i] >>> 32);
        }
        System.arraycopy(tmp, 0, val, from, len);
    }

    /**
     * Computes {@code y = A x} for the full symmetric matrix.
     *
     * @param x input vector, length {@code n}
     * @param y output vector, length {@code n}; must not be the same array as {@code x}
     */
    public void multiply(double[] x, double[] y) {
        if (x.length < n || y.length < n) {
            throw new IllegalArgumentException("vectors must have length >= " + n);
        }
        if (x == y) {
            throw new IllegalArgumentException("x and y must be different arrays");
        }
        Arrays.fill(y, 0, n, 0.0);
        for (int j = 0; j < n; j++) {
            double xj = x[j];
            double acc = 0.0;
            for (int p = colPtr[j]; p < colPtr[j + 1]; p++) {
                int i = rowIdx[p];
                double a = values[p];
                if (i == j) {
                    acc += a * xj;
                } else {
                    y[i] += a * xj;
                    acc += a * x[i];
                }
            }
            y[j] += acc;
        }
    }

    /** Returns a deep copy (structure and values). */
    public SymmetricCsc copy() {
        int nnz = colPtr[n];
        return new SymmetricCsc(n, colPtr.clone(), Arrays.copyOf(rowIdx, nnz), Arrays.copyOf(values, nnz));
    }

    /**
     * Reads a Matrix Market file in coordinate format ({@code real}, {@code integer} or {@code
     * pattern}; {@code symmetric} or {@code general}). For {@code symmetric} files the stored
     * triangle may be either one; for {@code general} files only the lower triangle (row &gt;= col)
     * is used, the matrix being assumed symmetric. Pattern entries get the value 1.
     *
     * @param file the .mtx file
     * @return the matrix
     * @throws IOException on read errors or malformed content
     */
    public static SymmetricCsc readMatrixMarket(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            String header = in.readLine();
            if (header == null || !header.startsWith("%%MatrixMarket")) {
                throw new IOException(file + ": missing %%MatrixMarket header");
            }
            String[] h = header.trim().toLowerCase(Locale.ROOT).split("\\s+");
            if (h.length < 5 || !h[1].equals("matrix") || !h[2].equals("coordinate")) {
                throw new IOException(file + ": only 'matrix coordinate' files are supported: " + header);
            }
            String field = h[3];
            boolean pattern = field.equals("pattern");
            if (!pattern && !field.equals("real") && !field.equals("integer") && !field.equals("double")) {
                throw new IOException(file + ": unsupported field '" + field + "'");
            }
            String symmetry = h[4];
            boolean general = symmetry.equals("general");
            if (!general && !symmetry.equals("symmetric")) {
                throw new IOException(file + ": unsupported symmetry '" + symmetry + "'");
            }
            String line;
            int lineNo = 1;
            do {
                line = in.readLine();
                lineNo++;
            } while (line != null && (line.isBlank() || line.startsWith("%")));
            if (line == null) {
                throw new IOException(file + ": missing size line");
            }
            String[] sz = line.trim().split("\\s+");
            if (sz.length < 3) {
                throw new IOException(file + ": line " + lineNo + ": bad size line '" + line + "'");
            }
            int nr = Integer.parseInt(sz[0]);
            int nc = Integer.parseInt(sz[1]);
            long nz = Long.parseLong(sz[2]);
            if (nr != nc) {
                throw new IOException(file + ": matrix is " + nr + "x" + nc + ", not square");
            }
            if (nz > Integer.MAX_VALUE - 8) {
                throw new IOException(file + ": too many entries " + nz);
            }
            int cap = (int) nz;
            int[] rows = new int[cap];
            int[] cols = new int[cap];
            double[] vals = new double[cap];
            int count = 0;
            for (long k = 0; k < nz; k++) {
                line = in.readLine();
                lineNo++;
                if (line == null) {
                    throw new IOException(file + ": expected " + nz + " entries, found " + k);
                }
                if (line.isBlank() || line.startsWith("%")) {
                    k--;
                    continue;
                }
                int[] pos = {0};
                int r;
                int c;
                double v;
                try {
                    r = (int) parseLongToken(line, pos) - 1;
                    c = (int) parseLongToken(line, pos) - 1;
                    v = pattern ? 1.0 : Double.parseDouble(nextToken(line, pos));
                } catch (RuntimeException e) {
                    throw new IOException(file + ": line " + lineNo + ": cannot parse '" + line + "'", e);
                }
                if (r < 0 || r >= nr || c < 0 || c >= nr) {
                    throw new IOException(file + ": line " + lineNo + ": index out of range '" + line + "'");
                }
                if (general && r < c) {
                    continue;
                }
                rows[count] = r;
                cols[count] = c;
                vals[count] = v;
                count++;
            }
            return fromTriplets(nr, rows, cols, vals, count);
        }
    }

    private static String nextToken(String s, int[] pos) {
        int i = pos[0];
        int len = s.length();
        while (i < len && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        int start = i;
        while (i < len && !Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        if (start == i) {
            throw new IllegalArgumentException("missing token");
        }
        pos[0] = i;
        return s.substring(start, i);
    }

    private static long parseLongToken(String s, int[] pos) {
        int i = pos[0];
        int len = s.length();
        while (i < len && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        long v = 0;
        int start = i;
        while (i < len) {
            char ch = s.charAt(i);
            if (ch < '0' || ch > '9') {
                break;
            }
            v = v * 10 + (ch - '0');
            i++;
        }
        if (start == i || (i < len && !Character.isWhitespace(s.charAt(i)))) {
            throw new IllegalArgumentException("bad integer");
        }
        pos[0] = i;
        return v;
    }

    /**
     * Writes the matrix as a Matrix Market {@code coordinate real symmetric} file with 1-based
     * indices, listing the lower triangle column by column. Values are written with full (round
     * trip) precision.
     *
     * @param file destination (overwritten)
     * @throws IOException on write errors
     */
    public void writeMatrixMarket(Path file) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            out.write("%%MatrixMarket matrix coordinate real symmetric\n");
            out.write("% written by org.isocloth.linalg.SymmetricCsc\n");
            out.write(n + " " + n + " " + colPtr[n] + "\n");
            StringBuilder sb = new StringBuilder(64);
            for (int j = 0; j < n; j++) {
                for (int p = colPtr[j]; p < colPtr[j + 1]; p++) {
                    sb.setLength(0);
                    sb.append(rowIdx[p] + 1).append(' ').append(j + 1).append(' ').append(values[p]).append('\n');
                    out.append(sb);
                }
            }
        }
    }
}
