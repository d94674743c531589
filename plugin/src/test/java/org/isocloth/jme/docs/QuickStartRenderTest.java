package org.isocloth.jme.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.isocloth.jme.render.ChildRender;
import org.junit.jupiter.api.Test;

/**
 * The guide's quick start, rendered: {@link QuickStartRenderApp} (the snippet verbatim) in a real
 * OpenGL window under Xvfb with jME's real timer, and the screenshot must show the orange sheet.
 */
class QuickStartRenderTest {

    @Test
    void theQuickStartRendersTheSheet() throws Exception {
        JmeGuideExampleTest.assertQuickStartIn(Path.of("src/test/java/org/isocloth/jme/docs/QuickStartRenderApp.java"));
        // the separate Maven project a game would be (examples/quickstart) holds it too
        JmeGuideExampleTest.assertQuickStartIn(
                Path.of("../examples/quickstart/src/main/java/org/isocloth/example/QuickStart.java"));
        Path png = ChildRender.ARTIFACTS.resolve("quick-start.png").toAbsolutePath();
        Files.deleteIfExists(png);
        ChildRender.Result child = ChildRender.run("quick-start", QuickStartRenderApp.class, 180, png.toString());
        assertTrue(Files.exists(png), "no screenshot at " + png);
        Matcher m = Pattern.compile("RESULT steps=(\\d+) red=(\\S+) failures=(\\d+)").matcher(child.stdout());
        assertTrue(m.find(), "the child printed no result:\n" + child.stdout());
        // a sheet hung in its own plane from its top edge cannot move (inextensible): every step
        // within the strain tolerance 1e-3, no failure
        assertTrue(Double.parseDouble(m.group(2)) <= 1e-3, m.group());
        assertEquals("0", m.group(3), m.group());

        BufferedImage im = ImageIO.read(png.toFile());
        assertEquals(QuickStartRenderApp.WIDTH, im.getWidth());
        assertEquals(QuickStartRenderApp.HEIGHT, im.getHeight());
        // Unshaded ColorRGBA.Orange is (1, 0.5, 0): r = 255, g = 128 (188 where the framebuffer
        // is sRGB, as jME 3.9's default gamma correction makes it), b = 0. The camera, 2 m in
        // front of the 1 m sheet with a 45° vertical field of view, sees 2·2·tan(22.5°) = 1.66 m
        // of height in 480 px: the sheet is about 290 px square, 84,000 px, centred.
        int orange = 0;
        int[] box = {im.getWidth(), im.getHeight(), -1, -1};
        for (int y = 0; y < im.getHeight(); y++) {
            for (int x = 0; x < im.getWidth(); x++) {
                int rgb = im.getRGB(x, y);
                int r = rgb >> 16 & 255;
                int g = rgb >> 8 & 255;
                int b = rgb & 255;
                if (r > 230 && g > 100 && g < 210 && b < 40) {
                    orange++;
                    box[0] = Math.min(box[0], x);
                    box[1] = Math.min(box[1], y);
                    box[2] = Math.max(box[2], x);
                    box[3] = Math.max(box[3], y);
                }
            }
        }
        String figures = String.format(Locale.ROOT, "%d orange px, box x %d..%d y %d..%d (%.1f s)", orange, box[0],
                box[2], box[1], box[3], child.seconds());
        Files.writeString(ChildRender.ARTIFACTS.resolve("quick-start.txt"), figures + "\n" + child.stdout());
        assertTrue(orange >= 70_000 && orange <= 100_000, figures);
        assertEquals(320, (box[0] + box[2]) / 2.0, 10, figures);
        assertEquals(240, (box[1] + box[3]) / 2.0, 10, figures);
    }
}
