package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.isocloth.cache.CacheReader;
import org.isocloth.cache.RenderLayout;
import org.isocloth.mesh.ObjReader;
import org.isocloth.scene.SceneReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cloth bake} and {@code cloth export}: exactness against {@code cloth run}, outputs, bad input. */
class BakeExportTest {
    /** A horizontal 10×10 sheet pinned along one edge, swinging down for 20 frames. */
    static final String SHEET = """
            { "name": "sheet", "fps": 60, "frames": 20, "gravity": [0, -9.81, 0],
              "cloths": [ { "name": "sheet",
                            "mesh": { "grid": { "size": [0.5, 0.5], "cells": [10, 10], "center": [0, 1, 0],
                                                "normal": [0, 1, 0], "uAxis": [1, 0, 0] } },
                            "material": { "density": 0.2, "bendingStiffness": 1e-5 },
                            "pins": [ { "box": { "min": [-1, 0.99, 0.24], "max": [1, 1.01, 0.26] } } ] } ] }
            """;

    /** Two small cloths (the second pinned at a corner), 6 frames. */
    static final String TWO = """
            { "name": "two", "fps": 30, "frames": 6,
              "cloths": [ { "name": "left",
                            "mesh": { "grid": { "size": [0.3, 0.3], "cells": [3, 3], "center": [-0.5, 1, 0],
                                                "normal": [0, 0, 1], "uAxis": [1, 0, 0] } },
                            "pins": [ { "box": { "min": [-1, 1.14, -1], "max": [0, 1.16, 1] } } ] },
                          { "name": "right",
                            "mesh": { "grid": { "size": [0.2, 0.4], "cells": [2, 4], "center": [0.5, 1, 0],
                                                "normal": [0, 0, 1], "uAxis": [1, 0, 0] } },
                            "pins": [ { "box": { "min": [0.39, 1.19, -1], "max": [0.41, 1.21, 1] } } ] } ] }
            """;

    @TempDir
    static Path shared;
    static Path sheetScene;
    static Path sheetCache;
    static Path runDir;

    private String lastErr = "";
    private String lastOut = "";

