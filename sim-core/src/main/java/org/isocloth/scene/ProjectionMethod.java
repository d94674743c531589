package org.isocloth.scene;

/**
 * How the Gauss-Newton projection iterates where no contact is registered (JSON
 * {@code "solver": {"projection": ...}}); the solver's {@code ProjectionMode} describes each.
 *
 * <p>In scene files the method is written as its {@link #jsonName()} ({@code "auto"},
 * {@code "newton"} or {@code "fast"}, case-sensitive).
 */
public enum ProjectionMethod {
    /** Newton steps for cloths without colliders, fast projection for the others; JSON {@code "auto"} (the default). */
    AUTO("auto"),
    /** Newton steps with the constraints' geometric stiffness for every cloth; JSON {@code "newton"}. */
    NEWTON("newton"),
    /** Goldenthal's fast projection for every cloth, with or without colliders; JSON {@code "fast"}. */
    FAST("fast");

    private final String jsonName;

    ProjectionMethod(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * @return the spelling in scene files
     */
    public String jsonName() {
        return jsonName;
    }

    /** @return the solver's mode of the same name */
    public org.isocloth.solver.ProjectionMode mode() {
        return org.isocloth.solver.ProjectionMode.valueOf(name());
    }

    /**
     * @param mode a solver mode (not null)
     * @return the scene method of the same name
     */
    public static ProjectionMethod of(org.isocloth.solver.ProjectionMode mode) {
        return valueOf(mode.name());
    }
}
