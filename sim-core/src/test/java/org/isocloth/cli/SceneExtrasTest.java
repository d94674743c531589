package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheWriter;
import org.isocloth.mesh.ObjReader;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.Gust;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.isocloth.scene.SceneWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scene fields that let a whole jME set-up be written as a scene file: pins attached to a moving
 * mesh collider ({@code "attach"}), gusty wind ({@code "gust"}), self-collisions per cloth, and
 * the previewer's model and clip on a cache collider.
 */
class SceneExtrasTest {
    @TempDir
    Path tmp;

    /** Angular speed of the plate about the y axis, rad/s, and its velocity, m/s. */
    private static final double OMEGA = 0.8;
    private static final double[] VELOCITY = {0.1, 0.2, 0};

    /**
     * A 0.4 m square plate at y = 1 turning about the y axis at {@link #OMEGA} and moving at
     * {@link #VELOCITY}, one cache frame per 1/30 s for 1 s.
     */
    private Path turningPlate() throws IOException {
        Path file = tmp.resolve("plate.isocache");
        double[] corners = {-0.2, 1, -0.2, 0.2, 1, -0.2, 0.2, 1, 0.2, -0.2, 1, 0.2};
        int[] tri = {0, 2, 1, 0, 3, 2};
        try (CacheWriter w = CacheWriter.create(file, 30, 0, List.of(new CacheCloth("plate", 4, tri, null, null)))) {
            for (int k = 0; k <= 30; k++) {
                w.appendFrame(moved(corners, k / 30.0));
            }
            w.finish();
        }
        return file;
    }

    /** Points rotated by OMEGA·t about the y axis through the origin, then moved by VELOCITY·t. */
    private static double[] moved(double[] p, double t) {
        double c = Math.cos(OMEGA * t);
        double s = Math.sin(OMEGA * t);
        double[] out = new double[p.length];
        for (int i = 0; i < p.length; i += 3) {
            out[i] = c * p[i] + s * p[i + 2] + VELOCITY[0] * t;
            out[i + 1] = p[i + 1] + VELOCITY[1] * t;
            out[i + 2] = -s * p[i] + c * p[i + 2] + VELOCITY[2] * t;
        }
        return out;
    }

    @Test
    void attachedPinsMoveRigidlyWithTheirCollider() throws IOException {
        // A 0.3 m curtain (normal z) hangs from its top edge (y = 0.95), attached to the plate
        // 5 cm above it. The plate's corners move rigidly, so the best-fit rigid motion of any
        // of them is the plate's motion itself: after 1 s (frame 30, which is also cache frame
        // 30, so no interpolation) every pinned node must sit at moved(rest, 1 s) up to the
        // cache's float32 rounding (1e-6 m). The curtain between them swings, within its strain
        // tolerance in every frame.
        turningPlate();
        Files.writeString(tmp.resolve("scene.json"), """
                { "name": "carried", "fps": 30, "frames": 30, "substeps": 2,
                  "cloths": [ { "mesh": { "grid": { "size": [0.3, 0.3], "cells": [6, 6], "center": [0, 0.8, 0],
                                                    "normal": [0, 0, 1], "uAxis": [1, 0, 0] } },
                                "pins": [ { "box": { "min": [-1, 0.949, -1], "max": [1, 0.951, 1] }, "attach": "plate" } ] } ],
                  "colliders": [ { "name": "plate", "cache": { "path": "plate.isocache" } } ] }
                """);
        SceneSpec spec = SceneReader.read(tmp.resolve("scene.json"));
        Path out = tmp.resolve("out");
        new SceneRun(spec).run(out, 0);
        TriMesh rest = ObjReader.read(out.resolve("rest.obj")).mesh;
        TriMesh fin = ObjReader.read(out.resolve("final.obj")).mesh;
        int pinned = 0;
        for (int i = 0; i < rest.vertexCount(); i++) {
            double[] p = {rest.positions[3 * i], rest.positions[3 * i + 1], rest.positions[3 * i + 2]};
            if (Math.abs(p[1] - 0.95) > 1e-9) {
                continue;
            }
            pinned++;
            double[] want = moved(p, 1.0);
            for (int c = 0; c < 3; c++) {
                assertEquals(want[c], fin.positions[3 * i + c], 1e-6, "pinned node " + i + " coordinate " + c);
            }
        }
        assertEquals(13, pinned, "black and red nodes of the top edge (7 + 6)");
        List<String> rows = Files.readAllLines(out.resolve("metrics.csv"));
        for (String r : rows.subList(1, rows.size())) {
            assertTrue(Double.parseDouble(r.split(",")[3]) <= 1e-3, r);
        }
        // the scene writes back as it was read
        assertEquals(spec, SceneReader.parse(SceneWriter.toJson(spec), spec.file()));
    }

