package org.isocloth.collision;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.isocloth.InputException;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheReader;
import org.isocloth.mesh.MeshLoadResult;
import org.isocloth.mesh.ObjReader;
import org.isocloth.mesh.TriMesh;

/**
 * Loads {@link MeshCollider}s from files: a static OBJ, an IsoCloth bake cache played as
 * keyframes, or a numbered sequence of OBJ files. Every error names the file or the collider.
 */
public final class MeshColliderFiles {
    private static final Logger LOG = Logger.getLogger(MeshColliderFiles.class.getName());
    /** A frame-number conversion of an OBJ sequence pattern: %d or %0Nd. */
    private static final Pattern CONVERSION = Pattern.compile("%(?:0[1-9])?d");

    private MeshColliderFiles() {
    }

    /**
     * Loads a static mesh collider from an OBJ file with {@link ObjReader} (which validates the
     * mesh and logs its repairs).
     *
     * @param name collider name (not null)
     * @param obj the OBJ file (not null)
     * @return the collider, at the interval [0, 0]
     * @throws InputException if the file cannot be read or holds an invalid mesh (the message,
     *     from {@link ObjReader}, names the file)
     */
    public static MeshCollider fromObj(String name, Path obj) {
        Objects.requireNonNull(name, "name");
        TriMesh mesh = ObjReader.read(obj, org.isocloth.mesh.MeshValidator.Purpose.COLLIDER).mesh;
        return new MeshCollider(name, mesh.triangles, mesh.positions);
    }

    /**
     * Loads an animated mesh collider from an IsoCloth bake cache: all its meshes, joined into one
     * collider, keyframed at the cache's fps: its first recorded frame at t = 0, frame k at k / fps.
     *
     * @param name collider name (not null)
     * @param cache the cache file (not null)
     * @param loop whether the frames repeat ({@link MeshCollider#setLooping})
     * @return the collider, posed for the interval [0, 0]
     * @throws InputException if the file cannot be read, is not a cache, or holds no frame
     */
    public static MeshCollider fromCache(String name, Path cache, boolean loop) {
        return fromCache(name, cache, loop, 0);
    }

