package org.isocloth.solver;

/**
 * How a cloth's projections without registered contacts iterate (every step's first projection,
 * and every projection of a cloth that touches nothing); projections with contacts always use
 * fast projection. See {@link ClothSolver#setProjection}.
 */
public enum ProjectionMode {
    /**
     * {@link #NEWTON} for a step in which no collider comes within reach of the cloth (a bounds
     * test, {@code ColliderReach}), {@link #FAST} for a step near a collider (the default).
     * Measured: Newton halves the iterations of free cloth, but on a shirt pressed by a walking
     * character's arms its first projections led the coupled projections into divergence
     * (docs/solver.md), where fast projection runs clean.
     */
    AUTO,
    /**
     * Newton steps: every iteration stays anchored at the prediction x̂, and the system includes
     * the distance rows' geometric stiffness Σ μ_i ∇²C_i, which the thesis's eq. 3.14 leaves out.
     * The first iterate starts as far from x̂ as the previous step's result lay from its own
     * prediction (a warm start). About 1.2–1.4 iterations per step at tolerance 10⁻³ on the
     * bench sheets. An iteration that does not halve the strain
     * hands the rest of the projection to fast projection.
     */
    NEWTON,
    /** Goldenthal's fast projection throughout: the first iteration solves the step, later ones only correct the constraints. */
    FAST
}
