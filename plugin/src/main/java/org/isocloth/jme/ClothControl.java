package org.isocloth.jme;

import com.jme3.export.InputCapsule;
import com.jme3.export.JmeExporter;
import com.jme3.export.JmeImporter;
import com.jme3.export.OutputCapsule;
import com.jme3.export.Savable;
import com.jme3.math.Vector3f;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Spatial;
import com.jme3.scene.control.AbstractControl;
import com.jme3.util.clone.Cloner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.Fabric;
import org.isocloth.model.Limits;
import org.isocloth.model.RestShape;
import org.isocloth.model.Stretch;
import org.isocloth.solver.CollisionHandling;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.ProjectionMode;
import org.isocloth.solver.SolverOptions;
import org.isocloth.solver.SolverSettings;

/**
 * Makes a Geometry's triangle mesh an inextensible cloth simulated by {@link ClothAppState}.
 *
 * <p>When the state first sees the control it welds the mesh's vertices by position (UV seams and
 * hard-edge splits of glTF and OBJ meshes duplicate them), validates it, builds the 4:1 red/black
 * subdivision in world coordinates and replaces the Geometry's mesh with a subdivided render mesh
 * that keeps the seams (a vertex per node and texture coordinate), the texture coordinates, and
 * tangents if the original had them. Every simulated frame it writes positions, smooth normals
 * and tangents into that mesh in place (streamed buffers) and updates its bound. The original
 * mesh is kept (and saved) so that {@link #reset()}, loading and cloning start from it.
 *
 * <p>All parameters are SI units (see {@link ClothMaterial}); every setter checks its value against
 * the range a scene file's material and solver fields are checked against ({@link Limits}) and
 * throws {@link IllegalArgumentException} naming the field. A float argument is taken as the
 * decimal it prints as, so {@code setThickness(0.1f)} is the documented maximum 0.1 m. Changes
 * take effect at the next step; density and rest shape rebuild the model while keeping the
 * cloth's current motion.
 */
public class ClothControl extends AbstractControl {
    private static final Logger LOG = Logger.getLogger(ClothControl.class.getName());
    /** Scene updates without a simulating ClothAppState before the cloth warns. */
    static final int UNSIMULATED_WARNING_UPDATES = 3;
    private ClothMaterial material = ClothMaterial.DEFAULT;
    private Integrator integrator = Integrator.BACKWARD_EULER;
    private int maxIterations = 20;
    private CollisionHandling collisionHandling = CollisionHandling.COUPLED;
    private boolean selfCollisions = true;
    private ProjectionMode projection = ProjectionMode.AUTO;
    private SolverOptions.ColliderContacts colliderContacts = SolverOptions.ColliderContacts.PLANES;
    private SolverOptions.Friction friction = SolverOptions.Friction.APPROXIMATE;
    private SolverOptions.Method method = SolverOptions.Method.ISOMETRIC;
    /** Shape matching beyond a distance from the camera; its far/near state is runtime state. */
    private SolverLod lod = new SolverLod();
    /** The cloths of one ClothAppState with this group are simulated together; null: alone. */
    private String clothGroup;
    /** Whether the cloth feels the app state's per-triangle air forces. */
    private boolean airForces = true;
    private List<PinGroup> pins = new ArrayList<>();
    /** The mesh the Geometry had before this control subdivided it (null until built). */
    private Mesh originalMesh;

    // runtime state, not saved
    /** Incremented by every parameter change; the state compares it with what it applied. */
    private int parameterVersion;
    private int pinVersion;
    private boolean resetRequested;
    private ClothSimulation simulation;
    private volatile ClothStats stats = ClothStats.NONE;
    /** The one ClothAppState allowed to step this cloth (render thread). */
    private ClothAppState owner;
    /** Why the owner could not build the cloth, while it leaves it unsimulated for that; else null. */
    private String buildFailure;
    /** Scene updates in a row that found no ClothAppState simulating this cloth. */
    private int unsimulatedUpdates;

