package org.isocloth.solver;

import java.util.Arrays;

/**
 * Exact Coulomb friction of contact springs' nodes inside the Newton solve
 * ({@link SolverOptions.Friction#EXACT}; docs/solver.md, "Exact Coulomb friction").
 *
 * <p>Each node in contact (red or black) adds to the step's objective the smoothed dissipation
 * potential of Li et al. 2020 (IPC §5),
 *
 * <pre>
 *   D(x) = μ λ f₀(|u|),   u = P (x − x_s),   f₀' = f₁,   f₁(y) = 2y/ε − y²/ε² (y &lt; ε), 1 (y ≥ ε),
 * </pre>
 *
 * u the node's slip over the step relative to the surface (x_s where it would stick, carried by
 * the surface), P the projector onto the tangent plane of its active planes, ε = {@link #slip}. The
 * friction force is bounded by μλ whatever pulls the node, the cloth's own tension included. λ is
 * the normal force the last linear solve balanced ({@link #record}); in a projection's first
 * iteration, m times the push of the node's detection path (the normal correction of eq. 3.27).
 */
final class ExactFriction {
    /** Whether the contact springs use this friction instead of eq. 3.28's friction springs. */
    boolean on;
    /** Slip over the step (m) below which a node sticks: the smoothing width ε of f₀. */
    double slip;
    /** Coulomb coefficient of each node (0: none). */
    private final double[] mu;
    /** The normal displacement (m) each node's detection path pushed it into the band. */
    private final double[] push;
    /** Per plane, the stiffness and offset of the last assembled normal model ½ k (n·x − d')². */
    private final double[] modelK;
    private final double[] modelD;
    /** Per node, the normal force the last linear solve balanced (−1: none yet in this projection). */
    private final double[] balanced;
    /** Per node, the unit slip direction at the last assembly (0 at a projection's start). */
    private final double[] lastDir;
    private final double[] u = new double[3];

    /** @param nodes number of nodes of the cloth */
    ExactFriction(int nodes) {
        mu = new double[nodes];
        push = new double[nodes];
        modelK = new double[3 * nodes];
        modelD = new double[3 * nodes];
        balanced = new double[nodes];
        lastDir = new double[3 * nodes];
    }

    /** Removes node p's friction (its contact candidates are cleared). */
    void clear(int p) {
        mu[p] = 0;
        push[p] = 0;
        forget(p);
    }

    /** Forgets node p's normal force, normal models and slip direction (a new projection). */
    void forget(int p) {
        Arrays.fill(modelK, 3 * p, 3 * p + 3, 0.0);
        Arrays.fill(lastDir, 3 * p, 3 * p + 3, 0.0);
        balanced[p] = -1;
    }

    /**
     * Gives node p friction: the largest coefficient and detection push of its contacts count.
     *
     * @param coefficient μ
     * @param detectionPush how far (m) the node's path over the step pushes it into the band
     */
    void set(int p, double coefficient, double detectionPush) {
        mu[p] = Math.max(mu[p], coefficient);
        push[p] = Math.max(push[p], detectionPush);
    }

    /** Notes the normal model ½ k (n·x − d')² that plane q of node p was assembled with. */
    void model(int p, int q, double k, double dPrime) {
        modelK[3 * p + q] = k;
        modelD[3 * p + q] = dPrime;
    }

