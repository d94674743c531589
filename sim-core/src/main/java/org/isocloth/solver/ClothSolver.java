package org.isocloth.solver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.collision.Collider;
import org.isocloth.collision.Contact;
import org.isocloth.collision.SelfCollisions;
import org.isocloth.linalg.NotPositiveDefiniteException;
import org.isocloth.linalg.SparseCholesky;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestRotations;
import org.isocloth.model.RestShape;

/**
 * Time stepping of one cloth: prediction, then Gauss-Newton projection onto the constraint
 * manifold with the bending energy, each iteration one sparse SPD solve (thesis eq. 3.25/3.30).
 *
 * <h2>The linear system</h2>
 * Every scalar row a of the system is either a residual of a sum-of-squares energy
 * (½‖r‖² = h²Φ) or a constraint; each is linearised at the current iterate x_k as
 * g_a(x) ≈ G_a x + c_a and given a compliance α_a: α = 1 for residual rows, α = D (eq. 3.30) for
 * constraint rows. The KKT conditions of eq. 3.21 with the regularisation of eq. 3.29 then reduce,
 * after eliminating x = x̂ − W Gᵀμ with W = M⁻¹ (zero for pinned nodes), to
 * <pre>  (G W Gᵀ + diag(α)) μ = G (x̂ − x_k) + g(x_k)</pre>
 * whose residual block is I + A M⁻¹Aᵀ and constraint block J M⁻¹Jᵀ + D, exactly eq. 3.30. Hard
 * constraints get a small D (10⁻⁶ of the largest inverse mass): the red/black constraint set is not
 * of full rank, and without regularisation the multipliers of near-redundant rows grow like C/√D
 * (docs/solver.md, "The linear solver"). The bias this adds is a constraint error of D·λ, far
 * below the strain tolerance.
 *
 * <h2>Energies in the residual</h2>
 * Bending (eq. 3.8, 3.19) and its damping combine into one residual row per bending node and
 * coordinate: with a = k h² and b = β k h,
 * r_i = √((a+b)/M_ii) · ((Lx)_i − (a·R_i δ_i + b·R'_i (L x_d)_i)/(a+b)),
 * where R (rest rotation, frozen at x̃) and R' (rotation from the damping reference x_d to x̃) come
 * from {@link RestRotations}. Air drag −c·A·(v − w) (w the wind velocity, {@link #setWind}) is
 * linear in x and folds into an effective mass
 * M + h·c·A and target x̂.
 *
 * <h2>Membrane springs</h2>
 * Rows are, in order: bending residuals, inextensibility (red–red), membrane springs (one per
 * black–red edge of the subdivided mesh, {@link ClothMaterial#membraneStiffness()}; distance rows
 * of compliance 1/(κh²), κ = Y·A/l₀², their multipliers accumulated over a step's fast-projection
 * iterations), conforming, boundary (inert while springs are on, {@link #activateBoundaryRows}).
 * Y = 0 gives the thesis's model.
 *
 * <h2>Linear solves</h2>
 * S is not factored itself: {@link PrimalSystem} solves the same equations in position space
 * (K z = Π Gᵀ D⁻¹ r with K = Π(M + Gᵀ D⁻¹ G)Π + I − Π, then μ = D⁻¹(r − G z)), a matrix of 3 rows
 * per node instead of one per row of G. The row-space factorization of S ({@link RowSpaceSystem})
 * stays available for comparison (system property {@code isocloth.rowSpaceSystem=true}) and is
 * tested to give the same multipliers. The pattern never changes, so its fill-reducing ordering and
 * symbolic analysis are done once ({@link SparseCholesky}); every iteration refactors numerically
 * and solves exactly (why factor reuse was rejected: docs/solver.md, "The linear solver").
 *
 * <h2>Failure</h2>
 * Non-finite positions, a lost factorization, or a step that ends at the iteration cap with a red
 * strain above 25 % raise {@link SimulationException}; the state stays as it was before the step.
 */
public final class ClothSolver {
    private static final Logger LOG = Logger.getLogger(ClothSolver.class.getName());
    private static final double HARD_COMPLIANCE = 1e-6;
    /** A step whose red strain is still above this after the iteration cap has diverged. */
    private static final double DIVERGED_STRAIN = 0.25;

    private final ClothModel model;
    private ClothMaterial material;
    private SolverSettings settings;
    private final String name;
    private final int nodes;

    private final double[] x;
    private final double[] v;
    private final double[] xPrev;
    private final double[] vPrev;
    private boolean hasHistory;
    private double time;
    private final double[] gravity = {0, -9.81, 0};
    private final double[] wind = new double[3];
    private final boolean[] pinned;
    private final double[] pinTarget;

    // Rows of G: bending rows, then inextensibility rows, then linear rows.
    private final int bendRows;
    private final int inextStart;
    private final int softStart;
    private final int linStart;
    /** The distance rows: inextensibility, then the membrane springs on the fine edges. */
    private final DistanceRows dist;
    private final int softCount;
    /** Multipliers accumulated over the iterations of a step, one per spring row. */
    private final double[] softLambda;
    private final int rowCount;
    private final int[] gPtr;
    private final int[] gDof;
    private final double[] gVal;
    private final double[] alpha;

    private double lastH = Double.NaN;
    /** The row-space form of the system, or null when the primal form is used. */
    private final RowSpaceSystem rowSpace;
    /** The primal (position-space) form of the same system, or null when the row-space form is used. */
    private final PrimalSystem primal;
    /**
     * Whether new solvers factor the primal form of eq. 3.30 ({@link PrimalSystem}, the default)
     * or the row-space matrix G W Gᵀ + D itself (system property {@code isocloth.rowSpaceSystem}).
     */
    static boolean usePrimal = !Boolean.getBoolean("isocloth.rowSpaceSystem");
    private final double[] omega;
    private final double[] projector;
    private final double[] zTmp;

    // Work arrays.
    private final double[] xTilde;
    private final double[] xHat;
    private final double[] xTarget;
    private final double[] xTry;
    private final double[] xPrevIterate;
    private final double[] massEff;
    private final double[] xDamp;
    private final double[] w;
    private final double[] xk;
    private final double[] rhs;
    private final double[] mu;
    private final double[] lapTmp;
    private final double[] bendTarget;
    private final double[] dampTmp;
    /** Index of the worst inextensibility constraint found by the last {@link #redStrain} call. */
    private int worstIndex;

    /** Tangential stiffness of a friction contact relative to the node's mass (eq. 3.28 softened). */
    static final double FRICTION_WEIGHT = 100;
    /** Collider (and cloth–cloth plane) contacts of the current step (thesis eq. 3.26/3.28). */
    private final ContactPlanes contacts;
    /** Collision processing against the colliders and contact-spring detection. */
    private final ColliderPass colliderPass;
    private final double[] force;
    private final double[] xStart;
    private final double[] xCollided;
    /** The first projection's result, kept to repeat the second projection from it. */
    private final double[] xProjected;
    private List<Collider> colliders = List.of();
    private double bendA;
    private double bendB;
    private double stepDt;

    /**
     * Creates a solver at the model's rest positions, at rest, with nothing pinned.
     *
     * @param name name used in messages (not null)
     * @param model the cloth (not null)
     * @param settings solver settings (not null)
     */
    public ClothSolver(String name, ClothModel model, SolverSettings settings) {
        this.name = name;
        this.model = model;
        this.material = model.material;
        this.settings = settings;
        this.nodes = model.nodeCount();
        int n3 = 3 * nodes;
        x = model.restPositions.clone();
        v = new double[n3];
        xPrev = new double[n3];
        vPrev = new double[n3];
        pinned = new boolean[nodes];
        pinTarget = x.clone();

        int nb = model.bendNode.length;
        bendRows = 3 * nb;
        inextStart = bendRows;
        softStart = inextStart + model.inextRest.length;
        int ni = model.inextRest.length;
        softCount = model.springRest.length;
        dist = new DistanceRows(model);
        int[] distNodes = dist.nodes;
        double[] distRest = dist.rest;
        softLambda = new double[softCount];
        linStart = softStart + softCount;
        rowCount = linStart + 3 * model.linearCount();
        gPtr = new int[rowCount + 1];
        int nnz = 0;
        for (int b = 0; b < nb; b++) {
            for (int c = 0; c < 3; c++) {
                nnz += model.bendPtr[b + 1] - model.bendPtr[b];
                gPtr[3 * b + c + 1] = nnz;
            }
        }
        for (int i = 0; i < distRest.length; i++) {
            nnz += 6;
            gPtr[inextStart + i + 1] = nnz;
        }
        for (int l = 0; l < model.linearCount(); l++) {
            for (int c = 0; c < 3; c++) {
                nnz += model.linPtr[l + 1] - model.linPtr[l];
                gPtr[linStart + 3 * l + c + 1] = nnz;
            }
        }
        gDof = new int[nnz];
        gVal = new double[nnz];
        int q = 0;
        for (int b = 0; b < nb; b++) {
            for (int c = 0; c < 3; c++) {
                for (int s = model.bendPtr[b]; s < model.bendPtr[b + 1]; s++) {
                    gDof[q++] = 3 * model.bendCol[s] + c;
                }
            }
        }
        for (int i = 0; i < distRest.length; i++) {
            int p = distNodes[2 * i];
            int r = distNodes[2 * i + 1];
            for (int c = 0; c < 3; c++) {
                gDof[q + c] = 3 * p + c;
                gDof[q + 3 + c] = 3 * r + c;
            }
            q += 6;
        }
        for (int l = 0; l < model.linearCount(); l++) {
            for (int c = 0; c < 3; c++) {
                for (int s = model.linPtr[l]; s < model.linPtr[l + 1]; s++) {
                    gDof[q] = 3 * model.linNode[s] + c;
                    gVal[q++] = model.linCoef[s];
                }
            }
        }
        alpha = new double[rowCount];

        if (usePrimal) {
            primal = new PrimalSystem(nodes, rowCount, gPtr, gDof, inextStart, linStart);
            rowSpace = null;
        } else {
            primal = null;
            rowSpace = new RowSpaceSystem(nodes, rowCount, gPtr, gDof);
        }
        omega = new double[nodes];
        projector = new double[9 * nodes];
        zTmp = new double[n3];
        contacts = new ContactPlanes(nodes);
        force = new double[n3];
        xStart = new double[n3];
        xCollided = new double[n3];
        xProjected = new double[n3];

        xTilde = new double[n3];
        xHat = new double[n3];
        colliderPass = new ColliderPass(model, pinned, xHat);
        xTarget = new double[n3];
        xTry = new double[n3];
        xPrevIterate = new double[n3];
        massEff = new double[nodes];
        selfResponse = new SelfResponse(name, model, pinned, massEff);
        xDamp = new double[n3];
        w = new double[n3];
        xk = new double[n3];
        rhs = new double[rowCount];
        mu = new double[rowCount];
        tension = new double[linStart - inextStart];
        tensionShift = new TensionShift(softStart - inextStart);
        correction = new double[3 * nodes];
        lapTmp = new double[bendRows];
        bendTarget = new double[bendRows];
        dampTmp = new double[bendRows];
        LOG.log(Level.FINE, "{0}: {1} rows, {2} nonzeros in the system (lower), {3} in L, ordering {4}",
                new Object[] {name, systemRows(), systemNonzeros(), cholesky().factorNonzeros(),
                    cholesky().orderingName()});
    }

