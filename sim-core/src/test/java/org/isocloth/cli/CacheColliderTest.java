package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheWriter;
import org.isocloth.collision.MeshCollider;
import org.isocloth.collision.MeshColliderFiles;
import org.isocloth.mesh.ObjReader;
import org.isocloth.mesh.TriMesh;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bake cache as an animated collider ({@code {"cache": {"path", "loop"}}}). */
class CacheColliderTest {
    @TempDir
    Path tmp;

    /** A 2 m square plate (two triangles) at height y(f) = heights[f], one cache frame each. */
    private Path plate(double fps, double... heights) throws IOException {
        Path file = tmp.resolve("plate.isocache");
        int[] tri = {0, 2, 1, 0, 3, 2}; // counter-clockwise seen from +y
        try (CacheWriter w = CacheWriter.create(file, fps, 0, List.of(new CacheCloth("plate", 4, tri, null, null)))) {
            for (double y : heights) {
                w.appendFrame(new double[] {-1, y, -1, 1, y, -1, 1, y, 1, -1, y, 1});
            }
            w.finish();
        }
        return file;
    }

    private static double heightAt(MeshCollider m, double t) {
        m.setInterval(t, t);
        return m.endPositions()[1];
    }

    @Test
    void keyframesAreHeldOrLooped() throws IOException {
        // Frames at y = 0, 0.1, 0.2, 0.3 and 10 fps: frame k at t = k/10. Held: t = 0.35 is past
        // the last frame (t = 0.3), so y = 0.3. Looped (period 4 frames = 0.4 s): t = 0.35 lies
        // halfway from frame 3 (0.3) to frame 0 again (0): y = 0.15; t = 0.45 ≡ 0.05: halfway
        // from frame 0 to 1, y = 0.05; t = 0.8 ≡ 0: y = 0. Cache positions are float32, hence 1e-7.
        Path file = plate(10, 0, 0.1, 0.2, 0.3);
        MeshCollider held = MeshColliderFiles.fromCache("held", file, false);
        assertEquals(0.3, heightAt(held, 0.35), 1e-7);
        assertEquals(0.2, heightAt(held, 0.2), 1e-7);
        MeshCollider looped = MeshColliderFiles.fromCache("looped", file, true);
        assertEquals(0.15, heightAt(looped, 0.35), 1e-7);
        assertEquals(0.05, heightAt(looped, 0.45), 1e-7);
        assertEquals(0.0, heightAt(looped, 0.8), 1e-7);
        assertEquals(0.15, heightAt(looped, 0.15), 1e-7);
    }

    @Test
    void anIntroPlaysOnceThenTheCycleRepeats() throws IOException {
        // Frames at y = 0, 0.1, 0.2, 0.3, 0.4 and 10 fps, the cycle from t = 0.2 s (frame 2): the
        // intro (frames 0, 1) plays once, then frames 2, 3, 4 repeat with a period of 0.3 s, frame
        // 4 followed by frame 2 one interval later. So t = 0.15 is in the intro, y = 0.15; t = 0.45
        // lies halfway from frame 4 (0.4) to frame 2 (0.2): y = 0.3; t = 0.5 ≡ 0.2: y = 0.2;
        // t = 0.85 ≡ 0.25: halfway from frame 2 to 3, y = 0.25; before t = 0 frame 0 is held.
        Path file = plate(10, 0, 0.1, 0.2, 0.3, 0.4);
        MeshCollider m = MeshColliderFiles.fromCache("walk-on", file, true, 0.2);
        assertEquals(2, m.loopStartFrame());
        assertEquals(0.15, heightAt(m, 0.15), 1e-7);
        assertEquals(0.3, heightAt(m, 0.45), 1e-7);
        assertEquals(0.2, heightAt(m, 0.5), 1e-7);
        assertEquals(0.25, heightAt(m, 0.85), 1e-7);
        assertEquals(0.0, heightAt(m, -1), 1e-7);
        // the scene field: read, written back, and played the same way by cloth run
        Files.writeString(tmp.resolve("scene.json"), """
                { "name": "intro", "fps": 10, "frames": 2,
                  "cloths": [ { "mesh": { "grid": { "size": [0.3, 0.3], "cells": [2, 2], "center": [0, 1, 0] } } } ],
                  "colliders": [ { "name": "plate", "cache": { "path": "plate.isocache", "loop": true, "loopFrom": 0.2 } } ] }
                """);
        var spec = SceneReader.read(tmp.resolve("scene.json"));
        assertTrue(SceneWriter.toJson(spec).contains("\"loopFrom\": 0.2"), SceneWriter.toJson(spec));
        MeshCollider run = (MeshCollider) SceneRun.buildCollider(spec.colliders().get(0));
        assertEquals(0.3, heightAt(run, 0.45), 1e-7);
    }

