package org.isocloth.scene;

import org.isocloth.solver.SolverOptions;

/**
 * How a coupled step holds the contacts between cloth and colliders (JSON
 * {@code "solver": {"colliderContacts": ...}}); {@link SolverOptions.ColliderContacts} describes
 * each, and docs/solver.md compares them.
 *
 * <p>In scene files the method is written as its {@link #jsonName()} ({@code "planes"} or
 * {@code "springs"}, case-sensitive).
 */
public enum ColliderContacts {
    /**
     * The thesis's order: a contact-free projection, collision processing that registers per-node
     * contact planes, and another projection with them; JSON {@code "planes"} (the default).
     */
    PLANES("planes", SolverOptions.ColliderContacts.PLANES),
    /**
     * Contacts detected along the predicted path and held as one-sided springs inside the Newton
     * iterations; JSON {@code "springs"}.
     */
    SPRINGS("springs", SolverOptions.ColliderContacts.SPRINGS);

    private final String jsonName;
    private final SolverOptions.ColliderContacts option;

    ColliderContacts(String jsonName, SolverOptions.ColliderContacts option) {
        this.jsonName = jsonName;
        this.option = option;
    }

    /**
     * @return the spelling in scene files
     */
    public String jsonName() {
        return jsonName;
    }

    /**
     * @param option a solver option
     * @return the method that selects it
     */
    public static ColliderContacts of(SolverOptions.ColliderContacts option) {
        for (ColliderContacts c : values()) {
            if (c.option == option) {
                return c;
            }
        }
        throw new IllegalArgumentException("no scene method for " + option);
    }

    /**
     * @return the solver option this method selects
     */
    public SolverOptions.ColliderContacts option() {
        return option;
    }
}
