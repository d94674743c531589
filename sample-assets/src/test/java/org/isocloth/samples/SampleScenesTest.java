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
        // a flag in gusty wind, a tablecloth on a table). Every frame: red strain within the 0.001
        // tolerance, no self-intersection, no cloth node inside a collider, every step converged.
        for (String name : new String[] {"curtain.json", "drag-pins.json", "showcase.json"}) {
            SceneSpec spec = SceneReader.read(Path.of("src/main/resources/isocloth/scenes").resolve(name));
            Path out = tmp.resolve(name);
            new org.isocloth.cli.SceneRun(spec).run(out, 0);
            List<String> lines = Files.readAllLines(out.resolve("metrics.csv"));
            List<String> header = List.of(lines.get(0).split(","));
            assertEquals(spec.frames() + 2, lines.size());
            for (String line : lines.subList(1, lines.size())) {
                String[] r = line.split(",");
                String where = name + " frame " + r[0];
                assertTrue(Double.parseDouble(r[header.indexOf("red_strain")]) <= 1e-3, where + ": " + line);
                assertEquals("0", r[header.indexOf("self_intersections")], where);
                assertEquals("0", r[header.indexOf("penetrations")], where);
                assertEquals("true", r[header.indexOf("converged")], where);
            }
        }
    }
}