    /** A cloth with the default material (cotton-like) and no pins. */
    public ClothControl() {
    }

    /**
     * A cloth with the given material.
     *
     * @param material the material (not null)
     */
    public ClothControl(ClothMaterial material) {
        setClothMaterial(material);
    }

    // ------------------------------------------------------------------ material

    /**
     * @return the cloth's physical material (SI units); named apart from jME's
     *     {@code Geometry.getMaterial()}, the render Material
     */
    public ClothMaterial getClothMaterial() {
        return material;
    }

    /**
     * @param newMaterial the material (not null)
     */
    public void setClothMaterial(ClothMaterial newMaterial) {
        if (newMaterial == null) {
            throw new IllegalArgumentException(name() + ".material: must not be null");
        }
        material = newMaterial;
        parameterVersion++;
    }

    /**
     * Applies a fabric preset: density, bending stiffness, membrane stiffness, friction and
     * thickness of that fabric (docs/fabrics.md); rest shape, tolerance, damping and drag are kept.
     *
     * @param fabric the preset (not null)
     */
    public void setFabric(Fabric fabric) {
        if (fabric == null) {
            throw new IllegalArgumentException(name() + ".material.fabric: must not be null");
        }
        setClothMaterial(fabric.applyTo(material));
    }

    /**
     * @return the preset whose density, bending stiffness, membrane stiffness, friction and
     *     thickness the material has, or null when any of them was changed from a preset's
     */
    public Fabric getFabric() {
        ClothMaterial m = material;
        for (Fabric f : Fabric.values()) {
            if (f.applyTo(m).equals(m)) {
                return f;
            }
        }
        return null;
    }

    /** Applies a material made from a float argument taken as its decimal; ClothMaterial checks it. */
    private void material(float value, java.util.function.DoubleFunction<ClothMaterial> make) {
        try {
            setClothMaterial(make.apply(ParameterCheck.decimal(value)));
        } catch (InputException e) {
            throw new IllegalArgumentException(name() + "." + e.getMessage(), e);
        }
    }

    /** @return surface density, kg/m² */
    public float getDensity() {
        return (float) material.density();
    }

    /**
     * @param density surface density, kg/m² (in [0.001, 1000], {@link Limits#DENSITY}, which says
     *     why lighter cloth is refused; cotton ≈ 0.15, denim ≈ 0.4)
     */
    public void setDensity(float density) {
        material(density, material::withDensity);
    }

    /** @return flexural rigidity, N·m */
    public float getBendingStiffness() {
        return (float) material.bendingStiffness();
    }

    /**
     * @param stiffness flexural rigidity k, N·m (in [0, 1e6], {@link Limits#BENDING_STIFFNESS}; a
     *     sheet bent to radius R stores ½k/R² J/m²; silk ≈ 1e-6, cotton ≈ 1e-5, denim ≈ 1e-4,
     *     leather ≈ 1e-3)
     */
    public void setBendingStiffness(float stiffness) {
        material(stiffness, material::withBendingStiffness);
    }

    /** @return the bending length c = (k/(ρ g))^⅓ the cantilever test would measure, m */
    public float getBendingLength() {
        return (float) material.bendingLength();
    }

    /**
     * Sets the bending stiffness from the bending length a textile laboratory measures with the
     * cantilever test (ASTM D1388): k = ρ g c³ at the cloth's current density.
     *
     * @param length c in metres (in [0, 1], {@link Limits#BENDING_LENGTH}; fabrics measure 1–5 cm)
     */
    public void setBendingLength(float length) {
        material(length, material::withBendingLength);
    }

    /** @return the rest shape of the bending energy */
    public RestShape getRestShape() {
        return material.restShape();
    }