    @Test
    void gustsDriveADraggedSheet() throws IOException {
        // Without gravity, a sheet with drag c = 1000 kg/(m²·s) and density ρ = 0.2 kg/m² relaxes
        // to the wind's velocity with time constant ρ/c = 0.2 ms, far below the 1/60 s step, so
        // each backward Euler step moves it by h·w(t_mid)·(1 − O(ρ/(c h)) = 1.2 %, only on the
        // first step, as it starts at rest). Over 90 steps its centroid must travel
        // Σ h·wind·(1 + a·s(t_mid)) (the gust signal taken mid-step, as the jME plugin takes it)
        // to 0.1 %, and that differs from the steady wind's travel by more than 3 %.
        String scene = """
                { "name": "gusty", "fps": 60, "frames": 90, "gravity": [0, 0, 0], "wind": [2, 0, 0],
                  "gust": { "amplitude": 0.6, "period": 1.1 },
                  "solver": { "selfCollisions": false },
                  "cloths": [ { "mesh": { "grid": { "size": [0.2, 0.2], "cells": [4, 4] } },
                                "material": { "density": 0.2, "drag": 1000 } } ] }
                """;
        Files.writeString(tmp.resolve("scene.json"), scene);
        SceneSpec spec = SceneReader.read(tmp.resolve("scene.json"));
        Path out = tmp.resolve("out");
        new SceneRun(spec).run(out, 0);
        double travelled = centroidX(ObjReader.read(out.resolve("final.obj")).mesh)
                - centroidX(ObjReader.read(out.resolve("rest.obj")).mesh);
        double h = 1.0 / 60;
        double expected = 0;
        for (int n = 0; n < 90; n++) {
            expected += h * 2 * Gust.factor((n + 0.5) * h, 0.6, 1.1);
        }
        assertEquals(expected, travelled, 1e-3 * expected);
        assertTrue(Math.abs(expected - 2 * 1.5) > 0.03 * 3, "the gusts must matter: " + expected + " vs 3 m");
        assertEquals(spec, SceneReader.parse(SceneWriter.toJson(spec), spec.file()));
    }

    private static double centroidX(TriMesh m) {
        double s = 0;
        for (int i = 0; i < m.vertexCount(); i++) {
            s += m.positions[3 * i];
        }
        return s / m.vertexCount();
    }

    @Test
    void selfCollisionsPerClothOverrideTheSolverSetting() throws IOException {
        Files.writeString(tmp.resolve("scene.json"), """
                { "name": "two", "solver": { "selfCollisions": true },
                  "cloths": [ { "name": "a", "mesh": { "grid": { "size": [0.2, 0.2], "cells": [2, 2] } }, "selfCollisions": false },
                              { "name": "b", "mesh": { "grid": { "size": [0.2, 0.2], "cells": [2, 2], "center": [0, 2, 0] } } } ] }
                """);
        SceneSpec spec = SceneReader.read(tmp.resolve("scene.json"));
        SceneRun run = new SceneRun(spec);
        assertFalse(run.cloths().get(0).solver.selfCollisions());
        assertTrue(run.cloths().get(1).solver.selfCollisions());
        String json = SceneWriter.toJson(spec);
        assertEquals(spec, SceneReader.parse(json, spec.file()));
        assertTrue(json.contains("\"selfCollisions\" : false") || json.contains("\"selfCollisions\": false"), json);
    }

