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
import org.isocloth.model.Aerodynamics;
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
 * <h2>Rows</h2>
 * In order ({@link SystemRows}): bending residuals, inextensibility (red–red), membrane springs
 * (black–red edges, compliance 1/(κh²), κ = Y·A/l₀²; Y = 0 gives the thesis's model), the elastic
 * rows of a stretchable cloth ({@link MembraneRows}, in place of the distance rows), conforming,
 * boundary.
 *
 * <h2>Linear solves</h2>
 * S is not factored itself: {@link PrimalSystem} solves the same equations in position space
 * (K z = Π Gᵀ D⁻¹ r with K = Π(M + Gᵀ D⁻¹ G)Π + I − Π, then μ = D⁻¹(r − G z)), a matrix of 3 rows
 * per node instead of one per row of G. The row-space factorization of S ({@link RowSpaceSystem})
 * stays available for comparison ({@link SolverOptions.LinearSystem#ROW_SPACE}) and is
 * tested to give the same multipliers. The pattern never changes, so its fill-reducing ordering and
 * symbolic analysis are done once ({@link SparseCholesky}); every iteration refactors numerically
 * and solves exactly (why factor reuse was rejected: docs/solver.md, "The linear solver").
 *
 * <h2>Shape matching</h2>
 * With {@link SolverOptions.Method#SHAPE_MATCHING} a step is {@link ShapeMatchingStep}'s instead:
 * position-based substeps on the same state, no system solved.
 *
 * <h2>Failure</h2>
 * Non-finite positions, a lost factorization, or a step that ends at the iteration cap with a red
 * strain above 25 % raise {@link SimulationException}; the state stays as it was before the step.
 */
public final class ClothSolver {
    static final Logger LOG = Logger.getLogger(ClothSolver.class.getName());
    /** A step whose red strain is still above this after the iteration cap has diverged. */
    static final double DIVERGED_STRAIN = 0.25;

    final ClothModel model;
    /** The rows of eq. 3.30: layout, weights, compliances. */
    final SystemRows rows;
    ClothMaterial material;
    /** Material of each piece of the model ({@link ClothModel#nodePiece}); {@link #material} combines them. */
    ClothMaterial[] materials;
    SolverSettings settings;
    final String name;
    final int nodes;

    final double[] x;
    final double[] v;
    final double[] xPrev;
    final double[] vPrev;
    boolean hasHistory;
    double time;
    final double[] gravity = {0, -9.81, 0};
    final double[] wind = new double[3];
    /** Per-triangle air forces, or null ({@link #setAerodynamics}). */
    Aerodynamics aerodynamics;
    AirForces airForces;
    final boolean[] pinned;
    final double[] pinTarget;

    /** The row-space form of the system, or null when the primal form is used. */
    final RowSpaceSystem rowSpace;
    /** The primal (position-space) form of the same system, or null when the row-space form is used. */
    final PrimalSystem primal;
    /** How steps are taken ({@link SolverOptions}); the linear system's form is fixed at construction. */
    private SolverOptions options;
    final double[] omega;
    final double[] projector;
    final double[] zTmp;

    // Work arrays.
    final double[] xTilde;
    final double[] xHat;
    final double[] xTarget;
    final double[] xTry;
    final double[] xPrevIterate;
    final double[] massEff;
    final double[] xDamp;
    final double[] w;
    final double[] xk;
    final double[] rhs;
    final double[] mu;
    /** Index of the worst inextensibility constraint found by the last {@link #redStrain} call. */
    int worstIndex;

    /** Tangential stiffness of a friction contact relative to the node's mass (eq. 3.28 softened). */
    static final double FRICTION_WEIGHT = 100;
    /** Collider (and cloth–cloth plane) contacts of the current step (thesis eq. 3.26/3.28). */
    final ContactPlanes contacts;
    /** Collision processing against the colliders and contact-spring detection. */
    final ColliderPass colliderPass;
    final double[] force;
    final double[] xStart;
    final double[] xCollided;
    /** The first projection's result, kept to repeat the second projection from it. */
    final double[] xProjected;
    List<Collider> colliders = List.of();
    double stepDt;

    /**
     * Creates a solver at the model's rest positions, at rest, with nothing pinned.
     *
     * @param name name used in messages (not null)
     * @param model the cloth (not null)
     * @param settings solver settings (not null)
     */
    public ClothSolver(String name, ClothModel model, SolverSettings settings) {
        this(name, model, settings, SolverOptions.DEFAULTS);
    }

    /**
     * Creates a solver at the model's rest positions, at rest, with nothing pinned, taking its
     * steps as the options say.
     *
     * @param name name used in messages (not null)
     * @param model the cloth (not null)
     * @param settings solver settings (not null)
     * @param options how steps are taken (not null)
     */
    public ClothSolver(String name, ClothModel model, SolverSettings settings, SolverOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.name = name;
        this.model = model;
        this.material = model.material;
        this.materials = model.pieceMaterials();
        this.settings = settings;
        this.nodes = model.nodeCount();
        int n3 = 3 * nodes;
        x = model.restPositions.clone();
        v = new double[n3];
        xPrev = new double[n3];
        vPrev = new double[n3];
        pinned = new boolean[nodes];
        pinTarget = x.clone();

        rows = new SystemRows(model);
        int rowCount = rows.rowCount;
        if (rows.membrane != null && options.linearSystem() != SolverOptions.LinearSystem.PRIMAL) {
            throw new IllegalArgumentException(name + ": a stretchable cloth needs the primal linear system");
        }

        if (options.linearSystem() == SolverOptions.LinearSystem.PRIMAL) {
            primal = new PrimalSystem(nodes, rowCount, rows.gPtr, rows.gDof, rows.inextStart, rows.linStart);
            primal.setMembraneRows(rows.femStart, rows.linStart);
            rowSpace = null;
        } else {
            primal = null;
            rowSpace = new RowSpaceSystem(nodes, rowCount, rows.gPtr, rows.gDof);
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
        tension = new double[rows.linStart - rows.inextStart];
        tensionShift = new TensionShift(rows.softStart - rows.inextStart);
        correction = new double[3 * nodes];
        gaussNewton = new GaussNewton(this);
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

    /**
     * Sets the per-triangle air forces ({@link Aerodynamics}: pressure drag, skin friction, lift and
     * turbulence from the wind relative to every triangle), on top of the material's linear drag.
     *
     * @param air the coefficients, or null for none (the default)
     */
    public void setAerodynamics(Aerodynamics air) {
        aerodynamics = air;
        if (air != null && airForces == null) {
            airForces = new AirForces(model);
        }
    }

    /** @return the per-triangle air forces' coefficients, or null when there are none */
    public Aerodynamics aerodynamics() {
        return aerodynamics;
    }

    /** @return a copy of the wind velocity, m/s */
    public double[] wind() {
        return wind.clone();
    }

    /**
     * Changes the material. Takes effect at the next step; the rest shape and density are those the
     * model was built with, and so is the model, isometric or stretchable ({@link ClothMaterial#stretch}).
     *
     * @param newMaterial the material (not null)
     * @throws IllegalArgumentException if the new material's model differs from the one the solver
     *     was built with
     */
    public void setMaterial(ClothMaterial newMaterial) {
        Objects.requireNonNull(newMaterial, "material");
        checkModel(newMaterial);
        java.util.Arrays.fill(materials, newMaterial);
        this.material = newMaterial;
        rows.invalidate();
    }

    /**
     * Changes the material of one piece of a model built from several ({@link ClothModel#pieceCount}).
     * Takes effect at the next step; the rest shape and density are those the model was built with.
     *
     * @param piece the piece, in [0, pieceCount)
     * @param newMaterial the material (not null)
     * @throws IllegalArgumentException if the new material's model differs from the one the solver
     *     was built with
     */
    public void setMaterial(int piece, ClothMaterial newMaterial) {
        Objects.requireNonNull(newMaterial, "material");
        Objects.checkIndex(piece, materials.length);
        checkModel(newMaterial);
        materials[piece] = newMaterial;
        this.material = ClothMaterial.combined(materials);
        rows.invalidate();
    }

    /** The model (isometric or stretchable) decides the rows of the system, built once. */
    private void checkModel(ClothMaterial m) {
        if (m.stretchable() != (rows.membrane != null)) {
            throw new IllegalArgumentException(name + ": the cloth was built " + model.material.modelName()
                    + " and cannot become " + m.modelName() + " (build a new solver for another model)");
        }
    }

    /**
     * @return the current material: the only piece's, or for a model of several pieces their
     *     {@linkplain ClothMaterial#combined combination}
     */
    public ClothMaterial material() {
        return material;
    }

    /**
     * @param piece a piece of the model, in [0, pieceCount)
     * @return that piece's current material
     */
    public ClothMaterial material(int piece) {
        return materials[Objects.checkIndex(piece, materials.length)];
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

    /** @return a copy of the state the next step starts from (see {@link SolverState}) */
    public SolverState snapshot() {
        return SolverState.of(this);
    }

    /**
     * Continues from a snapshot taken from a solver of the same cloth.
     *
     * @param s the snapshot (not null, unaffected)
     * @throws IllegalArgumentException if its arrays do not fit this cloth or hold non-finite
     *     values, or its time is not finite (the solver is unchanged then)
     */
    public void restore(SolverState s) {
        s.applyTo(this);
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
        if (options.method() == SolverOptions.Method.SHAPE_MATCHING) {
            shapeMatching = shapeMatching != null ? shapeMatching : new ShapeMatchingStep(this);
            return shapeMatching.step(dt);
        }
        spentIterations = 0;
        spentFactorizations = 0;
        StepResult r = halving.step(dt, 0);
        // count the work of attempts that were discarded (halved steps, fallbacks) too
        return new StepResult(spentIterations, r.converged(), r.redStrain(), spentFactorizations, r.contacts());
    }

    /**
     * One step of thesis Table 3.1, its stages in order: the prediction (line 1,
     * {@link Prediction#predict}), the rows of eq. 3.30 for this step size
     * ({@link SystemRows#prepare}), the first iterate ({@link Prediction#startProjections}), the
     * first projection (line 2, {@link GaussNewton#project}), with colliders or cloth–cloth
     * collisions the collision passes and coupled projections (lines 3–6, {@link PlaneStep#run}),
     * and the velocity update with the end-of-step checks (line 7, {@link StepCommit#finish}).
     * With contact springs lines 2–6 are {@link SpringStep#run}. {@link StepHalving} calls it.
     *
     * @param dt time step in seconds
     * @param forceBackwardEuler take a backward Euler step even where BDF2 could be taken
     * @return what the step did
     */
    StepResult stepOnce(double dt, boolean forceBackwardEuler) {
        boolean bdf2 = settings.integrator() == Integrator.BDF2 && hasHistory && !forceBackwardEuler;
        double h = bdf2 ? (2.0 / 3.0) * dt : dt;
        projH = h;
        colliderPass.set(colliders, materials);
        double maxInvMass = prediction.predict(dt, h, bdf2);
        ProjectionMode projection = options.projection();
        for (Collider c : colliders) {
            c.setInterval(time, time + dt);
        }
        boolean stretchable = rows.membrane != null;
        boolean coupled = primal != null && settings.collisions() == CollisionHandling.COUPLED;
        // a stretchable cloth's elastic rows are an energy: its projections are Newton iterations
        // anchored at x̂, and its contacts are springs inside them, cloth–cloth ones as pair rows
        boolean springStep = stretchable ? coupled && (!colliders.isEmpty() || selfCollisions)
                : contactSprings() && coupled && !colliders.isEmpty() && projection != ProjectionMode.FAST;
        boolean near = ColliderReach.within(this);
        newtonStep = stretchable || projection == ProjectionMode.NEWTON
                || projection == ProjectionMode.AUTO && (springStep || !near);
        double factor = near ? StepHalving.HALVING_STRAIN_FACTOR : StepHalving.FREE_HALVING_STRAIN_FACTOR;
        divergedStrain = mayHalve ? Math.min(DIVERGED_STRAIN, factor * material.strainTolerance()) : DIVERGED_STRAIN;
        if (!newtonStep) {
            tensionH = 0; // tensions are only kept while steps take Newton iterations
        }
        rows.prepare(materials, h, maxInvMass, newtonStep, springStep ? SpringStep.SPRING_COMPLIANCE : 1, pinned,
                massEff, xTilde, xDamp);
        prediction.startProjections(dt, h);
        if (springStep) {
            if (springStepper == null) {
                springStepper = new SpringStep(this);
            }
            return commit.finish(springStepper.run(dt, maxInvMass), dt, bdf2);
        }
        gaussNewton.project(maxInvMass, GaussNewton.Contacts.NONE);
        Progress pr = new Progress(lastIterations, lastFactorizations, lastConverged, lastStrain, 0);
        if (!colliders.isEmpty() || selfCollisions) {
            pr = planeStep.run(dt, maxInvMass, pr);
        }
        return commit.finish(pr, dt, bdf2);
    }

    /** The Gauss-Newton projection of lines 2 and 5. */
    final GaussNewton gaussNewton;
    /** The coupled step with contact planes. */
    private final PlaneStep planeStep = new PlaneStep(this);
    /** Halving of steps that diverge (the driver of {@link #step}). */
    private final StepHalving halving = new StepHalving(this);
    /** Table 3.1 line 1 and the first iterate. */
    private final Prediction prediction = new Prediction(this);
    /** Table 3.1 line 7 and the end-of-step checks. */
    private final StepCommit commit = new StepCommit(this);
    /** The step with contact springs, and the shape-matching step, each created on first use. */
    SpringStep springStepper;
    private ShapeMatchingStep shapeMatching;

    /**
     * Chooses how collider contacts enter the coupled step (Table 3.1, {@code collisions}
     * coupled). Off (the default): the thesis's order, a contact-free projection, collision
     * processing that moves nodes onto the collider and registers per-node contact planes, and a
     * second projection with them (fast projection). On: contact candidates are detected along the
     * predicted path before the first projection and held as one-sided springs inside Newton
     * iterations ({@link ContactSprings}); the collision passes afterwards only catch what the
     * projection missed. Measured figures and known problems are in docs/solver.md.
     *
     * @param on whether collider contacts are springs inside the Newton solve (off also returns
     *     friction to {@link SolverOptions.Friction#APPROXIMATE}: exact friction needs the springs)
     */
    public void setContactSprings(boolean on) {
        options = on ? options.withColliderContacts(SolverOptions.ColliderContacts.SPRINGS)
                : options.withContacts(SolverOptions.ColliderContacts.PLANES, SolverOptions.Friction.APPROXIMATE);
    }

    /**
     * Chooses exact Coulomb friction inside the Newton solve ({@link SolverOptions.Friction#EXACT};
     * on also holds collider contacts as springs, see {@link #setContactSprings}) or the thesis's
     * approximation (off, the default). docs/solver.md compares the two.
     *
     * @param on whether friction is exact
     */
    public void setExactFriction(boolean on) {
        options = options.withFriction(on ? SolverOptions.Friction.EXACT : SolverOptions.Friction.APPROXIMATE);
    }

    /** @return whether friction against colliders is exact Coulomb friction inside the Newton solve */
    public boolean exactFriction() {
        return options.friction() == SolverOptions.Friction.EXACT;
    }

    /** @return whether collider contacts are springs inside the Newton solve */
    public boolean contactSprings() {
        return options.colliderContacts() == SolverOptions.ColliderContacts.SPRINGS;
    }

    /** What the projections and collision passes of a step did. */
    record Progress(int iterations, int factorizations, boolean converged, double strain, int contacts) {
    }

    int lastIterations;
    /** Iterations and factorizations of every projection of the running {@link #step}, discarded attempts included. */
    int spentIterations;
    int spentFactorizations;
    /** Whether the last collision pass of the running step moved nodes after its last projection. */
    boolean movedAfterProjection;
    /** Whether the running step can no longer be halved. */
    boolean lastResort;
    boolean selfCollisions = true;
    /** Cloth–cloth collision processing and the registration of pair rows. */
    final SelfResponse selfResponse;
    /** Cloth–cloth contact rows of the running step (pair mode), created with the first. */
    SelfContactRows pairRows;
    /** The projected positions after their own cloth–cloth response (pair mode, line 3). */
    double[] xSelf;
    double divergedStrain = DIVERGED_STRAIN;
    /** Whether the running step may still be halved ({@link StepHalving}). */
    boolean mayHalve;
    int lastFactorizations;
    boolean lastConverged;
    double lastStrain;

    /** Newton projections' multiplier shift of the most tense inextensibility rows. */
    TensionShift tensionShift;
    /** Whether this step's projections without contacts take Newton steps (from {@link #projection}). */
    boolean newtonStep;

    /**
     * Membrane stiffness, N/m, below which the boundary constraints stay hard rows. Springs this
     * soft stand for a fabric's in-plane (shear) compliance rather than holding the red triangles
     * still; alone they let the boundary triangles fold (a cantilever strip at 1 N/m droops 11°
     * beyond the elastica), and with hard boundary rows the strip follows the thesis's model.
     * Stiffer springs (the default 10⁵ N/m) hold the boundary triangles themselves.
     */
    public static final double SOFT_MEMBRANE = 1e3;
    /** Multipliers of the distance rows at the end of the last Newton projection (warm start). */
    double[] tension;
    /** x_k − x̂ at the end of the last Newton projection (the next step's warm start). */
    double[] correction;
    /** The step h those multipliers belong to (0: none). */
    double tensionH;
    /** The effective step h of the current step (dt, or 2/3 dt for BDF2). */
    double projH;

    /** Number of registered cloth–cloth pair rows. */
    int pairCount() {
        return pairRows == null ? 0 : pairRows.count();
    }

    /** Whether cloth–cloth contacts are registered as pair rows. */
    boolean pairMode() {
        // a stretchable cloth always takes pair rows: contact planes would end its Newton iterations
        return (options.selfContacts() == SolverOptions.SelfContacts.PAIR_ROWS || rows.membrane != null)
                && primal != null && !pairFallback;
    }

    /** Set while a step is repeated with contact planes after pair rows failed. */
    boolean pairFallback;

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
        options = options.withSelfContacts(on ? SolverOptions.SelfContacts.PAIR_ROWS
                : SolverOptions.SelfContacts.PLANES);
    }

    /**
     * Chooses how projections without registered contacts iterate (every step's first projection,
     * and every projection of a cloth that touches nothing). Newton steps stay anchored at the
     * prediction x̂ and add the geometric stiffness Σ μ_i ∇²C_i of the stretched distance rows,
     * which the thesis's eq. 3.14 leaves out, starting from x̂ plus the previous step's correction:
     * about 1.2–1.4 iterations per step at tolerance 10⁻³ on the bench sheets,
     * falling back to fast projection for the rest of a projection when an iteration does not
     * halve the strain. Steps that take them also give the inextensibility rows the smaller D of
     * {@code SystemRows.inextCompliance}. {@link ProjectionMode#AUTO} (the default) takes them for a cloth
     * without colliders; docs/solver.md has the measurements behind it.
     *
     * @param mode the method (not null)
     */
    public void setProjection(ProjectionMode mode) {
        options = options.withProjection(Objects.requireNonNull(mode, "mode"));
    }

    /** @return how projections without contacts iterate */
    public ProjectionMode projection() {
        return options.projection();
    }

    /** @return whether cloth–cloth contacts are registered as pair rows */
    public boolean selfContactPairs() {
        return options.selfContacts() == SolverOptions.SelfContacts.PAIR_ROWS;
    }

    /** @return how this solver takes its steps */
    public SolverOptions options() {
        return options;
    }

    /**
     * Changes how the next steps are taken.
     *
     * @param newOptions the options (not null); their linear system must be the one this solver
     *     was built with
     * @throws IllegalArgumentException if the linear system differs
     */
    public void setOptions(SolverOptions newOptions) {
        Objects.requireNonNull(newOptions, "newOptions");
        if (newOptions.linearSystem() != options.linearSystem()) {
            throw new IllegalArgumentException(name + ": the linear system is fixed when the solver is built (it is "
                    + options.linearSystem() + ", asked for " + newOptions.linearSystem() + ")");
        }
        options = newOptions;
    }

    /** @return the number of cloth–cloth pair rows registered since the solver was created */
    public long selfContactRowsRegistered() {
        return selfResponse.rowsRegistered();
    }

    /** Removes the step's contacts: the contact planes and the cloth–cloth pair rows. */
    void clearContacts() {
        if (pairRows != null) {
            pairRows.clear();
        }
        contacts.clear();
    }

    /**
     * Largest relative error |l/d − 1| of the inextensibility constraints (0 for a stretchable cloth).
     *
     * @param pos node positions (not null)
     * @param freeOnly skip constraints whose two nodes are both pinned (the solver cannot move them)
     * @return the largest relative error (its constraint index goes to {@link #worstIndex})
     */
    double redStrain(double[] pos, boolean freeOnly) {
        double worst = 0;
        if (rows.membrane != null) {
            return worst; // a stretchable cloth has no inextensibility constraints
        }
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
