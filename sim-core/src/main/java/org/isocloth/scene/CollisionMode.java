package org.isocloth.scene;

/**
 * How the solver treats contacts with colliders and between cloths (JSON
 * {@code "solver": {"collisions": ...}}).
 *
 * <p>In scene files the mode is written as its {@link #jsonName()} ({@code "coupled"} or
 * {@code "staggered"}, case-sensitive).
 */
public enum CollisionMode {
    /**
     * Contacts are constraints of each step's solve, projected together with the
     * inextensibility constraints; JSON {@code "coupled"} (the default).
     */
    COUPLED("coupled"),
    /**
     * Each step is first solved without contacts, then positions and velocities are corrected
     * for the contacts in a separate pass; JSON {@code "staggered"}.
     */
    STAGGERED("staggered");

    private final String jsonName;

    CollisionMode(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * @return the spelling in scene files
     */
    public String jsonName() {
        return jsonName;
    }
}
