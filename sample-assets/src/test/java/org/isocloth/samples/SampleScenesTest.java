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

/** Every shipped scene reads, builds, and takes its first frame within its strain tolerance. */
class SampleScenesTest {
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
}