    /** @param shape FLAT (rests flat) or INITIAL (rests in the mesh's shape); not null */
    public void setRestShape(RestShape shape) {
        if (shape == null) {
            throw new IllegalArgumentException(name() + ".material.restShape: must not be null");
        }
        setClothMaterial(material.withRestShape(shape));
    }

    /** @return relative tolerance of the inextensibility constraints */
    public float getStrainTolerance() {
        return (float) material.strainTolerance();
    }

    /** @param tolerance relative strain tolerance (in (0, 0.5], {@link Limits#STRAIN_TOLERANCE}; default 0.001) */
    public void setStrainTolerance(float tolerance) {
        material(tolerance, material::withStrainTolerance);
    }

    /** @return bending damping time β, s */
    public float getDamping() {
        return (float) material.damping();
    }

    /**
     * @param damping bending damping time β, s (in [0, 100], {@link Limits#DAMPING}; a bending mode ω
     *     gets ζ = βω/2)
     */
    public void setDamping(float damping) {
        material(damping, material::withDamping);
    }

    /** @return linear air drag, kg/(m²·s) */
    public float getDrag() {
        return (float) material.drag();
    }

    /** @param drag linear air drag, kg/(m²·s) (in [0, 1000], {@link Limits#DRAG}; terminal speed ρg/drag) */
    public void setDrag(float drag) {
        material(drag, material::withDrag);
    }

    /** @return the elasticity of a stretchable cloth, or null for the isometric model (the default) */
    public Stretch getStretch() {
        return material.stretch();
    }

    /**
     * Chooses the cloth's model: a stretchable membrane with this elasticity (Young's modulus in
     * N/m and Poisson's ratio, {@link Stretch}), or null for the thesis's isometric model. A change
     * of model rebuilds the cloth's solver at the next frame, keeping its motion and pins.
     *
     * @param stretch the membrane's elasticity, or null
     */
    public void setStretch(Stretch stretch) {
        setClothMaterial(material.withStretch(stretch));
    }

    /** @return in-plane stiffness of the black-node edges, N/m */
    public float getMembraneStiffness() {
        return (float) material.membraneStiffness();
    }

    /**
     * @param stiffness in-plane stiffness of the black-node edges, N/m (in [0, 1e9],
     *     {@link Limits#MEMBRANE_STIFFNESS}; default 1e5)
     */
    public void setMembraneStiffness(float stiffness) {
        material(stiffness, material::withMembraneStiffness);
    }

    /** @return Coulomb friction coefficient */
    public float getFriction() {
        return (float) material.friction();
    }

    /** @param friction Coulomb friction coefficient (in [0, 10], {@link Limits#FRICTION}; cotton ≈ 0.3–0.6) */
    public void setFriction(float friction) {
        material(friction, material::withFriction);
    }

    /** @return collision thickness, m */
    public float getThickness() {
        return (float) material.thickness();
    }

    /** @param thickness collision thickness, m (in (0, 0.1], {@link Limits#THICKNESS}; default 0.005) */
    public void setThickness(float thickness) {
        material(thickness, material::withThickness);
    }

    // ------------------------------------------------------------------ solver

    /** @return the time integrator */
    public Integrator getIntegrator() {
        return integrator;
    }

    /** @param integrator BACKWARD_EULER (damps, robust) or BDF2 (keeps more energy); not null */
    public void setIntegrator(Integrator integrator) {
        if (integrator == null) {
            throw new IllegalArgumentException(name() + ".solver.integrator: must not be null");
        }
        this.integrator = integrator;
        parameterVersion++;
    }

    /** @return the Gauss-Newton iteration cap per step */
    public int getMaxIterations() {
        return maxIterations;
    }

    /** @param iterations Gauss-Newton iteration cap per step (in [1, 1000], {@link Limits#MAX_ITERATIONS}) */
    public void setMaxIterations(int iterations) {
        if (!Limits.MAX_ITERATIONS.contains(iterations)) {
            throw new IllegalArgumentException(name() + ".solver.maxIterations: must be in " + Limits.MAX_ITERATIONS
                    + " (got " + iterations + ")");
        }
        this.maxIterations = iterations;
        parameterVersion++;
    }

