package org.isocloth.model;

/**
 * The calibration c of the Crouzeix-Raviart bending energy ({@link ClothModel#bendingCalibration}):
 * the raw xᵀLᵀM⁻¹Lx of the rest mesh, projected onto its best-fit plane, for the quadratic fields
 * u = s² and u = t² along the plane's axes (Δu = 2), against ∫|Δu|² dA.
 */
final class BendingCalibration {
    private BendingCalibration() {
    }

    /**
     * @param model a model whose rest positions, bending stencils and masses are set
     * @return c, or 1 where it cannot be measured (no bending node, a degenerate mesh) or falls
     *     outside (0.1, 10)
     */
    static double of(ClothModel model) {
        double[] restPositions = model.restPositions;
        int[] bendNode = model.bendNode;
        double[] bendMass = model.bendMass;
        int n = model.nodeCount();
        if (bendNode.length == 0) {
            return 1;
        }
        double[] c = new double[3];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                c[k] += restPositions[3 * i + k] / n;
            }
        }
        org.ejml.data.DMatrixRMaj cov = new org.ejml.data.DMatrixRMaj(3, 3);
        for (int i = 0; i < n; i++) {
            for (int r = 0; r < 3; r++) {
                for (int q = 0; q < 3; q++) {
                    cov.add(r, q, (restPositions[3 * i + r] - c[r]) * (restPositions[3 * i + q] - c[q]));
                }
            }
        }
        var eig = org.ejml.dense.row.factory.DecompositionFactory_DDRM.eig(3, true, true);
        if (!eig.decompose(cov)) {
            return 1;
        }
        // the two largest eigenvectors span the best-fit plane
        Integer[] order = {0, 1, 2};
        java.util.Arrays.sort(order, (p, q) -> Double.compare(eig.getEigenvalue(q).real, eig.getEigenvalue(p).real));
        double sum = 0;
        double[] u = new double[3 * n];
        double[] lu = new double[3 * bendNode.length];
        double massSum = 0;
        for (double m : bendMass) {
            massSum += m;
        }
        for (int axis = 0; axis < 2; axis++) {
            var v = eig.getEigenVector(order[axis]);
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    s += (restPositions[3 * i + k] - c[k]) * v.get(k);
                }
                u[3 * i] = s * s;
            }
            model.applyLaplacian(u, lu);
            double e = 0;
            for (int b = 0; b < bendNode.length; b++) {
                e += lu[3 * b] * lu[3 * b] / bendMass[b];
            }
            sum += e / (4 * massSum);
        }
        double cal = sum / 2;
        return Double.isFinite(cal) && cal > 0.1 && cal < 10 ? cal : 1;
    }
}
