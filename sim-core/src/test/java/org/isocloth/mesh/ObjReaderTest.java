package org.isocloth.mesh;

import static org.isocloth.mesh.Meshes.assertInputError;
import static org.isocloth.mesh.Meshes.obj;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ObjReaderTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final LogCapture logs = new LogCapture();

    private static MeshLoadResult parse(String source, String... lines) {
        return ObjReader.read(new StringReader(String.join("\n", lines)), source);
    }

    // ------------------------------------------------------------------ faces

    @Test
    void readsTriangleAndNamesSourceAfterFile() {
        Path f = obj(dir, "tri.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1 2 3");
        MeshLoadResult r = ObjReader.read(f);
        assertEquals("tri.obj", r.mesh.source);
        assertArrayEquals(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, r.mesh.positions);
        assertArrayEquals(new int[] {0, 1, 2}, r.mesh.triangles);
        assertFalse(r.mesh.hasUvs());
        assertNull(r.mesh.triangleUvs);
        assertEquals(0, r.mesh.uvs.length);
        assertTrue(r.warnings.isEmpty());
        assertEquals(0.5, r.mesh.area(), 0);
    }

    @Test
    void quadIsFanTriangulated() {
        MeshLoadResult r = parse("quad.obj", "v 0 0 0", "v 1 0 0", "v 1 1 0", "v 0 1 0",
                "f 1 2 3 4");
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.mesh.triangles);
        assertEquals(1.0, r.mesh.area(), 1e-15);
    }

    @Test
    void pentagonIsFanTriangulatedWithUvs() {
        MeshLoadResult r = parse("pent.obj", "v 0 0 0", "v 2 0 0", "v 3 1 0", "v 1 2 0",
                "v -1 1 0", "vt 0 0", "vt 1 0", "vt 1 1", "vt 0.5 1", "vt 0 1",
                "f 1/5 2/4 3/3 4/2 5/1");
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3, 0, 3, 4}, r.mesh.triangles);
        assertArrayEquals(new int[] {4, 3, 2, 4, 2, 1, 4, 1, 0}, r.mesh.triangleUvs);
        assertEquals(3, r.mesh.triangleCount());
        for (int t = 0; t < 3; t++) {
            assertEquals(1.0, Meshes.faceNormal(r.mesh, t)[2], 1e-15);
        }
    }

    @Test
    void negativeIndicesAreRelativeToTheVerticesDefinedSoFar() {
        MeshLoadResult r = parse("rel.obj", "v 0 0 0", "v 1 0 0", "v 1 1 0", "vt 0 0", "vt 1 0",
                "vt 1 1", "f -3/-3 -2/-2 -1/-1", "v 0 1 0", "vt 0 1", "f -4/-4 -2/-2 -1/-1");
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.mesh.triangles);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.mesh.triangleUvs);
    }

    @Test
    void allCornerFormsAreAccepted() {
        MeshLoadResult plain = parse("a.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vn 0 0 1",
                "f 1//1 2//1 3//1");
        assertArrayEquals(new int[] {0, 1, 2}, plain.mesh.triangles);
        assertFalse(plain.mesh.hasUvs());
        MeshLoadResult full = parse("b.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vn 0 0 1",
                "vt 0.25 0.5", "vt 0.75 0.5", "vt 0.25 1", "f 1/1/1 2/2/1 3/3/1");
        assertTrue(full.mesh.hasUvs());
        assertArrayEquals(new double[] {0.25, 0.5, 0.75, 0.5, 0.25, 1}, full.mesh.uvs);
        assertArrayEquals(new int[] {0, 1, 2}, full.mesh.triangleUvs);
        MeshLoadResult vt = parse("c.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0 0", "vt 1",
                "f 1/1 2/2 3/1");
        assertArrayEquals(new double[] {0, 0, 1, 0}, vt.mesh.uvs);
        assertTrue(full.warnings.isEmpty() && plain.warnings.isEmpty() && vt.warnings.isEmpty());
    }

    @Test
    void forwardReferencesAreResolvedAtTheEnd() {
        MeshLoadResult r = parse("fwd.obj", "f 1 2 3", "v 0 0 0", "v 1 0 0", "v 0 1 0");
        assertArrayEquals(new int[] {0, 1, 2}, r.mesh.triangles);
    }

    // ------------------------------------------------------------------ ignored and skipped

    @Test
    void ignoredStatementsCommentsAndBlankLinesProduceNoWarnings() {
        MeshLoadResult r = parse("ign.obj", "# exported", "mtllib cloth.mtl", "o Cloth",
                "g panel", "", "   ", "v 0 0 0 1.0  # with w", "v 1 0 0", "v 0 1 0",
                "vn 0 0 1", "s off", "s 1", "usemtl Fabric", "l 1 2", "\tf 1 2 3\t# comment");
        assertTrue(r.warnings.isEmpty(), r.warnings::toString);
        assertEquals(1, r.mesh.triangleCount());
        assertTrue(logs.messages(Level.WARNING).isEmpty());
    }

    @Test
    void unsupportedStatementsAreWarnedOncePerKeyword() {
        MeshLoadResult r = parse("curvy.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vp 0.5 0.5",
                "vp 0.1 0.2", "cstype bspline", "vp 1 1", "f 1 2 3");
        assertEquals(List.of(
                "curvy.obj: line 4: skipped unsupported statement 'vp' (later 'vp' statements are"
                        + " skipped without a warning)",
                "curvy.obj: line 6: skipped unsupported statement 'cstype' (later 'cstype'"
                        + " statements are skipped without a warning)"), r.warnings);
        assertEquals(r.warnings, logs.messages(Level.WARNING));
    }

    @Test
    void vertexColoursAreIgnoredWithOneWarning() {
        MeshLoadResult r = parse("col.obj", "v 0 0 0 1 0 0", "v 1 0 0 0 1 0", "v 0 1 0 0 0 1",
                "f 1 2 3");
        assertEquals(List.of("col.obj: line 1: ignored vertex colours (v x y z r g b)"),
                r.warnings);
        assertArrayEquals(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, r.mesh.positions);
    }

    @Test
    void unusedTextureCoordinatesAreWarned() {
        MeshLoadResult r = parse("vt.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0", "vt 1 0",
                "f 1 2 3");
        assertEquals(List.of("vt.obj: ignored 2 texture coordinates (vt) because no face uses"
                + " them"), r.warnings);
        assertFalse(r.mesh.hasUvs());
    }

    @Test
    void readerAndValidatorWarningsAreCombined() {
        MeshLoadResult r = parse("both.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "v 7 7 7",
                "bevel on", "f 1 2 3");
        assertEquals(2, r.warnings.size());
        assertTrue(r.warnings.get(0).startsWith("both.obj: line 5: skipped unsupported statement"));
        assertEquals("both.obj: removed 1 unreferenced vertex", r.warnings.get(1));
    }

    @Test
    void continuationLinesCrlfAndByteOrderMarkAreHandled() throws Exception {
        String text = "\uFEFFv 0 0 0\r\nv 1 \\\r\n 0 0\r\nv 0 1 0\r\nf 1 2 \\\n3\r\n";
        Path f = dir.resolve("win.obj");
        Files.write(f, text.getBytes(StandardCharsets.UTF_8));
        MeshLoadResult r = ObjReader.read(f);
        assertArrayEquals(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, r.mesh.positions);
        assertArrayEquals(new int[] {0, 1, 2}, r.mesh.triangles);
        assertTrue(r.warnings.isEmpty(), r.warnings::toString);
    }

    @Test
    void readsFromAStream() {
        byte[] data = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n".getBytes(StandardCharsets.UTF_8);
        MeshLoadResult r = ObjReader.read(new ByteArrayInputStream(data), "res/cloth.obj");
        assertEquals("res/cloth.obj", r.mesh.source);
        assertEquals(1, r.mesh.triangleCount());
    }

    // ------------------------------------------------------------------ errors

    @Test
    void unparseableNumberNamesLineAndToken() {
        Path f = obj(dir, "bad.obj", "v 0 0 0", "v 1 0,5 0", "v 0 1 0", "f 1 2 3");
        assertInputError(() -> ObjReader.read(f), "bad.obj: line 2: ", "'0,5'", "number");
        Path g = obj(dir, "badvt.obj", "vt 0 zero");
        assertInputError(() -> ObjReader.read(g), "badvt.obj: line 1: ", "'zero'", "'vt'");
    }

    @Test
    void unparseableIndexNamesLineAndToken() {
        Path f = obj(dir, "badf.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1 two 3");
        assertInputError(() -> ObjReader.read(f), "badf.obj: line 4: ", "'two'", "vertex index");
        Path g = obj(dir, "badvn.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1//n 2//n 3//n");
        assertInputError(() -> ObjReader.read(g), "badvn.obj: line 4: ", "'n'", "normal index");
    }

    @Test
    void malformedCornersAreErrors() {
        for (String corner : new String[] {"1/", "1/1/", "1/1/1/1", "/1", "//1"}) {
            Path f = obj(dir, "corner.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0",
                    "f " + corner + " 2 3");
            assertInputError(() -> ObjReader.read(f), "corner.obj: line 5: ",
                    "malformed face vertex '" + corner + "'");
        }
    }

    @Test
    void wrongValueCountsInVertexStatementsAreErrors() {
        Path f = obj(dir, "short.obj", "v 0 0");
        assertInputError(() -> ObjReader.read(f), "short.obj: line 1: ", "'v' statement has 2",
                "x y z");
        Path g = obj(dir, "long.obj", "vt 0 0 0 0");
        assertInputError(() -> ObjReader.read(g), "long.obj: line 1: ", "'vt' statement has 4");
    }

    @Test
    void faceWithFewerThanThreeVerticesIsAnError() {
        Path f = obj(dir, "two.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1 2");
        assertInputError(() -> ObjReader.read(f), "two.obj: line 4: ", "face has 2 vertices",
                "at least 3");
    }

    @Test
    void mixingFacesWithAndWithoutUvsIsAnError() {
        Path f = obj(dir, "mix.obj", "v 0 0 0", "v 1 0 0", "v 1 1 0", "v 0 1 0", "vt 0 0",
                "f 1/1 2/1 3/1", "f 1 3 4");
        assertInputError(() -> ObjReader.read(f), "mix.obj: line 7: ",
                "no texture coordinates", "line 6");
        Path g = obj(dir, "mix2.obj", "v 0 0 0", "v 1 0 0", "v 1 1 0", "v 0 1 0", "vt 0 0",
                "f 1 2 3", "f 1/1 3/1 4/1");
        assertInputError(() -> ObjReader.read(g), "mix2.obj: line 7: ",
                "has texture coordinates", "line 6");
        Path h = obj(dir, "mix3.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0",
                "f 1/1 2 3/1");
        assertInputError(() -> ObjReader.read(h), "mix3.obj: line 5: ", "2 of its 3");
    }

    @Test
    void indexErrorsNameLineAndIndex() {
        Path zero = obj(dir, "zero.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 0 1 2");
        assertInputError(() -> ObjReader.read(zero), "zero.obj: line 4: ", "index 0",
                "start at 1");
        Path high = obj(dir, "high.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1 2 9");
        assertInputError(() -> ObjReader.read(high), "high.obj: line 4: ",
                "face references vertex 9 but only 3 vertices are defined");
        Path before = obj(dir, "before.obj", "v 0 0 0", "v 1 0 0", "f -1 -2 -3", "v 0 1 0");
        assertInputError(() -> ObjReader.read(before), "before.obj: line 3: ", "index -3",
                "before the first vertex");
        Path uv = obj(dir, "uvhigh.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0",
                "f 1/1 2/1 3/2");
        assertInputError(() -> ObjReader.read(uv), "uvhigh.obj: line 5: ",
                "texture coordinate 2 but only 1 texture coordinate is defined");
    }

    @Test
    void missingFileIsAnInputError() {
        Path f = dir.resolve("absent.obj");
        // the file name first, as in every message, then the full path and the reason
        String m = assertInputError(() -> ObjReader.read(f), "absent.obj: no such file (OBJ mesh)");
        assertTrue(m.startsWith("absent.obj: " + f + ": "), m);
    }
}
