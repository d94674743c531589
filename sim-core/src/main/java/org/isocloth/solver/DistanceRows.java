package org.isocloth.solver;

import java.util.Arrays;
import org.isocloth.model.ClothModel;

/**
 * The distance rows of eq. 3.30, C(x) = |x_p − x_r| − l: the inextensibility constraints of the
 * red triangles (eq. 3.1), then the membrane springs on the black–red edges of the subdivided
 * mesh. Their linearisation, and the geometric stiffness the Newton projections add for them.
 */
final class DistanceRows {
    /** Node pairs, two per row: inextensibility rows first, then the springs. */
    final int[] nodes;
    /** Rest lengths, one per row. */
    final double[] rest;
    /** Number of inextensibility rows (the springs follow). */
    final int inextCount;
    /** Row lengths |x_p − x_r| at the last {@link #linearise} point. */
    private final double[] length;
    /** Geometric stiffness coefficients μ/len per system row, or null before the first use. */
    private double[] kgCoef;
    /** The right-hand side term K_g (x̂ − x_k), 3 per node. */
    private double[] kgRhs;

    /** @param model the cloth (its inextensibility rows and membrane springs) */
    DistanceRows(ClothModel model) {
        inextCount = model.inextRest.length;
        int springs = model.springRest.length;
        nodes = Arrays.copyOf(model.inextNodes, 2 * (inextCount + springs));
        System.arraycopy(model.springNodes, 0, nodes, 2 * inextCount, 2 * springs);
        rest = Arrays.copyOf(model.inextRest, inextCount + springs);
        System.arraycopy(model.springRest, 0, rest, inextCount, springs);
        length = new double[rest.length];
    }

    /**
     * Linearises the rows at x_k. For C(x) = |x_p − x_r| − l the row of G is (u, −u) with
     * u = (x_p − x_r)/|x_p − x_r|, and its right-hand side is the linearised constraint at the
     * anchor, C_lin(x_target) = u·((x_target − x_k)_p − (x_target − x_k)_r) + C(x_k). Rows past
     * {@code active} (the springs while the membrane is off) stay in the pattern, inert.
     *
     * @param active number of rows in use
     * @param xk linearisation point
     * @param xTarget the iteration's anchor
     * @param gVal values of G (row i's six entries are written)
     * @param gPtr row pointers of G
     * @param rowOffset system row of distance row 0
     * @param rhs right-hand sides (row i at rhs[rowOffset + i])
     * @param name the cloth's name (messages)
     * @param time the step's start time (messages)
     * @throws SimulationException if a row's two nodes coincide
     */
    void linearise(int active, double[] xk, double[] xTarget, double[] gVal, int[] gPtr, int rowOffset,
            double[] rhs, String name, double time) {
        for (int i = active; i < rest.length; i++) {
            Arrays.fill(gVal, gPtr[rowOffset + i], gPtr[rowOffset + i + 1], 0.0);
            rhs[rowOffset + i] = 0;
        }
        for (int i = 0; i < active; i++) {
            int p = nodes[2 * i];
            int r = nodes[2 * i + 1];
            double dx = xk[3 * p] - xk[3 * r];
            double dy = xk[3 * p + 1] - xk[3 * r + 1];
            double dz = xk[3 * p + 2] - xk[3 * r + 2];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (!(len > 1e-12 * rest[i])) {
                throw new SimulationException(name + ": distance row " + i
                        + " collapsed to zero length in the step at t=" + time + " s");
            }
            length[i] = len;
            double ux = dx / len;
            double uy = dy / len;
            double uz = dz / len;
            int e = gPtr[rowOffset + i];
            gVal[e] = ux;
            gVal[e + 1] = uy;
            gVal[e + 2] = uz;
            gVal[e + 3] = -ux;
            gVal[e + 4] = -uy;
            gVal[e + 5] = -uz;
            double dpx = (xTarget[3 * p] - xk[3 * p]) - (xTarget[3 * r] - xk[3 * r]);
            double dpy = (xTarget[3 * p + 1] - xk[3 * p + 1]) - (xTarget[3 * r + 1] - xk[3 * r + 1]);
            double dpz = (xTarget[3 * p + 2] - xk[3 * p + 2]) - (xTarget[3 * r + 2] - xk[3 * r + 2]);
            rhs[rowOffset + i] = ux * dpx + uy * dpy + uz * dpz + (len - rest[i]);
        }
    }

