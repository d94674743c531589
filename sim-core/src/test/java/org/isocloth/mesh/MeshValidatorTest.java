package org.isocloth.mesh;

import static org.isocloth.mesh.Meshes.assertInputError;
import static org.isocloth.mesh.Meshes.obj;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class MeshValidatorTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final LogCapture logs = new LogCapture();

    private static final double[] SQUARE = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};

    // ------------------------------------------------------------------ fatal problems

    @Test
    void emptyMeshIsFatal() {
        Path f = obj(dir, "empty.obj", "# nothing but vertices", "v 0 0 0", "v 1 0 0");
        assertInputError(() -> ObjReader.read(f), "empty.obj: ", "no triangles");
        assertInputError(() -> MeshValidator.validate(new TriMesh(new double[0], new int[0], "m")),
                "m: ", "no triangles");
    }

    @Test
    void aClothOfMoreThanTwoMillionTrianglesIsRefusedBeforeAnyWork() {
        // 2,000,001 triangles (all on one vertex triple, so only the count matters): one more than
        // MAX_CLOTH_TRIANGLES. As a cloth it is refused from its count; as a collider the count
        // is allowed, and the mesh then fails as the degenerate, duplicated mesh it is.
        int nt = MeshValidator.MAX_CLOTH_TRIANGLES + 1;
        int[] tri = new int[3 * nt];
        for (int t = 0; t < nt; t++) {
            tri[3 * t + 1] = 1;
            tri[3 * t + 2] = 2;
        }
        TriMesh huge = new TriMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, tri, "huge.obj");
        assertInputError(() -> MeshValidator.validate(huge), "huge.obj: ",
                "2,000,001 triangles, more than the 2,000,000 a cloth may have");
        InputExceptionMessage collider = new InputExceptionMessage(() ->
                MeshValidator.validate(huge, MeshValidator.Purpose.COLLIDER));
        assertFalse(collider.message.contains("a cloth may have"), collider.message);
    }

    /** The message of the InputException that {@code r} throws. */
    private record InputExceptionMessage(String message) {
        InputExceptionMessage(Runnable r) {
            this(org.junit.jupiter.api.Assertions.assertThrows(org.isocloth.InputException.class, r::run)
                    .getMessage());
        }
    }

    @Test
    void nanCoordinateNamesVertexAndLine() {
        Path f = obj(dir, "nan.obj", "v 0 0 0", "v 1 nan 0", "v 0 1 0", "f 1 2 3");
        assertInputError(() -> ObjReader.read(f), "nan.obj: ", "vertex 1 (line 2)",
                "coordinate y is NaN");
    }

    @Test
    void infiniteCoordinateNamesVertex() {
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, Double.NEGATIVE_INFINITY};
        TriMesh m = new TriMesh(p, new int[] {0, 1, 2}, "inf.mesh");
        assertInputError(() -> MeshValidator.validate(m), "inf.mesh: ", "vertex 2:",
                "coordinate z is infinite");
        Path f = obj(dir, "inf.obj", "v 0 0 0", "v 1 0 0", "v 0 1 -inf", "f 1 2 3");
        assertInputError(() -> ObjReader.read(f), "inf.obj: ", "vertex 2 (line 3)",
                "coordinate z is infinite");
    }

    @Test
    void indexOutOfRangeIsFatal() {
        TriMesh high = new TriMesh(SQUARE, new int[] {0, 1, 2, 0, 2, 7}, "range.mesh");
        assertInputError(() -> MeshValidator.validate(high), "range.mesh: ", "triangle 1:",
                "references vertex 7", "0 to 3");
        TriMesh negative = new TriMesh(SQUARE, new int[] {0, -1, 2}, "range.mesh");
        assertInputError(() -> MeshValidator.validate(negative), "range.mesh: ", "triangle 0:",
                "references vertex -1");
    }

    @Test
    void uvIndexOutOfRangeAndNonFiniteUvAreFatal() {
        TriMesh m = new TriMesh(SQUARE, new int[] {0, 1, 2}, new double[] {0, 0, 1, 0, 1, 1},
                new int[] {0, 1, 3}, "uv.mesh");
        assertInputError(() -> MeshValidator.validate(m), "uv.mesh: ", "triangle 0:",
                "references texture coordinate 3");
        Path f = obj(dir, "uvnan.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0", "vt nan 0",
                "vt 0 1", "f 1/1 2/2 3/3");
        assertInputError(() -> ObjReader.read(f), "uvnan.obj: ", "texture coordinate 1 (line 5)",
                "u is NaN");
    }

    @Test
    void coordinatesBeyondTheLimitAreFatal() {
        double[] p = {-1e308, 0, 0, 1e308, 0, 0, 0, 1, 0};
        TriMesh m = new TriMesh(p, new int[] {0, 1, 2}, "huge.mesh");
        assertInputError(() -> MeshValidator.validate(m),
                "huge.mesh: vertex 0: coordinate x is -1e308 m, beyond the limit of ±10000 m");
        // at 1e308 the weld tolerance (1e-9 times the diagonal, about 1e299 m) would swallow
        // the 0.125 m gap between vertices 0 and 1 and blame welding; the coordinate limit is
        // checked first and names the coordinate and its line
        Path f = obj(dir, "far.obj", "v 1e308 0 0", "v 1e308 0.125 0", "v 0 1 0", "f 1 2 3");
        assertInputError(() -> ObjReader.read(f),
                "far.obj: vertex 0 (line 1): coordinate x is 1e308 m, beyond the limit");
        // the limit itself is accepted, the next representable step beyond it is not
        double edge = MeshValidator.MAX_COORDINATE;
        double[] q = {edge, 0, -edge, edge - 1, 0, -edge, edge, 1, -edge};
        assertEquals(3, MeshValidator.validate(new TriMesh(q, new int[] {0, 1, 2}, "edge"))
                .mesh.vertexCount());
        q[2] = -Math.nextUp(edge);
        assertInputError(() -> MeshValidator.validate(new TriMesh(q, new int[] {0, 1, 2}, "edge")),
                "edge: vertex 0: coordinate z is -10000.000000000002 m, beyond the limit of ±10000 m");
    }

    @Test
    void textureCoordinatesBeyondTheLimitAreFatal() {
        // a UV of 1e308 would make the subdivision's midpoints (a + b) / 2 infinite
        Path f = obj(dir, "uvfar.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0", "vt 1e308 0",
                "vt 0 1", "f 1/1 2/2 3/3");
        assertInputError(() -> ObjReader.read(f), "uvfar.obj: texture coordinate 1 (line 5): "
                + "u is 1e308, beyond the limit of ±10000");
    }

    @Test
    void valenceLimitAppliesToClothsOnly() {
        // a closed fan of 32 triangles around vertex 32 (the last): one more than
        // MAX_VERTEX_TRIANGLES = 31; as a collider surface the same mesh is fine
        TriMesh fan = fan(32);
        assertInputError(() -> MeshValidator.validate(fan), "fan: vertex 32 at (0, 0, 0): 32"
                + " triangles meet there, more than the 31 a cloth vertex may have");
        assertEquals(32, MeshValidator.validate(fan, MeshValidator.Purpose.COLLIDER).mesh
                .triangleCount());
        assertEquals(31, MeshValidator.validate(fan(31)).mesh.triangleCount());
        // the OBJ reader passes the purpose on: the fan as a file, centre on line 33
        StringBuilder text = new StringBuilder();
        for (int v = 0; v <= 32; v++) {
            text.append("v ").append(fan.positions[3 * v]).append(' ')
                    .append(fan.positions[3 * v + 1]).append(" 0\n");
        }
        for (int t = 0; t < 32; t++) {
            text.append("f 33 ").append(t + 1).append(' ').append((t + 1) % 32 + 1).append('\n');
        }
        Path f = obj(dir, "fan.obj", text.toString());
        assertInputError(() -> ObjReader.read(f), "fan.obj: vertex 33 of the file (line 33)");
        assertEquals(32, ObjReader.read(f, MeshValidator.Purpose.COLLIDER).mesh.triangleCount());
    }

    @Test
    void valenceMessageNamesTheWeldedVertexByItsFileNumber() {
        // a 32-triangle fan whose centre is written twice (vertices 33 and 34 of the file, lines
        // 34 and 35 after the comment), each half of the fan using one copy: welded, the
        // centre has 32 triangles; it is named by the first copy, the group's representative
        TriMesh f = fan(32);
        StringBuilder obj = new StringBuilder("# split fan\n");
        for (int v = 0; v < f.vertexCount(); v++) {
            obj.append("v ").append(f.positions[3 * v]).append(' ').append(f.positions[3 * v + 1])
                    .append(' ').append(f.positions[3 * v + 2]).append('\n');
        }
        obj.append("v 0 0 0\n");
        for (int t = 0; t < 32; t++) {
            int centre = t < 16 ? 33 : 34;
            obj.append("f ").append(centre).append(' ').append(f.triangles[3 * t + 1] + 1)
                    .append(' ').append(f.triangles[3 * t + 2] + 1).append('\n');
        }
        assertInputError(() -> ObjReader.read(new java.io.StringReader(obj.toString()),
                "split.obj"), "split.obj: vertex 33 of the file (line 34) at (0, 0, 0): 32 "
                + "triangles meet there", "(after welding 2 duplicate vertices into one)");
    }

    /** A closed fan of n triangles around the last vertex (0, 0, 0), rim radius 1 m. */
    private static TriMesh fan(int n) {
        double[] p = new double[3 * (n + 1)];
        int[] t = new int[3 * n];
        for (int k = 0; k < n; k++) {
            p[3 * k] = Math.cos(2 * Math.PI * k / n);
            p[3 * k + 1] = Math.sin(2 * Math.PI * k / n);
            t[3 * k] = n;
            t[3 * k + 1] = k;
            t[3 * k + 2] = (k + 1) % n;
        }
        return new TriMesh(p, t, "fan");
    }

    @Test
    void repeatedVertexInTriangleIsFatal() {
        Path f = obj(dir, "rep.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1 2 3", "f 1 2 2");
        assertInputError(() -> ObjReader.read(f), "rep.obj: ", "triangle 1 (line 5)",
                "uses vertex 1 (line 2) twice");
    }

    @Test
    void zeroAreaTriangleIsFatal() {
        Path f = obj(dir, "flat.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "v 2 0 0",
                "f 1 2 3", "f 1 2 4");
        assertInputError(() -> ObjReader.read(f), "flat.obj: ", "triangle 1 (line 6)",
                "zero area", "{0, 1, 3}");
        // not exactly collinear, but area 5e-13 m^2 < 1e-12 * diagonal^2 (diagonal ~1.41)
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0.5, 1e-12, 0};
        TriMesh sliver = new TriMesh(p, new int[] {0, 1, 2, 0, 3, 1}, "sliver.mesh");
        assertInputError(() -> MeshValidator.validate(sliver), "sliver.mesh: ", "triangle 1:",
                "zero area");
    }

    @Test
    void nonManifoldEdgeIsFatalAndNamesEdgeAndTriangles() {
        Path f = obj(dir, "fin.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "v 0 -1 0", "v 0 0 1",
                "f 1 2 3", "f 2 1 4", "f 1 2 5");
        assertInputError(() -> ObjReader.read(f), "fin.obj: ", "edge 0-1",
                "lines 1 and 2", "non-manifold", "shared by 3 triangles",
                "0 (line 6), 1 (line 7), 2 (line 8)");
    }

    @Test
    void inconsistentWindingIsFatalAndNamesBothTriangles() {
        Path f = obj(dir, "flip.obj", "v 0 0 0", "v 1 0 0", "v 1 1 0", "v 0 1 0",
                "f 1 2 3", "f 1 4 3");
        assertInputError(() -> ObjReader.read(f), "flip.obj: ",
                "triangles 0 (line 5) and 1 (line 6)", "inconsistent winding", "edge 2->0");
    }

    @Test
    void nonManifoldVertexIsFatal() {
        Path f = obj(dir, "bowtie.obj", "v 0 0 0", "v 1 0 0", "v 1 1 0", "v -1 0 0", "v -1 -1 0",
                "f 1 2 3", "f 1 4 5");
        String message = assertInputError(() -> ObjReader.read(f), "bowtie.obj: ",
                "vertex 0 (line 1)", "non-manifold vertex", "2 separate fans",
                "triangles 0 (line 6) and 1 (line 7)");
        assertFalse(message.contains("welding"), message);
    }

    @Test
    void duplicateTrianglesAreFatal() {
        Path same = obj(dir, "dup.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1 2 3", "f 2 3 1");
        assertInputError(() -> ObjReader.read(same), "dup.obj: ",
                "triangles 0 (line 4) and 1 (line 5)", "duplicate", "{0, 1, 2}", "non-manifold");
        // a double-sided triangle: the edges are consistent, only the duplicate check sees it
        Path flipped = obj(dir, "twosided.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1 2 3",
                "f 3 2 1");
        assertInputError(() -> ObjReader.read(flipped), "twosided.obj: ",
                "triangles 0 (line 4) and 1 (line 5)", "duplicate");
    }

    @Test
    void weldingThatCreatesADegenerateTriangleIsReportedAsSuch() {
        Path f = obj(dir, "weld.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "v 1 0 0",
                "f 1 2 3", "f 2 4 3");
        assertInputError(() -> ObjReader.read(f), "weld.obj: ", "triangle 1 (line 6)",
                "degenerate after welding", "vertex 1 (line 2) and vertex 3 (line 4)",
                "at the same position");
        // and within the tolerance rather than exactly equal
        Path g = obj(dir, "weld2.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "v 1e-12 1 0", "f 1 2 3",
                "f 3 4 1");
        assertInputError(() -> ObjReader.read(g), "weld2.obj: ", "triangle 1 (line 6)",
                "degenerate after welding", "vertex 2 (line 3) and vertex 3 (line 4)",
                "1e-12 m apart");
    }

    @Test
    void weldingThatCreatesADuplicateTriangleIsReportedAsSuch() {
        Path f = obj(dir, "weld3.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "v 1 0 0",
                "f 1 2 3", "f 1 4 3");
        assertInputError(() -> ObjReader.read(f), "weld3.obj: ",
                "triangles 0 (line 5) and 1 (line 6)", "duplicate triangles", "after welding");
    }

    @Test
    void weldingThatCreatesANonManifoldVertexIsReportedAsSuch() {
        Path f = obj(dir, "touch.obj", "v 0 0 0", "v 1 0 0", "v 1 1 0",
                "v 0 0 0", "v -1 0 0", "v -1 -1 0", "f 1 2 3", "f 4 5 6");
        assertInputError(() -> ObjReader.read(f), "touch.obj: ", "vertex 0 (line 1)",
                "non-manifold vertex", "after welding 2 duplicate vertices");
    }

    @Test
    void weldingThatCreatesANonManifoldEdgeIsReportedAsSuch() {
        Path f = obj(dir, "fin2.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "v 0 -1 0", "v 0 0 1",
                "v 0 0 0", "v 1 0 0", "f 1 2 3", "f 2 1 4", "f 6 7 5");
        assertInputError(() -> ObjReader.read(f), "fin2.obj: ", "edge 0-1", "non-manifold",
                "after welding");
    }

    // ------------------------------------------------------------------ repairs

    @Test
    void unreferencedVerticesAreRemovedAndReported() {
        Path f = obj(dir, "cape.obj", "v 9 9 9", "v 0 0 0", "v 1 0 0", "v 8 8 8", "v 0 1 0",
                "f 2 3 5");
        MeshLoadResult r = ObjReader.read(f);
        assertEquals(List.of("cape.obj: removed 2 unreferenced vertices"), r.warnings);
        assertEquals(3, r.mesh.vertexCount());
        assertArrayEquals(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, r.mesh.positions);
        assertArrayEquals(new int[] {0, 1, 2}, r.mesh.triangles);
        assertArrayEquals(new int[] {-1, 0, 1, -1, 2}, r.vertexMap);
        assertTrue(logs.messages(Level.INFO).contains("cape.obj: removed 2 unreferenced vertices"));
    }

    @Test
    void exactDuplicateVerticesAreWeldedAndReported() {
        // a unit square as two triangles that each have their own three vertices
        Path f = obj(dir, "cape.obj", "v 0 0 0", "v 1 0 0", "v 1 1 0", "v 0 0 0", "v 1 1 0",
                "v 0 1 0", "f 1 2 3", "f 4 5 6");
        MeshLoadResult r = ObjReader.read(f);
        assertEquals(List.of("cape.obj: welded 2 duplicate vertices"), r.warnings);
        assertEquals(4, r.mesh.vertexCount());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.mesh.triangles);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.vertexMap);
        assertEquals(1.0, r.mesh.area(), 1e-15);
        assertTrue(logs.messages(Level.INFO).contains("cape.obj: welded 2 duplicate vertices"));
    }

    @Test
    void nearDuplicatesWithinToleranceAreWeldedOthersAreKept() {
        // bounding-box diagonal sqrt(2): tolerance 1.41e-9 m
        double[] near = {0, 0, 0, 1, 0, 0, 1, 1, 0, 1e-10, 0, 0, 1, 1 + 1e-10, 0, 0, 1, 0};
        int[] tris = {0, 1, 2, 3, 4, 5};
        MeshLoadResult welded = MeshValidator.validate(new TriMesh(near, tris, "near.mesh"));
        assertEquals(List.of("near.mesh: welded 2 duplicate vertices"), welded.warnings);
        assertEquals(4, welded.mesh.vertexCount());
        // the lowest-index vertex of each group is kept exactly
        assertArrayEquals(new double[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0},
                welded.mesh.positions);

        double[] far = near.clone();
        far[9] = 1e-6;
        far[13] = 1 + 1e-6;
        MeshLoadResult kept = MeshValidator.validate(new TriMesh(far, tris, "far.mesh"));
        assertTrue(kept.warnings.isEmpty(), kept.warnings::toString);
        assertEquals(6, kept.mesh.vertexCount());
        assertArrayEquals(far, kept.mesh.positions);
    }

    @Test
    void weldingIsTransitiveAndCountsEveryMergedVertex() {
        // a fan of 4 triangles around the origin where every triangle has its own copies
        double[] ring = {1, 0, 0, 0, 1, 0, -1, 0, 0, 0, -1, 0};
        double[] p = new double[4 * 9];
        int[] t = new int[12];
        for (int k = 0; k < 4; k++) {
            int b = (k + 1) % 4;
            double[] tri = {0, 0, 0, ring[3 * k], ring[3 * k + 1], 0, ring[3 * b], ring[3 * b + 1],
                0};
            System.arraycopy(tri, 0, p, 9 * k, 9);
            t[3 * k] = 3 * k;
            t[3 * k + 1] = 3 * k + 1;
            t[3 * k + 2] = 3 * k + 2;
        }
        MeshLoadResult r = MeshValidator.validate(new TriMesh(p, t, "fan.mesh"));
        assertEquals(List.of("fan.mesh: welded 7 duplicate vertices"), r.warnings);
        assertEquals(5, r.mesh.vertexCount());
        assertEquals(2.0, r.mesh.area(), 1e-15);
    }

    @Test
    void jitteredTriangleSoupIsWeldedBackIntoTheGrid() {
        TriMesh grid = GridMesh.build(2, 1.5, 20, 15, new double[] {3, -1, 0.5},
                new double[] {0.2, 0.1, 1}, new double[] {1, 0, -0.2});
        // every triangle gets its own copies of its corners, each moved by less than 0.45 of
        // the weld tolerance, so that all copies of a grid vertex lie within the tolerance
        double tol = MeshValidator.WELD_FACTOR * 2.5; // bounding-box diagonal >= 2.5
        java.util.Random random = new java.util.Random(7);
        int[] t = new int[grid.triangles.length];
        double[] p = new double[3 * t.length];
        for (int h = 0; h < t.length; h++) {
            t[h] = h;
            for (int c = 0; c < 3; c++) {
                p[3 * h + c] = grid.positions[3 * grid.triangles[h] + c]
                        + (random.nextDouble() - 0.5) * 0.5 * tol;
            }
        }
        MeshLoadResult r = MeshValidator.validate(new TriMesh(p, t, "soup.mesh"));
        assertEquals(grid.vertexCount(), r.mesh.vertexCount());
        assertEquals(List.of("soup.mesh: welded " + (t.length - grid.vertexCount())
                + " duplicate vertices"), r.warnings);
        assertEquals(grid.area(), r.mesh.area(), 1e-9);
        // all copies of a grid vertex map to one result vertex, at most 0.25 tol from the original
        int[] gridToResult = new int[grid.vertexCount()];
        java.util.Arrays.fill(gridToResult, -1);
        for (int h = 0; h < t.length; h++) {
            int g = grid.triangles[h];
            if (gridToResult[g] < 0) {
                gridToResult[g] = r.vertexMap[h];
            }
            assertEquals(gridToResult[g], r.vertexMap[h]);
            for (int c = 0; c < 3; c++) {
                assertEquals(grid.positions[3 * g + c], r.mesh.positions[3 * r.vertexMap[h] + c],
                        0.25 * tol);
            }
        }
    }

    @Test
    void validMeshPassesUnchangedWithoutWarnings() {
        double[] uvs = {0, 0, 1, 0, 1, 1, 0, 1};
        int[] tris = {0, 1, 2, 0, 2, 3};
        TriMesh m = new TriMesh(SQUARE, tris, uvs, tris.clone(), "square.mesh");
        MeshLoadResult r = MeshValidator.validate(m);
        assertTrue(r.warnings.isEmpty());
        assertArrayEquals(SQUARE, r.mesh.positions);
        assertArrayEquals(tris, r.mesh.triangles);
        assertArrayEquals(uvs, r.mesh.uvs);
        assertArrayEquals(tris, r.mesh.triangleUvs);
        assertEquals("square.mesh", r.mesh.source);
        assertTrue(logs.messages(Level.INFO).isEmpty());
    }

    @Test
    void closedSurfaceIsValid() {
        // a tetrahedron with outward counter-clockwise faces
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        int[] t = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
        MeshLoadResult r = MeshValidator.validate(new TriMesh(p, t, "tet.mesh"));
        assertTrue(r.warnings.isEmpty());
        assertEquals(4, r.mesh.triangleCount());
        assertNull(r.mesh.triangleUvs);
    }

    @Test
    void inputIsNotModified() {
        double[] p = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 5, 5, 5};
        int[] t = {0, 1, 2, 3, 4, 5};
        double[] pCopy = p.clone();
        int[] tCopy = t.clone();
        MeshValidator.validate(new TriMesh(p, t, "m"));
        assertArrayEquals(pCopy, p);
        assertArrayEquals(tCopy, t);
    }
}
