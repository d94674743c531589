package org.isocloth.model;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * The rotation field T of thesis eq. 3.8, which keeps the curved-rest bending energy invariant to
 * rigid motions.
 *
 * <p>How T is estimated: T is block diagonal with one 3×3 rotation R_i per bending node. R_i is
 * the best-fit rotation (shape matching, the polar factor of Σ_j q_j p_jᵀ) that carries the node's
 * bending stencil — the five red nodes of its two triangles — from the rest shape, centred at its
 * centroid, to the current shape, centred likewise. The SVD A = UΣVᵀ gives R = U diag(1,1,s) Vᵀ
 * with s = sign det(UVᵀ), so R is a proper rotation even when the stencil is planar. If the
 * current stencil is a rigid motion (Q, c) of the rest stencil, R_i = Q exactly, so
 * L(Qx₀ + c) − Tδ = QLx₀ − QLx₀ = 0: the energy of a rigidly moved rest shape is zero. During a
 * step T is frozen at the predicted positions x̃ (thesis §3.2.1), which keeps the energy quadratic.
 */
public final class RestRotations {
    private RestRotations() {
    }

    /**
     * For each bending node b computes out_b = R_b · vec_b, with R_b the best-fit rotation of the
     * node's stencil from {@code from} to {@code to}.
     *
     * @param model the cloth model (not null)
     * @param from positions defining the reference stencils (not null, unaffected)
     * @param to positions defining the current stencils (not null, unaffected)
     * @param vec vectors to rotate, 3 per bending node (not null, unaffected)
     * @param out receives the rotated vectors, 3 per bending node (not null, may not alias vec)
     */
    public static void rotateRestCurvature(ClothModel model, double[] from, double[] to, double[] vec,
            double[] out) {
        SingularValueDecomposition_F64<DMatrixRMaj> svd =
                DecompositionFactory_DDRM.svd(3, 3, true, true, false);
        DMatrixRMaj a = new DMatrixRMaj(3, 3);
        DMatrixRMaj u = new DMatrixRMaj(3, 3);
        DMatrixRMaj vt = new DMatrixRMaj(3, 3);
        double[] r = new double[9];
        double[] cp = new double[3];
        double[] cq = new double[3];
        for (int b = 0; b < model.bendNode.length; b++) {
            int s0 = model.bendPtr[b];
            int s1 = model.bendPtr[b + 1];
            java.util.Arrays.fill(cp, 0);
            java.util.Arrays.fill(cq, 0);
            for (int s = s0; s < s1; s++) {
                int j = model.bendCol[s];
                for (int c = 0; c < 3; c++) {
                    cp[c] += from[3 * j + c];
                    cq[c] += to[3 * j + c];
                }
            }
            double inv = 1.0 / (s1 - s0);
            for (int c = 0; c < 3; c++) {
                cp[c] *= inv;
                cq[c] *= inv;
            }
            a.zero();
            for (int s = s0; s < s1; s++) {
                int j = model.bendCol[s];
                for (int row = 0; row < 3; row++) {
                    double q = to[3 * j + row] - cq[row];
                    for (int col = 0; col < 3; col++) {
                        a.data[3 * row + col] += q * (from[3 * j + col] - cp[col]);
                    }
                }
            }
            bestRotation(svd, a, u, vt, r);
            for (int row = 0; row < 3; row++) {
                out[3 * b + row] = r[3 * row] * vec[3 * b] + r[3 * row + 1] * vec[3 * b + 1]
                        + r[3 * row + 2] * vec[3 * b + 2];
            }
        }
    }

    /**
     * Proper rotation closest to a 3×3 matrix (the rotation of its polar decomposition; for a
     * cross-covariance Σ q pᵀ of two point sets, the best-fit rotation taking p to q). A rank-2
     * matrix (planar point sets) still gives a unique proper rotation.
     *
     * @param a the matrix, row-major (length 9; not modified)
     * @param r receives the rotation, row-major (length 9)
     */
    public static void bestRotation(double[] a, double[] r) {
        new RotationFit().fit(a, r);
    }

    /** {@link #bestRotation(double[], double[])} with its workspace kept for repeated use. */
    public static final class RotationFit {
        private final SingularValueDecomposition_F64<DMatrixRMaj> svd =
                DecompositionFactory_DDRM.svd(3, 3, true, true, false);
        private final DMatrixRMaj m = new DMatrixRMaj(3, 3);
        private final DMatrixRMaj u = new DMatrixRMaj(3, 3);
        private final DMatrixRMaj vt = new DMatrixRMaj(3, 3);

        /**
         * Proper rotation closest to a 3×3 matrix, as {@link RestRotations#bestRotation(double[], double[])}.
         *
         * @param a the matrix, row-major (length 9; not modified)
         * @param r receives the rotation, row-major (length 9)
         */
        public void fit(double[] a, double[] r) {
            System.arraycopy(a, 0, m.data, 0, 9);
            bestRotation(svd, m, u, vt, r);
        }
    }

    /**
     * Proper rotation closest to a 3×3 matrix (the rotation of its polar decomposition).
     *
     * @param svd decomposition to use (not null)
     * @param a the matrix (modified)
     * @param u work matrix
     * @param vt work matrix
     * @param r receives the rotation, row-major (length 9)
     */
    static void bestRotation(SingularValueDecomposition_F64<DMatrixRMaj> svd, DMatrixRMaj a, DMatrixRMaj u,
            DMatrixRMaj vt, double[] r) {
        double norm = CommonOps_DDRM.elementMaxAbs(a);
        if (!(norm > 0) || !svd.decompose(a)) {
            java.util.Arrays.fill(r, 0);
            r[0] = 1;
            r[4] = 1;
            r[8] = 1;
            return;
        }
        svd.getU(u, false);
        svd.getV(vt, true);
        double[] w = svd.getSingularValues();
        // Column of U / row of Vt with the smallest singular value gets the sign fix.
        int smallest = 0;
        for (int i = 1; i < 3; i++) {
            if (w[i] < w[smallest]) {
                smallest = i;
            }
        }
        double det = CommonOps_DDRM.det(u) * CommonOps_DDRM.det(vt);
        double sign = det < 0 ? -1 : 1;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double sum = 0;
                for (int k = 0; k < 3; k++) {
                    double d = k == smallest ? sign : 1;
                    sum += u.get(i, k) * d * vt.get(k, j);
                }
                r[3 * i + j] = sum;
            }
        }
    }
}