    /** @return how collisions enter the solve */
    public CollisionHandling getCollisionHandling() {
        return collisionHandling;
    }

    /** @param handling COUPLED (thesis Table 3.1) or STAGGERED; not null */
    public void setCollisionHandling(CollisionHandling handling) {
        if (handling == null) {
            throw new IllegalArgumentException(name() + ".solver.collisions: must not be null");
        }
        this.collisionHandling = handling;
        parameterVersion++;
    }

    /** @return whether the cloth collides with itself */
    public boolean isSelfCollisions() {
        return selfCollisions;
    }

    /** @param on whether the cloth collides with itself (default true) */
    public void setSelfCollisions(boolean on) {
        this.selfCollisions = on;
        parameterVersion++;
    }

    /** @return whether the cloth feels the app state's per-triangle air forces (default true) */
    public boolean isAirForces() {
        return airForces;
    }

    /**
     * Shelters the cloth from the air forces the app state sets
     * ({@link ClothAppState#setAerodynamics}), or exposes it again: a tablecloth indoors beside a
     * flag in the wind. The linear drag of the material ({@link #setDrag}) is not affected. For
     * cloths of a {@linkplain #setClothGroup group}, the first cloth's setting holds.
     *
     * @param on whether the cloth feels the air forces (default true)
     */
    public void setAirForces(boolean on) {
        airForces = on;
        parameterVersion++;
    }

    /** @return the cloth's group, or null when it is simulated alone (the default) */
    public String getClothGroup() {
        return clothGroup;
    }

    /**
     * Puts the cloth in a group: the cloths of one {@link ClothAppState} with the same group are
     * simulated as one system, so that they collide with each other as a cloth collides with
     * itself (a cape over a shirt, a jacket over a shirt, sheets dropped on each other). Each keeps
     * its own material, pins and render mesh; the group is stepped with the solver settings,
     * projection, collider contacts and {@linkplain #setSelfCollisions cloth–cloth contact} of its
     * first cloth in scene order (with cloth–cloth contact off, the cloths of the group do not
     * collide with each other either). A group costs about what its cloths cost apart when they do not
     * touch, but a step that fails restores them all. Cloths without a group (the default) are
     * simulated alone and pass through other cloths; the app state warns when it finds two such
     * cloths overlapping. Joining or leaving a group takes effect at the next frame, and the
     * cloths continue from where they were.
     *
     * @param group the group's name, or null to simulate the cloth alone
     * @throws IllegalArgumentException if the name is blank
     */
    public void setClothGroup(String group) {
        if (group != null && group.isBlank()) {
            throw new IllegalArgumentException(name() + ".clothGroup: must not be blank (null simulates the cloth"
                    + " alone)");
        }
        clothGroup = group;
    }

    /** @return how projections without contacts iterate */
    public ProjectionMode getProjection() {
        return projection;
    }

    /**
     * @param mode AUTO (the default: Newton steps while the cloth has no colliders, fast projection
     *     with colliders), NEWTON or FAST; see {@link org.isocloth.solver.ClothSolver#setProjection}; not null
     */
    public void setProjection(ProjectionMode mode) {
        if (mode == null) {
            throw new IllegalArgumentException(name() + ".solver.projection: must not be null");
        }
        this.projection = mode;
        parameterVersion++;
    }

    /** @return how coupled steps hold the contacts with colliders */
    public SolverOptions.ColliderContacts getColliderContacts() {
        return colliderContacts;
    }