    /**
     * Records the normal force node p's springs carry in the model the last linear solve
     * balanced: Σ k (d' − n·x)⁺ over its planes at that solve's result x (before any
     * backtracking). A spring's own force ψ'(g) is no use here: a resting node sits micrometres
     * deep on the ramp, and the projection settles positions only to about a micrometre, so the
     * force read off the depth is uncertain by tens of per cent.
     *
     * @param planes number of planes of the node
     * @param normal the planes' normals, 9 per node (3 planes of 3)
     * @param x the linear solve's result
     */
    void record(int p, int planes, double[] normal, double[] x) {
        double lam = 0;
        boolean any = false;
        for (int q = 0; q < planes; q++) {
            double kq = modelK[3 * p + q];
            if (kq > 0) {
                any = true;
                int o = 9 * p + 3 * q;
                double nx = normal[o] * x[3 * p] + normal[o + 1] * x[3 * p + 1] + normal[o + 2] * x[3 * p + 2];
                lam += Math.max(0, kq * (modelD[3 * p + q] - nx));
            }
        }
        balanced[p] = any ? lam : -1;
    }

    /**
     * Writes node p's block and right-hand side of the primal system: Newton's model of D at
     * x_k, μλ [f₁'(y) ûûᵀ + f₁(y)/y (P − ûûᵀ)] (û = u/y), and ∇D(x_k) + H (x_target − x_k). A
     * sliding node has no stiffness along its slip beyond ε, so after an iteration that reversed
     * the slip direction (the node should stick) the model is the one at y = 0, the stick spring
     * 2μλ/ε P, and the next iteration does not overshoot the stick point.
     *
     * @param nb number of orthonormal normals in {@code basis}
     * @param basis the node's active planes' normals, orthonormalised, 3 each
     * @param stick stick targets x_s, 3 per node
     * @param xTarget the iteration's anchor
     * @param xk the iterate D is expanded at
     * @param m the node's mass in the step's metric
     * @param block the 3×3 blocks, 9 per node (node p's is written)
     * @param rhs the right-hand sides, 3 per node (node p's is written)
     */
    void assemble(int p, int nb, double[] basis, double[] stick, double[] xTarget, double[] xk, double m,
            double[] block, double[] rhs) {
        int b = 9 * p;
        double ml = mu[p] * (balanced[p] >= 0 ? balanced[p] : m * push[p]);
        for (int c = 0; c < 3; c++) {
            u[c] = xk[3 * p + c] - stick[3 * p + c];
        }
        for (int j = 0; j < nb; j++) {
            double dot = u[0] * basis[3 * j] + u[1] * basis[3 * j + 1] + u[2] * basis[3 * j + 2];
            for (int c = 0; c < 3; c++) {
                u[c] -= dot * basis[3 * j + c];
            }
        }
        double y = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
        for (int c = 0; c < 3; c++) {
            u[c] = y > 0 ? u[c] / y : 0;
        }
        double back = u[0] * lastDir[3 * p] + u[1] * lastDir[3 * p + 1] + u[2] * lastDir[3 * p + 2];
        System.arraycopy(u, 0, lastDir, 3 * p, 3);
        double eps = slip;
        double force;
        double radial;
        double lateral;
        if (back < 0 && y >= eps) {
            force = ml * 2 * y / eps;
            radial = ml * 2 / eps;
            lateral = radial;
        } else if (y < eps) {
            force = ml * (2 * y / eps - y * y / (eps * eps));
            radial = ml * (2 / eps - 2 * y / (eps * eps));
            lateral = ml * (2 / eps - y / (eps * eps));
        } else {
            force = ml;
            radial = 0;
            lateral = ml / y;
        }
        for (int c = 0; c < 3; c++) {
            for (int c2 = 0; c2 < 3; c2++) {
                double proj = c == c2 ? 1 : 0;
                for (int j = 0; j < nb; j++) {
                    proj -= basis[3 * j + c] * basis[3 * j + c2];
                }
                block[b + 3 * c + c2] = lateral * (proj - u[c] * u[c2]) + radial * u[c] * u[c2];
            }
        }
        for (int c = 0; c < 3; c++) {
            double hv = 0;
            for (int c2 = 0; c2 < 3; c2++) {
                hv += block[b + 3 * c + c2] * (xTarget[3 * p + c2] - xk[3 * p + c2]);
            }
            rhs[3 * p + c] = force * u[c] + hv;
        }
    }
}
