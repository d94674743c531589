package org.isocloth.mesh;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;
import org.isocloth.JacksonMessages;
import org.isocloth.UserFiles;

/**
 * Reads glTF 2.0 triangle meshes ({@code .gltf} and {@code .glb}) into one validated
 * {@link TriMesh}: the counterpart of {@link ObjReader} for garments and static characters.
 *
 * <p><b>Containers.</b> A {@code .gltf} file is JSON whose buffers are external files (a relative
 * URI, percent-decoded and resolved against the directory of the {@code .gltf}) or base64 data
 * URIs ({@code data:application/octet-stream;base64,} or {@code data:application/gltf-buffer;
 * base64,}). A {@code .glb} file (or any file starting with the GLB magic {@code "glTF"}) is the
 * binary container: a 12-byte header (magic, version 2, total length), a JSON chunk, and an
 * optional BIN chunk, which is {@code buffers[0]} when that buffer has no {@code uri}. Only the
 * first {@code byteLength} bytes of a buffer are used; a buffer holding fewer bytes is an error.
 * Buffers are loaded only when an accessor that is read needs them.
 *
 * <p><b>What is read.</b> The scene {@code scene} (or {@code scenes[0]}, or, in a file without
 * scenes, every node that is no other node's child) is walked depth first, children in the order
 * listed. Every primitive of every node's mesh is read (a mesh used by several nodes is read once
 * per node) with the node's world transform applied to its positions: parent &times; child,
 * where a node's local transform is its {@code matrix} (column-major) or else translation
 * &times; rotation (unit quaternion {@code [x, y, z, w]}) &times; scale. Units are metres and +Y
 * is up, as in IsoCloth, so positions are not converted otherwise. Primitives must have mode 4
 * (TRIANGLES, the default) and these attributes:
 * <ul>
 *   <li>{@code POSITION}: FLOAT VEC3, required;
 *   <li>{@code TEXCOORD_0}: VEC2 of FLOAT, or of normalized UNSIGNED_BYTE or UNSIGNED_SHORT;
 *       optional. glTF puts the texture origin at the top left, OBJ (and IsoCloth) at the bottom
 *       left, so each (u, v) is stored as <b>(u, 1 &minus; v)</b>: the UVs equal those
 *       {@link ObjReader} gives for the same model exported as OBJ, and undo the flip that
 *       {@code org.isocloth.cache.GltfExport} applies when writing;
 *   <li>{@code indices}: SCALAR of UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT; without them
 *       the vertices form triangles in order.
 * </ul>
 * Accessor and bufferView byte offsets and {@code byteStride} (interleaved vertex data) are
 * honoured; data are little-endian. Other attributes (normals, tangents, colours, joints and
 * weights, further texture coordinates), materials, textures, cameras and animations are
 * ignored.
 *
 * <p><b>Building the mesh.</b> All primitives are concatenated into one mesh. glTF splits a
 * vertex wherever its UV or normal changes (UV seams, hard edges); so that the cloth stays one
 * connected manifold, vertices whose transformed positions are bit-identical (with
 * {@code -0.0 == 0.0}) become one mesh vertex, also across primitives and nodes, while the UVs
 * stay per triangle corner ({@link TriMesh#triangleUvs}). Mesh vertices are numbered in order of
 * first use by the triangles, triangles in reading order. Winding is kept; under a node whose
 * world transform mirrors (negative determinant) the corners of each triangle are reversed, since
 * glTF then treats clockwise triangles as front-facing. The mesh then passes
 * {@link MeshValidator} exactly as OBJ meshes do (nearly coincident vertices are welded with a
 * warning; degenerate or zero-area triangles, NaN, non-manifold edges and vertices and
 * inconsistent winding are errors). In its messages, vertex numbers are the mesh vertices above
 * and triangle numbers count over all primitives read; the message ends with a note mapping
 * triangle ranges to primitives.
 *
 * <p><b>Warnings</b> (one line each, in the result and logged at {@code WARNING}): primitives
 * under a node whose world transform has scale 0 are skipped (a common way to hide nodes; e.g.
 * every frame but the first of a flipbook written by {@code GltfExport}); skins are ignored (the
 * mesh is read in its bind pose, placed by its node's transform, which is the pose shown when the
 * skeleton is in its bind pose), as are morph targets with non-zero default weights (the base
 * shape is read) and {@code EXT_mesh_gpu_instancing}; if some primitives have TEXCOORD_0 and
 * others not, the mesh gets no UVs. Required extensions that only concern materials, textures or
 * lights ({@code KHR_materials_*}, {@code KHR_texture_*}, {@code EXT_texture_*},
 * {@code KHR_lights_punctual}) are accepted silently, since they do not change the geometry.
 *
 * <p><b>Errors</b> are {@link InputException}s with one line naming the file, the element (for
 * example {@code meshes[0].primitives[1]}, {@code accessors[3]}, {@code buffers[0]},
 * {@code GLB header}) and the reason: malformed JSON (with line and column), a version other than
 * 2.x, a bad GLB header or chunk, any other required extension (for example
 * {@code KHR_draco_mesh_compression}), sparse accessors, a missing or short buffer file, views
 * and accessors reaching past the end of their data, wrong accessor types, indices out of range,
 * a position beyond &plusmn;{@value MeshValidator#MAX_COORDINATE} m after the node transforms or a
 * texture coordinate beyond &plusmn;{@value MeshValidator#MAX_TEXTURE_COORDINATE} (naming the
 * accessor, the element and the node), a buffer URI that is an absolute path, a file or buffer
 * file that is not a regular file (a FIFO or device is refused without being opened),
 * a non-triangle primitive mode, a node hierarchy that is not a set of trees, more than
 * {@value #MAX_VERTICES} vertices or {@value #MAX_TRIANGLES} triangles in total, and a scene
 * without triangles. All sizes are checked against the data before anything is allocated.
 */
public final class GltfReader {
    private static final Logger LOG = Logger.getLogger(GltfReader.class.getName());

    /** Most POSITION elements that the primitives read from one file may have in total. */
    public static final int MAX_VERTICES = 1 << 25;
    /** Most triangles that one file may contribute. */
    public static final int MAX_TRIANGLES = 1 << 25;

