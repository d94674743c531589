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
 */
public record SolverOptions(ProjectionMode projection, ColliderContacts colliderContacts, SelfContacts selfContacts,
        LinearSystem linearSystem) {

    /** Newton projections where they apply, contact planes, cloth–cloth pair rows, the primal system. */
    public static final SolverOptions DEFAULTS = new SolverOptions(ProjectionMode.AUTO, ColliderContacts.PLANES,
            SelfContacts.PAIR_ROWS, LinearSystem.PRIMAL);

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

    /** Which form of eq. 3.30 is factored. */
    public enum LinearSystem {
        /** The position-space form, 3 rows per node ({@link PrimalSystem}). */
        PRIMAL,
        /** The row-space matrix G W Gᵀ + D itself ({@link RowSpaceSystem}), kept for comparison. */
        ROW_SPACE
    }

    /**
     * @throws NullPointerException if a choice is null
     */
    public SolverOptions {
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(colliderContacts, "colliderContacts");
        Objects.requireNonNull(selfContacts, "selfContacts");
        Objects.requireNonNull(linearSystem, "linearSystem");
    }

    /**
     * @param mode how projections without contacts iterate (not null)
     * @return a copy with that projection mode
     */
    public SolverOptions withProjection(ProjectionMode mode) {
        return new SolverOptions(mode, colliderContacts, selfContacts, linearSystem);
    }

    /**
     * @param contacts how collider contacts enter the coupled step (not null)
     * @return a copy with that choice
     */
    public SolverOptions withColliderContacts(ColliderContacts contacts) {
        return new SolverOptions(projection, contacts, selfContacts, linearSystem);
    }

    /**
     * @param contacts how cloth–cloth contacts enter the coupled step (not null)
     * @return a copy with that choice
     */
    public SolverOptions withSelfContacts(SelfContacts contacts) {
        return new SolverOptions(projection, colliderContacts, contacts, linearSystem);
    }

    /**
     * @param system which form of eq. 3.30 is factored (not null)
     * @return a copy with that choice
     */
    public SolverOptions withLinearSystem(LinearSystem system) {
        return new SolverOptions(projection, colliderContacts, selfContacts, system);
    }
}
