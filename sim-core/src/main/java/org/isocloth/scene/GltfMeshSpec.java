package org.isocloth.scene;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A cloth mesh loaded from a glTF 2.0 file, {@code .gltf} or {@code .glb} (JSON
 * {@code "mesh": {"gltf": "path.glb"}}): every triangle primitive of the file's scene, with its node
 * transforms applied and vertices split along UV seams welded ({@link org.isocloth.mesh.GltfReader}).
 *
 * <p>The reader resolves a relative path against the directory of the scene file (and normalizes
 * it); an absolute path is kept as written. Whether the file exists is not checked here.
 *
 * @param path the glTF file (not null)
 */
public record GltfMeshSpec(Path path) implements MeshSpec {
    /**
     * Checks the component.
     *
     * @param path see the record description
     * @throws NullPointerException if {@code path} is null
     */
    public GltfMeshSpec {
        Objects.requireNonNull(path, "path");
    }
}
