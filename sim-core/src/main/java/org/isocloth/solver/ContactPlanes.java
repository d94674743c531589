package org.isocloth.solver;

import java.util.Arrays;

/**
 * The contact constraints of the coupled step (thesis eq. 3.26/3.28), held per node and eliminated
 * per node by the projection.
 *
 * <p>A contact node p carries up to three orthonormal normals n_a with offsets d_a: the planes
 * n_a·x = d_a through its corrected position x_c. It also carries a tangential (friction) target
 * x_s, which soft tangential rows pull the node towards with the weight κ (relative to the node's
 * mass), and the friction displacement f that collision processing took off its tangential motion
 * (eq. 3.27). Eliminating the normal rows per node gives the node the metric
 * W = P/(m(1+κ)), P = I − Σ n_a n_aᵀ the projector onto the tangent space.
 *
 * <p>The arrays are flat, indexed by node: {@link #normalCount}[p], {@link #kappa}[p] and
 * {@link #sticky}[p]; {@link #offset}, {@link #lambda} at 3p + a; {@link #stick}, {@link #shift},
 * {@link #anchor} at 3p + c; {@link #normal} at 9p + 3a + c (normal a, coordinate c). The nodes
 * with at least one normal are listed in {@link #nodes}[0, {@link #count}), in the order they were
 * registered. The solver's hot loops read the arrays directly.
 *
 * <p>Contacts are inequalities (the surface pushes, never pulls): {@link #releaseAdhesive} drops
 * the normals whose accumulated force would hold their node against the surface.
 */
final class ContactPlanes {
    private final int nodeCount;

    /** Contact nodes, [0, count) in use (grown as contacts are added). */
    int[] nodes = new int[16];
    /** Number of contact nodes. */
    int count;
    /** Number of normals per node (0 to 3). */
    final int[] normalCount;
    /** Unit normals n_a, 9 per node. */
    final double[] normal;
    /** Offsets d_a of the planes n_a·x = d_a, 3 per node. */
    final double[] offset;
    /** Normal force λ_a accumulated over the iterations of a projection, 3 per node. */
    final double[] lambda;
    /** Tangential (friction) target x_s, 3 per node. */
    final double[] stick;
    /** Friction displacement f taken off the node's tangential motion, 3 per node. */
    final double[] shift;
    /** Weight κ of the tangential rows, relative to the node's mass. */
    final double[] kappa;
    /**
     * Anchor x_anchor of the node's equilibrium in the running iteration (x̂ + f in the first
     * iteration, x_k after), 3 per node.
     */
    final double[] anchor;
    /** Nodes that became contacts inside a projection: their contacts are not released. */
    final boolean[] sticky;

    /** Contact state saved by {@link #save} (the collider contacts of a step). */
    private int[] savedK;
    private double[] savedN;
    private double[] savedD;
    private double[] savedStick;
    private double[] savedKappa;
    private double[] savedShift;
    private double[] savedLambda;
    private boolean[] savedSticky;
    private int[] savedNodes;
    private int savedCount;

    /**
     * Creates an empty store.
     *
     * @param nodeCount number of nodes of the cloth
     */
    ContactPlanes(int nodeCount) {
        this.nodeCount = nodeCount;
        normalCount = new int[nodeCount];
        normal = new double[9 * nodeCount];
        offset = new double[3 * nodeCount];
        stick = new double[3 * nodeCount];
        kappa = new double[nodeCount];
        shift = new double[3 * nodeCount];
        anchor = new double[3 * nodeCount];
        lambda = new double[3 * nodeCount];
        sticky = new boolean[nodeCount];
    }

    /**
     * Registers a contact constraint on node p: n·x = d (n unit), with friction target and weight.
     * Normals are orthonormalised against the node's earlier ones; one nearly parallel to them is
     * dropped (its constraint is already implied).
     *
     * @param p the node
     * @param n unit normal (unaffected)
     * @param d offset of the plane
     * @param stickTarget tangential target x_s (unaffected)
     * @param frictionShift friction displacement, added to the node's earlier ones (unaffected)
     * @param weight tangential weight κ (the node keeps the largest)
     */
    void add(int p, double[] n, double d, double[] stickTarget, double[] frictionShift, double weight) {
        int k = normalCount[p];
        if (k == 0) {
            if (count == nodes.length) {
                nodes = Arrays.copyOf(nodes, 2 * count);
            }
            nodes[count++] = p;
        }
        if (k < 3) {
            double nx = n[0];
            double ny = n[1];
            double nz = n[2];
            double dd = d;
            for (int q = 0; q < k; q++) {
                int o = 9 * p + 3 * q;
                double dot = nx * normal[o] + ny * normal[o + 1] + nz * normal[o + 2];
                nx -= dot * normal[o];
                ny -= dot * normal[o + 1];
                nz -= dot * normal[o + 2];
                dd -= dot * offset[3 * p + q];
            }
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (len > 0.1) {
                int o = 9 * p + 3 * k;
                normal[o] = nx / len;
                normal[o + 1] = ny / len;
                normal[o + 2] = nz / len;
                offset[3 * p + k] = dd / len;
                normalCount[p] = k + 1;
            }
        }
        System.arraycopy(stickTarget, 0, stick, 3 * p, 3);
        for (int c = 0; c < 3; c++) {
            shift[3 * p + c] += frictionShift[c];
        }
        kappa[p] = Math.max(kappa[p], weight);
    }

