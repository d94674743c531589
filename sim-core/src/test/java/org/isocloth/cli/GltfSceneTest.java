package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.isocloth.mesh.ObjReader;
import org.isocloth.mesh.TriMesh;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.isocloth.scene.SceneWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** glTF files as cloth meshes ({@code "mesh": {"gltf": ...}}) and as colliders ({@code {"gltf": ...}}). */
class GltfSceneTest {
    @TempDir
    Path tmp;

    /**
     * A horizontal n×n grid of side {@code size} centred at (0, y, 0) as a .gltf with its buffer
     * in a data URI: positions (FLOAT VEC3), UVs and UNSIGNED_SHORT indices.
     */
    static String gridGltf(int n, double size, double y) {
        int verts = (n + 1) * (n + 1);
        int idx = 6 * n * n;
        ByteBuffer b = ByteBuffer.allocate(12 * verts + 8 * verts + 2 * idx + 2).order(ByteOrder.LITTLE_ENDIAN);
        for (int j = 0; j <= n; j++) {
            for (int i = 0; i <= n; i++) {
                b.putFloat((float) (size * ((double) i / n - 0.5))).putFloat((float) y)
                        .putFloat((float) (size * ((double) j / n - 0.5)));
            }
        }
        for (int j = 0; j <= n; j++) {
            for (int i = 0; i <= n; i++) {
                b.putFloat((float) i / n).putFloat((float) j / n);
            }
        }
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int a = j * (n + 1) + i;
                // counter-clockwise seen from +y
                short[] t = {(short) a, (short) (a + n + 1), (short) (a + 1), (short) (a + 1), (short) (a + n + 1),
                    (short) (a + n + 2)};
                for (short s : t) {
                    b.putShort(s);
                }
            }
        }
        String data = Base64.getEncoder().encodeToString(b.array());
        int uvOffset = 12 * verts;
        int idxOffset = 20 * verts;
        return String.format(Locale.ROOT, """
                {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
                 "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2}]}],
                 "buffers": [{"byteLength": %d, "uri": "data:application/octet-stream;base64,%s"}],
                 "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": %d},
                                 {"buffer": 0, "byteOffset": %d, "byteLength": %d},
                                 {"buffer": 0, "byteOffset": %d, "byteLength": %d}],
                 "accessors": [{"bufferView": 0, "componentType": 5126, "count": %d, "type": "VEC3",
                                "min": [%f, %f, %f], "max": [%f, %f, %f]},
                               {"bufferView": 1, "componentType": 5126, "count": %d, "type": "VEC2"},
                               {"bufferView": 2, "componentType": 5123, "count": %d, "type": "SCALAR"}]}
                """, b.capacity(), data, 12 * verts, uvOffset, 8 * verts, idxOffset, 2 * idx, verts, -size / 2, y,
                -size / 2, size / 2, y, size / 2, verts, idx);
    }

    @Test
    void gltfSheetFallsOntoAGltfFloorAndStaysOnIt() throws IOException {
        // A 0.3 m sheet (6×6 cells, from a .gltf) dropped from 5 cm onto a 2 m glTF floor mesh
        // (4×4 cells) at y = 0. Free fall reaches the floor after √(2·0.05/9.81) = 0.10 s (frame 6
        // at 60 fps); by frame 40 the sheet lies on it: every node between y = 0 and the 4 mm
        // thickness plus a millimetre, none below the floor, red strain within 0.001.
        Files.writeString(tmp.resolve("sheet.gltf"), gridGltf(6, 0.3, 0.05));
        Files.writeString(tmp.resolve("floor.gltf"), gridGltf(4, 2.0, 0.0));
        Files.writeString(tmp.resolve("scene.json"), """
                { "name": "gltf-drop", "fps": 60, "frames": 40,
                  "cloths": [ { "mesh": { "gltf": "sheet.gltf" },
                                "material": { "density": 0.2, "bendingStiffness": 1e-5, "thickness": 0.004 } } ],
                  "colliders": [ { "name": "floor", "gltf": "floor.gltf", "friction": 0.5 } ] }
                """);
        SceneSpec spec = SceneReader.read(tmp.resolve("scene.json"));
        Path out = tmp.resolve("out");
        new SceneRun(spec).run(out, 0);
        TriMesh fin = ObjReader.read(out.resolve("final.obj")).mesh;
        // 7×7 black + 6·7·2 + 36 red (one per edge of the 72 base triangles) nodes
        assertEquals(49 + 120, fin.vertexCount());
        for (int i = 0; i < fin.vertexCount(); i++) {
            double y = fin.positions[3 * i + 1];
            assertTrue(y > -1e-9 && y < 0.005, "node " + i + " at y = " + y);
        }
        List<String> rows = Files.readAllLines(out.resolve("metrics.csv"));
        for (String r : rows.subList(1, rows.size())) {
            String[] c = r.split(",");
            assertTrue(Double.parseDouble(c[3]) <= 1e-3, r);
            assertEquals("0", c[9], "penetrations: " + r);
        }
        assertTrue(fin.hasUvs(), "UVs carried over from TEXCOORD_0");
        // the scene writes back with the same glTF entries
        String json = SceneWriter.toJson(spec);
        assertTrue(json.contains("\"gltf\": \"sheet.gltf\"") && json.contains("\"gltf\": \"floor.gltf\""), json);
    }

    @Test
    void gltfEntriesFailCleanly() throws IOException {
        Files.writeString(tmp.resolve("sheet.gltf"), gridGltf(2, 0.3, 0.05));
        // a missing collider file is named by the reader; a collider with a motion is refused;
        // a broken cloth file is named when the scene is built
        String[][] cases = {
            {"{\"name\": \"s\", \"cloths\": [{\"mesh\": {\"gltf\": \"sheet.gltf\"}}],"
                + " \"colliders\": [{\"gltf\": \"nowhere.glb\"}]}", "colliders[0].gltf"},
            {"{\"name\": \"s\", \"cloths\": [{\"mesh\": {\"gltf\": \"sheet.gltf\"}}],"
                + " \"colliders\": [{\"gltf\": \"sheet.gltf\", \"motion\": {\"velocity\": [1, 0, 0]}}]}", "motion"},
            {"{\"name\": \"s\", \"cloths\": [{\"mesh\": {\"gltf\": \"broken.gltf\"}}]}", "broken.gltf"},
        };
        Files.writeString(tmp.resolve("broken.gltf"), "{\"asset\": {\"version\": \"2.0\"}, \"meshes\": [");
        for (String[] c : cases) {
            Path scene = tmp.resolve("bad.json");
            Files.writeString(scene, c[0]);
            CliRuns.assertRefused(scene, tmp.resolve("o"), c[1]);
        }
    }
}
