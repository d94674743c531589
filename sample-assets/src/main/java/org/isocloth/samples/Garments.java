package org.isocloth.samples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.isocloth.mesh.ObjWriter;
import org.isocloth.mesh.TriMesh;

/**
 * Garment meshes made by code, shipped as OBJ files under {@code isocloth/scenes/garments/} (the scene
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
     * A T-shirt sewn from a front and a back panel, in T-pose (sleeves along ±x, front facing
     * +z). Both panels are one T-shaped outline on a grid; the front lies at z = +h(x, y), the
     * back at z = −h(x, y), and they share their vertices where h = 0: the side seams, the seams
     * under the sleeves and the shoulder seams along the top. The hem, the neck and the sleeve
     * ends stay open. The inflation h gives the cross-sections: the torso 2W wide and 2D deep,
     * h = D cos(πx / 2W) on equally spaced columns (front and back meet at the side seams at an
     * angle, like a sewn seam; an ellipse with its vertical tangents there would need columns
     * crowded at the seams, and in the sleeve band those make edges only millimetres long), the
     * sleeves circles
     * of radius R about y = yc (rows equally spaced in y, y = yc + R cos φ); above the sleeve axis the torso closes
     * over the shoulders like the sleeves (h ∝ sin φ) except at the neck opening, an ellipse
     * neckWidth/2 × neckDepth at the top. In the sleeve band the torso takes the larger of its own
     * and the sleeve's profile, so the sleeves join the torso without a seam (the armholes).
     *
     * @param waistY height of the hem (m)
     * @param sleeveY height of the sleeve axis (m, above waistY + 2 sleeveRadius); the shoulder
     *     seam is at sleeveY + sleeveRadius
     * @param halfWidth W, half the torso width (m)
     * @param depth D, half the torso depth (m)
     * @param sleeveRadius R (m)
     * @param sleeveLength length of each sleeve beyond the torso (m)
     * @param around torso columns over the front (even, ≥ 6)
     * @param neckColumns torso columns left open at the neck (even, 2 … around − 4)
     * @param neckDepth half-depth of the neck opening (m, &lt; depth)
     * @param torsoRows rows from the hem to the armpit (≥ 1)
     * @param bandRows rows from the armpit to the shoulder seam (≥ 2)
     * @param sleeveColumns columns along each sleeve (≥ 1)
     * @return the mesh, with UVs (front panel in the left half of the texture, back in the right)
     */
    public static TriMesh tshirt(double waistY, double sleeveY, double halfWidth, double depth, double sleeveRadius,
            double sleeveLength, int around, int neckColumns, double neckDepth, int torsoRows, int bandRows,
            int sleeveColumns) {
        return tshirt(waistY, sleeveY, halfWidth, depth, sleeveRadius, sleeveLength, around, neckColumns, neckDepth,
                torsoRows, bandRows, sleeveColumns, 1);
    }

    /**
     * {@link #tshirt(double, double, double, double, double, double, int, int, double, int, int, int)}
     * with a choice of torso cross-section: {@code profile} 1 is h = D cos(πx / 2W) (front and
     * back meet at the side seams at an angle), 2 an ellipse h = D √(1 − (x/W)²) (fuller at the
     * sides, for a round belly; the cells next to the side seams are steep).
     *
     * @param profile 1 or 2
     * @return the mesh
     */
    public static TriMesh tshirt(double waistY, double sleeveY, double halfWidth, double depth, double sleeveRadius,
            double sleeveLength, int around, int neckColumns, double neckDepth, int torsoRows, int bandRows,
            int sleeveColumns, int profile) {
        if (profile != 1 && profile != 2) {
            throw new IllegalArgumentException("tshirt: profile must be 1 or 2");
        }
        if (!(halfWidth > sleeveRadius && depth > 0 && sleeveRadius > 0 && sleeveLength > 0 && neckDepth > 0
                && neckDepth < depth && sleeveY - sleeveRadius > waistY) || around < 6 || around % 2 != 0
                || neckColumns < 2 || neckColumns % 2 != 0 || neckColumns > around - 4 || torsoRows < 1
                || bandRows < 2 || sleeveColumns < 1) {
            throw new IllegalArgumentException("tshirt: inconsistent dimensions or cell counts");
        }
        // columns: left sleeve end ... torso (−W … W) ... right sleeve end
        int nc = 2 * sleeveColumns + around + 1;
        double[] xs = new double[nc];
        for (int c = 0; c < sleeveColumns; c++) {
            xs[c] = -halfWidth - sleeveLength * (sleeveColumns - c) / sleeveColumns;
            xs[nc - 1 - c] = -xs[c];
        }
        for (int j = 0; j <= around; j++) {
            xs[sleeveColumns + j] = halfWidth * (2.0 * j - around) / around;
        }
        int left = sleeveColumns;
        int right = sleeveColumns + around;
        double neckHalf = Math.abs(xs[sleeveColumns + around / 2 - neckColumns / 2]);
        // rows: hem ... armpit (y = yc − R) ... shoulder seam (y = yc + R); φ[r] for band rows
        int nr = torsoRows + bandRows + 1;
        double[] ys = new double[nr];
        double[] phi = new double[nr];
        double armpit = sleeveY - sleeveRadius;
        for (int r = 0; r < torsoRows; r++) {
            ys[r] = waistY + (armpit - waistY) * r / torsoRows;
            phi[r] = Double.NaN;
        }
        for (int k = 0; k <= bandRows; k++) {
            // rows equally spaced in y (equal angles would crowd them near the seams: edges of a
            // few millimetres, and the cloth–cloth proximity distance follows the shortest edge)
            double c = Math.max(-1, Math.min(1, (2.0 * k - bandRows) / bandRows));
            ys[torsoRows + k] = sleeveY + sleeveRadius * c;
            phi[torsoRows + k] = Math.acos(c);
        }
        ys[torsoRows] = armpit;
        ys[nr - 1] = sleeveY + sleeveRadius;
        int band0 = torsoRows;
        int top = nr - 1;
        // which grid vertices exist, and the inflation there
        double[][] h = new double[nc][nr];
        boolean[][] exists = new boolean[nc][nr];
        for (int c = 0; c < nc; c++) {
            boolean torso = c >= left && c <= right;
            for (int r = 0; r < nr; r++) {
                boolean band = r >= band0;
                if (!torso && !band) {
                    continue;
                }
                exists[c][r] = true;
                double sleeveH = band ? (r == band0 || r == top ? 0 : sleeveRadius * Math.sin(phi[r])) : 0;
                if (!torso) {
                    h[c][r] = sleeveH;
                    continue;
                }
                double st;
                if (c == left || c == right) {
                    st = 0;
                } else if (profile == 1) {
                    st = Math.sin(Math.PI * (c - left) / around);
                } else {
                    double u = xs[c] / halfWidth;
                    st = Math.sqrt(1 - u * u);
                }
                double ht = depth * st;
                if (band && phi[r] <= Math.PI / 2) {
                    double g = r == top ? 0 : Math.sin(phi[r]);
                    double x = xs[c];
                    double neck = Math.abs(x) < neckHalf ? neckDepth * Math.sqrt(1 - (x / neckHalf) * (x / neckHalf))
                            : 0;
                    ht = ht * g + neck * (1 - g);
                }
                h[c][r] = Math.max(ht, sleeveH);
            }
        }
        // vertices: front everywhere; back only where h > 0 (h = 0 on the seams: shared)
        int[][] front = new int[nc][nr];
        int[][] back = new int[nc][nr];
        int n = 0;
        for (int c = 0; c < nc; c++) {
            for (int r = 0; r < nr; r++) {
                front[c][r] = exists[c][r] ? n++ : -1;
            }
        }
        for (int c = 0; c < nc; c++) {
            for (int r = 0; r < nr; r++) {
                back[c][r] = !exists[c][r] ? -1 : h[c][r] > 0 ? n++ : front[c][r];
            }
        }
        double[] pos = new double[3 * n];
        int[][] uvFront = new int[nc][nr];
        int[][] uvBack = new int[nc][nr];
        int nuv = 0;
        List<Double> uvs = new ArrayList<>();
        double spanX = xs[nc - 1] - xs[0];
        double spanY = ys[top] - ys[0];
        for (int side = 0; side < 2; side++) {
            for (int c = 0; c < nc; c++) {
                for (int r = 0; r < nr; r++) {
                    if (!exists[c][r]) {
                        continue;
                    }
                    int v = side == 0 ? front[c][r] : back[c][r];
                    pos[3 * v] = xs[c];
                    pos[3 * v + 1] = ys[r];
                    pos[3 * v + 2] = side == 0 || h[c][r] == 0 ? h[c][r] : -h[c][r];
                    // the back panel is seen from behind: mirrored in u
                    double u = (xs[c] - xs[0]) / spanX;
                    uvs.add(side == 0 ? 0.5 * u : 1 - 0.5 * u);
                    uvs.add((ys[r] - ys[0]) / spanY);
                    (side == 0 ? uvFront : uvBack)[c][r] = nuv++;
                }
            }
        }
        double[] uv = new double[uvs.size()];
        for (int i = 0; i < uv.length; i++) {
            uv[i] = uvs.get(i);
        }
        List<int[]> tris = new ArrayList<>();
        for (int c = 0; c + 1 < nc; c++) {
            for (int r = 0; r + 1 < nr; r++) {
                if (!(exists[c][r] && exists[c + 1][r] && exists[c][r + 1] && exists[c + 1][r + 1])) {
                    continue;
                }
                // diagonals alternate so the triangulation has no preferred direction
                int[][] quads = (c + r) % 2 == 0
                        ? new int[][] {{c, r, c + 1, r, c + 1, r + 1}, {c, r, c + 1, r + 1, c, r + 1}}
                        : new int[][] {{c, r, c + 1, r, c, r + 1}, {c + 1, r, c + 1, r + 1, c, r + 1}};
                for (int[] t : quads) {
                    // front: counter-clockwise in (x, y), normal +z (outwards)
                    tris.add(new int[] {front[t[0]][t[1]], front[t[2]][t[3]], front[t[4]][t[5]],
                        uvFront[t[0]][t[1]], uvFront[t[2]][t[3]], uvFront[t[4]][t[5]]});
                    // back: reversed, normal −z (outwards)
                    tris.add(new int[] {back[t[0]][t[1]], back[t[4]][t[5]], back[t[2]][t[3]],
                        uvBack[t[0]][t[1]], uvBack[t[4]][t[5]], uvBack[t[2]][t[3]]});
                }
            }
        }
        int[] tri = new int[3 * tris.size()];
        int[] triUv = new int[tri.length];
        for (int i = 0; i < tris.size(); i++) {
            int[] t = tris.get(i);
            System.arraycopy(t, 0, tri, 3 * i, 3);
            System.arraycopy(t, 3, triUv, 3 * i, 3);
        }
        return new TriMesh(pos, tri, uv, triUv, "tshirt");
    }

    /**
     * The shipped T-shirt: hem at y = 0.85 m, shoulder seam at 1.45 m, torso 0.32 m wide and
     * 0.26 m deep, sleeves of radius 0.07 m and 0.2 m long; 16 columns over the front, 14 + 6
     * rows, 6 columns per sleeve.
     */
    public static TriMesh sampleTshirt() {
        return tshirt(0.85, 1.38, 0.16, 0.13, 0.07, 0.2, 16, 6, 0.05, 14, 6, 6);
    }

    /**
     * The shirt for Jaime (jme3-testdata) in its bind pose, a T-pose: hem at y = 0.5 m, sleeve
     * axis at the arms' 0.865 m, torso 0.4 m wide and 0.29 m deep (an ellipse: Jaime's belly is
     * round), short cap sleeves (radius 8 cm, 6 cm long: longer sleeves get caught between the
     * arm and the torso when the arms come down, see docs/solver.md), a wide neck (Jaime has
     * hardly any neck: the head sits on the shoulders); moved 2 cm back (−z) to centre the neck.
     * 16 columns over the front, 12 + 6 rows, 2 columns per sleeve.
     */
    public static TriMesh jaimeTshirt() {
        TriMesh m = tshirt(0.5, 0.865, 0.2, 0.145, 0.08, 0.06, 16, 8, 0.09, 12, 6, 2, 2);
        double[] p = m.positions.clone();
        for (int i = 2; i < p.length; i += 3) {
            p[i] -= 0.02;
        }
        return new TriMesh(p, m.triangles, m.uvs, m.triangleUvs, "jaime-tshirt");
    }

    /**
     * A closed shell for the thesis's Figs. 4.6/4.7 (a closed surface collapsing under gravity
     * with its curved rest shape): an icosphere subdivided {@code levels} times, its radius in
     * direction n modulated as r = R (1 + a (n_x⁴ + n_y⁴ + n_z⁴ − 3/5)) — six rounded lobes along
     * the axes (a &gt; 0), so the shape has curvature features to keep or lose — centred at
     * (0, R·(1 + 2a/5) + lift, 0): the lowest lobe {@code lift} above the floor y = 0. Triangles
     * counter-clockwise seen from outside. No UVs.
     *
     * @param radius R (m, &gt; 0)
     * @param lobes a (in [0, 1))
     * @param levels subdivisions of the icosahedron (0 … 6): 20·4^levels triangles
     * @param lift gap between the lowest point and y = 0 (m, ≥ 0)
     * @return the mesh
     */
    public static TriMesh shell(double radius, double lobes, int levels, double lift) {
        if (!(radius > 0) || !(lobes >= 0 && lobes < 1) || levels < 0 || levels > 6 || !(lift >= 0)) {
            throw new IllegalArgumentException("shell: radius > 0, lobes in [0, 1), levels 0..6, lift >= 0");
        }
        double t = (1 + Math.sqrt(5)) / 2;
        List<double[]> v = new ArrayList<>();
        double[][] ico = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t}, {0, -1, -t},
            {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
        for (double[] p : ico) {
            double n = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
            v.add(new double[] {p[0] / n, p[1] / n, p[2] / n});
        }
        int[] f = {0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4, 11, 10, 2, 10, 7, 6, 7, 1, 8,
            3, 9, 4, 3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4, 11, 6, 2, 10, 8, 6, 7, 9, 8, 1};
        for (int l = 0; l < levels; l++) {
            java.util.Map<Long, Integer> mid = new java.util.HashMap<>();
            int[] g = new int[4 * f.length];
            int q = 0;
            for (int i = 0; i < f.length; i += 3) {
                int a = f[i];
                int b = f[i + 1];
                int c = f[i + 2];
                int ab = midpoint(v, mid, a, b);
                int bc = midpoint(v, mid, b, c);
                int ca = midpoint(v, mid, c, a);
                int[] four = {a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca};
                System.arraycopy(four, 0, g, q, 12);
                q += 12;
            }
            f = g;
        }
        double cy = radius * (1 + 2 * lobes / 5) + lift;
        double[] pos = new double[3 * v.size()];
        for (int i = 0; i < v.size(); i++) {
            double[] n = v.get(i);
            double r = radius * (1 + lobes * (Math.pow(n[0], 4) + Math.pow(n[1], 4) + Math.pow(n[2], 4) - 0.6));
            pos[3 * i] = r * n[0];
            pos[3 * i + 1] = cy + r * n[1];
            pos[3 * i + 2] = r * n[2];
        }
        return new TriMesh(pos, f, null, null, "shell");
    }

    private static int midpoint(List<double[]> v, java.util.Map<Long, Integer> cache, int a, int b) {
        long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
        Integer m = cache.get(key);
        if (m != null) {
            return m;
        }
        double[] p = v.get(a);
        double[] q = v.get(b);
        double x = p[0] + q[0];
        double y = p[1] + q[1];
        double z = p[2] + q[2];
        double n = Math.sqrt(x * x + y * y + z * z);
        v.add(new double[] {x / n, y / n, z / n});
        cache.put(key, v.size() - 1);
        return v.size() - 1;
    }

    /** The shipped shell: R = 0.2 m, lobes 0.4, 3 subdivisions (1280 triangles), dropped from 0.4 m above the floor. */
    public static TriMesh sampleShell() {
        return shell(0.2, 0.4, 3, 0.4);
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
        ObjWriter.write(dir.resolve("tshirt.obj"), sampleTshirt());
        ObjWriter.write(dir.resolve("jaime-tshirt.obj"), jaimeTshirt());
        ObjWriter.write(dir.resolve("shell.obj"), sampleShell());
    }
}
