package org.isocloth.mesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;

/**
 * Checks a raw triangle mesh, repairs the harmless problems and rejects the rest.
 *
 * <p><b>Fatal problems</b> ({@link InputException}, checked in this order, the first one found
 * is reported):
 * <ol>
 *   <li>no triangles;
 *   <li>a vertex or UV index out of range;
 *   <li>a NaN or infinite vertex coordinate or texture coordinate, a vertex coordinate of
 *       magnitude above {@value #MAX_COORDINATE} m, or a texture coordinate of magnitude above
 *       {@value #MAX_TEXTURE_COORDINATE};
 *   <li>a triangle that uses the same vertex twice, either as written or after welding;
 *   <li>a zero-area triangle: area &le; {@value #ZERO_AREA_FACTOR} &times; (bounding-box
 *       diagonal)&sup2;;
 *   <li>duplicate triangles (two triangles over the same three vertices, in any order);
 *   <li>a non-manifold edge (used by more than two triangles);
 *   <li>inconsistent winding (two triangles traversing a shared edge in the same direction);
 *   <li>a non-manifold vertex (its triangles form more than one fan, as in a bow tie);
 *   <li>for a cloth mesh ({@link Purpose#CLOTH}, the default), a vertex where more than
 *       {@value #MAX_VERTEX_TRIANGLES} triangles meet. Its message gives the vertex's number as
 *       the file counts it when source lines are known (for OBJ, 1-based as in {@code f}
 *       statements), its position, its triangle count and the limit.
 * </ol>
 *
 * <p><b>Repairs</b> (reported as one-line warnings in the result and logged at {@code INFO}):
 * vertices that no triangle uses are removed, and duplicate vertices (equal positions, or within
 * {@value #WELD_FACTOR} &times; bounding-box diagonal of each other) are welded into the one with
 * the lowest index. Welding happens before the triangle and topology checks, so a weld that
 * creates a degenerate or non-manifold configuration is reported as fatal, saying that welding
 * caused it. The bounding box is that of the vertices used by triangles.
 *
 * <p>Messages have the form {@code "<source>: <element>: <reason>"}. Vertex, triangle and UV
 * indices in messages are the 0-based indices of the raw mesh passed in; when source line
 * numbers are supplied (as {@link ObjReader} does) the line is added, e.g. {@code "cape.obj:
 * triangle 3 (line 12): zero area ..."}. Triangles are never reordered or removed, so triangle
 * indices of the result equal those of the input.
 */
public final class MeshValidator {
    private static final Logger LOG = Logger.getLogger(MeshValidator.class.getName());

    /** Triangles with area at most this factor times the squared bounding-box diagonal fail. */
    public static final double ZERO_AREA_FACTOR = 1e-12;
    /** Vertices closer than this factor times the bounding-box diagonal are welded. */
    public static final double WELD_FACTOR = 1e-9;

    /**
     * Largest magnitude of a vertex coordinate, in metres. Within it, differences, squared
     * lengths and areas of the mesh stay far from overflow (the squared bounding-box diagonal is at
     * most 1.2e9 m²), and every coordinate survives export as a single-precision float with a
     * spacing of at most 1 mm (the float spacing at 1e4 is 2^-10 m), finer than a cloth's
     * thickness.
     */
    public static final double MAX_COORDINATE = 1e4;
    /**
     * Largest magnitude of a texture coordinate (in texture repeats). Within it, the midpoints of
     * the subdivision cannot overflow, and a single-precision float still resolves a thousandth of
     * a repeat (a texel of a 1024-pixel texture).
     */
    public static final double MAX_TEXTURE_COORDINATE = 1e4;
    /**
     * Most triangles that may meet at a vertex of a cloth mesh. The cloth's conforming constraint
     * of a vertex with n triangles couples the vertex, the midpoints of its n edges (n + 1 on the
     * boundary) and the midpoints of the n opposite edges: 2n + 1 nodes inside the cloth, 2n + 2
     * on its boundary. The solver assembles rows of at most 64 nodes, so n &le; 31.
     */
    public static final int MAX_VERTEX_TRIANGLES = 31;

    /** What a mesh is for, which decides whether the cloth-only rules apply. */
    /**
     * Most triangles of a cloth mesh: two million base triangles subdivide into eight million,
     * whose constraint system needs several GB and minutes per step (the grid of a scene file has
     * the same bound, a million cells).
     */
    public static final int MAX_CLOTH_TRIANGLES = 2_000_000;

