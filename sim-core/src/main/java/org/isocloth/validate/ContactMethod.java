package org.isocloth.validate;

import org.isocloth.solver.ClothSolver;

/**
 * The ways of holding collider contacts and their friction that the friction cases compare
 * (docs/solver.md, "Collisions and friction in the step" and "Exact Coulomb friction").
 */
public enum ContactMethod {
    /** Contact planes with the thesis's friction (eq. 3.27/3.28), the scene default. */
    PLANES("planes"),
    /** Contact springs inside the Newton solve with the thesis's friction. */
    SPRINGS("springs"),
    /** Contact springs with exact Coulomb friction inside the Newton solve. */
    EXACT("exact");

    private final String label;

    ContactMethod(String label) {
        this.label = label;
    }

    /** @return the name the report's tables give it */
    public String label() {
        return label;
    }

    /**
     * Sets a solver up for this method.
     *
     * @param solver the solver (not null)
     */
    public void applyTo(ClothSolver solver) {
        solver.setContactSprings(this != PLANES);
        solver.setExactFriction(this == EXACT);
    }
}
