package org.isocloth.scene;

/**
 * Time integrator of the cloth solver.
 *
 * <p>In scene files the integrator is written as its {@link #jsonName()} ({@code "BE"} or
 * {@code "BDF2"}, case-sensitive); the reader also accepts {@code "backwardEuler"} for {@link #BE}.
 */
public enum Integrator {
    /** Backward (implicit) Euler, first order; JSON {@code "BE"}, alias {@code "backwardEuler"}. */
    BE("BE"),
    /** Second-order backward differentiation formula; JSON {@code "BDF2"}. */
    BDF2("BDF2");

    private final String jsonName;

    Integrator(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * @return the canonical spelling in scene files
     */
    public String jsonName() {
        return jsonName;
    }
}