    /**
     * @param contacts PLANES (the default: the thesis's contact planes, whose steps converge on the
     *     strain alone) or SPRINGS (one-sided springs inside the Newton solve, which keep a cape or
     *     garment pressed by a moving character closer to inextensible and take fewer iterations,
     *     but carry cloth resting on a collider that moves sideways less far than its friction
     *     should; see {@link org.isocloth.solver.ClothSolver#setContactSprings}); not null
     */
    public void setColliderContacts(SolverOptions.ColliderContacts contacts) {
        if (contacts == null) {
            throw new IllegalArgumentException(name() + ".solver.colliderContacts: must not be null");
        }
        this.colliderContacts = contacts;
        if (contacts != SolverOptions.ColliderContacts.SPRINGS) {
            friction = SolverOptions.Friction.APPROXIMATE;
        }
        parameterVersion++;
    }

    /** @return how friction against colliders enters the coupled step */
    public SolverOptions.Friction getFrictionMode() {
        return friction;
    }

    /**
     * @param mode APPROXIMATE (the default: the thesis's friction, bounded by each node's own
     *     weight and inertia) or EXACT (Coulomb's law inside the Newton solve, bounded by the whole
     *     normal force: a strip over a bar holds as the capstan equation says, and cloth resting
     *     on a collider that moves sideways is carried as far as its friction should carry it;
     *     EXACT also chooses {@link SolverOptions.ColliderContacts#SPRINGS}, the only contact
     *     method it works with, and {@link #setColliderContacts} with planes returns to
     *     APPROXIMATE; see {@link org.isocloth.solver.ClothSolver#setExactFriction}); not null
     */
    public void setFrictionMode(SolverOptions.Friction mode) {
        if (mode == null) {
            throw new IllegalArgumentException(name() + ".solver.friction: must not be null");
        }
        this.friction = mode;
        if (mode == SolverOptions.Friction.EXACT) {
            colliderContacts = SolverOptions.ColliderContacts.SPRINGS;
        }
        parameterVersion++;
    }

    /** @return which solver steps the cloth */
    public SolverOptions.Method getSolverMethod() {
        return method;
    }

    /**
     * Chooses which solver steps the cloth, live: ISOMETRIC (the default: the thesis's coupled
     * step, inextensible, several factorizations per step in contact) or SHAPE_MATCHING (the
     * real-time solver for games: position-based shape matching on the base mesh, far cheaper,
     * stretching by a few per cent, no cloth–cloth collisions; docs/solver.md, "Shape matching for
     * games"). The cloth continues from where it is.
     *
     * @param m the method (not null)
     */
    public void setSolverMethod(SolverOptions.Method m) {
        if (m == null) {
            throw new IllegalArgumentException(name() + ".solver.method: must not be null");
        }
        method = m;
        parameterVersion++;
    }

    /**
     * Steps the cloth by shape matching while it is farther than {@code distance} from the camera
     * of its {@link ClothAppState} ({@link ClothAppState#setLodCamera}) and by its own
     * {@linkplain #getSolverMethod() solver method} once back within 90 % of it: a level of detail
     * for cloth on characters far away (the walking shirt: 3 ms per step instead of 0.6 s). The
     * switch is live; coming near, the isometric solver first shortens the red edges that shape
     * matching left long (about 10 % on the walking shirt: three frames of 90–180 iterations,
     * docs/benchmarks.md).
     *
     * @param distance metres from the camera to the centre of the cloth's world bound, &gt; 0;
     *     {@code Float.POSITIVE_INFINITY} (the default) never switches
     */
    public void setShapeMatchingDistance(float distance) {
        boolean wasFar = lod.isFar();
        lod.setDistance(distance, name());
        if (wasFar != lod.isFar()) {
            parameterVersion++;
        }
    }

    /** @return the distance beyond which the cloth is stepped by shape matching (+∞: never) */
    public float getShapeMatchingDistance() {
        return lod.distance();
    }

    /**
     * @return the method that steps the cloth now: shape matching while it is beyond its
     *     {@linkplain #setShapeMatchingDistance shape-matching distance}, else its solver method
     */
    public SolverOptions.Method getEffectiveSolverMethod() {
        return lod.isFar() ? SolverOptions.Method.SHAPE_MATCHING : method;
    }

