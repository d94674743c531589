package org.isocloth.cache;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import org.isocloth.InputException;
import org.isocloth.UserFiles;

/**
 * Writes frames of a bake cache as glTF 2.0: a {@code .gltf} JSON file with the binary buffer
 * embedded as a base64 data URI, or a binary {@code .glb} (chosen by the file name's extension).
 *
 * <p>Every cloth's mesh has one triangle primitive: POSITION (float VEC3, with min/max), NORMAL
 * (smooth, unit length), TEXCOORD_0 when the cloth has UVs, and UNSIGNED_INT indices, with vertices
 * split at UV seams exactly like the jME render mesh ({@link RenderLayout}). Positions are the
 * cache's float32 values unchanged: metres, the scene's world coordinates, Y up (glTF's convention,
 * and the scenes'). glTF puts the texture origin at the top left, so TEXCOORD_0 holds (u, 1 − v) of
 * the cloth's (u, v); importers (Blender, jME's GltfLoader, three.js) undo that. A node whose normal
 * vanishes (no triangle area) gets (0, 1, 0), as glTF requires unit normals. Index and UV accessors
 * are written once per cloth and shared by all its meshes.
 *
 * <p>Three layouts:
 * <ul>
 * <li>One frame ({@link #writeFrame}): the scene holds one node per cloth, named after the cloth.
 * <li>A frame range as a morph-target animation ({@link #writeRange}, written by
 *     {@link GltfMorphAnimation}): one node and one mesh per cloth, named after the cloth, holding
 *     the range's first frame and one morph target per frame of the range, and an animation
 *     {@code bake} that switches the targets' weights so that frame j of the range shows on
 *     [j/fps, (j+1)/fps). At most {@link #MAX_MORPH_FRAMES} frames.
 * <li>A frame range as a flipbook ({@link #writeFlipbook}): one node per frame,
 *     {@code frame_NNNN} (scene frame numbers), whose children are the cloths' nodes
 *     {@code CLOTH_NNNN}, each with its own mesh, and an animation {@code bake} that shows one
 *     frame node at a time by switching its scale between 0 and 1, on the same intervals. Without
 *     playing the animation the first frame is visible (the others have scale 0). Every frame's
 *     positions are stored as they are in the cache.
 * </ul>
 * Both animations switch with LINEAR keys one float ulp apart (a key at the float just before the
 * switch keeps the old value), so each switch is a step even in importers that only interpolate
 * linearly, such as jME's; a last key at count/fps makes the clip last count/fps.
 *
 * <p>The file is built in memory and then written atomically ({@link AtomicFiles#write}). Before
 * any frame is read, an export is refused when it would hold more than {@link #MAX_MESHES} meshes,
 * a morph animation of more than {@link #MAX_MORPH_FRAMES} frames, or more than
 * {@link #MAX_BUFFER_BYTES} bytes of binary data ({@link #dataBytes}); every position read is
 * finite ({@link CacheReader#readFrame} refuses a frame that is not), so the accessors' min and max
 * are numbers.
 */
public final class GltfExport {
    static final int FLOAT = 5126;
    static final int UNSIGNED_INT = 5125;
    static final int ARRAY_BUFFER = 34962;
    static final int ELEMENT_ARRAY_BUFFER = 34963;
    /** Most meshes in one export: cloths, or frames × cloths in a flipbook. */
    public static final int MAX_MESHES = 20_000;
    /** Most frames (morph targets per mesh) in one morph-target animation. */
    public static final int MAX_MORPH_FRAMES = 4_096;
    /**
     * Most bytes of binary data (indices, UVs, positions, normals, morph targets, animation keys)
     * in one export: 1 GiB.
     */
    public static final long MAX_BUFFER_BYTES = 1L << 30;

    /** What an export holds. */
    enum Layout {
        /** One frame. */
        FRAME,
        /** A range as one mesh per cloth with a morph-target animation. */
        MORPH,
        /** A range as one node per frame with a scale animation. */
        FLIPBOOK
    }

    private GltfExport() {
    }

    /**
     * Exports one frame.
     *
     * @param cache the cache
     * @param frame frame index in [0, frameCount)
     * @param out a {@code .gltf} or {@code .glb} file (replaced atomically)
     * @throws IOException if the file cannot be written (message names it and the reason)
     * @throws InputException if the frame is out of range or corrupt, or the file name does not end
     *     in .gltf or .glb
     */
    public static void writeFrame(CacheReader cache, int frame, Path out) throws IOException {
        cache.checkFrame(frame);
        write(cache, frame, frame, Layout.FRAME, out);
    }

