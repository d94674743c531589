package org.isocloth.jme.lemur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import javax.imageio.ImageIO;
import org.isocloth.jme.render.ChildRender;
import org.junit.jupiter.api.Test;

/**
 * Renders the cloth and the panel with real OpenGL ({@link ClothPanelScreenshotApp} in a child JVM,
 * under {@code xvfb-run} when there is no DISPLAY) and checks the screenshot's pixels. The PNG and
 * the child's output stay in {@code target/test-artifacts/}.
 */
class ClothPanelRenderTest {
    private static final long TIMEOUT_S = 180;
    private static final Path ARTIFACTS = ChildRender.ARTIFACTS;

    @Test
    void screenshotShowsTheClothAndThePanel() throws Exception {
        Path png = ARTIFACTS.resolve("cloth-panel.png").toAbsolutePath();
        Files.deleteIfExists(png);
        long start = System.currentTimeMillis();
        ChildRender.Result child = ChildRender.run("cloth-panel", ClothPanelScreenshotApp.class, TIMEOUT_S,
                png.toString(), "90");
        double seconds = child.seconds();
        String stdout = child.stdout();
        assertTrue(Files.exists(png), "no screenshot at " + png);
        assertTrue(Files.getLastModifiedTime(png).toMillis() >= start - 2000, "the screenshot is stale");

        BufferedImage im = ImageIO.read(png.toFile());
        int w = im.getWidth();
        int h = im.getHeight();
        assertEquals(ClothPanelScreenshotApp.WIDTH, w);
        assertEquals(ClothPanelScreenshotApp.HEIGHT, h);
        int bg = im.getRGB(w - 1, h - 1) & 0xffffff;

        // the cloth: orange pixels (lit or in shadow, r dominant, little blue), right of the panel
        int cloth = 0;
        int clothRight = 0;
        int[] box = {w, h, -1, -1};
        // the panel: it covers at least [10, 400) × [10, 400) from the top left
        int panelDiffers = 0;
        int panelGlass = 0;
        int panelText = 0;
        int panelArea = 390 * 390;
        // below the panel, left of the cloth: background only
        int emptyBackground = 0;
        int emptyArea = 400 * 100;
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int rgb = im.getRGB(x, y) & 0xffffff;
                colours.add(rgb);
                int r = rgb >> 16 & 255;
                int g = rgb >> 8 & 255;
                int b = rgb & 255;
                if (r > 150 && g >= 0.35 * r && g <= 0.85 * r && b < 0.45 * r) {
                    cloth++;
                    if (x >= 0.4 * w) {
                        clothRight++;
                        box[0] = Math.min(box[0], x);
                        box[1] = Math.min(box[1], y);
                        box[2] = Math.max(box[2], x);
                        box[3] = Math.max(box[3], y);
                    }
                }
                if (x >= 10 && x < 400 && y >= 10 && y < 400) {
                    if (distance(rgb, bg) > 24) {
                        panelDiffers++;
                    }
                    if (g > r + 15 && b > r + 15) {
                        panelGlass++;
                    }
                    if (Math.min(r, Math.min(g, b)) > 170) {
                        panelText++;
                    }
                }
                if (x < 400 && y >= h - 100 && distance(rgb, bg) <= 6) {
                    emptyBackground++;
                }
            }
        }
        String figures = String.format(Locale.ROOT,
                "child %.1f s; background #%06x; cloth %d px (%d right of 40%% width, box x %d..%d y %d..%d);"
                        + " panel region %d/%d px differ from the background, %d glass (teal), %d text (bright);"
                        + " empty corner %d/%d background; %d colours",
                seconds, bg, cloth, clothRight, box[0], box[2], box[1], box[3], panelDiffers, panelArea, panelGlass,
                panelText, emptyBackground, emptyArea, colours.size());
        Files.writeString(ARTIFACTS.resolve("cloth-panel.txt"), figures + "\n" + stdout);
        System.out.println("ClothPanelRenderTest: " + figures);

        assertTrue(cloth >= 20_000, "too few cloth pixels: " + figures);
        assertTrue(clothRight >= 0.95 * cloth, "the cloth is not right of the panel: " + figures);
        assertTrue(box[3] - box[1] >= 150 && box[2] - box[0] >= 150, "the cloth is too small: " + figures);
        assertTrue(panelDiffers >= 0.6 * panelArea, "no panel at the top left: " + figures);
        assertTrue(panelGlass >= 10_000, "the panel has no glass-style colours: " + figures);
        assertTrue(panelText >= 150, "the panel has no text: " + figures);
        assertTrue(emptyBackground >= 0.9 * emptyArea, "the background is not uniform: " + figures);
        assertTrue(colours.size() >= 200, "the image is nearly one colour: " + figures);
    }

    private static int distance(int a, int b) {
        return Math.abs((a >> 16 & 255) - (b >> 16 & 255)) + Math.abs((a >> 8 & 255) - (b >> 8 & 255))
                + Math.abs((a & 255) - (b & 255));
    }
}