    private int run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        lastErr = err.toString(StandardCharsets.UTF_8);
        lastOut = out.toString(StandardCharsets.UTF_8);
        return status;
    }

    @BeforeAll
    static void bakeAndRunOnce() throws IOException {
        sheetScene = shared.resolve("sheet.json");
        Files.writeString(sheetScene, SHEET);
        sheetCache = shared.resolve("bake/sheet.isocache");
        runDir = shared.resolve("run");
        BakeExportTest t = new BakeExportTest();
        assertEquals(0, t.run("bake", sheetScene.toString(), "--out", sheetCache.toString()), t.lastErr);
        assertEquals(0, t.run("run", sheetScene.toString(), "--out", runDir.toString(), "--obj-every", "1"),
                t.lastErr);
    }

    /** The "v x y z" lines of an OBJ, parsed. */
    static double[] objVertices(Path obj) throws IOException {
        List<Double> v = new ArrayList<>();
        for (String line : Files.readAllLines(obj)) {
            if (line.startsWith("v ")) {
                String[] p = line.split(" ");
                for (int i = 1; i <= 3; i++) {
                    v.add(Double.parseDouble(p[i]));
                }
            }
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static List<String> objLines(Path obj, String prefix) throws IOException {
        return Files.readAllLines(obj).stream().filter(l -> l.startsWith(prefix)).toList();
    }

    @Test
    void bakedFramesEqualRunFramesExactlyInFloat32() throws IOException {
        // Why exact equality holds: bake and run build the scene with the same SceneRun constructor and
        // advance it with the same SceneRun.stepFrame(f), f = 1, 2, ..., so the solver's double positions
        // after frame k are the same doubles in both processes (the solver is deterministic: same
        // inputs, same operation order). run writes them with Double.toString, which ObjWriter
        // documents as parsing back to the same double; the cache stores (float) of that double. So
        // (float) Double.parseDouble(obj value) == cached float, bit for bit, for every coordinate.
        try (CacheReader r = CacheReader.open(sheetCache)) {
            assertEquals(21, r.frameCount());
            assertEquals(0, r.firstFrame());
            assertEquals(60.0, r.fps());
            int nodes = 11 * 11 + (10 * 11 * 2 + 100);
            assertEquals(nodes, r.cloths().get(0).nodeCount());
            double maxMotion = 0;
            for (int k = 0; k <= 20; k++) {
                double[] x = objVertices(runDir.resolve(String.format(Locale.ROOT, "frames/frame_%04d.obj", k)));
                float[] f = r.readFrame(k, 0);
                assertEquals(x.length, f.length);
                for (int i = 0; i < x.length; i++) {
                    if (Float.floatToIntBits((float) x[i]) != Float.floatToIntBits(f[i])) {
                        throw new AssertionError("frame " + k + " value " + i + ": run " + x[i] + " cache " + f[i]);
                    }
                }
                double[] x0 = objVertices(runDir.resolve("frames/frame_0000.obj"));
                for (int i = 0; i < x.length; i++) {
                    maxMotion = Math.max(maxMotion, Math.abs(x[i] - x0[i]));
                }
            }
            // the sheet does move (the comparison is not between two copies of the rest state)
            assertTrue(maxMotion > 0.05, "max motion " + maxMotion);
        }
    }

    @Test
    void frameRangeRecordsOnlyThoseFrames() throws IOException {
        Path part = shared.resolve("part.isocache");
        assertEquals(0, run("bake", sheetScene.toString(), "--out", part.toString(), "--frames", "5:12"), lastErr);
        assertTrue(lastOut.startsWith("sheet: frames 5..12 (8 frames, 1 cloth) in "), lastOut);
        try (CacheReader p = CacheReader.open(part); CacheReader all = CacheReader.open(sheetCache)) {
            assertEquals(5, p.firstFrame());
            assertEquals(8, p.frameCount());
            for (int k = 0; k < 8; k++) {
                assertArrayEquals(all.readFrame(5 + k, 0), p.readFrame(k, 0), "scene frame " + (5 + k));
            }
        }
    }

    @Test
    void progressIsReportedOnStderrAsPlainLinesWithoutATerminal() {
        Path out = shared.resolve("progress.isocache");
        assertEquals(0, run("bake", sheetScene.toString(), "--out", out.toString(), "--frames", "0:4"), lastErr);
        List<String> lines = lastErr.lines().toList();
        assertFalse(lastErr.contains("\r"));
        assertTrue(lines.size() >= 2 && lines.size() <= 12, lastErr);
        assertTrue(lines.get(0).startsWith("bake sheet: 0/4 frames (0%), "), lines.get(0));
        assertTrue(lines.get(lines.size() - 1).startsWith("bake sheet: 4/4 frames (100%), done in "), lastErr);
    }

    @Test
    void objExportRepeatsRunsLayout() throws IOException {
        Path obj = shared.resolve("export/f7.obj");
        assertEquals(0, run("export", sheetCache.toString(), "--frame", "7", "--format", "obj", "--out",
                obj.toString()), lastErr);
        Path ref = runDir.resolve("frames/frame_0007.obj");
        assertEquals(objLines(ref, "f "), objLines(obj, "f "));
        assertEquals(objLines(ref, "vt "), objLines(obj, "vt "));
        double[] x = objVertices(ref);
        double[] y = objVertices(obj);
        assertEquals(x.length, y.length);
        for (int i = 0; i < x.length; i++) {
            assertEquals((double) (float) x[i], y[i], 0.0);
        }
        // and sim-core's own reader takes it: v + e nodes, 4 t triangles, with UVs
        var mesh = ObjReader.read(obj).mesh();
        assertEquals(121 + 320, mesh.vertexCount());
        assertEquals(4 * 200, mesh.triangleCount());
        assertTrue(mesh.hasUvs());
    }

    @Test
    void multiClothObjAndGltfExports() throws IOException {
        Path scene = shared.resolve("two.json");
        Files.writeString(scene, TWO);
        Path cache = shared.resolve("two.isocache");
        Path dir = shared.resolve("two-run");
        assertEquals(0, run("bake", scene.toString(), "--out", cache.toString()), lastErr);
        assertEquals(0, run("run", scene.toString(), "--out", dir.toString(), "--obj-every", "3"), lastErr);
        Path obj = shared.resolve("two-3.obj");
        assertEquals(0, run("export", cache.toString(), "--frame", "3", "--format", "obj", "--out", obj.toString()),
                lastErr);
        Path ref = dir.resolve("frames/frame_0003.obj");
        assertEquals(objLines(ref, "f "), objLines(obj, "f "));
        assertEquals(objLines(ref, "vt "), objLines(obj, "vt "));
        double[] x = objVertices(ref);
        double[] y = objVertices(obj);
        for (int i = 0; i < x.length; i++) {
            assertEquals((double) (float) x[i], y[i], 0.0);
        }

        Path gltf = shared.resolve("two-3.gltf");
        assertEquals(0, run("export", cache.toString(), "--frame", "3", "--format", "gltf", "--out", gltf.toString()),
                lastErr);
        try (CacheReader r = CacheReader.open(cache)) {
            checkGltf(new ObjectMapper().readTree(gltf.toFile()), null, r, 3, 3);
        }
        Path glb = shared.resolve("two-1-5.glb");
        assertEquals(0, run("export", cache.toString(), "--frames", "1:5", "--flipbook", "--format", "gltf", "--out",
                glb.toString()), lastErr);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(glb)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x46546C67, b.getInt(0));
        assertEquals(2, b.getInt(4));
        assertEquals(Files.size(glb), b.getInt(8));
        int jsonLength = b.getInt(12);
        assertEquals(0x4E4F534A, b.getInt(16));
        assertEquals(0, jsonLength % 4);
        JsonNode json = new ObjectMapper().readTree(new String(b.array(), 20, jsonLength, StandardCharsets.UTF_8));
        int binLength = b.getInt(20 + jsonLength);
        assertEquals(0x004E4942, b.getInt(24 + jsonLength));
        byte[] bin = java.util.Arrays.copyOfRange(b.array(), 28 + jsonLength, 28 + jsonLength + binLength);
        try (CacheReader r = CacheReader.open(cache)) {
            checkGltf(json, bin, r, 1, 5);
        }
        assertEquals(5, json.get("animations").get(0).get("channels").size());
        JsonNode sampler = json.get("animations").get(0).get("samplers").get(2);
        JsonNode times = json.get("accessors").get(sampler.get("input").asInt());
        assertEquals(5, times.get("count").asInt()); // off, on at 2/30 s, off at 3/30 s, each as a 1-ulp ramp
        assertEquals((float) (3 / 30.0), (float) times.get("max").get(0).asDouble(), 0f);
    }

    /** Checks every mesh's POSITION against the cache's floats and its accessor counts. */
    private static void checkGltf(JsonNode json, byte[] bin, CacheReader r, int from, int to) {
        assertEquals("2.0", json.get("asset").get("version").asText());
        if (bin == null) {
            String uri = json.get("buffers").get(0).get("uri").asText();
            assertTrue(uri.startsWith("data:application/octet-stream;base64,"));
            bin = Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1));
        }
        assertEquals(json.get("buffers").get(0).get("byteLength").asInt(), bin.length);
        ByteBuffer data = ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN);
        int mesh = 0;
        for (int k = from; k <= to; k++) {
            for (int c = 0; c < r.clothCount(); c++, mesh++) {
                RenderLayout l = RenderLayout.of(r.cloths().get(c));
                float[] expected = new float[3 * l.vertexCount()];
                l.positions(r.readFrame(k, c), expected);
                JsonNode prim = json.get("meshes").get(mesh).get("primitives").get(0);
                JsonNode pos = json.get("accessors").get(prim.get("attributes").get("POSITION").asInt());
                assertEquals(l.vertexCount(), pos.get("count").asInt());
                JsonNode view = json.get("bufferViews").get(pos.get("bufferView").asInt());
                int off = view.get("byteOffset").asInt();
                assertEquals(expected.length * 4, view.get("byteLength").asInt());
                for (int i = 0; i < expected.length; i++) {
                    assertEquals(expected[i], data.getFloat(off + 4 * i), 0f);
                }
                for (int a = 0; a < 3; a++) {
                    double min = Double.MAX_VALUE;
                    for (int i = a; i < expected.length; i += 3) {
                        min = Math.min(min, expected[i]);
                    }
                    assertEquals((float) min, (float) pos.get("min").get(a).asDouble(), 0f);
                }
                JsonNode idx = json.get("accessors").get(prim.get("indices").asInt());
                assertEquals(3 * r.cloths().get(c).triangleCount(), idx.get("count").asInt());
                assertTrue(prim.get("attributes").has("NORMAL") && prim.get("attributes").has("TEXCOORD_0"));
            }
        }
        assertEquals(mesh, json.get("meshes").size());
    }

    @Test
    void badInputsGiveOneLineErrors() throws IOException {
        Path out = shared.resolve("bad.obj");
        assertEquals(2, run("export", sheetCache.toString(), "--frame", "21", "--format", "obj", "--out",
                out.toString()));
        assertEquals("cloth: error: " + sheetCache + ": frame 21 is out of range 0..20\n", lastErr);
        assertEquals(2, run("export", sheetCache.toString(), "--frame", "2", "--format", "fbx", "--out",
                out.toString()));
        assertEquals("cloth: error: --format: unknown format 'fbx' (expected obj or gltf)\n", lastErr);
        assertEquals(2, run("export", sheetCache.toString(), "--frames", "2:4", "--format", "obj", "--out",
                out.toString()));
        assertTrue(lastErr.contains("--format obj writes one frame"), lastErr);
        assertEquals(2, run("export", sheetCache.toString(), "--frame", "2", "--format", "gltf", "--out",
                out.toString()));
        assertTrue(lastErr.contains("bad.obj: a glTF file must end in .gltf"), lastErr);
        Path cut = shared.resolve("cut.isocache");
        byte[] bytes = Files.readAllBytes(sheetCache);
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertEquals(2, run("export", cut.toString(), "--frame", "2", "--format", "obj", "--out", out.toString()));
        assertTrue(lastErr.startsWith("cloth: error: " + cut + ": truncated: 21 frames need "), lastErr);
        assertEquals(1, lastErr.lines().count());
        assertFalse(Files.exists(out));

        // unwritable output: its directory would have to be inside a regular file
        Path blocker = shared.resolve("blocker");
        Files.writeString(blocker, "x");
        Path inside = blocker.resolve("f.obj");
        assertEquals(2, run("export", sheetCache.toString(), "--frame", "2", "--format", "obj", "--out",
                inside.toString()));
        assertTrue(lastErr.startsWith("cloth: error: " + inside + ": cannot create directory "), lastErr);
        assertEquals(2, run("bake", sheetScene.toString(), "--out", blocker.resolve("c.isocache").toString()));
        assertTrue(lastErr.startsWith("cloth: error: " + blocker.resolve("c.isocache") + ": cannot create directory"),
                lastErr);

        assertEquals(2, run("bake", sheetScene.toString(), "--out", shared.resolve("x.isocache").toString(),
                "--frames", "3:99"));
        assertEquals("cloth: error: --frames 3:99: " + sheetScene + " has frames 0..20\n", lastErr);
        assertEquals(2, run("bake", sheetScene.toString(), "--out", shared.resolve("x.isocache").toString(),
                "--frames", "7:3"));
        assertEquals("cloth: error: --frames: expected 0 <= A <= B, got 7:3\n", lastErr);
        assertEquals(2, run("bake", sheetScene.toString()));
        assertEquals("cloth: error: bake: missing --out FILE.isocache\n", lastErr);
        assertEquals(2, run("export", shared.resolve("nothing.isocache").toString(), "--frame", "0", "--format",
                "obj", "--out", out.toString()));
        assertEquals("cloth: error: " + shared.resolve("nothing.isocache") + ": no such file (bake cache)\n", lastErr);
        assertFalse(Files.exists(shared.resolve("x.isocache")));
    }

    @Test
    void failedBakeKeepsTheOldCacheAndLeavesNoTemporaryFile() throws IOException {
        Path dir = shared.resolve("interrupt");
        Files.createDirectories(dir);
        Path target = dir.resolve("c.isocache");
        Files.copy(sheetCache, target);
        byte[] before = Files.readAllBytes(target);
        SceneRun sim = new SceneRun(SceneReader.read(sheetScene));
        RuntimeException e = assertThrows(RuntimeException.class, () -> Bake.bake(sim, target, 0, 20, f -> {
            if (f == 5) {
                throw new RuntimeException("interrupted at frame 5");
            }
        }));
        assertEquals("interrupted at frame 5", e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(target));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(target), s.toList());
        }
    }

    @Test
    void killedBakeProcessLeavesNoPartialCache() throws Exception {
        // A real interruption: a separate JVM bakes a slow scene and gets SIGTERM (Process.destroy)
        // while frames are being written; its shutdown hook must delete the temporary file.
        Path dir = shared.resolve("killed");
        Files.createDirectories(dir);
        Path scene = dir.resolve("slow.json");
        Files.writeString(scene, SHEET.replace("\"frames\": 20", "\"frames\": 5000")
                .replace("\"cells\": [10, 10]", "\"cells\": [24, 24]"));
        Path target = dir.resolve("slow.isocache");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "bake", scene.toString(), "--out", target.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("log.txt").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            boolean writing = false;
            while (!writing && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(50);
                try (Stream<Path> s = Files.list(dir)) {
                    writing = s.anyMatch(f -> f.getFileName().toString().endsWith(".tmp") && size(f) > 400_000);
                }
            }
            assertTrue(writing, "the bake never started writing frames: " + Files.readString(dir.resolve("log.txt")));
            p.destroy();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertFalse(Files.exists(target));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of("log.txt", "slow.json"), s.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0;
        }
    }
}