    /**
     * Exports frames {@code from..to} (inclusive) as one mesh per cloth with a morph-target
     * animation ({@link GltfMorphAnimation}).
     *
     * @param cache the cache
     * @param from first frame index
     * @param to last frame index (≥ from, &lt; frameCount, at most {@link #MAX_MORPH_FRAMES} frames)
     * @param out a {@code .gltf} or {@code .glb} file (replaced atomically)
     * @throws IOException if the file cannot be written (message names it and the reason)
     * @throws InputException if a frame is out of range or corrupt, the range is too long, or the
     *     file name does not end in .gltf or .glb
     */
    public static void writeRange(CacheReader cache, int from, int to, Path out) throws IOException {
        checkRange(cache, from, to);
        write(cache, from, to, Layout.MORPH, out);
    }

    /**
     * Exports frames {@code from..to} (inclusive) as a flipbook: one node per frame, shown one at a
     * time by a scale animation.
     *
     * @param cache the cache
     * @param from first frame index
     * @param to last frame index (≥ from, &lt; frameCount)
     * @param out a {@code .gltf} or {@code .glb} file (replaced atomically)
     * @throws IOException if the file cannot be written (message names it and the reason)
     * @throws InputException if a frame is out of range or corrupt, or the file name does not end
     *     in .gltf or .glb
     */
    public static void writeFlipbook(CacheReader cache, int from, int to, Path out) throws IOException {
        checkRange(cache, from, to);
        write(cache, from, to, Layout.FLIPBOOK, out);
    }

