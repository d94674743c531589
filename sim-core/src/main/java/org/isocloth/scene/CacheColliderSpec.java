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
 */
public record CacheColliderSpec(String name, Path path, boolean loop, double friction) implements ColliderSpec {

    /**
     * Checks the components.
     *
     * @param name see the record description
     * @param path see the record description
     * @param loop see the record description
     * @param friction see the record description
     * @throws NullPointerException if {@code name} or {@code path} is null
     * @throws IllegalArgumentException if {@code name} is blank or {@code friction} is out of
     *     range
     */
    public CacheColliderSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        Objects.requireNonNull(path, "path");
        Check.require("friction", Check.optionalFriction(friction));
    }

    /** @return {@code "cache"} */
    @Override
    public String kind() {
        return "cache";
    }
}