    /**
     * {@link #fromCache(String, Path, boolean)} with an intro: with {@code loop}, the frames from
     * time {@code loopFrom} on repeat as a cycle after the ones before it have played once
     * ({@link MeshCollider#setLooping(boolean, int)}; the time is rounded to the nearest frame).
     *
     * @param loopFrom the cycle's start, s (finite, &ge; 0; 0 without {@code loop})
     * @throws InputException if the file cannot be read, is not a cache, holds no frame, or
     *     {@code loopFrom} is not before its last frame (the message names the file)
     */
    public static MeshCollider fromCache(String name, Path cache, boolean loop, double loopFrom) {
        Objects.requireNonNull(name, "name");
        try (CacheReader r = CacheReader.open(cache)) {
            if (r.frameCount() < 1) {
                throw new InputException(cache + ": the cache holds no frame");
            }
            int nodes = 0;
            int tris = 0;
            for (CacheCloth c : r.cloths()) {
                nodes += c.nodeCount();
                tris += c.triangles().length;
            }
            int[] t = new int[tris];
            int off = 0;
            int q = 0;
            for (CacheCloth c : r.cloths()) {
                for (int i : c.triangles()) {
                    t[q++] = i + off;
                }
                off += c.nodeCount();
            }
            double[][] frames = new double[r.frameCount()][3 * nodes];
            for (int f = 0; f < frames.length; f++) {
                int o = 0;
                for (int c = 0; c < r.clothCount(); c++) {
                    float[] p = r.readFrame(f, c);
                    for (int i = 0; i < p.length; i++) {
                        frames[f][o + i] = p[i];
                    }
                    o += p.length;
                }
            }
            long from = Math.round(loopFrom * r.fps());
            if (!(loopFrom >= 0) || !Double.isFinite(loopFrom) || !loop && loopFrom != 0
                    || from > 0 && from > frames.length - 2) {
                throw new InputException(cache + ": loopFrom " + loopFrom + " s must be >= 0"
                        + (loop ? "" : " and 0 without \"loop\": true") + " and before the cache's last frame ("
                        + (frames.length - 1) / r.fps() + " s)");
            }
            MeshCollider m = new MeshCollider(name, t, frames[0]);
            m.setLooping(loop, (int) from);
            m.setKeyframes(frames, r.fps());
            return m;
        } catch (java.io.IOException e) {
            throw new InputException(cache + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /**
     * Loads an animated mesh collider from a sequence of OBJ files, one per frame: frames 0, 1,
     * 2, ... are read until the next file does not exist, and frame {@code k} is the pose at time
     * {@code k / fps} (see {@link #setKeyframes}). Every frame must have the same triangles over
     * the same vertices as frame 0 (after {@link ObjReader}'s validation and vertex welding). All
     * frames are kept in memory.
     *
     * @param name collider name (not null)
     * @param pattern path of the frame files whose file name holds exactly one frame-number
     *     conversion, {@code %d} or {@code %0Nd} (e.g. {@code frames/body_%04d.obj}), and no other
     *     {@code %} (not null)
     * @param fps frames per second of the sequence (finite, &gt; 0)
     * @return the collider, posed for the interval [0, 0]
     * @throws IllegalArgumentException if the pattern or fps is invalid (the message names the
     *     collider)
     * @throws InputException if frame 0 is missing, a file cannot be read or holds an invalid
     *     mesh, or a frame's vertices or triangles differ from frame 0's (the message names the
     *     file)
     */
    public static MeshCollider fromObjSequence(String name, String pattern, double fps) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(pattern, name + ".pattern");
        Keyframes.checkFps(name, fps);
        Path base = Path.of(pattern);
        Path fileName = base.getFileName();
        String fn = fileName == null ? "" : fileName.toString();
        Matcher mt = CONVERSION.matcher(fn);
        int conversions = 0;
        while (mt.find()) {
            conversions++;
        }
        if (conversions != 1 || fn.chars().filter(ch -> ch == '%').count() != 1) {
            throw new IllegalArgumentException(name + ".pattern: the file name must contain"
                    + " exactly one frame-number conversion, %d or %0Nd such as %04d, and no other"
                    + " '%' (got \"" + pattern + "\")");
        }
        Path first = frameFile(name, base, fn, 0);
        MeshLoadResult r0 = ObjReader.read(first, org.isocloth.mesh.MeshValidator.Purpose.COLLIDER);
        List<double[]> poses = new ArrayList<>(List.of(r0.mesh.positions));
        for (int k = 1;; k++) {
            Path file = frameFile(name, base, fn, k);
            if (!Files.exists(file)) {
                break;
            }
            MeshLoadResult rk = ObjReader.read(file, org.isocloth.mesh.MeshValidator.Purpose.COLLIDER);
            String problem = sameTopology(r0, rk);
            if (problem != null) {
                throw new InputException(rk.mesh.source + ": " + problem + "; every frame of"
                        + " collider " + name + " must have the same vertices and triangles");
            }
            poses.add(rk.mesh.positions);
        }
        MeshCollider c = new MeshCollider(name, r0.mesh.triangles, r0.mesh.positions);
        c.setKeyframes(poses.toArray(new double[0][]), fps);
        LOG.info(() -> name + ": loaded " + poses.size() + " frames of " + pattern + " at " + fps
                + " frames/s");
        return c;
    }

    private static Path frameFile(String name, Path base, String fileName, int frame) {
        try {
            return base.resolveSibling(String.format(Locale.ROOT, fileName, frame));
        } catch (IllegalFormatException e) {
            throw new IllegalArgumentException(name + ".pattern: invalid frame-number conversion"
                    + " in \"" + fileName + "\"", e);
        }
    }

    /** Why frame k's mesh differs from frame 0's, as a phrase, or null when it does not. */
    private static String sameTopology(MeshLoadResult r0, MeshLoadResult rk) {
        TriMesh a = r0.mesh;
        TriMesh b = rk.mesh;
        if (b.vertexCount() != a.vertexCount()) {
            return "has " + b.vertexCount() + " vertices but frame 0 (" + a.source + ") has "
                    + a.vertexCount();
        }
        if (rk.vertexMap.length != r0.vertexMap.length) {
            return "has " + rk.vertexMap.length + " vertex statements but frame 0 (" + a.source
                    + ") has " + r0.vertexMap.length;
        }
        if (b.triangleCount() != a.triangleCount()) {
            return "has " + b.triangleCount() + " triangles but frame 0 (" + a.source + ") has "
                    + a.triangleCount();
        }
        if (!Arrays.equals(rk.vertexMap, r0.vertexMap)) {
            return "its vertices are welded or removed differently from those of frame 0 ("
                    + a.source + ")";
        }
        if (!Arrays.equals(b.triangles, a.triangles)) {
            return "its triangles differ from those of frame 0 (" + a.source + ")";
        }
        return null;
    }
}
