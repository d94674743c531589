package org.isocloth.solver;

import org.isocloth.model.ClothModel;

/**
 * How much a cloth's bending rows outweigh its node masses in the metric of the projection, ρ̄.
 * The bending rows add (a + b)·Σ_e L_e²/m_bend(e) to a red node's diagonal (a + b = k·h² + β·k·h,
 * L the Crouzeix-Raviart Laplacian, m_bend its diagonal mass), a term that grows like k·h²/(ρ·l⁴)
 * with the subdivided edge length l; ρ̄ is its ratio to the node's mass, averaged over the unpinned
 * nodes that carry bending rows. Near 1 a step is dynamic; far above it nearly static, set by the
 * balance of bending and gravity.
 */
final class BendingDominance {
    private BendingDominance() {
    }

    /**
     * ρ̄ of each piece of the model ({@link ClothModel#nodePiece}), each over its own nodes.
     *
     * @param model the cloth
     * @param pinned which nodes are kinematic
     * @param massEff each node's mass in the metric (+∞ when pinned)
     * @param bendingWeight a + b of every bending node (its piece's k and β)
     * @return ρ̄ per piece (0 for a piece where no unpinned node carries a bending row)
     */
    static double[] of(ClothModel model, boolean[] pinned, double[] massEff, double[] bendingWeight) {
        int nodes = model.nodeCount();
        double[] bendDiag = new double[nodes];
        for (int bn = 0; bn < model.bendNode.length; bn++) {
            double s = bendingWeight[bn] / model.bendMass[bn];
            for (int e = model.bendPtr[bn]; e < model.bendPtr[bn + 1]; e++) {
                bendDiag[model.bendCol[e]] += s * model.bendL[e] * model.bendL[e];
            }
        }
        int pieces = model.pieceCount();
        double[] sum = new double[pieces];
        int[] count = new int[pieces];
        for (int p = 0; p < nodes; p++) {
            if (bendDiag[p] > 0 && !pinned[p]) {
                sum[model.nodePiece[p]] += bendDiag[p] / massEff[p];
                count[model.nodePiece[p]]++;
            }
        }
        for (int k = 0; k < pieces; k++) {
            sum[k] = count[k] == 0 ? 0 : sum[k] / count[k];
        }
        return sum;
    }
}
