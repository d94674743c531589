package org.isocloth.solver;

import java.util.Arrays;

/**
 * Collider contacts as one-sided stiff springs inside the Newton solve (thesis eq. 3.26 and 3.28
 * written as energies instead of eliminated constraints).
 *
 * <p>A contact candidate of node p is the plane {@code n·x = d} at the collision thickness from
 * the collider's surface (n the outward normal where it was detected, d = n·x_c), with the
 * friction target x_s (where the node sticks to the moving surface) and the friction displacement
 * f that collision processing took off the node's tangential motion (eq. 3.27). While the node
 * lies inside the band (g = n·x − d &lt; 0) the candidate adds to the step's objective
 *
 * <pre>
 *   ψ(g)  +  ½ κ m |P (x − x_s)|²  −  m fᵀ x
 * </pre>
 *
 * with ψ a one-sided stiff spring of stiffness s = {@link #NORMAL_WEIGHT}·m (in the units of the
 * step's mass metric, stiffness·h²) whose stiffness ramps up over the first {@link #ramp} of
 * depth, so that ψ is twice continuously differentiable ({@link #assemble}); P = I − Σ n nᵀ the
 * projector onto the tangent plane of the node's planes that hold it, and κ the friction weight of
 * eq. 3.28 softened. Newton iterations take these terms by their second-order model, so a step in
 * steady contact converges like a free one, and a node grazing its plane changes the system
 * continuously. Unlike a hard plane the spring lets a node of a rigid red triangle sit a few
 * micrometres inside the band, so a doubly curved contact patch is not over-constrained and black
 * nodes can carry contacts too.
 *
 * <p>How deep a node sits: a force F on it (N) leaves it about F h²/s + δ/2 inside the band. With
 * s = 10⁴ m, a node of 30 mg carrying a 15 mN share of a shirt's weight at 60 steps/s sits
 * 14 µm plus half the ramp inside a 3 mm band.
 */
final class ContactSprings {
    /** Normal stiffness relative to the node's mass (stiffness·h²/m). */
    static final double NORMAL_WEIGHT = 1e4;
    /** Most contact planes per node (a node between two surfaces has two). */
    private static final int MAX = 3;

    private final int nodes;
    private int[] list = new int[64];
    private int count;
    /** Planes per node. */
    final int[] k;
    final double[] normal;
    final double[] offset;
    final boolean[] active;
    final double[] stick;
    final double[] shift;
    final double[] kappa;

    /**
     * Whether friction is exact Coulomb friction inside the Newton solve ({@link #coulombFriction})
     * instead of the friction springs of eq. 3.28 towards the eq. 3.27 target.
     */
    boolean exactFriction;
    /** Slip over the step (m) below which exact friction sticks: the smoothing width ε of f₀. */
    double slip;
    /** Exact friction: Coulomb coefficient of each node (0: none). */
    private final double[] mu;
    /** Exact friction: the normal displacement (m) each node's detection path pushed it into the band. */
    private final double[] push;
    /** Exact friction: per plane, the stiffness and offset of the last assembled model ½ k (n·x − d')². */
    private final double[] modelK;
    private final double[] modelD;
    /** Exact friction: per node, the normal force the last linear solve balanced (−1: none yet). */
    private final double[] balanced;
    /** Exact friction: per node, the unit slip direction at the last assembly (0 at a projection's start). */
    private final double[] lastDir;
    private final double[] slipScratch = new double[3];

    /** Assembled per-node terms of the active contacts: node list, 3×3 blocks and right-hand sides. */
    int[] blockNodes = new int[64];
    int blockCount;
    final double[] block;
    final double[] blockRhs;
    private final double[] basis = new double[9];

