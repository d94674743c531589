package org.isocloth.scene;

import org.isocloth.solver.SolverOptions;

/**
 * Which solver steps a scene's cloths (JSON {@code "solver": {"method": ...}}):
 * {@link SolverOptions.Method} describes each, and docs/solver.md, "Shape matching for games",
 * compares them. Written as its {@link #jsonName()} ({@code "isometric"} or
 * {@code "shape-matching"}, case-sensitive).
 */
public enum SolverMethod {
    /** The thesis's coupled isometric step; JSON {@code "isometric"} (the default). */
    ISOMETRIC("isometric", SolverOptions.Method.ISOMETRIC),
    /** Real-time shape matching for games; JSON {@code "shape-matching"}. */
    SHAPE_MATCHING("shape-matching", SolverOptions.Method.SHAPE_MATCHING);

    private final String jsonName;
    private final SolverOptions.Method option;

    SolverMethod(String jsonName, SolverOptions.Method option) {
        this.jsonName = jsonName;
        this.option = option;
    }

    /** @return the spelling in scene files */
    public String jsonName() {
        return jsonName;
    }

    /** @return the solver option this method selects */
    public SolverOptions.Method option() {
        return option;
    }
}
