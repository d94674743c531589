package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cloth run --checkpoint-every N} and {@code --resume}: an interrupted run continues exactly. */
class ResumeTest {
    @TempDir
    Path tmp;

    /**
     * A BDF2 sheet dropped onto a ball, with friction and cloth–cloth collisions: the state a
     * checkpoint must carry is all there (positions, velocities, the BDF2 history, time, collider
     * poses, contacts forming during the run).
     */
    private static final String SCENE = """
            { "name": "drop", "fps": 60, "frames": 14, "substeps": 2, "gravity": [0, -9.81, 0],
              "solver": { "integrator": "BDF2", "maxIterations": 30 },
              "cloths": [ { "mesh": { "grid": { "size": [0.3, 0.3], "cells": [6, 6], "center": [0, 0.13, 0],
                                                "normal": [0, 1, 0], "uAxis": [1, 0, 0] } },
                            "material": { "density": 0.2, "bendingStiffness": 1e-5, "friction": 0.4,
                                          "thickness": 0.003 } } ],
              "colliders": [ { "sphere": { "center": [0, 0, 0], "radius": 0.1 },
                               "motion": { "angularVelocity": [0, 2, 0] } } ] }
            """;

    private Path scene() throws IOException {
        Path p = tmp.resolve("drop.json");
        Files.writeString(p, SCENE);
        return p;
    }

