package org.isocloth.mesh;

import java.util.List;
import java.util.Objects;

/**
 * A validated mesh together with the non-fatal problems that were repaired or skipped while
 * loading it, and the mapping from the vertex indices of the raw input to those of the mesh.
 */
public final class MeshLoadResult {
    /** The validated mesh; not null. */
    public final TriMesh mesh;
    /**
     * One-line messages naming the source and what was done, for example {@code "cape.obj: welded
     * 12 duplicate vertices"}; unmodifiable, not null, empty when nothing needed attention.
     */
    public final List<String> warnings;
    /**
     * For every vertex of the raw input (for OBJ files: the {@code v} statements in file order,
     * 0-based), its index in {@link #mesh}, or -1 if it was removed because no triangle used it.
     * Welded duplicates map to the same index. Not null; treat as read-only.
     */
    public final int[] vertexMap;

    /**
     * @param mesh the validated mesh; not null
     * @param warnings one-line warning messages; not null, copied
     * @param vertexMap raw vertex index to mesh vertex index (or -1); not null, not copied
     * @throws NullPointerException if an argument or a warning is null
     */
    public MeshLoadResult(TriMesh mesh, List<String> warnings, int[] vertexMap) {
        this.mesh = Objects.requireNonNull(mesh, "mesh");
        this.warnings = List.copyOf(warnings);
        this.vertexMap = Objects.requireNonNull(vertexMap, "vertexMap");
    }

    /** @return the validated mesh; not null */
    public TriMesh mesh() {
        return mesh;
    }

    /** @return the unmodifiable list of one-line warnings; not null, possibly empty */
    public List<String> warnings() {
        return warnings;
    }

    /** @return raw vertex index to mesh vertex index, -1 for removed vertices (the field itself) */
    public int[] vertexMap() {
        return vertexMap;
    }
}