    public enum Purpose {
        /** A cloth: every rule, including {@link #MAX_VERTEX_TRIANGLES}. */
        CLOTH,
        /** A collider surface: every rule except the cloth-only vertex valence limit. */
        COLLIDER
    }

    /** Largest number of triangles listed in a non-manifold-edge message. */
    private static final int MAX_LISTED = 8;

    private MeshValidator() {
    }

    /**
     * Validates a mesh that has no source line information (for example a generated grid).
     *
     * @param raw the mesh to check; not null, not modified
     * @return the repaired mesh (new arrays, same source name and triangle order), the warnings
     *     and the raw-to-result vertex map
     * @throws InputException if the mesh has a fatal problem (see the class description)
     * @throws NullPointerException if {@code raw} is null
     */
    public static MeshLoadResult validate(TriMesh raw) {
        return validate(raw, null, null, null, Purpose.CLOTH);
    }

    /**
     * Validates a mesh that has no source line information, for the given purpose.
     *
     * @param raw the mesh to check; not null, not modified
     * @param purpose cloth (all rules) or collider (no valence limit); not null
     * @return the repaired mesh, the warnings and the raw-to-result vertex map
     * @throws InputException if the mesh has a fatal problem (see the class description)
     * @throws NullPointerException if an argument is null
     */
    public static MeshLoadResult validate(TriMesh raw, Purpose purpose) {
        return validate(raw, null, null, null, purpose);
    }

    /**
     * Validates a mesh, naming source lines in messages.
     *
     * @param raw the mesh to check; not null, not modified
     * @param vertexLines for each raw vertex, the 1-based source line that defined it; null when
     *     unknown
     * @param uvLines for each UV entry, the 1-based source line that defined it; null when unknown
     * @param triangleLines for each triangle, the 1-based source line of the face it came from;
     *     null when unknown
     * @return the repaired mesh (new arrays, same source name and triangle order), the warnings
     *     and the raw-to-result vertex map
     * @throws InputException if the mesh has a fatal problem (see the class description)
     * @throws NullPointerException if {@code raw} is null
     */
    public static MeshLoadResult validate(TriMesh raw, int[] vertexLines, int[] uvLines,
            int[] triangleLines) {
        return validate(raw, vertexLines, uvLines, triangleLines, Purpose.CLOTH);
    }

    /**
     * Validates a mesh for the given purpose, naming source lines in messages.
     *
     * @param raw the mesh to check; not null, not modified
     * @param vertexLines for each raw vertex, the 1-based source line that defined it; null when
     *     unknown
     * @param uvLines for each UV entry, the 1-based source line that defined it; null when unknown
     * @param triangleLines for each triangle, the 1-based source line of the face it came from;
     *     null when unknown
     * @param purpose cloth (all rules) or collider (no valence limit); not null
     * @return the repaired mesh, the warnings and the raw-to-result vertex map
     * @throws InputException if the mesh has a fatal problem (see the class description)
     * @throws NullPointerException if {@code raw} or {@code purpose} is null
     */
    public static MeshLoadResult validate(TriMesh raw, int[] vertexLines, int[] uvLines,
            int[] triangleLines, Purpose purpose) {
        Objects.requireNonNull(raw, "raw");
        Objects.requireNonNull(purpose, "purpose");
        return new Check(raw, vertexLines, uvLines, triangleLines, purpose).run();
    }

    /** One validation run; holds the context needed to word messages. */
    private static final class Check {
        private final TriMesh raw;
        private final String src;
        private final int[] vertexLines;
        private final int[] uvLines;
        private final int[] triangleLines;
        private final Purpose purpose;
        private final double[] p;
        private final int[] tri;
        private final int n;
        private final int nt;
        /** Weld representative of each raw vertex (lowest index of its group). */
        private int[] rep;
        /** Size of each weld group, indexed by representative. */
        private int[] groupSize;

        Check(TriMesh raw, int[] vertexLines, int[] uvLines, int[] triangleLines,
                Purpose purpose) {
            this.raw = raw;
            this.purpose = purpose;
            this.src = raw.source;
            this.vertexLines = vertexLines;
            this.uvLines = uvLines;
            this.triangleLines = triangleLines;
            this.p = raw.positions;
            this.tri = raw.triangles;
            this.n = raw.vertexCount();
            this.nt = raw.triangleCount();
        }

