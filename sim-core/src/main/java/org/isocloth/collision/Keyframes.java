package org.isocloth.collision;

import java.util.Objects;

/**
 * A mesh's poses at a fixed rate, for {@link MeshCollider#setKeyframes}: frame {@code k} is the
 * pose at time {@code k / fps}, interpolated linearly between frames. Without looping, frame 0 is
 * held before time 0 and the last frame after its time; looping from frame {@code s}, the frames
 * before s play once and frames s … last repeat, the last followed by frame s one frame interval
 * later.
 */
final class Keyframes {
    private final double[][] frames;
    private final double fps;

    /**
     * Checks and copies the frames.
     *
     * @param name the collider's name, for messages
     * @param frames vertex positions per frame, each {@code 3·vertices} finite values
     * @param fps frames per second (finite, &gt; 0)
     * @param vertices the mesh's vertex count
     * @throws IllegalArgumentException if an argument is invalid (the message names the collider
     *     and the frame)
     */
    Keyframes(String name, double[][] frames, double fps, int vertices) {
        Objects.requireNonNull(frames, name + ".frames");
        checkFps(name, fps);
        if (frames.length == 0) {
            throw new IllegalArgumentException(name + ".frames: must hold at least one frame");
        }
        double[][] copy = new double[frames.length][];
        for (int k = 0; k < frames.length; k++) {
            copy[k] = checkPose(name, "frames[" + k + "]", frames[k], vertices).clone();
        }
        this.frames = copy;
        this.fps = fps;
    }

    /** @return the number of frames */
    int count() {
        return frames.length;
    }

    /**
     * @param looping whether the frames repeat
     * @return the time they span: {@code frames / fps} when they loop (the frames before the
     *     cycle's start, then one cycle), else {@code (frames − 1) / fps}
     */
    double duration(boolean looping) {
        return (looping ? frames.length : frames.length - 1) / fps;
    }

    /**
     * The pose at time t.
     *
     * @param t the time, s
     * @param looping whether the frames repeat
     * @param loopFrom the cycle's first frame when looping (in [0, count − 1])
     * @param out receives the pose
     */
    void poseAt(double t, boolean looping, int loopFrom, double[] out) {
        int last = frames.length - 1;
        double f = t * fps;
        if (looping && (loopFrom == 0 || f >= loopFrom)) {
            // the cycle: frames loopFrom .. last, then loopFrom again one interval later
            int n = frames.length - loopFrom;
            f -= loopFrom;
            f -= Math.floor(f / n) * n; // in [0, n)
            int k = Math.min((int) Math.floor(f), n - 1);
            blend(frames[loopFrom + k], frames[loopFrom + (k + 1) % n], f - k, out);
            return;
        }
        if (!(f > 0)) {
            System.arraycopy(frames[0], 0, out, 0, out.length);
            return;
        }
        if (f >= last) {
            System.arraycopy(frames[last], 0, out, 0, out.length);
            return;
        }
        int k = (int) Math.floor(f);
        blend(frames[k], frames[k + 1], f - k, out);
    }

    private static void blend(double[] a, double[] b, double s, double[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = s == 0 ? a[i] : (1 - s) * a[i] + s * b[i];
        }
    }

    /**
     * Checks a pose: {@code 3·vertices} finite values.
     *
     * @return the pose
     * @throws IllegalArgumentException naming the collider and the field otherwise
     */
    static double[] checkPose(String name, String field, double[] positions, int vertices) {
        Objects.requireNonNull(positions, name + "." + field);
        if (positions.length != 3 * vertices) {
            throw new IllegalArgumentException(name + "." + field + ": must hold 3 × " + vertices + " = "
                    + 3 * vertices + " coordinates (got " + positions.length + ")");
        }
        for (int i = 0; i < positions.length; i++) {
            if (!Double.isFinite(positions[i])) {
                throw new IllegalArgumentException(name + "." + field + "[" + i + "]: must be a finite number (got "
                        + positions[i] + ")");
            }
        }
        return positions;
    }

    /** @throws IllegalArgumentException naming the collider unless fps is finite and &gt; 0 */
    static void checkFps(String name, double fps) {
        if (!Double.isFinite(fps) || !(fps > 0)) {
            throw new IllegalArgumentException(name + ".fps: must be a finite number > 0 (got " + fps + ")");
        }
    }
}
