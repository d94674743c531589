package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The showcase as the previewer renders it (LWJGL under Xvfb, a child JVM per picture, 1/60 s
 * frames): the flag selected and framed by the camera, at two times, with the panels hidden and
 * shown, and an animated GIF. The pictures stay in {@code target/test-artifacts/showcase/}.
 */
class ShowcasePictureTest {
    private static final long TIMEOUT_S = 300;
    private static final Path ARTIFACTS = Paths.get("target", "test-artifacts", "showcase");

    @Test
    void theFramedFlagMovesTheCameraFillsThePictureAndThePanelHides() throws Exception {
        Files.createDirectories(ARTIFACTS);
        Path early = ARTIFACTS.resolve("flag-60.png").toAbsolutePath();
        Path late = ARTIFACTS.resolve("flag-90.png").toAbsolutePath();
        Path panel = ARTIFACTS.resolve("flag-60-panel.png").toAbsolutePath();
        Path gif = ARTIFACTS.resolve("showcase.gif").toAbsolutePath();
        render("early", "--select", "flag", "--hide-panel", "--frames", "60", "--screenshot", early.toString(),
                "--gif", gif.toString());
        render("late", "--select", "flag", "--hide-panel", "--frames", "90", "--screenshot", late.toString());
        render("panel", "--select", "flag", "--frames", "60", "--screenshot", panel.toString());

        BufferedImage a = ImageIO.read(early.toFile());
        BufferedImage b = ImageIO.read(late.toFile());
        BufferedImage c = ImageIO.read(panel.toFile());
        BufferedImage ma = ImageIO.read(FrameCapture.maskOf(early).toFile());
        BufferedImage mb = ImageIO.read(FrameCapture.maskOf(late).toFile());
        int w = a.getWidth();
        int h = a.getHeight();
        assertEquals(1280, w);
        assertEquals(720, h);
        int coverA = 0;
        int coverB = 0;
        int inside = 0;
        int changed = 0;
        int blueA = 0;
        int panelGlass = 0;
        int panelText = 0;
        int glassHidden = 0;
        int sameOutsidePanel = 0;
        int outsidePanel = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                boolean inA = (ma.getRGB(x, y) & 0xff) > 127;
                boolean inB = (mb.getRGB(x, y) & 0xff) > 127;
                coverA += inA ? 1 : 0;
                coverB += inB ? 1 : 0;
                int pa = a.getRGB(x, y);
                if (inA || inB) {
                    inside++;
                    if (distance(pa, b.getRGB(x, y)) > 40) {
                        changed++;
                    }
                }
                if (inA && isFlagBlue(pa)) {
                    blueA++;
                }
                boolean panelArea = x >= 10 && x < 430 && y >= 10 && y < 560;
                if (panelArea) {
                    int pc = c.getRGB(x, y);
                    panelGlass += isGlass(pc) ? 1 : 0;
                    panelText += isText(pc) ? 1 : 0;
                    glassHidden += isGlass(pa) ? 1 : 0;
                } else if (x >= 440 && x < 1170) {
                    // right of the panel and left of the clip list: the same scene in both pictures
                    outsidePanel++;
                    sameOutsidePanel += distance(pa, c.getRGB(x, y)) <= 2 ? 1 : 0;
                }
            }
        }
        String figures = String.format(Locale.ROOT,
                "flag covers %.1f %% / %.1f %% of the frame at frames 60 / 90 (%d px blue inside at 60); %d of %d px"
                        + " inside either silhouette changed; panel: %d glass and %d text px shown, %d glass px"
                        + " hidden; %d of %d px beside the panel equal",
                100.0 * coverA / (w * h), 100.0 * coverB / (w * h), blueA, changed, inside, panelGlass, panelText,
                glassHidden, sameOutsidePanel, outsidePanel);
        Files.writeString(ARTIFACTS.resolve("figures.txt"), figures + "\n");
        System.out.println("ShowcasePictureTest: " + figures);
        // the camera frames the selected cloth: its silhouette covers at least 15 % of the picture,
        // and most of the silhouette shows the flag's blue (the flag is in front, not hidden)
        assertTrue(coverA >= 0.15 * w * h && coverB >= 0.15 * w * h, figures);
        assertTrue(blueA >= 0.6 * coverA, figures);
        // half a second later the fluttering flag has another shape: at least a fifth of the
        // pixels inside either silhouette differ by more than 40 (of 441) in colour
        assertTrue(changed >= 0.2 * inside, figures);
        // the panel shown: its dark teal glass and light text at the top left; hidden: none of it
        assertTrue(panelGlass >= 50_000 && panelText >= 1_500, figures);
        assertTrue(glassHidden <= 0.02 * panelGlass, figures);
        // the same frame with and without the panel: the scene beside it is the same picture
        assertTrue(sameOutsidePanel >= 0.98 * outsidePanel, figures);
        // the animated GIF: 30 of the 60 frames (every second one), 640 pixels wide
        javax.imageio.ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
        try (javax.imageio.stream.ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            reader.setInput(in);
            assertEquals(30, reader.getNumImages(true));
            assertEquals(GifSequence.WIDTH, reader.getWidth(0));
        } finally {
            reader.dispose();
        }
    }

    private static boolean isFlagBlue(int rgb) {
        int r = rgb >> 16 & 255;
        int g = rgb >> 8 & 255;
        int b = rgb & 255;
        return b > 60 && r < 0.6 * b && g < 0.85 * b;
    }

    /**
     * The panel's glass-style background: dark teal, green and blue alike (PanelLook.BACKGROUND
     * over the scene); the flag's shaded blue has far more blue than green.
     */
    private static boolean isGlass(int rgb) {
        int r = rgb >> 16 & 255;
        int g = rgb >> 8 & 255;
        int b = rgb & 255;
        return r < 90 && g > r + 15 && b > r + 15 && b < 150 && Math.abs(b - g) < 35;
    }

    private static boolean isText(int rgb) {
        int r = rgb >> 16 & 255;
        int g = rgb >> 8 & 255;
        int b = rgb & 255;
        return Math.min(r, Math.min(g, b)) > 190;
    }

    private static int distance(int p, int q) {
        int dr = (p >> 16 & 255) - (q >> 16 & 255);
        int dg = (p >> 8 & 255) - (q >> 8 & 255);
        int db = (p & 255) - (q & 255);
        return (int) Math.sqrt(dr * dr + dg * dg + db * db);
    }

    /** Runs the previewer in a child JVM under Xvfb with the given options. */
    private static void render(String name, String... options) throws Exception {
        if (PreviewerRenderTest.onPath("xvfb-run") == null) {
            fail("xvfb-run is not installed: run `apt-get install -y xvfb libgl1-mesa-dri xauth`");
        }
        List<String> cmd = new ArrayList<>(List.of("xvfb-run", "-a", "-s", "-screen 0 1280x720x24",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx3g", "-cp",
                PreviewerRenderTest.classpath(), Previewer.class.getName()));
        cmd.addAll(List.of(options));
        Path out = ARTIFACTS.resolve(name + ".out");
        Path err = ARTIFACTS.resolve(name + ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("DISPLAY");
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("the previewer (" + name + ") did not finish in " + TIMEOUT_S + " s");
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), stderr);
        assertTrue(!stderr.contains("SEVERE"), "the previewer (" + name + ") logged SEVERE:\n" + stderr);
        assertTrue(!stderr.contains("restored the last good state"), "a cloth failed (" + name + "):\n" + stderr);
    }
}
