package org.isocloth.mesh;

import org.isocloth.InputException;

/**
 * Builds flat rectangular cloth meshes.
 *
 * <p>The grid lies in the plane through {@code center} perpendicular to {@code normal}. With
 * n&#770; = normal normalized, &ucirc; = uAxis normalized (and, after the perpendicularity
 * check, made exactly perpendicular to n&#770;) and v&#770; = n&#770; &times; &ucirc;, vertex
 * {@code (i, j)}, {@code 0 <= i <= cellsU}, {@code 0 <= j <= cellsV}, has index
 * {@code j * (cellsU + 1) + i} (i runs fastest) and position
 * <pre>center + (i / cellsU - 1/2) * sizeU * &ucirc; + (j / cellsV - 1/2) * sizeV * v&#770;</pre>
 * so the grid spans {@code sizeU} along &ucirc; and {@code sizeV} along v&#770;, centred on
 * {@code center}. Its UV entries equal its vertices, with UV {@code (i / cellsU, j / cellsV)}, and
 * {@code triangleUvs} equals {@code triangles}. Each cell is split into two triangles, along the
 * diagonal from {@code (i, j)} to {@code (i+1, j+1)} when {@code (i + j)} is even and along the
 * other diagonal when it is odd, so the mesh has no preferred shear direction. All triangles are
 * counter-clockwise seen from the side {@code normal} points to, so every face normal is
 * n&#770;. Cell {@code (i, j)} yields triangles {@code 2 * (j * cellsU + i)} and the one after.
 */
public final class GridMesh {
    /** The largest number of cells allowed along each side. */
    public static final int MAX_CELLS = 4000;
    /** How far from perpendicular the normalized {@code normal} and {@code uAxis} may be. */
    public static final double PERPENDICULAR_TOLERANCE = 1e-6;
    /** The source name of grid meshes, used in messages. */
    public static final String SOURCE = "grid";

    private GridMesh() {
    }

    /**
     * Builds and validates a grid mesh.
     *
     * @param sizeU extent along &ucirc; in metres; &gt; 0 and at most twice
     *     {@link MeshValidator#MAX_COORDINATE}
     * @param sizeV extent along v&#770; in metres; &gt; 0 and at most twice
     *     {@link MeshValidator#MAX_COORDINATE}
     * @param cellsU number of cells along &ucirc;, 1 to {@value #MAX_CELLS}
     * @param cellsV number of cells along v&#770;, 1 to {@value #MAX_CELLS}
     * @param center centre of the grid in metres; 3 components of magnitude at most
     *     {@link MeshValidator#MAX_COORDINATE} (the vertices must lie within it too)
     * @param normal front-side direction of the grid, any non-zero length; 3 finite components
     * @param uAxis direction of the grid's u axis, any non-zero length; 3 finite components,
     *     perpendicular to {@code normal} (|cos angle| &le; {@value #PERPENDICULAR_TOLERANCE})
     * @return the mesh, with source {@value #SOURCE}, {@code (cellsU+1)(cellsV+1)} vertices,
     *     {@code 2 cellsU cellsV} triangles and UVs
     * @throws InputException naming the parameter if an argument is null or out of range, or if the
     *     resulting mesh is degenerate (for example cells too small to be represented at the
     *     position of {@code center})
     */
    public static TriMesh build(double sizeU, double sizeV, int cellsU, int cellsV,
            double[] center, double[] normal, double[] uAxis) {
        checkSize("sizeU", sizeU);
        checkSize("sizeV", sizeV);
        checkCells("cellsU", cellsU);
        checkCells("cellsV", cellsV);
        checkVector("center", center);
        for (int c = 0; c < 3; c++) {
            if (Math.abs(center[c]) > MeshValidator.MAX_COORDINATE) {
                throw new InputException(SOURCE + ": center component " + "xyz".charAt(c) + " is "
                        + Fmt.num(center[c]) + " m, beyond the limit of ±"
                        + Fmt.num(MeshValidator.MAX_COORDINATE) + " m");
            }
        }
        checkVector("normal", normal);
        checkVector("uAxis", uAxis);
        double[] n = unit("normal", normal);
        double[] u = unit("uAxis", uAxis);
        double dot = n[0] * u[0] + n[1] * u[1] + n[2] * u[2];
        if (!(Math.abs(dot) <= PERPENDICULAR_TOLERANCE)) {
            throw new InputException(SOURCE + ": uAxis must be perpendicular to normal (dot = "
                    + Fmt.num(dot) + ")");
        }
        // remove the small allowed deviation so that (u, v, n) is orthonormal
        u = unit("uAxis", new double[] {u[0] - dot * n[0], u[1] - dot * n[1], u[2] - dot * n[2]});
        double[] v = {n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2],
            n[0] * u[1] - n[1] * u[0]};

