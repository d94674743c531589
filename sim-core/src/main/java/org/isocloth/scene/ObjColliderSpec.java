package org.isocloth.scene;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A static triangle-mesh collider read from a Wavefront OBJ file (JSON
 * {@code {"obj": "path.obj"}}). It cannot have a {@code "motion"}; use {@link ObjSequenceSpec} for
 * an animated mesh.
 *
 * <p>The reader resolves a relative path against the directory of the scene file (and normalizes
 * it) and checks that the file exists.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param path the OBJ file (not null)
 * @param friction see {@link ColliderSpec#friction()}
 */
public record ObjColliderSpec(String name, Path path, double friction) implements ColliderSpec {

    /**
     * Checks the components.
     *
     * @param name see the record description
     * @param path see the record description
     * @param friction see the record description
     * @throws NullPointerException if {@code name} or {@code path} is null
     * @throws IllegalArgumentException if {@code name} is blank or {@code friction} is out of
     *     range
     */
    public ObjColliderSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        Objects.requireNonNull(path, "path");
        Check.require("friction", Check.optionalFriction(friction));
    }

    /** @return {@code "obj"} */
    @Override
    public String kind() {
        return "obj";
    }
}
