package org.isocloth.jme;

import java.util.List;

/**
 * A source of {@link SceneCollider}s for {@link ClothAppState}: a Control found in the scene graph
 * (such as {@link ClothColliderControl}) or an object registered with
 * {@link ClothAppState#addColliderProvider}. Called on the render thread every frame the
 * simulation steps; return the same {@link SceneCollider} objects from frame to frame (their
 * motion between frames is what the cloth sees).
 */
public interface ColliderProvider {
    /**
     * Adds this provider's current colliders to {@code out}.
     *
     * @param out the list to add to (not null)
     */
    void collectColliders(List<SceneCollider> out);
}
