package org.isocloth.mesh;

import static org.isocloth.mesh.Meshes.assertInputError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.isocloth.InputException;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheReader;
import org.isocloth.cache.CacheWriter;
import org.isocloth.cache.GltfExport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class GltfReaderTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** sin 45° = cos 45°: a 90° turn about unit axis a is the quaternion (a sin 45°, cos 45°). */
    private static final double S = Math.sqrt(0.5);

    @TempDir
    Path dir;

    @RegisterExtension
    final LogCapture logs = new LogCapture();

    // ------------------------------------------------------------------ round trip

    @Test
    void gltfExportOfAGridReadsBackAsTheSameMesh() throws IOException {
        // 4 x 2 cells, 1 m x 0.5 m centred on (0, 1, 0) in the XY plane: x in {-0.5, -0.25, 0,
        // 0.25, 0.5}, y in {0.75, 1, 1.25}, UVs (i/4, j/2); all exact in float32, so the export
        // (float positions, float (u, 1 - v)) and the reading (u, 1 - v) lose nothing
        TriMesh grid = GridMesh.build(1.0, 0.5, 4, 2, new double[] {0, 1, 0},
                new double[] {0, 0, 1}, new double[] {1, 0, 0});
        Path cache = writeCache(grid, grid.positions);
        for (String name : new String[] {"grid.gltf", "grid.glb"}) {
            try (CacheReader r = CacheReader.open(cache)) {
                GltfExport.writeFrame(r, 0, dir.resolve(name));
            }
            MeshLoadResult back = GltfReader.read(dir.resolve(name));
            assertEquals(name, back.mesh.source);
            assertTrue(back.warnings.isEmpty(), back.warnings::toString);
            // 5 x 3 vertices, 2 * 4 * 2 triangles; the export's render vertices are one per
            // (node, UV) pair, and without seams they weld back to one per node
            assertEquals(15, back.mesh.vertexCount(), name);
            assertEquals(16, back.mesh.triangleCount(), name);
            assertSameCorners(grid, back.mesh, name);
            assertEquals(0.5, back.mesh.area(), 1e-15);
            // the export writes the cloth's triangles in order and keeps their winding: every
            // face normal is still the grid normal +z
            for (int t = 0; t < 16; t++) {
                assertEquals(1.0, Meshes.faceNormal(back.mesh, t)[2], 1e-15);
            }
        }
    }

    @Test
    void flipbookExportReadsAsItsVisibleFirstFrame() throws IOException {
        // two frames, the second 1 m further along z; GltfExport's flipbook gives frame 1's node
        // scale 0, so only frame 0 (z = 0) is read, with one warning about the hidden node:
        // nodes are frame_0000 (0), sheet_0000 (1), frame_0001 (2), sheet_0001 (3)
        TriMesh grid = GridMesh.build(1.0, 0.5, 4, 2, new double[] {0, 1, 0},
                new double[] {0, 0, 1}, new double[] {1, 0, 0});
        double[] moved = grid.positions.clone();
        for (int i = 2; i < moved.length; i += 3) {
            moved[i] += 1;
        }
        Path cache = writeCache(grid, grid.positions, moved);
        try (CacheReader r = CacheReader.open(cache)) {
            GltfExport.writeFlipbook(r, 0, 1, dir.resolve("flip.glb"));
        }
        MeshLoadResult back = GltfReader.read(dir.resolve("flip.glb"));
        assertSameCorners(grid, back.mesh, "flip.glb");
        assertEquals(List.of("flip.glb: skipped 1 primitive under nodes whose transform has"
                + " scale 0 (hidden), e.g. meshes[1] in nodes[3] ('sheet_0001')"), back.warnings);
    }

    // ------------------------------------------------------------------ transforms

    @Test
    void nodeTransformsAreComposedParentTimesChild() {
        MeshLoadResult r = GltfReader.read(write("trs.glb", transformGlb()));
        // child nodes[1]: p -> T(1,2,3) Rz(90°) S(2) p, with Rz(90°) (x, y, z) -> (-y, x, z);
        // parent nodes[0]: q -> T(0,0,-1) Ry(90°) q, with Ry(90°) (x, y, z) -> (z, y, -x).
        //   (0,0,0): child (1,2,3)                    -> Ry (3,2,-1)  -> (3,2,-2)
        //   (1,0,0): S (2,0,0), Rz (0,2,0), T (1,4,3) -> Ry (3,4,-1)  -> (3,4,-2)
        //   (0,1,0): S (0,2,0), Rz (-2,0,0), T (-1,2,3) -> Ry (3,2,1) -> (3,2,0)
        // root nodes[2]: matrix = T(5,0,0) * diag(-1,1,1), a mirror:
        //   (0,0,0) -> (5,0,0), (1,0,0) -> (4,0,0), (0,1,0) -> (5,1,0)
        double[] expected = {3, 2, -2, 3, 4, -2, 3, 2, 0, 5, 0, 0, 4, 0, 0, 5, 1, 0};
        assertArrayEquals(expected, r.mesh.positions, 1e-12);
        // no indices: each primitive's vertices form triangles in order; the mirrored copy
        // has its corners reversed (0, 2, 1), as glTF treats clockwise faces as front faces
        // under a transform with negative determinant
        assertArrayEquals(new int[] {0, 1, 2, 3, 5, 4}, r.mesh.triangles);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, r.vertexMap);
        // the source triangle faces +z; Ry(90°) turns +z into +x; the mirror keeps +z
        assertArrayEquals(new double[] {1, 0, 0}, Meshes.faceNormal(r.mesh, 0), 1e-12);
        assertArrayEquals(new double[] {0, 0, 1}, Meshes.faceNormal(r.mesh, 1), 1e-12);
        assertTrue(r.warnings.isEmpty(), r.warnings::toString);
    }

    // ------------------------------------------------------------------ welding and layout

    @Test
    void uvSeamDuplicatesAreWeldedIntoOneConnectedMesh() throws IOException {
        // a unit quad split along its diagonal (0,0)-(1,1) with the two triangles in different
        // UV islands, so glTF stores 6 vertices: element 3 repeats element 0 (written with x =
        // -0.0, the same point) and element 4 repeats element 2, with other UVs
        byte[] bin = new Bytes()
                .floats(0, 0, 0, 1, 0, 0, 1, 1, 0, -0.0, 0, 0, 1, 1, 0, 0, 1, 0) // 72 bytes
                .floats(0, 1, 0.5, 1, 0.5, 0.5, 0.5, 0.25, 1, 0, 0.5, 0) // 48 bytes, glTF UVs
                .shorts(0, 1, 2, 3, 4, 5) // 12 bytes
                .toArray();
        Files.write(dir.resolve("seam.bin"), bin);
        Path file = write("seam.gltf", """
                {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
                 "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1},
                                             "indices": 2}]}],
                 "accessors": [
                   {"bufferView": 0, "componentType": 5126, "count": 6, "type": "VEC3"},
                   {"bufferView": 1, "componentType": 5126, "count": 6, "type": "VEC2"},
                   {"bufferView": 2, "componentType": 5123, "count": 6, "type": "SCALAR"}],
                 "bufferViews": [{"buffer": 0, "byteLength": 72},
                                 {"buffer": 0, "byteOffset": 72, "byteLength": 48},
                                 {"buffer": 0, "byteOffset": 120, "byteLength": 12}],
                 "buffers": [{"byteLength": 132, "uri": "seam.bin"}]}
                """);
        MeshLoadResult r = GltfReader.read(file);
        // mesh vertices in order of first use: elements 0, 1, 2 -> 0, 1, 2; element 3 is at
        // element 0's position -> 0; element 4 at element 2's -> 2; element 5 -> 3
        assertArrayEquals(new double[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}, r.mesh.positions);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.mesh.triangles);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.vertexMap);
        // one connected manifold: the diagonal 0-2 is shared, traversed 2->0 and 0->2
        assertEquals(1.0, r.mesh.area(), 1e-15);
        // the UVs stay per corner, each (u, 1 - v) of the glTF value
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, r.mesh.triangleUvs);
        assertArrayEquals(new double[] {0, 0, 0.5, 0, 0.5, 0.5, 0.5, 0.75, 1, 1, 0.5, 1},
                r.mesh.uvs);
        // welding glTF's seam duplicates is expected, not a repair worth a warning
        assertTrue(r.warnings.isEmpty(), r.warnings::toString);
    }

    @Test
    void interleavedVerticesWithByteStrideAndOffsets() throws IOException {
        // buffer: 8 junk bytes; view 0 (offset 8, stride 20) holds records x y z u v; view 1
        // (offset 88) holds 2 junk bytes and then the UNSIGNED_BYTE indices (accessor offset 2).
        // Ignoring the stride would read UVs as coordinates, ignoring an offset would read junk
        // (0x7F bytes as floats, or index 255, out of range)
        byte[] bin = new Bytes()
                .bytes(0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F)
                .floats(0, 0, 0, 0, 1)
                .floats(2, 0, 0, 1, 1)
                .floats(2, 1, 0, 1, 0)
                .floats(0, 1, 0, 0, 0)
                .bytes(0xFF, 0xFF, 0, 1, 2, 0, 2, 3)
                .toArray();
        assertEquals(96, bin.length);
        // the buffer's file name has a space, percent-encoded in the URI
        Files.write(dir.resolve("my shirt.bin"), bin);
        Path file = write("shirt.gltf", """
                {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
                 "nodes": [{"mesh": 0}],
                 "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1},
                                             "indices": 2, "mode": 4}]}],
                 "accessors": [
                   {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
                   {"bufferView": 0, "byteOffset": 12, "componentType": 5126, "count": 4,
                    "type": "VEC2"},
                   {"bufferView": 1, "byteOffset": 2, "componentType": 5121, "count": 6,
                    "type": "SCALAR"}],
                 "bufferViews": [{"buffer": 0, "byteOffset": 8, "byteLength": 80, "byteStride": 20},
                                 {"buffer": 0, "byteOffset": 88, "byteLength": 8}],
                 "buffers": [{"byteLength": 96, "uri": "my%20shirt.bin"}]}
                """);
        MeshLoadResult r = GltfReader.read(file);
        // a 2 m x 1 m quad; glTF UVs (0,1) (1,1) (1,0) (0,0) become (0,0) (1,0) (1,1) (0,1)
        assertArrayEquals(new double[] {0, 0, 0, 2, 0, 0, 2, 1, 0, 0, 1, 0}, r.mesh.positions);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.mesh.triangles);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.mesh.triangleUvs);
        assertArrayEquals(new double[] {0, 0, 1, 0, 1, 1, 0, 1}, r.mesh.uvs);
        assertEquals(2.0, r.mesh.area(), 1e-15);
    }

    @Test
    void normalizedUvsDataUrisAndPrimitivesWeldedAcrossEachOther() {
        // primitive 0 (buffer 0, application/gltf-buffer): triangle (0,0,0) (1,0,0) (1,1,0),
        // UNSIGNED_SHORT normalized UVs (0,65535) (65535,65535) (65535,13107) = (0,1) (1,1)
        // (1,0.2), UNSIGNED_INT indices
        byte[] b0 = new Bytes().floats(0, 0, 0, 1, 0, 0, 1, 1, 0)
                .shorts(0, 65535, 65535, 65535, 65535, 13107).ints(0, 1, 2).toArray();
        // primitive 1 (buffer 1, application/octet-stream): triangle (0,0,0) (1,1,0) (0,1,0),
        // UNSIGNED_BYTE normalized UVs with byteStride 4 (vertex data stays 4-byte aligned):
        // (0,255) (255,51) (0,51) = (0,1) (1,0.2) (0,0.2), UNSIGNED_BYTE indices
        byte[] b1 = new Bytes().floats(0, 0, 0, 1, 1, 0, 0, 1, 0)
                .bytes(0, 255, 0, 0, 255, 51, 0, 0, 0, 51, 0, 0).bytes(0, 1, 2).toArray();
        Path file = write("two.gltf", """
                {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
                 "meshes": [{"primitives": [
                   {"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2},
                   {"attributes": {"POSITION": 3, "TEXCOORD_0": 4}, "indices": 5}]}],
                 "accessors": [
                   {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
                   {"bufferView": 1, "componentType": 5123, "normalized": true, "count": 3,
                    "type": "VEC2"},
                   {"bufferView": 2, "componentType": 5125, "count": 3, "type": "SCALAR"},
                   {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC3"},
                   {"bufferView": 4, "componentType": 5121, "normalized": true, "count": 3,
                    "type": "VEC2"},
                   {"bufferView": 5, "componentType": 5121, "count": 3, "type": "SCALAR"}],
                 "bufferViews": [{"buffer": 0, "byteLength": 36},
                                 {"buffer": 0, "byteOffset": 36, "byteLength": 12},
                                 {"buffer": 0, "byteOffset": 48, "byteLength": 12},
                                 {"buffer": 1, "byteLength": 36},
                                 {"buffer": 1, "byteOffset": 36, "byteLength": 12, "byteStride": 4},
                                 {"buffer": 1, "byteOffset": 48, "byteLength": 3}],
                 "buffers": [{"byteLength": 60, "uri": "data:application/gltf-buffer;base64,%s"},
                             {"byteLength": 51, "uri": "data:application/octet-stream;base64,%s"}]}
                """.formatted(base64(b0), base64(b1)));
        MeshLoadResult r = GltfReader.read(file);
        // primitive 1's (0,0,0) and (1,1,0) are primitive 0's vertices 0 and 2: 4 vertices
        assertArrayEquals(new double[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}, r.mesh.positions);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.mesh.triangles);
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3}, r.vertexMap);
        // UV entries per primitive vertex, (u, 1 - v): 13107/65535 = 51/255 = 0.2 -> 0.8
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, r.mesh.triangleUvs);
        assertArrayEquals(new double[] {0, 0, 1, 0, 1, 0.8, 0, 0, 1, 0.8, 0, 0.8}, r.mesh.uvs,
                1e-15);
        assertEquals(1.0, r.mesh.area(), 1e-15);
        assertTrue(r.warnings.isEmpty(), r.warnings::toString);
    }

    @Test
    void materialOnlyRequiredExtensionsAreAccepted() {
        // KHR_materials_unlit only changes shading, so the quad is read as usual
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        json.putArray("extensionsRequired").add("KHR_materials_unlit");
        json.putArray("extensionsUsed").add("KHR_materials_unlit");
        MeshLoadResult r = GltfReader.read(write("unlit.gltf", json));
        assertEquals(2, r.mesh.triangleCount());
        assertEquals(4, r.mesh.vertexCount());
    }

    @Test
    void primitivesWithAndWithoutUvsGiveAMeshWithoutUvs() {
        // primitive 0: the quad with TEXCOORD_0 (accessors[2]); primitive 1: a separate
        // triangle (0,0,5) (1,0,5) (0,1,5) without: a TriMesh has UVs on all corners or none,
        // so the UVs are dropped with one warning; 4 + 3 vertices, 2 + 1 triangles
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        byte[] extra = new Bytes().floats(0, 0, 1, 0, 1, 1, 0, 1) // 4 UVs, 32 bytes
                .floats(0, 0, 5, 1, 0, 5, 0, 1, 5).toArray(); // 3 positions, 36 bytes
        ((ArrayNode) json.get("buffers")).addObject().put("byteLength", 68)
                .put("uri", "data:application/octet-stream;base64," + base64(extra));
        ArrayNode views = (ArrayNode) json.get("bufferViews");
        views.addObject().put("buffer", 1).put("byteLength", 32);
        views.addObject().put("buffer", 1).put("byteOffset", 32).put("byteLength", 36);
        ArrayNode accessors = (ArrayNode) json.get("accessors");
        accessors.addObject().put("bufferView", 2).put("componentType", 5126).put("count", 4)
                .put("type", "VEC2");
        accessors.addObject().put("bufferView", 3).put("componentType", 5126).put("count", 3)
                .put("type", "VEC3");
        ((ObjectNode) json.at("/meshes/0/primitives/0/attributes")).put("TEXCOORD_0", 2);
        ((ArrayNode) json.at("/meshes/0/primitives")).addObject().putObject("attributes")
                .put("POSITION", 3);
        MeshLoadResult r = GltfReader.read(write("mixed.gltf", json));
        assertEquals(7, r.mesh.vertexCount());
        assertEquals(3, r.mesh.triangleCount());
        assertTrue(!r.mesh.hasUvs());
        assertEquals(List.of("mixed.gltf: ignored texture coordinates: meshes[0].primitives[1]"
                + " in nodes[0] has no TEXCOORD_0 while 1 other primitive has one; the mesh gets"
                + " no UVs"), r.warnings);
    }

    // ------------------------------------------------------------------ errors

    @Test
    void nonTriangleModeNamesThePrimitive() {
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        ((ArrayNode) json.at("/meshes/0/primitives")).addObject().put("mode", 1)
                .putObject("attributes").put("POSITION", 0);
        assertInputError(() -> GltfReader.read(write("shirt.gltf", json)),
                "shirt.gltf: meshes[0].primitives[1]: mode 1 (LINES) is not a triangle mesh");
    }

    @Test
    void indexOutOfRangeNamesTheIndexAndTheVertexCount() {
        // indices[5] (0-based) is 7, but POSITION has 4 elements
        assertInputError(() -> GltfReader.read(write("bad.gltf", quad(0, 1, 2, 0, 2, 7))),
                "bad.gltf: meshes[0].primitives[0]: indices[5] = 7 out of range (4 vertices in"
                        + " accessors[0])");
    }

    @Test
    void accessorReadingPastItsViewIsRejectedBeforeAllocating() {
        // 5 VEC3 floats need 5 * 12 = 60 bytes, view 0 has 48
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        ((ObjectNode) json.at("/accessors/0")).put("count", 5);
        assertInputError(() -> GltfReader.read(write("bad.gltf", json)),
                "bad.gltf: accessors[0] (POSITION of meshes[0].primitives[0]): reads past the end"
                        + " of bufferViews[0]", "end at byte 60, the view has 48");
        // two billion elements would need 24 GB: refused from the sizes alone, at once
        ((ObjectNode) json.at("/accessors/0")).put("count", 2_000_000_000);
        assertInputError(() -> GltfReader.read(write("huge.gltf", json)),
                "huge.gltf: accessors[0] (POSITION of meshes[0].primitives[0]): reads past the"
                        + " end of bufferViews[0]", "end at byte 24000000000");
        // a view reaching past its buffer: bytes 48 to 148 of a 60-byte buffer
        ObjectNode json2 = quad(0, 1, 2, 0, 2, 3);
        ((ObjectNode) json2.at("/bufferViews/1")).put("byteLength", 100);
        assertInputError(() -> GltfReader.read(write("view.gltf", json2)),
                "view.gltf: bufferViews[1]: bytes 48 to 148 lie past the end of buffers[0] (60"
                        + " bytes)");
    }

    @Test
    void missingAndTruncatedBufferFilesNameTheBuffer() throws IOException {
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        byte[] data = decodeBuffer(json);
        assertEquals(60, data.length); // 48 bytes of positions, 12 of indices
        ((ObjectNode) json.at("/buffers/0")).put("uri", "shirt.bin");
        Path file = write("shirt.gltf", json);
        assertInputError(() -> GltfReader.read(file),
                "shirt.gltf: buffers[0]: file shirt.bin not found");
        Files.write(dir.resolve("shirt.bin"), Arrays.copyOf(data, 30));
        assertInputError(() -> GltfReader.read(file),
                "shirt.gltf: buffers[0]: file shirt.bin has 30 bytes but byteLength is 60");
        // the whole file reads
        Files.write(dir.resolve("shirt.bin"), data);
        assertEquals(2, GltfReader.read(file).mesh.triangleCount());
    }

    @Test
    void truncatedGlbIsRejectedByItsHeaderLength() {
        byte[] glb = transformGlb();
        Path file = write("cut.glb", Arrays.copyOf(glb, glb.length - 10));
        assertInputError(() -> GltfReader.read(file), "cut.glb: GLB header: length "
                + glb.length + " bytes but the file has only " + (glb.length - 10));
    }

    @Test
    void everyTruncationOfAGlbIsAnInputError() {
        // whatever the cut, and whether or not the header's length is patched to match it, the
        // reader reports an InputException naming the file (no IndexOutOfBounds, no hang)
        byte[] glb = transformGlb();
        for (int cut = 0; cut < glb.length; cut++) {
            byte[] part = Arrays.copyOf(glb, cut);
            expectInputErrorOrMesh(write("cut.glb", part), "cut " + cut, false);
            if (cut >= 12) {
                ByteBuffer.wrap(part).order(ByteOrder.LITTLE_ENDIAN).putInt(8, cut);
                expectInputErrorOrMesh(write("cut.glb", part), "patched cut " + cut, false);
            }
        }
    }

    @Test
    void randomlyCorruptedGlbsGiveAMeshOrAnInputError() {
        // even trials change 1 to 4 bytes outside the JSON text (GLB header, chunk headers,
        // binary data); odd trials change 1 to 4 digits of the JSON text into other digits, so
        // the JSON stays well-formed and counts, offsets, lengths, indices and transforms go
        // wrong instead. Each file must give a mesh or an InputException; anything else (an
        // unchecked exception, a hang) fails the test
        byte[] glb = transformGlb();
        int jsonStart = 20;
        int jsonEnd = jsonStart + ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
        int[] digits = IntStream.range(jsonStart, jsonEnd)
                .filter(i -> glb[i] >= '0' && glb[i] <= '9').toArray();
        Random random = new Random(12345);
        int meshes = 0;
        int trials = 1500;
        for (int trial = 0; trial < trials; trial++) {
            byte[] bad = glb.clone();
            int changes = 1 + random.nextInt(4);
            for (int k = 0; k < changes; k++) {
                if (trial % 2 == 0) {
                    int p = random.nextInt(glb.length - (jsonEnd - jsonStart));
                    bad[p < jsonStart ? p : p + (jsonEnd - jsonStart)] = (byte) random.nextInt(256);
                } else {
                    bad[digits[random.nextInt(digits.length)]] = (byte) ('0' + random.nextInt(10));
                }
            }
            meshes += expectInputErrorOrMesh(write("fuzz.glb", bad), "trial " + trial, true);
        }
        // both outcomes occur, so the corruption reaches the checks and the reading paths
        assertTrue(meshes > 0 && meshes < trials, meshes + " meshes");
    }

    @Test
    void badGlbMagicIsRejected() {
        byte[] glb = transformGlb();
        glb[0] = 'x'; // "xlTF" read little-endian: 0x46546c78
        assertInputError(() -> GltfReader.read(write("bad.glb", glb)),
                "bad.glb: GLB header: bad magic 0x46546c78");
    }

    @Test
    void sparseAccessorIsRejected() {
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        ObjectNode sparse = ((ObjectNode) json.at("/accessors/0")).putObject("sparse");
        sparse.put("count", 1);
        assertInputError(() -> GltfReader.read(write("bad.gltf", json)),
                "bad.gltf: accessors[0] (POSITION of meshes[0].primitives[0]): sparse accessors"
                        + " are not supported");
    }

    @Test
    void malformedJsonNamesLineAndColumn() {
        // line 3 closes an array with '}'; counting from 1, line 3 is 2 spaces (columns 1-2),
        // "nodes" with its quotes (3-9), ':' (10), ' ' (11), '[' (12), ' ' (13), '}' (14)
        Path file = write("bad.gltf",
                "{\n  \"asset\": {\"version\": \"2.0\"},\n  \"nodes\": [ }\n}\n");
        assertInputError(() -> GltfReader.read(file),
                "bad.gltf: malformed JSON at line 3, column 14: Unexpected close marker '}'");
    }

    @Test
    void versionOtherThan2IsRejected() {
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        ((ObjectNode) json.get("asset")).put("version", "1.0");
        assertInputError(() -> GltfReader.read(write("old.gltf", json)),
                "old.gltf: asset.version: \"1.0\"; not a glTF 2.0 file");
        json.remove("asset");
        assertInputError(() -> GltfReader.read(write("old.gltf", json)),
                "old.gltf: asset: missing; not a glTF 2.0 file");
    }

    @Test
    void dracoAndOtherGeometryExtensionsAreRejected() {
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        json.putArray("extensionsRequired").add("KHR_draco_mesh_compression");
        assertInputError(() -> GltfReader.read(write("draco.gltf", json)),
                "draco.gltf: extensionsRequired: KHR_draco_mesh_compression is not supported");
    }

    @Test
    void positionComponentTypeMustBeFloat() {
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        ((ObjectNode) json.at("/accessors/0")).put("componentType", 5125);
        assertInputError(() -> GltfReader.read(write("bad.gltf", json)),
                "bad.gltf: accessors[0] (POSITION of meshes[0].primitives[0]): componentType"
                        + " 5126 (FLOAT) expected for POSITION, found 5125 (UNSIGNED_INT)");
    }

    @Test
    void sceneWithoutTrianglesIsAnError() {
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        ((ObjectNode) json.at("/nodes/0")).remove("mesh");
        assertInputError(() -> GltfReader.read(write("empty.gltf", json)),
                "empty.gltf: scenes[0]: no triangles to read: no node in it has a mesh (the file"
                        + " has 1 mesh)");
    }

    @Test
    void nodeCycleIsAnErrorNotAHang() {
        // nodes[0] -> nodes[1] -> nodes[0]: nodes[0] is entered from the scene, then again
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        ArrayNode nodes = json.putArray("nodes");
        nodes.addObject().putArray("children").add(1);
        nodes.addObject().put("mesh", 0).putArray("children").add(0);
        assertInputError(() -> GltfReader.read(write("loop.gltf", json)),
                "loop.gltf: nodes[0]: reached a second time (from nodes[1], first from"
                        + " scenes[0].nodes)");
    }

    @Test
    void validatorErrorsNameTheTriangleAndThePrimitiveRanges() {
        // primitive 1 adds a triangle with collinear corners (0,0,5) (1,0,5) (2,0,5): the
        // validator rejects triangle 2 (after the quad's 0 and 1) for its zero area
        ObjectNode json = quad(0, 1, 2, 0, 2, 3);
        byte[] extra = new Bytes().floats(0, 0, 5, 1, 0, 5, 2, 0, 5).toArray();
        ArrayNode buffers = (ArrayNode) json.get("buffers");
        ArrayNode views = (ArrayNode) json.get("bufferViews");
        ArrayNode accessors = (ArrayNode) json.get("accessors");
        buffers.addObject().put("byteLength", 36)
                .put("uri", "data:application/octet-stream;base64," + base64(extra));
        views.addObject().put("buffer", 1).put("byteLength", 36);
        accessors.addObject().put("bufferView", 2).put("componentType", 5126).put("count", 3)
                .put("type", "VEC3");
        ((ArrayNode) json.at("/meshes/0/primitives")).addObject().putObject("attributes")
                .put("POSITION", 2);
        assertInputError(() -> GltfReader.read(write("bad.gltf", json)),
                "bad.gltf: triangle 2: zero area",
                "triangles 0-1 meshes[0].primitives[0] in nodes[0], 2 meshes[0].primitives[1] in"
                        + " nodes[0]");
    }

    // ------------------------------------------------------------------ helpers

    /**
     * Asserts that the mesh has the grid's vertex count and that its triangles, corner by
     * corner, have the grid's positions and UVs, through a consistent one-to-one map of vertices.
     */
    private static void assertSameCorners(TriMesh grid, TriMesh mesh, String what) {
        assertEquals(grid.vertexCount(), mesh.vertexCount(), what);
        assertEquals(grid.triangles.length, mesh.triangles.length, what);
        assertTrue(mesh.hasUvs(), what);
        int[] gridToMesh = new int[grid.vertexCount()];
        Arrays.fill(gridToMesh, -1);
        for (int c = 0; c < grid.triangles.length; c++) {
            int g = grid.triangles[c], m = mesh.triangles[c];
            if (gridToMesh[g] < 0) {
                gridToMesh[g] = m;
            }
            assertEquals(gridToMesh[g], m, what + ": corner " + c);
            for (int k = 0; k < 3; k++) {
                assertEquals(grid.positions[3 * g + k], mesh.positions[3 * m + k], 0,
                        what + ": corner " + c);
            }
            for (int k = 0; k < 2; k++) {
                assertEquals(grid.uvs[2 * grid.triangleUvs[c] + k],
                        mesh.uvs[2 * mesh.triangleUvs[c] + k], 0, what + ": UV of corner " + c);
            }
        }
        assertEquals(grid.vertexCount(), Arrays.stream(gridToMesh).distinct().count(), what);
    }

    private Path writeCache(TriMesh grid, double[]... frames) throws IOException {
        CacheCloth cloth = new CacheCloth("sheet", grid.vertexCount(), grid.triangles, grid.uvs,
                grid.triangleUvs);
        Path cache = dir.resolve("grid.isocache");
        try (CacheWriter w = CacheWriter.create(cache, 30, 0, List.of(cloth))) {
            for (double[] frame : frames) {
                w.appendFrame(frame);
            }
            w.finish();
        }
        return cache;
    }

    /**
     * A GLB of one triangle (0,0,0) (1,0,0) (0,1,0) without indices, used by nodes[1] (child of
     * nodes[0]) with TRS transforms and by the root nodes[2] with a mirroring matrix.
     */
    private static byte[] transformGlb() {
        String json = """
                {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0, 2]}],
                 "nodes": [
                   {"children": [1], "translation": [0, 0, -1], "rotation": [0, %1$s, 0, %1$s]},
                   {"mesh": 0, "translation": [1, 2, 3], "rotation": [0, 0, %1$s, %1$s],
                    "scale": [2, 2, 2]},
                   {"mesh": 0, "matrix": [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1]}],
                 "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
                 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3,
                                "type": "VEC3"}],
                 "bufferViews": [{"buffer": 0, "byteLength": 36}],
                 "buffers": [{"byteLength": 36}]}
                """.formatted(Double.toString(S));
        byte[] bin = new Bytes().floats(0, 0, 0, 1, 0, 0, 0, 1, 0).toArray();
        return glb(json.getBytes(StandardCharsets.UTF_8), bin);
    }

    /**
     * A valid .gltf of the unit quad (0,0,0) (1,0,0) (1,1,0) (0,1,0) with the given
     * UNSIGNED_SHORT indices, its 48 + 2n (padded) byte buffer embedded as a data URI.
     */
    private static ObjectNode quad(int... indices) {
        byte[] bin = new Bytes().floats(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0).shorts(indices)
                .pad4().toArray();
        String json = """
                {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
                 "nodes": [{"mesh": 0}],
                 "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
                 "accessors": [
                   {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
                   {"bufferView": 1, "componentType": 5123, "count": %d, "type": "SCALAR"}],
                 "bufferViews": [{"buffer": 0, "byteLength": 48},
                                 {"buffer": 0, "byteOffset": 48, "byteLength": %d}],
                 "buffers": [{"byteLength": %d,
                              "uri": "data:application/octet-stream;base64,%s"}]}
                """.formatted(indices.length, 2 * indices.length, bin.length, base64(bin));
        try {
            return (ObjectNode) MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes of the data URI of buffers[0]. */
    private static byte[] decodeBuffer(JsonNode json) {
        String uri = json.at("/buffers/0/uri").asText();
        return Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1));
    }

    /** A GLB container: header, JSON chunk padded with spaces, BIN chunk padded with zeros. */
    private static byte[] glb(byte[] json, byte[] bin) {
        int jsonLength = (json.length + 3) & ~3;
        int binLength = (bin.length + 3) & ~3;
        int total = 12 + 8 + jsonLength + 8 + binLength;
        ByteBuffer b = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x46546C67).putInt(2).putInt(total);
        b.putInt(jsonLength).putInt(0x4E4F534A).put(json);
        while (b.position() < 20 + jsonLength) {
            b.put((byte) ' ');
        }
        b.putInt(binLength).putInt(0x004E4942).put(bin);
        return b.array();
    }

    /** Reads the file; returns 1 for a mesh (failing unless allowed), 0 for an InputException. */
    private static int expectInputErrorOrMesh(Path file, String what, boolean meshAllowed) {
        try {
            MeshLoadResult r = GltfReader.read(file);
            if (!meshAllowed) {
                fail(what + ": expected an InputException, got " + r.mesh);
            }
            return 1;
        } catch (InputException e) {
            String name = file.getFileName().toString();
            assertTrue(e.getMessage().startsWith(name + ": "), what + ": " + e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), what + ": " + e.getMessage());
            return 0;
        }
    }

    private static String base64(byte[] data) {
        return Base64.getEncoder().encodeToString(data);
    }

    private Path write(String name, String text) {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private Path write(String name, JsonNode json) {
        try {
            return write(name, MAPPER.writeValueAsBytes(json));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path write(String name, byte[] bytes) {
        Path file = dir.resolve(name);
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** Little-endian binary data for test buffers. */
    private static final class Bytes {
        private ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);

        private void ensure(int n) {
            if (b.remaining() < n) {
                ByteBuffer bigger = ByteBuffer.allocate(2 * b.capacity() + n)
                        .order(ByteOrder.LITTLE_ENDIAN);
                b.flip();
                bigger.put(b);
                b = bigger;
            }
        }

        Bytes floats(double... values) {
            for (double v : values) {
                ensure(4);
                b.putFloat((float) v);
            }
            return this;
        }

        Bytes ints(int... values) {
            for (int v : values) {
                ensure(4);
                b.putInt(v);
            }
            return this;
        }

        Bytes shorts(int... values) {
            for (int v : values) {
                ensure(2);
                b.putShort((short) v);
            }
            return this;
        }

        Bytes bytes(int... values) {
            for (int v : values) {
                ensure(1);
                b.put((byte) v);
            }
            return this;
        }

        Bytes pad4() {
            while (b.position() % 4 != 0) {
                bytes(0);
            }
            return this;
        }

        byte[] toArray() {
            return Arrays.copyOf(b.array(), b.position());
        }
    }
}