    /** Takes the camera's distance this frame (render thread, before the frame's steps). */
    void observeCamera(Vector3f cameraLocation) {
        if (spatial != null && lod.observe(spatial, cameraLocation)) {
            parameterVersion++;
        }
    }

    /** @return the solver settings these parameters make */
    public SolverSettings getSolverSettings() {
        return new SolverSettings(integrator, maxIterations, collisionHandling);
    }

    // ------------------------------------------------------------------ pins

    /**
     * Adds a pin group; takes effect at the next step (the nodes it selects are pinned where they
     * are then).
     *
     * @param group the group (not null)
     * @return this control
     */
    public ClothControl addPinGroup(PinGroup group) {
        if (group == null) {
            throw new IllegalArgumentException(name() + ".pins: a pin group must not be null");
        }
        pins.add(group);
        pinVersion++;
        return this;
    }

    /**
     * @param group the group to remove (its nodes are released at the next step)
     * @return whether it was there
     */
    public boolean removePinGroup(PinGroup group) {
        boolean removed = pins.remove(group);
        if (removed) {
            pinVersion++;
        }
        return removed;
    }

    /** Releases every pin at the next step. */
    public void clearPins() {
        pins.clear();
        pinVersion++;
    }

    /** @return the pin groups (unmodifiable view) */
    public List<PinGroup> getPinGroups() {
        return Collections.unmodifiableList(pins);
    }

    // ------------------------------------------------------------------ state

    /** Restarts the cloth from the original mesh at the next simulated frame. */
    public void reset() {
        resetRequested = true;
    }

    /** @return statistics of the last simulated frame (never null) */
    public ClothStats getStats() {
        return stats;
    }

    /** @return whether the cloth has been built (subdivided and simulated) */
    public boolean isBuilt() {
        return simulation != null;
    }

    /**
     * @return the subdivided model the cloth is simulated in: its own, or for a cloth in a
     *     {@linkplain #setClothGroup group} the model of all the group's cloths ({@link #getNodes}
     *     says which nodes are this cloth's); null before the cloth is built
     */
    public ClothModel getModel() {
        ClothSimulation s = simulation;
        return s == null ? null : s.model();
    }

    /**
     * @return this cloth's nodes in {@link #getModel()}, each once (all of them, in order, for a
     *     cloth simulated alone), or null before the cloth is built
     */
    public int[] getNodes() {
        ClothPiece p = piece();
        return p == null ? null : p.nodes().clone();
    }

    /**
     * Copies the node positions of the last applied frame, world coordinates, m.
     *
     * @return 3 values per node of {@link #getModel()} (for a cloth in a group, every cloth of the
     *     group), or null before the cloth is built
     */
    public double[] getNodePositions() {
        ClothSimulation s = simulation;
        return s == null ? null : s.displayedPositions().clone();
    }

    /** @return the mesh the Geometry had before subdivision, or null before the cloth is built */
    public Mesh getOriginalMesh() {
        return originalMesh;
    }

    /**
     * Whether the cloth is suspended: not simulated until {@link #reset()}, because its steps
     * failed {@link ClothAppState#getMaxConsecutiveFailures()} times in a row or could not be
     * prepared (a pin group that does not fit the mesh), or because it could not be built (its
     * mesh is not a valid cloth). The same value the {@link ClothListener}s are told.
     *
     * @return whether the cloth is suspended
     */
    public boolean isSuspended() {
        ClothSimulation s = simulation;
        return buildFailure != null || s != null && s.isSuspended();
    }

    // package-private plumbing for ClothAppState
    int parameterVersion() {
        return parameterVersion;
    }

    int pinVersion() {
        return pinVersion;
    }

    boolean takeResetRequest() {
        boolean r = resetRequested;
        resetRequested = false;
        return r;
    }

