package org.isocloth.scene;

/**
 * The shape a cloth's bending energy regards as undeformed.
 *
 * <p>In scene files written as its {@link #jsonName()}, {@code "flat"} or {@code "initial"}
 * (case-sensitive).
 */
public enum RestShape {
    /** The cloth rests flat: zero rest curvature everywhere; JSON {@code "flat"}. */
    FLAT("flat"),
    /**
     * The cloth rests in the shape it starts in (rest curvature of the initial mesh); JSON
     * {@code "initial"}.
     */
    INITIAL("initial");

    private final String jsonName;

    RestShape(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * @return the spelling in scene files
     */
    public String jsonName() {
        return jsonName;
    }
}
