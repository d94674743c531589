package org.isocloth.model;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;

/** Test meshes. */
public final class Grids {
    private Grids() {
    }

    /**
     * A horizontal sheet in the y = height plane, u along +x, v along −z.
     *
     * @param size side lengths (metres)
     * @param cells cells per side
     * @param height y of the sheet
     * @return the mesh
     */
    public static TriMesh horizontal(double sizeU, double sizeV, int cellsU, int cellsV, double height) {
        return GridMesh.build(sizeU, sizeV, cellsU, cellsV, new double[] {0, height, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
    }

    /**
     * Bends a flat grid (in the y = 0 plane, centred at the origin) around the z axis... the u
     * coordinate x becomes arc length on a cylinder of radius r whose axis is parallel to z.
     *
     * @param flat positions of a sheet in the y = 0 plane
     * @param r cylinder radius in metres
     * @return the bent positions (new array)
     */
    public static double[] wrapOnCylinder(double[] flat, double r) {
        double[] out = flat.clone();
        for (int i = 0; i < flat.length / 3; i++) {
            double s = flat[3 * i];
            out[3 * i] = r * Math.sin(s / r);
            out[3 * i + 1] = r * (1 - Math.cos(s / r));
        }
        return out;
    }
}
