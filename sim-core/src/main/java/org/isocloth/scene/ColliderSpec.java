package org.isocloth.scene;

/**
 * One collider of a scene (an element of the JSON array {@code "colliders"}): an object with
 * exactly one kind key ({@code "sphere"}, {@code "capsule"}, {@code "box"}, {@code "plane"},
 * {@code "obj"} or {@code "objSequence"}) and the optional keys {@code "name"},
 * {@code "friction"} and, for the analytic kinds only, {@code "motion"}.
 *
 * <p>The analytic kinds ({@link AnalyticColliderSpec}) build their
 * {@link org.isocloth.collision.Collider} directly; the mesh kinds ({@link ObjColliderSpec},
 * {@link ObjSequenceSpec}) only name their files.
 */
public sealed interface ColliderSpec
        permits AnalyticColliderSpec, ObjColliderSpec, GltfColliderSpec, CacheColliderSpec, ObjSequenceSpec {

    /**
     * @return the collider's name, not blank; the reader's default is {@code "collider<i>"} where
     *     {@code i} is the collider's 0-based index in {@code "colliders"}
     */
    String name();

    /**
     * @return the collider's Coulomb friction coefficient in [0, 10], or NaN (the default, JSON
     *     field absent) to use the cloth material's
     */
    double friction();

    /**
     * @return the JSON key of this kind: {@code "sphere"}, {@code "capsule"}, {@code "box"},
     *     {@code "plane"}, {@code "obj"} or {@code "objSequence"}
     */
    String kind();
}
