package org.isocloth.jme.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The frame never waits for the cloth, measured in a real window with jME's real timer: a cloth
 * whose contact steps take many frames ({@link RealTimerApp}), and the render thread's time
 * inside the plugin's app state in every frame.
 */
class RealTimerRenderTest {

    @Test
    void theRenderThreadSpendsUnderAMillisecondInThePlugin() throws Exception {
        Path png = ChildRender.ARTIFACTS.resolve("real-timer.png").toAbsolutePath();
        Files.deleteIfExists(png);
        ChildRender.Result child = ChildRender.run("real-timer", RealTimerApp.class, 200, png.toString());
        Files.writeString(ChildRender.ARTIFACTS.resolve("real-timer.txt"), child.stdout());
        Matcher m = Pattern.compile("RESULT frames=(\\d+) under1ms=(\\d+) p95Ms=(\\S+) medianFrameMs=(\\S+)"
                + " msPerStep=(\\S+) steps=(\\d+) busy=(\\d+) red=(\\S+) failures=(\\d+)").matcher(child.stdout());
        assertTrue(m.find(), "the child printed no result:\n" + child.stdout());
        String line = m.group();
        int frames = Integer.parseInt(m.group(1));
        int under = Integer.parseInt(m.group(2));
        double frameMs = Double.parseDouble(m.group(4));
        double stepMs = Double.parseDouble(m.group(5));
        // the premise: a step costs at least three frames, so most frames find the solver busy
        assertTrue(stepMs >= 3 * frameMs, "the cloth is not slow enough for this test: " + line);
        assertTrue(Long.parseLong(m.group(7)) > 0, line);
        // the acceptance bound: under 1 ms in at least 95 % of the frames
        assertTrue(under >= 0.95 * frames, line);
        // and the cloth stays within its strain tolerance (1e-3) without a failed step
        assertTrue(Double.parseDouble(m.group(8)) <= 1e-3, line);
        assertEquals("0", m.group(9), line);
    }
}
