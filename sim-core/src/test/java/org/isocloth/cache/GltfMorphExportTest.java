package org.isocloth.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.isocloth.InputException;
import org.isocloth.cli.Main;
import org.isocloth.mesh.GltfReader;
import org.isocloth.mesh.MeshLoadResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * glTF export of a frame range as one mesh per cloth with a morph-target animation
 * ({@link GltfExport#writeRange}), the flipbook option ({@link GltfExport#writeFlipbook},
 * {@code cloth export --flipbook}), and their limits.
 */
class GltfMorphExportTest {
    static final double FPS = 24;
    /** Scene frame of the cache's frame 0. */
    static final int FIRST = 10;
    /** Cache frames 0..6; the range exported is cache frames 1..6 (scene frames 11..16). */
    static final int FRAMES = 7;
    static final int FROM = 1;
    static final int TO = 6;
    static final int COUNT = TO - FROM + 1;

    @TempDir
    Path tmp;
    Path cache;

    /**
     * A 2×1-cell strip of 6 nodes (x = 0, 1, 2 at z = 0 and 1) with its texture cut along the middle
     * column: the left cell uses UV entries 0..3, the right cell entries 4..7 (u shifted by 0.1), so
     * nodes 1 and 4 get two render vertices each: 8 render vertices.
     */
    static CacheCloth seamed() {
        int[] tris = {0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4};
        double[] uvs = {0, 0, 0.5, 0, 0.5, 1, 0, 1, 0.6, 0, 1.1, 0, 1.1, 1, 0.6, 1};
        int[] triUvs = {0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7};
        return new CacheCloth("seamed", 6, tris, uvs, triUvs);
    }

    /** A square of 4 nodes (two triangles), no UVs. */
    static CacheCloth plain() {
        return new CacheCloth("plain", 4, new int[] {0, 2, 1, 0, 3, 2}, null, null);
    }

    /** Frame k of the strip: swinging down and sideways, each node differently. */
    static double[] seamedAt(int k) {
        double[] x = new double[18];
        for (int i = 0; i < 6; i++) {
            double u = i % 3;
            double v = i / 3;
            x[3 * i] = u + 0.013 * k * u;
            x[3 * i + 1] = 1.25 - 0.031 * k * k * (1 + v) + 0.0007 * i;
            x[3 * i + 2] = v + 0.17 * Math.sin(0.4 * k + i);
        }
        return x;
    }

    /** Frame k of the square: falling 0.1·k and tilting; frame 3 collapses onto a line (no area). */
    static double[] plainAt(int k) {
        if (k == 3) {
            return new double[] {0, 0.5, 0, 1, 0.5, 0, 2, 0.5, 0, 3, 0.5, 0};
        }
        double y = 2 - 0.1 * k;
        return new double[] {-1, y, -1, 1, y + 0.02 * k, -1, 1, y, 1, -1, y - 0.015 * k, 1};
    }

    @BeforeEach
    void writeCache() throws IOException {
        cache = tmp.resolve("two.isocache");
        try (CacheWriter w = CacheWriter.create(cache, FPS, FIRST, List.of(seamed(), plain()))) {
            for (int k = 0; k < FRAMES; k++) {
                w.appendFrame(seamedAt(k), plainAt(k));
            }
            w.finish();
        }
    }

    /** A parsed export: its JSON and its binary buffer. */
    record Gltf(JsonNode json, ByteBuffer bin) {
        JsonNode accessor(int i) {
            return json.get("accessors").get(i);
        }

        /** The floats of a tightly packed float accessor. */
        float[] floats(int accessor) {
            JsonNode a = accessor(accessor);
            assertEquals(GltfExport.FLOAT, a.get("componentType").asInt());
            int width = switch (a.get("type").asText()) {
                case "SCALAR" -> 1;
                case "VEC2" -> 2;
                case "VEC3" -> 3;
                default -> throw new AssertionError(a);
            };
            JsonNode view = json.get("bufferViews").get(a.get("bufferView").asInt());
            int n = width * a.get("count").asInt();
            assertEquals(4 * n, view.get("byteLength").asInt());
            int off = view.get("byteOffset").asInt() + a.path("byteOffset").asInt(0);
            float[] out = new float[n];
            for (int i = 0; i < n; i++) {
                out[i] = bin.getFloat(off + 4 * i);
            }
            return out;
        }
    }

    static Gltf read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ObjectMapper mapper = new ObjectMapper();
        if (file.toString().endsWith(".gltf")) {
            JsonNode json = mapper.readTree(bytes);
            String uri = json.get("buffers").get(0).get("uri").asText();
            assertTrue(uri.startsWith("data:application/octet-stream;base64,"), uri);
            byte[] bin = Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1));
            assertEquals(json.get("buffers").get(0).get("byteLength").asInt(), bin.length);
            return new Gltf(json, ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN));
        }
        // GLB: 12-byte header, JSON chunk (length, "JSON", data), BIN chunk (length, "BIN\0", data)
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x46546C67, b.getInt(0));
        assertEquals(2, b.getInt(4));
        assertEquals(bytes.length, b.getInt(8));
        int jsonLength = b.getInt(12);
        assertEquals(0x4E4F534A, b.getInt(16));
        JsonNode json = mapper.readTree(new String(bytes, 20, jsonLength, StandardCharsets.UTF_8));
        int binLength = b.getInt(20 + jsonLength);
        assertEquals(0x004E4942, b.getInt(24 + jsonLength));
        byte[] bin = Arrays.copyOfRange(bytes, 28 + jsonLength, 28 + jsonLength + binLength);
        assertTrue(bin.length - json.get("buffers").get(0).get("byteLength").asInt() < 4, "padding only");
        return new Gltf(json, ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN));
    }

    /** The render-vertex positions and (0, 1, 0)-for-vanishing unit normals of cache frame k of cloth c. */
    static float[][] renderFrame(CacheReader r, int k, int c) {
        RenderLayout l = RenderLayout.of(r.cloths().get(c));
        float[] x = r.readFrame(k, c);
        float[] p = new float[3 * l.vertexCount()];
        float[] n = new float[3 * l.vertexCount()];
        l.positions(x, p);
        l.normals(x, n);
        for (int i = 0; i < n.length; i += 3) {
            if (n[i] == 0 && n[i + 1] == 0 && n[i + 2] == 0) {
                n[i + 1] = 1;
            }
        }
        return new float[][] {p, n};
    }

    /**
     * The weights of a LINEAR sampler at time t, as the glTF spec defines them: between the keys
     * i and i + 1 with times[i] ≤ t &lt; times[i+1], (1 − s)·w_i + s·w_{i+1}, s = (t − times[i]) /
     * (times[i+1] − times[i]); before the first key the first weights, after the last the last.
     */
    static double[] sample(float[] times, float[] weights, int targets, double t) {
        double[] w = new double[targets];
        int last = times.length - 1;
        if (t >= times[last]) {
            for (int i = 0; i < targets; i++) {
                w[i] = weights[last * targets + i];
            }
            return w;
        }
        int k = 0;
        while (k + 1 < last && times[k + 1] <= t) {
            k++;
        }
        double s = Math.max(0, (t - times[k]) / (times[k + 1] - times[k]));
        for (int i = 0; i < targets; i++) {
            w[i] = (1 - s) * weights[k * targets + i] + s * weights[(k + 1) * targets + i];
        }
        return w;
    }

    @Test
    void rangeIsOneMeshPerClothWhoseTargetsRebuildEveryFrame() throws IOException {
        for (String name : new String[] {"anim.gltf", "anim.glb"}) {
            Path out = tmp.resolve(name);
            try (CacheReader r = CacheReader.open(cache)) {
                GltfExport.writeRange(r, FROM, TO, out);
                Gltf g = read(out);
                JsonNode json = g.json();
                // 2 cloths: 2 meshes, 2 nodes, both in the scene, named after the cloths
                assertEquals(2, json.get("meshes").size(), name);
                assertEquals(2, json.get("nodes").size(), name);
                assertEquals("[0,1]", json.get("scenes").get(0).get("nodes").toString());
                assertEquals(FIRST + FROM, json.get("asset").get("extras").get("firstFrame").asInt());
                assertEquals(COUNT, json.get("asset").get("extras").get("frames").asInt());
                for (int c = 0; c < 2; c++) {
                    String cloth = r.cloths().get(c).name();
                    JsonNode mesh = json.get("meshes").get(c);
                    assertEquals(cloth, mesh.get("name").asText());
                    assertEquals(cloth, json.get("nodes").get(c).get("name").asText());
                    assertEquals(c, json.get("nodes").get(c).get("mesh").asInt());
                    JsonNode prim = mesh.get("primitives").get(0);
                    JsonNode targets = prim.get("targets");
                    assertEquals(COUNT, targets.size(), "one target per frame");
                    assertEquals(COUNT, mesh.get("weights").size());
                    mesh.get("weights").forEach(w -> assertEquals(0.0, w.asDouble(), 0.0));
                    for (int j = 0; j < COUNT; j++) {
                        // scene frame of range frame j = FIRST + FROM + j = 11 + j
                        assertEquals(String.format(Locale.ROOT, "frame_%04d", 11 + j),
                                mesh.get("extras").get("targetNames").get(j).asText());
                    }
                    assertEquals(c == 0, prim.get("attributes").has("TEXCOORD_0"));
                    RenderLayout l = RenderLayout.of(r.cloths().get(c));
                    assertEquals(c == 0 ? 8 : 4, l.vertexCount()); // the strip's seam splits 2 of its 6 nodes
                    assertEquals(l.triangles.length, g.accessor(prim.get("indices").asInt()).get("count").asInt());

                    // the base is the range's first frame, stored unchanged
                    float[][] first = renderFrame(r, FROM, c);
                    float[] base = g.floats(prim.get("attributes").get("POSITION").asInt());
                    float[] baseNormal = g.floats(prim.get("attributes").get("NORMAL").asInt());
                    assertEquals(Arrays.toString(first[0]), Arrays.toString(base));
                    assertEquals(Arrays.toString(first[1]), Arrays.toString(baseNormal));
                    for (int j = 0; j < COUNT; j++) {
                        int posAcc = targets.get(j).get("POSITION").asInt();
                        float[] d = g.floats(posAcc);
                        float[] dn = g.floats(targets.get(j).get("NORMAL").asInt());
                        float[][] frame = renderFrame(r, FROM + j, c);
                        // base + d differs from the frame only by rounding d = p − base to float:
                        // |d| < 4 m here (the strip drops 2.2 m), so at most half a float ulp in
                        // [2, 4), 1.2e-7 m; the same holds for the normals' differences (|dn| ≤ 2)
                        for (int i = 0; i < d.length; i++) {
                            assertEquals(frame[0][i], (double) base[i] + d[i], 1e-6, name + " cloth " + c
                                    + " frame " + j + " coordinate " + i);
                            assertEquals(frame[1][i], (double) baseNormal[i] + dn[i], 1e-6, "normal " + i);
                            if (j == 0) {
                                assertEquals(0f, d[i], 0f, "target 0 is the base itself");
                                assertEquals(0f, dn[i], 0f);
                            }
                        }
                        // min/max per axis over the stored floats, as glTF requires for a target's POSITION
                        JsonNode acc = g.accessor(posAcc);
                        for (int a = 0; a < 3; a++) {
                            float min = Float.MAX_VALUE;
                            float max = -Float.MAX_VALUE;
                            for (int i = a; i < d.length; i += 3) {
                                min = Math.min(min, d[i]);
                                max = Math.max(max, d[i]);
                            }
                            assertEquals(min, (float) acc.get("min").get(a).asDouble(), 0f);
                            assertEquals(max, (float) acc.get("max").get(a).asDouble(), 0f);
                        }
                    }
                }
                // the plain square collapses onto a line in frame 3 (range frame 2): its normals
                // vanish and are stored as (0, 1, 0), so base + target 2 is (0, 1, 0) there
                float[] dn = g.floats(json.get("meshes").get(1).get("primitives").get(0).get("targets").get(2)
                        .get("NORMAL").asInt());
                float[] bn = g.floats(json.get("meshes").get(1).get("primitives").get(0).get("attributes")
                        .get("NORMAL").asInt());
                assertEquals(1.0, (double) bn[1] + dn[1], 1e-7);

                checkAnimation(g);

                // the buffer holds exactly what dataBytes counts for a morph animation: per cloth
                // indices 4·3·triangles, UVs 8·vertices (strip only), 24·vertices for the base and
                // each of the 6 targets; keys 2·6 times of 4 bytes and 2·6·6 weights of 4 bytes:
                // strip 48 + 64 + 7·192 = 1456, square 24 + 7·96 = 696, keys 48 + 288 = 336
                RenderLayout[] layouts = {RenderLayout.of(r.cloths().get(0)), RenderLayout.of(r.cloths().get(1))};
                assertEquals(1456 + 696 + 336, GltfExport.dataBytes(layouts, COUNT, true));
                assertEquals(1456 + 696 + 336, json.get("buffers").get(0).get("byteLength").asInt());
            }
        }
    }

    /** The "bake" animation: frame j of the range, and only it, has weight 1 on [j/fps, (j+1)/fps). */
    private static void checkAnimation(Gltf g) {
        JsonNode anims = g.json().get("animations");
        assertEquals(1, anims.size());
        JsonNode anim = anims.get(0);
        assertEquals("bake", anim.get("name").asText());
        assertEquals(2, anim.get("channels").size(), "one channel per cloth");
        for (int c = 0; c < 2; c++) {
            JsonNode ch = anim.get("channels").get(c);
            assertEquals(c, ch.get("target").get("node").asInt());
            assertEquals("weights", ch.get("target").get("path").asText());
            JsonNode sampler = anim.get("samplers").get(ch.get("sampler").asInt());
            assertEquals("LINEAR", sampler.get("interpolation").asText());
            float[] times = g.floats(sampler.get("input").asInt());
            float[] weights = g.floats(sampler.get("output").asInt());
            assertEquals(2 * COUNT, times.length, "2 keys per frame");
            assertEquals(2 * COUNT * COUNT, weights.length, "per key one weight per target");
            JsonNode in = g.accessor(sampler.get("input").asInt());
            assertEquals(0f, (float) in.get("min").get(0).asDouble(), 0f);
            assertEquals((float) (COUNT / FPS), (float) in.get("max").get(0).asDouble(), 0f, "the clip lasts 6/fps");
            for (int i = 1; i < times.length; i++) {
                assertTrue(times[i] > times[i - 1], "times increase strictly at key " + i);
            }
            for (int j = 0; j < COUNT; j++) {
                // inside frame j, at its start, and at the last float before frame j + 1 starts
                float start = (float) (j / FPS);
                float end = Math.nextDown((float) ((j + 1) / FPS));
                for (double t : new double[] {(j + 0.5) / FPS, start, end}) {
                    // t lies between two keys that both hold frame j's one-hot weights, so the
                    // sampler gives (1 − s)·1 + s·1 = 1 (up to double rounding) on target j and 0 elsewhere
                    double[] w = sample(times, weights, COUNT, t);
                    for (int i = 0; i < COUNT; i++) {
                        assertEquals(i == j ? 1.0 : 0.0, w[i], 1e-12, "t = " + t + ", frame " + j + ", target " + i);
                    }
                }
            }
        }
    }

    @Test
    void simCoresGltfReaderReadsAMorphExportAsItsFirstFrame() throws IOException {
        // the square alone, frames 0..2, exported 1..2: the mesh's weights are all 0, so the reader
        // takes the base shape, frame 1 (y = 1.9, node 1 at 1.92, node 3 at 1.885), without warnings
        Path square = tmp.resolve("square.isocache");
        try (CacheWriter w = CacheWriter.create(square, FPS, 0, List.of(plain()))) {
            for (int k = 0; k < 3; k++) {
                w.appendFrame(plainAt(k));
            }
            w.finish();
        }
        Path out = tmp.resolve("square.glb");
        try (CacheReader r = CacheReader.open(square)) {
            GltfExport.writeRange(r, 1, 2, out);
        }
        MeshLoadResult back = GltfReader.read(out);
        assertTrue(back.warnings.isEmpty(), back.warnings::toString);
        assertEquals(4, back.mesh.vertexCount());
        assertEquals(2, back.mesh.triangleCount());
        // the reader numbers vertices its own way: compare the sets of points
        double[] frame1 = plainAt(1);
        List<String> expected = new java.util.ArrayList<>();
        List<String> read = new java.util.ArrayList<>();
        for (int v = 0; v < 4; v++) {
            expected.add((float) frame1[3 * v] + " " + (float) frame1[3 * v + 1] + " " + (float) frame1[3 * v + 2]);
            double[] q = back.mesh.positions;
            read.add((float) q[3 * v] + " " + (float) q[3 * v + 1] + " " + (float) q[3 * v + 2]);
            assertEquals(q[3 * v + 1], (float) q[3 * v + 1], 0.0, "a float32 value read back");
        }
        expected.sort(null);
        read.sort(null);
        assertEquals(expected, read);
    }

    @Test
    void flipbookKeepsOneNodePerFrameWithExactPositions() throws IOException {
        Path out = tmp.resolve("flip.glb");
        try (CacheReader r = CacheReader.open(cache)) {
            GltfExport.writeFlipbook(r, FROM, TO, out);
            Gltf g = read(out);
            JsonNode json = g.json();
            // 6 frames × 2 cloths = 12 meshes; per frame a node frame_NNNN with 2 children
            assertEquals(12, json.get("meshes").size());
            assertEquals(6 * 3, json.get("nodes").size());
            assertEquals(6, json.get("scenes").get(0).get("nodes").size());
            int mesh = 0;
            for (int j = 0; j < COUNT; j++) {
                JsonNode frameNode = json.get("nodes").get(json.get("scenes").get(0).get("nodes").get(j).asInt());
                assertEquals(String.format(Locale.ROOT, "frame_%04d", 11 + j), frameNode.get("name").asText());
                assertEquals(j == 0, !frameNode.has("scale"), "only the first frame is visible without animation");
                assertEquals(2, frameNode.get("children").size());
                for (int c = 0; c < 2; c++, mesh++) {
                    JsonNode m = json.get("meshes").get(mesh);
                    assertEquals(String.format(Locale.ROOT, "%s_%04d", r.cloths().get(c).name(), 11 + j), m.get("name").asText());
                    assertFalse(m.get("primitives").get(0).has("targets"));
                    float[] p = g.floats(m.get("primitives").get(0).get("attributes").get("POSITION").asInt());
                    assertEquals(Arrays.toString(renderFrame(r, FROM + j, c)[0]), Arrays.toString(p),
                            "a flipbook stores the cache's floats unchanged");
                }
            }
            JsonNode channels = json.get("animations").get(0).get("channels");
            assertEquals(6, channels.size());
            channels.forEach(ch -> assertEquals("scale", ch.get("target").get("path").asText()));
        }
    }

    @Test
    void morphExportOfMoreThan4096FramesIsRefusedBeforeReading() throws IOException {
        // 4097 frames of the 2 small cloths: a flipbook makes 8194 meshes (below 20000) and is fine;
        // a morph animation would hold 4097 targets per mesh, one more than MAX_MORPH_FRAMES = 4096
        Path many = tmp.resolve("many.isocache");
        try (CacheWriter w = CacheWriter.create(many, FPS, 0, List.of(seamed(), plain()))) {
            for (int k = 0; k < 4097; k++) {
                w.appendFrame(seamedAt(k % 7), plainAt(k % 7));
            }
            w.finish();
        }
        Path out = tmp.resolve("many.glb");
        try (CacheReader r = CacheReader.open(many)) {
            InputException e = assertThrows(InputException.class, () -> GltfExport.writeRange(r, 0, 4096, out));
            assertEquals(out + ": 4097 frames of 2 cloths from " + many + " would make 4097 morph targets per mesh,"
                    + " more than the limit of 4096 (importers struggle with thousands of targets); export fewer"
                    + " frames or a flipbook (--flipbook)", e.getMessage());
            assertFalse(Files.exists(out));
            // 4096 frames are allowed: their keys hold 2·4096·4096 weights of 4 bytes (128 MiB), within 1 GiB
            RenderLayout[] layouts = {RenderLayout.of(r.cloths().get(0)), RenderLayout.of(r.cloths().get(1))};
            long keys = 2L * 4096 * 4 * (1 + 4096);
            assertEquals(keys + 48 + 64 + 4097 * 192L + 24 + 4097 * 96L, GltfExport.dataBytes(layouts, 4096, true));
        }
        String[] err = new String[1];
        assertEquals(2, cli(err, "export", many.toString(), "--frames", "0:4096", "--format", "gltf", "--out",
                out.toString()));
        assertEquals("cloth: error: " + out + ": 4097 frames of 2 cloths from " + many + " would make 4097 morph"
                + " targets per mesh, more than the limit of 4096 (importers struggle with thousands of targets);"
                + " export fewer frames or a flipbook (--flipbook)\n", err[0]);
        assertEquals(0, cli(err, "export", many.toString(), "--frames", "0:4096", "--flipbook", "--format", "gltf",
                "--out", out.toString()), err[0]);
        assertEquals(4097 * 2, read(out).json().get("meshes").size());
    }

    /** Runs the command line; err[0] receives its standard error. */
    private static int cli(String[] err, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        err[0] = e.toString(StandardCharsets.UTF_8);
        return status;
    }

    @Test
    void commandLineWritesMorphByDefaultAndFlipbookOnRequest() throws IOException {
        String[] err = new String[1];
        Path morph = tmp.resolve("cli/morph.gltf");
        Path flip = tmp.resolve("cli/flip.gltf");
        // scene frames 11..16 are cache frames 1..6
        assertEquals(0, cli(err, "export", cache.toString(), "--frames", "11:16", "--format", "gltf", "--out",
                morph.toString()), err[0]);
        assertEquals(0, cli(err, "export", cache.toString(), "--flipbook", "--frames", "11:16", "--format", "gltf",
                "--out", flip.toString()), err[0]);
        assertEquals(2, read(morph).json().get("meshes").size());
        assertEquals(COUNT, read(morph).json().get("meshes").get(0).get("primitives").get(0).get("targets").size());
        assertEquals(12, read(flip).json().get("meshes").size());

        // --flipbook needs a glTF range: not one frame, not OBJ; one line, status 2, nothing written
        String expected = "cloth: error: --flipbook: a flipbook is a glTF frame range; use it with --format gltf"
                + " --frames A:B\n";
        Path none = tmp.resolve("cli/none.gltf");
        assertEquals(2, cli(err, "export", cache.toString(), "--frame", "12", "--flipbook", "--format", "gltf",
                "--out", none.toString()));
        assertEquals(expected, err[0]);
        assertEquals(2, cli(err, "export", cache.toString(), "--frames", "12:12", "--flipbook", "--format", "obj",
                "--out", tmp.resolve("cli/none.obj").toString()));
        assertEquals(expected, err[0]);
        assertEquals(2, cli(err, "export", cache.toString(), "--frames", "11:16", "--flipbook", "--format", "obj",
                "--out", tmp.resolve("cli/none.obj").toString()));
        assertEquals(expected, err[0]);
        assertFalse(Files.exists(none));
        assertFalse(Files.exists(tmp.resolve("cli/none.obj")));
    }
}
