package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.File;
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
 * The README's main job, {@code ./cloth preview}, run through the launcher without a display: it
 * renders with real OpenGL (Mesa under Xvfb) in a child JVM: after 120 frames (1/60 s each, 240 cloth steps of 1/120 s) its screenshot
 * must show the character, its cape, the flag, the tablecloth and the panel. The PNG and the child's
 * output stay in {@code target/test-artifacts/}.
 */
class PreviewerRenderTest {
    private static final long TIMEOUT_S = 400;
    private static final Path ARTIFACTS = Paths.get("target", "test-artifacts");

    @Test
    void thePreviewerShowsTheCharacterTheGarmentsAndThePanel() throws Exception {
        Files.createDirectories(ARTIFACTS);
        Path png = ARTIFACTS.resolve("previewer.png").toAbsolutePath();
        Path out = ARTIFACTS.resolve("previewer-child.out");
        Path err = ARTIFACTS.resolve("previewer-child.err");
        Files.deleteIfExists(png);
        // The README's main command, `./cloth preview`, on a machine without a display: the
        // launcher renders under Xvfb and writes out/preview.png in its working directory. The
        // launcher runs the classes of this build (ISOCLOTH_PREVIEW_CLASSPATH) instead of
        // packaging them with Maven.
        if (onPath("xvfb-run") == null) {
            fail("xvfb-run is not installed: run `apt-get install -y xvfb libgl1-mesa-dri xauth`");
        }
        Path work = ARTIFACTS.resolve("preview-run").toAbsolutePath();
        Files.createDirectories(work);
        Path shot = work.resolve("out").resolve("preview.png");
        Files.deleteIfExists(shot);
        Path launcher = Paths.get("..", "cloth").toAbsolutePath().normalize();
        // a right click on the flag (pixel 470, 540 from the bottom left) pins the node under it
        // and a right-button drag over the tablecloth (pixels 820–1100 × 230–330) pins the nodes in it
        List<String> cmd = new ArrayList<>(List.of("bash", launcher.toString(), "preview", "--click", "470,540",
                "--box", "820,230,1100,330", "--clip", "Idle"));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        pb.environment().put("ISOCLOTH_PREVIEW_CLASSPATH", classpath());
        pb.environment().put("JAVA_OPTS", "-Xmx3g");
        pb.environment().put("PATH", Paths.get(System.getProperty("java.home"), "bin") + File.pathSeparator
                + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        long start = System.currentTimeMillis();
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("the previewer did not finish in " + TIMEOUT_S + " s");
        }
        double seconds = (System.currentTimeMillis() - start) / 1000.0;
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        // jME exits normally after fatal errors: the log and the picture are what count. A cloth
        // failure (restored state) is logged as WARNING/SEVERE by ClothAppState too.
        assertEquals(0, p.exitValue(), stderr);
        assertTrue(!stderr.contains("SEVERE"), "the previewer logged SEVERE:\n" + stderr);
        assertTrue(!stderr.contains("restored the last good state"), "a cloth failed:\n" + stderr);
        assertTrue(Files.exists(shot), "no screenshot; stderr:\n" + stderr);
        Files.copy(shot, png, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertTrue(stderr.matches("(?s).*pinned node \\d+ of flag.*"), "the click did not pin the flag:\n" + stderr);
        assertTrue(stderr.contains("animation clip Idle"), "the clip list did not start the Idle clip:\n" + stderr);
        assertTrue(stderr.matches("(?s).*box-pinned \\d+ nodes of tablecloth.*"),
                "the drag did not pin tablecloth nodes:\n" + stderr);
        assertTrue(Files.getLastModifiedTime(shot).toMillis() >= start - 2000, "stale screenshot");

        BufferedImage im = ImageIO.read(png.toFile());
        int w = im.getWidth();
        int h = im.getHeight();
        assertEquals(1280, w);
        assertEquals(720, h);
        int cape = 0;
        int flag = 0;
        int tablecloth = 0;
        int fur = 0;
        int glass = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int rgb = im.getRGB(x, y);
                int r = rgb >> 16 & 255;
                int g = rgb >> 8 & 255;
                int b = rgb & 255;
                // colours of Showcase's lit materials, with shading: hue ratios, not exact values
                if (r > 110 && g < 0.35 * r && b < 0.40 * r) {
                    cape++;
                }
                if (b > 110 && r < 0.45 * b && g < 0.75 * b) {
                    flag++;
                }
                if (r > 150 && g > 0.75 * r && b < 0.70 * r) {
                    tablecloth++;
                }
                // Jaime's brown fur (textured), in the middle of the picture where it stands
                if (x > 0.42 * w && x < 0.62 * w && r > 35 && r < 170 && g > 0.35 * r && g < 0.75 * r
                        && b < 0.65 * r) {
                    fur++;
                }
                // Lemur's glass style: teal, at the top left
                if (x < 430 && y < 490 && g > r + 15 && b > r + 15) {
                    glass++;
                }
            }
        }
        String figures = String.format(Locale.ROOT,
                "child %.1f s; cape %d px, flag %d px, tablecloth %d px, character fur %d px, panel glass %d px",
                seconds, cape, flag, tablecloth, fur, glass);
        Files.writeString(ARTIFACTS.resolve("previewer.txt"), figures + "\n");
        System.out.println("PreviewerRenderTest: " + figures);
        assertTrue(cape >= 3000, figures);
        assertTrue(flag >= 10000, figures);
        assertTrue(tablecloth >= 3000, figures);
        assertTrue(fur >= 5000, figures);
        assertTrue(glass >= 10000, figures);
    }

    static String classpath() {
        String cp = System.getProperty("java.class.path");
        String surefire = System.getProperty("surefire.test.class.path");
        if (!cp.contains("jme3-lwjgl3") && surefire != null && !surefire.isBlank()) {
            return surefire;
        }
        return cp;
    }

    static Path onPath(String exe) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Paths.get(dir, exe);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
