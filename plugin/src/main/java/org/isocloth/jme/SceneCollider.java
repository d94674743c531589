package org.isocloth.jme;

import java.util.Objects;
import org.isocloth.collision.Collider;

/**
 * A collider that follows something in the jME scene (a Spatial, a Minie body, a skinned
 * character), bridging two threads.
 *
 * <p>{@link ClothAppState} calls, every frame in which it steps the simulation:
 * <ol>
 *   <li>{@link #capture()} on the render thread, while the simulation thread is idle: read the
 *       scene's current world pose into this object's own fields (never into the sim-core
 *       collider);</li>
 *   <li>{@link #beginInterval(double, double, double)} on the simulation thread: the previous
 *       capture was the pose at simulated time {@code t0}, the new one is the pose at {@code t1};
 *       set the sim-core collider up to move between them (collider velocities come from this
 *       motion). When the app state dropped simulated time since the previous capture (a stall, a
 *       solver slower than the game), the first part of the motion belongs to the dropped time:
 *       the collider then starts the interval at rest that far along its motion and moves
 *       through the rest, at the speed it had in the scene;</li>
 *   <li>{@link #beforeStep(double, double)} on the simulation thread before every time step
 *       {@code [s0, s1] ⊆ [t0, t1]} of that interval.</li>
 * </ol>
 * The sim-core {@link #collider()} is touched only by the simulation thread once it is
 * registered. The first capture has no predecessor: the collider starts at rest there. A collider
 * that jumps farther in one frame than {@link #getTeleportDistance()} is treated as teleported:
 * it appears at its new pose at rest instead of sweeping through the cloth.
 */
public abstract class SceneCollider {
    /** Default teleport distance, m. */
    public static final double DEFAULT_TELEPORT_DISTANCE = 2.0;

    private final String name;
    private double teleportDistance = DEFAULT_TELEPORT_DISTANCE;

    /**
     * @param name name used in messages and logs (not null)
     */
    protected SceneCollider(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** @return the name used in messages */
    public final String getName() {
        return name;
    }

    /** @return the sim-core collider this object drives (not null, always the same object) */
    public abstract Collider collider();

    /**
     * Reads the scene's current world pose (render thread, simulation idle).
     *
     * @return false when the source no longer exists (its Spatial left the scene, its body left
     *     the physics space): the collider is then dropped
     */
    public abstract boolean capture();

    /**
     * Moves the sim-core collider from the previous capture (pose at t0) to the last one (pose at
     * t1), simulation thread.
     *
     * @param t0 simulated time of the previous capture, s
     * @param t1 simulated time of the last capture, s ({@code > t0})
     * @param skipped the fraction of the motion between the two captures that belongs to dropped
     *     simulated time, in [0, 1): the collider starts at rest at that fraction of its motion
     */
    public abstract void beginInterval(double t0, double t1, double skipped);

    /**
     * Called on the simulation thread before each time step of the current interval.
     *
     * @param s0 start of the step, s
     * @param s1 end of the step, s
     */
    public void beforeStep(double s0, double s1) {
    }

    /** @return the largest per-frame jump treated as motion, m */
    public double getTeleportDistance() {
        return teleportDistance;
    }

    /**
     * @param distance the largest per-frame jump treated as motion, m (finite, &gt; 0)
     */
    public void setTeleportDistance(double distance) {
        if (!(distance > 0) || !Double.isFinite(distance)) {
            throw new IllegalArgumentException(name + ".teleportDistance: must be finite and > 0 (got "
                    + distance + ")");
        }
        this.teleportDistance = distance;
    }
}
