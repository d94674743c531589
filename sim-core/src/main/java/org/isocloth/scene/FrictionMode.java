package org.isocloth.scene;

import org.isocloth.solver.SolverOptions;

/**
 * How friction against colliders enters a coupled step (JSON {@code "solver": {"friction": ...}});
 * {@link SolverOptions.Friction} describes each, and docs/solver.md compares them.
 *
 * <p>In scene files the mode is written as its {@link #jsonName()} ({@code "approximate"} or
 * {@code "exact"}, case-sensitive). The friction coefficient itself is the material's (or the
 * collider's) {@code "friction"}.
 */
public enum FrictionMode {
    /** The thesis's friction (eq. 3.27/3.28); JSON {@code "approximate"} (the default). */
    APPROXIMATE("approximate", SolverOptions.Friction.APPROXIMATE),
    /**
     * Coulomb's law inside the Newton solve, bounded by the whole normal force; JSON
     * {@code "exact"}. Needs collider contacts as springs, which it chooses when the scene names
     * none.
     */
    EXACT("exact", SolverOptions.Friction.EXACT);

    private final String jsonName;
    private final SolverOptions.Friction option;

    FrictionMode(String jsonName, SolverOptions.Friction option) {
        this.jsonName = jsonName;
        this.option = option;
    }

    /** @return the spelling in scene files */
    public String jsonName() {
        return jsonName;
    }

    /**
     * @param option a solver option (not null)
     * @return the mode that selects it
     */
    public static FrictionMode of(SolverOptions.Friction option) {
        return option == SolverOptions.Friction.EXACT ? EXACT : APPROXIMATE;
    }

    /** @return the solver option this mode selects */
    public SolverOptions.Friction option() {
        return option;
    }
}
