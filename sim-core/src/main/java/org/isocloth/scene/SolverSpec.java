package org.isocloth.scene;

import java.util.Objects;

/**
 * Solver settings of a scene (JSON object {@code "solver"}).
 *
 * @param integrator time integrator; default {@link Integrator#BE}
 * @param maxIterations largest number of solver iterations per time step (dimensionless), in
 *     [1, 1000]; default 20
 * @param collisions how contacts are solved; default {@link CollisionMode#COUPLED}
 * @param selfCollisions whether every cloth collides with itself (JSON {@code selfCollisions}, default true)
 * @param selfContactPairs whether the coupled step registers cloth–cloth contacts as relative pair
 *     rows instead of per-node planes (JSON {@code selfContactPairs}, default true; see
 *     {@code ClothSolver.setSelfContactPairs})
 * @param projection how projections without contacts iterate (JSON {@code projection}, default
 *     {@link ProjectionMethod#AUTO})
 * @param colliderContacts how coupled steps hold the contacts with colliders (JSON
 *     {@code colliderContacts}, default {@link ColliderContacts#PLANES})
 * @param collideAcrossMaterials whether cloths of different materials are simulated together and
 *     collide with each other, each keeping its material (JSON {@code collideAcrossMaterials},
 *     default false: only cloths of one material do; the previewer steps every cloth on its own)
 * @param friction how friction against colliders enters the step (JSON {@code friction}, default
 *     {@link FrictionMode#APPROXIMATE}; {@link FrictionMode#EXACT} needs {@link ColliderContacts#SPRINGS})
 * @param method which solver steps the cloths (JSON {@code method}, default {@link SolverMethod#ISOMETRIC})
 */
