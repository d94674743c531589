package org.isocloth.scene;

import java.nio.file.Path;
import java.util.Objects;

/**
 * An animated triangle-mesh collider played from an IsoCloth bake cache (JSON
 * {@code {"cache": {"path": "characters/jaime-walk.isocache", "loop": true}}}): every mesh of the
 * cache (an animated character baked by {@code org.isocloth.samples.CharacterBake}, or a cloth
 * baked by {@code cloth bake}, so that one garment can be layered over another) becomes one
 * collider whose vertices move as the cache's frames say: frame k is the pose at time
 * k / (the cache's fps), interpolated linearly between frames. With {@code loop} the frames are
 * one cycle that repeats (the last frame is followed by the first, for a walk cycle); without it
 * the last frame is held.
 *
 * <p>The reader resolves a relative path against the directory of the scene file (and normalizes
 * it) and checks that the file exists. The frames give the motion, so the collider cannot have a
 * {@code "motion"}.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param path the cache file (not null)
 * @param loop whether the frames repeat
 * @param friction see {@link ColliderSpec#friction()}
 * @param model for the jME previewer only (ignored by {@code cloth run}): the jME asset the cache
 *     was baked from, shown animated in its place (JSON {@code "model"}, e.g.
 *     {@code "Models/Jaime/Jaime.j3o"}), or null
 * @param clip for the previewer: the model's animation clip the cache holds, or null
 */
public record CacheColliderSpec(String name, Path path, boolean loop, double friction, String model, String clip)
        implements ColliderSpec {

    /**
     * A cache collider without a model to show.
     *
     * @param name see the record description
     * @param path see the record description
     * @param loop see the record description
     * @param friction see the record description
     */
    public CacheColliderSpec(String name, Path path, boolean loop, double friction) {
        this(name, path, loop, friction, null, null);
    }

    /**
     * Checks the components.
     *
     * @param name see the record description
     * @param path see the record description
     * @param loop see the record description
     * @param friction see the record description
     * @param model see the record description
     * @param clip see the record description
     * @throws NullPointerException if {@code name} or {@code path} is null
     * @throws IllegalArgumentException if {@code name} is blank or {@code friction} is out of
     *     range
     */
    public CacheColliderSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        Objects.requireNonNull(path, "path");
        Check.require("friction", Check.optionalFriction(friction));
        if (model != null) {
            Check.require("model", Check.nonBlank(model));
        }
        if (clip != null) {
            Check.require("clip", Check.nonBlank(clip));
            if (model == null) {
                throw new IllegalArgumentException("clip: needs a \"model\" to play it on");
            }
        }
    }

    /** @return {@code "cache"} */
    @Override
    public String kind() {
        return "cache";
    }
}