    ContactSprings(int nodes) {
        this.nodes = nodes;
        k = new int[nodes];
        normal = new double[9 * nodes];
        offset = new double[3 * nodes];
        active = new boolean[3 * nodes];
        stick = new double[3 * nodes];
        shift = new double[3 * nodes];
        kappa = new double[nodes];
        mu = new double[nodes];
        push = new double[nodes];
        modelK = new double[3 * nodes];
        modelD = new double[3 * nodes];
        balanced = new double[nodes];
        lastDir = new double[3 * nodes];
        block = new double[9 * nodes];
        blockRhs = new double[3 * nodes];
    }

    /** @return the number of nodes with contact candidates */
    int count() {
        return count;
    }

    /** @return whether node p has a contact candidate */
    boolean has(int p) {
        return k[p] > 0;
    }

    /** Removes every candidate. */
    void clear() {
        for (int i = 0; i < count; i++) {
            int p = list[i];
            k[p] = 0;
            kappa[p] = 0;
            mu[p] = 0;
            push[p] = 0;
            Arrays.fill(modelK, 3 * p, 3 * p + 3, 0.0);
            Arrays.fill(lastDir, 3 * p, 3 * p + 3, 0.0);
            Arrays.fill(shift, 3 * p, 3 * p + 3, 0.0);
            Arrays.fill(active, 3 * p, 3 * p + 3, false);
        }
        count = 0;
        blockCount = 0;
    }

    /**
     * Adds a candidate plane n·x = d to node p. A plane within 25° of one the node has already
     * replaces it when it lies further out (larger d), and is dropped otherwise.
     *
     * @param n unit outward normal
     * @param d plane offset (m)
     * @param xs friction target (m)
     * @param f friction displacement (m)
     * @param kap friction weight κ
     * @param inside whether the node lies inside the band now (the candidate starts active)
     */
    void add(int p, double[] n, double d, double[] xs, double[] f, double kap, boolean inside) {
        int kp = k[p];
        for (int q = 0; q < kp; q++) {
            int o = 9 * p + 3 * q;
            double dot = n[0] * normal[o] + n[1] * normal[o + 1] + n[2] * normal[o + 2];
            if (dot > 0.9) {
                if (d > offset[3 * p + q]) {
                    normal[o] = n[0];
                    normal[o + 1] = n[1];
                    normal[o + 2] = n[2];
                    offset[3 * p + q] = d;
                    active[3 * p + q] |= inside;
                    System.arraycopy(xs, 0, stick, 3 * p, 3);
                }
                return;
            }
        }
        if (kp == MAX) {
            return;
        }
        if (kp == 0) {
            balanced[p] = -1;
            if (count == list.length) {
                list = Arrays.copyOf(list, 2 * count);
            }
            list[count++] = p;
        }
        int o = 9 * p + 3 * kp;
        normal[o] = n[0];
        normal[o + 1] = n[1];
        normal[o + 2] = n[2];
        offset[3 * p + kp] = d;
        active[3 * p + kp] = inside;
        k[p] = kp + 1;
        System.arraycopy(xs, 0, stick, 3 * p, 3);
        for (int c = 0; c < 3; c++) {
            shift[3 * p + c] += f[c];
        }
        kappa[p] = Math.max(kappa[p], kap);
    }

    /**
     * Gives node p exact Coulomb friction: the largest coefficient and detection push of its
     * contacts count.
     *
     * @param coefficient μ
     * @param detectionPush how far (m) the node's path over the step pushes it into the band
     */
    void setCoulomb(int p, double coefficient, double detectionPush) {
        mu[p] = Math.max(mu[p], coefficient);
        push[p] = Math.max(push[p], detectionPush);
    }

    /** Starts a projection: the normal forces and slip directions of the last one are forgotten. */
    void startProjection() {
        for (int i = 0; i < count; i++) {
            int p = list[i];
            Arrays.fill(modelK, 3 * p, 3 * p + 3, 0.0);
            Arrays.fill(lastDir, 3 * p, 3 * p + 3, 0.0);
            balanced[p] = -1;
        }
    }

