package org.isocloth.solver;

import java.util.Objects;

/**
 * How a {@link ClothSolver} takes its steps: the variants of thesis Table 3.1 that change the
 * method, not the physics the scene asks for (those are {@link SolverSettings} and the material).
 * Immutable; {@link #DEFAULTS} is what a solver starts with, and each {@code with…} method returns
 * a copy with one choice changed.
 *
 * @param projection how projections without contacts iterate (Newton steps, fast projection, or
 *     chosen per step)
 * @param colliderContacts how collider contacts enter the coupled step
 * @param selfContacts how cloth–cloth contacts enter the coupled step
 * @param linearSystem which form of eq. 3.30 is factored (fixed when the solver is built)
 * @param friction how friction against colliders enters the coupled step ({@link Friction#EXACT}
 *     needs {@link ColliderContacts#SPRINGS})
 * @param method which solver takes the steps: the thesis's ({@link Method#ISOMETRIC}) or the
 *     real-time shape matching for games ({@link Method#SHAPE_MATCHING})
 */
public record SolverOptions(ProjectionMode projection, ColliderContacts colliderContacts, SelfContacts selfContacts,
        LinearSystem linearSystem, Friction friction, Method method) {

    /**
     * Newton projections where they apply, contact planes, cloth–cloth pair rows, the primal
     * system, the thesis's friction.
     */
    public static final SolverOptions DEFAULTS = new SolverOptions(ProjectionMode.AUTO, ColliderContacts.PLANES,
            SelfContacts.PAIR_ROWS, LinearSystem.PRIMAL, Friction.APPROXIMATE, Method.ISOMETRIC);

    /** Which solver takes a cloth's steps (docs/solver.md, "Shape matching for games"). */
    public enum Method {
        /** The thesis's coupled step: Gauss-Newton projection, each iteration a sparse solve. */
        ISOMETRIC,
        /**
         * Real-time shape matching ({@link ShapeMatchingStep}): a few position-based iterations on
         * the base mesh, pulling each triangle towards its rest shape rotated into place, with
         * collisions as projections. Far cheaper, not inextensible: its strain is reported.
         */
        SHAPE_MATCHING
    }

    /** How collider contacts enter the coupled step (docs/solver.md, "Collisions and friction"). */
    public enum ColliderContacts {
        /**
         * The thesis's order: a contact-free projection, collision processing that moves nodes
         * onto the colliders and registers per-node contact planes (eq. 3.26/3.28 eliminated per
         * node), and a second projection with them.
         */
        PLANES,
        /**
         * Contact candidates detected along the predicted path before the first projection and
         * held as one-sided springs of a smooth energy inside Newton iterations
         * ({@link ContactSprings}); needs the primal system.
         */
        SPRINGS
    }

    /** How cloth–cloth contacts enter the coupled step. */
    public enum SelfContacts {
        /**
         * Each close pair of the subdivided mesh (a node and a triangle, or two edges) is a
         * unilateral row that keeps its separation ({@link SelfContactRows}); needs the primal
         * system.
         */
        PAIR_ROWS,
        /** Every node the cloth–cloth response moved gets a contact plane fixed in space. */
        PLANES
    }

    /** How friction against colliders enters the coupled step (docs/solver.md, "Exact Coulomb friction"). */
    public enum Friction {
        /**
         * The thesis's friction: eq. 3.27 bounds a node's tangential displacement by μ times the
         * normal correction of its own path over the step, and eq. 3.28 holds it there (a plane's
         * tangential weight, or a friction spring with contact springs). The normal force that
         * bounds it is the node's predicted push (its weight and inertia), not the pressure of the
         * cloth's tension.
         */
        APPROXIMATE,
        /**
         * Coulomb's law inside the Newton solve: each node's friction is the smoothed dissipation
         * potential μλ f₀(|slip|) with λ the normal force the linear solve balances, so that it
         * is bounded by μ times the whole normal force, tension included (a strip over a bar
         * holds as the capstan equation says). Needs {@link ColliderContacts#SPRINGS}.
         */
        EXACT
    }

    /** Which form of eq. 3.30 is factored. */
    public enum LinearSystem {
        /** The position-space form, 3 rows per node ({@link PrimalSystem}). */
        PRIMAL,
        /** The row-space matrix G W Gᵀ + D itself ({@link RowSpaceSystem}), kept for comparison. */
        ROW_SPACE
    }

    /**
     * @throws NullPointerException if a choice is null
     * @throws IllegalArgumentException if friction is exact and collider contacts are not springs
     */
    public SolverOptions {
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(colliderContacts, "colliderContacts");
        Objects.requireNonNull(selfContacts, "selfContacts");
        Objects.requireNonNull(linearSystem, "linearSystem");
        Objects.requireNonNull(friction, "friction");
        Objects.requireNonNull(method, "method");
        if (friction == Friction.EXACT && colliderContacts != ColliderContacts.SPRINGS) {
            throw new IllegalArgumentException("exact friction needs collider contacts as springs (got "
                    + colliderContacts + ")");
        }
    }

    /**
     * Options with the thesis's friction.
     *
     * @param projection see the record description
     * @param colliderContacts see the record description
     * @param selfContacts see the record description
     * @param linearSystem see the record description
     */
    public SolverOptions(ProjectionMode projection, ColliderContacts colliderContacts, SelfContacts selfContacts,
            LinearSystem linearSystem) {
        this(projection, colliderContacts, selfContacts, linearSystem, Friction.APPROXIMATE);
    }

    /**
     * Options of the isometric method.
     *
     * @param projection see the record description
     * @param colliderContacts see the record description
     * @param selfContacts see the record description
     * @param linearSystem see the record description
     * @param friction see the record description
     */
    public SolverOptions(ProjectionMode projection, ColliderContacts colliderContacts, SelfContacts selfContacts,
            LinearSystem linearSystem, Friction friction) {
        this(projection, colliderContacts, selfContacts, linearSystem, friction, Method.ISOMETRIC);
    }

    /**
     * @param m which solver takes the steps (not null)
     * @return a copy with that method
     */
    public SolverOptions withMethod(Method m) {
        return new SolverOptions(projection, colliderContacts, selfContacts, linearSystem, friction, m);
    }

    /**
     * @param mode how projections without contacts iterate (not null)
     * @return a copy with that projection mode
     */
    public SolverOptions withProjection(ProjectionMode mode) {
        return new SolverOptions(mode, colliderContacts, selfContacts, linearSystem, friction, method);
    }

    /**
     * @param contacts how collider contacts enter the coupled step (not null)
     * @return a copy with that choice
     * @throws IllegalArgumentException if friction is exact and {@code contacts} is not springs
     */
    public SolverOptions withColliderContacts(ColliderContacts contacts) {
        return new SolverOptions(projection, contacts, selfContacts, linearSystem, friction, method);
    }

    /**
     * Chooses collider contacts and their friction together (switching exact friction to contact
     * planes one choice at a time would pass through a combination that does not exist).
     *
     * @param contacts how collider contacts enter the coupled step (not null)
     * @param mode how friction enters it (not null)
     * @return a copy with both choices
     * @throws IllegalArgumentException if {@code mode} is exact and {@code contacts} is not springs
     */
    public SolverOptions withContacts(ColliderContacts contacts, Friction mode) {
        return new SolverOptions(projection, contacts, selfContacts, linearSystem, mode, method);
    }

    /**
     * @param mode how friction enters the coupled step (not null); {@link Friction#EXACT} also
     *     chooses collider contacts as springs, the only method it works with
     * @return a copy with that choice
     */
    public SolverOptions withFriction(Friction mode) {
        return new SolverOptions(projection, mode == Friction.EXACT ? ColliderContacts.SPRINGS : colliderContacts,
                selfContacts, linearSystem, mode, method);
    }

    /**
     * @param contacts how cloth–cloth contacts enter the coupled step (not null)
     * @return a copy with that choice
     */
    public SolverOptions withSelfContacts(SelfContacts contacts) {
        return new SolverOptions(projection, colliderContacts, contacts, linearSystem, friction, method);
    }

    /**
     * @param system which form of eq. 3.30 is factored (not null)
     * @return a copy with that choice
     */
    public SolverOptions withLinearSystem(LinearSystem system) {
        return new SolverOptions(projection, colliderContacts, selfContacts, system, friction, method);
    }
}
