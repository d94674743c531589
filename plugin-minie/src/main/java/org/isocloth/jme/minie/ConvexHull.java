package org.isocloth.jme.minie;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.isocloth.jme.MeshWelding;

/**
 * The convex hull of a point set as a closed triangle mesh (incremental construction: a starting
 * tetrahedron, then every point outside the current hull replaces the faces it sees by a fan to
 * their horizon). Points are added farthest from the centre first; a point within a small
 * tolerance of the current hull ({@code 10⁻⁹} of the bounding-box diagonal) is treated as on it
 * and dropped, so points on the faces and edges between corners are not kept as vertices (a point
 * added before the corners that later make it coplanar stays, in a flat fan: same surface).
 * Quadratic in the number of points: meant for collision hulls (tens to a few thousand points).
 */
final class ConvexHull {
    /** Vertex positions of the hull, flat xyz (a subset of the input points). */
    final double[] positions;
    /** Triangles, 3 vertex indices each, counter-clockwise seen from outside. */
    final int[] triangles;

    private ConvexHull(double[] positions, int[] triangles) {
        this.positions = positions;
        this.triangles = triangles;
    }

    /**
     * Builds the hull.
     *
     * @param name the owner's name, for messages
     * @param points flat xyz, at least 4 points
     * @return the hull
     * @throws IllegalArgumentException if the points are fewer than 4 or all (nearly) coplanar:
     *     they enclose no volume
     */
    static ConvexHull of(String name, double[] points) {
        int n = points.length / 3;
        if (n < 4) {
            throw new IllegalArgumentException(name + ": a hull needs at least 4 points (got " + n + ")");
        }
        double eps = 1e-9 * MeshWelding.diagonal(points);
        // starting tetrahedron: two extreme points, the farthest from their line, the farthest
        // from their plane
        int i0 = 0;
        int i1 = 0;
        double best = -1;
        for (int axis = 0; axis < 3; axis++) {
            int lo = 0;
            int hi = 0;
            for (int i = 1; i < n; i++) {
                if (points[3 * i + axis] < points[3 * lo + axis]) {
                    lo = i;
                }
                if (points[3 * i + axis] > points[3 * hi + axis]) {
                    hi = i;
                }
            }
            double d = dist2(points, lo, hi);
            if (d > best) {
                best = d;
                i0 = lo;
                i1 = hi;
            }
        }
        int i2 = -1;
        best = eps * eps;
        for (int i = 0; i < n; i++) {
            double d = lineDist2(points, i0, i1, i);
            if (d > best) {
                best = d;
                i2 = i;
            }
        }
        if (i2 < 0) {
            throw new IllegalArgumentException(name + ": the hull's points are collinear (no volume)");
        }
        double[] nrm = normal(points, i0, i1, i2);
        int i3 = -1;
        best = eps;
        for (int i = 0; i < n; i++) {
            double d = Math.abs(planeDist(points, nrm, i0, i));
            if (d > best) {
                best = d;
                i3 = i;
            }
        }
        if (i3 < 0) {
            throw new IllegalArgumentException(name + ": the hull's points are coplanar (no volume)");
        }
        List<int[]> faces = new ArrayList<>();
        if (planeDist(points, nrm, i0, i3) > 0) {
            // i3 is above (i0, i1, i2): flip the base so every face points away from i3
            faces.add(new int[] {i0, i2, i1});
            faces.add(new int[] {i0, i1, i3});
            faces.add(new int[] {i1, i2, i3});
            faces.add(new int[] {i2, i0, i3});
        } else {
            faces.add(new int[] {i0, i1, i2});
            faces.add(new int[] {i1, i0, i3});
            faces.add(new int[] {i2, i1, i3});
            faces.add(new int[] {i0, i2, i3});
        }
        List<double[]> planes = new ArrayList<>();
        for (int[] f : faces) {
            planes.add(normal(points, f[0], f[1], f[2]));
        }
        Set<Long> visibleEdges = new HashSet<>();
        List<int[]> horizon = new ArrayList<>();
        // farthest from the tetrahedron's centre first: corners come before the points on the
        // edges and faces between them, which then lie on the hull and are dropped
        double[] centre = new double[3];
        for (int k = 0; k < 3; k++) {
            centre[k] = 0.25 * (points[3 * i0 + k] + points[3 * i1 + k] + points[3 * i2 + k] + points[3 * i3 + k]);
        }
        Integer[] order = new Integer[n];
        double[] far = new double[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            double dx = points[3 * i] - centre[0];
            double dy = points[3 * i + 1] - centre[1];
            double dz = points[3 * i + 2] - centre[2];
            far[i] = dx * dx + dy * dy + dz * dz;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(far[b], far[a]));
        for (int p : order) {
            if (p == i0 || p == i1 || p == i2 || p == i3) {
                continue;
            }
            visibleEdges.clear();
            horizon.clear();
            boolean any = false;
            boolean[] visible = new boolean[faces.size()];
            for (int f = 0; f < faces.size(); f++) {
                double[] pl = planes.get(f);
                if (planeDist(points, pl, faces.get(f)[0], p) > eps) {
                    visible[f] = true;
                    any = true;
                    int[] t = faces.get(f);
                    for (int e = 0; e < 3; e++) {
                        visibleEdges.add(edge(t[e], t[(e + 1) % 3]));
                    }
                }
            }
            if (!any) {
                continue;
            }
            List<int[]> keptFaces = new ArrayList<>();
            List<double[]> keptPlanes = new ArrayList<>();
            for (int f = 0; f < faces.size(); f++) {
                int[] t = faces.get(f);
                if (!visible[f]) {
                    keptFaces.add(t);
                    keptPlanes.add(planes.get(f));
                    continue;
                }
                for (int e = 0; e < 3; e++) {
                    int a = t[e];
                    int b = t[(e + 1) % 3];
                    if (!visibleEdges.contains(edge(b, a))) {
                        horizon.add(new int[] {a, b});
                    }
                }
            }
            for (int[] e : horizon) {
                int[] t = {e[0], e[1], p};
                keptFaces.add(t);
                keptPlanes.add(normal(points, t[0], t[1], t[2]));
            }
            faces = keptFaces;
            planes = keptPlanes;
        }
        // compact the used vertices
        int[] index = new int[n];
        java.util.Arrays.fill(index, -1);
        double[] pos = new double[3 * n];
        int[] tris = new int[3 * faces.size()];
        int count = 0;
        int k = 0;
        for (int[] f : faces) {
            for (int v : f) {
                if (index[v] < 0) {
                    index[v] = count;
                    System.arraycopy(points, 3 * v, pos, 3 * count, 3);
                    count++;
                }
                tris[k++] = index[v];
            }
        }
        return new ConvexHull(java.util.Arrays.copyOf(pos, 3 * count), tris);
    }

