package org.isocloth.solver;

import java.util.Arrays;

/**
 * Cloth–cloth contacts as relative constraint rows of the Gauss-Newton system (eq. 3.26 written
 * for a pair of cloth elements instead of a node and a body).
 *
 * <p>A close pair of the subdivided mesh (a node and a triangle, or two edges) has the relative
 * displacement {@code r = Σ c_k x_k} (four nodes, the coefficients sum to zero) and the unit
 * normal n it was separated along. Its row is {@code n·r = d}, linear in the positions, with d
 * the separation the collision response left (at least the proximity distance). Unlike a
 * per-node plane fixed in space, the row lets both sides of a fold move together and only fixes
 * their distance, so a stack of layers is not over-constrained. The rows are hard (the same
 * compliance as the inextensibility) and unilateral: the multipliers of a projection's iterations
 * add up and a row whose accumulated force pulls the sides together is switched off for the rest
 * of that projection (as the collider contacts are).
 *
 * <p>The rows couple nodes that are far apart in the mesh, so the system with them has its own
 * pattern: a {@link PrimalSystem} with the base rows followed by the pair rows, analysed with the
 * base system's fill-reducing permutation (symbolic analysis only), and rebuilt only when the set
 * of pairs changes.
 */
final class SelfContactRows {
    private final int nodes;
    private final int baseRows;
    private final int[] basePtr;
    private final int[] baseDof;
    private final int dynStart;
    private final int dynEnd;
    private final int[] perm;

    private int count;
    private int[] pairNodes = new int[64];
    private double[] coef = new double[64];
    private double[] normal = new double[48];
    private double[] target = new double[16];
    private double[] lambda = new double[16];
    private boolean[] active = new boolean[16];
    /** Whether a row starts a projection active (else it waits until its pair comes closer). */
    private boolean[] initiallyActive = new boolean[16];
    /** Whether a row was switched off as adhesive in the running projection (it stays off). */
    private boolean[] switchedOff = new boolean[16];

    private PrimalSystem system;
    private int[] builtNodes = new int[0];
    private int builtCount = -1;
    private int[] ptr;
    private int[] dof;
    private double[] val;
    private double[] alpha;
    private double[] rhs;
    private double[] mu;

    /**
     * @param nodes number of cloth nodes
     * @param baseRows rows of the base system
     * @param basePtr its row pointers
     * @param baseDof its entries' dofs
     * @param dynStart first row of the base system whose values change every iteration
     * @param dynEnd end of those rows
     * @param perm the base system's permutation (reused for every augmented pattern)
     */
    SelfContactRows(int nodes, int baseRows, int[] basePtr, int[] baseDof, int dynStart, int dynEnd, int[] perm) {
        this.nodes = nodes;
        this.baseRows = baseRows;
        this.basePtr = basePtr;
        this.baseDof = baseDof;
        this.dynStart = dynStart;
        this.dynEnd = dynEnd;
        this.perm = perm;
    }

    /** Removes every pair. */
    void clear() {
        count = 0;
    }

    /** @return the number of pairs (active or switched off) */
    int count() {
        return count;
    }

    /** @return the number of pairs still active in the running projection */
    int activeCount() {
        int a = 0;
        for (int i = 0; i < count; i++) {
            a += active[i] ? 1 : 0;
        }
        return a;
    }

    /**
     * Adds the row n·(Σ c_k x_k) = d.
     *
     * @param n4 the four nodes
     * @param c4 their coefficients (sum zero)
     * @param n the unit normal
     * @param d the separation to keep (m)
     * @param activeFromStart whether the row acts from the first iteration of a projection, or
     *     waits until the pair comes closer than d ({@link #activateViolated})
     */
    void add(int[] n4, double[] c4, double[] n, double d, boolean activeFromStart) {
        if (count == target.length) {
            int cap = 2 * count;
            pairNodes = Arrays.copyOf(pairNodes, 4 * cap);
            coef = Arrays.copyOf(coef, 4 * cap);
            normal = Arrays.copyOf(normal, 3 * cap);
            target = Arrays.copyOf(target, cap);
            lambda = Arrays.copyOf(lambda, cap);
            active = Arrays.copyOf(active, cap);
            initiallyActive = Arrays.copyOf(initiallyActive, cap);
            switchedOff = Arrays.copyOf(switchedOff, cap);
        }
        System.arraycopy(n4, 0, pairNodes, 4 * count, 4);
        System.arraycopy(c4, 0, coef, 4 * count, 4);
        System.arraycopy(n, 0, normal, 3 * count, 3);
        target[count] = d;
        lambda[count] = 0;
        active[count] = activeFromStart;
        initiallyActive[count] = activeFromStart;
        switchedOff[count] = false;
        count++;
    }

    /** Re-activates every pair and clears the accumulated multipliers (start of a projection). */
    void startProjection() {
        for (int i = 0; i < count; i++) {
            active[i] = initiallyActive[i];
            switchedOff[i] = false;
            lambda[i] = 0;
        }
    }

    /** Value of pair i's row at positions x: n·(Σ c_k x_k) − d. */
    double residual(int i, double[] x) {
        double s = 0;
        for (int k = 0; k < 4; k++) {
            int p = pairNodes[4 * i + k];
            double c = coef[4 * i + k];
            for (int a = 0; a < 3; a++) {
                s += c * normal[3 * i + a] * x[3 * p + a];
            }
        }
        return s - target[i];
    }

