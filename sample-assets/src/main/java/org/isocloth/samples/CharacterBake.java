package org.isocloth.samples;

import com.jme3.anim.AnimClip;
import com.jme3.anim.AnimComposer;
import com.jme3.anim.tween.action.BlendableAction;
import com.jme3.anim.util.AnimMigrationUtils;
import com.jme3.asset.AssetManager;
import com.jme3.asset.AssetNotFoundException;
import com.jme3.asset.DesktopAssetManager;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheWriter;
import org.isocloth.jme.SkinnedColliderControl;

/**
 * Bakes one cycle of an animated character's clip into an IsoCloth bake cache, so that scene
 * files run by {@code cloth run} (no jME there) can use the character as a moving collider
 * ({@code {"cache": {"path": ..., "loop": true}}}, docs/scenes.md). The skin is computed on the
 * CPU exactly as {@link SkinnedColliderControl} computes it for the plugin: its welded, hole-capped
 * meshes, one cache entry per skinned geometry.
 *
 * <p>By default frames are sampled at {@code fps} from t = 0 over one length of the clip (without
 * jME's blend from the bind pose), without the frame at the clip's end (it equals frame 0 for a
 * cyclic clip), so that a looping playback repeats the cycle seamlessly. With SECONDS, that long
 * from the bind pose, blending into the clip over {@link #BLEND_SECONDS} (for a garment dressed on
 * the bind pose); with {@code cycle}, the blend and then one cycle, for a scene that loops the cycle
 * after the blend ({@link #bakeBlendThenCycle}). Usage:
 * {@code CharacterBake MODEL CLIP OUT.isocache [FPS [SECONDS|cycle]]}, MODEL an asset
 * path such as {@code Models/Jaime/Jaime.j3o} (jME's locators, jme3-testdata on the classpath).
 */
public final class CharacterBake {
    private static final Logger LOG = Logger.getLogger(CharacterBake.class.getName());

    /** Length of the blend from the bind pose into the clip when baking from the bind pose, s. */
    public static final double BLEND_SECONDS = 1.0;

    private CharacterBake() {
    }

    /**
     * What was baked.
     *
     * @param frames frames written
     * @param vertices collider vertices per frame (all geometries)
     * @param triangles collider triangles
     * @param clipLength the clip's length, s
     */
    public record Result(int frames, int vertices, int triangles, double clipLength) {
    }

    /**
     * Bakes one cycle of a clip.
     *
     * @param assets asset manager that can load the model
     * @param model the model's asset path
     * @param clip the clip's name
     * @param fps frames per second (finite, &gt; 0)
     * @param out the cache file to write (replaced only when complete)
     * @return what was baked
     * @throws InputException if the model cannot be loaded, has no such clip or no skinned mesh
     * @throws IOException if the cache cannot be written
     */
    public static Result bake(AssetManager assets, String model, String clip, double fps, Path out)
            throws IOException {
        return bake(assets, model, clip, fps, 0, out);
    }

    /**
     * Bakes a clip: one cycle for looping playback ({@code seconds} = 0), or {@code seconds} of
     * it starting from the model's bind pose and blending into the clip over
     * {@link #BLEND_SECONDS} — the way to dress a character in its bind pose (a T-pose) and then let
     * it move.
     *
     * @param assets asset manager that can load the model
     * @param model the model's asset path
     * @param clip the clip's name
     * @param fps frames per second (finite, &gt; 0)
     * @param seconds length to bake from the bind pose, s (0: one cycle without the blend)
     * @param out the cache file to write (replaced only when complete)
     * @return what was baked
     * @throws InputException if the model cannot be loaded, has no such clip or no skinned mesh,
     *     or a number is out of range
     * @throws IOException if the cache cannot be written
     */
    public static Result bake(AssetManager assets, String model, String clip, double fps, double seconds, Path out)
            throws IOException {
        return bake(assets, model, clip, fps, seconds, false, out);
    }

