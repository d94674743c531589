package org.isocloth.cache;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import org.isocloth.UserFiles;

/**
 * Writes frames of a bake cache as glTF 2.0: a {@code .gltf} JSON file with the binary buffer
 * embedded as a base64 data URI, or a binary {@code .glb} (chosen by the file name's extension).
 *
 * <p>Every cloth becomes one mesh with one triangle primitive: POSITION (float VEC3, with min/max),
 * NORMAL (smooth, unit length), TEXCOORD_0 when the cloth has UVs, and UNSIGNED_INT indices, with
 * vertices split at UV seams exactly like the jME render mesh ({@link RenderLayout}). Positions are
 * the cache's float32 values unchanged: metres, the scene's world coordinates, Y up (glTF's
 * convention, and the scenes'). glTF puts the texture origin at the top left, so TEXCOORD_0 holds
 * (u, 1 − v) of the cloth's (u, v); importers (Blender, jME's GltfLoader, three.js) undo that. A
 * node whose normal vanishes (no triangle area) gets (0, 1, 0), as glTF requires unit normals.
 *
 * <p>One frame ({@link #writeFrame}): the scene holds one node per cloth, named after the cloth.
 * A range ({@link #writeRange}): a "flipbook" — one node per frame, {@code frame_NNNN} (scene frame
 * numbers), whose children are the cloths' nodes {@code CLOTH_NNNN}, each with its own mesh (index and
 * UV accessors are shared between frames), and an animation {@code bake} that shows one frame node
 * at a time by switching its scale between 0 and 1 (frame j of the range shown on
 * [j/fps, (j+1)/fps), the clip lasting count/fps; LINEAR keys one float ulp apart, so the switch is a step even in importers that
 * only interpolate linearly, such as jME's). Without playing the animation the first frame is visible (the others have
 * scale 0). Positions stay exact (morph targets would store float differences to a base frame and
 * lose bits).
 *
 * <p>The file is built in memory and then written atomically ({@link AtomicFiles#write}). Before
 * any frame is read, an export is refused when it would hold more than {@link #MAX_MESHES} meshes
 * (frames × cloths) or its binary data more than {@link #MAX_BUFFER_BYTES} bytes; every position
 * read is finite ({@link CacheReader#readFrame} refuses a frame that is not), so the accessors'
 * min and max are numbers.
 */
public final class GltfExport {
    private static final int FLOAT = 5126;
    private static final int UNSIGNED_INT = 5125;
    private static final int ARRAY_BUFFER = 34962;
    private static final int ELEMENT_ARRAY_BUFFER = 34963;
    /** Most meshes (frames × cloths) in one export. */
    public static final int MAX_MESHES = 20_000;
    /** Most bytes of binary data (indices, UVs, positions, normals, animation keys) in one export: 1 GiB. */
    public static final long MAX_BUFFER_BYTES = 1L << 30;

    private GltfExport() {
    }

    /**
     * Exports one frame.
     *
     * @param cache the cache
     * @param frame frame index in [0, frameCount)
     * @param out a {@code .gltf} or {@code .glb} file (replaced atomically)
     * @throws IOException if the file cannot be written (message names it and the reason)
     * @throws org.isocloth.InputException if the frame is out of range or corrupt, or the file
     *     name does not end in .gltf or .glb
     */
    public static void writeFrame(CacheReader cache, int frame, Path out) throws IOException {
        cache.checkFrame(frame);
        write(cache, frame, frame, false, out);
    }

    /**
     * Exports frames {@code from..to} (inclusive) as a flipbook animation.
     *
     * @param cache the cache
     * @param from first frame index
     * @param to last frame index (≥ from, &lt; frameCount)
     * @param out a {@code .gltf} or {@code .glb} file (replaced atomically)
     * @throws IOException if the file cannot be written (message names it and the reason)
     * @throws org.isocloth.InputException if a frame is out of range or corrupt, or the file name
     *     does not end in .gltf or .glb
     */
    public static void writeRange(CacheReader cache, int from, int to, Path out) throws IOException {
        cache.checkFrame(from);
        cache.checkFrame(to);
        if (to < from) {
            throw new org.isocloth.InputException(UserFiles.shown(cache.source()) + ": frame range " + from + ":" + to
                    + " is empty (the first frame is after the last)");
        }
        write(cache, from, to, true, out);
    }

