package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.asset.DesktopAssetManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.isocloth.InputException;
import org.isocloth.cache.CacheReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CharacterBake}: Jaime's walk baked into caches that scene files play as colliders. */
class CharacterBakeTest {
    @TempDir
    Path tmp;

    private static double maxX(float[] p) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < p.length; i += 3) {
            m = Math.max(m, p[i]);
        }
        return m;
    }

    private static double maxMove(float[] a, float[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i += 3) {
            double dx = a[i] - b[i];
            double dy = a[i + 1] - b[i + 1];
            double dz = a[i + 2] - b[i + 2];
            m = Math.max(m, Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return m;
    }

    @Test
    void walkCycleLoopsAndTheBindPoseBakeStartsInTheTPose() throws IOException {
        DesktopAssetManager assets = new DesktopAssetManager(true);
        // One cycle at 10 fps: Walk is 1.542 s long, so round(15.42) = 15 frames, without the
        // blend from the bind pose: the arms hang (Jaime's bind pose is a T-pose with the hands
        // 0.93 m out; walking, no vertex is farther than 0.35 m from the axis). Frame 0 must
        // follow frame 14 as smoothly as consecutive frames follow each other (the loop closes):
        // that jump is at most 1.5 × the largest jump between consecutive frames.
        Path cycle = tmp.resolve("walk.isocache");
        CharacterBake.Result r = CharacterBake.bake(assets, "Models/Jaime/Jaime.j3o", "Walk", 10, cycle);
        assertEquals(15, r.frames());
        try (CacheReader c = CacheReader.open(cycle)) {
            assertEquals(15, c.frameCount());
            assertEquals(10, c.fps());
            double consecutive = 0;
            for (int f = 0; f + 1 < 15; f++) {
                float[] a = c.readFrame(f, 0);
                assertTrue(maxX(a) < 0.35, "frame " + f + ": arms out to " + maxX(a));
                consecutive = Math.max(consecutive, maxMove(a, c.readFrame(f + 1, 0)));
            }
            double wrap = maxMove(c.readFrame(14, 0), c.readFrame(0, 0));
            assertTrue(consecutive > 0.01, "the character moves: " + consecutive);
            assertTrue(wrap <= 1.5 * consecutive, "loop jump " + wrap + " vs " + consecutive);
            assertEquals(r.vertices(), c.readFrame(0, 0).length / 3);
        }
        // 1 s from the bind pose at 10 fps: frame 0 is the T-pose (hands at 0.93 m); the blend
        // into the walk takes 1 s, so by the last frame (0.9 s) the arms are on the way down.
        Path fromBind = tmp.resolve("from-bind.isocache");
        CharacterBake.Result b = CharacterBake.bake(assets, "Models/Jaime/Jaime.j3o", "Walk", 10, 1.0, fromBind);
        assertEquals(10, b.frames());
        try (CacheReader c = CacheReader.open(fromBind)) {
            assertEquals(0.93, maxX(c.readFrame(0, 0)), 0.01);
            assertTrue(maxX(c.readFrame(9, 0)) < 0.9, "arms lowering: " + maxX(c.readFrame(9, 0)));
        }
        // bad input is named
        InputException e = assertThrows(InputException.class,
                () -> CharacterBake.bake(assets, "Models/Jaime/Jaime.j3o", "Moonwalk", 10, tmp.resolve("x.isocache")));
        assertTrue(e.getMessage().contains("Moonwalk") && e.getMessage().contains("Walk"), e.getMessage());
        e = assertThrows(InputException.class,
                () -> CharacterBake.bake(assets, "Models/Nobody.j3o", "Walk", 10, tmp.resolve("x.isocache")));
        assertTrue(e.getMessage().contains("Models/Nobody.j3o"), e.getMessage());
        assertTrue(Files.notExists(tmp.resolve("x.isocache")));
    }

    @Test
    void shippedCharacterCacheIsTheBakedOne() throws IOException {
        // the cache the shirt-walk scene plays is what CharacterBake makes (the 1 s blend from the
        // bind pose, then one Walk cycle, at 30 fps): regenerate it with CharacterBake when the
        // bake changes
        Path out = tmp.resolve("jaime.isocache");
        CharacterBake.Result r = CharacterBake.bakeBlendThenCycle(new DesktopAssetManager(true), "Models/Jaime/Jaime.j3o",
                "Walk", 30, out);
        // 30 frames of blend + round(1.542 s · 30) = 46 frames of the cycle
        assertEquals(76, r.frames());
        assertArrayEquals(Files.readAllBytes(Path.of("src/main/resources/isocloth/scenes/characters/jaime-walk-from-tpose.isocache")),
                Files.readAllBytes(out));
    }

    @Test
    void aModelFileOnDiskBakesLikeTheSameAsset() throws IOException {
        // A user's character is a file, not an asset on the class path: Jaime written to a j3o
        // file in a temporary directory and named by its path (relative to that directory, as a
        // scene's "model" is relative to the scene file) must bake to exactly the bytes the
        // class-path asset gives.
        DesktopAssetManager assets = new DesktopAssetManager(true);
        Path dir = tmp.resolve("chars");
        Files.createDirectories(dir);
        com.jme3.export.binary.BinaryExporter.getInstance().save(assets.loadModel("Models/Jaime/Jaime.j3o"),
                dir.resolve("my-jaime.j3o").toFile());
        Path fromAsset = tmp.resolve("asset.isocache");
        CharacterBake.bake(new DesktopAssetManager(true), "Models/Jaime/Jaime.j3o", "Wave", 15, fromAsset);
        DesktopAssetManager fresh = new DesktopAssetManager(true);
        String key = CharacterBake.locate(fresh, "chars/my-jaime.j3o", tmp);
        assertEquals("my-jaime.j3o", key);
        Path fromFile = tmp.resolve("file.isocache");
        CharacterBake.bake(fresh, key, "Wave", 15, fromFile);
        assertArrayEquals(Files.readAllBytes(fromAsset), Files.readAllBytes(fromFile));
        // a name that is no file stays an asset path
        assertEquals("Models/Jaime/Jaime.j3o", CharacterBake.locate(fresh, "Models/Jaime/Jaime.j3o", tmp));
    }

    @Test
    void shippedWalkCycleIsTheBakedOne() throws IOException {
        // the looping cache the showcase scene plays (showcase.json: one Walk cycle at 30 fps)
        Path out = tmp.resolve("walk.isocache");
        CharacterBake.bake(new DesktopAssetManager(true), "Models/Jaime/Jaime.j3o", "Walk", 30, out);
        assertArrayEquals(Files.readAllBytes(Path.of("src/main/resources/isocloth/scenes/characters/jaime-walk.isocache")),
                Files.readAllBytes(out));
    }
}
