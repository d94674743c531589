package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.isocloth.cli.SceneRun;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collision sample scenes, run in full with coupled collisions: in every frame no cloth node is
 * inside a collider ({@code penetrations}, an exact inside test), no two triangles of the subdivided
 * mesh that share no node intersect ({@code self_intersections}, exact), and every
 * inextensibility constraint is within the material's tolerance (0.001).
 */
class CollisionScenesTest {
    private static final Path SCENES = Path.of("src/main/resources/isocloth/scenes");

    @TempDir
    Path tmp;

    private List<String[]> run(String scene, int frames) throws IOException {
        SceneSpec spec = SceneReader.read(SCENES.resolve(scene));
        if (frames > 0) {
            spec = new SceneSpec(spec.name(), spec.file(), spec.fps(), frames, spec.substeps(), spec.gravity(),
                    spec.solver(), spec.cloths(), spec.colliders());
        }
        Path out = tmp.resolve(scene);
        new SceneRun(spec).run(out, 0);
        List<String> lines = Files.readAllLines(out.resolve("metrics.csv"));
        assertEquals(SceneRun.HEADER, lines.get(0));
        List<String[]> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            rows.add(l.split(","));
        }
        assertEquals(spec.frames() + 1, rows.size());
        return rows;
    }

    private static int col(String name) {
        return List.of(SceneRun.HEADER.split(",")).indexOf(name);
    }

    private void assertClean(String scene) throws IOException {
        for (String[] r : run(scene, 0)) {
            String where = scene + " frame " + r[0];
            assertEquals("0", r[col("penetrations")], where + ": penetrations");
            assertEquals("0", r[col("self_intersections")], where + ": self-intersections");
            assertTrue(Double.parseDouble(r[col("red_strain")]) <= 1e-3, where + ": red strain " + r[col("red_strain")]);
        }
    }

    @Test
    void sheetSlidesDownTheInclineCleanly() throws IOException {
        assertClean("incline-slide.json");
    }

    @Test
    void stiffSheetOnABallCoupledHoldsTheStrainBound() throws IOException {
        assertClean("ball-stiff-coupled.json");
    }

    @Test
    void fastProjectileIsCaughtByThePinnedSheet() throws IOException {
        // A 5 cm ball at 20 m/s (8.3 cm per step at 240 steps/s) hits the sheet 12 cm above its
        // free bottom edge; the sheet whips around the ball and folds onto itself behind it.
        assertClean("projectile.json");
    }

    @Test
    void staggeredCollisionsStretchTheStiffSheet() throws IOException {
        // The thesis's Fig. 4.2 contrast: collision response applied after the projection moves
        // nodes out of the ball without regard to the constraints. Over the first 30 frames the
        // staggered run's red strain exceeds ten times the tolerance (measured: 12 % by frame 10),
        // where the coupled run above stays within it.
        double worst = 0;
        for (String[] r : run("ball-stiff-staggered.json", 30)) {
            worst = Math.max(worst, Double.parseDouble(r[col("red_strain")]));
        }
        assertTrue(worst > 1e-2, "staggered worst red strain " + worst);
    }
}
