package org.isocloth.jme;

/**
 * The time bookkeeping of {@link ClothAppState}: how many fixed steps each frame owes the cloth,
 * what is dropped, and how much of the scene's motion since the last capture of colliders and
 * pins the cloth does not simulate (and must therefore skip rather than sweep through it).
 *
 * <p>App states update before the scene's logical update, so the poses an update reads are where
 * the previous frame left the scene: each frame owes the cloth the previous frame's time (with an
 * animator, which poses the scene for the coming steps, this frame's).
 */
final class FrameClock {
    private final StepAccumulator accumulator;
    /** Steps owed by frames that found the solver busy, taken by the next job. */
    private int pendingSteps;
    private long busyFrames;
    private double behindDropped;
    private float previousTpf;
    // since the last capture: the game time the scene moved, the simulated time owed for it, and
    // the dropped total when it was taken
    private double sceneSinceCapture;
    private double owedSinceCapture;
    private double droppedAtCapture;

    FrameClock(double step, int maxSteps) {
        accumulator = new StepAccumulator(step, maxSteps);
    }

    StepAccumulator accumulator() {
        return accumulator;
    }

    /**
     * Accounts for one frame.
     *
     * @param tpf this frame's time, s
     * @param animated whether an animator poses the scene for the coming steps
     * @param paused whether the simulation is paused (the scene moves, nothing is owed)
     * @param speed simulated seconds per second of the scene
     * @return the steps owed now, those of busy frames included
     */
    int frame(float tpf, boolean animated, boolean paused, double speed) {
        float sceneTpf = animated ? tpf : previousTpf;
        previousTpf = tpf;
        sceneSinceCapture += sceneTpf;
        if (paused) {
            return pendingSteps;
        }
        owedSinceCapture += sceneTpf * speed;
        return pendingSteps + accumulator.advance(sceneTpf * speed);
    }

    /**
     * A frame that found the solver busy keeps its steps for the next job, at most a frame's cap
     * of them; the rest is dropped.
     *
     * @param steps the steps owed
     */
    void busy(int steps) {
        busyFrames++;
        int cap = accumulator.maxSteps();
        if (steps > cap) {
            behindDropped += (steps - cap) * accumulator.step();
            steps = cap;
        }
        pendingSteps = steps;
    }

    /** The owed steps were handed to a job. */
    void taken() {
        pendingSteps = 0;
    }

    /** Forgets what was owed (pause, restart, enable). */
    void clear() {
        accumulator.clear();
        pendingSteps = 0;
    }

    /** @return the simulated time dropped so far, s */
    double dropped() {
        return accumulator.dropped() + behindDropped;
    }

    /** @return the frames that found the solver busy */
    long busyFrames() {
        return busyFrames;
    }

    /**
     * The fraction of the scene's motion since the last capture that the cloth does not simulate,
     * 1 − (owed − dropped)/moved, clamped to [0, 1] (the dropped part, and with a speed below 1
     * or after a pause the part never owed), and starts a new capture interval.
     *
     * @param animated whether an animator poses the scene at the simulated time (then 0)
     * @return the skipped fraction
     */
    double skippedFraction(boolean animated) {
        double dropped = dropped() - droppedAtCapture;
        double simulated = owedSinceCapture - dropped;
        double moved = sceneSinceCapture;
        droppedAtCapture = dropped();
        owedSinceCapture = 0;
        sceneSinceCapture = 0;
        if (animated || !(moved > 1e-9)) {
            return 0;
        }
        double f = 1 - simulated / moved;
        return f < 1e-6 ? 0 : Math.min(f, 1);
    }
}
