package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.isocloth.UserFiles;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheWriter;
import org.isocloth.solver.SimulationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cloth bake} and {@code cloth export} against hostile input: caches with non-finite
 * coordinates behind valid checksums, named pipes, outputs that are not regular files or are the
 * input, oversized ranges, very long paths, stale temporary files and interrupted bakes.
 */
class CacheRobustnessTest {
    /** A 4×4-cell sheet for 100000 frames: many seconds of baking, so it can be interrupted. */
    static final String LONG_SCENE = """
            { "name": "long", "fps": 60, "frames": 100000, "gravity": [0, -9.81, 0],
              "cloths": [ { "name": "sheet",
                            "mesh": { "grid": { "size": [0.5, 0.5], "cells": [4, 4], "center": [0, 1, 0],
                                                "normal": [0, 1, 0], "uAxis": [1, 0, 0] } },
                            "material": { "density": 0.2, "bendingStiffness": 1e-5 },
                            "pins": [ { "box": { "min": [-1, 0.99, 0.24], "max": [1, 1.01, 0.26] } } ] } ] }
            """;

    @TempDir
    Path tmp;

    private String lastErr = "";

    private int run(String... args) {
        CliRuns.Call c = CliRuns.call(args);
        lastErr = c.err();
        return c.status();
    }

    /** A 4-node plate (two triangles) at height 0.1·k in frame k. */
    private static double[] plateAt(int k) {
        double y = 0.1 * k;
        return new double[] {-1, y, -1, 1, y, -1, 1, y, 1, -1, y, 1};
    }

    /** Writes a valid cache of plates "a" and "b", frames 0..frames−1. */
    private static Path writeCache(Path file, int frames) throws IOException {
        CacheCloth a = new CacheCloth("a", 4, new int[] {0, 2, 1, 0, 3, 2}, null, null);
        CacheCloth b = new CacheCloth("b", 4, new int[] {0, 2, 1, 0, 3, 2}, null, null);
        try (CacheWriter w = CacheWriter.create(file, 30, 0, List.of(a, b))) {
            for (int k = 0; k < frames; k++) {
                w.appendFrame(plateAt(k), plateAt(k));
            }
            w.finish();
        }
        return file;
    }

