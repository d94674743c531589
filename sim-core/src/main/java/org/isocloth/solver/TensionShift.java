package org.isocloth.solver;

/**
 * Removes the penalty residual of the most tense inextensibility rows in Newton projections.
 *
 * <p>A Newton projection minimises E(x) = ½|x − x̂|²_W + Σ C_i(x)²/(2α_i): at its minimum every
 * row keeps the residual C_i = α_i μ_i, its compliance times its multiplier (the force·h² it
 * carries). Where the tension concentrates (a sheet hanging from two corner nodes, a garment
 * resting on a few contact nodes) that residual exceeds the strain tolerance, and Newton stalls
 * at it. For those rows the iteration instead minimises Σ (C_i − α_i λ̄_i)²/(2α_i) with λ̄_i the
 * row's multiplier from the last solve (a method-of-multipliers update): the linear system gains
 * α_i λ̄_i on the row's right-hand side, its solution leaves C_i,lin = α_i (μ_i − λ̄_i), and as the
 * multiplier settles (μ_i = λ̄_i) the row's residual goes to zero. The matrix is unchanged.
 *
 * <p>A row is shifted while |α_i μ_i| &gt; {@link #FRACTION} · tol · l_i, so every row either keeps
 * its penalty residual below that fraction of the tolerance or aims at C_i = 0. Rows below it
 * keep the compliant form (the sheet's swing is that of the penalty model there). The first
 * iteration of a step takes the previous projection's multipliers, scaled to the new step like
 * the tensions of the geometric stiffness. A projection with contact springs shifts only once its
 * strain has stalled above the tolerance ({@link GaussNewton#SPRING_SHIFT_STALL}), choosing the
 * rows from that iteration's multipliers.
 */
final class TensionShift {
    /**
     * Fraction of the strain tolerance a row's penalty residual may reach before the row aims at
     * C = 0 (the rest of the tolerance is left for the Newton iteration's own error).
     */
    static final double FRACTION = 0.75;

    /** λ̄ per inextensibility row; 0 for a row that keeps its compliant form. */
    private final double[] shift;

    /** @param rows number of inextensibility rows */
    TensionShift(int rows) {
        shift = new double[rows];
    }

    /** @return the number of inextensibility rows */
    int rows() {
        return shift.length;
    }

    /**
     * Chooses the shifted rows from multipliers: the last solve's, or the previous step's
     * scaled to this one.
     *
     * @param m multipliers; inextensibility row i at m[offset + i]
     * @param offset index of row 0 in m
     * @param scale factor applied to m (0: no shift at all)
     * @param alpha compliances; row i at alpha[alphaOffset + i]
     * @param alphaOffset index of row 0 in alpha
     * @param rest rest lengths of the rows
     * @param tol strain tolerance
     */
    void choose(double[] m, int offset, double scale, double[] alpha, int alphaOffset, double[] rest, double tol) {
        double limit = FRACTION * tol;
        for (int i = 0; i < shift.length; i++) {
            double mi = m[offset + i] * scale;
            shift[i] = Math.abs(alpha[alphaOffset + i] * mi) > limit * rest[i] ? mi : 0;
        }
    }

    /**
     * Adds α_i λ̄_i to the right-hand sides of the shifted rows.
     *
     * @param rhs right-hand sides; row i at rhs[offset + i]
     * @param alpha compliances, indexed like rhs
     * @param offset index of row 0 in rhs and alpha
     */
    void addTo(double[] rhs, double[] alpha, int offset) {
        for (int i = 0; i < shift.length; i++) {
            if (shift[i] != 0) {
                rhs[offset + i] += alpha[offset + i] * shift[i];
            }
        }
    }

    /** @return the number of shifted rows */
    int count() {
        int n = 0;
        for (double s : shift) {
            if (s != 0) {
                n++;
            }
        }
        return n;
    }
}
