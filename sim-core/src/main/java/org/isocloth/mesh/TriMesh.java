package org.isocloth.mesh;

import java.util.Objects;

/**
 * A triangle mesh stored in flat arrays.
 *
 * <p>Vertex {@code v} has position {@code (positions[3v], positions[3v+1], positions[3v+2])} in
 * metres. Triangle {@code t} has vertex indices {@code triangles[3t .. 3t+2]}, 0-based, ordered
 * counter-clockwise when seen from the front side, so that {@code (p1 - p0) × (p2 - p0)} points
 * to the front. When the mesh has texture coordinates, UV entry {@code k} is {@code (uvs[2k],
 * uvs[2k+1])} and the corners of triangle {@code t} use the UV entries {@code triangleUvs[3t ..
 * 3t+2]}; UVs are indexed per triangle corner, so seams in UV space do not split vertices.
 *
 * <p>The class is immutable by convention: the arrays are exposed for speed and are neither
 * copied nor checked for content here, so callers must not modify them after construction.
 * The constructor checks only the array shapes. Content rules (finite coordinates within
 * {@link MeshValidator#MAX_COORDINATE}, indices in range, manifold, consistent winding) are
 * enforced by {@link MeshValidator}; every mesh returned
 * by {@link ObjReader} or {@link GridMesh} has passed it.
 */
public final class TriMesh {
    /** Vertex positions in metres, 3 per vertex (x, y, z); not null. */
    public final double[] positions;
    /** Vertex indices, 3 per triangle, 0-based, counter-clockwise seen from the front; not null. */
    public final int[] triangles;
    /** Texture coordinates, 2 per UV entry (u, v); length 0 when the mesh has none; not null. */
    public final double[] uvs;
    /**
     * UV-entry indices into {@link #uvs}, 3 per triangle (one per corner, parallel to {@link
     * #triangles}); {@code null} when the mesh has no UVs.
     */
    public final int[] triangleUvs;
    /** Where the mesh came from, used in messages: a file name or {@code "grid"}; not null. */
    public final String source;

    private static final double[] NO_UVS = new double[0];

    /**
     * Creates a mesh over the given arrays (not copied).
     *
     * @param positions vertex positions in metres, 3 per vertex; not null, length a multiple of 3
     * @param triangles vertex indices, 3 per triangle; not null, length a multiple of 3
     * @param uvs texture coordinates, 2 per entry; may be null (treated as empty), length a
     *     multiple of 2
     * @param triangleUvs UV-entry indices, 3 per triangle; null when the mesh has no UVs, otherwise
     *     the same length as {@code triangles}
     * @param source file name or {@code "grid"}, used in messages; not null
     * @throws NullPointerException if {@code positions}, {@code triangles} or {@code source} is
     *     null
     * @throws IllegalArgumentException if an array length does not fit the layout above
     */
    public TriMesh(double[] positions, int[] triangles, double[] uvs, int[] triangleUvs,
            String source) {
        this.positions = Objects.requireNonNull(positions, "positions");
        this.triangles = Objects.requireNonNull(triangles, "triangles");
        this.source = Objects.requireNonNull(source, "source");
        this.uvs = uvs == null ? NO_UVS : uvs;
        this.triangleUvs = triangleUvs;
        if (positions.length % 3 != 0) {
            throw new IllegalArgumentException(
                    source + ": positions length " + positions.length + " is not a multiple of 3");
        }
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException(
                    source + ": triangles length " + triangles.length + " is not a multiple of 3");
        }
        if (this.uvs.length % 2 != 0) {
            throw new IllegalArgumentException(
                    source + ": uvs length " + this.uvs.length + " is not a multiple of 2");
        }
        if (triangleUvs != null && triangleUvs.length != triangles.length) {
            throw new IllegalArgumentException(source + ": triangleUvs length " + triangleUvs.length
                    + " differs from triangles length " + triangles.length);
        }
    }

    /**
     * Creates a mesh without texture coordinates over the given arrays (not copied).
     *
     * @param positions vertex positions in metres, 3 per vertex; not null, length a multiple of 3
     * @param triangles vertex indices, 3 per triangle; not null, length a multiple of 3
     * @param source file name or {@code "grid"}, used in messages; not null
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if an array length is not a multiple of 3
     */
    public TriMesh(double[] positions, int[] triangles, String source) {
        this(positions, triangles, null, null, source);
    }

    /** @return the vertex positions in metres, 3 per vertex (the field itself, not a copy) */
    public double[] positions() {
        return positions;
    }

    /** @return the vertex indices, 3 per triangle (the field itself, not a copy) */
    public int[] triangles() {
        return triangles;
    }

    /** @return the texture coordinates, 2 per entry, empty when none (the field itself) */
    public double[] uvs() {
        return uvs;
    }

    /** @return the UV-entry indices, 3 per triangle, or null when the mesh has no UVs */
    public int[] triangleUvs() {
        return triangleUvs;
    }

    /** @return the file name or {@code "grid"} this mesh came from; not null */
    public String source() {
        return source;
    }

    /** @return the number of vertices, {@code positions.length / 3} (&ge; 0) */
    public int vertexCount() {
        return positions.length / 3;
    }

    /** @return the number of triangles, {@code triangles.length / 3} (&ge; 0) */
    public int triangleCount() {
        return triangles.length / 3;
    }

    /** @return true if the mesh has per-corner texture coordinates ({@code triangleUvs != null}) */
    public boolean hasUvs() {
        return triangleUvs != null;
    }

    /**
     * Area of one triangle.
     *
     * @param t triangle index, 0 &le; t &lt; {@link #triangleCount()}; its vertex indices must be
     *     in range
     * @return the area in square metres (&ge; 0, NaN if a coordinate is NaN)
     * @throws ArrayIndexOutOfBoundsException if {@code t} or one of its vertex indices is out of
     *     range
     */
    public double triangleArea(int t) {
        return triangleArea(positions, triangles[3 * t], triangles[3 * t + 1],
                triangles[3 * t + 2]);
    }

    /**
     * Total surface area: the sum of all triangle areas.
     *
     * @return the area in square metres (&ge; 0; 0 for a mesh without triangles)
     * @throws ArrayIndexOutOfBoundsException if a vertex index is out of range (cannot happen for a
     *     validated mesh)
     */
    public double area() {
        double sum = 0;
        int n = triangleCount();
        for (int t = 0; t < n; t++) {
            sum += triangleArea(t);
        }
        return sum;
    }

    /** Area of the triangle (a, b, c) of a flat position array, in the array's units squared. */
    static double triangleArea(double[] p, int a, int b, int c) {
        double ax = p[3 * a], ay = p[3 * a + 1], az = p[3 * a + 2];
        double ux = p[3 * b] - ax, uy = p[3 * b + 1] - ay, uz = p[3 * b + 2] - az;
        double vx = p[3 * c] - ax, vy = p[3 * c + 1] - ay, vz = p[3 * c + 2] - az;
        double cx = uy * vz - uz * vy;
        double cy = uz * vx - ux * vz;
        double cz = ux * vy - uy * vx;
        return 0.5 * Math.sqrt(cx * cx + cy * cy + cz * cz);
    }

    @Override
    public String toString() {
        return "TriMesh[" + source + ": " + vertexCount() + " vertices, " + triangleCount()
                + " triangles" + (hasUvs() ? ", " + uvs.length / 2 + " UVs" : "") + "]";
    }
}