        MeshLoadResult run() {
            if (nt == 0) {
                throw fail("mesh: has no triangles"
                        + (n > 0 ? " (" + Fmt.count(n, "vertex", "vertices") + ", no faces)" : ""));
            }
            if (purpose == Purpose.CLOTH && nt > MAX_CLOTH_TRIANGLES) {
                throw fail(String.format(java.util.Locale.ROOT, "mesh: %,d triangles, more than the %,d a cloth "
                        + "may have", nt, MAX_CLOTH_TRIANGLES));
            }
            checkIndices();
            checkCoordinates();
            boolean[] used = new boolean[n];
            for (int v : tri) {
                used[v] = true;
            }
            double[] box = boundingBox(used);
            // finite and at most 2 MAX_COORDINATE sqrt(3) after checkCoordinates
            double diagonal = Math.hypot(Math.hypot(box[3] - box[0], box[4] - box[1]),
                    box[5] - box[2]);
            double weldTol = WELD_FACTOR * diagonal;
            double areaTol = ZERO_AREA_FACTOR * diagonal * diagonal;

            rep = weld(used, box, weldTol);
            groupSize = new int[n];
            for (int v = 0; v < n; v++) {
                if (used[v]) {
                    groupSize[rep[v]]++;
                }
            }
            int[] rt = new int[tri.length];
            for (int h = 0; h < tri.length; h++) {
                rt[h] = rep[tri[h]];
            }
            checkTriangles(rt, areaTol);
            int[] twin = checkEdges(rt);
            checkVertexFans(rt, twin);
            return compact(used, rt);
        }

        // ---------------------------------------------------------------- index and value checks

        private void checkIndices() {
            for (int h = 0; h < tri.length; h++) {
                int v = tri[h];
                if (v < 0 || v >= n) {
                    throw fail(triangle(h / 3) + ": references vertex " + v + " but the mesh has "
                            + (n == 0 ? "no vertices" : "only vertices 0 to " + (n - 1)));
                }
            }
            int[] tuv = raw.triangleUvs;
            if (tuv != null) {
                int nu = raw.uvs.length / 2;
                for (int h = 0; h < tuv.length; h++) {
                    int k = tuv[h];
                    if (k < 0 || k >= nu) {
                        throw fail(triangle(h / 3) + ": references texture coordinate " + k
                                + " but the mesh has " + (nu == 0 ? "no texture coordinates"
                                        : "only texture coordinates 0 to " + (nu - 1)));
                    }
                }
            }
        }

        private void checkCoordinates() {
            for (int i = 0; i < p.length; i++) {
                if (!(Math.abs(p[i]) <= MAX_COORDINATE)) {
                    throw fail(vertex(i / 3) + ": coordinate " + "xyz".charAt(i % 3) + " is "
                            + outOfRange(p[i], MAX_COORDINATE, " m"));
                }
            }
            if (raw.triangleUvs != null) {
                double[] uv = raw.uvs;
                for (int i = 0; i < uv.length; i++) {
                    if (!(Math.abs(uv[i]) <= MAX_TEXTURE_COORDINATE)) {
                        int k = i / 2;
                        throw fail("texture coordinate " + k + line(uvLines, k) + ": "
                                + "uv".charAt(i % 2) + " is "
                                + outOfRange(uv[i], MAX_TEXTURE_COORDINATE, ""));
                    }
                }
            }
        }

        /** Returns {minX, minY, minZ, maxX, maxY, maxZ} over the used vertices. */
        private double[] boundingBox(boolean[] used) {
            double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.NEGATIVE_INFINITY};
            for (int v = 0; v < n; v++) {
                if (!used[v]) {
                    continue;
                }
                for (int c = 0; c < 3; c++) {
                    double x = p[3 * v + c];
                    b[c] = Math.min(b[c], x);
                    b[c + 3] = Math.max(b[c + 3], x);
                }
            }
            return b;
        }

        // ---------------------------------------------------------------- welding

