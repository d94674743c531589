package org.isocloth.scene;

/**
 * Where a cloth's mesh comes from (JSON object {@code "mesh"} with exactly one of
 * {@code "grid"} or {@code "obj"}).
 */
public sealed interface MeshSpec permits GridSpec, ObjMeshSpec, GltfMeshSpec {
}