    /**
     * Sets the colliders this cloth collides with (shared objects: the caller moves them through
     * time; the solver calls {@link Collider#setInterval} at every step).
     *
     * @param list the colliders (not null; copied)
     */
    public void setColliders(List<Collider> list) {
        colliders = List.copyOf(new ArrayList<>(list));
    }

    /**
     * Switches cloth–cloth collision handling on or off (on by default).
     *
     * @param on whether the cloth collides with itself
     */
    public void setSelfCollisions(boolean on) {
        selfCollisions = on;
    }

    /** @return whether the cloth collides with itself */
    public boolean selfCollisions() {
        return selfCollisions;
    }

    /** @return the colliders (unmodifiable) */
    public List<Collider> colliders() {
        return colliders;
    }

    /** @return the model (not null) */
    public ClothModel model() {
        return model;
    }

    /** @return the number of rows of the SPD system */
    public int systemRows() {
        return primal != null ? primal.size() : rowSpace.size();
    }

    /** @return the number of stored nonzeros of the SPD system (lower triangle) */
    public int systemNonzeros() {
        return primal != null ? primal.nonzeros() : rowSpace.nonzeros();
    }

    /** @return the linear solver (for statistics) */
    public SparseCholesky cholesky() {
        return primal != null ? primal.cholesky() : rowSpace.cholesky();
    }

    /** @return node positions, 3 per node, metres (live array: do not modify during a step) */
    public double[] positions() {
        return x;
    }

    /** @return node velocities, 3 per node, m/s (live array) */
    public double[] velocities() {
        return v;
    }

    /** @return simulated time in seconds */
    public double time() {
        return time;
    }

    /**
     * @param g gravity in m/s² (not null, length 3, unaffected)
     */
    public void setGravity(double[] g) {
        System.arraycopy(g, 0, gravity, 0, 3);
    }

    /**
     * Sets the wind: the air's velocity, which the drag ({@link ClothMaterial#drag()}) pulls the
     * cloth towards: each node feels −drag·A·(v − wind). No effect when the drag is 0.
     *
     * @param w wind velocity in m/s (not null, length 3, finite, unaffected)
     * @throws IllegalArgumentException if a component is not finite
     */
    public void setWind(double[] w) {
        for (int i = 0; i < 3; i++) {
            if (!Double.isFinite(w[i])) {
                throw new IllegalArgumentException(name + ": wind must be finite (got "
                        + Arrays.toString(w) + ")");
            }
        }
        System.arraycopy(w, 0, wind, 0, 3);
    }

    /** @return a copy of the wind velocity, m/s */
    public double[] wind() {
        return wind.clone();
    }

    /**
     * Changes the material. Takes effect at the next step; the rest shape and density are those the
     * model was built with.
     *
     * @param newMaterial the material (not null)
     */
    public void setMaterial(ClothMaterial newMaterial) {
        this.material = newMaterial;
        lastH = Double.NaN;
    }

    /** @return the current material */
    public ClothMaterial material() {
        return material;
    }

    /** @param newSettings solver settings (not null) */
    public void setSettings(SolverSettings newSettings) {
        this.settings = newSettings;
    }

    /**
     * Makes a node kinematic: it follows {@link #setPinTarget} and is not moved by the solver.
     *
     * @param node node index
     * @param isPinned true to pin, false to release
     */
    public void setPinned(int node, boolean isPinned) {
        pinned[node] = isPinned;
        pinTarget[3 * node] = x[3 * node];
        pinTarget[3 * node + 1] = x[3 * node + 1];
        pinTarget[3 * node + 2] = x[3 * node + 2];
    }

    /**
     * @param node node index
     * @return whether the node is pinned
     */
    public boolean isPinned(int node) {
        return pinned[node];
    }

    /**
     * Sets where a pinned node must be at the end of the next step.
     *
     * @param node node index
     * @param px x in metres
     * @param py y in metres
     * @param pz z in metres
     */
    public void setPinTarget(int node, double px, double py, double pz) {
        pinTarget[3 * node] = px;
        pinTarget[3 * node + 1] = py;
        pinTarget[3 * node + 2] = pz;
    }

    /**
     * Sets the simulated time the next step starts at: the time colliders are posed at (for a
     * simulation started over; {@link #step} advances it).
     *
     * @param t time in seconds (finite)
     */
    public void setTime(double t) {
        if (!Double.isFinite(t)) {
            throw new IllegalArgumentException(name + ": time must be finite (got " + t + ")");
        }
        time = t;
    }

    /**
     * Replaces the state (for resets and tests); velocities history is dropped.
     *
     * @param positions node positions (not null, unaffected)
     * @param velocities node velocities (not null, unaffected)
     */
    public void setState(double[] positions, double[] velocities) {
        System.arraycopy(positions, 0, x, 0, x.length);
        System.arraycopy(velocities, 0, v, 0, v.length);
        hasHistory = false;
        tensionH = 0; // the tensions belonged to the replaced state
    }

    /**
     * Everything a step carries over from earlier steps: positions, velocities, the previous
     * step's positions and velocities (BDF2 history) and the simulated time. Restoring a snapshot
     * into a solver built from the same model, material and settings continues the simulation
     * exactly where it was taken ({@code cloth run --resume}).
     *
     * @param positions node positions, 3 per node, metres
     * @param velocities node velocities, m/s
     * @param previousPositions positions before the last step (BDF2)
     * @param previousVelocities velocities before the last step (BDF2)
     * @param hasHistory whether the previous step can serve BDF2
     * @param time simulated time in seconds
     * @param tensions the distance rows' multipliers at the end of the last step (the next
     *     step's first geometric stiffness; null: none, as after a reset)
     * @param tensionStep the step h those multipliers belong to, s (0 with no tensions)
     * @param corrections how far the last Newton projection moved each node from its prediction,
     *     3 per node, metres (the next step's first iterate starts that far from its own
     *     prediction; null: none)
     */
    public record State(double[] positions, double[] velocities, double[] previousPositions,
            double[] previousVelocities, boolean hasHistory, double time, double[] tensions, double tensionStep,
            double[] corrections) {
        /**
         * A state without tensions (the first step after it starts its Newton iteration without
         * geometric stiffness).
         *
         * @param positions node positions, 3 per node, metres
         * @param velocities node velocities, m/s
         * @param previousPositions positions before the last step (BDF2)
         * @param previousVelocities velocities before the last step (BDF2)
         * @param hasHistory whether the previous step can serve BDF2
         * @param time simulated time in seconds
         */
        public State(double[] positions, double[] velocities, double[] previousPositions,
                double[] previousVelocities, boolean hasHistory, double time) {
            this(positions, velocities, previousPositions, previousVelocities, hasHistory, time, null, 0, null);
        }
    }

    /** @return a copy of the state the next step starts from (see {@link State}) */
    public State snapshot() {
        return new State(x.clone(), v.clone(), xPrev.clone(), vPrev.clone(), hasHistory, time,
                tensionH > 0 ? tension.clone() : null, tensionH, tensionH > 0 ? correction.clone() : null);
    }