    /**
     * @param out a path
     * @return true for .glb, false for .gltf
     * @throws org.isocloth.InputException for any other extension
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
        throw new org.isocloth.InputException(UserFiles.shown(out)
                + ": a glTF file must end in .gltf (JSON, embedded buffer) or .glb (binary)");
    }

    private static void write(CacheReader cache, int from, int to, boolean flipbook, Path out) throws IOException {
        boolean binary = isBinary(out);
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        ObjectNode asset = root.putObject("asset");
        asset.put("version", "2.0");
        asset.put("generator", "IsoCloth cloth export");
        ObjectNode extras = asset.putObject("extras");
        extras.put("cache", fileName(cache.source()));
        extras.put("fps", cache.fps());
        extras.put("firstFrame", cache.firstFrame() + from);
        extras.put("frames", to - from + 1);
        ArrayNode views = root.putArray("bufferViews");
        ArrayNode accessors = root.putArray("accessors");
        ArrayNode meshes = root.putArray("meshes");
        ArrayNode nodes = root.putArray("nodes");
        Bin bin = new Bin();

        int clothCount = cache.clothCount();
        RenderLayout[] layouts = new RenderLayout[clothCount];
        for (int c = 0; c < clothCount; c++) {
            layouts[c] = RenderLayout.of(cache.cloths().get(c));
        }
        checkSize(cache, from, to, layouts, out);
        int[] indexAccessor = new int[clothCount];
        int[] uvAccessor = new int[clothCount];
        for (int c = 0; c < clothCount; c++) {
            RenderLayout l = layouts[c];
            int start = bin.begin();
            for (int i : l.triangles) {
                bin.putInt(i);
            }
            indexAccessor[c] = accessor(accessors, view(views, start, bin, ELEMENT_ARRAY_BUFFER), UNSIGNED_INT,
                    l.triangles.length, "SCALAR", null, null);
            uvAccessor[c] = -1;
            if (l.uvs != null) {
                start = bin.begin();
                for (int i = 0; i < l.uvs.length; i += 2) {
                    bin.putFloat(l.uvs[i]);
                    bin.putFloat(1 - l.uvs[i + 1]);
                }
                uvAccessor[c] = accessor(accessors, view(views, start, bin, ARRAY_BUFFER), FLOAT, l.vertexCount(),
                        "VEC2", null, null);
            }
        }
        ArrayNode sceneNodes = mapper.createArrayNode();
        int[] frameNode = new int[to - from + 1];
        for (int k = from; k <= to; k++) {
            int sceneFrame = cache.firstFrame() + k;
            ArrayNode children = null;
            if (flipbook) {
                frameNode[k - from] = nodes.size();
                ObjectNode fn = nodes.addObject();
                fn.put("name", String.format(Locale.ROOT, "frame_%04d", sceneFrame));
                if (k != from) {
                    fn.putArray("scale").add(0.0).add(0.0).add(0.0);
                }
                children = fn.putArray("children");
                sceneNodes.add(frameNode[k - from]);
            }
            for (int c = 0; c < clothCount; c++) {
                CacheCloth cloth = cache.cloths().get(c);
                RenderLayout l = layouts[c];
                float[] x = cache.readFrame(k, c);
                float[] p = new float[3 * l.vertexCount()];
                float[] n = new float[3 * l.vertexCount()];
                l.positions(x, p);
                l.normals(x, n);
                double[] min = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
                double[] max = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
                int start = bin.begin();
                for (int i = 0; i < p.length; i++) {
                    bin.putFloat(p[i]);
                    min[i % 3] = Math.min(min[i % 3], p[i]);
                    max[i % 3] = Math.max(max[i % 3], p[i]);
                }
                int posAcc = accessor(accessors, view(views, start, bin, ARRAY_BUFFER), FLOAT, l.vertexCount(), "VEC3",
                        min, max);
                start = bin.begin();
                for (int i = 0; i < n.length; i += 3) {
                    boolean zero = n[i] == 0 && n[i + 1] == 0 && n[i + 2] == 0;
                    bin.putFloat(n[i]);
                    bin.putFloat(zero ? 1 : n[i + 1]);
                    bin.putFloat(n[i + 2]);
                }
                int norAcc = accessor(accessors, view(views, start, bin, ARRAY_BUFFER), FLOAT, l.vertexCount(), "VEC3",
                        null, null);
                ObjectNode mesh = meshes.addObject();
                mesh.put("name", flipbook ? String.format(Locale.ROOT, "%s_%04d", cloth.name(), sceneFrame)
                        : cloth.name());
                ObjectNode prim = mesh.putArray("primitives").addObject();
                ObjectNode attr = prim.putObject("attributes");
                attr.put("POSITION", posAcc);
                attr.put("NORMAL", norAcc);
                if (uvAccessor[c] >= 0) {
                    attr.put("TEXCOORD_0", uvAccessor[c]);
                }
                prim.put("indices", indexAccessor[c]);
                prim.put("mode", 4);
                int nodeIndex = nodes.size();
                ObjectNode node = nodes.addObject();
                node.put("name", mesh.get("name").asText());
                node.put("mesh", meshes.size() - 1);
                if (flipbook) {
                    children.add(nodeIndex);
                } else {
                    sceneNodes.add(nodeIndex);
                }
            }
        }
        if (flipbook && to > from) {
            ObjectNode anim = root.putArray("animations").addObject();
            anim.put("name", "bake");
            ArrayNode samplers = anim.putArray("samplers");
            ArrayNode channels = anim.putArray("channels");
            int count = to - from + 1;
            for (int j = 0; j < count; j++) {
                // frame j is shown (scale 1) on [j/fps, (j+1)/fps) and hidden (scale 0) otherwise; each
                // switch is a linear ramp one float ulp long (a key at nextDown(t) keeps the old value),
                // i.e. a step, also for importers that only interpolate linearly (jME's GltfLoader)
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
                int start = bin.begin();
                for (float t : times) {
                    bin.putFloat(t);
                }
                int in = accessor(accessors, view(views, start, bin, 0), FLOAT, times.length, "SCALAR",
                        new double[] {0}, new double[] {times[times.length - 1]});
                start = bin.begin();
                for (float s : scale) {
                    bin.putFloat(s);
                    bin.putFloat(s);
                    bin.putFloat(s);
                }
                int outAcc = accessor(accessors, view(views, start, bin, 0), FLOAT, times.length, "VEC3", null, null);
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
        root.put("scene", 0);
        root.putArray("scenes").addObject().put("name", fileName(cache.source()))
                .set("nodes", sceneNodes);
        ObjectNode buffer = root.putArray("buffers").addObject();
        buffer.put("byteLength", bin.size());
        byte[] data = bin.bytes();
        byte[] file;
        if (binary) {
            byte[] json = mapper.writeValueAsBytes(root);
            int jsonPadded = (json.length + 3) & ~3;
            int binPadded = (data.length + 3) & ~3;
            long total = 12L + 8 + jsonPadded + 8 + binPadded;
            if (total > Integer.MAX_VALUE) {
                throw new org.isocloth.InputException(UserFiles.shown(out) + ": the export would be " + total
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
                throw new org.isocloth.InputException(UserFiles.shown(out) + ": the embedded buffer of " + data.length
                        + " bytes is too large for a .gltf; export fewer frames or write a .glb");
            }
            buffer.put("uri", "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(data));
            file = mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        }
        AtomicFiles.write(out, s -> s.write(file));
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
     * An upper bound of the binary data of an export: per frame and cloth 12 bytes of position and
     * 12 of normal per render vertex; once per cloth 12 bytes of indices per triangle and 8 of UV
     * per render vertex; per frame at most 5 animation keys of 4 (time) + 12 (scale) bytes.
     *
     * @param layouts the cloths' render layouts
     * @param frames number of frames
     * @return bytes
     */
    static long dataBytes(RenderLayout[] layouts, long frames) {
        long bytes = frames * 5 * 16;
        for (RenderLayout l : layouts) {
            bytes += 4L * l.triangles.length + (l.uvs != null ? 8L * l.vertexCount() : 0)
                    + frames * 24L * l.vertexCount();
        }
        return bytes;
    }