    @Test
    void theCacheColliderKeepsThePreviewersModelAndClip() throws IOException {
        turningPlate();
        Files.writeString(tmp.resolve("scene.json"), """
                { "name": "shown",
                  "cloths": [ { "mesh": { "grid": { "size": [0.2, 0.2], "cells": [2, 2] } } } ],
                  "colliders": [ { "name": "jaime", "cache": { "path": "plate.isocache", "loop": true,
                                   "model": "Models/Jaime/Jaime.j3o", "clip": "Walk" } } ] }
                """);
        SceneSpec spec = SceneReader.read(tmp.resolve("scene.json"));
        var cache = (org.isocloth.scene.CacheColliderSpec) spec.colliders().get(0);
        assertEquals("Models/Jaime/Jaime.j3o", cache.model());
        assertEquals("Walk", cache.clip());
        assertEquals(spec, SceneReader.parse(SceneWriter.toJson(spec), spec.file()));
    }

    @Test
    void badAttachmentsAndGustsAreNamed() throws IOException {
        turningPlate();
        String sheet = "\"mesh\": {\"grid\": {\"size\": [0.3, 0.3], \"cells\": [2, 2]}}";
        String box = "\"box\": {\"min\": [-1, -1, -1], \"max\": [1, 1, 1]}";
        String plate = "{\"name\": \"plate\", \"cache\": {\"path\": \"plate.isocache\"}}";
        String[][] cases = {
            {"{\"cloths\": [{" + sheet + ", \"pins\": [{" + box + ", \"attach\": \"body\"}]}], \"colliders\": [" + plate + "]}",
                "cloths[0].pins[0].attach", "no collider is named \"body\""},
            {"{\"cloths\": [{" + sheet + ", \"pins\": [{" + box + ", \"attach\": \"ball\"}]}],"
                + " \"colliders\": [{\"name\": \"ball\", \"sphere\": {\"center\": [0, 0, 0], \"radius\": 0.1}}]}",
                "cloths[0].pins[0].attach", "is a \"sphere\""},
            {"{\"cloths\": [{" + sheet + ", \"pins\": [{" + box + ", \"attach\": \"plate\"}]}], \"colliders\": [" + plate + ", " + plate + "]}",
                "cloths[0].pins[0].attach", "2 colliders are named"},
            {"{\"cloths\": [{" + sheet + ", \"pins\": [{" + box + ", \"attach\": \"plate\", \"motion\": {\"velocity\": [1, 0, 0]}}]}],"
                + " \"colliders\": [" + plate + "]}", "cloths[0].pins[0].attach", "cannot be combined with \"motion\""},
            {"{\"cloths\": [{" + sheet + ", \"pins\": [{" + box + ", \"attach\": 3}]}]}", "cloths[0].pins[0].attach", "expected a string"},
            {"{\"gust\": {\"amplitude\": 1.5}, \"cloths\": [{" + sheet + "}]}", "gust.amplitude", "1.5"},
            {"{\"gust\": {\"period\": 1}, \"cloths\": [{" + sheet + "}]}", "gust", "amplitude"},
            {"{\"gust\": {\"amplitude\": 0.5, \"period\": 0}, \"cloths\": [{" + sheet + "}]}", "gust.period", "0"},
            {"{\"gust\": {\"amplitude\": 0.5, \"speed\": 1}, \"cloths\": [{" + sheet + "}]}", "gust.speed", "unknown"},
            {"{\"cloths\": [{" + sheet + ", \"selfCollisions\": \"no\"}]}", "cloths[0].selfCollisions", "expected true or false"},
            {"{\"cloths\": [{" + sheet + "}], \"colliders\": [{\"cache\": {\"path\": \"plate.isocache\", \"clip\": \"Walk\"}}]}",
                "colliders[0].cache.clip", "needs a \"model\""},
        };
        CliRuns.assertAllRefused(tmp, cases);
    }
}