    private static long edge(int a, int b) {
        return ((long) a << 32) | (b & 0xFFFFFFFFL);
    }

    private static double dist2(double[] p, int a, int b) {
        double dx = p[3 * b] - p[3 * a];
        double dy = p[3 * b + 1] - p[3 * a + 1];
        double dz = p[3 * b + 2] - p[3 * a + 2];
        return dx * dx + dy * dy + dz * dz;
    }

    /** Squared distance of point c from the line through a and b. */
    private static double lineDist2(double[] p, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a];
        double uy = p[3 * b + 1] - p[3 * a + 1];
        double uz = p[3 * b + 2] - p[3 * a + 2];
        double wx = p[3 * c] - p[3 * a];
        double wy = p[3 * c + 1] - p[3 * a + 1];
        double wz = p[3 * c + 2] - p[3 * a + 2];
        double cx = uy * wz - uz * wy;
        double cy = uz * wx - ux * wz;
        double cz = ux * wy - uy * wx;
        double len2 = ux * ux + uy * uy + uz * uz;
        return len2 > 0 ? (cx * cx + cy * cy + cz * cz) / len2 : wx * wx + wy * wy + wz * wz;
    }

    /** Unit normal of the triangle (a, b, c), counter-clockwise (zero vector if degenerate). */
    private static double[] normal(double[] p, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a];
        double uy = p[3 * b + 1] - p[3 * a + 1];
        double uz = p[3 * b + 2] - p[3 * a + 2];
        double wx = p[3 * c] - p[3 * a];
        double wy = p[3 * c + 1] - p[3 * a + 1];
        double wz = p[3 * c + 2] - p[3 * a + 2];
        double nx = uy * wz - uz * wy;
        double ny = uz * wx - ux * wz;
        double nz = ux * wy - uy * wx;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return len > 0 ? new double[] {nx / len, ny / len, nz / len} : new double[3];
    }

    /** Signed distance of point q above the plane through point a with unit normal n. */
    private static double planeDist(double[] p, double[] n, int a, int q) {
        return n[0] * (p[3 * q] - p[3 * a]) + n[1] * (p[3 * q + 1] - p[3 * a + 1])
                + n[2] * (p[3 * q + 2] - p[3 * a + 2]);
    }
}
