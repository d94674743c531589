package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.isocloth.scene.SceneCloth;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.junit.jupiter.api.Test;

/** Every shipped scene reads, builds, and takes its first frame within its strain tolerance; the collider-free ones run clean. */
class SampleScenesTest {
    @org.junit.jupiter.api.io.TempDir
    Path tmp;

    @Test
    void everySampleSceneBuildsAndStepsOnce() throws IOException {
        // Each scene's cloths are built (mesh validation, red/black model, pins that hold nodes)
        // and advanced by one frame; the first step from rest is a small motion, so it must
        // converge to the material's strain tolerance.
        Path dir = Path.of("src/main/resources/isocloth/scenes");
        List<Path> scenes;
        try (Stream<Path> s = Files.list(dir)) {
            scenes = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertTrue(scenes.size() >= 4, "scenes: " + scenes);
        for (Path file : scenes) {
            SceneSpec spec = SceneReader.read(file);
            for (var clothSpec : spec.cloths()) {
                SceneCloth cloth = new SceneCloth(spec, clothSpec);
                assertTrue(cloth.pinNodes.stream().allMatch(p -> p.length > 0), file.toString());
                cloth.setPinTargets(spec.stepDuration());
                var r = cloth.solver.step(spec.stepDuration());
                assertTrue(r.converged(), file + ": first step did not converge");
                assertTrue(r.redStrain() <= clothSpec.material().strainTolerance(), file + ": " + r);
                assertEquals(0, cloth.warnings.size(), file + ": " + cloth.warnings);
            }
        }
    }

    @Test
    void curtainDraggedSheetAndShowcaseRunCleanToTheEnd() throws IOException {
        // Sample scenes not covered elsewhere, over their whole length: the default headless run
        // (a 30×30 curtain pinned along its top edge, 120 frames, BE), a sheet dragged by moving
        // pins (25×15 cells, BDF2, 90 frames), and the previewer's default scene (showcase.json,
        // 240 frames: a cape attached to Jaime's back as Jaime walks, played from a baked cache,
        // a flag flying in the air forces, a tablecloth on a table). Every frame: red strain within the 0.001
        // tolerance, no self-intersection, no cloth node inside a collider, every step converged.
        for (String name : new String[] {"curtain.json", "drag-pins.json", "showcase.json"}) {
            assertEveryFrameClean(name, Double.POSITIVE_INFINITY);
        }
    }

    @Test
    void flagFlapsCleanInTheAirForces() throws IOException {
        // flag-aero.json: a 0.75 × 0.5 m flag of 24 × 16 cells in 6 m/s wind with the per-triangle
        // air forces (pressure drag, skin friction, turbulence of 30 % in 2 m waves; no linear
        // drag), 3 s. Every frame: red strain within 0.001, every edge of the subdivided mesh
        // within 2 % (measured 1.4 %), no self-intersection, every step converged. The flapping
        // itself is AerodynamicsTest's.
        assertEveryFrameClean("flag-aero.json", 0.02);
    }

    @Test
    void figure45DrapeMeetsTheRotatingBallClean() throws IOException {
        // The thesis's Fig. 4.5 scene (drape-rotating-ball.json: a 1 m, 100×100-cell sheet,
        // 20,000 base triangles, dropped onto a 0.3 m ball spinning at 1.5 rad/s; 100 frames/s, 8
        // steps per frame) takes hours over its 200 frames, so CI runs its first 6 frames: free
        // fall, then the first contacts with the spinning ball (203 contact nodes in frame 6,
        // measured). The sheet starts 2 cm above the top of the ball and contact begins within
        // the 4 mm thickness, after a fall of 1.6 cm: ½·g·t² reaches it at t = 0.057 s, in frame
        // 6 (t = 0.05–0.06 s). Every frame: red strain within 0.001, no node inside the ball, no
        // self-intersection, every step converged; and frame 6 has contacts.
        SceneSpec full = SceneReader.read(Path.of("src/main/resources/isocloth/scenes/drape-rotating-ball.json"));
        SceneSpec spec = new SceneSpec(full.name(), full.file(), full.fps(), 6, full.substeps(), full.gravity(),
                full.solver(), full.cloths(), full.colliders(), full.wind(), full.gust());
        List<String[]> rows = runAndCheck(spec, "drape-rotating-ball.json", Double.POSITIVE_INFINITY);
        List<String> header = List.of(Files.readAllLines(tmp.resolve("drape-rotating-ball.json").resolve("metrics.csv"))
                .get(0).split(","));
        assertTrue(Integer.parseInt(rows.get(rows.size() - 1)[header.indexOf("contacts")]) > 0,
                "the sheet reached the ball by frame 6");
    }

    @Test
    void figure45DrapeContinuesCleanFromFrame184OfTheMeasuredRun() throws IOException {
        // The full 200-frame run of drape-rotating-ball.json was measured outside CI (about 9 h;
        // docs/benchmarks.md). Its checkpoint after frame 184 ships as a test resource (the whole
        // solver state: positions, velocities, BDF2 history, time) with the metrics rows up to
        // it: the sheet hangs draped over the spinning ball, about 3,600 nodes in contact and
        // rubbing against it with friction. CI continues that run for one frame (8 steps) with
        // the code as it is now, as `cloth run --resume --stop-after 185` would, and checks the
        // frame as above: red strain within 0.001, no node inside the ball, no self-intersection,
        // every step converged, and the contact still there.
        SceneSpec full = SceneReader.read(Path.of("src/main/resources/isocloth/scenes/drape-rotating-ball.json"));
        Path out = tmp.resolve("fig45");
        Path partial = out.resolve(org.isocloth.cli.SceneRun.PARTIAL);
        Files.createDirectories(partial);
        for (String f : new String[] {"checkpoint.bin", "metrics.csv"}) {
            Files.copy(Path.of("src/test/resources/isocloth/fig45").resolve(f), partial.resolve(f));
        }
        assertTrue(!new org.isocloth.cli.SceneRun(full).run(out, 0, 0, true, 185), "stops after frame 185");
        List<String> lines = Files.readAllLines(partial.resolve("metrics.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        assertEquals(1 + 186, lines.size(), "header and frames 0–185");
        String[] r = lines.get(lines.size() - 1).split(",");
        String row = String.join(",", r);
        assertEquals("185", r[0]);
        assertTrue(Double.parseDouble(r[header.indexOf("red_strain")]) <= 1e-3, row);
        assertEquals("0", r[header.indexOf("self_intersections")], row);
        assertEquals("0", r[header.indexOf("penetrations")], row);
        assertEquals("true", r[header.indexOf("converged")], row);
        assertTrue(Integer.parseInt(r[header.indexOf("contacts")]) > 1000, "the sheet still lies on the ball: " + row);
    }

    /**
     * Runs a sample scene over its whole length and checks every frame: red strain within 0.001,
     * max strain within {@code maxStrain}, no self-intersection, no node inside a collider, every
     * step converged.
     */
    private void assertEveryFrameClean(String name, double maxStrain) throws IOException {
        runAndCheck(SceneReader.read(Path.of("src/main/resources/isocloth/scenes").resolve(name)), name, maxStrain);
    }

    /** Runs a scene into tmp/name and checks every frame as above; returns the frames' rows. */
    private List<String[]> runAndCheck(SceneSpec spec, String name, double maxStrain) throws IOException {
        Path out = tmp.resolve(name);
        new org.isocloth.cli.SceneRun(spec).run(out, 0);
        List<String> lines = Files.readAllLines(out.resolve("metrics.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        assertEquals(spec.frames() + 2, lines.size());
        List<String[]> rows = new java.util.ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] r = line.split(",");
            String where = name + " frame " + r[0];
            assertTrue(Double.parseDouble(r[header.indexOf("red_strain")]) <= 1e-3, where + ": " + line);
            assertTrue(Double.parseDouble(r[header.indexOf("max_strain")]) <= maxStrain, where + ": " + line);
            assertEquals("0", r[header.indexOf("self_intersections")], where);
            assertEquals("0", r[header.indexOf("penetrations")], where);
            assertEquals("true", r[header.indexOf("converged")], where);
            rows.add(r);
        }
        return rows;
    }

    @Test
    void twoCornerHangsRunCleanToTheEnd() throws IOException {
        // The two-corner hang, a 1 m × 1 m sheet of 40×40 cells hung from two corner
        // nodes and falling from horizontal for 2 s at 60 steps/s, over its whole length with
        // backward Euler (hang.json) and BDF2 (hang-bdf2.json), cloth–cloth collisions on (the
        // BDF2 sheet may fold onto itself late in the run: a chaotic outcome). Every frame: red strain within the
        // 0.001 tolerance, no self-intersection, every step converged within the cap of 20 that the
        // scene format documents, and every edge of the subdivided mesh within 1 % (its
        // max_strain bound). The sheet has no collider, so its steps take Newton iterations
        // (ProjectionMode.AUTO) and a step that stalls above the tolerance is halved; measured:
        // worst max_strain 0.56 % (BE, one frame halved) and 0.70 % (BDF2). With fast projection
        // throughout ("projection": "fast") 3 BDF2 frames exceeded 1 % (2.2 % worst), which this
        // bound catches.
        assertEveryFrameClean("hang.json", 0.01);
        assertEveryFrameClean("hang-bdf2.json", 0.01);
    }
}