    private static final int GLB_MAGIC = 0x46546C67; // "glTF" little-endian
    private static final int CHUNK_JSON = 0x4E4F534A; // "JSON"
    private static final int CHUNK_BIN = 0x004E4942; // "BIN\0"
    /** Largest Java array; larger files and buffers are refused. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private static final int BYTE = 5120;
    private static final int UNSIGNED_BYTE = 5121;
    private static final int SHORT = 5122;
    private static final int UNSIGNED_SHORT = 5123;
    private static final int UNSIGNED_INT = 5125;
    private static final int FLOAT = 5126;
    private static final int TRIANGLES = 4;

    private static final String[] MODE_NAMES = {"POINTS", "LINES", "LINE_LOOP", "LINE_STRIP",
        "TRIANGLES", "TRIANGLE_STRIP", "TRIANGLE_FAN"};
    /** Required-extension name prefixes that do not change the geometry read here. */
    private static final List<String> GEOMETRY_NEUTRAL = List.of("KHR_materials_", "KHR_texture_",
            "EXT_texture_", "KHR_lights_punctual");
    /** Unsupported required extensions named in a message. */
    private static final int MAX_EXTENSIONS_LISTED = 4;
    /** Triangle ranges listed in the numbering note of a validation error. */
    private static final int MAX_RANGES_LISTED = 6;
    private static final double[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    private static final ObjectMapper MAPPER = createMapper();

    private GltfReader() {
    }

    private static ObjectMapper createMapper() {
        JsonFactory factory = new JsonFactory();
        // embedded base64 buffers are long strings; Jackson's default limit is 20 M characters
        factory.setStreamReadConstraints(
                StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build());
        return JsonMapper.builder(factory)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    /**
     * Reads and validates a glTF 2.0 file ({@code .gltf} or {@code .glb}). The file name (without
     * directories) is the mesh's {@link TriMesh#source} and starts every message.
     *
     * @param file the {@code .gltf} or {@code .glb} file; not null. External buffers are looked
     *     up relative to its directory.
     * @return the validated mesh (UVs per corner in OBJ convention, see the class description),
     *     the warnings, and the vertex map: for every POSITION element of every primitive read,
     *     concatenated in reading order (a mesh used by two nodes counts twice), its mesh vertex,
     *     or -1 if no triangle uses it
     * @throws InputException if the file or a buffer cannot be read, is malformed, uses an
     *     unsupported feature or describes an invalid mesh
     * @throws NullPointerException if {@code file} is null
     */
    public static MeshLoadResult read(Path file) {
        return read(file, MeshValidator.Purpose.CLOTH);
    }

    /**
     * Reads and validates a glTF 2.0 file for the given purpose (a collider mesh is not held to
     * the cloth-only rules of {@link MeshValidator}); otherwise as {@link #read(Path)}.
     *
     * @param file the {@code .gltf} or {@code .glb} file; not null
     * @param purpose what the mesh is for; not null
     * @return the validated mesh, the warnings and the vertex map, as {@link #read(Path)}
     * @throws InputException if the file or a buffer cannot be read, is malformed, uses an
     *     unsupported feature or describes an invalid mesh
     * @throws NullPointerException if an argument is null
     */
    public static MeshLoadResult read(Path file, MeshValidator.Purpose purpose) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(purpose, "purpose");
        Path name = file.getFileName();
        String source = UserFiles.shown(name == null ? file.toString() : name.toString());
        long size;
        try {
            size = UserFiles.requireRegularFile(file, "glTF mesh");
        } catch (InputException e) {
            throw new InputException(source + ": " + e.getMessage(), e);
        }
        byte[] bytes;
        try {
            if (size > MAX_ARRAY) {
                throw new InputException(source + ": the file has " + size
                        + " bytes, more than the 2 GB a glTF file can have");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InputException(source + ": cannot read " + UserFiles.shown(file)
                    + ": " + Fmt.ioFailure(e), e);
        }
        return new Parser(file, source, purpose).parse(bytes);
    }

    // ------------------------------------------------------------------------ parser

    /** The state of reading one file. */
    private static final class Parser {
        private final String source;
        private final MeshValidator.Purpose purpose;
        private final Path dir;
        private final List<String> warnings = new ArrayList<>();
        private JsonNode root;
        private boolean glb;
        /** The GLB BIN chunk, or null. */
        private ByteBuffer binChunk;
        /** Loaded buffers, little-endian, capacity = byteLength; null until first used. */
        private ByteBuffer[] buffers;
        private String sceneWhere;

        // the mesh being built
        private final PositionWelder welder = new PositionWelder();
        private final IntList triangles = new IntList();
        private final IntList triangleUvs = new IntList();
        private final DoubleList uvs = new DoubleList();
        /** Mesh vertex of every POSITION element read (-1 when unused), in reading order. */
        private final IntList rawToMesh = new IntList();
        /** "first-last meshes[m].primitives[p] in nodes[n]" for every primitive read. */
        private final List<String> ranges = new ArrayList<>();
        /** glTF vertices used by triangles, over all primitives read. */
        private long used;
        private int withUvs;
        private int withoutUvs;
        private String firstWithoutUvs;
        private int hidden;
        private String firstHidden;
        private int meshInstances;

        Parser(Path file, String source, MeshValidator.Purpose purpose) {
            this.source = source;
            this.purpose = purpose;
            Path parent = file.getParent();
            this.dir = parent == null ? Path.of("") : parent;
        }

        MeshLoadResult parse(byte[] bytes) {
            boolean magic = bytes.length >= 4 && ByteBuffer.wrap(bytes, 0, 4)
                    .order(ByteOrder.LITTLE_ENDIAN).getInt() == GLB_MAGIC;
            if (magic || source.toLowerCase(Locale.ROOT).endsWith(".glb")) {
                glb = true;
                parseGlb(bytes);
            } else {
                root = parseJson(bytes, 0, bytes.length, "");
            }
            checkAsset();
            checkRequiredExtensions();
            buffers = new ByteBuffer[array("buffers").size()];
            walkScene();
            return finish();
        }

        // -------------------------------------------------------------------- containers

        private void parseGlb(byte[] bytes) {
            if (bytes.length < 12) {
                throw fail("GLB header: the file has only " + bytes.length
                        + " bytes, a GLB header needs 12 (truncated?)");
            }
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            int magic = b.getInt(0);
            if (magic != GLB_MAGIC) {
                throw fail(String.format(Locale.ROOT, "GLB header: bad magic 0x%08x (expected"
                        + " 0x%08x, \"glTF\"); this is not a binary glTF file", magic, GLB_MAGIC));
            }
            int version = b.getInt(4);
            if (version != 2) {
                throw fail("GLB header: container version " + Integer.toUnsignedString(version)
                        + "; only version 2 (glTF 2.0) is supported");
            }
            long length = Integer.toUnsignedLong(b.getInt(8));
            if (length > bytes.length) {
                throw fail("GLB header: length " + length + " bytes but the file has only "
                        + bytes.length + " (truncated?)");
            }
            if (length < 20) {
                throw fail("GLB header: length " + length
                        + " bytes leaves no room for the JSON chunk");
            }
            if (length < bytes.length) {
                warn("GLB header: ignored " + (bytes.length - length)
                        + " bytes after the length given in the header");
            }
            int end = (int) length;
            int pos = 12;
            int jsonOffset = -1;
            int jsonLength = 0;
            for (int chunk = 0; pos < end; chunk++) {
                String where = "GLB chunk " + chunk;
                if (end - pos < 8) {
                    throw fail(where + ": only " + (end - pos)
                            + " bytes left for its 8-byte header (truncated?)");
                }
                long chunkLength = Integer.toUnsignedLong(b.getInt(pos));
                int type = b.getInt(pos + 4);
                if (chunkLength > end - pos - 8) {
                    throw fail(where + " (" + chunkType(type) + "): length " + chunkLength
                            + " runs past the end of the file (" + (end - pos - 8)
                            + " bytes left; truncated?)");
                }
                int data = pos + 8;
                if (chunk == 0) {
                    if (type != CHUNK_JSON) {
                        throw fail(where + ": " + chunkType(type)
                                + " chunk where the JSON chunk must come first");
                    }
                    jsonOffset = data;
                    jsonLength = (int) chunkLength;
                } else if (type == CHUNK_BIN) {
                    if (binChunk == null) {
                        binChunk = slice(bytes, data, (int) chunkLength);
                    } else {
                        warn(where + ": ignored a second BIN chunk");
                    }
                } else if (type == CHUNK_JSON) {
                    warn(where + ": ignored a second JSON chunk");
                }
                // chunks of other types are extensions' business and are skipped, as glTF asks
                pos = data + (int) chunkLength;
            }
            if (jsonOffset < 0) {
                throw fail("GLB chunk 0: missing; the file has no JSON chunk");
            }
            root = parseJson(bytes, jsonOffset, jsonLength, "GLB JSON chunk: ");
        }

        private JsonNode parseJson(byte[] bytes, int offset, int length, String where) {
            JsonNode node;
            try {
                node = MAPPER.readTree(bytes, offset, length);
            } catch (JsonProcessingException e) {
                JsonLocation loc = e.getLocation();
                String at = loc != null && loc.getLineNr() > 0 ? " at line " + loc.getLineNr()
                        + (loc.getColumnNr() > 0 ? ", column " + loc.getColumnNr() : "") : "";
                throw new InputException(source + ": " + where + "malformed JSON" + at + ": "
                        + jsonDetail(e.getOriginalMessage()), e);
            } catch (java.io.CharConversionException e) {
                throw new InputException(source + ": " + where + "not UTF-8 text (glTF JSON must be UTF-8)", e);
            } catch (IOException e) {
                throw new InputException(source + ": " + where + "cannot parse JSON: "
                        + Fmt.ioFailure(e), e);
            }
            if (node == null || node.isMissingNode()) {
                throw fail(where + "no JSON content; not a glTF file");
            }
            if (!node.isObject()) {
                throw fail(where + "the JSON top-level value is not an object; not a glTF file");
            }
            return node;
        }

        private void checkAsset() {
            JsonNode asset = root.get("asset");
            if (asset == null || !asset.isObject()) {
                throw fail("asset: missing; not a glTF 2.0 file");
            }
            JsonNode version = asset.get("version");
            if (version == null || !version.isTextual()) {
                throw fail("asset.version: missing or not a string; not a glTF 2.0 file");
            }
            if (!version.asText().matches("2\\.[0-9]+")) {
                throw fail("asset.version: \"" + Fmt.printable(version.asText(), 20)
                        + "\"; not a glTF 2.0 file (only version 2.0 is supported)");
            }
            JsonNode min = asset.get("minVersion");
            if (min != null && min.isTextual() && !min.asText().matches("2\\.0*")) {
                throw fail("asset.minVersion: \"" + Fmt.printable(min.asText(), 20)
                        + "\"; the file needs a reader for a newer glTF version than 2.0");
            }
        }

        private void checkRequiredExtensions() {
            JsonNode required = root.get("extensionsRequired");
            if (required == null || required.isNull()) {
                return;
            }
            if (!required.isArray()) {
                throw fail("extensionsRequired: expected an array of extension names");
            }
            List<String> unsupported = new ArrayList<>();
            int count = 0;
            boolean compressed = false;
            for (JsonNode e : required) {
                String name = e.asText();
                if (GEOMETRY_NEUTRAL.stream().anyMatch(name::startsWith)) {
                    LOG.log(Level.FINE, "{0}: required extension {1} does not change the geometry;"
                            + " ignored", new Object[] {source, Fmt.printable(name, 60)});
                    continue;
                }
                if (++count <= MAX_EXTENSIONS_LISTED) {
                    unsupported.add(Fmt.printable(name, 60));
                }
                compressed |= name.contains("compression") || name.contains("quantization");
            }
            if (count > MAX_EXTENSIONS_LISTED) {
                unsupported.add("and " + (count - MAX_EXTENSIONS_LISTED) + " more");
            }
            if (count > 0) {
                throw fail("extensionsRequired: " + String.join(", ", unsupported)
                        + (count == 1 ? " is" : " are") + " not supported"
                        + (compressed ? "; export the mesh without compression or quantization"
                                : ""));
            }
        }

        // -------------------------------------------------------------------- scene graph

        private void walkScene() {
            int nodeCount = array("nodes").size();
            int[] roots;
            if (root.has("scene") || array("scenes").size() > 0) {
                int s = root.has("scene") ? ref(root, "scene", "", "scenes", true) : 0;
                sceneWhere = "scenes[" + s + "]";
                roots = indexList(object("scenes", s), "nodes", sceneWhere, "nodes");
            } else {
                sceneWhere = "nodes (the file has no scenes)";
                boolean[] child = new boolean[nodeCount];
                for (int n = 0; n < nodeCount; n++) {
                    for (int c : indexList(object("nodes", n), "children", "nodes[" + n + "]",
                            "nodes")) {
                        child[c] = true;
                    }
                }
                IntList r = new IntList();
                for (int n = 0; n < nodeCount; n++) {
                    if (!child[n]) {
                        r.add(n);
                    }
                }
                roots = r.toArray();
            }
            // iterative depth-first walk: no recursion depth limit, and every node is entered
            // at most once, so cycles and shared children stop the walk instead of looping
            int[] parentOf = new int[nodeCount];
            Arrays.fill(parentOf, -2);
            Deque<Visit> stack = new ArrayDeque<>();
            for (int i = roots.length - 1; i >= 0; i--) {
                stack.push(new Visit(roots[i], -1, IDENTITY));
            }
            while (!stack.isEmpty()) {
                Visit v = stack.pop();
                int n = v.node;
                if (parentOf[n] != -2) {
                    throw fail(nodeLabel(n) + ": reached a second time (from "
                            + from(v.parent) + ", first from " + from(parentOf[n])
                            + "); glTF node hierarchies must be disjoint trees, without cycles"
                            + " or nodes with two parents");
                }
                parentOf[n] = v.parent;
                JsonNode node = object("nodes", n);
                String where = "nodes[" + n + "]";
                double[] world = multiply(v.world, localTransform(node, where));
                if (node.has("mesh")) {
                    readMesh(n, node, ref(node, "mesh", where, "meshes", true), world);
                }
                int[] children = indexList(node, "children", where, "nodes");
                for (int i = children.length - 1; i >= 0; i--) {
                    stack.push(new Visit(children[i], n, world));
                }
            }
        }

        private String from(int parent) {
            return parent < 0 ? sceneWhere.startsWith("scenes") ? sceneWhere + ".nodes"
                    : "the roots" : "nodes[" + parent + "]";
        }

        private double[] localTransform(JsonNode node, String where) {
            if (node.has("matrix")) {
                return numbers(node, "matrix", where, 16, null);
            }
            double[] t = numbers(node, "translation", where, 3, new double[] {0, 0, 0});
            double[] q = numbers(node, "rotation", where, 4, new double[] {0, 0, 0, 1});
            double[] s = numbers(node, "scale", where, 3, new double[] {1, 1, 1});
            double len = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
            if (!(len > 0) || !Double.isFinite(len)) {
                throw fail(where + ".rotation: the quaternion has length " + Fmt.num(len)
                        + "; a rotation needs a unit quaternion");
            }
            double x = q[0] / len, y = q[1] / len, z = q[2] / len, w = q[3] / len;
            double[][] r = {
                {1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
            double[] m = new double[16];
            for (int col = 0; col < 3; col++) {
                for (int row = 0; row < 3; row++) {
                    m[4 * col + row] = r[row][col] * s[col];
                }
                m[12 + col] = t[col];
            }
            m[15] = 1;
            return m;
        }

        private void readMesh(int nodeIndex, JsonNode node, int meshIndex, double[] world) {
            String meshWhere = "meshes[" + meshIndex + "]";
            JsonNode mesh = object("meshes", meshIndex);
            JsonNode primitives = mesh.get("primitives");
            if (primitives == null || !primitives.isArray()) {
                throw fail(meshWhere + ".primitives: missing or not an array");
            }
            meshInstances++;
            String nodeWhere = nodeLabel(nodeIndex);
            if (node.has("skin")) {
                warn(nodeWhere + ": skin ignored; " + meshWhere + " is read in its bind pose,"
                        + " placed by the node's transform");
            }
            if (node.path("extensions").has("EXT_mesh_gpu_instancing")) {
                warn(nodeWhere + ": EXT_mesh_gpu_instancing ignored; " + meshWhere
                        + " is read once, with the node's own transform");
            }
            JsonNode weights = node.has("weights") ? node.get("weights") : mesh.get("weights");
            boolean morphed = false;
            if (weights != null && weights.isArray()) {
                for (JsonNode wt : weights) {
                    morphed |= wt.isNumber() && wt.doubleValue() != 0;
                }
            }
            if (morphed) {
                warn(meshWhere + " in " + nodeWhere + ": morph targets ignored (their default"
                        + " weights are not all 0); the base shape is read");
            }
            double det = determinant(world);
            if (det == 0) {
                hidden += primitives.size();
                if (firstHidden == null) {
                    firstHidden = meshWhere + " in " + nodeWhere;
                }
                return;
            }
            for (int p = 0; p < primitives.size(); p++) {
                readPrimitive(primitives.get(p), meshWhere + ".primitives[" + p + "]", nodeWhere,
                        world, det < 0);
            }
        }

        // -------------------------------------------------------------------- primitives

        private void readPrimitive(JsonNode prim, String where, String nodeWhere, double[] world,
                boolean mirrored) {
            if (!prim.isObject()) {
                throw fail(where + ": expected an object");
            }
            int mode = intField(prim, "mode", where, TRIANGLES, false, 0);
            if (mode != TRIANGLES) {
                throw fail(where + ": mode " + mode + (mode < MODE_NAMES.length
                        ? " (" + MODE_NAMES[mode] + ") is not a triangle mesh"
                        : " is not a valid primitive mode")
                        + (mode == 5 || mode == 6 ? "; export it as plain triangles (mode 4)"
                                : ""));
            }
            boolean draco = prim.path("extensions").has("KHR_draco_mesh_compression");
            JsonNode attributes = prim.get("attributes");
            if (attributes == null || !attributes.isObject()) {
                throw fail(where + ".attributes: missing or not an object");
            }
            if (!attributes.has("POSITION")) {
                throw fail(where + ": has no POSITION attribute");
            }
            String attrWhere = where + ".attributes";
            Accessor pos = accessor(ref(attributes, "POSITION", attrWhere, "accessors", true),
                    "POSITION", where);
            pos.require("VEC3", FLOAT);
            pos.bind(draco);
            int n = pos.count;
            Accessor uv = null;
            if (attributes.has("TEXCOORD_0")) {
                uv = accessor(ref(attributes, "TEXCOORD_0", attrWhere, "accessors", true),
                        "TEXCOORD_0", where);
                uv.requireType("VEC2");
                if (uv.componentType != FLOAT && !((uv.componentType == UNSIGNED_BYTE
                        || uv.componentType == UNSIGNED_SHORT) && uv.normalized)) {
                    throw fail(uv.label + ": componentType 5126 (FLOAT), or 5121/5123 with"
                            + " normalized true, expected for TEXCOORD_0, found "
                            + componentName(uv.componentType)
                            + (uv.normalized ? "" : " not normalized"));
                }
                uv.bind(draco);
                if (uv.count != n) {
                    throw fail(uv.label + ": " + uv.count + " elements, but POSITION ("
                            + pos.name + ") has " + n);
                }
            }
            Accessor idx = null;
            int corners;
            if (prim.has("indices")) {
                idx = accessor(ref(prim, "indices", where, "accessors", true), "indices", where);
                idx.requireType("SCALAR");
                int ct = idx.componentType;
                if (ct != UNSIGNED_BYTE && ct != UNSIGNED_SHORT && ct != UNSIGNED_INT) {
                    throw fail(idx.label + ": componentType 5121, 5123 or 5125 (unsigned"
                            + " integers) expected for indices, found " + componentName(ct));
                }
                idx.bind(draco);
                corners = idx.count;
                if (corners % 3 != 0) {
                    throw fail(where + ": " + corners + " indices (" + idx.name
                            + "), which is not a multiple of 3");
                }
            } else {
                corners = n;
                if (corners % 3 != 0) {
                    throw fail(where + ": no indices and " + n
                            + " vertices, which is not a multiple of 3");
                }
            }
            if ((long) rawToMesh.size() + n > MAX_VERTICES) {
                throw fail(where + ": the primitives read have more than " + MAX_VERTICES
                        + " vertices in total (the most this reader accepts)");
            }
            int firstTriangle = triangles.size() / 3;
            if ((long) firstTriangle + corners / 3 > MAX_TRIANGLES) {
                throw fail(where + ": the primitives read have more than " + MAX_TRIANGLES
                        + " triangles in total (the most this reader accepts)");
            }

            int[] vertexOf = new int[n];
            Arrays.fill(vertexOf, -1);
            int[] uvEntry = uv == null ? null : new int[n];
            int[] c = new int[3];
            int[] v = new int[3];
            for (int t = 0; t < corners / 3; t++) {
                for (int k = 0; k < 3; k++) {
                    int h = 3 * t + k;
                    long i = idx == null ? h : idx.index(h);
                    if (i >= n) {
                        throw fail(where + ": indices[" + h + "] = " + i + " out of range ("
                                + Fmt.count(n, "vertex", "vertices") + " in " + pos.name + ")");
                    }
                    int e = (int) i;
                    c[k] = e;
                    if (vertexOf[e] < 0) {
                        vertexOf[e] = position(pos, e, world, nodeWhere);
                        used++;
                        if (uv != null) {
                            uvEntry[e] = texCoord(uv, e);
                        }
                    }
                    v[k] = vertexOf[e];
                }
                checkCorners(where, t, c, v);
                // a mirroring transform turns counter-clockwise into clockwise; glTF then takes
                // the clockwise side as the front, so reversing the corners keeps that side front
                int k1 = mirrored ? 2 : 1, k2 = mirrored ? 1 : 2;
                triangles.add(v[0]);
                triangles.add(v[k1]);
                triangles.add(v[k2]);
                triangleUvs.add(uv == null ? 0 : uvEntry[c[0]]);
                triangleUvs.add(uv == null ? 0 : uvEntry[c[k1]]);
                triangleUvs.add(uv == null ? 0 : uvEntry[c[k2]]);
            }
            for (int e = 0; e < n; e++) {
                rawToMesh.add(vertexOf[e]);
            }
            int lastTriangle = triangles.size() / 3 - 1;
            if (lastTriangle >= firstTriangle) {
                ranges.add((lastTriangle > firstTriangle ? firstTriangle + "-" + lastTriangle
                        : Integer.toString(firstTriangle)) + " " + where + " in " + nodeWhere);
            }
            if (uv != null) {
                withUvs++;
            } else {
                withoutUvs++;
                if (firstWithoutUvs == null) {
                    firstWithoutUvs = where + " in " + nodeWhere;
                }
            }
        }

        /**
         * Reads, checks, transforms and welds POSITION element e; returns its mesh vertex. The
         * transformed position must lie within {@link MeshValidator#MAX_COORDINATE}.
         */
        private int position(Accessor pos, int e, double[] m, String nodeWhere) {
            double x = pos.floatAt(e, 0), y = pos.floatAt(e, 1), z = pos.floatAt(e, 2);
            if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
                throw fail(pos.label + ": element " + e + " is (" + x + ", " + y + ", " + z
                        + "), not a finite position");
            }
            double wx = m[0] * x + m[4] * y + m[8] * z + m[12];
            double wy = m[1] * x + m[5] * y + m[9] * z + m[13];
            double wz = m[2] * x + m[6] * y + m[10] * z + m[14];
            double max = MeshValidator.MAX_COORDINATE;
            if (!(Math.abs(wx) <= max && Math.abs(wy) <= max && Math.abs(wz) <= max)) {
                throw fail(pos.label + ": element " + e + " (" + Fmt.num(x) + ", " + Fmt.num(y)
                        + ", " + Fmt.num(z) + ") lies at (" + Fmt.numAgainst(wx, max) + ", "
                        + Fmt.numAgainst(wy, max) + ", " + Fmt.numAgainst(wz, max) + ") in "
                        + nodeWhere + ", beyond the limit of ±" + Fmt.num(max)
                        + " m per coordinate");
            }
            return welder.add(wx, wy, wz);
        }

        /** Reads TEXCOORD_0 element e as (u, 1 - v); returns its UV entry. */
        private int texCoord(Accessor uv, int e) {
            double u = uv.unitAt(e, 0), v = uv.unitAt(e, 1);
            if (!Double.isFinite(u) || !Double.isFinite(v)) {
                throw fail(uv.label + ": element " + e + " is (" + u + ", " + v
                        + "), not a finite texture coordinate");
            }
            double max = MeshValidator.MAX_TEXTURE_COORDINATE;
            if (!(Math.abs(u) <= max && Math.abs(1 - v) <= max)) {
                throw fail(uv.label + ": element " + e + " gives (u, 1 - v) = ("
                        + Fmt.numAgainst(u, max) + ", " + Fmt.numAgainst(1 - v, max)
                        + "), beyond the limit of ±" + Fmt.num(max) + " per texture coordinate");
            }
            int entry = uvs.size() / 2;
            uvs.add(u);
            uvs.add(1 - v);
            return entry;
        }

        /**
         * Rejects triangles that use one glTF vertex twice or two glTF vertices at the same
         * position, naming the primitive's own indices (the validator would name mesh vertices).
         */
        private void checkCorners(String where, int t, int[] c, int[] v) {
            for (int a = 0; a < 3; a++) {
                int b = (a + 1) % 3;
                if (c[a] == c[b]) {
                    throw fail(where + ": triangle " + t + " uses vertex " + c[a]
                            + " twice (degenerate triangle)");
                }
                if (v[a] == v[b]) {
                    throw fail(where + ": triangle " + t + ": vertices " + Math.min(c[a], c[b])
                            + " and " + Math.max(c[a], c[b])
                            + " are at the same position (degenerate triangle)");
                }
            }
        }

        // -------------------------------------------------------------------- result

        private MeshLoadResult finish() {
            if (hidden > 0) {
                warn("skipped " + Fmt.count(hidden, "primitive", "primitives")
                        + " under nodes whose transform has scale 0 (hidden), e.g. "
                        + firstHidden);
            }
            int nt = triangles.size() / 3;
            if (nt == 0) {
                String why;
                int meshes = array("meshes").size();
                if (hidden > 0) {
                    why = "every mesh in it is under a node with scale 0";
                } else if (meshInstances > 0) {
                    why = "its meshes have no triangles";
                } else {
                    why = "no node in it has a mesh (the file has "
                            + Fmt.count(meshes, "mesh", "meshes") + ")";
                }
                throw fail(sceneWhere + ": no triangles to read: " + why);
            }
            boolean useUvs = withUvs > 0 && withoutUvs == 0;
            if (withUvs > 0 && withoutUvs > 0) {
                warn("ignored texture coordinates: " + firstWithoutUvs + " has no TEXCOORD_0"
                        + " while " + Fmt.count(withUvs, "other primitive has", "others have")
                        + " one; the mesh gets no UVs");
            }
            LOG.log(Level.FINE, "{0}: {1} triangles from {2} primitives; {3} glTF vertices"
                    + " used, {4} distinct positions", new Object[] {source, nt, ranges.size(),
                        used, welder.size()});
            TriMesh raw = new TriMesh(welder.positions(), triangles.toArray(),
                    useUvs ? uvs.toArray() : null, useUvs ? triangleUvs.toArray() : null, source);
            MeshLoadResult checked;
            try {
                checked = MeshValidator.validate(raw, purpose);
            } catch (InputException e) {
                throw new InputException(e.getMessage() + numberingNote(), e);
            }
            int[] map = rawToMesh.toArray();
            for (int i = 0; i < map.length; i++) {
                map[i] = map[i] < 0 ? -1 : checked.vertexMap[map[i]];
            }
            List<String> all = new ArrayList<>(warnings);
            all.addAll(checked.warnings);
            return new MeshLoadResult(checked.mesh, all, map);
        }

        private String numberingNote() {
            StringBuilder b = new StringBuilder(" [numbering: vertices are the distinct positions"
                    + " in order of first use; triangles ");
            for (int i = 0; i < ranges.size() && i < MAX_RANGES_LISTED; i++) {
                b.append(i > 0 ? ", " : "").append(ranges.get(i));
            }
            if (ranges.size() > MAX_RANGES_LISTED) {
                b.append(", ...");
            }
            return b.append(']').toString();
        }

        // -------------------------------------------------------------------- accessors

        private Accessor accessor(int index, String semantic, String primitive) {
            return new Accessor(this, index, semantic, primitive);
        }

        /** Loads buffer b (once), checking that it holds byteLength bytes. */
        ByteBuffer buffer(int b) {
            if (buffers[b] != null) {
                return buffers[b];
            }
            String where = "buffers[" + b + "]";
            JsonNode buf = object("buffers", b);
            int length = intField(buf, "byteLength", where, 0, true, 1);
            JsonNode uri = buf.get("uri");
            ByteBuffer data;
            if (uri == null || uri.isNull()) {
                if (!glb) {
                    throw fail(where + ": has no uri (only buffers[0] of a .glb file may have"
                            + " none, meaning its BIN chunk)");
                }
                if (b != 0) {
                    throw fail(where + ": has no uri (only buffers[0] refers to the GLB BIN"
                            + " chunk)");
                }
                if (binChunk == null) {
                    throw fail(where + ": has no uri, so it is the GLB BIN chunk, but the file"
                            + " has no BIN chunk");
                }
                if (binChunk.capacity() < length) {
                    throw fail(where + ": byteLength is " + length + " but the GLB BIN chunk"
                            + " holds only " + binChunk.capacity() + " bytes (truncated?)");
                }
                data = binChunk.duplicate();
                data.limit(length);
                data = data.slice();
            } else if (!uri.isTextual()) {
                throw fail(where + ".uri: expected a string");
            } else if (uri.asText().regionMatches(true, 0, "data:", 0, 5)) {
                data = dataUri(where, uri.asText(), length);
            } else {
                data = externalFile(where, uri.asText(), length);
            }
            buffers[b] = data.order(ByteOrder.LITTLE_ENDIAN);
            return buffers[b];
        }

        private ByteBuffer dataUri(String where, String uri, int length) {
            int comma = uri.indexOf(',');
            if (comma < 0) {
                throw fail(where + ": malformed data URI (no comma before the data)");
            }
            String header = uri.substring(5, comma).toLowerCase(Locale.ROOT);
            if (!header.endsWith(";base64")) {
                throw fail(where + ": data URI 'data:" + Fmt.printable(header, 60)
                        + ",' is not base64-encoded");
            }
            String media = header.substring(0, header.length() - ";base64".length());
            if (!media.isEmpty() && !media.equals("application/octet-stream")
                    && !media.equals("application/gltf-buffer")) {
                throw fail(where + ": data URI media type '" + Fmt.printable(media, 60) + "' is not"
                        + " a buffer (expected application/octet-stream or"
                        + " application/gltf-buffer)");
            }
            byte[] data;
            try {
                data = Base64.getDecoder().decode(uri.substring(comma + 1));
            } catch (IllegalArgumentException e) {
                throw new InputException(source + ": " + where + ": invalid base64 data in the"
                        + " data URI (" + Fmt.oneLine(e.getMessage()) + ")", e);
            }
            if (data.length < length) {
                throw fail(where + ": the data URI holds " + data.length
                        + " bytes but byteLength is " + length);
            }
            return ByteBuffer.wrap(data, 0, length).slice();
        }

        private ByteBuffer externalFile(String where, String uri, int length) {
            String name;
            try {
                name = URLDecoder.decode(uri.replace("+", "%2B"), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                name = uri; // a stray '%': take the name literally
            }
            String shown = Fmt.printable(name, 120);
            if (name.matches("(?s)[A-Za-z][A-Za-z0-9+.-]+:.*")) {
                throw fail(where + ": uri '" + Fmt.printable(uri, 120) + "' is not supported (only"
                        + " file names relative to the .gltf and base64 data URIs are)");
            }
            Path file;
            try {
                Path relative = Path.of(name);
                if (relative.getRoot() != null) {
                    throw fail(where + ": uri '" + Fmt.printable(uri, 120) + "' is an absolute"
                            + " path; only file names relative to the .gltf are supported");
                }
                file = dir.resolve(relative);
            } catch (InvalidPathException e) {
                throw new InputException(source + ": " + where + ": uri '" + Fmt.printable(uri, 120)
                        + "' is not a valid file name", e);
            }
            try {
                UserFiles.requireRegularFile(file, "glTF buffer");
            } catch (InputException e) {
                if (e.getCause() instanceof NoSuchFileException missing) {
                    throw notFound(where, shown, file, missing);
                }
                throw new InputException(source + ": " + where + ": " + e.getMessage(), e);
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                long size = ch.size();
                if (size < length) {
                    throw fail(where + ": file " + shown + " has " + size
                            + " bytes but byteLength is " + length + " (truncated?)");
                }
                ByteBuffer data = ByteBuffer.allocate(length);
                while (data.hasRemaining()) {
                    if (ch.read(data) < 0) {
                        throw fail(where + ": file " + shown + " ended after " + data.position()
                                + " of " + length + " bytes");
                    }
                }
                data.clear();
                return data;
            } catch (NoSuchFileException e) {
                throw notFound(where, shown, file, e);
            } catch (IOException e) {
                throw new InputException(source + ": " + where + ": cannot read file " + shown
                        + ": " + Fmt.ioFailure(e), e);
            }
        }

        private InputException notFound(String where, String shown, Path file, Exception cause) {
            return new InputException(source + ": " + where + ": file " + shown + " not found ("
                    + UserFiles.shown(file.toAbsolutePath()) + ")", cause);
        }

        // -------------------------------------------------------------------- JSON access

        /** A top-level array, or an empty one when absent. */
        JsonNode array(String name) {
            JsonNode a = root.get(name);
            if (a == null || a.isNull()) {
                return MAPPER.createArrayNode();
            }
            if (!a.isArray()) {
                throw fail(name + ": expected an array");
            }
            return a;
        }

        /** Element i (already range-checked) of a top-level array, which must be an object. */
        JsonNode object(String arrayName, int i) {
            JsonNode e = array(arrayName).get(i);
            if (e == null || !e.isObject()) {
                throw fail(arrayName + "[" + i + "]: expected an object");
            }
            return e;
        }

        /** An integer property; {@code def} when absent and not required. */
        int intField(JsonNode obj, String field, String where, int def, boolean required,
                int min) {
            JsonNode n = obj.get(field);
            String path = where.isEmpty() ? field : where + "." + field;
            if (n == null || n.isNull()) {
                if (required) {
                    throw fail(path + ": missing");
                }
                return def;
            }
            if (!n.isNumber() || !n.canConvertToExactIntegral() || !n.canConvertToLong()) {
                throw fail(path + ": expected an integer, found " + show(n));
            }
            long v = n.longValue();
            if (v < min || v > Integer.MAX_VALUE) {
                throw fail(path + ": " + v + " is out of range (" + min + " to "
                        + Integer.MAX_VALUE + ")");
            }
            return (int) v;
        }

        /** An integer property that indexes a top-level array; -1 when absent and optional. */
        int ref(JsonNode obj, String field, String where, String arrayName, boolean required) {
            int i = intField(obj, field, where, -1, required, 0);
            if (i >= 0) {
                checkRef(i, where.isEmpty() ? field : where + "." + field, arrayName);
            }
            return i;
        }

        private void checkRef(int i, String path, String arrayName) {
            int size = array(arrayName).size();
            if (i >= size) {
                throw fail(path + ": " + arrayName + "[" + i + "] does not exist (the file has "
                        + size + " " + arrayName + ")");
            }
        }

        /** An optional array of indices into a top-level array. */
        private int[] indexList(JsonNode obj, String field, String where, String arrayName) {
            JsonNode list = obj.get(field);
            if (list == null || list.isNull()) {
                return new int[0];
            }
            if (!list.isArray()) {
                throw fail(where + "." + field + ": expected an array of indices");
            }
            int[] out = new int[list.size()];
            for (int k = 0; k < out.length; k++) {
                JsonNode e = list.get(k);
                String path = where + "." + field + "[" + k + "]";
                if (!e.isNumber() || !e.canConvertToExactIntegral() || !e.canConvertToInt()
                        || e.intValue() < 0) {
                    throw fail(path + ": expected an index, found " + show(e));
                }
                out[k] = e.intValue();
                checkRef(out[k], path, arrayName);
            }
            return out;
        }

        /** An optional array of exactly n finite numbers; {@code def} when absent. */
        private double[] numbers(JsonNode obj, String field, String where, int n, double[] def) {
            JsonNode a = obj.get(field);
            if (a == null || a.isNull()) {
                return def;
            }
            if (!a.isArray() || a.size() != n) {
                throw fail(where + "." + field + ": expected an array of " + n + " numbers");
            }
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                JsonNode e = a.get(i);
                if (!e.isNumber() || !Double.isFinite(e.doubleValue())) {
                    throw fail(where + "." + field + "[" + i + "]: expected a finite number,"
                            + " found " + show(e));
                }
                out[i] = e.doubleValue();
            }
            return out;
        }

        private String nodeLabel(int n) {
            JsonNode name = array("nodes").get(n).get("name");
            return "nodes[" + n + "]" + (name != null && name.isTextual()
                    ? " ('" + Fmt.printable(name.asText(), 40) + "')" : "");
        }

        // -------------------------------------------------------------------- messages

        void warn(String what) {
            String message = source + ": " + what;
            warnings.add(message);
            LOG.log(Level.WARNING, message);
        }

        InputException fail(String elementAndReason) {
            return new InputException(source + ": " + elementAndReason);
        }
    }

    /** A node waiting to be visited, with its parent's world transform. */
    private record Visit(int node, int parent, double[] world) {
    }

    // ------------------------------------------------------------------------ accessor

    /** One accessor: its JSON properties, then (after {@link #bind}) where its data lie. */
    private static final class Accessor {
        private final Parser parser;
        private final int index;
        /** "accessors[i]". */
        final String name;
        /** "accessors[i] (SEMANTIC of meshes[m].primitives[p])", the element in messages. */
        final String label;
        private final String semantic;
        final int componentType;
        final boolean normalized;
        final int count;
        private final String type;
        private final int components;
        private ByteBuffer data;
        private int start;
        private int stride;

        Accessor(Parser parser, int index, String semantic, String primitive) {
            this.parser = parser;
            this.index = index;
            this.semantic = semantic;
            this.name = "accessors[" + index + "]";
            this.label = name + " (" + semantic + " of " + primitive + ")";
            JsonNode acc = parser.object("accessors", index);
            if (acc.has("sparse")) {
                throw parser.fail(label + ": sparse accessors are not supported");
            }
            componentType = parser.intField(acc, "componentType", name, 0, true, 0);
            if (componentSize(componentType) == 0) {
                throw parser.fail(label + ": unknown componentType " + componentType);
            }
            JsonNode t = acc.get("type");
            type = t == null || !t.isTextual() ? "" : t.asText();
            components = switch (type) {
                case "SCALAR" -> 1;
                case "VEC2" -> 2;
                case "VEC3" -> 3;
                case "VEC4", "MAT2" -> 4;
                case "MAT3" -> 9;
                case "MAT4" -> 16;
                default -> throw parser.fail(label + ": type " + show(t) + " is not a glTF"
                        + " accessor type");
            };
            count = parser.intField(acc, "count", name, 0, true, 0);
            JsonNode norm = acc.get("normalized");
            normalized = norm != null && norm.asBoolean(false);
        }

        void requireType(String expected) {
            if (!type.equals(expected)) {
                throw parser.fail(label + ": type " + expected + " expected for " + semantic
                        + ", found " + type);
            }
        }

        void require(String expectedType, int expectedComponent) {
            requireType(expectedType);
            if (componentType != expectedComponent) {
                throw parser.fail(label + ": componentType " + componentName(expectedComponent)
                        + " expected for " + semantic + ", found " + componentName(componentType));
            }
        }

        /** Locates the data and checks that every element lies inside its bufferView. */
        void bind(boolean draco) {
            JsonNode acc = parser.object("accessors", index);
            if (!acc.has("bufferView")) {
                throw parser.fail(label + ": has no bufferView" + (draco
                        ? "; the primitive is Draco-compressed (KHR_draco_mesh_compression),"
                                + " which is not supported"
                        : " (an all-zero accessor), which cannot describe " + semantic));
            }
            int v = parser.ref(acc, "bufferView", name, "bufferViews", true);
            String viewName = "bufferViews[" + v + "]";
            JsonNode view = parser.object("bufferViews", v);
            int b = parser.ref(view, "buffer", viewName, "buffers", true);
            long viewOffset = parser.intField(view, "byteOffset", viewName, 0, false, 0);
            long viewLength = parser.intField(view, "byteLength", viewName, 0, true, 1);
            int viewStride = parser.intField(view, "byteStride", viewName, 0, false, 1);
            ByteBuffer buffer = parser.buffer(b);
            if (viewOffset + viewLength > buffer.capacity()) {
                throw parser.fail(viewName + ": bytes " + viewOffset + " to "
                        + (viewOffset + viewLength) + " lie past the end of buffers[" + b
                        + "] (" + buffer.capacity() + " bytes)");
            }
            int element = components * componentSize(componentType);
            stride = viewStride == 0 ? element : viewStride;
            if (stride < element) {
                throw parser.fail(viewName + ": byteStride " + stride + " is smaller than the "
                        + element + "-byte elements of " + label);
            }
            long offset = parser.intField(acc, "byteOffset", name, 0, false, 0);
            long end = count == 0 ? offset : offset + (long) (count - 1) * stride + element;
            if (end > viewLength) {
                throw parser.fail(label + ": reads past the end of " + viewName + ": "
                        + count + " elements of " + element + " bytes every " + stride
                        + " bytes from byte " + offset + " end at byte " + end
                        + ", the view has " + viewLength);
            }
            data = buffer;
            start = (int) (viewOffset + offset);
        }

        private int at(int element, int component) {
            return start + element * stride + component * componentSize(componentType);
        }

        /** Component of a FLOAT accessor. */
        double floatAt(int element, int component) {
            return data.getFloat(at(element, component));
        }

        /** Component of a FLOAT or normalized unsigned accessor, as a double. */
        double unitAt(int element, int component) {
            int p = at(element, component);
            return switch (componentType) {
                case UNSIGNED_BYTE -> (data.get(p) & 0xFF) / 255.0;
                case UNSIGNED_SHORT -> (data.getShort(p) & 0xFFFF) / 65535.0;
                default -> data.getFloat(p);
            };
        }

        /** Element of an unsigned-integer SCALAR accessor. */
        long index(int element) {
            int p = at(element, 0);
            return switch (componentType) {
                case UNSIGNED_BYTE -> data.get(p) & 0xFF;
                case UNSIGNED_SHORT -> data.getShort(p) & 0xFFFF;
                default -> Integer.toUnsignedLong(data.getInt(p));
            };
        }
    }

    private static int componentSize(int componentType) {
        return switch (componentType) {
            case BYTE, UNSIGNED_BYTE -> 1;
            case SHORT, UNSIGNED_SHORT -> 2;
            case UNSIGNED_INT, FLOAT -> 4;
            default -> 0;
        };
    }

    private static String componentName(int componentType) {
        String name = switch (componentType) {
            case BYTE -> "BYTE";
            case UNSIGNED_BYTE -> "UNSIGNED_BYTE";
            case SHORT -> "SHORT";
            case UNSIGNED_SHORT -> "UNSIGNED_SHORT";
            case UNSIGNED_INT -> "UNSIGNED_INT";
            case FLOAT -> "FLOAT";
            default -> "unknown";
        };
        return componentType + " (" + name + ")";
    }

    // ------------------------------------------------------------------------ small helpers

    /** a × b for column-major 4×4 matrices. */
    private static double[] multiply(double[] a, double[] b) {
        double[] c = new double[16];
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                double s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[4 * k + row] * b[4 * col + k];
                }
                c[4 * col + row] = s;
            }
        }
        return c;
    }

    /** Determinant of the upper-left 3×3 block of a column-major 4×4 matrix. */
    private static double determinant(double[] m) {
        return m[0] * (m[5] * m[10] - m[9] * m[6])
                - m[4] * (m[1] * m[10] - m[9] * m[2])
                + m[8] * (m[1] * m[6] - m[5] * m[2]);
    }

    private static ByteBuffer slice(byte[] bytes, int offset, int length) {
        return ByteBuffer.wrap(bytes, offset, length).slice();
    }

    /** "JSON", "BIN" or "type 0x...". */
    private static String chunkType(int type) {
        return type == CHUNK_JSON ? "JSON" : type == CHUNK_BIN ? "BIN"
                : String.format(Locale.ROOT, "type 0x%08x", type);
    }

    /** A JSON value for a message: its JSON text, shortened and on one line. */
    private static String show(JsonNode n) {
        return n == null ? "nothing" : Fmt.printable(n.toString(), 40);
    }

    /** Shortens text for a message and replaces control characters, keeping it on one line. */

    /** Jackson's parse message on one line, without the parts that only concern programmers. */
    private static String jsonDetail(String message) {
        return Fmt.printable(JacksonMessages.readable(Fmt.oneLine(message)), 300);
    }



}