        /**
         * Groups used vertices closer than {@code tol} (union-find, transitive) with a spatial
         * hash of cell size {@code 2 tol}, so that the partners of a vertex lie in its own cell
         * or in the nearer neighbour along each axis (8 cells to visit); returns each vertex's
         * group representative, the lowest index in its group. Unused vertices are their own
         * representatives.
         */
        private int[] weld(boolean[] used, double[] box, double tol) {
            int[] parent = new int[n];
            for (int v = 0; v < n; v++) {
                parent[v] = v;
            }
            int usedCount = 0;
            for (boolean u : used) {
                if (u) {
                    usedCount++;
                }
            }
            double cell = tol > 0 ? 2 * tol : 1.0;
            double tol2 = tol * tol;
            CellTable table = new CellTable(usedCount);
            int[] next = new int[n]; // chain of vertices in the same cell, stored as index + 1
            for (int v = 0; v < n; v++) {
                if (!used[v]) {
                    continue;
                }
                double x = p[3 * v], y = p[3 * v + 1], z = p[3 * v + 2];
                double gx = (x - box[0]) / cell, gy = (y - box[1]) / cell,
                        gz = (z - box[2]) / cell;
                long cx = (long) Math.floor(gx);
                long cy = (long) Math.floor(gy);
                long cz = (long) Math.floor(gz);
                // a partner is at most half a cell away: visit the neighbour on the nearer side,
                // and both sides near the middle of the cell, where rounding could matter
                double fx = gx - cx, fy = gy - cy, fz = gz - cz;
                boolean exactTwin = false;
                for (int dx = fx < 0.51 ? -1 : 0; dx <= (fx > 0.49 ? 1 : 0); dx++) {
                    for (int dy = fy < 0.51 ? -1 : 0; dy <= (fy > 0.49 ? 1 : 0); dy++) {
                        for (int dz = fz < 0.51 ? -1 : 0; dz <= (fz > 0.49 ? 1 : 0); dz++) {
                            int slot = table.find(CellTable.key(cx + dx, cy + dy, cz + dz));
                            for (int w = table.head(slot) - 1; w >= 0; w = next[w] - 1) {
                                double ex = p[3 * w] - x, ey = p[3 * w + 1] - y,
                                        ez = p[3 * w + 2] - z;
                                double d2 = ex * ex + ey * ey + ez * ez;
                                if (d2 <= tol2) {
                                    union(parent, v, w);
                                    if (d2 == 0) {
                                        exactTwin = true;
                                    }
                                }
                            }
                        }
                    }
                }
                if (!exactTwin) {
                    // an exact twin already stands for this position in the table
                    int slot = table.find(CellTable.key(cx, cy, cz));
                    next[v] = table.head(slot);
                    table.put(slot, CellTable.key(cx, cy, cz), v + 1);
                }
            }
            for (int v = 0; v < n; v++) {
                parent[v] = root(parent, v);
            }
            return parent;
        }

        // ---------------------------------------------------------------- per-triangle checks

        private void checkTriangles(int[] rt, double areaTol) {
            for (int t = 0; t < nt; t++) {
                int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
                if (a == b || a == c || b == c) {
                    int twice = a == b || a == c ? a : b;
                    throw fail(triangle(t) + ": uses " + vertex(twice)
                            + " twice (degenerate triangle)");
                }
                int ra = rt[3 * t], rb = rt[3 * t + 1], rc = rt[3 * t + 2];
                if (ra == rb || ra == rc || rb == rc) {
                    int x = ra == rb || ra == rc ? a : b;
                    int y = ra == rb ? b : c;
                    double d = Math.sqrt(dist2(x, y));
                    throw fail(triangle(t) + ": degenerate after welding duplicate vertices: "
                            + vertex(x) + " and " + vertex(y) + " are "
                            + (d == 0 ? "at the same position" : Fmt.num(d) + " m apart")
                            + " and were merged into one");
                }
                double area = TriMesh.triangleArea(p, ra, rb, rc);
                if (!(area > areaTol)) {
                    throw fail(triangle(t) + ": zero area (" + Fmt.num(area) + " m^2, at most "
                            + Fmt.num(ZERO_AREA_FACTOR) + " * bounding-box diagonal^2 = "
                            + Fmt.num(areaTol) + " m^2): vertices " + vertexList(ra, rb, rc)
                            + " are collinear or too close together");
                }
            }
        }

        // ---------------------------------------------------------------- edge checks