    /**
     * Continues from a snapshot taken from a solver of the same cloth.
     *
     * @param s the snapshot (not null, unaffected)
     * @throws IllegalArgumentException if its arrays do not fit this cloth or hold non-finite
     *     values, or its time is not finite (the solver is unchanged then)
     */
    public void restore(State s) {
        int n3 = 3 * nodes;
        double[][] arrays = {s.positions(), s.velocities(), s.previousPositions(), s.previousVelocities()};
        String[] what = {"positions", "velocities", "previous positions", "previous velocities"};
        for (int a = 0; a < arrays.length; a++) {
            if (arrays[a] == null || arrays[a].length != n3) {
                throw new IllegalArgumentException(name + ": snapshot " + what[a] + " have "
                        + (arrays[a] == null ? "no" : String.valueOf(arrays[a].length)) + " values, this cloth needs "
                        + n3);
            }
            for (int i = 0; i < n3; i++) {
                if (!Double.isFinite(arrays[a][i])) {
                    throw new IllegalArgumentException(name + ": snapshot " + what[a] + " of node " + i / 3
                            + " are not finite (" + arrays[a][i] + ")");
                }
            }
        }
        if (!Double.isFinite(s.time())) {
            throw new IllegalArgumentException(name + ": snapshot time is not finite (" + s.time() + ")");
        }
        double[] t = s.tensions();
        if (t != null) {
            if (t.length != tension.length) {
                throw new IllegalArgumentException(name + ": snapshot tensions have " + t.length
                        + " values, this cloth has " + tension.length + " distance rows");
            }
            for (int i = 0; i < t.length; i++) {
                if (!Double.isFinite(t[i])) {
                    throw new IllegalArgumentException(name + ": snapshot tension of distance row " + i
                            + " is not finite (" + t[i] + ")");
                }
            }
            if (!(s.tensionStep() > 0 && Double.isFinite(s.tensionStep()))) {
                throw new IllegalArgumentException(name + ": snapshot tension step must be positive and finite (got "
                        + s.tensionStep() + ")");
            }
        }
        double[] corr = s.corrections();
        if (corr != null) {
            if (t == null) {
                throw new IllegalArgumentException(name + ": snapshot has corrections but no tensions");
            }
            if (corr.length != n3) {
                throw new IllegalArgumentException(name + ": snapshot corrections have " + corr.length
                        + " values, this cloth has " + n3);
            }
            for (int i = 0; i < n3; i++) {
                if (!Double.isFinite(corr[i])) {
                    throw new IllegalArgumentException(name + ": snapshot correction of node " + i / 3
                            + " is not finite (" + corr[i] + ")");
                }
            }
        }
        System.arraycopy(s.positions(), 0, x, 0, n3);
        System.arraycopy(s.velocities(), 0, v, 0, n3);
        System.arraycopy(s.previousPositions(), 0, xPrev, 0, n3);
        System.arraycopy(s.previousVelocities(), 0, vPrev, 0, n3);
        hasHistory = s.hasHistory();
        time = s.time();
        if (t != null) {
            System.arraycopy(t, 0, tension, 0, t.length);
            tensionH = s.tensionStep();
        } else {
            Arrays.fill(tension, 0);
            tensionH = 0;
        }
        if (corr != null) {
            System.arraycopy(corr, 0, correction, 0, n3);
        } else {
            Arrays.fill(correction, 0); // a checkpoint of version 2 (no corrections): start at x̂
        }
    }