    /** metrics.csv without the wall-time column (step_ms, the 8th), which differs between runs. */
    static List<String> metricsWithoutTime(Path csv) throws IOException {
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(csv)) {
            String[] c = line.split(",", -1);
            c[7] = "";
            rows.add(String.join(",", c));
        }
        return rows;
    }

    /** The reference: the scene run in one go into tmp/straight, frame files every 7 frames. */
    private Path uninterruptedRun(SceneSpec spec) throws IOException {
        Path straight = tmp.resolve("straight");
        new SceneRun(spec).run(straight, 7);
        return straight;
    }

    @Test
    void interruptedRunResumesToTheSameResult() throws IOException {
        SceneSpec spec = SceneReader.read(scene());
        Path straight = uninterruptedRun(spec);

        // The same scene, checkpointed every 3 frames and killed after frame 8 (the listener's
        // exception stands for a kill): the last checkpoint is frame 6, so frames 7 and 8 are
        // simulated twice, and the rows written for them before the kill must be replaced.
        Path out = tmp.resolve("resumed");
        SceneRun first = new SceneRun(spec);
        first.setFrameListener(f -> {
            if (f == 8) {
                throw new IllegalStateException("killed");
            }
        });
        assertThrows(IllegalStateException.class, () -> first.run(out, 7, 3, false));
        Path partial = out.resolve(SceneRun.PARTIAL);
        assertTrue(Files.isRegularFile(partial.resolve("checkpoint.bin")));
        assertFalse(Files.exists(out.resolve("final.obj")), "nothing is published before the run ends");
        assertEquals(1 + 9, Files.readAllLines(partial.resolve("metrics.csv")).size(), "header and frames 0–8");

        // Resuming in a fresh process (a new SceneRun built from the scene file).
        new SceneRun(SceneReader.read(scene())).run(out, 7, 3, true);
        assertFalse(Files.exists(partial), "the finished run removes its working directory");
        List<String> a = assertSameOutputs(straight, out);
        assertEquals(1 + 15, a.size());
        // The run really had contacts to carry across the checkpoint (the contacts column).
        assertTrue(a.stream().skip(1).anyMatch(r -> Integer.parseInt(r.substring(r.lastIndexOf(',') + 1)) > 0),
                "the sheet reaches the ball");
    }

    /**
     * Same outputs to the last digit (the checkpoint holds the whole state a step starts from):
     * final and frame positions, metrics rows but the wall time, summary. Returns those rows.
     */
    private static List<String> assertSameOutputs(Path straight, Path out) throws IOException {
        assertArrayEquals(Files.readAllBytes(straight.resolve("final.obj")), Files.readAllBytes(out.resolve("final.obj")));
        for (String frame : new String[] {"frames/frame_0007.obj", "frames/frame_0014.obj"}) {
            assertArrayEquals(Files.readAllBytes(straight.resolve(frame)), Files.readAllBytes(out.resolve(frame)), frame);
        }
        List<String> a = metricsWithoutTime(straight.resolve("metrics.csv"));
        assertEquals(a, metricsWithoutTime(out.resolve("metrics.csv")));
        assertEquals(Files.readString(straight.resolve("summary.json")), Files.readString(out.resolve("summary.json")));
        return a;
    }

    @Test
    void runDoneInPartsWithStopAfterEqualsOneRun() throws IOException {
        // A long run done in three calls (--stop-after 5, --resume --stop-after 10, --resume):
        // each part stops with a checkpoint at its last frame and publishes nothing; the result is
        // the uninterrupted run's to the last digit, frame files and metrics rows included.
        SceneSpec spec = SceneReader.read(scene());
        Path straight = uninterruptedRun(spec);

        Path out = tmp.resolve("parts");
        Path partial = out.resolve(SceneRun.PARTIAL);
        assertFalse(new SceneRun(spec).run(out, 7, 0, false, 5));
        assertEquals(1 + 6, Files.readAllLines(partial.resolve("metrics.csv")).size(), "header and frames 0–5");
        assertTrue(Files.isRegularFile(partial.resolve("checkpoint.bin")));
        assertFalse(Files.exists(out.resolve("metrics.csv")), "nothing is published before the run ends");
        // a part must end after the checkpoint it resumes from
        assertEquals(2, cli("run", scene().toString(), "--out", out.toString(), "--resume", "--stop-after", "4"));
        assertTrue(lastErr.contains("--stop-after 4: the run to resume has already reached frame 5"), lastErr);
        assertEquals(0, cli("run", scene().toString(), "--out", out.toString(), "--obj-every", "7", "--resume",
                "--stop-after", "10"),
                lastErr);
        assertEquals(1 + 11, Files.readAllLines(partial.resolve("metrics.csv")).size(), "header and frames 0–10");
        assertTrue(new SceneRun(SceneReader.read(scene())).run(out, 7, 0, true, 0));
        assertFalse(Files.exists(partial), "the finished run removes its working directory");
        assertSameOutputs(straight, out);
    }

    private String lastErr;

    private int cli(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        lastErr = err.toString(StandardCharsets.UTF_8);
        return status;
    }

    @Test
    void resumeRefusesWhatItCannotContinue() throws IOException {
        Path scene = scene();
        Path out = tmp.resolve("out");
        // nothing to resume
        assertEquals(2, cli("run", scene.toString(), "--out", out.toString(), "--resume"));
        assertTrue(lastErr.contains("nothing to resume"), lastErr);
        assertEquals(2, cli("run", scene.toString(), "--out", out.toString(), "--checkpoint-every", "0"));
        assertTrue(lastErr.contains("--checkpoint-every: expected a positive integer"), lastErr);

        // an unfinished run (killed after frame 4, checkpoint at frame 2)
        SceneRun killed = new SceneRun(SceneReader.read(scene));
        killed.setFrameListener(f -> {
            if (f == 4) {
                throw new IllegalStateException("killed");
            }
        });
        assertThrows(IllegalStateException.class, () -> killed.run(out, 0, 2, false));
        Path checkpoint = out.resolve(SceneRun.PARTIAL).resolve("checkpoint.bin");
        byte[] saved = Files.readAllBytes(checkpoint);

        // a run stopped before its first checkpoint leaves nothing behind
        Path early = tmp.resolve("early");
        SceneRun stopped = new SceneRun(SceneReader.read(scene));
        stopped.setFrameListener(f -> {
            throw new IllegalStateException("killed at frame " + f);
        });
        assertThrows(IllegalStateException.class, () -> stopped.run(early, 0, 5, false));
        assertFalse(Files.exists(early.resolve(SceneRun.PARTIAL)));

        // starting it again without --resume would throw its progress away: refused
        assertEquals(2, cli("run", scene.toString(), "--out", out.toString(), "--checkpoint-every", "2"));
        assertTrue(lastErr.contains("holds an unfinished run") && lastErr.contains("--resume"), lastErr);

        // a changed scene (heavier cloth) cannot continue this run
        Path changed = tmp.resolve("changed.json");
        Files.writeString(changed, SCENE.replace("\"density\": 0.2", "\"density\": 0.3"));
        assertEquals(2, cli("run", changed.toString(), "--out", out.toString(), "--resume"));
        assertTrue(lastErr.contains("checkpoint.bin") && lastErr.contains("different scene"), lastErr);

        // a checkpoint cut short is named and refused; the run's files are left as they were
        Files.write(checkpoint, java.util.Arrays.copyOf(saved, saved.length / 2));
        assertEquals(2, cli("run", scene.toString(), "--out", out.toString(), "--resume"));
        assertTrue(lastErr.contains("checkpoint.bin") && lastErr.contains("cut short"), lastErr);
        assertTrue(Files.exists(out.resolve(SceneRun.PARTIAL).resolve("metrics.csv")));

        // with the checkpoint back, the run finishes
        Files.write(checkpoint, saved);
        assertEquals(0, cli("run", scene.toString(), "--out", out.toString(), "--resume"), lastErr);
        assertEquals(1 + 15, Files.readAllLines(out.resolve("metrics.csv")).size());
        assertFalse(Files.exists(out.resolve(SceneRun.PARTIAL)));
    }
}