        /**
         * Checks duplicate triangles, non-manifold edges and winding; returns for each half-edge
         * {@code h} (edge from corner {@code h} to the next corner of its triangle) its opposite
         * half-edge, or -1 on the boundary.
         */
        private int[] checkEdges(int[] rt) {
            int nh = rt.length;
            int[] start = new int[n + 1];
            for (int h = 0; h < nh; h++) {
                start[Math.min(rt[h], rt[nextCorner(h)]) + 1]++;
            }
            for (int v = 0; v < n; v++) {
                start[v + 1] += start[v];
            }
            int[] fill = Arrays.copyOf(start, n);
            // (higher endpoint << 32) | half-edge, bucketed by the lower endpoint
            long[] edges = new long[nh];
            for (int h = 0; h < nh; h++) {
                int a = rt[h], b = rt[nextCorner(h)];
                edges[fill[Math.min(a, b)]++] = ((long) Math.max(a, b) << 32) | h;
            }
            int[] twin = new int[nh];
            Arrays.fill(twin, -1);
            String duplicate = null;
            String nonManifold = null;
            String winding = null;
            for (int lo = 0; lo < n; lo++) {
                int end = start[lo + 1];
                if (end - start[lo] > 1) {
                    Arrays.sort(edges, start[lo], end);
                }
                int i = start[lo];
                while (i < end) {
                    int hi = (int) (edges[i] >>> 32);
                    int j = i + 1;
                    while (j < end && (int) (edges[j] >>> 32) == hi) {
                        j++;
                    }
                    int size = j - i;
                    if (size >= 2 && duplicate == null) {
                        duplicate = findDuplicate(rt, edges, i, j);
                    }
                    if (size > 2 && nonManifold == null) {
                        nonManifold = nonManifoldEdge(edges, i, j, lo, hi);
                    }
                    if (size == 2) {
                        int h1 = (int) edges[i], h2 = (int) edges[i + 1];
                        if ((rt[h1] == lo) == (rt[h2] == lo)) {
                            if (winding == null) {
                                int from = rt[h1], to = rt[nextCorner(h1)];
                                winding = "triangles " + triangleRef(h1 / 3) + " and "
                                        + triangleRef(h2 / 3)
                                        + ": inconsistent winding, both traverse edge " + from
                                        + "->" + to + " in the same direction (one of them is"
                                        + " flipped)" + weldNote(lo, hi);
                            }
                        } else {
                            twin[h1] = h2;
                            twin[h2] = h1;
                        }
                    }
                    i = j;
                }
            }
            if (duplicate != null) {
                throw fail(duplicate);
            }
            if (nonManifold != null) {
                throw fail(nonManifold);
            }
            if (winding != null) {
                throw fail(winding);
            }
            return twin;
        }

        /** Looks for two triangles of one edge group that share all three vertices. */
        private String findDuplicate(int[] rt, long[] edges, int from, int to) {
            for (int i = from; i < to; i++) {
                int h1 = (int) edges[i];
                int opposite1 = rt[prevCorner(h1)];
                for (int j = i + 1; j < to; j++) {
                    int h2 = (int) edges[j];
                    if (rt[prevCorner(h2)] == opposite1) {
                        int t1 = Math.min(h1 / 3, h2 / 3), t2 = Math.max(h1 / 3, h2 / 3);
                        int[] s1 = sortedRaw(t1), s2 = sortedRaw(t2);
                        boolean byWelding = !Arrays.equals(s1, s2);
                        return "triangles " + triangleRef(t1) + " and " + triangleRef(t2)
                                + ": duplicate triangles over the same vertices "
                                + vertexList(rt[3 * t1], rt[3 * t1 + 1], rt[3 * t1 + 2])
                                + " (non-manifold)"
                                + (byWelding ? " after welding duplicate vertices" : "");
                    }
                }
            }
            return null;
        }

        private String nonManifoldEdge(long[] edges, int from, int to, int lo, int hi) {
            StringBuilder list = new StringBuilder();
            for (int i = from; i < to && i - from < MAX_LISTED; i++) {
                if (i > from) {
                    list.append(", ");
                }
                list.append(triangleRef((int) edges[i] / 3));
            }
            if (to - from > MAX_LISTED) {
                list.append(", ...");
            }
            return "edge " + lo + "-" + hi + edgeLines(lo, hi) + ": non-manifold, shared by "
                    + (to - from) + " triangles (" + list + "); an edge may belong to at most 2"
                    + weldNote(lo, hi);
        }

        // ---------------------------------------------------------------- vertex fans

