package org.isocloth.jme;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.collision.Collider;

/**
 * The colliders of the frame a {@link ClothAppState} simulates: gathered from the scene's and the
 * added {@link ColliderProvider}s, each pose captured once per frame on the render thread while
 * the worker is idle, with the sim-core colliders the solvers see. A provider or collider that
 * fails is logged and left out of the frame; the rest go on.
 */
final class FrameColliders {
    private static final Logger LOG = Logger.getLogger(ClothAppState.class.getName());

    private final List<ColliderProvider> providers = new ArrayList<>();
    private final List<SceneCollider> colliders = new ArrayList<>();
    private final List<Collider> simColliders = new ArrayList<>();

    /**
     * Sets the providers of the coming frame.
     *
     * @param found the providers found in the scene graph
     * @param added the providers added to the state
     */
    void setProviders(List<ColliderProvider> found, List<ColliderProvider> added) {
        providers.clear();
        providers.addAll(found);
        providers.addAll(added);
    }

    /** Captures every collider's pose; a collider seen for the first time starts at rest. */
    void capture() {
        List<SceneCollider> now = new ArrayList<>();
        for (ColliderProvider p : providers) {
            try {
                p.collectColliders(now);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "IsoCloth: collider provider " + p + " failed: " + e.getMessage(), e);
            }
        }
        List<SceneCollider> kept = new ArrayList<>();
        Map<SceneCollider, Boolean> seen = new IdentityHashMap<>();
        for (SceneCollider c : now) {
            if (seen.put(c, Boolean.TRUE) != null) {
                continue;
            }
            boolean isNew = !colliders.contains(c);
            try {
                if (c.capture()) {
                    if (isNew) {
                        // a new collider has no previous pose: capture twice so it starts at rest
                        c.capture();
                    }
                    kept.add(c);
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "IsoCloth: collider ''{0}'' skipped this frame: {1}",
                        new Object[] {c.getName(), e.getMessage()});
            }
        }
        boolean changed = !kept.equals(colliders);
        colliders.clear();
        colliders.addAll(kept);
        if (changed) {
            simColliders.clear();
            for (SceneCollider c : kept) {
                simColliders.add(c.collider());
            }
        }
    }

    /** @return the scene colliders of the last captured frame (live list) */
    List<SceneCollider> scene() {
        return colliders;
    }

    /** @return their sim-core colliders, the list the solvers hold (live list) */
    List<Collider> sim() {
        return simColliders;
    }

    /**
     * Logs a collider that failed while the worker moved it; it keeps its previous pose.
     *
     * @param c the collider
     * @param e the failure
     */
    static void failed(SceneCollider c, RuntimeException e) {
        LOG.log(Level.WARNING, "IsoCloth: collider ''{0}'' kept its previous pose: {1}",
                new Object[] {c.getName(), e.getMessage()});
    }
}
