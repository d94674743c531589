package org.isocloth.scene;

import org.isocloth.collision.AnalyticCollider;

/**
 * A collider with an analytic shape (sphere, capsule, box, plane) and an optional constant rigid
 * motion (JSON {@code "motion": {"velocity": [..], "angularVelocity": [..]}}).
 */
public sealed interface AnalyticColliderSpec extends ColliderSpec
        permits SphereSpec, CapsuleSpec, BoxSpec, PlaneSpec {

    /** @return the rigid motion; {@link MotionSpec#still()} when the JSON has none */
    MotionSpec motion();

    /**
     * Builds the collider: its shape at time 0, its {@link #friction()} (NaN when absent) and its
     * {@link #motion()}. Each call returns a new instance, at the interval [0, 0].
     *
     * @return the configured collider
     */
    AnalyticCollider build();
}