        /**
         * Counts, for each vertex, the fans its triangles form: corners at the same vertex are
         * joined across every interior edge; a vertex whose corners fall into more than one group
         * is non-manifold.
         */
        private void checkVertexFans(int[] rt, int[] twin) {
            int nh = rt.length;
            int[] corner = new int[nh];
            for (int h = 0; h < nh; h++) {
                corner[h] = h;
            }
            int[] degree = new int[n];
            int[] merges = new int[n];
            for (int h = 0; h < nh; h++) {
                degree[rt[h]]++;
            }
            for (int h = 0; h < nh; h++) {
                int g = twin[h];
                if (g > h) {
                    // h runs a->b, g runs b->a: corner h and corner next(g) are at a,
                    // corner next(h) and corner g are at b
                    if (union(corner, h, nextCorner(g))) {
                        merges[rt[h]]++;
                    }
                    if (union(corner, nextCorner(h), g)) {
                        merges[rt[g]]++;
                    }
                }
            }
            for (int v = 0; v < n; v++) {
                int fans = degree[v] - merges[v];
                if (degree[v] > 0 && fans > 1) {
                    int firstRoot = -1, t1 = -1, t2 = -1;
                    for (int h = 0; h < nh && t2 < 0; h++) {
                        if (rt[h] == v) {
                            int r = root(corner, h);
                            if (firstRoot < 0) {
                                firstRoot = r;
                                t1 = h / 3;
                            } else if (r != firstRoot) {
                                t2 = h / 3;
                            }
                        }
                    }
                    throw fail(vertex(v) + ": non-manifold vertex, its " + degree[v]
                            + " triangles form " + fans + " separate fans (triangles "
                            + triangleRef(t1) + " and " + triangleRef(t2)
                            + " meet only at this vertex)"
                            + (groupSize[v] > 1 ? " after welding "
                                    + groupSize[v] + " duplicate vertices into one" : ""));
                }
            }
            if (purpose == Purpose.CLOTH) {
                for (int v = 0; v < n; v++) {
                    if (degree[v] > MAX_VERTEX_TRIANGLES) {
                        throw fail(tooManyTriangles(v, degree[v]));
                    }
                }
            }
        }

        /** The valence message: the vertex as the file numbers it, its position and count. */
        private String tooManyTriangles(int v, int count) {
            String which = vertexLines != null && v < vertexLines.length
                    ? "vertex " + (v + 1) + " of the file (line " + vertexLines[v] + ")"
                    : "vertex " + v;
            return which + " at (" + Fmt.num(p[3 * v]) + ", " + Fmt.num(p[3 * v + 1]) + ", "
                    + Fmt.num(p[3 * v + 2]) + "): " + count + " triangles meet there, more than the "
                    + MAX_VERTEX_TRIANGLES + " a cloth vertex may have"
                    + (groupSize[v] > 1 ? " (after welding " + groupSize[v]
                            + " duplicate vertices into one)" : "")
                    + "; remesh so that fewer triangles share it";
        }

        // ---------------------------------------------------------------- result

        private MeshLoadResult compact(boolean[] used, int[] rt) {
            int[] map = new int[n];
            Arrays.fill(map, -1);
            int kept = 0;
            int unused = 0;
            for (int v = 0; v < n; v++) {
                if (!used[v]) {
                    unused++;
                } else if (rep[v] == v) {
                    map[v] = kept++;
                }
            }
            for (int v = 0; v < n; v++) {
                if (used[v] && rep[v] != v) {
                    map[v] = map[rep[v]];
                }
            }
            int welded = n - unused - kept;
            double[] positions = new double[3 * kept];
            for (int v = 0; v < n; v++) {
                if (used[v] && rep[v] == v) {
                    System.arraycopy(p, 3 * v, positions, 3 * map[v], 3);
                }
            }
            int[] triangles = new int[rt.length];
            for (int h = 0; h < rt.length; h++) {
                triangles[h] = map[rt[h]];
            }
            int[] triangleUvs = raw.triangleUvs == null ? null : raw.triangleUvs.clone();
            double[] uvs = raw.triangleUvs == null ? new double[0] : raw.uvs.clone();
            List<String> warnings = new ArrayList<>();
            if (unused > 0) {
                warn(warnings, src + ": removed " + Fmt.count(unused, "unreferenced vertex",
                        "unreferenced vertices"));
            }
            if (welded > 0) {
                warn(warnings, src + ": welded " + Fmt.count(welded, "duplicate vertex",
                        "duplicate vertices"));
            }
            TriMesh mesh = new TriMesh(positions, triangles, uvs, triangleUvs, src);
            return new MeshLoadResult(mesh, warnings, map);
        }

