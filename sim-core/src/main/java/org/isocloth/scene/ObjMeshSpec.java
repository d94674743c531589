package org.isocloth.scene;

import java.util.Objects;
import java.nio.file.Path;

/**
 * A cloth mesh loaded from a Wavefront OBJ file (JSON {@code "mesh": {"obj": "path.obj"}}).
 *
 * <p>The reader resolves a relative path against the directory of the scene file (and normalizes
 * it); an absolute path is kept as written. Whether the file exists is not checked here.
 *
 * @param path the OBJ file (not null)
 */
public record ObjMeshSpec(Path path) implements MeshSpec {

    /**
     * Checks and copies the components.
     *
     * @param path see the record description
     * @throws NullPointerException if {@code path} is null
     */
    public ObjMeshSpec {
        Objects.requireNonNull(path, "path");
    }
}
