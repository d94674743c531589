package org.isocloth.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A progress report on standard error: frames done, percentage and the estimated time left
 * (elapsed time per frame so far × frames left). On a terminal one line is redrawn in place with
 * {@code \r} at most five times a second; otherwise (a pipe, a log file) plain lines are printed
 * when the percentage passes a multiple of 10 or 10 s after the previous line, so logs stay short.
 */
final class Progress {
    /** Least time between two redraws on a terminal, ns. */
    static final long TTY_INTERVAL = 200_000_000L;
    /** Longest time between two plain lines, ns. */
    static final long LINE_INTERVAL = 10_000_000_000L;
    private static final int BAR = 24;

    private final PrintStream err;
    private final boolean tty;
    private final String label;
    private final int total;
    private final LongSupplier clock;
    private final long start;
    private int base;
    private long lastPrint;
    private int lastDecile = -1;
    private int lastWidth;
    private boolean printed;

    Progress(PrintStream err, boolean tty, String label, int total, LongSupplier nanoClock) {
        this.err = err;
        this.tty = tty;
        this.label = label;
        this.total = total;
        this.clock = nanoClock;
        this.start = nanoClock.getAsLong();
        this.lastPrint = start;
    }

    /**
     * Frames that were already done when the timing started (a resumed run): the estimate of the
     * time left uses only the frames done since.
     *
     * @param done frames done at the start, ≥ 0
     */
    void startAt(int done) {
        this.base = done;
    }

    /**
     * Reports that {@code done} of the frames are finished.
     *
     * @param done frames done, in [0, total]
     */
    void update(int done) {
        long now = clock.getAsLong();
        int percent = total == 0 ? 100 : (int) (100L * done / total);
        boolean last = done >= total;
        if (tty) {
            if (!last && printed && now - lastPrint < TTY_INTERVAL) {
                return;
            }
            int filled = total == 0 ? BAR : (int) ((long) BAR * done / total);
            String line = String.format(Locale.ROOT, "%s [%s%s] %d/%d frames %3d%%  %s", label, "#".repeat(filled),
                    "-".repeat(BAR - filled), done, total, percent, last ? "done in " + duration(now - start)
                            : eta(now, done));
            int pad = Math.max(0, lastWidth - line.length());
            err.print("\r" + line + " ".repeat(pad) + (last ? "\n" : ""));
            err.flush();
            lastWidth = line.length();
        } else {
            int decile = percent / 10;
            if (!last && decile == lastDecile && now - lastPrint < LINE_INTERVAL) {
                return;
            }
            lastDecile = decile;
            err.println(String.format(Locale.ROOT, "%s: %d/%d frames (%d%%), %s", label, done, total, percent,
                    last ? "done in " + duration(now - start) : eta(now, done)));
        }
        lastPrint = now;
        printed = true;
    }

    private String eta(long now, int done) {
        if (done - base <= 0) {
            return "time left unknown";
        }
        double perFrame = (double) (now - start) / (done - base);
        return "about " + duration((long) (perFrame * (total - done))) + " left";
    }

    /**
     * @param nanos a duration, ns
     * @return e.g. "0.4 s", "12 s", "3 min 05 s", "2 h 07 min"
     */
    static String duration(long nanos) {
        double s = nanos / 1e9;
        if (s < 10) {
            return String.format(Locale.ROOT, "%.1f s", s);
        }
        long secs = Math.round(s);
        if (secs < 60) {
            return secs + " s";
        }
        if (secs < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", secs / 60, secs % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", secs / 3600, (secs % 3600) / 60);
    }
}