    /** Removes every contact. */
    void clear() {
        for (int ci = 0; ci < count; ci++) {
            normalCount[nodes[ci]] = 0;
            kappa[nodes[ci]] = 0;
            Arrays.fill(shift, 3 * nodes[ci], 3 * nodes[ci] + 3, 0.0);
            Arrays.fill(lambda, 3 * nodes[ci], 3 * nodes[ci] + 3, 0.0);
            sticky[nodes[ci]] = false;
        }
        count = 0;
    }

    /** Saves the contacts, for {@link #restore}. */
    void save() {
        savedK = copy(normalCount, savedK);
        savedN = copy(normal, savedN);
        savedD = copy(offset, savedD);
        savedStick = copy(stick, savedStick);
        savedKappa = copy(kappa, savedKappa);
        savedShift = copy(shift, savedShift);
        savedLambda = copy(lambda, savedLambda);
        if (savedSticky == null) {
            savedSticky = new boolean[nodeCount];
        }
        System.arraycopy(sticky, 0, savedSticky, 0, nodeCount);
        savedNodes = Arrays.copyOf(nodes, count);
        savedCount = count;
    }

    /** Puts back the contacts of the last {@link #save}. */
    void restore() {
        System.arraycopy(savedK, 0, normalCount, 0, savedK.length);
        System.arraycopy(savedN, 0, normal, 0, savedN.length);
        System.arraycopy(savedD, 0, offset, 0, savedD.length);
        System.arraycopy(savedStick, 0, stick, 0, savedStick.length);
        System.arraycopy(savedKappa, 0, kappa, 0, savedKappa.length);
        System.arraycopy(savedShift, 0, shift, 0, savedShift.length);
        System.arraycopy(savedLambda, 0, lambda, 0, savedLambda.length);
        System.arraycopy(savedSticky, 0, sticky, 0, nodeCount);
        if (nodes.length < savedCount) {
            nodes = new int[savedCount];
        }
        System.arraycopy(savedNodes, 0, nodes, 0, savedCount);
        count = savedCount;
    }

    private static double[] copy(double[] from, double[] to) {
        if (to == null) {
            to = new double[from.length];
        }
        System.arraycopy(from, 0, to, 0, from.length);
        return to;
    }

    private static int[] copy(int[] from, int[] to) {
        if (to == null) {
            to = new int[from.length];
        }
        System.arraycopy(from, 0, to, 0, from.length);
        return to;
    }

    /**
     * Inverse tangential mass 1/(m(1+κ)) of a contact node.
     *
     * @param mass node masses m
     * @param p the node
     * @return 1/(m(1+κ))
     */
    double invMass(double[] mass, int p) {
        return 1.0 / (mass[p] * (1 + kappa[p]));
    }

    /**
     * Entry (c, c2) of a contact node's block W = (I − Σ n_a n_aᵀ)·inv.
     *
     * @param p the node
     * @param c row coordinate
     * @param c2 column coordinate
     * @param inv the scale (the node's {@link #invMass}, or 1 for the projector P itself)
     * @return W[c, c2]
     */
    double crossW(int p, int c, int c2, double inv) {
        double v = c == c2 ? 1 : 0;
        for (int q = 0; q < normalCount[p]; q++) {
            v -= normal[9 * p + 3 * q + c] * normal[9 * p + 3 * q + c2];
        }
        return v * inv;
    }

    /**
     * Contacts are inequalities (the surface pushes, never pulls). The normal force of contact a
     * on node p over this iteration is λ_a = n_a·(m(x − x_anchor) + Gᵀμ) (the node's equilibrium
     * m(x − x_anchor) + Gᵀμ = Σ λ_a n_a + tangential terms); with fast projection the iterations'
     * forces add up. A contact whose accumulated force is negative would hold the node against
     * the surface: it is released (unless its node is {@link #sticky}) and the node moves freely
     * from the next iteration on. Without this, a stiff sheet pressed onto a sphere is asked to
     * follow a doubly curved patch with inextensible triangles and the projection stalls
     * (measured: red strain stuck at 0.7 %).
     *
     * @param mass node masses m
     * @param x the iterate x
     * @param force the forces Gᵀμ of the iteration
     * @param stepScale the backtracking factor applied to this iteration's update
     */
    void releaseAdhesive(double[] mass, double[] x, double[] force, double stepScale) {
        int kept = 0;
        for (int ci = 0; ci < count; ci++) {
            int p = nodes[ci];
            double m = mass[p];
            int k = normalCount[p];
            int q = 0;
            while (q < k) {
                int o = 9 * p + 3 * q;
                double lam = 0;
                for (int c = 0; c < 3; c++) {
                    lam += normal[o + c] * (m * (x[3 * p + c] - anchor[3 * p + c]) + force[3 * p + c]);
                }
                lambda[3 * p + q] += stepScale * lam;
                if (lambda[3 * p + q] < 0 && !sticky[p]) {
                    // drop normal q: move the last one into its slot
                    k--;
                    System.arraycopy(normal, 9 * p + 3 * k, normal, o, 3);
                    offset[3 * p + q] = offset[3 * p + k];
                    lambda[3 * p + q] = lambda[3 * p + k];
                    lambda[3 * p + k] = 0;
                } else {
                    q++;
                }
            }
            normalCount[p] = k;
            if (k > 0) {
                nodes[kept++] = p;
            } else {
                kappa[p] = 0;
                Arrays.fill(shift, 3 * p, 3 * p + 3, 0.0);
            }
        }
        count = kept;
    }
}