    /**
     * Solves the base system with the pair rows appended (see {@link PrimalSystem#solve}).
     *
     * @param xTarget the iteration's anchor (the pair rows' right-hand side is their value there)
     * @param hardAlpha compliance of the pair rows
     */
    void solve(double[] gVal, double[] baseAlpha, double[] baseRhs, double[] xTarget, double hardAlpha,
            double[] omega, boolean[] pinned, int[] projNodes, int projCount, double[] proj, double[] baseMu,
            double[] z) {
        ensureSystem();
        int nnzBase = basePtr[baseRows];
        System.arraycopy(gVal, 0, val, 0, nnzBase);
        System.arraycopy(baseAlpha, 0, alpha, 0, baseRows);
        System.arraycopy(baseRhs, 0, rhs, 0, baseRows);
        int e = nnzBase;
        for (int i = 0; i < count; i++) {
            int row = baseRows + i;
            alpha[row] = hardAlpha;
            boolean on = active[i];
            for (int k = 0; k < 4; k++) {
                double c = on ? coef[4 * i + k] : 0;
                for (int a = 0; a < 3; a++) {
                    val[e++] = c * normal[3 * i + a];
                }
            }
            rhs[row] = on ? residual(i, xTarget) : 0;
        }
        if (springs != null) {
            system.setExtra(springs.blockNodes, springs.blockCount, springs.block, springs.blockRhs);
        } else {
            system.setExtra(null, 0, null, null);
        }
        if (kgCoef != null) {
            if (kgFull == null || kgFull.length != alpha.length) {
                kgFull = new double[alpha.length];
            }
            System.arraycopy(kgCoef, 0, kgFull, 0, baseRows);
            system.kgCoef = kgFull;
        } else {
            system.kgCoef = null;
        }
        system.kgRhs = kgRhs;
        system.kgTri = kgTri;
        system.solve(val, alpha, rhs, omega, pinned, projNodes, projCount, proj, mu, z);
        System.arraycopy(mu, 0, baseMu, 0, baseRows);
    }

    /** Geometric stiffness of the base rows for the next solve (see {@link PrimalSystem#kgCoef}), or null. */
    double[] kgCoef;
    /** Its right-hand side term, or null. */
    double[] kgRhs;
    /** Geometric stiffness of the base system's elastic rows (see {@link PrimalSystem#kgTri}), or null. */
    double[] kgTri;
    /** The base system's elastic rows, [membraneStart, membraneEnd) (empty for an isometric cloth). */
    int membraneStart = -1;
    int membraneEnd = -1;
    /** Contact springs assembled for the next solve, or null. */
    ContactSprings springs;
    /** kgCoef extended by zeros over the pair rows. */
    private double[] kgFull;

    /** Adds the pair rows' forces Gᵀμ of the last solve to force. */
    void addForces(double[] force) {
        for (int i = 0; i < count; i++) {
            double m = mu[baseRows + i];
            if (!active[i] || m == 0) {
                continue;
            }
            for (int k = 0; k < 4; k++) {
                int p = pairNodes[4 * i + k];
                double c = coef[4 * i + k] * m;
                for (int a = 0; a < 3; a++) {
                    force[3 * p + a] += c * normal[3 * i + a];
                }
            }
        }
    }

    /**
     * Adds the last solve's multipliers (scaled by the backtracking factor) to the accumulated
     * ones and switches off every row whose accumulated force pulls its sides together (μ &gt; 0:
     * a repulsive row has μ &lt; 0, since x = x_target − W Gᵀ μ moves the first side along −μ n).
     * With {@code total}, the last solve's multipliers are the rows' whole forces (a Newton
     * iteration anchored at the prediction) and replace the accumulated ones instead.
     *
     * @return the number of rows switched off
     */
    int releaseAdhesive(double stepScale, boolean total) {
        int released = 0;
        for (int i = 0; i < count; i++) {
            if (active[i]) {
                lambda[i] = total ? mu[baseRows + i] : lambda[i] + stepScale * mu[baseRows + i];
                if (lambda[i] > 0) {
                    active[i] = false;
                    switchedOff[i] = true;
                    released++;
                }
            }
        }
        return released;
    }

    /**
     * Switches on every waiting row (neither active nor released in this projection) whose pair
     * has come closer than its target at x (by more than {@code slack} m).
     *
     * @return the number of rows switched on
     */
    int activateViolated(double[] x, double slack) {
        int on = 0;
        for (int i = 0; i < count; i++) {
            if (!active[i] && !switchedOff[i] && residual(i, x) < -slack) {
                active[i] = true;
                lambda[i] = 0;
                on++;
            }
        }
        return on;
    }

    private void ensureSystem() {
        boolean same = builtCount == count;
        for (int i = 0; same && i < 4 * count; i++) {
            same = builtNodes[i] == pairNodes[i];
        }
        if (same && system != null) {
            return;
        }
        int rows = baseRows + count;
        int nnzBase = basePtr[baseRows];
        ptr = Arrays.copyOf(basePtr, rows + 1);
        dof = Arrays.copyOf(baseDof, nnzBase + 12 * count);
        int e = nnzBase;
        for (int i = 0; i < count; i++) {
            for (int k = 0; k < 4; k++) {
                for (int a = 0; a < 3; a++) {
                    dof[e++] = 3 * pairNodes[4 * i + k] + a;
                }
            }
            ptr[baseRows + i + 1] = e;
        }
        val = new double[e];
        alpha = new double[rows];
        rhs = new double[rows];
        mu = new double[rows];
        system = new PrimalSystem(nodes, rows, ptr, dof, dynStart, dynEnd, perm);
        system.setMembraneRows(membraneStart, membraneEnd);
        builtNodes = Arrays.copyOf(pairNodes, 4 * count);
        builtCount = count;
    }
}