    /**
     * Sets the primal system's geometric stiffness Σ μ_i ∇²C_i of the stretched rows (μ_i &gt; 0)
     * and the right-hand side term K_g (x̂ − x_k) it brings. For a distance row,
     * ∇²C = (I − u uᵀ)/|x_p − x_r| ⊗ [[1, −1], [−1, 1]]: the system stores the coefficient
     * μ/|x_p − x_r| per row, and the right-hand side gains μ/|x_p − x_r| (I − u uᵀ) d at node p and
     * its negative at r, with d = (x̂ − x_k)_p − (x̂ − x_k)_r. Reads u from G and the lengths from
     * the last {@link #linearise} call, which must have been at the same x_k.
     *
     * @param m multipliers; row i at m[offset + i]
     * @param offset index of row 0 in m
     * @param scale factor applied to m
     * @param active number of rows in use
     * @param xk linearisation point
     * @param xHat the step's anchor x̂
     * @param gVal values of G, linearised at xk
     * @param gPtr row pointers of G
     * @param rowOffset system row of distance row 0
     * @param primal the system that receives the terms
     */
    void geometricStiffness(double[] m, int offset, double scale, int active, double[] xk, double[] xHat,
            double[] gVal, int[] gPtr, int rowOffset, PrimalSystem primal) {
        if (kgCoef == null) {
            kgCoef = new double[gPtr.length - 1];
            kgRhs = new double[xk.length];
        }
        Arrays.fill(kgRhs, 0);
        Arrays.fill(kgCoef, 0);
        for (int i = 0; i < active; i++) {
            int row = rowOffset + i;
            double t = scale * m[offset + i];
            if (!(t > 0)) {
                continue;
            }
            int p = nodes[2 * i];
            int r = nodes[2 * i + 1];
            double c = t / length[i];
            kgCoef[row] = c;
            int e = gPtr[row];
            double ux = gVal[e];
            double uy = gVal[e + 1];
            double uz = gVal[e + 2];
            double ddx = (xHat[3 * p] - xk[3 * p]) - (xHat[3 * r] - xk[3 * r]);
            double ddy = (xHat[3 * p + 1] - xk[3 * p + 1]) - (xHat[3 * r + 1] - xk[3 * r + 1]);
            double ddz = (xHat[3 * p + 2] - xk[3 * p + 2]) - (xHat[3 * r + 2] - xk[3 * r + 2]);
            double ud = ux * ddx + uy * ddy + uz * ddz;
            double vx = c * (ddx - ux * ud);
            double vy = c * (ddy - uy * ud);
            double vz = c * (ddz - uz * ud);
            kgRhs[3 * p] += vx;
            kgRhs[3 * p + 1] += vy;
            kgRhs[3 * p + 2] += vz;
            kgRhs[3 * r] -= vx;
            kgRhs[3 * r + 1] -= vy;
            kgRhs[3 * r + 2] -= vz;
        }
        primal.kgCoef = kgCoef;
        primal.kgRhs = kgRhs;
    }

    /**
     * Largest residual of the spring rows relative to their rest length: |C(x) − α λ| / l₀, the
     * amount by which a spring's length misses the one its accumulated force asks for.
     *
     * @param pos positions
     * @param alpha compliances (spring s at alpha[softStart + s])
     * @param softStart system row of spring 0
     * @param lambda the springs' accumulated multipliers
     * @param inert compliance from which a spring row is inert (a piece without springs) and skipped
     */
    double springResidual(double[] pos, double[] alpha, int softStart, double[] lambda, double inert) {
        double worst = 0;
        for (int s = 0; s < rest.length - inextCount; s++) {
            if (alpha[softStart + s] >= inert) {
                continue;
            }
            int i = inextCount + s;
            double c = ClothModel.dist(pos, nodes[2 * i], nodes[2 * i + 1]) - rest[i];
            worst = Math.max(worst, Math.abs(c - alpha[softStart + s] * lambda[s]) / rest[i]);
        }
        return worst;
    }
}
