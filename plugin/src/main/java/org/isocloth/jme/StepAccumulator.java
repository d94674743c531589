package org.isocloth.jme;

import org.isocloth.model.Limits;

/**
 * Fixed-step time accumulator: frame times go in, a whole number of fixed steps comes out, at most
 * a cap per frame. Time the cap cannot take is dropped (the simulation then runs slower than real
 * time instead of falling ever further behind).
 */
public final class StepAccumulator {
    private double step;
    private int maxSteps;
    private double stored;
    private double dropped;

    /**
     * @param step the fixed time step, s (in [1e-7, 1], {@link Limits#TIME_STEP})
     * @param maxSteps the most steps one frame may take (≥ 1)
     */
    public StepAccumulator(double step, int maxSteps) {
        setStep(step);
        setMaxSteps(maxSteps);
    }

    /**
     * Adds a frame's time and takes out the steps it completes.
     *
     * @param frameTime the frame's (scaled) duration, s (finite, ≥ 0; negative or non-finite
     *     values count as 0)
     * @return how many steps to take this frame, in [0, maxSteps]
     */
    public int advance(double frameTime) {
        if (!(frameTime > 0) || !Double.isFinite(frameTime)) {
            return 0;
        }
        stored += frameTime;
        // a relative epsilon so that 60 frames of 1/60 s give exactly 60 steps of 1/60 s
        int n = (int) Math.floor(stored / step + 1e-9);
        if (n > maxSteps) {
            dropped += stored - maxSteps * step;
            stored = 0;
            return maxSteps;
        }
        stored = Math.max(0, stored - n * step);
        return n;
    }

    /** @return time waiting for the next step, s */
    public double stored() {
        return stored;
    }

    /** @return total time dropped by the cap, s */
    public double dropped() {
        return dropped;
    }

    /** @return the fixed step, s */
    public double step() {
        return step;
    }

    /** @param step the fixed time step, s (in [1e-7, 1], {@link Limits#TIME_STEP}) */
    public void setStep(double step) {
        if (!Limits.TIME_STEP.contains(step)) {
            throw new IllegalArgumentException("timeStep: must be in " + Limits.TIME_STEP + " s (got " + step + ")");
        }
        this.step = step;
    }

    /** @return the most steps per frame */
    public int maxSteps() {
        return maxSteps;
    }

    /** @param maxSteps the most steps per frame (in [1, 1000]) */
    public void setMaxSteps(int maxSteps) {
        if (maxSteps < 1 || maxSteps > 1000) {
            throw new IllegalArgumentException("maxStepsPerFrame: must be in [1, 1000] (got " + maxSteps + ")");
        }
        this.maxSteps = maxSteps;
    }

    /** Forgets the stored time. */
    public void clear() {
        stored = 0;
    }
}
