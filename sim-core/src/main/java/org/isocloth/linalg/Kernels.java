package org.isocloth.linalg;

/**
 * Dense kernels on column arrays for the supernodal Cholesky factorization.
 *
 * <p>Every column of a supernode is a separate {@code double[]} indexed by the row's position in
 * the supernode's row list, so all kernels index every array with the same loop variable. This is
 * the shape HotSpot C2 (Java 17) auto-vectorizes: small loop bodies of the form {@code t[i] =
 * fma(b, s[i], t[i])} over distinct arrays; kernels that address one flat array at different
 * offsets are not vectorized. The 1-target x 4-source body is the largest one that C2 still
 * unrolls and vectorizes with the default {@code LoopUnrollLimit}.
 */
final class Kernels {
    /** Row chunk: a chunk of four source columns (16 KB) stays in L1 while the targets stream. */
    static final int CHUNK = 512;

    private Kernels() {
    }

    /** {@code t[i] += b0 s0[i] + b1 s1[i] + b2 s2[i] + b3 s3[i]} for {@code i in [lo, hi)}. */
    static void fma4(double[] t, double[] s0, double[] s1, double[] s2, double[] s3,
            double b0, double b1, double b2, double b3, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            t[i] = Math.fma(b3, s3[i], Math.fma(b2, s2[i], Math.fma(b1, s1[i], Math.fma(b0, s0[i], t[i]))));
        }
    }

    /** {@code t[i] += b0 s0[i] + b1 s1[i] + b2 s2[i]} for {@code i in [lo, hi)}. */
    static void fma3(double[] t, double[] s0, double[] s1, double[] s2, double b0, double b1, double b2,
            int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            t[i] = Math.fma(b2, s2[i], Math.fma(b1, s1[i], Math.fma(b0, s0[i], t[i])));
        }
    }

    /** {@code t[i] += b0 s0[i] + b1 s1[i]} for {@code i in [lo, hi)}. */
    static void fma2(double[] t, double[] s0, double[] s1, double b0, double b1, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            t[i] = Math.fma(b1, s1[i], Math.fma(b0, s0[i], t[i]));
        }
    }

    /** {@code t[i] += b0 s0[i]} for {@code i in [lo, hi)}. */
    static void fma1(double[] t, double[] s0, double b0, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            t[i] = Math.fma(b0, s0[i], t[i]);
        }
    }

    /** {@code t[i] *= a} for {@code i in [lo, hi)}. */
    static void scale(double[] t, double a, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            t[i] *= a;
        }
    }

    /**
     * Symmetric-rank-k style update of a trapezoid of target columns:
     *
     * <pre>
     * for tt in [0, nt), c = c0 + tt, i in [c, hi):
     *     T[tOff + tt][i] -= sum_{q in [0, nq)} S[sOff + q][i] * S[sOff + q][c]
     * </pre>
     *
     * Targets and sources share the same row index space. Rows are processed in chunks; within a
     * chunk every group of four sources is applied to all targets, so the four source chunks stay
     * in L1 while the targets stream through L2.
     */
    static void update(double[][] T, int tOff, double[][] S, int sOff, int nq, int c0, int nt, int hi) {
        if (nt <= 0 || nq <= 0) {
            return;
        }
        int q4 = nq & ~3;
        for (int ic = c0; ic < hi; ic += CHUNK) {
            int ie = Math.min(ic + CHUNK, hi);
            // targets whose first row c0+tt lies below this chunk are skipped
            int ntc = Math.min(nt, ie - c0);
            int q = 0;
            for (; q < q4; q += 4) {
                double[] s0 = S[sOff + q];
                double[] s1 = S[sOff + q + 1];
                double[] s2 = S[sOff + q + 2];
                double[] s3 = S[sOff + q + 3];
                for (int tt = 0; tt < ntc; tt++) {
                    int c = c0 + tt;
                    fma4(T[tOff + tt], s0, s1, s2, s3, -s0[c], -s1[c], -s2[c], -s3[c], Math.max(ic, c), ie);
                }
            }
            int rem = nq - q;
            if (rem == 3) {
                double[] s0 = S[sOff + q];
                double[] s1 = S[sOff + q + 1];
                double[] s2 = S[sOff + q + 2];
                for (int tt = 0; tt < ntc; tt++) {
                    int c = c0 + tt;
                    fma3(T[tOff + tt], s0, s1, s2, -s0[c], -s1[c], -s2[c], Math.max(ic, c), ie);
                }
            } else if (rem == 2) {
                double[] s0 = S[sOff + q];
                double[] s1 = S[sOff + q + 1];
                for (int tt = 0; tt < ntc; tt++) {
                    int c = c0 + tt;
                    fma2(T[tOff + tt], s0, s1, -s0[c], -s1[c], Math.max(ic, c), ie);
                }
            } else if (rem == 1) {
                double[] s0 = S[sOff + q];
                for (int tt = 0; tt < ntc; tt++) {
                    int c = c0 + tt;
                    fma1(T[tOff + tt], s0, -s0[c], Math.max(ic, c), ie);
                }
            }
        }
    }

    /**
     * Applies to one target column the contributions of sources {@code [sOff, sOff + nq)}:
     * {@code t[i] -= sum_q S[sOff+q][i] * S[sOff+q][c]} for {@code i in [c, hi)}.
     */
    static void updateColumn(double[] t, double[][] S, int sOff, int nq, int c, int hi) {
        int q = 0;
        for (; q + 4 <= nq; q += 4) {
            double[] s0 = S[sOff + q];
            double[] s1 = S[sOff + q + 1];
            double[] s2 = S[sOff + q + 2];
            double[] s3 = S[sOff + q + 3];
            fma4(t, s0, s1, s2, s3, -s0[c], -s1[c], -s2[c], -s3[c], c, hi);
        }
        for (; q < nq; q++) {
            double[] s0 = S[sOff + q];
            fma1(t, s0, -s0[c], c, hi);
        }
    }
}
