package org.isocloth.samples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.isocloth.mesh.ObjWriter;
import org.isocloth.mesh.TriMesh;

/**
 * Garment meshes made by code, shipped as OBJ files under {@code isocloth/garments/} (the scene
 * files refer to those; {@code GarmentsTest} checks that the shipped files are what this class
 * makes). Regenerate with {@code java -cp ... org.isocloth.samples.Garments DIR}.
 */
public final class Garments {
    private Garments() {
    }

    /**
     * A flared skirt: the lateral surface of a truncated cone around the y axis, open at the waist
     * and at the hem. Vertex rows go from the waist (row 0) down to the hem; each row has
     * {@code around} vertices; the seam at angle 0 shares its vertices (the mesh is a closed tube)
     * but has its own UVs (u = 0 and u = 1). Quads alternate their diagonals row by row, so the
     * triangulation has no preferred direction around the body.
     *
     * @param waistY height of the waist (m)
     * @param waistRadius waist radius (m, > 0)
     * @param hemRadius hem radius (m, > 0)
     * @param length height from waist to hem (m, > 0)
     * @param around cells around (≥ 3)
     * @param rows cells from waist to hem (≥ 1)
     * @return the mesh, with UVs (u around, v down)
     */
    public static TriMesh skirt(double waistY, double waistRadius, double hemRadius, double length, int around,
            int rows) {
        if (!(waistRadius > 0 && hemRadius > 0 && length > 0) || around < 3 || rows < 1) {
            throw new IllegalArgumentException("skirt: radii and length must be positive, around >= 3, rows >= 1");
        }
        int nv = around * (rows + 1);
        double[] pos = new double[3 * nv];
        for (int j = 0; j <= rows; j++) {
            double t = (double) j / rows;
            double r = waistRadius + (hemRadius - waistRadius) * t;
            double y = waistY - length * t;
            for (int i = 0; i < around; i++) {
                double a = 2 * Math.PI * i / around;
                int v = j * around + i;
                pos[3 * v] = r * Math.cos(a);
                pos[3 * v + 1] = y;
                pos[3 * v + 2] = -r * Math.sin(a);
            }
        }
        int nuv = (around + 1) * (rows + 1);
        double[] uv = new double[2 * nuv];
        for (int j = 0; j <= rows; j++) {
            for (int i = 0; i <= around; i++) {
                int k = j * (around + 1) + i;
                uv[2 * k] = (double) i / around;
                uv[2 * k + 1] = 1 - (double) j / rows;
            }
        }
        int[] tri = new int[6 * around * rows];
        int[] triUv = new int[tri.length];
        int q = 0;
        for (int j = 0; j < rows; j++) {
            for (int i = 0; i < around; i++) {
                int i1 = (i + 1) % around;
                int a = j * around + i;
                int b = j * around + i1;
                int c = (j + 1) * around + i1;
                int d = (j + 1) * around + i;
                int ua = j * (around + 1) + i;
                int ub = ua + 1;
                int uc = ub + around + 1;
                int ud = ua + around + 1;
                // counter-clockwise seen from outside (normals point away from the axis)
                int[] t1;
                int[] t2;
                if ((i + j) % 2 == 0) {
                    t1 = new int[] {a, d, c, ua, ud, uc};
                    t2 = new int[] {a, c, b, ua, uc, ub};
                } else {
                    t1 = new int[] {a, d, b, ua, ud, ub};
                    t2 = new int[] {b, d, c, ub, ud, uc};
                }
                for (int[] t : new int[][] {t1, t2}) {
                    tri[q] = t[0];
                    tri[q + 1] = t[1];
                    tri[q + 2] = t[2];
                    triUv[q] = t[3];
                    triUv[q + 1] = t[4];
                    triUv[q + 2] = t[5];
                    q += 3;
                }
            }
        }
        return new TriMesh(pos, tri, uv, triUv, "skirt");
    }

    /** The shipped skirt: waist 0.16 m at y = 1 m, hem 0.28 m, 0.45 m long, 30 × 10 cells. */
    public static TriMesh sampleSkirt() {
        return skirt(1.0, 0.16, 0.28, 0.45, 30, 10);
    }

    /**
     * Writes the shipped garments into a directory.
     *
     * @param args the directory (created when missing)
     * @throws IOException if a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: Garments DIR");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        ObjWriter.write(dir.resolve("skirt.obj"), sampleSkirt());
    }
}
