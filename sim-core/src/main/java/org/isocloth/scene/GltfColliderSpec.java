package org.isocloth.scene;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A static triangle-mesh collider read from a glTF 2.0 file, {@code .gltf} or {@code .glb} (JSON
 * {@code {"gltf": "path.glb"}}): every triangle primitive of the file's scene, in the pose its node
 * transforms give (a skinned character in its bind pose). It cannot have a {@code "motion"}; an
 * animated character is an {@link ObjSequenceSpec}.
 *
 * <p>The reader resolves a relative path against the directory of the scene file (and normalizes
 * it) and checks that the file exists.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param path the glTF file (not null)
 * @param friction see {@link ColliderSpec#friction()}
 */
public record GltfColliderSpec(String name, Path path, double friction) implements ColliderSpec {

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
    public GltfColliderSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        Objects.requireNonNull(path, "path");
        Check.require("friction", Check.optionalFriction(friction));
    }

    /** @return {@code "gltf"} */
    @Override
    public String kind() {
        return "gltf";
    }
}