    /**
     * Refuses an export of more than {@link #MAX_MESHES} meshes or {@link #MAX_BUFFER_BYTES} bytes
     * of binary data ({@link #dataBytes}), before any frame is read.
     */
    private static void checkSize(CacheReader cache, int from, int to, RenderLayout[] layouts, Path out) {
        long frames = (long) to - from + 1;
        long meshes = frames * layouts.length;
        long bytes = dataBytes(layouts, frames);
        String what = frames + " frame" + (frames == 1 ? "" : "s") + " of " + layouts.length + " cloth"
                + (layouts.length == 1 ? "" : "s");
        if (meshes > MAX_MESHES) {
            throw new org.isocloth.InputException(UserFiles.shown(out) + ": " + what + " from "
                    + UserFiles.shown(cache.source()) + " would make " + meshes + " meshes, more than the limit of "
                    + MAX_MESHES + "; export fewer frames");
        }
        if (bytes > MAX_BUFFER_BYTES) {
            throw new org.isocloth.InputException(UserFiles.shown(out) + ": " + what + " from "
                    + UserFiles.shown(cache.source()) + " would need " + (bytes >> 20) + " MiB of glTF data, more than"
                    + " the limit of " + (MAX_BUFFER_BYTES >> 20) + " MiB; export fewer frames");
        }
    }