        private static void warn(List<String> warnings, String message) {
            warnings.add(message);
            LOG.log(Level.INFO, message);
        }

        // ---------------------------------------------------------------- message helpers

        private InputException fail(String elementAndReason) {
            return new InputException(src + ": " + elementAndReason);
        }

        private String vertex(int v) {
            return "vertex " + v + line(vertexLines, v);
        }

        private String triangle(int t) {
            return "triangle " + triangleRef(t);
        }

        private String triangleRef(int t) {
            return t + line(triangleLines, t);
        }

        /** "NaN", "infinite (-Infinity)" or "1e308, beyond ±10000 m". */
        private static String outOfRange(double x, double max, String unit) {
            if (Double.isNaN(x)) {
                return "NaN";
            }
            if (Double.isInfinite(x)) {
                return "infinite (" + x + ")";
            }
            return Fmt.numAgainst(x, max) + unit + ", beyond the limit of ±" + Fmt.num(max) + unit;
        }

        private static String line(int[] lines, int i) {
            return lines != null && i >= 0 && i < lines.length ? " (line " + lines[i] + ")" : "";
        }

        private String edgeLines(int a, int b) {
            if (vertexLines == null || a >= vertexLines.length || b >= vertexLines.length) {
                return "";
            }
            return " (vertices on lines " + vertexLines[a] + " and " + vertexLines[b] + ")";
        }

        private String vertexList(int a, int b, int c) {
            return "{" + a + ", " + b + ", " + c + "}";
        }

        private String weldNote(int a, int b) {
            return groupSize[a] > 1 || groupSize[b] > 1 ? " (after welding duplicate vertices)"
                    : "";
        }

        private int[] sortedRaw(int t) {
            int[] s = {tri[3 * t], tri[3 * t + 1], tri[3 * t + 2]};
            Arrays.sort(s);
            return s;
        }

        private double dist2(int a, int b) {
            double dx = p[3 * a] - p[3 * b], dy = p[3 * a + 1] - p[3 * b + 1],
                    dz = p[3 * a + 2] - p[3 * b + 2];
            return dx * dx + dy * dy + dz * dz;
        }
    }

    // -------------------------------------------------------------------- small utilities

    /** The corner after {@code h} in its triangle (also the end of half-edge {@code h}). */
    private static int nextCorner(int h) {
        return h % 3 == 2 ? h - 2 : h + 1;
    }

    /** The corner before {@code h} in its triangle (the vertex opposite half-edge {@code h}). */
    private static int prevCorner(int h) {
        return h % 3 == 0 ? h + 2 : h - 1;
    }

    /** Union-find root with path halving. */
    private static int root(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** Joins the sets of a and b, keeping the lower root; returns false if already joined. */
    private static boolean union(int[] parent, int a, int b) {
        int ra = root(parent, a), rb = root(parent, b);
        if (ra == rb) {
            return false;
        }
        if (ra < rb) {
            parent[rb] = ra;
        } else {
            parent[ra] = rb;
        }
        return true;
    }

    /** Open-addressing hash table from a grid-cell key to the head of a vertex chain. */
    private static final class CellTable {
        private final long[] keys;
        private final int[] heads; // vertex index + 1; 0 marks an empty slot
        private final int mask;

        CellTable(int expected) {
            int capacity = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
            keys = new long[capacity];
            heads = new int[capacity];
            mask = capacity - 1;
        }

        /**
         * Mixes integer cell coordinates into a key. Different cells may share a key; that only
         * adds candidates, which are then rejected by the distance test.
         */
        static long key(long cx, long cy, long cz) {
            long k = cx * 0x9E3779B97F4A7C15L + cy * 0xC2B2AE3D27D4EB4FL + cz * 0x165667B19E3779F9L;
            k ^= k >>> 33;
            k *= 0xFF51AFD7ED558CCDL;
            k ^= k >>> 33;
            return k;
        }

        /** The slot holding {@code key}, or the empty slot where it would go. */
        int find(long key) {
            int slot = (int) key & mask;
            while (heads[slot] != 0 && keys[slot] != key) {
                slot = (slot + 1) & mask;
            }
            return slot;
        }

        int head(int slot) {
            return heads[slot];
        }

        void put(int slot, long key, int head) {
            keys[slot] = key;
            heads[slot] = head;
        }
    }
}
