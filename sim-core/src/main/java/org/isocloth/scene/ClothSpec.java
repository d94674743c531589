package org.isocloth.scene;

import java.util.List;
import java.util.Objects;

/**
 * One cloth of a scene (an element of the JSON array {@code "cloths"}).
 *
 * @param name name of the cloth, not blank; the reader's default is {@code "cloth<i>"} where
 *     {@code i} is the cloth's 0-based index in {@code "cloths"}
 * @param mesh where the mesh comes from (required in scene files)
 * @param material material; default {@link MaterialSpec#defaults()}
 * @param pins pins, an unmodifiable list (possibly empty, the default)
 * @param selfCollisions whether this cloth collides with itself (JSON {@code selfCollisions}), or
 *     null (the default) for the scene's {@code solver.selfCollisions}
 * @param aerodynamics whether this cloth feels the scene's per-triangle air forces, when the scene
 *     has them (JSON {@code aerodynamics}, default true): false shelters it (a tablecloth indoors
 *     beside a flag in the wind)
 */
public record ClothSpec(String name, MeshSpec mesh, MaterialSpec material, List<PinSpec> pins, Boolean selfCollisions,
        boolean aerodynamics) {

    /**
     * A cloth that follows the scene's {@code solver.selfCollisions}.
     *
     * @param name see the record description
     * @param mesh see the record description
     * @param material see the record description
     * @param pins see the record description
     */
    public ClothSpec(String name, MeshSpec mesh, MaterialSpec material, List<PinSpec> pins) {
        this(name, mesh, material, pins, null);
    }

    /**
     * A cloth that feels the scene's air forces.
     *
     * @param name see the record description
     * @param mesh see the record description
     * @param material see the record description
     * @param pins see the record description
     * @param selfCollisions see the record description
     */
    public ClothSpec(String name, MeshSpec mesh, MaterialSpec material, List<PinSpec> pins, Boolean selfCollisions) {
        this(name, mesh, material, pins, selfCollisions, true);
    }

    /**
     * Whether this cloth collides with itself in a scene.
     *
     * @param solver the scene's solver settings (not null)
     * @return {@link #selfCollisions()} if set, else the solver's setting
     */
    public boolean selfCollisionsIn(SolverSpec solver) {
        return selfCollisions != null ? selfCollisions : solver.selfCollisions();
    }

    /**
     * Checks and copies the components.
     *
     * @param name see the record description
     * @param mesh see the record description
     * @param material see the record description
     * @param pins see the record description
     * @param selfCollisions see the record description
     * @param aerodynamics see the record description
     * @throws NullPointerException if an argument or a pin is null
     * @throws IllegalArgumentException if {@code name} is blank
     */
    public ClothSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(material, "material");
        pins = List.copyOf(pins);
    }
}
