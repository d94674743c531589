package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code cloth run} leaves behind when things go wrong: a run whose frames fail says so in
 * summary.json and its exit status; a damaged checkpoint or metrics file is refused; a run
 * stopped while publishing, or stopped with its rest mesh lost, is finished by {@code --resume}
 * into the uninterrupted run's outputs; leftovers of killed runs are cleaned.
 */
class RunIntegrityTest {
    @TempDir
    Path tmp;

    /** A 6×6-cell sheet falling for 12 frames: cheap and deterministic. */
    private static final String SHEET = """
            { "name": "fall", "fps": 60, "frames": 12, "gravity": [0, -9.81, 0],
              "solver": { "integrator": "BDF2", "maxIterations": 20 },
              "cloths": [ { "mesh": { "grid": { "size": [0.3, 0.3], "cells": [6, 6], "center": [0, 1, 0],
                                                "normal": [0, 0, 1], "uAxis": [1, 0, 0] } },
                            "material": { "density": 0.2, "bendingStiffness": 1e-4 },
                            "pins": [ { "box": { "min": [-1, 1.14, -1], "max": [1, 1.16, 1] } } ] } ] }
            """;

    @AfterEach
    void noHook() {
        RunDirectory.afterMove = null;
    }

    private String lastErr = "";

    private int cli(String... args) {
        CliRuns.Call c = CliRuns.call(args);
        lastErr = c.err();
        return c.status();
    }

