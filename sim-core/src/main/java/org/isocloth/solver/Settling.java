package org.isocloth.solver;

/**
 * Whether a Gauss-Newton projection that converges on its moves has settled: a projection with
 * contact springs, or one that converges the forces ({@link GaussNewton#FORCE_BALANCE_DOMINANCE}).
 * Such a projection ends when its last iteration moved the nodes little against the whole step,
 * not when the strain is within the tolerance. Also keeps what the last test measured, for the
 * projection's FINEST log lines.
 */
final class Settling {
    /**
     * A projection that converges the forces ({@link GaussNewton#FORCE_BALANCE_DOMINANCE})
     * converges only when its last iteration moved no node by more than this fraction of the
     * step's largest displacement, or by more than {@link #MOVE_ABS} times the strain tolerance
     * times the shortest red edge. A projection with contact springs measures the same fraction in energy:
     * its last iteration's Σ m|Δx|² must be within this fraction squared of the whole step's
     * Σ m|x − x⁽ⁿ⁾|² (with v = Δx/h, the kinetic energy the last correction stands for is within
     * 10⁻⁴ of the step's), and no single node may have moved by more than {@link #MOVE_NODE}
     * of the step's largest displacement. The strain alone does not show that the contact and
     * friction forces balance: stopping on it left a sheet on a frictionless spinning sphere
     * turning with it, and a sheet dropped on a sphere bouncing off it.
     */
    static final double MOVE_REL = 0.01;
    /**
     * The largest move of one node in the last iteration of a projection with contact springs, as
     * a fraction of the step's largest displacement (see {@link #MOVE_REL}). A fold or a
     * node pressed between two surfaces settles slowly; holding the whole projection open until
     * that one node moved less than 1 % of the step's largest displacement multiplied the
     * iterations of a cloth draped over a ball (docs/solver.md).
     */
    static final double MOVE_NODE = 0.1;
    /** See {@link #MOVE_REL}. */
    static final double MOVE_ABS = 1;

    private final ClothSolver s;
    /** Shortest red edge at rest (m), computed on first use. */
    private double shortestRedEdge;
    /** The largest coordinate change of the last tested iteration (m). */
    private double lastMove;
    /** The node that made it, or −1. */
    private int mover = -1;
    /** The step's largest coordinate displacement at the last test (m). */
    private double stepMove;

    /** @param solver the solver whose iterates are tested */
    Settling(ClothSolver solver) {
        s = solver;
    }

    /** @return the largest coordinate change of the last tested iteration (m) */
    double lastMove() {
        return lastMove;
    }

    /** @return the node with that change, or −1 before the first test */
    int mover() {
        return mover;
    }

    /** @return the step's largest coordinate displacement at the last test (m) */
    double stepMove() {
        return stepMove;
    }

    /**
     * Whether the last iteration (from {@code xPrevIterate} to {@code xk}) settled: see
     * {@link #MOVE_REL}.
     *
     * @param springMode whether the projection holds collider contacts as springs (the energy form)
     * @return true when the projection may end
     */
    boolean settled(boolean springMode) {
        int n3 = 3 * s.nodes;
        double move = 0;
        double step = 0;
        int node = -1;
        for (int i = 0; i < n3; i++) {
            double d = Math.abs(s.xk[i] - s.xPrevIterate[i]);
            if (d > move) {
                move = d;
                node = i / 3;
            }
            step = Math.max(step, Math.abs(s.xk[i] - s.xStart[i]));
        }
        lastMove = move;
        mover = node;
        stepMove = step;
        if (shortestRedEdge == 0) {
            double m = Double.POSITIVE_INFINITY;
            for (double l : s.model.inextRest) {
                m = Math.min(m, l);
            }
            shortestRedEdge = m;
        }
        double abs = MOVE_ABS * s.material.strainTolerance() * shortestRedEdge;
        if (springMode) {
            // Σ m|Δx|² of the last iteration against that of the whole step: with v = Δx/h, the
            // kinetic energy the last correction stands for, relative to the step's
            double lastE = 0;
            double stepE = 0;
            double massSum = 0;
            for (int p = 0; p < s.nodes; p++) {
                double m = s.massEff[p];
                if (!(m < Double.POSITIVE_INFINITY)) {
                    continue;
                }
                massSum += m;
                for (int c = 0; c < 3; c++) {
                    int i = 3 * p + c;
                    double a = s.xk[i] - s.xPrevIterate[i];
                    double b = s.xk[i] - s.xStart[i];
                    lastE += m * a * a;
                    stepE += m * b * b;
                }
            }
            boolean energy = lastE <= MOVE_REL * MOVE_REL * stepE || lastE <= abs * abs * massSum;
            return energy && move <= Math.max(MOVE_NODE * step, abs);
        }
        return move <= Math.max(MOVE_REL * step, abs);
    }
}
