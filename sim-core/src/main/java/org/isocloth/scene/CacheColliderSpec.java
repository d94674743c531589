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
 * the last frame is held. With {@code loop} and {@code loopFrom} (JSON {@code "loopFrom": 1.0}) the
 * frames before that time play once and the rest repeat: a character baked from its bind pose,
 * blending into a walk, then walking on.
 *
 * <p>The reader resolves a relative path against the directory of the scene file (and normalizes
 * it) and checks that the file exists. The frames give the motion, so the collider cannot have a
 * {@code "motion"}.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param path the cache file (not null)
 * @param loop whether the frames repeat
 * @param loopFrom with {@code loop}, the time the repeating cycle starts, s (0: all frames repeat;
 *     the cache's reader rounds it to a frame and checks it against the cache's length)
 * @param friction see {@link ColliderSpec#friction()}
 * @param model for the jME previewer only (ignored by {@code cloth run}): the jME asset the cache
 *     was baked from, shown animated in its place (JSON {@code "model"}, e.g.
 *     {@code "Models/Jaime/Jaime.j3o"}), or null
 * @param clip for the previewer: the model's animation clip the cache holds, or null
 */
public record CacheColliderSpec(String name, Path path, boolean loop, double loopFrom, double friction, String model,
        String clip)
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
        this(name, path, loop, 0, friction, null, null);
    }

    /**
     * A cache collider whose frames all repeat (or none), with a model to show.
     *
     * @param name see the record description
     * @param path see the record description
     * @param loop see the record description
     * @param friction see the record description
     * @param model see the record description
     * @param clip see the record description
     */
    public CacheColliderSpec(String name, Path path, boolean loop, double friction, String model, String clip) {
        this(name, path, loop, 0, friction, model, clip);
    }

    /**
     * Checks the components.
     *
     * @param name see the record description
     * @param path see the record description
     * @param loop see the record description
     * @param loopFrom see the record description
     * @param friction see the record description
     * @param model see the record description
     * @param clip see the record description
     * @throws NullPointerException if {@code name} or {@code path} is null
     * @throws IllegalArgumentException if {@code name} is blank, {@code friction} is out of
     *     range, or {@code loopFrom} is negative, not finite, not 0 without {@code loop}, or given
     *     with a model (whose clip the previewer plays as one cycle from t = 0)
     */
    public CacheColliderSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        Objects.requireNonNull(path, "path");
        Check.require("friction", Check.optionalFriction(friction));
        if (!(loopFrom >= 0) || !Double.isFinite(loopFrom)) {
            throw new IllegalArgumentException("loopFrom: must be a finite number >= 0 (got " + loopFrom + ")");
        }
        if (loopFrom > 0 && !loop) {
            throw new IllegalArgumentException("loopFrom: needs \"loop\": true");
        }
        if (loopFrom > 0 && model != null) {
            throw new IllegalArgumentException("loopFrom: not with a \"model\" (the previewer plays its clip as one"
                    + " cycle from t = 0)");
        }
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