    /**
     * Records, for exact friction, the normal force each node's springs carry in the model the
     * last linear solve balanced: Σ k (d' − n·x)⁺ over its planes at that solve's result x (before
     * any backtracking). A spring's own force ψ'(g) is no use here: a resting node sits
     * micrometres deep on the ramp, and the projection settles positions only to about a
     * micrometre, so the force read off the depth is uncertain by tens of per cent.
     *
     * @param x the linear solve's result
     */
    void recordBalance(double[] x) {
        if (!exactFriction) {
            return;
        }
        for (int i = 0; i < count; i++) {
            int p = list[i];
            double lam = 0;
            boolean any = false;
            for (int q = 0; q < k[p]; q++) {
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
    }

    /**
     * Updates the active set at positions x: a plane is active while its node lies inside the band
     * (n·x &lt; d). A change counts only when the node lies further than {@code slack} from the
     * plane (a node resting on it may flip without changing the solution).
     *
     * @return number of planes that switched on or off
     */
    int update(double[] x, double slack) {
        return update(x, slack, 0);
    }

    /**
     * As {@link #update(double[], double)}, keeping an active plane active while its node lies
     * less than {@code hold} outside it (a grazing node would otherwise switch on and off in
     * alternate iterations).
     */
    int update(double[] x, double slack, double hold) {
        int changed = 0;
        for (int i = 0; i < count; i++) {
            int p = list[i];
            for (int q = 0; q < k[p]; q++) {
                int o = 9 * p + 3 * q;
                double gap = normal[o] * x[3 * p] + normal[o + 1] * x[3 * p + 1] + normal[o + 2] * x[3 * p + 2]
                        - offset[3 * p + q];
                boolean on = gap < 0 || active[3 * p + q] && gap < hold;
                if (on != active[3 * p + q]) {
                    active[3 * p + q] = on;
                    if (Math.abs(gap) > slack) {
                        changed++;
                    }
                }
            }
        }
        return changed;
    }

    /**
     * Seats the first iterate of a step: every node that lies just outside a plane (less than
     * {@link #ramp} out) which its prediction x̂ lies inside of moves to half the ramp inside it.
     * A node resting on a collider rocks about its plane from step to step, and a first iterate
     * just outside the band gives Newton's first model no spring there: the iteration then lets
     * the node fall to x̂ and climbs back over several iterations. The minimum the projection
     * converges to is unchanged.
     *
     * @param x the first iterate, moved in place
     * @param xHat the prediction
     * @return number of planes a node was seated on
     */
    int seat(double[] x, double[] xHat) {
        int moved = 0;
        for (int i = 0; i < count; i++) {
            int p = list[i];
            for (int q = 0; q < k[p]; q++) {
                double g = gap(x, p, q);
                if (g > 0 && g < ramp && gap(xHat, p, q) < 0) {
                    int o = 9 * p + 3 * q;
                    double by = -g - 0.5 * ramp;
                    for (int c = 0; c < 3; c++) {
                        x[3 * p + c] += by * normal[o + c];
                    }
                    moved++;
                }
            }
        }
        return moved;
    }

    /** @return the number of active planes */
    int activeCount() {
        int a = 0;
        for (int i = 0; i < count; i++) {
            int p = list[i];
            for (int q = 0; q < k[p]; q++) {
                if (active[3 * p + q]) {
                    a++;
                }
            }
        }
        return a;
    }

    /**
     * Depth over which a plane's stiffness ramps up from 0 to s (m); 0 gives the plain one-sided
     * quadratic ½ s (n·x − d)². See {@link #assemble}.
     */
    double ramp;

    /**
     * Assembles the active contacts' terms of the primal system K z = b (x = x_target − z),
     * linearised at the iterate x_k.
     *
     * <p>Normal part: with g = n·x − d, each plane's energy ψ(g) has the curvature
     * ψ''(g) = s·min(1, −g/δ) inside the band (g &lt; 0) and 0 outside, δ = {@link #ramp}:
     * ψ'(g) = −s g²/(2δ) for −δ ≤ g ≤ 0 and s (g + δ/2) below. ψ is twice continuously
     * differentiable, so a node grazing its plane changes the system continuously instead of
     * switching a stiffness s on and off (δ = 0: the plain quadratic). Its second-order model
     * at g_k is ½ k (n·x − d')² with k = ψ''(g_k) and d' = d + g_k − ψ'(g_k)/k: the block k n nᵀ
     * and the right-hand side k (n·x_target − d') n.
     *
     * <p>Friction part, for a node with a plane that holds it (with a ramp: x_k inside the band;
     * without: an active plane): the block κm P and the right-hand side κm P (x_target − x_s) − m f
     * (the friction displacement acts on the node's inertia, whose anchor is x̂; only with
     * {@code anchoredAtPrediction}). It is not ramped: Coulomb's bound is already in x_s and f, and
     * a ramped friction weight let a sheet on a 20° incline creep (measured: 1 cm in 1 s).
     *
     * @param xTarget the iteration's anchor
     * @param xk the iterate the energy is linearised at
     * @param mass node masses of the step (drag included)
     * @param anchoredAtPrediction whether x_target is the prediction x̂ (Newton iterations)
     */
    void assemble(double[] xTarget, double[] xk, double[] mass, boolean anchoredAtPrediction) {
        blockCount = 0;
        double delta = ramp;
        for (int i = 0; i < count; i++) {
            int p = list[i];
            int nb = 0;
            for (int q = 0; q < k[p]; q++) {
                if (!on(xk, p, q, delta)) {
                    continue;
                }
                // Gram-Schmidt: the tangent projector needs an orthonormal basis of the normals
                int o = 9 * p + 3 * q;
                double bx = normal[o];
                double by = normal[o + 1];
                double bz = normal[o + 2];
                for (int j = 0; j < nb; j++) {
                    double dot = bx * basis[3 * j] + by * basis[3 * j + 1] + bz * basis[3 * j + 2];
                    bx -= dot * basis[3 * j];
                    by -= dot * basis[3 * j + 1];
                    bz -= dot * basis[3 * j + 2];
                }
                double len = Math.sqrt(bx * bx + by * by + bz * bz);
                if (len > 0.1) {
                    basis[3 * nb] = bx / len;
                    basis[3 * nb + 1] = by / len;
                    basis[3 * nb + 2] = bz / len;
                    nb++;
                }
            }
            if (nb == 0) {
                continue;
            }
            double m = mass[p];
            double s = NORMAL_WEIGHT * m;
            int b = 9 * p;
            double[] r = blockRhs;
            if (exactFriction) {
                coulombFriction(p, nb, xTarget, xk, m);
            } else {
                double km = kappa[p] * m;
                for (int c = 0; c < 3; c++) {
                    for (int c2 = 0; c2 < 3; c2++) {
                        double proj = c == c2 ? 1 : 0;
                        for (int j = 0; j < nb; j++) {
                            proj -= basis[3 * j + c] * basis[3 * j + c2];
                        }
                        block[b + 3 * c + c2] = km * proj;
                    }
                }
                double t0 = xTarget[3 * p] - stick[3 * p];
                double t1 = xTarget[3 * p + 1] - stick[3 * p + 1];
                double t2 = xTarget[3 * p + 2] - stick[3 * p + 2];
                for (int c = 0; c < 3; c++) {
                    r[3 * p + c] = block[b + 3 * c] * t0 + block[b + 3 * c + 1] * t1 + block[b + 3 * c + 2] * t2;
                    if (anchoredAtPrediction) {
                        r[3 * p + c] -= m * shift[3 * p + c];
                    }
                }
            }
            for (int q = 0; q < k[p]; q++) {
                if (!on(xk, p, q, delta)) {
                    continue;
                }
                int o = 9 * p + 3 * q;
                double g = gap(xk, p, q);
                double kq = s * weight(g, delta);
                // d' − d = g_k − ψ'(g_k)/k: g_k/2 on the ramp, −δ/2 below it, 0 without a ramp
                double dPrime = offset[3 * p + q] + (!(delta > 0) ? 0 : g > -delta ? 0.5 * g : -0.5 * delta);
                modelK[3 * p + q] = kq;
                modelD[3 * p + q] = dPrime;
                double e = normal[o] * xTarget[3 * p] + normal[o + 1] * xTarget[3 * p + 1]
                        + normal[o + 2] * xTarget[3 * p + 2] - dPrime;
                for (int c = 0; c < 3; c++) {
                    r[3 * p + c] += kq * e * normal[o + c];
                    for (int c2 = 0; c2 < 3; c2++) {
                        block[b + 3 * c + c2] += kq * normal[o + c] * normal[o + c2];
                    }
                }
            }
            if (blockCount == blockNodes.length) {
                blockNodes = Arrays.copyOf(blockNodes, 2 * blockCount);
            }
            blockNodes[blockCount++] = p;
        }
    }

    /**
     * Exact Coulomb friction of node p, whose active planes' orthonormal normals are in
     * {@link #basis}: the smoothed dissipation potential D(x) = μ λ f₀(|u|) of Li et al. 2020 (IPC
     * §5), u = P (x − x_s) the node's slip over the step relative to the surface (x_s where it
     * would stick), λ its normal force and f₀' = f₁, f₁(y) = 2y/ε − y²/ε² below the slip ε =
     * {@link #slip} and 1 above it. The friction force is bounded by μλ whatever pulls the node, the
     * cloth's own tension included. λ is the force the last linear solve balanced
     * ({@link #recordBalance}); in a projection's first iteration, the detection push's m·push.
     *
     * <p>Newton's model is D's second-order expansion at x_k, μλ [f₁'(y) ûûᵀ + f₁(y)/y (P − ûûᵀ)]
     * (û = u/y), which has no stiffness along a slip beyond ε; after an iteration that reversed the
     * slip direction (the node should stick) it is the model at y = 0, the stick spring 2μλ/ε P,
     * so that the next step does not overshoot the stick point. Writes the block and the
     * right-hand side ∇D(x_k) + H (x_target − x_k).
     */
    private void coulombFriction(int p, int nb, double[] xTarget, double[] xk, double m) {
        int b = 9 * p;
        double ml = mu[p] * (balanced[p] >= 0 ? balanced[p] : m * push[p]);
        double[] u = slipScratch;
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
            blockRhs[3 * p + c] = force * u[c] + hv;
        }
    }

    /** g = n·x − d of plane q of node p at x. */
    private double gap(double[] x, int p, int q) {
        int o = 9 * p + 3 * q;
        return normal[o] * x[3 * p] + normal[o + 1] * x[3 * p + 1] + normal[o + 2] * x[3 * p + 2] - offset[3 * p + q];
    }

    /**
     * Whether plane q of node p takes part at x_k: with a ramp, when x_k lies inside the band
     * (the energy is smooth, so no active set is needed); without, when it is active.
     */
    private boolean on(double[] xk, int p, int q, double delta) {
        return delta > 0 ? gap(xk, p, q) < 0 : active[3 * p + q];
    }

    /** ψ''(g)/s: min(1, −g/δ) inside the band, 0 outside; 1 without a ramp (δ = 0, active planes only). */
    private static double weight(double g, double delta) {
        if (!(delta > 0)) {
            return 1;
        }
        return g < 0 ? Math.min(1, -g / delta) : 0;
    }

    /** @return node p's planes as "g=… µm" each (for FINEST logs), or "none" */
    String describe(int p, double[] x) {
        if (k[p] == 0) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        for (int q = 0; q < k[p]; q++) {
            b.append(q == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "g=%.1f um", 1e6 * gap(x, p, q)));
        }
        return b.toString();
    }

    /** @return the number of nodes (the arrays' first dimension) */
    int nodes() {
        return nodes;
    }
}