    ClothSimulation simulation() {
        return simulation;
    }

    void setSimulation(ClothSimulation s) {
        simulation = s;
    }

    /** @return this cloth's piece of its simulation, or null before it is built */
    ClothPiece piece() {
        ClothSimulation s = simulation;
        return s == null ? null : s.piece(this);
    }

    /** @return the ClothAppState that simulates this cloth, or null */
    ClothAppState owner() {
        return owner;
    }

    void setOwner(ClothAppState state) {
        owner = state;
    }

    /** @param failure why the owner could not build the cloth, or null once it no longer holds that */
    void setBuildFailure(String failure) {
        buildFailure = failure;
    }

    void setOriginalMesh(Mesh mesh) {
        originalMesh = mesh;
    }

    void setStats(ClothStats s) {
        stats = s;
    }

    /** @return the Geometry this control is on */
    public Geometry getGeometry() {
        return (Geometry) spatial;
    }

    String name() {
        return spatial == null ? "cloth" : "cloth '" + spatial.getName() + "'";
    }

    // ------------------------------------------------------------------ Control

    @Override
    public void setSpatial(Spatial newSpatial) {
        if (newSpatial != null && !(newSpatial instanceof Geometry)) {
            throw new IllegalArgumentException("ClothControl goes on a Geometry with a triangle mesh, not on "
                    + newSpatial.getClass().getSimpleName() + " '" + newSpatial.getName() + "'");
        }
        if (newSpatial == null && spatial != null && originalMesh != null) {
            // leaving the Geometry: give it its own mesh back
            ((Geometry) spatial).setMesh(originalMesh);
            originalMesh = null;
        }
        if (newSpatial != spatial) {
            simulation = null;
            buildFailure = null;
            stats = ClothStats.NONE;
        }
        super.setSpatial(newSpatial);
    }

    @Override
    protected void controlUpdate(float tpf) {
        // The simulation is stepped by a ClothAppState, which updates before the scene; a cloth
        // that no state has picked up by its third scene update says so, once.
        if (owner != null) {
            unsimulatedUpdates = 0;
        } else if (++unsimulatedUpdates == UNSIMULATED_WARNING_UPDATES) {
            LOG.log(Level.WARNING, "cloth ''{0}'': no ClothAppState simulates it, so it stays where it is; attach"
                    + " one (stateManager.attach(new ClothAppState())) whose roots contain the cloth's Geometry",
                    spatial == null ? "?" : spatial.getName());
        }
    }

    @Override
    protected void controlRender(RenderManager rm, ViewPort vp) {
        // nothing to do
    }

    @Override
    public void cloneFields(Cloner cloner, Object original) {
        super.cloneFields(cloner, original);
        List<PinGroup> copy = new ArrayList<>();
        for (PinGroup p : pins) {
            copy.add(cloner.clone(p));
        }
        pins = copy;
        lod = lod.copy();
        // the clone shares the (read-only) original mesh and builds its own simulation
        simulation = null;
        buildFailure = null;
        stats = ClothStats.NONE;
        resetRequested = false;
    }

    @Override
    public void write(JmeExporter ex) throws IOException {
        super.write(ex);
        OutputCapsule c = ex.getCapsule(this);
        ClothControlCapsule.write(c, this);
        c.writeSavableArrayList(new ArrayList<>(pins), "pins", null);
        c.write(originalMesh, "originalMesh", null);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void read(JmeImporter im) throws IOException {
        super.read(im);
        InputCapsule c = im.getCapsule(this);
        ClothControlCapsule.read(c, this);
        List<Savable> list = c.readSavableArrayList("pins", null);
        pins = new ArrayList<>();
        if (list != null) {
            for (Savable s : list) {
                pins.add((PinGroup) s);
            }
        }
        originalMesh = (Mesh) c.readSavable("originalMesh", null);
    }
}
