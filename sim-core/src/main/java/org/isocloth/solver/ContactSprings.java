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
 * step's mass metric, stiffness·h²; {@link #BLACK_WEIGHT} times that on black nodes) whose
 * stiffness ramps up over the first {@link #ramp} of depth, so that ψ is twice continuously
 * differentiable ({@link #assemble}); P = I − Σ n nᵀ the
 * projector onto the tangent plane of the node's planes that hold it, and κ the friction weight of
 * eq. 3.28 softened; with exact friction ({@link ExactFriction}) the nodes' friction terms are
 * Coulomb's dissipation potential instead. Newton iterations take these terms by their
 * second-order model, so a step in steady contact converges like a free one, and a node grazing
 * its plane changes the system continuously. Unlike a hard plane the spring lets a node of a
 * rigid red triangle sit a few micrometres inside the band, so a doubly curved contact patch is
 * not over-constrained and black nodes can carry contacts too.
 *
 * <p>How deep a node sits: a force F on it (N) leaves it about F h²/s + δ/2 inside the band. With
 * s = 10⁴ m, a node of 30 mg carrying a 15 mN share of a shirt's weight at 60 steps/s sits
 * 14 µm plus half the ramp inside a 3 mm band.
 */
final class ContactSprings {
    /** Normal stiffness relative to the node's mass (stiffness·h²/m). */
    static final double NORMAL_WEIGHT = 1e4;
    /**
     * A black node's normal stiffness relative to a red node's. The hard conforming row (eq. 3.3)
     * puts a black node where its red triangles extrapolate it, on their chord: on a convex body
     * that lies inside the node's plane by about the sagitta of two fine edges (1.3 mm on the
     * walking shirt's hips). With a red node's stiffness the spring loses to the cloth's tension
     * there and the collision check after the projection moves the black node out alone,
     * stretching its edges; ten times stiffer, its push reaches the red nodes through the
     * conforming row and lifts the triangles around it. Such a node then carries part of the
     * cloth's weight, so with exact friction it takes Coulomb friction like a red node
     * (docs/solver.md, "Cloth–cloth pairs in the first projection" and "Stiffer black springs
     * with their own friction").
     */
    static final double BLACK_WEIGHT = 10;
    /**
     * How often a node's friction may switch on or off within one projection before it is
     * released for the rest of it. Friction holds a node while its iterate lies inside the band
     * and is not ramped, so a node whose iterates cross the band's edge back and forth switches it
     * at every crossing and the projection cycles instead of converging. Such a node sits where
     * its spring carries next to no force (the spring's stiffness ramps up from zero at the band's
     * edge), and Coulomb's bound then allows next to no friction: releasing it is the physical
     * answer, and it ends the cycle (docs/solver.md, "Friction released at the band's edge").
     */
    static final int FRICTION_RELEASE_SWITCHES = 8;
    /** Most contact planes per node (a node between two surfaces has two). */
    private static final int MAX = 3;

    private final int nodes;
    /** Nodes below this index are black (base vertices). */
    private final int black;
    /**
     * Whether each node's friction was assembled at the last iterate, and how often that switched
     * in the current projection ({@link #FRICTION_RELEASE_SWITCHES}).
     */
    private final boolean[] frictionOn;
    private final int[] frictionSwitches;
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
     * Exact Coulomb friction of the nodes, used instead of the friction springs of eq. 3.28
     * while it is {@linkplain ExactFriction#on on}.
     */
    final ExactFriction exact;

    /** Assembled per-node terms of the active contacts: node list, 3×3 blocks and right-hand sides. */
    int[] blockNodes = new int[64];
    int blockCount;
    final double[] block;
    final double[] blockRhs;
    private final double[] basis = new double[9];

    /**
     * @param nodes the cloth's nodes
     * @param black the number of black nodes (nodes 0 … black − 1)
     */
    ContactSprings(int nodes, int black) {
        this.nodes = nodes;
        this.black = black;
        frictionOn = new boolean[nodes];
        frictionSwitches = new int[nodes];
        k = new int[nodes];
        normal = new double[9 * nodes];
        offset = new double[3 * nodes];
        active = new boolean[3 * nodes];
        stick = new double[3 * nodes];
        shift = new double[3 * nodes];
        kappa = new double[nodes];
        exact = new ExactFriction(nodes);
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
            exact.clear(p);
            frictionOn[p] = false;
            frictionSwitches[p] = 0;
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
            exact.forget(p);
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
     * Starts a projection: exact friction forgets the last one's normal forces and slip
     * directions, and the count of friction switches starts again.
     */
    void startProjection() {
        for (int i = 0; i < count; i++) {
            exact.forget(list[i]);
            frictionOn[list[i]] = false;
            frictionSwitches[list[i]] = 0;
        }
    }

    /**
     * Records, for exact friction, the normal force each node's springs carry in the model the
     * last linear solve balanced ({@link ExactFriction#record}).
     *
     * @param x the linear solve's result
     */
    void recordBalance(double[] x) {
        if (!exact.on) {
            return;
        }
        for (int i = 0; i < count; i++) {
            exact.record(list[i], k[list[i]], normal, x);
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
     * a ramped friction weight let a sheet on a 20° incline creep (measured: 1 cm in 1 s). A node
     * whose friction has switched on or off more than {@link #FRICTION_RELEASE_SWITCHES} times in
     * the projection keeps only its normal term.
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
            if (nb > 0 != frictionOn[p]) {
                frictionOn[p] = nb > 0;
                frictionSwitches[p]++;
            }
            if (nb == 0) {
                continue;
            }
            double m = mass[p];
            double s = NORMAL_WEIGHT * m * (p < black ? BLACK_WEIGHT : 1);
            int b = 9 * p;
            double[] r = blockRhs;
            if (frictionSwitches[p] > FRICTION_RELEASE_SWITCHES) {
                Arrays.fill(block, b, b + 9, 0.0);
                Arrays.fill(r, 3 * p, 3 * p + 3, 0.0);
            } else if (exact.on) {
                exact.assemble(p, nb, basis, stick, xTarget, xk, m, block, blockRhs);
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
                exact.model(p, q, kq, dPrime);
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