    /**
     * Advances the cloth by dt: prediction, Gauss-Newton projection with bending, velocity update.
     * On failure the state is left unchanged and a {@link SimulationException} is thrown.
     *
     * @param dt time step in seconds (&gt;0, finite)
     * @return what the step did (not null)
     */
    public StepResult step(double dt) {
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("time step must be > 0 and finite (got " + dt + ")");
        }
        spentIterations = 0;
        spentFactorizations = 0;
        StepResult r = stepAdaptive(dt, 0);
        // count the work of attempts that were discarded (halved steps, fallbacks) too
        return new StepResult(spentIterations, r.converged(), r.redStrain(), spentFactorizations, r.contacts());
    }

    /**
     * Most projections with contacts per step (Table 3.1 lines 5–6 repeated): a final collision
     * pass that still moves nodes registers its contacts (on top of the earlier ones) for one more
     * projection; the last pass's positions are kept as they are. Every position correction after
     * the last projection breaks the strain tolerance (0.1 % of a 2.5 cm red edge is 25 µm), so
     * that pass should find nothing (measurements: docs/solver.md, "Cloth–cloth collisions").
     */
    static final int COUPLED_ROUNDS = 2;

    /**
     * Proximity repulsion distance of the last cloth–cloth pass of a step (after the last
     * projection), relative to the cloth–cloth thickness. That pass moves nodes after the
     * constraints were last enforced, so every node it moves breaks the strain bound; a pair only
     * slightly closer than the thickness is harmless there (the continuous detection still
     * guarantees an intersection-free path, and the next step's line-3 pass repels the pair before
     * its projection, which then holds it as a contact). Measured on the moving-ball drape:
     * docs/solver.md, "The last pass of a step moves nodes after the last projection".
     */
    static final double FINAL_REPULSION = 0.25;

    /**
     * Whether a coupled step whose last collision pass moved nodes and left the red strain above
     * the tolerance is retried as two half steps (like a diverged projection; not at the deepest
     * halving, where the step is kept and reported as not converged). Shorter steps bring smaller
     * corrections and fewer new contacts per projection (docs/solver.md, same section as
     * {@link #FINAL_REPULSION}). Steps whose last pass moved nothing are not halved for
     * their strain: a projection ending at the cap keeps the criterion of {@link #stepAdaptive}.
     */
    static final boolean HALVE_ON_FINAL_STRAIN = true;

    /**
     * Whether cloth–cloth contacts become constraints of the second projection (eq. 3.26) like
     * collider contacts: every node the cloth–cloth response moved, black nodes included, gets a
     * normal row at its corrected position; without them the second projection, unaware of the
     * cloth–cloth response, recreated the same collisions. Black nodes are included because the
     * conforming rows tie them to the red ones: a correction on a black node the projection does
     * not know is undone by it (measurements: docs/solver.md, "Cloth–cloth collisions"). When these
     * per-node planes are inconsistent with the inextensibility (a folding vault with pinned
     * edges, DynamicsTest: the projection diverged), the second projection is repeated with the
     * collider contacts only and the cloth–cloth response falls back to position corrections.
     */
    static final boolean REGISTER_SELF_CONTACTS = true;
    /**
     * Whether registered cloth–cloth contacts are relative pair rows ({@link SelfContactRows}: a
     * node and a triangle, or two edges, kept at their separation) instead of per-node planes
     * fixed in space. Pair rows need the primal solve. The default since they were measured to
     * keep folding sheets within the strain bound where the planes break it (docs/solver.md);
     * system property {@code isocloth.selfContactPlanes=true} makes the planes the default.
     */
    static boolean PAIR_SELF_CONTACTS = !Boolean.getBoolean("isocloth.selfContactPlanes");
    /**
     * A step of a cloth with colliders that may still be halved is repeated as two half steps
     * when its projection ends at the iteration cap with more than this many times the strain
     * tolerance.
     */
    static final double HALVING_STRAIN_FACTOR = 10;
    /**
     * The same factor for cloths without colliders, whose projections take Newton iterations: any
     * step that ends at the cap above the tolerance is halved (such a step has stalled, and the
     * half steps, starting nearer their solutions, converge). See docs/solver.md, "Point pins".
     */
    static final double FREE_HALVING_STRAIN_FACTOR = 1;

    /** Deepest halving of a step whose projection diverged (2⁻³ of the step). */
    static final int MAX_HALVINGS = 3;

    /**
     * Takes the step; if its projection diverges (typically a fast collider that moves contact
     * nodes several cells in one step), retries it as two backward Euler half steps with the pin
     * targets interpolated, up to {@link #MAX_HALVINGS} times. The state is untouched by a failed
     * attempt, so nothing is lost when even the smallest step fails.
     */
    private StepResult stepAdaptive(double dt, int depth) {
        // A step that may still be halved counts as diverged already when it ends at the
        // iteration cap with a multiple of the strain tolerance.
        double factor = colliders.isEmpty() ? FREE_HALVING_STRAIN_FACTOR : HALVING_STRAIN_FACTOR;
        divergedStrain = depth < MAX_HALVINGS ? Math.min(DIVERGED_STRAIN, factor * material.strainTolerance())
                : DIVERGED_STRAIN;
        try {
            lastResort = depth >= MAX_HALVINGS;
            return stepOnce(dt, depth > 0);
        } catch (StepDiverged e) {
            if (depth >= MAX_HALVINGS && e.reason == StepDiverged.Reason.PAIR_ROWS) {
                // the last resort with pair rows ended far outside the strain bound: the same
                // step with per-node planes for the cloth–cloth contacts
                LOG.log(Level.FINE, "{0}: {1}; repeated with cloth-cloth contact planes", new Object[] {name,
                    e.getMessage()});
                pairFallback = true;
                try {
                    return stepOnce(dt, depth > 0);
                } finally {
                    pairFallback = false;
                }
            }
            if (depth >= MAX_HALVINGS || e.reason == StepDiverged.Reason.PAIR_ROWS) {
                throw e;
            }
            LOG.log(Level.FINE, "{0}: step of {1} s at t={2} s diverged; halving it",
                    new Object[] {name, dt, time});
            double[] targets = pinTarget.clone();
            for (int i = 0; i < pinTarget.length; i++) {
                pinTarget[i] = 0.5 * (x[i] + targets[i]);
            }
            StepResult first;
            try {
                first = stepAdaptive(0.5 * dt, depth + 1);
            } finally {
                System.arraycopy(targets, 0, pinTarget, 0, targets.length);
            }
            StepResult second = stepAdaptive(0.5 * dt, depth + 1);
            hasHistory = false; // BDF2 restarts after unequal steps
            return new StepResult(first.iterations() + second.iterations(), first.converged() && second.converged(),
                    second.redStrain(), first.factorizations() + second.factorizations(),
                    first.contacts() + second.contacts());
        }
    }

    /**
     * One step of thesis Table 3.1: the prediction (line 1), the rows of eq. 3.30 for this step
     * size, the first projection (line 2), and with colliders or cloth–cloth collisions the
     * collision passes and coupled projections (lines 3–6); {@link #finishStep} checks the result
     * and updates the velocities (line 7). With contact springs lines 2–6 are
     * {@link #stepWithSprings}.
     */
    private StepResult stepOnce(double dt, boolean forceBackwardEuler) {
        boolean bdf2 = settings.integrator() == Integrator.BDF2 && hasHistory && !forceBackwardEuler;
        double h = bdf2 ? (2.0 / 3.0) * dt : dt;
        projH = h;
        colliderPass.set(colliders, material);
        double maxInvMass = predict(dt, h, bdf2);
        boolean springStep = contactSprings && primal != null && !colliders.isEmpty()
                && settings.collisions() == CollisionHandling.COUPLED && projection != ProjectionMode.FAST;
        newtonStep = projection == ProjectionMode.NEWTON
                || projection == ProjectionMode.AUTO && (colliders.isEmpty() || springStep);
        if (!newtonStep) {
            tensionH = 0; // tensions are only kept while steps take Newton iterations
        }
        prepareRows(h, maxInvMass, springStep);
        startProjections(dt, h);
        if (springStep) {
            for (Collider c : colliders) {
                c.setInterval(time, time + dt);
            }
            springMode = true;
            try {
                return finishStep(stepWithSprings(dt, maxInvMass), dt, bdf2);
            } finally {
                springMode = false;
            }
        }
        project(maxInvMass);
        Progress pr = new Progress(lastIterations, lastFactorizations, lastConverged, lastStrain, 0);
        if (!colliders.isEmpty() || selfCollisions) {
            pr = collideAndCouple(dt, maxInvMass, pr);
        }
        return finishStep(pr, dt, bdf2);
    }

    /**
     * Table 3.1 line 1: the prediction x̃ (or its BDF2 form), the damping reference x_d, and the
     * effective masses and anchor x̂ with air drag folded in (pinned nodes: their targets).
     *
     * @return the largest inverse effective mass of the free nodes
     */
    private double predict(double dt, double h, boolean bdf2) {
        int n3 = 3 * nodes;
        for (int i = 0; i < n3; i++) {
            double g = gravity[i % 3];
            if (bdf2) {
                xTilde[i] = (4 * x[i] - xPrev[i]) / 3 + dt * (8 * v[i] - 2 * vPrev[i]) / 9 + 4.0 / 9 * dt * dt * g;
                xDamp[i] = (4 * x[i] - xPrev[i]) / 3;
            } else {
                xTilde[i] = x[i] + dt * v[i] + dt * dt * g;
                xDamp[i] = x[i];
            }
        }
        // Effective mass with air drag folded in, and its target.
        double drag = material.drag();
        double maxInvMass = 0;
        for (int p = 0; p < nodes; p++) {
            double m = model.mass[p];
            double c = h * drag * model.nodeArea[p];
            massEff[p] = pinned[p] ? Double.POSITIVE_INFINITY : m + c;
            maxInvMass = Math.max(maxInvMass, 1.0 / (m + c));
            for (int k = 0; k < 3; k++) {
                int i = 3 * p + k;
                // drag −c_d·A·(v − w) with v = (x − x_d)/h pulls towards x_d + h·w
                xHat[i] = pinned[p] ? pinTarget[i] : (m * xTilde[i] + c * (xDamp[i] + h * wind[k])) / (m + c);
            }
        }
        return maxInvMass;
    }

    /**
     * The values of the rows of eq. 3.30 that depend on the step size and the material: the
     * bending rows' weights and targets (rest curvature and bending damping, rotated to x̃), the
     * compliances, the boundary rows, and the springs' accumulated multipliers (reset).
     */
    private void prepareRows(double h, double maxInvMass, boolean springStep) {
        double k = material.bendingStiffness() / model.bendingCalibration;
        double a = k * h * h;
        double b = material.damping() * k * h;
        double dScale = springStep ? SPRING_COMPLIANCE : 1;
        if (h != lastH || newtonStep != lastNewtonStep || dScale != lastDScale) {
            lastH = h;
            lastNewtonStep = newtonStep;
            lastDScale = dScale;
            int q = 0;
            for (int bn = 0; bn < model.bendNode.length; bn++) {
                double s = Math.sqrt((a + b) / model.bendMass[bn]);
                for (int c = 0; c < 3; c++) {
                    for (int e = model.bendPtr[bn]; e < model.bendPtr[bn + 1]; e++) {
                        gVal[q++] = s * model.bendL[e];
                    }
                }
            }
            Arrays.fill(alpha, 0, bendRows, 1.0);
            Arrays.fill(alpha, bendRows, rowCount, HARD_COMPLIANCE * maxInvMass);
            hardAlpha = HARD_COMPLIANCE * maxInvMass;
            if (newtonStep) {
                // the conforming rows shrink their compliance with the bending rows' weight as the
                // inextensibility rows do: a fixed 10⁻⁶ let a fine, stiff strip's black nodes yield
                // to the bending (docs/validation.md); the boundary rows are set below
                double d = inextCompliance(a + b) * maxInvMass;
                Arrays.fill(alpha, inextStart, softStart, d * dScale);
                Arrays.fill(alpha, linStart, rowCount, d);
            }
            double membrane = material.membraneStiffness();
            for (int i = 0; i < softCount; i++) {
                alpha[softStart + i] = membrane > 0 ? 1.0 / (membrane * model.springWeight[i] * h * h) : 1.0;
            }
        }
        Arrays.fill(softLambda, 0);
        activateBoundaryRows();
        Arrays.fill(bendTarget, 0);
        if (a + b > 0) {
            if (a > 0 && model.material.restShape() == RestShape.INITIAL) {
                RestRotations.rotateRestCurvature(model, model.restPositions, xTilde, model.restCurvature,
                        bendTarget);
                for (int i = 0; i < bendRows; i++) {
                    bendTarget[i] *= a / (a + b);
                }
            }
            if (b > 0) {
                model.applyLaplacian(xDamp, lapTmp);
                RestRotations.rotateRestCurvature(model, xDamp, xTilde, lapTmp, dampTmp);
                for (int i = 0; i < bendRows; i++) {
                    bendTarget[i] += dampTmp[i] * b / (a + b);
                }
            }
        }
        bendA = a;
        bendB = b;
    }

    /**
     * Clears the step's contacts and sets the first iterate: x̂, plus the last Newton
     * projection's correction when the step takes Newton iterations (a warm start).
     */
    private void startProjections(double dt, double h) {
        int n3 = 3 * nodes;
        stepDt = dt;
        clearContacts();
        movedAfterProjection = false;
        System.arraycopy(x, 0, xStart, 0, n3);
        System.arraycopy(xHat, 0, xk, 0, n3);
        if (newtonStep && tensionH > 0) {
            // Warm start: the first iterate lies as far from x̂ as the last projection's result lay
            // from its own prediction (a correction scales like force·h², as the tensions do).
            double scale = (h / tensionH) * (h / tensionH);
            for (int p = 0; p < nodes; p++) {
                if (!pinned[p]) {
                    for (int c = 0; c < 3; c++) {
                        xk[3 * p + c] += scale * correction[3 * p + c];
                    }
                }
            }
        }
    }

    /**
     * Table 3.1 lines 3–6 after the first projection: collision processing against the colliders
     * and the cloth itself, the contacts as constraints of a coupled projection from x_p, and the
     * final collision pass, repeated ({@link #COUPLED_ROUNDS}) while that pass still finds
     * contacts the projection did not know.
     *
     * @param first what the first projection did
     * @return what the step's projections and passes did
     */
    private Progress collideAndCouple(double dt, double maxInvMass, Progress first) {
        int n3 = 3 * nodes;
        int iterations = first.iterations();
        int factorizations = first.factorizations();
        boolean converged = first.converged();
        double strain = first.strain();
        int contacts;
        for (Collider c : colliders) {
            c.setInterval(time, time + dt);
        }
        System.arraycopy(xk, 0, xCollided, 0, n3);
        boolean coupled = settings.collisions() == CollisionHandling.COUPLED;
        contacts = colliderPass.collide(this.contacts, xStart, xCollided, dt, coupled, false, false, false);
        boolean selfRegistered = coupled && REGISTER_SELF_CONTACTS && selfCollisions;
        if (selfRegistered) {
            this.contacts.save();
            System.arraycopy(xk, 0, xProjected, 0, n3);
        }
        int selfMoved;
        if (coupled && pairMode() && selfCollisions) {
            // The pair rows are read off the projected x_p after a cloth–cloth response of
            // its own, not off x_c: the collider response squashes the part of a falling
            // sheet that went through the floor onto the floor's surface, and the pairs of
            // that squashed patch are not contacts (measured: 7,120 proximity pairs and a
            // diverged projection when a tilted sheet slaps onto a plane).
            if (xSelf == null) {
                xSelf = new double[n3];
            }
            System.arraycopy(xk, 0, xSelf, 0, n3);
            selfMoved = resolveSelf(xSelf, dt, true);
        } else {
            selfMoved = resolveSelf(xCollided, dt, coupled);
        }
        contacts += selfMoved;
        selfRegistered &= pairMode() ? pairCount() > 0 : selfMoved > 0;
        if (LOG.isLoggable(Level.FINE)) {
            double worst = 0;
            int wn = -1;
            for (int p = 0; p < nodes; p++) {
                double d = Math.sqrt(NodePaths.distance2(xCollided, xk, p));
                if (d > worst) {
                    worst = d;
                    wn = p;
                }
            }
            LOG.fine(name + ": t=" + time + " collision step: " + contacts + " contacts, red strain at x_p "
                    + redStrain(xk, false) + ", largest move " + worst
                    + " m (node " + wn + "), strain after it " + ClothMetrics.maxStrain(model, xCollided));
        }
        if (!coupled) {
            System.arraycopy(xCollided, 0, xk, 0, n3);
        }
        if (coupled && contacts > 0) {
            // Linearise at the projected x_p (it satisfies the constraints), not at x_c: a fast
            // collider moves contact nodes centimetres away from their neighbours and the
            // Gauss-Newton iteration from there diverged (strain 220 % at x_c).
            // Lines 5–6, repeated while the final collision pass still finds contacts the
            // projection did not know (typically new cloth–cloth contacts): those become
            // constraints of another projection. The last pass's positions are kept as they are.
            boolean fellBack = false;
            for (int round = 1; round <= COUPLED_ROUNDS; round++) {
                activeSet = true;
                try {
                    try {
                        project(maxInvMass);
                    } catch (SimulationException e) {
                        if (!selfRegistered || !lastResort) {
                            throw e; // halving the step comes first
                        }
                        // The cloth–cloth contact planes are inconsistent with the
                        // inextensibility here (the projection diverged): project from x_p with
                        // the collider contacts of line 3 only and leave the cloth–cloth
                        // response to the final pass.
                        LOG.log(Level.FINE, "{0}: t={1} projection with cloth-cloth contacts diverged;"
                                + " repeated without them", new Object[] {name, time});
                        this.contacts.restore();
                        if (pairRows != null) {
                            pairRows.clear();
                        }
                        System.arraycopy(xProjected, 0, xk, 0, n3);
                        selfRegistered = false;
                        fellBack = true;
                        project(maxInvMass);
                    }
                } finally {
                    activeSet = false;
                }
                iterations += lastIterations;
                factorizations += lastFactorizations;
                converged = lastConverged;
                strain = lastStrain;
                boolean again = round < COUPLED_ROUNDS && !fellBack;
                if (!again) {
                    clearContacts();
                }
                double before = LOG.isLoggable(Level.FINE) ? ClothMetrics.maxStrain(model, xk) : 0;
                int late = colliderPass.collide(this.contacts, xStart, xk, dt, again, false, !again, false);
                int lateSelf = resolveSelf(xk, dt, again, again ? 1.0 : FINAL_REPULSION);
                movedAfterProjection = late + lateSelf > 0;
                selfRegistered |= again && REGISTER_SELF_CONTACTS
                        && (pairMode() ? pairCount() > 0 : lateSelf > 0);
                if (LOG.isLoggable(Level.FINE)) {
                    LOG.fine(name + ": t=" + time + " round " + round + ": contacts " + this.contacts.count
                            + ", projection " + lastIterations + " iterations, converged " + lastConverged
                            + " red " + lastStrain + ", max strain " + before
                            + "; final collision pass moved " + late + " + " + lateSelf
                            + " (self) nodes, max strain " + ClothMetrics.maxStrain(model, xk) + " red " + redStrain(xk, false));
                }
                if (late + lateSelf == 0) {
                    break;
                }
                if (again) {
                    strain = redStrain(xk, true);
                }
            }
            clearContacts();
        }
        return new Progress(iterations, factorizations, converged, strain, contacts);
    }

    /**
     * Whether collider contacts are one-sided springs inside the Newton solve
     * ({@link ContactSprings}, see {@link #setContactSprings}) instead of per-node planes of a
     * fast projection after a contact-free one.
     */
    private boolean contactSprings;
    /** Whether the running step holds collider contacts as springs. */
    private boolean springMode;
    private ContactSprings springs;
    /** Shortest red edge at rest (m), computed on first use. */
    private double shortestRedEdge;

    /**
     * Depth, in thicknesses, over which a contact spring's stiffness ramps up ({@link
     * ContactSprings#ramp}); docs/solver.md, "The ramp", has the values measured.
     */
    static final double SPRING_RAMP = 0.01;
    /**
     * Factor on the inextensibility rows' compliance in steps with contact springs. The Newton
     * iterations minimise the penalty form, whose minimum leaves C = αμ; contacts carry the cloth's
     * weight at a few nodes, like point pins, and the residual there exceeded the tolerance.
     */
    static final double SPRING_COMPLIANCE = 0.1;
    /**
     * A Newton iteration with contact springs is accepted unless it multiplies the red strain by
     * more than this (the strain is not the objective the iteration minimises; backtracking on
     * every increase stalled the iterations at an eighth of a step).
     */
    static final double SPRING_ACCEPT = 2;
    /**
     * A projection with contact springs converges only when its last iteration moved no node by
     * more than this fraction of the step's largest displacement, or by more than
     * {@link #SPRING_MOVE_ABS} times the strain tolerance times the shortest red edge. The strain
     * alone does not show that the contact and friction forces balance: stopping on it left a
     * sheet on a frictionless spinning sphere turning with it.
     */
    static final double SPRING_MOVE_REL = 0.01;
    /** See {@link #SPRING_MOVE_REL}. */
    static final double SPRING_MOVE_ABS = 1;

    /**
     * Chooses how collider contacts enter the coupled step (Table 3.1, {@code collisions}
     * coupled). Off (the default): the thesis's order, a contact-free projection, collision
     * processing that moves nodes onto the collider and registers per-node contact planes, and a
     * second projection with them (fast projection). On: contact candidates are detected along the
     * predicted path before the first projection and held as one-sided springs inside Newton
     * iterations ({@link ContactSprings}); the collision passes afterwards only catch what the
     * projection missed. Measured figures and known problems are in docs/solver.md.
     *
     * @param on whether collider contacts are springs inside the Newton solve
     */
    public void setContactSprings(boolean on) {
        contactSprings = on;
    }

    /** @return whether collider contacts are springs inside the Newton solve */
    public boolean contactSprings() {
        return contactSprings;
    }

    /**
     * The coupled step with collider contacts as springs inside the Newton solve: contact
     * candidates are detected along the inertial path, the projection holds them as one-sided
     * springs of a smooth energy (those whose node lies inside the band), and a collision check
     * after the projection decides whether another projection is needed (contacts the projection
     * missed, or cloth–cloth contacts as pair rows). Only what that check still finds after the
     * last round is moved by a final collision pass.
     */
    private Progress stepWithSprings(double dt, double maxInvMass) {
        int n3 = 3 * nodes;
        if (springs == null) {
            springs = new ContactSprings(nodes);
        }
        springs.clear();
        springs.ramp = SPRING_RAMP * material.thickness();
        colliderPass.startSpringStep();
        // Table 3.1 line 3 on the inertial path x⁽ⁿ⁾ → x̂: the friction impulses are those of the
        // motion the step takes without the cloth's own forces, as in the thesis's order
        colliderPass.detectSprings(springs, xStart, xHat, dt, false);
        project(maxInvMass);
        int iterations = lastIterations;
        int factorizations = lastFactorizations;
        boolean converged = lastConverged;
        double strain = lastStrain;
        int selfMoved = 0;
        boolean clean = false;
        for (int round = 1; round <= COUPLED_ROUNDS + 1; round++) {
            selfMoved = 0;
            if (selfCollisions) {
                if (xSelf == null) {
                    xSelf = new double[n3];
                }
                System.arraycopy(xk, 0, xSelf, 0, n3);
                selfMoved = resolveSelf(xSelf, dt, round <= COUPLED_ROUNDS);
            }
            System.arraycopy(xk, 0, xCollided, 0, n3);
            colliderPass.collide(this.contacts, xStart, xCollided, dt, false, false, true, true);
            int colliderMoved = colliderPass.moved;
            if (LOG.isLoggable(Level.FINE)) {
                LOG.fine(name + ": t=" + time + " contact springs, round " + round + ": " + springs.activeCount()
                        + " active, projection " + lastIterations + " iterations, red strain " + lastStrain
                        + "; the collision pass would move " + colliderMoved + " + " + selfMoved
                        + " (cloth-cloth) nodes, largest collider move " + colliderPass.maxMove + " m (node "
                        + colliderPass.maxNode + ")");
            }
            if (colliderMoved == 0 && selfMoved == 0) {
                clean = true;
                break;
            }
            if (round > COUPLED_ROUNDS) {
                break;
            }
            colliderPass.detectSprings(springs, xStart, xk, dt, false);
            project(maxInvMass);
            iterations += lastIterations;
            factorizations += lastFactorizations;
            converged = lastConverged;
            strain = lastStrain;
        }
        int contacts = springs.activeCount() + selfMoved;
        movedAfterProjection = false;
        if (!clean) {
            colliderPass.collide(this.contacts, xStart, xk, dt, false, false, true, true);
            int late = colliderPass.moved;
            int lateSelf = resolveSelf(xk, dt, false, FINAL_REPULSION);
            movedAfterProjection = late + lateSelf > 0;
        }
        clearContacts();
        return new Progress(iterations, factorizations, converged, strain, contacts);
    }

    /**
     * Whether the last iteration of a projection with contact springs (or one that converges the
     * forces, {@link #FORCE_BALANCE_DOMINANCE}) moved every node by less
     * than {@link #SPRING_MOVE_REL} of the step's largest displacement or
     * {@link #SPRING_MOVE_ABS} tolerances of the shortest red edge.
     */
    private boolean newtonSettled() {
        int n3 = 3 * nodes;
        double lastMove = 0;
        double stepMove = 0;
        for (int i = 0; i < n3; i++) {
            lastMove = Math.max(lastMove, Math.abs(xk[i] - xPrevIterate[i]));
            stepMove = Math.max(stepMove, Math.abs(xk[i] - xStart[i]));
        }
        if (shortestRedEdge == 0) {
            double m = Double.POSITIVE_INFINITY;
            for (double l : model.inextRest) {
                m = Math.min(m, l);
            }
            shortestRedEdge = m;
        }
        return lastMove <= Math.max(SPRING_MOVE_REL * stepMove,
                SPRING_MOVE_ABS * material.strainTolerance() * shortestRedEdge);
    }

    /** What the projections and collision passes of a step did. */
    private record Progress(int iterations, int factorizations, boolean converged, double strain, int contacts) {
    }

    /**
     * Checks the end positions x_k of a step, updates the velocities (Table 3.1 line 7, or its
     * BDF2 form) and commits the step.
     */
    private StepResult finishStep(Progress pr, double dt, boolean bdf2) {
        int n3 = 3 * nodes;
        int iterations = pr.iterations();
        int factorizations = pr.factorizations();
        boolean converged = pr.converged();
        double strain = pr.strain();
        int contacts = pr.contacts();
        for (int i = 0; i < n3; i++) {
            if (!Double.isFinite(xk[i])) {
                throw new SimulationException(name + ": non-finite position at node " + (i / 3)
                        + " after collision processing at t=" + time + " s; the state before the step is kept");
            }
        }
        // The result reports the final state: whatever moved nodes after the last projection
        // (the last collision pass) is measured here, not the projection's own strain.
        double finalStrain = redStrain(xk, true);
        if (HALVE_ON_FINAL_STRAIN && movedAfterProjection && !lastResort
                && finalStrain > material.strainTolerance()) {
            throw new StepDiverged(StepDiverged.Reason.FINAL_PASS, name + ": the step diverged from the constraints in"
                    + " the last collision pass at t=" + time + " s (red strain " + finalStrain + "); the state before"
                    + " the step is kept");
        }
        if (lastResort && pairMode() && finalStrain > 10 * material.strainTolerance()) {
            throw new StepDiverged(StepDiverged.Reason.PAIR_ROWS, name + ": at t=" + time
                    + " s the step ended far outside the strain bound with cloth-cloth pair rows (red strain "
                    + finalStrain + "); the state before the step is kept");
        }
        converged &= finalStrain <= material.strainTolerance();
        // 4. Velocity update (Table 3.1 line 7, or its BDF2 form) and commit.
        for (int i = 0; i < n3; i++) {
            double vn;
            if (bdf2) {
                vn = (1.5 * xk[i] - 2 * x[i] + 0.5 * xPrev[i]) / dt;
            } else {
                vn = (xk[i] - x[i]) / dt;
            }
            xPrev[i] = x[i];
            vPrev[i] = v[i];
            x[i] = xk[i];
            v[i] = vn;
        }
        hasHistory = true;
        time += dt;
        if (!converged) {
            LOG.log(Level.FINE, "{0}: projection stopped at the iteration cap ({1}) with strain {2}",
                    new Object[] {name, iterations, strain});
        }
        return new StepResult(iterations, converged, redStrain(x, false), factorizations, contacts);
    }

    private int lastIterations;
    /** Iterations and factorizations of every projection of the running {@link #step}, discarded attempts included. */
    private int spentIterations;
    private int spentFactorizations;
    /** Whether the last collision pass of the running step moved nodes after its last projection. */
    private boolean movedAfterProjection;
    /** Whether the running step can no longer be halved. */
    private boolean lastResort;
    /** Whether the running projection treats the contacts as an active set (the second one). */
    private boolean activeSet;
    private boolean selfCollisions = true;
    /** Cloth–cloth collision processing and the registration of pair rows. */
    private final SelfResponse selfResponse;
    /** Cloth–cloth contact rows of the running step (pair mode), created with the first. */
    private SelfContactRows pairRows;
    private boolean selfContactPairs = PAIR_SELF_CONTACTS;
    /** The projected positions after their own cloth–cloth response (pair mode, line 3). */
    private double[] xSelf;
    /** Compliance of the hard rows (set with the step size). */
    private double hardAlpha;
    /** The {@link #newtonStep} the compliances {@link #alpha} were computed for. */
    private boolean lastNewtonStep;
    /** The factor {@link #SPRING_COMPLIANCE} or 1 the distance rows' {@link #alpha} was computed with. */
    private double lastDScale = 1;
    // Per-contact scratch vectors of the hot loops (the solver is not thread-safe anyway).
    private final double[] scratchT = new double[3];
    private final double[] scratchTarget = new double[3];
    private final double[] scratchD0 = new double[3];
    private double divergedStrain = DIVERGED_STRAIN;
    private int lastFactorizations;
    private boolean lastConverged;
    private double lastStrain;

    /**
     * One Gauss-Newton projection from the current iterate {@code xk} (its linearisation point)
     * towards the step's objective anchored at x̂, with the contacts registered for this step.
     * Leaves the result in {@code xk} and its statistics in the {@code last*} fields.
     *
     * @param maxInvMass largest inverse mass of the step
     */
    private void project(double maxInvMass) {
        int n3 = 3 * nodes;
        Arrays.fill(softLambda, 0);
        double tol = material.strainTolerance();
        int iterations = 0;
        int factorizations = 0;
        boolean converged = false;
        double strain = Double.NaN;
        double previousStrain = Double.POSITIVE_INFINITY;
        boolean pairs = pairRows != null && pairRows.count() > 0;
        if (pairs) {
            pairRows.startProjection();
        }
        newtonNow = newtonStep && contacts.count == 0 && (!pairs || springMode) && primal != null && !activeSet;
        boolean forceBalance = newtonNow && !springMode && bendingDominance > FORCE_BALANCE_DOMINANCE;
        newtonFellBack = false;
        while (iterations < settings.maxIterations()) {
            iterations++;
            projectionTarget(iterations == 1);
            int activeDist = material.membraneStiffness() > 0 ? dist.rest.length : softStart - inextStart;
            dist.linearise(activeDist, xk, xTarget, gVal, gPtr, inextStart, rhs, name, time);
            if (newtonNow && !springMode) {
                // the most tense rows aim at C = 0 instead of the penalty residual C = αμ
                if (iterations == 1) {
                    double scale = tensionH > 0 ? (projH / tensionH) * (projH / tensionH) : 0;
                    tensionShift.choose(tension, 0, scale, alpha, inextStart, dist.rest, tol);
                }
                tensionShift.addTo(rhs, alpha, inextStart);
            }
            linearRowsRhs(iterations == 1 || newtonNow);
            if (newtonNow) {
                if (iterations == 1) {
                    // multipliers scale like force·h²: carry the last projection's over to this h
                    double scale = tensionH > 0 ? (projH / tensionH) * (projH / tensionH) : 0;
                    dist.geometricStiffness(tension, 0, scale, activeDist, xk, xHat, gVal, gPtr, inextStart, primal);
                } else {
                    dist.geometricStiffness(mu, inextStart, 1, activeDist, xk, xHat, gVal, gPtr, inextStart, primal);
                }
            } else if (primal != null) {
                primal.kgCoef = null;
                primal.kgRhs = null;
            }
            try {
                if (primal != null) {
                    solvePrimal();
                } else {
                    solveRowSpace();
                }
                factorizations++;
            } catch (NotPositiveDefiniteException ex) {
                throw new SimulationException(name + ": the SPD system of eq. 3.30 lost definiteness at t="
                        + time + " s (" + ex.getMessage() + ")", ex);
            }
            for (int i = 0; i < n3; i++) {
                if (!Double.isFinite(xk[i])) {
                    throw new SimulationException(name + ": non-finite position at node " + (i / 3)
                            + " after Gauss-Newton iteration " + iterations + " at t=" + time + " s");
                }
            }
            strain = redStrain(xk, true);
            double stepScale = 1;
            if (iterations > 1 && strain > (springMode && newtonNow ? SPRING_ACCEPT : 1) * previousStrain) {
                stepScale = backtrack(strain);
                if (stepScale < 1) {
                    strain = backtrackStrain;
                }
            }
            if (newtonNow && !springMode) {
                tensionShift.choose(mu, inextStart, 1, alpha, inextStart, dist.rest, tol);
            }
            boolean newtonStalled = newtonNow && iterations > 1 && !springMode && !forceBalance
                    && (stepScale < 1 || strain > NEWTON_MIN_GAIN * previousStrain);
            for (int r = softStart; r < linStart; r++) {
                if (newtonNow) {
                    softLambda[r - softStart] = mu[r];
                } else {
                    softLambda[r - softStart] += stepScale * mu[r];
                }
            }
            if (newtonStalled) {
                // Far from the solution (a violent impact) Newton's steps can stall against the
                // strain backtracking; fast projection finishes from here, continuing with the
                // springs' multipliers Newton reached (they are the accumulated λ it expects).
                newtonNow = false;
                newtonFellBack = true;
            }
            int added = 0;
            int released = 0;
            if (pairs) {
                // A released pair row changes the solution: iterate at least once more without
                // it. (Not counting releases let projections of a folding sheet stop while rows
                // were still being released, and the run diverged at t = 0.3 s.)
                released = pairRows.releaseAdhesive(stepScale, newtonNow);
                added += released;
                added += pairRows.activateViolated(xk, SelfResponse.WAIT_SLACK * selfResponse.thickness(material));
            }
            boolean settled = true;
            if (springMode) {
                // the contact energy is smooth (SPRING_RAMP): a plane switching on or off at its
                // surface changes the system continuously, so it does not hold the projection
                // open; the flags only count the active contacts
                this.springs.update(xk, 0);
                added += colliderPass.detectSprings(this.springs, xStart, xk, stepDt, true);
                settled = iterations > 1 && newtonSettled();
            } else if (forceBalance) {
                settled = iterations > 1 && newtonSettled();
            }
            if (activeSet) {
                if (contacts.count > 0) {
                    contacts.releaseAdhesive(massEff, xk, force, stepScale);
                }
                // Nodes the iteration pushed into a collider become contacts (moved out to x_c);
                // the next iterations restore the constraints around them.
                added += colliderPass.collide(this.contacts, xStart, xk, stepDt, true, true, false, springMode);
            }
            previousStrain = strain;
            System.arraycopy(xk, 0, xPrevIterate, 0, n3);
            if (LOG.isLoggable(Level.FINEST)) {
                int wp = model.inextNodes[2 * worstIndex];
                LOG.finest(name + ": t=" + time + " iteration " + iterations + " strain " + strain
                        + " step scale " + stepScale + ", added " + added + ", released pairs " + released + ", pair rows "
                        + (pairs ? pairRows.activeCount() : 0) + ", spring residual " + springResidual()
                        + ", worst at " + xk[3 * wp] + " " + xk[3 * wp + 1] + " "
                        + xk[3 * wp + 2]);
            }
            if (strain <= tol && springResidual() <= tol && added == 0 && settled) {
                converged = true;
                break;
            }
        }
        if (newtonNow) {
            // the tensions this projection ended with: the next one's first geometric stiffness
            System.arraycopy(mu, inextStart, tension, 0, tension.length);
            tensionH = projH;
            for (int i = 0; i < correction.length; i++) {
                correction[i] = xk[i] - xHat[i];
            }
        }
        lastIterations = iterations;
        lastFactorizations = factorizations;
        spentIterations += iterations;
        spentFactorizations += factorizations;
        lastConverged = converged;
        lastStrain = strain;
        if (!converged && !(strain <= divergedStrain)) {
            throw new StepDiverged(StepDiverged.Reason.PROJECTION, name + ": the projection diverged at t=" + time
                    + " s (strain " + strain + " after " + iterations + " Gauss-Newton iterations); the state before"
                    + " the step is kept");
        }
    }

    /**
     * Right-hand sides of the rows that are exactly linear in x. Bending rows: √((a+b)/m_b)·(L x −
     * target) at x_target when {@code bendingAtTarget} (the first iteration, and every Newton
     * iteration, anchored at x̂); later fast-projection iterations are anchored at x_k itself and
     * only measure the change A(x − x_k), so their right-hand side is zero. Conforming and boundary
     * rows: g(x_target). Spring rows in fast projection: −α λ_prev, so that they solve
     * C_lin(x) = α (λ_prev + μ) and the accumulated force is kept (XPBD-style).
     */
    private void linearRowsRhs(boolean bendingAtTarget) {
        if (bendingAtTarget) {
            model.applyLaplacian(xTarget, lapTmp);
            for (int bn = 0; bn < model.bendNode.length; bn++) {
                double s = Math.sqrt((bendA + bendB) / model.bendMass[bn]);
                for (int c = 0; c < 3; c++) {
                    rhs[3 * bn + c] = s * (lapTmp[3 * bn + c] - bendTarget[3 * bn + c]);
                }
            }
        } else {
            Arrays.fill(rhs, 0, bendRows, 0.0);
        }
        for (int r = linStart; r < rowCount; r++) {
            double sum = 0;
            for (int e = gPtr[r]; e < gPtr[r + 1]; e++) {
                sum += gVal[e] * xTarget[gDof[e]];
            }
            rhs[r] = sum;
        }
        if (material.membraneStiffness() > 0 && !newtonNow) {
            for (int r = softStart; r < linStart; r++) {
                rhs[r] -= alpha[r] * softLambda[r - softStart];
            }
        }
    }

    /**
     * Backtracking on the constraint error: tries ½, ¼ and ⅛ of the step from the previous
     * iterate and keeps the one with the smallest red strain if it beats the full step's
     * {@code strain} (its strain then goes to {@link #backtrackStrain}).
     *
     * @return the step fraction kept (1: the full step)
     */
    private double backtrack(double strain) {
        int n3 = 3 * nodes;
        double best = strain;
        double bestScale = 1;
        for (double scale = 0.5; scale >= 0.125; scale *= 0.5) {
            for (int i = 0; i < n3; i++) {
                xTry[i] = xPrevIterate[i] + scale * (xk[i] - xPrevIterate[i]);
            }
            double e = redStrain(xTry, true);
            if (e < best) {
                best = e;
                bestScale = scale;
            }
        }
        if (bestScale < 1) {
            for (int i = 0; i < n3; i++) {
                xk[i] = xPrevIterate[i] + bestScale * (xk[i] - xPrevIterate[i]);
            }
            backtrackStrain = best;
        }
        return bestScale;
    }

    /** The red strain of the step fraction {@link #backtrack} kept. */
    private double backtrackStrain;

    /** Newton projections' multiplier shift of the most tense inextensibility rows. */
    private TensionShift tensionShift;
    /** How projections without contacts iterate; see {@link #setProjection}. */
    private ProjectionMode projection = ProjectionMode.AUTO;
    /** Whether this step's projections without contacts take Newton steps (from {@link #projection}). */
    private boolean newtonStep;
    private boolean newtonNow;
    /** Whether this projection started with Newton steps and switched to fast projection. */
    private boolean newtonFellBack;
    /**
     * A Newton iteration that does not at least shrink the strain by this factor (or needed
     * backtracking) hands the rest of the projection to fast projection.
     */
    static final double NEWTON_MIN_GAIN = 0.5;
    /**
     * Above this ratio of the bending rows' weight to the node masses ({@link #bendingDominance})
     * a Newton projection converges the forces as well as the strain: it ends only when its last
     * step moved the nodes by no more than {@link #newtonSettled} allows, and never hands over to
     * fast projection. Such a step is nearly static, so its result is set by the balance of bending
     * and gravity; stopping on the strain alone left that balance open, and the left-over force
     * became velocity (the cantilever test, docs/validation.md).
     */
    static final double FORCE_BALANCE_DOMINANCE = 30;

    /**
     * Membrane stiffness, N/m, below which the boundary constraints stay hard rows. Springs this
     * soft stand for a fabric's in-plane (shear) compliance rather than holding the red triangles
     * still; alone they let the boundary triangles fold (a cantilever strip at 1 N/m droops 11°
     * beyond the elastica), and with hard boundary rows the strip follows the thesis's model.
     * Stiffer springs (the default 10⁵ N/m) hold the boundary triangles themselves.
     */
    public static final double SOFT_MEMBRANE = 1e3;
    /**
     * Mean over the free bending nodes of the bending rows' diagonal weight over the node's mass,
     * (a+b)·Σ L²/m_bend / m, computed with the compliances when the step size changes.
     */
    private double bendingDominance;
    /** Multipliers of the distance rows at the end of the last Newton projection (warm start). */
    private double[] tension;
    /** x_k − x̂ at the end of the last Newton projection (the next step's warm start). */
    private double[] correction;
    /** The step h those multipliers belong to (0: none). */
    private double tensionH;
    /** The effective step h of the current step (dt, or 2/3 dt for BDF2). */
    private double projH;

    /**
     * Solves this iteration's system with the primal form ({@link PrimalSystem}): μ, the forces
     * Gᵀμ and the new iterate x_k = x_target − W Gᵀ μ.
     */
    private void solvePrimal() {
        for (int p = 0; p < nodes; p++) {
            omega[p] = massEff[p];
        }
        for (int ci = 0; ci < contacts.count; ci++) {
            int p = contacts.nodes[ci];
            omega[p] = massEff[p] * (1 + contacts.kappa[p]);
            for (int c = 0; c < 3; c++) {
                for (int c2 = 0; c2 < 3; c2++) {
                    projector[9 * p + 3 * c + c2] = contacts.crossW(p, c, c2, 1.0);
                }
            }
        }
        if (springMode) {
            springs.assemble(xTarget, xk, massEff, newtonNow);
            primal.setExtra(springs.blockNodes, springs.blockCount, springs.block, springs.blockRhs);
        } else {
            primal.setExtra(null, 0, null, null);
        }
        if (pairRows != null && pairRows.count() > 0) {
            pairRows.springs = springMode ? springs : null;
            pairRows.kgCoef = primal.kgCoef;
            pairRows.kgRhs = primal.kgRhs;
            pairRows.solve(gVal, alpha, rhs, xTarget, hardAlpha, omega, pinned, contacts.nodes, contacts.count,
                    projector, mu, zTmp);
        } else {
            primal.solve(gVal, alpha, rhs, omega, pinned, contacts.nodes, contacts.count, projector, mu, zTmp);
        }
        finishPrimal();
    }

    /** Number of registered cloth–cloth pair rows. */
    private int pairCount() {
        return pairRows == null ? 0 : pairRows.count();
    }

    /** Whether cloth–cloth contacts are registered as pair rows. */
    private boolean pairMode() {
        return selfContactPairs && primal != null && !pairFallback;
    }

    /** Set while a step is repeated with contact planes after pair rows failed. */
    private boolean pairFallback;

    /**
     * Chooses how the coupled step registers cloth–cloth contacts as constraints: relative pair
     * rows that keep a node and a triangle, or two edges, at least the proximity distance apart
     * (true, the default) or per-node planes at the corrected positions (false, the thesis's
     * n·(x − x_c) = 0); docs/solver.md has what was measured. Pair rows need the primal linear
     * solve (the default); with the row-space solve the planes are used.
     *
     * @param on whether to use pair rows
     */
    public void setSelfContactPairs(boolean on) {
        selfContactPairs = on;
    }

    /**
     * Chooses how projections without registered contacts iterate (every step's first projection,
     * and every projection of a cloth that touches nothing). Newton steps stay anchored at the
     * prediction x̂ and add the geometric stiffness Σ μ_i ∇²C_i of the stretched distance rows,
     * which the thesis's eq. 3.14 leaves out, starting from x̂ plus the previous step's correction:
     * about 1.2–1.4 iterations per step at tolerance 10⁻³ on the bench sheets,
     * falling back to fast projection for the rest of a projection when an iteration does not
     * halve the strain. Steps that take them also give the inextensibility rows the smaller D of
     * {@code inextCompliance}. {@link ProjectionMode#AUTO} (the default) takes them for a cloth
     * without colliders; docs/solver.md has the measurements behind it.
     *
     * @param mode the method (not null)
     */
    public void setProjection(ProjectionMode mode) {
        projection = Objects.requireNonNull(mode, "mode");
    }

    /** @return how projections without contacts iterate */
    public ProjectionMode projection() {
        return projection;
    }

    /** @return whether cloth–cloth contacts are registered as pair rows */
    public boolean selfContactPairs() {
        return selfContactPairs;
    }

    /** @return the number of cloth–cloth pair rows registered since the solver was created */
    public long selfContactRowsRegistered() {
        return selfResponse.rowsRegistered();
    }

    /** force = Gᵀμ and x_k = x_target − z after a primal solve. */
    private void finishPrimal() {
        computeForce();
        if (pairRows != null && pairRows.count() > 0) {
            pairRows.addForces(force);
        }
        int n3 = 3 * nodes;
        for (int i = 0; i < n3; i++) {
            xk[i] = xTarget[i] - zTmp[i];
        }
    }

    /** Solves this iteration's system by factoring the row-space matrix G W Gᵀ + D itself. */
    private void solveRowSpace() {
        rowSpace.solve(gVal, alpha, w, massEff, contacts, rhs, mu);
        computeForce();
        rowSpace.displace(xTarget, w, force, massEff, contacts, xk);
    }

    /** force = Gᵀ μ. */
    private void computeForce() {
        Arrays.fill(force, 0);
        for (int r = 0; r < rowCount; r++) {
            double m = mu[r];
            if (m == 0) {
                continue;
            }
            for (int e = gPtr[r]; e < gPtr[r + 1]; e++) {
                force[gDof[e]] += gVal[e] * m;
            }
        }
    }

    /**
     * Sets the metric W = M⁻¹ and the anchor of the iteration. The first iteration solves
     * eq. 3.21 anchored at the prediction x̂ with the bending energy. Later iterations follow
     * Goldenthal et al.'s fast projection: they are anchored at the current iterate x_k and only
     * correct the constraint error, moving as little as possible in the metric M + AᵀA of the
     * step's objective (the bending rows keep their weight but measure A(x − x_k)). Anchoring
     * every iteration at x̂ is an SQP without the constraints' curvature term Σλ∇²C and diverges
     * when tension dominates inertia (a hanging sheet at 60 Hz); fast projection converges
     * quadratically near the constraint manifold.
     *
     * @param first whether this is the first iteration of the step
     */
    private void projectionTarget(boolean first) {
        for (int p = 0; p < nodes; p++) {
            double m = massEff[p];
            double inv = Double.isInfinite(m) ? 0 : 1.0 / m;
            for (int c = 0; c < 3; c++) {
                int i = 3 * p + c;
                w[i] = inv;
                xTarget[i] = first || inv == 0 || newtonNow ? xHat[i] : xk[i];
            }
        }
        // Contact nodes (eq. 3.26/3.28 eliminated per node): the normal rows fix n_a·x = d_a, the
        // soft tangential rows add κ·m of stiffness towards the friction target x_s. The node's
        // metric becomes W = P/(m(1+κ)) with P the projector onto the tangent space, and its
        // anchor P(x̂ + f + κ x_s)/(1+κ) + Σ n_a d_a, where f is the friction displacement that
        // collision processing took off the node's tangential motion (eq. 3.27): the friction
        // impulse also acts on the prediction, so the soft rows and the inertia agree and a
        // sticking node does not creep.
        double[] cn = contacts.normal;
        for (int ci = 0; ci < contacts.count; ci++) {
            int p = contacts.nodes[ci];
            double inv = contacts.invMass(massEff, p);
            double kap = contacts.kappa[p];
            int k = contacts.normalCount[p];
            double[] t = scratchT;
            for (int c = 0; c < 3; c++) {
                int i = 3 * p + c;
                t[c] = first ? (xHat[i] + contacts.shift[i] + kap * contacts.stick[i]) / (1 + kap) : xk[i];
                contacts.anchor[i] = first ? xHat[i] + contacts.shift[i] : xk[i];
            }
            double[] target = scratchTarget;
            System.arraycopy(t, 0, target, 0, 3);
            for (int q = 0; q < k; q++) {
                int o = 9 * p + 3 * q;
                double dn = cn[o] * t[0] + cn[o + 1] * t[1] + cn[o + 2] * t[2];
                double shift = contacts.offset[3 * p + q] - dn;
                for (int c = 0; c < 3; c++) {
                    target[c] += shift * cn[o + c];
                }
            }
            for (int c = 0; c < 3; c++) {
                xTarget[3 * p + c] = target[c];
                w[3 * p + c] = contacts.crossW(p, c, c, inv);
            }
        }
    }

    /** Removes the step's contacts: the contact planes and the cloth–cloth pair rows. */
    private void clearContacts() {
        if (pairRows != null) {
            pairRows.clear();
        }
        contacts.clear();
    }

    /**
     * Cloth–cloth collision processing ({@link SelfCollisions}: proximity repulsion with friction,
     * continuous detection passes, rigid impact zones) on the path x⁽ⁿ⁾ → end. With
     * {@code register}, every red node the response moved gets a contact constraint along the
     * response's normal at its corrected position (eq. 3.26), like a collider contact.
     *
     * @return number of nodes the response moved
     */
    private int resolveSelf(double[] end, double dt, boolean register) {
        return resolveSelf(end, dt, register, 1.0);
    }

    /**
     * As {@link #resolveSelf(double[], double, boolean)}, with the proximity repulsion acting only
     * on pairs closer than {@code repulsionFraction} times the cloth–cloth thickness (the continuous
     * detection is unchanged).
     */
    private int resolveSelf(double[] end, double dt, boolean register, double repulsionFraction) {
        if (!selfCollisions) {
            return 0;
        }
        boolean registerRows = register && REGISTER_SELF_CONTACTS && pairMode();
        if (registerRows && pairRows == null) {
            pairRows = new SelfContactRows(nodes, rowCount, gPtr, gDof, inextStart, linStart, primal.permutation());
        }
        int moved = selfResponse.resolve(xStart, end, dt, material, register && REGISTER_SELF_CONTACTS, pairMode(),
                repulsionFraction, contacts, registerRows ? pairRows : null, time);
        if (LOG.isLoggable(Level.FINE)) {
            LOG.fine(name + ": t=" + time + " self: " + selfResponse.lastResult() + ", moved " + moved
                    + ", red strain after " + redStrain(end, false));
        }
        return moved;
    }

    /**
     * D of the inextensibility rows relative to the largest inverse node mass: 10⁻⁶ · min(1, 30/ρ̄),
     * ρ̄ the bending rows' dominance ({@link BendingDominance}): unchanged while node masses
     * dominate the metric the rows see, shrinking in proportion once the bending rows do (the
     * measurements behind 30 are in docs/solver.md). Computed when the step size changes.
     *
     * @param bendingWeight a + b of the bending rows (k·h² + damping·k·h)
     * @return the compliance factor of the inextensibility rows (and of the conforming rows in
     *     Newton steps)
     */
    private double inextCompliance(double bendingWeight) {
        bendingDominance = BendingDominance.of(model, pinned, massEff, bendingWeight);
        return HARD_COMPLIANCE * Math.min(1, 30 / bendingDominance);
    }

    /**
     * Boundary constraints (eq. 3.4) are hard rows when the membrane springs are off (the thesis's
     * model) or soft (below {@link #SOFT_MEMBRANE}: too weak to hold the boundary triangles). With
     * stiffer springs they are inert (zero row, μ = 0) and the springs hold the boundary triangles:
     * hard boundary rows on top of stiff springs make the projections near point pins converge
     * linearly (docs/solver.md, "Membrane springs"). Hard boundary rows keep the fixed hard
     * compliance even where the conforming rows' shrinks (scaled with the conforming rows, a fine
     * cantilever strip at 60 steps/s stopped converging and flailed).
     */
    private void activateBoundaryRows() {
        boolean inert = material.membraneStiffness() >= SOFT_MEMBRANE;
        for (int l = model.conformingCount; l < model.linearCount(); l++) {
            for (int c = 0; c < 3; c++) {
                int r = linStart + 3 * l + c;
                alpha[r] = inert ? 1.0 : hardAlpha;
                for (int e = gPtr[r], s = model.linPtr[l]; e < gPtr[r + 1]; e++, s++) {
                    gVal[e] = inert ? 0.0 : model.linCoef[s];
                }
            }
        }
    }

    /**
     * Largest residual of the spring rows of x_k relative to their rest length (see
     * {@link DistanceRows#springResidual}); 0 while the membrane is off (the rows are inert).
     */
    private double springResidual() {
        if (!(material.membraneStiffness() > 0)) {
            return 0;
        }
        return dist.springResidual(xk, alpha, softStart, softLambda);
    }

    /**
     * Largest relative error |l/d − 1| of the inextensibility constraints.
     *
     * @param pos node positions (not null)
     * @param freeOnly skip constraints whose two nodes are both pinned (the solver cannot move them)
     * @return the largest relative error (its constraint index goes to {@link #worstIndex})
     */
    private double redStrain(double[] pos, boolean freeOnly) {
        double worst = 0;
        for (int i = 0; i < model.inextRest.length; i++) {
            int p = model.inextNodes[2 * i];
            int r = model.inextNodes[2 * i + 1];
            if (freeOnly && pinned[p] && pinned[r]) {
                continue;
            }
            double e = Math.abs(ClothModel.dist(pos, p, r) / model.inextRest[i] - 1);
            if (e > worst || Double.isNaN(e)) {
                worst = e;
                worstIndex = i;
            }
        }
        return worst;
    }
}
