package org.isocloth.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a finished run's frames amount to, read back from its metrics.csv: how many frames ended
 * with a step at the iteration cap, how many broke the strain bound, and how many left cloth
 * nodes inside a collider or cloth triangles crossing. {@code cloth run} writes it into
 * summary.json and sets its exit status from it, so a run that exploded or tunnelled never ends
 * as a success.
 *
 * <p>A frame <em>fails</em> when its red strain exceeds {@link #FAILURE_FACTOR} times the
 * largest strain tolerance of the scene's cloths (the solver's own target, so a frame that fails
 * is stretched visibly), when a node lies inside a collider, when two cloth triangles cross, or
 * when a number in its row is not finite. A frame that ended at the iteration cap but within the
 * bound is <em>unconverged</em>: reported, not failed.
 *
 * @param frames frames after frame 0 (and frame 0 when it starts inside a collider or crossing)
 * @param unconverged frames with a step that ended at the iteration cap
 * @param aboveBound frames whose red strain exceeded {@code strainBound}
 * @param penetrating frames with nodes inside a collider
 * @param intersecting frames with crossing cloth triangles
 * @param nonFinite frames with a non-finite number in their row
 * @param strainBound the red strain above which a frame fails
 * @param worstRed worst red strain, and {@code worstRedFrame} its frame
 * @param worstRedFrame the frame of {@code worstRed}
 * @param failedFrames frames that failed in any of these ways
 * @param firstFailed the first failed frame, or -1
 */
public record RunOutcome(int frames, int unconverged, int aboveBound, int penetrating, int intersecting,
        int nonFinite, double strainBound, double worstRed, int worstRedFrame, int failedFrames, int firstFailed) {

    /** A frame fails when its red strain exceeds this many times the strain tolerance. */
    public static final double FAILURE_FACTOR = 10;

    /** @return whether some frame failed (see the class description) */
    public boolean failed() {
        return firstFailed >= 0;
    }

    /** @return "failed", "unconverged" or "ok" */
    public String status() {
        return failed() ? "failed" : unconverged > 0 ? "unconverged" : "ok";
    }

    /**
     * Reads the outcome from a run's metrics.csv.
     *
     * @param metrics the file ({@link SceneRun#HEADER} columns)
     * @param strainTolerance the largest strain tolerance of the run's cloths
     * @return the outcome
     * @throws IOException if the file cannot be read
     */
    static RunOutcome of(Path metrics, double strainTolerance) throws IOException {
        List<String> header = Arrays.asList(SceneRun.HEADER.split(","));
        int cRed = header.indexOf("red_strain");
        int cConv = header.indexOf("converged");
        int cPen = header.indexOf("penetrations");
        int cInt = header.indexOf("self_intersections");
        Tally tally = new Tally(strainTolerance);
        try (BufferedReader r = Files.newBufferedReader(metrics, StandardCharsets.UTF_8)) {
            r.readLine(); // header
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] v = line.split(",");
                int frame = Integer.parseInt(v[0]);
                if (frame == 0) {
                    // the initial state: counted only if it starts inside a collider or crossing
                    if (Integer.parseInt(v[cPen]) > 0 || Integer.parseInt(v[cInt]) > 0) {
                        tally.add(0, 0, true, Integer.parseInt(v[cPen]), Integer.parseInt(v[cInt]), true);
                    }
                    continue;
                }
                boolean finite = true;
                for (int i = 1; i < v.length; i++) {
                    if (i != cConv && !Double.isFinite(Double.parseDouble(v[i]))) {
                        finite = false;
                    }
                }
                tally.add(frame, Double.parseDouble(v[cRed]), Boolean.parseBoolean(v[cConv]),
                        Integer.parseInt(v[cPen]), Integer.parseInt(v[cInt]), finite);
            }
        }
        return tally.outcome();
    }

    /** Counts frames one by one ({@code cloth bake} checks its frames as it steps them). */
    static final class Tally {
        private final double bound;
        private int frames;
        private int unconverged;
        private int above;
        private int pen;
        private int inter;
        private int nonFinite;
        private double worst;
        private int worstFrame;
        private int failedFrames;
        private int firstFailed = -1;

        /** @param strainTolerance the largest strain tolerance of the run's cloths */
        Tally(double strainTolerance) {
            this.bound = FAILURE_FACTOR * strainTolerance;
        }

        /**
         * Adds a frame.
         *
         * @param frame its number
         * @param red its red strain
         * @param converged whether every step converged
         * @param penetrations nodes inside a collider
         * @param intersections crossing triangle pairs
         * @param finite whether all its numbers are finite
         */
        void add(int frame, double red, boolean converged, int penetrations, int intersections, boolean finite) {
            frames++;
            boolean failed = !finite;
            if (!finite) {
                nonFinite++;
            }
            if (!(red <= worst)) {
                worst = red;
                worstFrame = frame;
            }
            if (!(red <= bound)) {
                above++;
                failed = true;
            }
            if (!converged) {
                unconverged++;
            }
            if (penetrations > 0) {
                pen++;
                failed = true;
            }
            if (intersections > 0) {
                inter++;
                failed = true;
            }
            if (failed) {
                failedFrames++;
                if (firstFailed < 0) {
                    firstFailed = frame;
                }
            }
        }

        /** @return the outcome of the frames added so far */
        RunOutcome outcome() {
            return new RunOutcome(frames, unconverged, above, pen, inter, nonFinite, bound, worst, worstFrame,
                    failedFrames, firstFailed);
        }
    }

    /**
     * Adds the outcome to summary.json's root.
     *
     * @param root the summary object
     */
    void writeTo(ObjectNode root) {
        root.put("outcome", status());
        root.put("unconvergedFrames", unconverged);
        root.put("framesAboveStrainBound", aboveBound);
        root.put("strainBound", strainBound);
        root.put("framesWithPenetrations", penetrating);
        root.put("framesWithIntersections", intersecting);
        root.put("framesWithNonFiniteValues", nonFinite);
        root.put("failedFrames", failedFrames);
        root.put("firstFailedFrame", firstFailed);
    }

    /**
     * @return one line for the user: what failed, or which frames did not converge; empty when
     *     every frame is clean
     */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (failed()) {
            b.append(String.format(Locale.ROOT, "%d of %d frames failed (first: frame %d):", failedFrames, frames,
                    firstFailed));
            if (aboveBound > 0) {
                b.append(String.format(Locale.ROOT, " %d above the red strain bound %.3g (worst %.3g at frame %d);",
                        aboveBound, strainBound, worstRed, worstRedFrame));
            }
            if (penetrating > 0) {
                b.append(' ').append(penetrating).append(" with cloth nodes inside a collider;");
            }
            if (intersecting > 0) {
                b.append(' ').append(intersecting).append(" with crossing cloth triangles;");
            }
            if (nonFinite > 0) {
                b.append(' ').append(nonFinite).append(" with non-finite values;");
            }
            b.setLength(b.length() - 1);
        }
        if (unconverged > 0) {
            if (b.length() > 0) {
                b.append("; ");
            }
            b.append(String.format(Locale.ROOT, "%d of %d frames ended a step at the iteration cap", unconverged,
                    frames));
            if (worstRed > 0) {
                // a scene of stretchable cloths only has no red strain to report
                b.append(String.format(Locale.ROOT, " (worst red strain %.3g at frame %d)", worstRed, worstRedFrame));
            }
        }
        return b.toString();
    }
}