    private Path write(String name, String json) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, json);
        return p;
    }

    private static JsonNode summary(Path out) throws IOException {
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    }

    @Test
    void aRunThatExplodesThroughAColliderEndsWithStatus3() throws IOException {
        // A ball of radius 0.2 m shot at 1000 m/s into a hanging sheet with staggered collisions:
        // it starts 16.62 m away and in one 1/60 s frame moves 16.67 m, so frame 1 ends with the
        // ball 5 cm past the sheet's plane, through the sheet, and later frames drag the sheet
        // after it. No response can keep up, and the run must not end as a success: exit status
        // 3, a line counting the failed frames, and summary.json's outcome "failed" with the same
        // count as the metrics rows that fail (nodes inside, crossings, or red strain above 10×
        // the 0.001 tolerance).
        Path scene = write("shot.json", """
                { "name": "shot", "fps": 60, "frames": 4, "gravity": [0, -9.81, 0],
                  "solver": { "integrator": "BE", "maxIterations": 20, "collisions": "staggered" },
                  "cloths": [ { "mesh": { "grid": { "size": [0.6, 0.6], "cells": [8, 8], "center": [0, 0, 0],
                                                    "normal": [0, 0, 1], "uAxis": [1, 0, 0] } },
                                "material": { "density": 0.2, "bendingStiffness": 1e-4 },
                                "pins": [ { "box": { "min": [-1, 0.29, -1], "max": [1, 0.31, 1] } } ] } ],
                  "colliders": [ { "sphere": { "center": [0, 0, -16.62], "radius": 0.2 },
                                   "motion": { "velocity": [0, 0, 1000] } } ] }
                """);
        Path out = tmp.resolve("shot");
        int status = cli("run", scene.toString(), "--out", out.toString());
        JsonNode s = summary(out);
        List<String[]> rows = rows(out);
        int failed = 0;
        for (String[] r : rows) {
            boolean bad = Integer.parseInt(r[9]) > 0 || Integer.parseInt(r[10]) > 0 || Double.parseDouble(r[3]) > 0.01;
            failed += bad ? 1 : 0;
        }
        assertTrue(failed > 0, "the ball tears through the sheet");
        assertEquals(Main.FAILED_FRAMES, status, lastErr);
        assertTrue(lastErr.contains("\ncloth: run failed its checks: " + failed + " of 4 frames failed"), lastErr);
        assertEquals("failed", s.get("outcome").asText());
        assertEquals(failed, s.get("failedFrames").asInt());
        assertEquals(0.01, s.get("strainBound").asDouble(), 1e-15, "10 × the default tolerance 0.001");
    }

    @Test
    void framesAtTheIterationCapAreReportedButDoNotFailTheRun() throws IOException {
        // With maxIterations 1 some steps of the falling sheet end at the cap (a step whose first
        // iterate is not already within the tolerance needs a second iteration). summary.json
        // counts exactly the metrics rows with converged=false, and standard error says so, but
        // while every frame stays within 10× the tolerance the run succeeds.
        Path scene = write("capped.json", SHEET.replace("\"maxIterations\": 20", "\"maxIterations\": 1"));
        Path out = tmp.resolve("capped");
        int status = cli("run", scene.toString(), "--out", out.toString());
        List<String[]> rows = rows(out);
        long unconverged = rows.stream().filter(r -> r[8].equals("false")).count();
        double worstRed = rows.stream().mapToDouble(r -> Double.parseDouble(r[3])).max().orElse(0);
        assertTrue(unconverged > 0, "the cap of 1 iteration is reached");
        assertEquals(unconverged, summary(out).get("unconvergedFrames").asLong());
        if (worstRed <= 0.01) {
            assertEquals(0, status, lastErr);
            assertEquals("unconverged", summary(out).get("outcome").asText());
            assertTrue(lastErr.contains("cloth: warning: " + unconverged + " of 12 frames ended a step at the "
                    + "iteration cap"), lastErr);
        } else {
            assertEquals(Main.FAILED_FRAMES, status, lastErr);
        }
    }

    @Test
    void aCleanRunIsOk() throws IOException {
        Path out = tmp.resolve("clean");
        assertEquals(0, cli("run", write("fall.json", SHEET).toString(), "--out", out.toString()), lastErr);
        JsonNode s = summary(out);
        assertEquals("ok", s.get("outcome").asText());
        assertEquals(0, s.get("failedFrames").asInt());
        assertEquals(-1, s.get("firstFailedFrame").asInt());
        assertEquals("", lastErr.lines().filter(l -> l.startsWith("cloth:")).findFirst().orElse(""));
    }

    private static List<String[]> rows(Path out) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("metrics.csv")).subList(2, Files.readAllLines(
                out.resolve("metrics.csv")).size())) {
            rows.add(line.split(","));
        }
        return rows;
    }

    /** Runs the sheet checkpointed every 2 frames and stops it after {@code frame}. */
    private Path killedAfter(Path scene, Path out, int frame) throws IOException {
        SceneRun run = new SceneRun(SceneReader.read(scene));
        run.setFrameListener(f -> {
            if (f == frame) {
                throw new IllegalStateException("killed");
            }
        });
        assertThrows(IllegalStateException.class, () -> run.run(out, 4, 2, false));
        return out.resolve(SceneRun.PARTIAL);
    }

    @Test
    void aDamagedCheckpointOrMetricsFileIsRefused() throws IOException {
        Path scene = write("fall.json", SHEET);
        Path out = tmp.resolve("out");
        Path partial = killedAfter(scene, out, 7);
        Path checkpoint = partial.resolve("checkpoint.bin");
        byte[] saved = Files.readAllBytes(checkpoint);

        // one bit flipped in the middle of the positions: the CRC-32 of the file no longer matches
        byte[] flipped = saved.clone();
        flipped[flipped.length / 2] ^= 0x10;
        Files.write(checkpoint, flipped);
        assertEquals(2, cli("run", scene.toString(), "--out", out.toString(), "--resume"));
        assertTrue(lastErr.contains("checkpoint.bin") && lastErr.contains("damaged"), lastErr);
        assertEquals(1, lastErr.lines().count(), lastErr);

        // the checkpoint intact, but a digit of metrics.csv changed before the checkpoint's length
        Files.write(checkpoint, saved);
        Path metrics = partial.resolve("metrics.csv");
        String m = Files.readString(metrics);
        int at = m.indexOf('\n', m.indexOf('\n') + 1) + 1; // start of frame 1's row
        Files.writeString(metrics, m.substring(0, at) + (m.charAt(at) == '1' ? '2' : '1') + m.substring(at + 1));
        assertEquals(2, cli("run", scene.toString(), "--out", out.toString(), "--resume"));
        assertTrue(lastErr.contains("metrics.csv") && lastErr.contains("checksum"), lastErr);

        // both back: the run finishes
        Files.writeString(metrics, m);
        assertEquals(0, cli("run", scene.toString(), "--out", out.toString(), "--resume"), lastErr);
        assertFalse(Files.exists(partial));
    }

    @Test
    void aRunStoppedWhilePublishingOrWithoutItsRestMeshIsFinishedByResume() throws IOException {
        Path scene = write("fall.json", SHEET);
        Path straight = tmp.resolve("straight");
        new SceneRun(SceneReader.read(scene)).run(straight, 4);

        // stopped after 7 frames, then its rest.obj lost: resume writes it again
        Path out = tmp.resolve("out");
        Path partial = killedAfter(scene, out, 7);
        Files.delete(partial.resolve("rest.obj"));
        // stopped again while publishing, after the first output moved into place
        RunDirectory.afterMove = () -> {
            throw new IllegalStateException("killed while publishing");
        };
        assertThrows(IllegalStateException.class,
                () -> new SceneRun(SceneReader.read(scene)).run(out, 4, 2, true));
        RunDirectory.afterMove = null;
        assertTrue(Files.exists(partial.resolve(RunDirectory.COMPLETE)));
        // starting afresh is refused, resuming finishes the publish
        assertEquals(2, cli("run", scene.toString(), "--out", out.toString(), "--checkpoint-every", "2"));
        assertTrue(lastErr.contains("holds an unfinished run"), lastErr);
        assertEquals(0, cli("run", scene.toString(), "--out", out.toString(), "--resume", "--obj-every", "4"), lastErr);
        assertFalse(Files.exists(partial));
        assertSameOutputs(straight, out);
    }

    /** Every output file of both runs byte for byte, metrics.csv but its wall-time column. */
    static void assertSameOutputs(Path straight, Path out) throws IOException {
        List<String> names;
        try (Stream<Path> s = Files.walk(straight)) {
            names = s.filter(Files::isRegularFile).map(p -> straight.relativize(p).toString()).sorted().toList();
        }
        List<String> got;
        try (Stream<Path> s = Files.walk(out)) {
            got = s.filter(Files::isRegularFile).map(p -> out.relativize(p).toString()).sorted().toList();
        }
        assertEquals(names, got);
        for (String n : names) {
            if (n.equals("metrics.csv")) {
                assertEquals(ResumeTest.metricsWithoutTime(straight.resolve(n)),
                        ResumeTest.metricsWithoutTime(out.resolve(n)));
            } else {
                assertArrayEquals(Files.readAllBytes(straight.resolve(n)), Files.readAllBytes(out.resolve(n)), n);
            }
        }
    }

    @Test
    void killedAtRandomMomentsAndResumedTheRunEndsAsIfUninterrupted() throws Exception {
        // `cloth run --checkpoint-every 1` of 300 frames in a separate JVM, killed with SIGKILL
        // (no shutdown hook, no cleanup) and started again, with --resume once a checkpoint or a
        // publish marker exists, until a call finishes: first at a random moment of start-up
        // (before any checkpoint), then each time once metrics.csv has reached a seeded random
        // frame (mid-frame, mid-checkpoint), then as soon as the publish marker appears. Every
        // output file must equal the uninterrupted run's, metrics.csv but its wall-time column,
        // and no working directory may be left.
        Path scene = write("long.json", SHEET.replace("\"frames\": 12", "\"frames\": 300"));
        Path straight = tmp.resolve("straight");
        new SceneRun(SceneReader.read(scene)).run(straight, 5);
        Path out = tmp.resolve("killed");
        Path partial = out.resolve(SceneRun.PARTIAL);
        java.util.Random random = new java.util.Random(20261127);
        int kills = 0;
        int target = 0;
        for (int attempt = 0; attempt < 12; attempt++) {
            boolean resume = Files.exists(partial.resolve("checkpoint.bin"))
                    || Files.exists(partial.resolve(RunDirectory.COMPLETE));
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-cp", System.getProperty("java.class.path"), "org.isocloth.cli.Main", "run",
                    scene.toString(), "--out", out.toString(), "--obj-every", "5", "--checkpoint-every", "1"));
            if (resume) {
                cmd.add("--resume");
            }
            Path log = tmp.resolve("log-" + attempt + ".txt");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean killed = false;
            if (attempt == 0) {
                killed = !p.waitFor(50 + random.nextInt(300), java.util.concurrent.TimeUnit.MILLISECONDS);
            } else if (attempt <= 6) {
                target = target + 1 + random.nextInt(45); // frames 1–270 in six kills
                int rows = 2 + target;
                killed = waitFor(p, () -> lines(partial.resolve("metrics.csv")) >= rows);
            } else if (attempt == 7) {
                killed = waitFor(p, () -> Files.exists(partial.resolve(RunDirectory.COMPLETE)));
            }
            if (killed) {
                p.destroyForcibly().waitFor();
                kills++;
                continue;
            }
            assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the call finishes");
            assertEquals(0, p.exitValue(), Files.readString(log));
            break;
        }
        assertTrue(kills >= 4, "the run was killed at least 4 times (" + kills + ")");
        assertFalse(Files.exists(partial));
        assertSameOutputs(straight, out);
    }

    /** Polls until {@code condition} holds (true) or the process ends (false). */
    private static boolean waitFor(Process p, java.util.function.BooleanSupplier condition)
            throws InterruptedException {
        while (p.isAlive()) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(1);
        }
        return false;
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file).lines().count() : 0;
        } catch (IOException e) {
            return 0; // being replaced at this moment: try again
        }
    }

    @Test
    void leftoversOfKilledRunsAreDeletedAndAnEmptyOutIsRefused() throws IOException {
        Path scene = write("fall.json", SHEET);
        Path out = tmp.resolve("out");
        Files.createDirectories(out);
        long dead = deadPid();
        Path stale = Files.createDirectories(out.resolve(".staging-" + dead + "-1f"));
        Files.writeString(stale.resolve("metrics.csv"), "half");
        Path other = Files.createDirectories(out.resolve(".staging-notapid-1f"));
        assertEquals(0, cli("run", scene.toString(), "--out", out.toString()), lastErr);
        assertFalse(Files.exists(stale), "the killed process's staging directory is deleted");
        assertTrue(Files.exists(other), "a directory not named by a process is left alone");

        assertEquals(2, cli("run", scene.toString(), "--out", ""));
        assertTrue(lastErr.startsWith("cloth: error: --out: empty"), lastErr);
    }

    /** A process id that no running process has. */
    private static long deadPid() {
        for (long pid = 4_000_000; pid > 1000; pid -= 997) {
            if (ProcessHandle.of(pid).isEmpty()) {
                return pid;
            }
        }
        throw new IllegalStateException("no free process id found");
    }
}