    /**
     * Sets coordinate y of node 2 of cloth "b" in frame 1 to NaN and stores the block's matching
     * CRC-32C. Layout (CacheFormat): frames start at headerLength (u32 at offset 12); a frame holds
     * per cloth 12·4 position bytes and a CRC over them, so frame 1 of cloth 1 starts at
     * headerLength + 2·52 + 52, and node 2's y at 4·(3·2 + 1) bytes into the block.
     */
    private static void plantNaN(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int start = b.getInt(12) + 2 * 52 + 52;
        b.putFloat(start + 4 * 7, Float.NaN);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), start, 48);
        b.putInt(start + 48, (int) crc.getValue());
        Files.write(file, b.array());
    }

    @Test
    void exportRefusesAFrameWithNaNNamingCacheFrameClothAndNode() throws IOException {
        Path cache = writeCache(tmp.resolve("nan.isocache"), 3);
        plantNaN(cache);
        String expected = "cloth: error: " + cache + ": corrupt frame 1 of cloth 'b': node 2 coordinate y is NaN\n";
        Path obj = tmp.resolve("o.obj");
        Files.writeString(obj, "previous export");
        assertEquals(2, run("export", cache.toString(), "--frame", "1", "--format", "obj", "--out", obj.toString()));
        assertEquals(expected, lastErr);
        assertEquals("previous export", Files.readString(obj), "the existing output is kept");
        for (String[] gltf : new String[][] {{"--frame", "1", "o.gltf"}, {"--frames", "0:2", "o.glb"}}) {
            Path out = tmp.resolve(gltf[2]);
            assertEquals(2, run("export", cache.toString(), gltf[0], gltf[1], "--format", "gltf", "--out",
                    out.toString()));
            assertEquals(expected, lastErr);
            assertFalse(Files.exists(out));
        }
        // frames 0 and 2 are intact and export; their bounds are numbers: frame 2 is at y = 0.2
        Path good = tmp.resolve("f2.gltf");
        assertEquals(0, run("export", cache.toString(), "--frame", "2", "--format", "gltf", "--out", good.toString()),
                lastErr);
        JsonNode min = new ObjectMapper().readTree(good.toFile()).get("accessors").get(2).get("min");
        assertEquals((float) 0.2, (float) min.get(1).asDouble(), 0f, min.toString());
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(0, s.filter(p -> p.toString().endsWith(".tmp")).count());
        }
    }

    @Test
    void bakeRefusesPositionsThatAreNotFinite() {
        double[] x = plateAt(0);
        x[4] = Double.NaN; // value 4: node 1, y
        Path file = tmp.resolve("c.isocache");
        SimulationException e = assertThrows(SimulationException.class,
                () -> Bake.requireFinite(file, 12, "sheet", x));
        assertEquals(file + ": not written: frame 12, cloth 'sheet': node 1 coordinate y is NaN"
                + " (the simulation diverged)", e.getMessage());
        x[4] = 0;
        Bake.requireFinite(file, 12, "sheet", x); // all finite: accepted
    }

    /** Makes a named pipe with mkfifo (POSIX; the build runs on Linux). */
    private static Path fifo(Path file) throws Exception {
        Process p = new ProcessBuilder("mkfifo", file.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "mkfifo failed");
        return file;
    }

    @Test
    void namedPipesAreRefusedPromptlyAsCacheAndAsOutput() throws Exception {
        // opening a pipe blocks until its other end is opened, i.e. for ever here
        Path pipe = fifo(tmp.resolve("pipe.isocache"));
        Path obj = tmp.resolve("o.obj");
        int status = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> run("export", pipe.toString(), "--frame", "0", "--format", "obj", "--out", obj.toString()));
        assertEquals(2, status);
        assertEquals("cloth: error: " + pipe + ": the bake cache is a pipe, socket or device, not a regular file\n",
                lastErr);

        Path cache = writeCache(tmp.resolve("c.isocache"), 2);
        Path outPipe = fifo(tmp.resolve("out.obj"));
        status = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> run("export", cache.toString(), "--frame", "0", "--format", "obj", "--out", outPipe.toString()));
        assertEquals(2, status);
        assertEquals("cloth: error: --out " + outPipe + ": cannot write: it is a pipe, socket or device, not a"
                + " regular file\n", lastErr);
        assertTrue(Files.exists(outPipe) && !Files.isRegularFile(outPipe), "the pipe is not replaced");
    }

    @Test
    void outputThatIsADirectoryOrTheInputIsRefused() throws IOException {
        Path cache = writeCache(tmp.resolve("c.isocache"), 2);
        byte[] before = Files.readAllBytes(cache);
        Path dir = Files.createDirectory(tmp.resolve("d.glb"));
        assertEquals(2, run("export", cache.toString(), "--frame", "0", "--format", "gltf", "--out", dir.toString()));
        assertEquals("cloth: error: --out " + dir + ": cannot write: it is a directory\n", lastErr);
        // OBJ does not require an extension: without the check the OBJ would replace the cache
        assertEquals(2, run("export", cache.toString(), "--frame", "0", "--format", "obj", "--out", cache.toString()));
        assertEquals("cloth: error: --out " + cache + ": is the cache file itself; writing it would replace the"
                + " input\n", lastErr);
        assertArrayEquals(before, Files.readAllBytes(cache));

        Path scene = tmp.resolve("s.json");
        Files.writeString(scene, LONG_SCENE);
        assertEquals(2, run("bake", scene.toString(), "--out", scene.toString()));
        assertEquals("cloth: error: --out " + scene + ": is the scene file itself; writing it would replace the"
                + " input\n", lastErr);
        assertEquals(LONG_SCENE, Files.readString(scene));
        assertEquals(2, run("bake", scene.toString(), "--out", dir.toString()));
        assertEquals("cloth: error: --out " + dir + ": cannot write: it is a directory\n", lastErr);
        // the root directory has no file name at all
        Path root = tmp.getRoot();
        assertEquals(2, run("export", cache.toString(), "--frame", "0", "--format", "gltf", "--out", root.toString()));
        assertEquals("cloth: error: " + root + ": a glTF file must end in .gltf (JSON, embedded buffer) or .glb"
                + " (binary)\n", lastErr);
    }

    @Test
    void rangesBeyondTheCacheOrTooLargeAreRefusedBeforeWriting() throws IOException {
        Path cache = writeCache(tmp.resolve("c.isocache"), 3);
        Path glb = tmp.resolve("r.glb");
        assertEquals(2, run("export", cache.toString(), "--frames", "1:999999999", "--format", "gltf", "--out",
                glb.toString()));
        assertEquals("cloth: error: " + cache + ": frame 999999999 is out of range 0..2\n", lastErr);

        // a flipbook of 10001 frames of 2 cloths is 20002 meshes, 2 more than GltfExport.MAX_MESHES = 20000
        Path many = writeCache(tmp.resolve("many.isocache"), 10_001);
        assertEquals(2, run("export", many.toString(), "--frames", "0:10000", "--flipbook", "--format", "gltf",
                "--out", glb.toString()));
        assertEquals("cloth: error: " + glb + ": 10001 frames of 2 cloths from " + many + " would make 20002 meshes,"
                + " more than the limit of 20000; export fewer frames\n", lastErr);
        assertFalse(Files.exists(glb));
    }

    @Test
    void longPathsAndArgumentsAreShortenedInMessages() throws IOException {
        // each quoted text is cut to UserFiles.MAX_SHOWN characters plus a note of what was left out,
        // so each message stays well below 2·MAX_SHOWN characters
        String longName = "x".repeat(5000);
        Path cache = writeCache(tmp.resolve("c.isocache"), 2);
        String[][] cases = {
            {"export", tmp.resolve(longName + ".isocache").toString(), "--frame", "0", "--format", "obj", "--out",
                tmp.resolve("o.obj").toString()},
            {"export", cache.toString(), "--frame", "0", "--format", longName, "--out",
                tmp.resolve("o.obj").toString()},
            {"export", cache.toString(), "--frame", "0", "--format", "gltf", "--out", tmp.resolve(longName).toString()},
            {"export", cache.toString(), longName},
            {"export", cache.toString(), "--frame", longName + ":1"},
            {"bake", tmp.resolve("s.json").toString(), "--frames", longName},
        };
        for (String[] args : cases) {
            assertEquals(2, run(args), lastErr);
            assertEquals(1, lastErr.lines().count(), lastErr);
            assertTrue(lastErr.length() < 2 * UserFiles.MAX_SHOWN, lastErr.length() + ": " + lastErr);
            assertTrue(lastErr.contains("characters)…"), lastErr);
        }
    }

    /** A PID that no running process has: that of a child that has exited. */
    private static long deadPid() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        for (int attempt = 0; attempt < 20; attempt++) {
            Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            if (ProcessHandle.of(p.pid()).isEmpty()) {
                return p.pid();
            }
        }
        throw new AssertionError("every exited child's PID was taken again at once");
    }

    @Test
    void bakeDeletesTemporaryFilesOfDeadBakesOfItsTarget() throws Exception {
        Path scene = tmp.resolve("s.json");
        Files.writeString(scene, LONG_SCENE);
        Path cache = tmp.resolve("c.isocache");
        // the bake runs in this JVM, so this PID is a live writer's: its file must stay
        Path dead = Files.writeString(tmp.resolve(".c.isocache." + deadPid() + ".1f2e3d.tmp"), "partial");
        Path live = Files.writeString(tmp.resolve(".c.isocache." + ProcessHandle.current().pid() + ".4c5b.tmp"), "x");
        assertEquals(0, run("bake", scene.toString(), "--out", cache.toString(), "--frames", "0:2"), lastErr);
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(Stream.of(live, cache, scene).sorted().toList(), s.sorted().toList());
        }
        assertFalse(Files.exists(dead));
    }

    /**
     * Bakes LONG_SCENE over an existing cache in a separate JVM, stops it with a signal while it
     * writes frames, and checks that it ended cleanly: its status is 128 + the signal number (the
     * JVM's exit after shutdown hooks), standard error holds only progress lines and, if the bake
     * thread got that far before the JVM halted, the one-line interruption message; no temporary
     * file is left; the previous cache is byte for byte the same.
     */
    private void interruptBake() throws Exception {
        Path scene = tmp.resolve("long.json");
        Files.writeString(scene, LONG_SCENE);
        Path target = tmp.resolve("x.isocache");
        assertEquals(0, run("bake", scene.toString(), "--out", target.toString(), "--frames", "0:3"), lastErr);
        byte[] before = Files.readAllBytes(target);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path err = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "bake", scene.toString(), "--out", target.toString())
                .redirectError(err.toFile()).redirectOutput(tmp.resolve("out.txt").toFile()).start();
        try {
            String prefix = ".x.isocache." + p.pid() + ".";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            boolean writing = false;
            while (!writing && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(20);
                try (Stream<Path> s = Files.list(tmp)) {
                    writing = s.anyMatch(f -> f.getFileName().toString().startsWith(prefix) && size(f) > 50_000);
                }
            }
            assertTrue(writing, "the bake never wrote frames: " + Files.readString(err));
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the bake did not stop");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(143, p.exitValue()); // 128 + SIGTERM (15)
        String interrupted = "cloth: error: bake interrupted; " + target + " was not written (an existing file of that"
                + " name is unchanged)";
        for (String line : Files.readAllLines(err)) {
            assertTrue(line.startsWith("bake long: ") || line.equals(interrupted), Files.readString(err));
        }
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList());
        }
        assertArrayEquals(before, Files.readAllBytes(target));
    }

    @Test
    void aSignalStopsABakeCleanly() throws Exception {
        // SIGTERM, and Ctrl-C's SIGINT alike, make the JVM run its shutdown hooks while the bake
        // thread goes on; SIGTERM is sent because a test run in the background ignores SIGINT
        interruptBake();
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0;
        }
    }
}