    @Test
    void sheetRidesOnARisingCachedPlatform() throws IOException {
        // The plate rises at 0.2 m/s for 1 s (31 frames at 30 fps, y = 0.2·k/30), under a 0.3 m
        // sheet resting 5 mm above it. The sheet is carried up: at the end it lies on the plate at
        // y = 0.2 m, every node within [0.2, 0.2 + 4 mm thickness + 2 mm], none below it (an open
        // plate has no inside for the `penetrations` column, so the heights are checked directly),
        // and the red strain stays within 0.001 in every frame.
        double[] h = new double[31];
        for (int k = 0; k < h.length; k++) {
            h[k] = 0.2 * k / 30;
        }
        plate(30, h);
        Files.writeString(tmp.resolve("scene.json"), """
                { "name": "lift", "fps": 60, "frames": 60,
                  "cloths": [ { "mesh": { "grid": { "size": [0.3, 0.3], "cells": [6, 6], "center": [0, 0.005, 0] } },
                                "material": { "density": 0.2, "bendingStiffness": 1e-5, "thickness": 0.004 } } ],
                  "colliders": [ { "name": "platform", "cache": { "path": "plate.isocache" } } ] }
                """);
        var spec = SceneReader.read(tmp.resolve("scene.json"));
        Path out = tmp.resolve("out");
        new SceneRun(spec).run(out, 0);
        TriMesh fin = ObjReader.read(out.resolve("final.obj")).mesh;
        for (int i = 0; i < fin.vertexCount(); i++) {
            double y = fin.positions[3 * i + 1];
            assertTrue(y >= 0.2 - 1e-6 && y <= 0.206, "node " + i + " at y = " + y);
        }
        List<String> rows = Files.readAllLines(out.resolve("metrics.csv"));
        for (String r : rows.subList(1, rows.size())) {
            assertTrue(Double.parseDouble(r.split(",")[3]) <= 1e-3, r);
        }
        assertTrue(SceneWriter.toJson(spec).contains("\"path\": \"plate.isocache\""), SceneWriter.toJson(spec));
    }

    @Test
    void badCacheEntriesAreNamed() throws IOException {
        plate(10, 0, 0.1);
        Files.writeString(tmp.resolve("junk.isocache"), "not a cache");
        String sheet = "\"cloths\": [{\"mesh\": {\"grid\": {\"size\": [0.3, 0.3], \"cells\": [2, 2]}}}]";
        String[][] cases = {
            {"{\"name\": \"s\", " + sheet + ", \"colliders\": [{\"cache\": {\"path\": \"none.isocache\"}}]}",
                "colliders[0].cache.path", "no such file"},
            {"{\"name\": \"s\", " + sheet + ", \"colliders\": [{\"cache\": {\"path\": \"plate.isocache\", \"loop\": 1}}]}",
                "colliders[0].cache.loop", "expected true or false"},
            {"{\"name\": \"s\", " + sheet + ", \"colliders\": [{\"cache\": {\"path\": \"plate.isocache\"},"
                + " \"motion\": {\"velocity\": [1, 0, 0]}}]}", "colliders[0].motion", "not allowed"},
            {"{\"name\": \"s\", " + sheet + ", \"colliders\": [{\"cache\": {\"path\": \"junk.isocache\"}}]}",
                "junk.isocache", ""},
            {"{\"name\": \"s\", " + sheet + ", \"colliders\": [{\"cache\": {\"path\": \"plate.isocache\", \"loopFrom\": 0.1}}]}",
                "colliders[0].cache.loopFrom", "needs \"loop\": true"},
            {"{\"name\": \"s\", " + sheet + ", \"colliders\": [{\"cache\": {\"path\": \"plate.isocache\", \"loop\": true,"
                + " \"loopFrom\": -1}}]}", "colliders[0].cache.loopFrom", ">= 0"},
            {"{\"name\": \"s\", " + sheet + ", \"colliders\": [{\"cache\": {\"path\": \"plate.isocache\", \"loop\": true,"
                + " \"loopFrom\": 0.1, \"model\": \"Models/Jaime/Jaime.j3o\"}}]}", "colliders[0].cache.loopFrom", "not with"},
            // two frames at 10 fps: the last frame is at 0.1 s, and a cycle needs two frames
            {"{\"name\": \"s\", " + sheet + ", \"colliders\": [{\"cache\": {\"path\": \"plate.isocache\", \"loop\": true,"
                + " \"loopFrom\": 0.1}}]}", "plate.isocache", "before the cache's last frame"},
        };
        CliRuns.assertAllRefused(tmp, cases);
    }
}
