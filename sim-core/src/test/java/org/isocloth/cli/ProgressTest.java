package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bake progress report, with a fake clock. */
class ProgressTest {
    private long now;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void terminalRedrawsOneLineAtMostFiveTimesASecond() {
        Progress p = new Progress(err, true, "bake c", 100, () -> now);
        // 100 frames, one every 10 ms: 1 s in all, so about 5 redraws plus the final one
        for (int f = 0; f <= 100; f++) {
            now = f * 10_000_000L;
            p.update(f);
        }
        String t = text();
        long redraws = t.chars().filter(c -> c == '\r').count();
        assertTrue(redraws >= 5 && redraws <= 7, redraws + " redraws: " + t);
        assertEquals(1, t.chars().filter(c -> c == '\n').count());
        // the last line is padded with spaces over the longer line it replaces
        assertTrue(t.matches("(?s).*\rbake c \\[#{24}\\] 100/100 frames 100%  done in 1\\.0 s +\n"), t);
        // a redraw at frame 20 (0.2 s): 20 % done, 0.8 s left at 10 ms per frame
        assertTrue(t.contains("\rbake c [####--------------------] 20/100 frames  20%  about 0.8 s left"), t);
    }

    @Test
    void resumedRunEstimatesFromTheFramesDoneSinceItsStart() {
        // A run of 200 frames resumed after frame 150: frame 151 takes 20 s, so the 49 frames
        // left take about 49 · 20 s = 980 s = 16 min 20 s (counting all 151 frames done would
        // give 49 · 20/151 s ≈ 6.5 s instead).
        Progress p = new Progress(err, false, "run r", 200, () -> now);
        p.startAt(150);
        now = 20_000_000_000L;
        p.update(151);
        assertEquals("run r: 151/200 frames (75%), about 16 min 20 s left", text().lines().toList().get(0));
    }

    @Test
    void pipeGetsPlainLinesAtEveryTenPercentOrTenSeconds() {
        Progress p = new Progress(err, false, "bake c", 1000, () -> now);
        for (int f = 0; f <= 1000; f++) {
            now = f * 1_000_000L; // 1 ms per frame
            p.update(f);
        }
        String t = text();
        assertFalse(t.contains("\r"));
        List<String> lines = t.lines().toList();
        assertEquals(11, lines.size(), t);
        assertEquals("bake c: 100/1000 frames (10%), about 0.9 s left", lines.get(1));
        assertEquals("bake c: 1000/1000 frames (100%), done in 1.0 s", lines.get(10));

        bytes.reset();
        now = 0;
        Progress slow = new Progress(err, false, "bake s", 1000, () -> now);
        slow.update(0);
        now = 11_000_000_000L; // 11 s for one frame: a line although still below 10 %
        slow.update(1);
        now = 12_000_000_000L;
        slow.update(2);
        lines = text().lines().toList();
        assertEquals(2, lines.size(), text());
        assertEquals("bake s: 1/1000 frames (0%), about 3 h 03 min left", lines.get(1));
    }

    @Test
    void durations() {
        assertEquals("0.4 s", Progress.duration(400_000_000L));
        assertEquals("12 s", Progress.duration(12_000_000_000L));
        assertEquals("3 min 05 s", Progress.duration(185_000_000_000L));
        assertEquals("2 h 07 min", Progress.duration(7_620_000_000_000L));
    }
}
