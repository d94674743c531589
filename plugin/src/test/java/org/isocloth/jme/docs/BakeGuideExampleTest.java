package org.isocloth.jme.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.asset.AssetManager;
import com.jme3.asset.DesktopAssetManager;
import com.jme3.asset.plugins.FileLocator;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheWriter;
import org.isocloth.jme.ClothMeshes;
import org.isocloth.jme.ClothPlaybackControl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The playback snippet of docs/bake.md appears verbatim (whitespace-insensitive) here, and runs. */
class BakeGuideExampleTest {
    @TempDir
    Path dir;

    @Test
    void playbackSnippetRuns() throws IOException {
        // a tiny cache: one triangle "curtain" falling 1 cm per frame for 30 frames
        Path caches = dir.resolve("Caches");
        Files.createDirectories(caches);
        try (CacheWriter w = CacheWriter.create(caches.resolve("curtain.isocache"), 60, 0,
                List.of(new CacheCloth("curtain", 3, new int[] {0, 1, 2}, null, null)))) {
            for (int k = 0; k < 30; k++) {
                w.appendFrame(new double[] {0, 1 - 0.01 * k, 0, 1, 1 - 0.01 * k, 0, 0, 1 - 0.01 * k, 1});
            }
            w.finish();
        }
        AssetManager assetManager = new DesktopAssetManager(true);
        assetManager.registerLocator(dir.toString(), FileLocator.class);
        Node rootNode = new Node("root");

        // --- snippet: playback ---
        Geometry curtain = new Geometry("curtain", ClothMeshes.grid(1, 1, 1, 1)); // any mesh: it is replaced
        ClothPlaybackControl playback = new ClothPlaybackControl(assetManager, "Caches/curtain.isocache");
        playback.setCloth("curtain");   // or setCloth(0); needed only for multi-cloth caches
        playback.setLoop(false);
        playback.setSpeed(0.5f);        // slow motion
        curtain.addControl(playback);
        rootNode.attachChild(curtain);
        // --- end of snippet ---

        curtain.setMaterial(null);
        for (int i = 0; i < 20; i++) {
            rootNode.updateLogicalState(1f / 60);
        }
        assertEquals(10, playback.getFrame()); // 20 updates at half speed
        assertEquals(0.9f, curtain.getMesh().getBound().getCenter().y, 1e-6f);

        String guide = Files.readString(Files.exists(Path.of("../docs/bake.md")) ? Path.of("../docs/bake.md")
                : Path.of("docs/bake.md"));
        String source = Files.readString(
                Path.of("src/test/java/org/isocloth/jme/docs/BakeGuideExampleTest.java"));
        String body = source.substring(source.indexOf("// --- snippet: playback ---") + 28,
                source.indexOf("// --- end of snippet ---"));
        String block = guide.substring(guide.indexOf("<!-- snippet: playback -->"));
        block = block.substring(block.indexOf("```java") + 7, block.indexOf("```", block.indexOf("```java") + 7));
        assertEquals(body.replaceAll("\\s+", " ").strip(), block.replaceAll("\\s+", " ").strip());
        assertTrue(guide.contains("ClothPlaybackControl"));
    }
}