    /**
     * @param out a path
     * @return true for .glb, false for .gltf
     * @throws InputException for any other extension
     */
    public static boolean isBinary(Path out) {
        Path file = out.getFileName(); // null for a root directory
        String name = file == null ? "" : file.toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".glb")) {
            return true;
        }
        if (name.endsWith(".gltf")) {
            return false;
        }
        throw new InputException(UserFiles.shown(out)
                + ": a glTF file must end in .gltf (JSON, embedded buffer) or .glb (binary)");
    }

    private static void checkRange(CacheReader cache, int from, int to) {
        cache.checkFrame(from);
        cache.checkFrame(to);
        if (to < from) {
            throw new InputException(UserFiles.shown(cache.source()) + ": frame range " + from + ":" + to
                    + " is empty (the first frame is after the last)");
        }
    }

    private static void write(CacheReader cache, int from, int to, Layout layout, Path out) throws IOException {
        boolean binary = isBinary(out);
        int clothCount = cache.clothCount();
        RenderLayout[] layouts = new RenderLayout[clothCount];
        for (int c = 0; c < clothCount; c++) {
            layouts[c] = RenderLayout.of(cache.cloths().get(c));
        }
        long bytes = checkSize(cache, from, to, layouts, layout, out);
        GltfDocument doc = new GltfDocument(bytes);
        doc.asset.put("version", "2.0");
        doc.asset.put("generator", "IsoCloth cloth export");
        ObjectNode extras = doc.asset.putObject("extras");
        extras.put("cache", fileName(cache.source()));
        extras.put("fps", cache.fps());
        extras.put("firstFrame", cache.firstFrame() + from);
        extras.put("frames", to - from + 1);

        int[] indexAccessor = new int[clothCount];
        int[] uvAccessor = new int[clothCount];
        for (int c = 0; c < clothCount; c++) {
            RenderLayout l = layouts[c];
            int start = doc.bin.begin();
            for (int i : l.triangles) {
                doc.bin.putInt(i);
            }
            indexAccessor[c] = doc.accessor(doc.view(start, ELEMENT_ARRAY_BUFFER), UNSIGNED_INT, l.triangles.length,
                    "SCALAR", null, null);
            uvAccessor[c] = -1;
            if (l.uvs != null) {
                float[] uv = new float[l.uvs.length];
                for (int i = 0; i < uv.length; i += 2) {
                    uv[i] = l.uvs[i];
                    uv[i + 1] = 1 - l.uvs[i + 1];
                }
                uvAccessor[c] = doc.floats(uv, "VEC2", ARRAY_BUFFER, false);
            }
        }
        ArrayNode sceneNodes = doc.mapper.createArrayNode();
        if (layout == Layout.MORPH) {
            GltfMorphAnimation.add(doc, cache, from, to, layouts, indexAccessor, uvAccessor, sceneNodes);
        } else {
            frames(doc, cache, from, to, layouts, layout == Layout.FLIPBOOK, indexAccessor, uvAccessor, sceneNodes);
        }
        doc.root.put("scene", 0);
        doc.root.putArray("scenes").addObject().put("name", fileName(cache.source())).set("nodes", sceneNodes);
        ObjectNode buffer = doc.root.putArray("buffers").addObject();
        buffer.put("byteLength", doc.bin.size());
        byte[] data = doc.bin.bytes();
        byte[] file;
        if (binary) {
            byte[] json = doc.mapper.writeValueAsBytes(doc.root);
            int jsonPadded = (json.length + 3) & ~3;
            int binPadded = (data.length + 3) & ~3;
            long total = 12L + 8 + jsonPadded + 8 + binPadded;
            if (total > Integer.MAX_VALUE) {
                throw new InputException(UserFiles.shown(out) + ": the export would be " + total
                        + " bytes, more than a .glb can hold; export fewer frames");
            }
            ByteBuffer b = ByteBuffer.allocate((int) total).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(0x46546C67).putInt(2).putInt((int) total);
            b.putInt(jsonPadded).putInt(0x4E4F534A).put(json);
            for (int i = json.length; i < jsonPadded; i++) {
                b.put((byte) ' ');
            }
            b.putInt(binPadded).putInt(0x004E4942).put(data);
            file = b.array(); // remaining padding bytes are already 0
        } else {
            if (4L * ((data.length + 2) / 3) > Integer.MAX_VALUE - (1 << 20)) {
                throw new InputException(UserFiles.shown(out) + ": the embedded buffer of " + data.length
                        + " bytes is too large for a .gltf; export fewer frames or write a .glb");
            }
            buffer.put("uri", "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(data));
            file = doc.mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(doc.root);
        }
        AtomicFiles.write(out, s -> s.write(file));
    }

    /**
     * One frame (one node per cloth), or a flipbook: a node per frame with the cloths' nodes as
     * children, and the scale animation that shows one frame node at a time.
     */
    private static void frames(GltfDocument doc, CacheReader cache, int from, int to, RenderLayout[] layouts,
            boolean flipbook, int[] indexAccessor, int[] uvAccessor, ArrayNode sceneNodes) {
        int[] frameNode = new int[to - from + 1];
        for (int k = from; k <= to; k++) {
            int sceneFrame = cache.firstFrame() + k;
            ArrayNode children = null;
            if (flipbook) {
                frameNode[k - from] = doc.nodes.size();
                ObjectNode fn = doc.nodes.addObject();
                fn.put("name", String.format(Locale.ROOT, "frame_%04d", sceneFrame));
                if (k != from) {
                    fn.putArray("scale").add(0.0).add(0.0).add(0.0);
                }
                children = fn.putArray("children");
                sceneNodes.add(frameNode[k - from]);
            }
            for (int c = 0; c < layouts.length; c++) {
                RenderLayout l = layouts[c];
                float[] x = cache.readFrame(k, c);
                float[] p = new float[3 * l.vertexCount()];
                float[] n = new float[3 * l.vertexCount()];
                l.positions(x, p);
                unitNormals(l, x, n);
                int posAcc = doc.floats(p, "VEC3", ARRAY_BUFFER, true);
                int norAcc = doc.floats(n, "VEC3", ARRAY_BUFFER, false);
                String name = cache.cloths().get(c).name();
                if (flipbook) {
                    name = String.format(Locale.ROOT, "%s_%04d", name, sceneFrame);
                }
                ObjectNode mesh = doc.meshes.addObject();
                mesh.put("name", name);
                doc.primitive(mesh, posAcc, norAcc, uvAccessor[c], indexAccessor[c]);
                int nodeIndex = doc.nodes.size();
                ObjectNode node = doc.nodes.addObject();
                node.put("name", name);
                node.put("mesh", doc.meshes.size() - 1);
                if (flipbook) {
                    children.add(nodeIndex);
                } else {
                    sceneNodes.add(nodeIndex);
                }
            }
        }
        if (!flipbook || to == from) {
            return;
        }
        ObjectNode anim = doc.root.putArray("animations").addObject();
        anim.put("name", "bake");
        ArrayNode samplers = anim.putArray("samplers");
        ArrayNode channels = anim.putArray("channels");
        int count = to - from + 1;
        for (int j = 0; j < count; j++) {
            // frame j is shown (scale 1) on [j/fps, (j+1)/fps) and hidden (scale 0) otherwise; each
            // switch is a linear ramp one float ulp long (a key at nextDown(t) keeps the old value)
            float on = (float) (j / cache.fps());
            float off = (float) ((j + 1) / cache.fps());
            float[] times;
            float[] scale;
            if (j == 0) {
                times = new float[] {0, Math.nextDown(off), off};
                scale = new float[] {1, 1, 0};
            } else if (j == count - 1) {
                // a last key at count/fps gives the clip its full length: the last frame lasts 1/fps too
                times = new float[] {0, Math.nextDown(on), on, off};
                scale = new float[] {0, 0, 1, 1};
            } else {
                times = new float[] {0, Math.nextDown(on), on, Math.nextDown(off), off};
                scale = new float[] {0, 0, 1, 1, 0};
            }
            int in = doc.floats(times, "SCALAR", 0, true);
            float[] xyz = new float[3 * scale.length];
            for (int i = 0; i < xyz.length; i++) {
                xyz[i] = scale[i / 3];
            }
            int outAcc = doc.floats(xyz, "VEC3", 0, false);
            ObjectNode sampler = samplers.addObject();
            sampler.put("input", in);
            sampler.put("output", outAcc);
            sampler.put("interpolation", "LINEAR");
            ObjectNode ch = channels.addObject();
            ch.put("sampler", j);
            ObjectNode target = ch.putObject("target");
            target.put("node", frameNode[j]);
            target.put("path", "scale");
        }
    }

    /**
     * Smooth unit normals of a frame per render vertex ({@link RenderLayout#normals}), with
     * (0, 1, 0) where the normal vanishes.
     */
    static void unitNormals(RenderLayout l, float[] nodePositions, float[] out) {
        l.normals(nodePositions, out);
        for (int i = 0; i < out.length; i += 3) {
            if (out[i] == 0 && out[i + 1] == 0 && out[i + 2] == 0) {
                out[i + 1] = 1;
            }
        }
    }

    /** The last element of a file name or asset path; an asset path need not be a valid Path. */
    private static String fileName(String source) {
        try {
            Path name = Path.of(source).getFileName();
            return name == null ? source : name.toString();
        } catch (java.nio.file.InvalidPathException e) {
            return source.substring(source.lastIndexOf('/') + 1);
        }
    }

    /**
     * The binary data of an export. Once per cloth: 4 bytes per triangle corner (indices) and, with
     * UVs, 8 per render vertex. Per render vertex of every cloth: 24 bytes (position and normal) per
     * frame for one frame or a flipbook; for a morph animation 24 for the base frame and 24 per
     * frame (its target). Animation keys: for a flipbook at most 5 keys of 4 (time) + 12 (scale)
     * bytes per frame (an upper bound: the first and last frame have fewer, and one frame has none);
     * for a morph animation, shared by all cloths, 2 keys per frame, each of 4 bytes of time and one
     * 4-byte weight per frame (exact).
     *
     * @param layouts the cloths' render layouts
     * @param frames number of frames
     * @param morph true for a morph animation, false for one frame or a flipbook
     * @return bytes
     */
    static long dataBytes(RenderLayout[] layouts, long frames, boolean morph) {
        long bytes = morph ? 2 * frames * 4 * (1 + frames) : frames * 5 * 16;
        for (RenderLayout l : layouts) {
            bytes += 4L * l.triangles.length + (l.uvs != null ? 8L * l.vertexCount() : 0)
                    + (morph ? frames + 1 : frames) * 24L * l.vertexCount();
        }
        return bytes;
    }

    /**
     * Refuses an export of more than {@link #MAX_MESHES} meshes, a morph animation of more than
     * {@link #MAX_MORPH_FRAMES} frames, or more than {@link #MAX_BUFFER_BYTES} bytes of binary data
     * ({@link #dataBytes}), before any frame is read.
     *
     * @return the export's {@link #dataBytes}
     */
    private static long checkSize(CacheReader cache, int from, int to, RenderLayout[] layouts, Layout layout,
            Path out) {
        long frames = (long) to - from + 1;
        boolean morph = layout == Layout.MORPH;
        String what = UserFiles.shown(out) + ": " + frames + " frame" + (frames == 1 ? "" : "s") + " of "
                + layouts.length + " cloth" + (layouts.length == 1 ? "" : "s") + " from "
                + UserFiles.shown(cache.source());
        if (morph && frames > MAX_MORPH_FRAMES) {
            throw new InputException(what + " would make " + frames + " morph targets per mesh, more than the limit"
                    + " of " + MAX_MORPH_FRAMES + " (importers struggle with thousands of targets); export fewer"
                    + " frames or a flipbook (--flipbook)");
        }
        long meshes = morph ? layouts.length : frames * layouts.length;
        if (meshes > MAX_MESHES) {
            throw new InputException(what + " would make " + meshes + " meshes, more than the limit of " + MAX_MESHES
                    + "; export fewer " + (morph ? "cloths" : "frames"));
        }
        long bytes = dataBytes(layouts, frames, morph);
        if (bytes > MAX_BUFFER_BYTES) {
            throw new InputException(what + " would need " + (bytes >> 20) + " MiB of glTF data, more than the limit"
                    + " of " + (MAX_BUFFER_BYTES >> 20) + " MiB; export fewer frames");
        }
        return bytes;
    }
}
