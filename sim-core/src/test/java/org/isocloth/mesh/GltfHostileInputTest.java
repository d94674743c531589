package org.isocloth.mesh;

import static org.isocloth.mesh.Meshes.assertInputError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** glTF files that point at pipes, hold out-of-range values or flood messages. */
class GltfHostileInputTest {
    private static final Duration QUICK = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @RegisterExtension
    final LogCapture logs = new LogCapture();

    @Test
    void aFifoIsRefusedWithoutBeingOpened() throws Exception {
        Path glb = ObjHostileInputTest.fifo(dir, "pipe.glb");
        String m = assertTimeoutPreemptively(QUICK, () -> assertInputError(
                () -> GltfReader.read(glb),
                "pipe.glb: the glTF mesh is a pipe, socket or device, not a regular file"));
        assertTrue(m.startsWith("pipe.glb: "), m);
        // an external buffer that is a pipe: refused by name, without blocking
        ObjHostileInputTest.fifo(dir, "pipe.bin");
        Path gltf = write("tri.gltf", triangle("\"pipe.bin\"", 36, "", ""));
        assertTimeoutPreemptively(QUICK, () -> assertInputError(() -> GltfReader.read(gltf),
                "tri.gltf: buffers[0]: ", "pipe.bin: the glTF buffer is a pipe, socket or device,"
                        + " not a regular file"));
    }

    @Test
    void absoluteBufferPathsAreRefused() {
        Path gltf = write("abs.gltf", triangle("\"/etc/passwd\"", 36, "", ""));
        assertInputError(() -> GltfReader.read(gltf), "abs.gltf: buffers[0]: uri '/etc/passwd'"
                + " is an absolute path; only file names relative to the .gltf are supported");
    }

    @Test
    void positionsBeyondTheCoordinateLimitNameAccessorElementAndNode() {
        // element 1 at x = 1e30 (a float): far beyond MeshValidator.MAX_COORDINATE = 1e4 m
        Path far = write("far.gltf", triangle(dataUri(0, 0, 0, 1e30, 0, 0, 0, 1, 0), 36, "", ""));
        assertInputError(() -> GltfReader.read(far), "far.gltf: accessors[0] (POSITION of"
                + " meshes[0].primitives[0]): element 1 (1e30, 0, 0) lies at (1e30, 0, 0) in"
                + " nodes[0], beyond the limit of ±10000 m per coordinate");
        // a unit triangle under a node scaled by 2e4: element 1 (1, 0, 0) lands at x = 20000
        Path scaled = write("scaled.gltf", triangle(dataUri(0, 0, 0, 1, 0, 0, 0, 0.5, 0), 36,
                ", \"scale\": [20000, 1, 1]", ""));
        assertInputError(() -> GltfReader.read(scaled), "scaled.gltf: accessors[0] (POSITION of"
                + " meshes[0].primitives[0]): element 1 (1, 0, 0) lies at (20000, 0, 0) in"
                + " nodes[0]");
    }

    @Test
    void textureCoordinatesBeyondTheLimitNameAccessorAndElement() {
        // UV element 2 is (0, 1e30): stored as (u, 1 - v) = (0, -1e30), beyond ±1e4
        String uri = dataUri(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1e30);
        String uvAccessor = ", {\"bufferView\": 1, \"componentType\": 5126, \"count\": 3,"
                + " \"type\": \"VEC2\"}";
        Path f = write("uv.gltf", triangle(uri, 60, "", uvAccessor));
        assertInputError(() -> GltfReader.read(f), "uv.gltf: accessors[1] (TEXCOORD_0 of"
                + " meshes[0].primitives[0]): element 2 gives (u, 1 - v) = (0, -1e30), beyond the"
                + " limit of ±10000 per texture coordinate");
    }

