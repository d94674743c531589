package org.isocloth.collision;

/**
 * The motion of a {@link MeshCollider} over its interval: the start and end poses, the vertex
 * velocities between them, where the poses come from (the constructor's positions, keyframes, or
 * positions pushed by the caller), and the narrowing of the queries to a part of the interval.
 * The collider's class description gives the rules; the collider validates the arguments and
 * refits its tree when a method here reports that the poses changed.
 */
final class MeshPoses {
    private final String name;
    private final int vertexCount;

    /** Keyframes (null unless {@link #setKeyframes} was called). */
    private Keyframes frames;
    private boolean looping;
    /** The first keyframe of the repeating cycle when looping (the ones before it play once). */
    private int loopFrom;
    /** Whether pushed positions wait for the next new interval. */
    private boolean pending;

    private double time0;
    private double time1;
    /** The poses at the interval's start and end, and the vertex velocities between them, flat xyz. */
    final double[] x0;
    final double[] x1;
    final double[] vel;

    /**
     * The poses the queries use: {@link #x0} and {@link #x1}, or after {@link #narrow} the
     * {@link #narrowed} ones, whose vertices are interpolated on first use ({@link #posed}).
     */
    double[] at0;
    double[] at1;
    private NarrowedPoses narrowed;

    /**
     * A static pose at the interval [0, 0].
     *
     * @param name the collider's name (messages)
     * @param positions vertex positions, flat xyz (checked by the caller; copied)
     */
    MeshPoses(String name, double[] positions) {
        this.name = name;
        this.vertexCount = positions.length / 3;
        x0 = positions.clone();
        x1 = positions.clone();
        vel = new double[positions.length];
        at0 = x0;
        at1 = x1;
    }

    /** Pushed positions become the end pose, the previous end pose the start pose (see {@link MeshCollider#setPositions}). */
    void push(double[] positions) {
        frames = null;
        System.arraycopy(x1, 0, x0, 0, x1.length);
        System.arraycopy(positions, 0, x1, 0, x1.length);
        pending = true;
        update();
    }

    /** See {@link MeshCollider#setKeyframes}. */
    void setKeyframes(double[][] poses, double fps) {
        Keyframes k = new Keyframes(name, poses, fps, vertexCount);
        if (loopFrom >= k.count()) {
            throw new IllegalArgumentException(name + ".frames: the loop starts at frame " + loopFrom
                    + ", past the last of " + k.count() + " frames");
        }
        this.frames = k;
        pending = false;
        poseAt(time0, x0);
        poseAt(time1, x1);
        update();
    }

    /**
     * See {@link MeshCollider#setInterval} (the times are checked by the caller).
     *
     * @return whether the poses changed (false for the same interval again, which only ends a narrowing)
     */
    boolean setInterval(double t0, double t1) {
        if (t0 == time0 && t1 == time1) {
            at0 = x0;
            at1 = x1;
            return false;
        }
        time0 = t0;
        time1 = t1;
        if (frames != null) {
            poseAt(t0, x0);
            poseAt(t1, x1);
        } else if (pending) {
            pending = false;
        } else {
            System.arraycopy(x1, 0, x0, 0, x1.length);
        }
        update();
        return true;
    }

    /**
     * See {@link MeshCollider#setLooping(boolean, int)}.
     *
     * @return whether the poses changed (only with keyframes)
     */
    boolean setLooping(boolean loop, int fromFrame) {
        if (fromFrame < 0 || !loop && fromFrame != 0 || frames != null && fromFrame >= frames.count()) {
            throw new IllegalArgumentException(name + ": loop start frame " + fromFrame + " must be >= 0"
                    + (loop ? "" : " and 0 without looping")
                    + (frames == null ? "" : " and before the last keyframe (" + (frames.count() - 1) + ")"));
        }
        this.looping = loop;
        this.loopFrom = fromFrame;
        if (frames == null) {
            return false;
        }
        poseAt(time0, x0);
        poseAt(time1, x1);
        update();
        return true;
    }

    int loopStartFrame() {
        return loopFrom;
    }

    double keyframeDuration() {
        return frames == null ? 0 : frames.duration(looping);
    }

    boolean isLooping() {
        return looping;
    }

    /** See {@link MeshCollider#narrowInterval}. */
    void narrow(double t0, double t1) {
        if (!(t0 >= time0) || !(t1 <= time1) || !(t0 <= t1)) {
            throw new IllegalArgumentException(name + ": [" + t0 + ", " + t1 + "] is not a part of the interval ["
                    + time0 + ", " + time1 + "]");
        }
        if (t0 == time0 && t1 == time1) {
            at0 = x0;
            at1 = x1;
            return;
        }
        if (narrowed == null) {
            narrowed = new NarrowedPoses(vertexCount);
        }
        double span = time1 - time0;
        narrowed.narrow((t0 - time0) / span, (t1 - time0) / span);
        at0 = narrowed.start;
        at1 = narrowed.end;
    }

    /** Interpolates the vertices of triangle t of tris into the narrowed poses, if narrowed and not yet done. */
    void posed(int[] tris, int t) {
        if (at1 != x1) {
            for (int j = 0; j < 3; j++) {
                narrowed.pose(tris[3 * t + j], x0, x1);
            }
        }
    }

    /** Interpolates vertex v into the narrowed poses, if narrowed and not yet done. */
    void posedVertex(int v) {
        if (at1 != x1) {
            narrowed.pose(v, x0, x1);
        }
    }

    /** The keyframe pose at time t. */
    private void poseAt(double t, double[] out) {
        frames.poseAt(t, looping, loopFrom, out);
    }

    /** Velocities after a change of poses or interval; ends a narrowing. */
    private void update() {
        at0 = x0;
        at1 = x1;
        double dt = time1 - time0;
        for (int i = 0; i < vel.length; i++) {
            vel[i] = dt > 0 ? (x1[i] - x0[i]) / dt : 0;
        }
    }
}