public record SolverSpec(Integrator integrator, int maxIterations, CollisionMode collisions,
        boolean selfCollisions, boolean selfContactPairs, ProjectionMethod projection,
        ColliderContacts colliderContacts, boolean collideAcrossMaterials, FrictionMode friction,
        SolverMethod method) {

    /** Default integrator: {@link Integrator#BE}. */
    public static final Integrator DEFAULT_INTEGRATOR = Integrator.BE;
    /** Default iteration limit: 20. */
    public static final int DEFAULT_MAX_ITERATIONS = 20;
    /** Default collision mode: {@link CollisionMode#COUPLED}. */
    public static final CollisionMode DEFAULT_COLLISIONS = CollisionMode.COUPLED;
    /** Default: every cloth collides with itself. */
    public static final boolean DEFAULT_SELF_COLLISIONS = true;
    /** Default: cloth–cloth contacts as relative pair rows. */
    public static final boolean DEFAULT_SELF_CONTACT_PAIRS = true;
    /** Default projection: {@link ProjectionMethod#AUTO}. */
    public static final ProjectionMethod DEFAULT_PROJECTION = ProjectionMethod.AUTO;
    /** Default collider contacts: {@link ColliderContacts#PLANES}. */
    public static final ColliderContacts DEFAULT_COLLIDER_CONTACTS = ColliderContacts.PLANES;
    /** Default: only cloths of one material collide with each other. */
    public static final boolean DEFAULT_COLLIDE_ACROSS_MATERIALS = false;
    /** Default friction: {@link FrictionMode#APPROXIMATE}. */
    public static final FrictionMode DEFAULT_FRICTION = FrictionMode.APPROXIMATE;
    /** Default method: {@link SolverMethod#ISOMETRIC}. */
    public static final SolverMethod DEFAULT_METHOD = SolverMethod.ISOMETRIC;

    /**
     * Settings of the isometric method.
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     * @param collisions see the record description
     * @param selfCollisions see the record description
     * @param selfContactPairs see the record description
     * @param projection see the record description
     * @param colliderContacts see the record description
     * @param collideAcrossMaterials see the record description
     * @param friction see the record description
     */
    public SolverSpec(Integrator integrator, int maxIterations, CollisionMode collisions, boolean selfCollisions,
            boolean selfContactPairs, ProjectionMethod projection, ColliderContacts colliderContacts,
            boolean collideAcrossMaterials, FrictionMode friction) {
        this(integrator, maxIterations, collisions, selfCollisions, selfContactPairs, projection, colliderContacts,
                collideAcrossMaterials, friction, DEFAULT_METHOD);
    }

    /**
     * Settings with the thesis's friction.
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     * @param collisions see the record description
     * @param selfCollisions see the record description
     * @param selfContactPairs see the record description
     * @param projection see the record description
     * @param colliderContacts see the record description
     * @param collideAcrossMaterials see the record description
     */
    public SolverSpec(Integrator integrator, int maxIterations, CollisionMode collisions, boolean selfCollisions,
            boolean selfContactPairs, ProjectionMethod projection, ColliderContacts colliderContacts,
            boolean collideAcrossMaterials) {
        this(integrator, maxIterations, collisions, selfCollisions, selfContactPairs, projection, colliderContacts,
                collideAcrossMaterials, DEFAULT_FRICTION);
    }

    /**
     * Settings in which only cloths of one material collide with each other.
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     * @param collisions see the record description
     * @param selfCollisions see the record description
     * @param selfContactPairs see the record description
     * @param projection see the record description
     * @param colliderContacts see the record description
     */
    public SolverSpec(Integrator integrator, int maxIterations, CollisionMode collisions, boolean selfCollisions,
            boolean selfContactPairs, ProjectionMethod projection, ColliderContacts colliderContacts) {
        this(integrator, maxIterations, collisions, selfCollisions, selfContactPairs, projection, colliderContacts,
                DEFAULT_COLLIDE_ACROSS_MATERIALS);
    }

    /**
     * Settings with the default collider contacts (planes).
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     * @param collisions see the record description
     * @param selfCollisions see the record description
     * @param selfContactPairs see the record description
     * @param projection see the record description
     */
    public SolverSpec(Integrator integrator, int maxIterations, CollisionMode collisions, boolean selfCollisions,
            boolean selfContactPairs, ProjectionMethod projection) {
        this(integrator, maxIterations, collisions, selfCollisions, selfContactPairs, projection,
                DEFAULT_COLLIDER_CONTACTS);
    }

    /**
     * Settings with the default projection method.
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     * @param collisions see the record description
     * @param selfCollisions see the record description
     * @param selfContactPairs see the record description
     */
    public SolverSpec(Integrator integrator, int maxIterations, CollisionMode collisions, boolean selfCollisions,
            boolean selfContactPairs) {
        this(integrator, maxIterations, collisions, selfCollisions, selfContactPairs, DEFAULT_PROJECTION);
    }

    /**
     * Settings with the default cloth–cloth contacts (pair rows).
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     * @param collisions see the record description
     * @param selfCollisions see the record description
     */
    public SolverSpec(Integrator integrator, int maxIterations, CollisionMode collisions, boolean selfCollisions) {
        this(integrator, maxIterations, collisions, selfCollisions, DEFAULT_SELF_CONTACT_PAIRS);
    }

    /**
     * Settings with the default collision mode.
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     */
    public SolverSpec(Integrator integrator, int maxIterations) {
        this(integrator, maxIterations, DEFAULT_COLLISIONS);
    }

    /**
     * Settings with cloth–cloth collisions on.
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     * @param collisions see the record description
     */
    public SolverSpec(Integrator integrator, int maxIterations, CollisionMode collisions) {
        this(integrator, maxIterations, collisions, DEFAULT_SELF_COLLISIONS);
    }

    /**
     * Checks the components.
     *
     * @param integrator see the record description
     * @param maxIterations see the record description
     * @param collisions see the record description
     * @throws NullPointerException if {@code integrator}, {@code collisions}, {@code projection},
     *     {@code colliderContacts} or {@code friction} is null
     * @throws IllegalArgumentException if {@code maxIterations} is outside [1, 1000], or friction is
     *     exact with contact planes
     */
    public SolverSpec {
        Objects.requireNonNull(integrator, "integrator");
        Check.require("maxIterations", Check.MAX_ITERATIONS.violation(maxIterations));
        Objects.requireNonNull(collisions, "collisions");
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(colliderContacts, "colliderContacts");
        Objects.requireNonNull(friction, "friction");
        Objects.requireNonNull(method, "method");
        Check.require("friction", friction == FrictionMode.EXACT && colliderContacts != ColliderContacts.SPRINGS
                ? "\"exact\" needs \"colliderContacts\": \"springs\" (got \"" + colliderContacts.jsonName() + "\")"
                : null);
    }

    /**
     * @return the settings used when a scene has no {@code "solver"} object: BE, 20 iterations,
     *     coupled collisions, automatic projection method, contact planes, only cloths of one
     *     material together
     */
    public static SolverSpec defaults() {
        return new SolverSpec(DEFAULT_INTEGRATOR, DEFAULT_MAX_ITERATIONS, DEFAULT_COLLISIONS, DEFAULT_SELF_COLLISIONS,
                DEFAULT_SELF_CONTACT_PAIRS, DEFAULT_PROJECTION, DEFAULT_COLLIDER_CONTACTS,
                DEFAULT_COLLIDE_ACROSS_MATERIALS, DEFAULT_FRICTION);
    }
}