    @Test
    void aFloodOfRequiredExtensionsGivesAShortMessage() {
        // 10,000 unsupported names of 100 characters: the message lists 4 (each cut to 60
        // characters and "...") and counts the rest, instead of quoting a megabyte
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            names.append(i == 0 ? "" : ", ").append('"').append("X".repeat(96))
                    .append(String.format("%04d", i)).append('"');
        }
        String json = triangle(dataUri(0, 0, 0, 1, 0, 0, 0, 1, 0), 36, "", "")
                .replaceFirst("\\{", "{\"extensionsRequired\": [" + names + "], ");
        Path f = write("ext.gltf", json);
        String m = assertInputError(() -> GltfReader.read(f), "ext.gltf: extensionsRequired: ",
                ", and 9996 more are not supported");
        assertTrue(m.length() < 400, m.length() + " characters: " + m);
    }

    @Test
    void aHugeMissingBufferNameGivesAShortMessage() {
        // a 100,000-character file name: shown cut to 120 characters in the message, and the
        // absolute path to 200 (UserFiles.MAX_SHOWN)
        Path f = write("long.gltf", triangle("\"" + "b".repeat(100_000) + "\"", 36, "", ""));
        String m = assertInputError(() -> GltfReader.read(f), "long.gltf: buffers[0]: ");
        assertTrue(m.length() < 600, m.length() + " characters");
        assertEquals(0, logs.messages(java.util.logging.Level.ALL).size());
    }

    @Test
    void aSmallFileInstancingAMeshIntoMillionsOfTrianglesIsRefusedAsACloth() throws IOException {
        // One indexed mesh of a 100×100 grid (20,000 triangles, 10,201 vertices: a 362 kB buffer)
        // placed by 600 nodes: 600 × 20,000 = 12,000,000 triangles, six times the 2,000,000 a
        // cloth may have (MeshValidator.MAX_CLOTH_TRIANGLES). Refused from the count, naming it.
        int n = 100;
        int verts = (n + 1) * (n + 1);
        ByteBuffer b = ByteBuffer.allocate(12 * verts + 4 * 6 * n * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int j = 0; j <= n; j++) {
            for (int i = 0; i <= n; i++) {
                b.putFloat(i * 0.01f).putFloat(0).putFloat(j * 0.01f);
            }
        }
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int v = j * (n + 1) + i;
                b.putInt(v).putInt(v + n + 1).putInt(v + 1).putInt(v + 1).putInt(v + n + 1).putInt(v + n + 2);
            }
        }
        Files.write(dir.resolve("grid.bin"), b.array());
        StringBuilder nodes = new StringBuilder();
        StringBuilder roots = new StringBuilder();
        for (int k = 0; k < 600; k++) {
            nodes.append(k == 0 ? "" : ",").append("{\"mesh\": 0, \"translation\": [0, ").append(k * 0.01)
                    .append(", 0]}");
            roots.append(k == 0 ? "" : ",").append(k);
        }
        Path gltf = write("instanced.gltf", """
                {"asset": {"version": "2.0"}, "scenes": [{"nodes": [%s]}], "nodes": [%s],
                 "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
                 "accessors": [{"bufferView": 0, "componentType": 5126, "count": %d, "type": "VEC3"},
                               {"bufferView": 1, "componentType": 5125, "count": %d, "type": "SCALAR"}],
                 "bufferViews": [{"buffer": 0, "byteLength": %d},
                                 {"buffer": 0, "byteOffset": %d, "byteLength": %d}],
                 "buffers": [{"byteLength": %d, "uri": "grid.bin"}]}
                """.formatted(roots, nodes, verts, 6 * n * n, 12 * verts, 12 * verts, 24 * n * n,
                b.capacity()));
        assertInputError(() -> GltfReader.read(gltf), "instanced.gltf: ",
                "12,000,000 triangles, more than the 2,000,000 a cloth may have");
    }

    /**
     * A .gltf of one triangle without indices: POSITION accessor 0 (3 elements) on bufferView 0
     * (bytes 0-35) and, when {@code uvAccessor} adds accessor 1 as TEXCOORD_0, bufferView 1
     * (bytes 36-59) of the one buffer.
     */
    private static String triangle(String uri, int byteLength, String nodeExtra,
            String uvAccessor) {
        String attributes = uvAccessor.isEmpty() ? "{\"POSITION\": 0}"
                : "{\"POSITION\": 0, \"TEXCOORD_0\": 1}";
        return """
                {"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
                 "nodes": [{"mesh": 0%s}],
                 "meshes": [{"primitives": [{"attributes": %s}]}],
                 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3,
                                "type": "VEC3"}%s],
                 "bufferViews": [{"buffer": 0, "byteLength": 36},
                                 {"buffer": 0, "byteOffset": 36, "byteLength": 24}],
                 "buffers": [{"byteLength": %d, "uri": %s}]}
                """.formatted(nodeExtra, attributes, uvAccessor, byteLength, uri);
    }

    /** A quoted base64 data URI of little-endian floats. */
    private static String dataUri(double... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) {
            b.putFloat((float) v);
        }
        return "\"data:application/octet-stream;base64,"
                + Base64.getEncoder().encodeToString(b.array()) + "\"";
    }

    private Path write(String name, String text) {
        Path file = dir.resolve(name);
        try {
            Files.write(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return file;
    }
}