        int nu = cellsU + 1;
        int vertexCount = nu * (cellsV + 1);
        double[] positions = new double[3 * vertexCount];
        double[] uvs = new double[2 * vertexCount];
        for (int j = 0; j <= cellsV; j++) {
            double fv = (double) j / cellsV;
            double sv = (fv - 0.5) * sizeV;
            for (int i = 0; i <= cellsU; i++) {
                double fu = (double) i / cellsU;
                double su = (fu - 0.5) * sizeU;
                int k = j * nu + i;
                for (int c = 0; c < 3; c++) {
                    positions[3 * k + c] = center[c] + su * u[c] + sv * v[c];
                }
                uvs[2 * k] = fu;
                uvs[2 * k + 1] = fv;
            }
        }
        int[] triangles = new int[6 * cellsU * cellsV];
        int t = 0;
        for (int j = 0; j < cellsV; j++) {
            for (int i = 0; i < cellsU; i++) {
                int a = j * nu + i; // (i, j)
                int b = a + 1; // (i+1, j)
                int c = a + nu + 1; // (i+1, j+1)
                int d = a + nu; // (i, j+1)
                if (((i + j) & 1) == 0) { // diagonal a-c
                    t = put(triangles, t, a, b, c);
                    t = put(triangles, t, a, c, d);
                } else { // diagonal b-d
                    t = put(triangles, t, a, b, d);
                    t = put(triangles, t, b, c, d);
                }
            }
        }
        TriMesh raw = new TriMesh(positions, triangles, uvs, triangles.clone(), SOURCE);
        return MeshValidator.validate(raw).mesh;
    }

    private static int put(int[] triangles, int t, int a, int b, int c) {
        triangles[t] = a;
        triangles[t + 1] = b;
        triangles[t + 2] = c;
        return t + 3;
    }

    private static void checkSize(String name, double size) {
        if (!Double.isFinite(size) || size <= 0) {
            throw new InputException(SOURCE + ": " + name + " must be finite and positive (got "
                    + size + ")");
        }
        if (size > 2 * MeshValidator.MAX_COORDINATE) {
            throw new InputException(SOURCE + ": " + name + " is " + Fmt.num(size) + " m, more than"
                    + " the limit of " + Fmt.num(2 * MeshValidator.MAX_COORDINATE) + " m");
        }
    }

    private static void checkCells(String name, int cells) {
        if (cells < 1 || cells > MAX_CELLS) {
            throw new InputException(SOURCE + ": " + name + " must be between 1 and " + MAX_CELLS
                    + " (got " + cells + ")");
        }
    }

    private static void checkVector(String name, double[] vector) {
        if (vector == null) {
            throw new InputException(SOURCE + ": " + name + " is missing");
        }
        if (vector.length != 3) {
            throw new InputException(SOURCE + ": " + name + " must have 3 components (got "
                    + vector.length + ")");
        }
        for (int c = 0; c < 3; c++) {
            if (!Double.isFinite(vector[c])) {
                throw new InputException(SOURCE + ": " + name + " must be finite (component "
                        + "xyz".charAt(c) + " is " + vector[c] + ")");
            }
        }
    }

    /** Normalizes a finite vector without overflow or underflow; rejects the zero vector. */
    private static double[] unit(String name, double[] vector) {
        double m = Math.max(Math.abs(vector[0]), Math.max(Math.abs(vector[1]),
                Math.abs(vector[2])));
        if (m == 0) {
            throw new InputException(SOURCE + ": " + name + " must not be the zero vector");
        }
        double x = vector[0] / m, y = vector[1] / m, z = vector[2] / m;
        double len = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / len, y / len, z / len};
    }
}