    private static int view(ArrayNode views, int start, Bin bin, int target) {
        ObjectNode v = views.addObject();
        v.put("buffer", 0);
        v.put("byteOffset", start);
        v.put("byteLength", bin.size() - start);
        if (target != 0) {
            v.put("target", target);
        }
        return views.size() - 1;
    }

    private static int accessor(ArrayNode accessors, int view, int componentType, int count, String type,
            double[] min, double[] max) {
        ObjectNode a = accessors.addObject();
        a.put("bufferView", view);
        a.put("componentType", componentType);
        a.put("count", count);
        a.put("type", type);
        if (min != null) {
            ArrayNode mn = a.putArray("min");
            ArrayNode mx = a.putArray("max");
            for (int i = 0; i < min.length; i++) {
                mn.add((float) min[i]);
                mx.add((float) max[i]);
            }
        }
        return accessors.size() - 1;
    }

    /** A growable little-endian byte buffer; every view starts 4-byte aligned. */
    private static final class Bin {
        private ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);

        int begin() {
            return b.position(); // everything written is 4 bytes wide, so this is aligned
        }

        private void ensure(int n) {
            if (b.remaining() < n) {
                long cap = Math.max(2L * b.capacity(), (long) b.position() + n);
                if (cap > Integer.MAX_VALUE - 8) {
                    throw new org.isocloth.InputException("glTF export: the buffer exceeds 2 GB; export fewer frames");
                }
                ByteBuffer nb = ByteBuffer.allocate((int) cap).order(ByteOrder.LITTLE_ENDIAN);
                b.flip();
                nb.put(b);
                b = nb;
            }
        }

        void putInt(int v) {
            ensure(4);
            b.putInt(v);
        }

        void putFloat(float v) {
            ensure(4);
            b.putFloat(v);
        }

        int size() {
            return b.position();
        }

        byte[] bytes() {
            return java.util.Arrays.copyOf(b.array(), b.position());
        }
    }
}