    /**
     * Bakes the blend from the model's bind pose into a clip ({@link #BLEND_SECONDS}) and then one
     * cycle of the clip: round(BLEND_SECONDS · fps) + round(clip length · fps) frames. Played with
     * {@code "loop": true, "loopFrom": BLEND_SECONDS} (docs/scenes.md), the character is dressed
     * in its bind pose, blends into the clip once and then repeats its cycle for as long as the
     * scene runs.
     *
     * @param assets asset manager that can load the model
     * @param model the model's asset path
     * @param clip the clip's name
     * @param fps frames per second (finite, &gt; 0)
     * @param out the cache file to write (replaced only when complete)
     * @return what was baked
     * @throws InputException if the model cannot be loaded, has no such clip or no skinned mesh,
     *     or fps is out of range
     * @throws IOException if the cache cannot be written
     */
    public static Result bakeBlendThenCycle(AssetManager assets, String model, String clip, double fps, Path out)
            throws IOException {
        return bake(assets, model, clip, fps, 0, true, out);
    }

    private static Result bake(AssetManager assets, String model, String clip, double fps, double seconds,
            boolean blendThenCycle, Path out) throws IOException {
        if (!(seconds >= 0) || !Double.isFinite(seconds)) {
            throw new InputException("seconds: must be a finite number >= 0 (got " + seconds + ")");
        }
        if (!(fps > 0) || !Double.isFinite(fps)) {
            throw new InputException("fps: must be a finite number > 0 (got " + fps + ")");
        }
        Spatial character;
        try {
            character = AnimMigrationUtils.migrate(assets.loadModel(model));
        } catch (AssetNotFoundException e) {
            throw new InputException(model + ": no such model asset");
        }
        Node root = new Node("bake");
        root.attachChild(character);
        AnimComposer composer = character instanceof Node n ? findComposer(n) : character.getControl(AnimComposer.class);
        if (composer == null) {
            throw new InputException(model + ": the model has no animation (no AnimComposer)");
        }
        AnimClip animClip = composer.getAnimClip(clip);
        if (animClip == null) {
            throw new InputException(model + ": no clip named '" + clip + "' (clips: " + composer.getAnimClipsNames()
                    + ")");
        }
        composer.setCurrentAction(clip);
        if (composer.action(clip) instanceof BlendableAction b) {
            // a cycle of the clip itself, or a gentle blend from the bind pose
            b.setTransitionLength(seconds == 0 && !blendThenCycle ? 0 : BLEND_SECONDS);
        }
        SkinnedColliderControl skin = new SkinnedColliderControl();
        skin.setCapHoles(true);
        character.addControl(skin);
        double length = animClip.getLength();
        int frames = blendThenCycle
                ? (int) Math.round(BLEND_SECONDS * fps) + Math.max(1, (int) Math.round(length * fps))
                : Math.max(1, (int) Math.round((seconds == 0 ? length : seconds) * fps));
        root.updateLogicalState(0);
        root.updateGeometricState();
        List<SkinnedColliderControl.SkinCollider> colliders = skin.currentColliders();
        if (colliders.isEmpty()) {
            throw new InputException(model + ": no skinned geometry to bake");
        }
        List<CacheCloth> entries = new ArrayList<>();
        int vertices = 0;
        int triangles = 0;
        for (SkinnedColliderControl.SkinCollider c : colliders) {
            int[] t = c.triangles();
            entries.add(new CacheCloth(c.geometry().getName(), c.vertexCount(), t, null, null));
            vertices += c.vertexCount();
            triangles += t.length / 3;
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        try (CacheWriter w = CacheWriter.create(out, fps, 0, entries)) {
            double[][] positions = new double[colliders.size()][];
            for (int f = 0; f < frames; f++) {
                if (f > 0) {
                    root.updateLogicalState((float) (1.0 / fps));
                    root.updateGeometricState();
                }
                for (int i = 0; i < colliders.size(); i++) {
                    SkinnedColliderControl.SkinCollider c = colliders.get(i);
                    if (!c.capture()) {
                        throw new IllegalStateException(c.getName() + ": the skin could not be read");
                    }
                    positions[i] = c.capturedPositions().clone();
                }
                w.appendFrame(positions);
            }
            w.finish();
        }
        LOG.log(Level.INFO, "{0} {1}: {2} frames at {3} fps ({4} vertices, {5} triangles) -> {6}",
                new Object[] {model, clip, frames, fps, vertices, triangles, out});
        return new Result(frames, vertices, triangles, length);
    }

    /**
     * Makes a model named by a file path loadable: if {@code base.resolve(model)} is a file, its
     * directory becomes an asset root of {@code assets} (a {@link com.jme3.asset.plugins.FileLocator})
     * and the file's name is returned; otherwise {@code model} is returned unchanged, an asset
     * path on the asset manager's roots (the class path: {@code Models/Jaime/Jaime.j3o} from
     * jme3-testdata).
     *
     * @param assets the asset manager
     * @param model a file path (relative to {@code base}) or an asset path
     * @param base the directory relative file paths start from
     * @return the asset key to load
     */
    public static String locate(AssetManager assets, String model, Path base) {
        Path file;
        try {
            file = base.resolve(model).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            return model;
        }
        if (!Files.isRegularFile(file)) {
            return model;
        }
        assets.registerLocator(file.getParent().toString(), com.jme3.asset.plugins.FileLocator.class);
        return file.getFileName().toString();
    }

    private static AnimComposer findComposer(Node n) {
        AnimComposer[] found = new AnimComposer[1];
        n.depthFirstTraversal(s -> {
            if (found[0] == null && s.getControl(AnimComposer.class) != null) {
                found[0] = s.getControl(AnimComposer.class);
            }
        });
        return found[0];
    }

    /**
     * @param args MODEL CLIP OUT.isocache [FPS [SECONDS]]; MODEL is a model file (j3o, Ogre
     *     {@code .mesh.xml}, glTF) or an asset path on the class path; SECONDS {@code cycle} bakes
     *     {@link #bakeBlendThenCycle}
     */
    public static void main(String[] args) {
        if (args.length < 3 || args.length > 5) {
            System.err.println("usage: CharacterBake MODEL CLIP OUT.isocache [FPS [SECONDS]]   (e.g. "
                    + "Models/Jaime/Jaime.j3o Walk jaime-walk.isocache 30; SECONDS: bake that long from the bind pose,"
                    + " or 'cycle': the blend from the bind pose, then one cycle)");
            System.exit(2);
        }
        try {
            double fps = args.length >= 4 ? Double.parseDouble(args[3]) : 30;
            boolean cycle = args.length == 5 && args[4].equals("cycle");
            double seconds = args.length == 5 && !cycle ? Double.parseDouble(args[4]) : 0;
            AssetManager assets = new DesktopAssetManager(true);
            // a model file on disk (relative to the working directory), or an asset on the class path
            Result r = bake(assets, locate(assets, args[0], Path.of("")), args[1], fps, seconds, cycle,
                    Path.of(args[2]));
            System.out.printf(Locale.ROOT, "%s %s: %d frames (%.3f s clip), %d vertices, %d triangles -> %s%n", args[0],
                    args[1], r.frames(), r.clipLength(), r.vertices(), r.triangles(), args[2]);
        } catch (NumberFormatException e) {
            System.err.println("CharacterBake: error: FPS and SECONDS must be numbers (" + e.getMessage() + ")");
            System.exit(2);
        } catch (InputException e) {
            System.err.println("CharacterBake: error: " + e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("CharacterBake: cannot write " + args[2] + ": " + e.getMessage());
            System.exit(1);
        }
    }
}
