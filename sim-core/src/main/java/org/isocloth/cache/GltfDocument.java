package org.isocloth.cache;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.isocloth.InputException;

/**
 * The JSON tree and the one binary buffer of a glTF export being built ({@link GltfExport}): buffer
 * views, accessors, meshes and nodes, added in order and referred to by index.
 */
final class GltfDocument {
    final ObjectMapper mapper = new ObjectMapper();
    final ObjectNode root = mapper.createObjectNode();
    /** The glTF "asset" object, first in the file. */
    final ObjectNode asset = root.putObject("asset");
    final ArrayNode views = root.putArray("bufferViews");
    final ArrayNode accessors = root.putArray("accessors");
    final ArrayNode meshes = root.putArray("meshes");
    final ArrayNode nodes = root.putArray("nodes");
    final Bin bin;

    /** @param capacity the expected bytes of binary data (the buffer grows beyond if needed) */
    GltfDocument(long capacity) {
        bin = new Bin((int) Math.min(Math.max(capacity, 1 << 16), Integer.MAX_VALUE - 8));
    }

    /**
     * A buffer view of the bytes written since {@code start}.
     *
     * @param target ARRAY_BUFFER, ELEMENT_ARRAY_BUFFER, or 0 for none (animation data)
     * @return its index
     */
    int view(int start, int target) {
        ObjectNode v = views.addObject();
        v.put("buffer", 0);
        v.put("byteOffset", start);
        v.put("byteLength", bin.size() - start);
        if (target != 0) {
            v.put("target", target);
        }
        return views.size() - 1;
    }

    /** An accessor of a whole view, with min and max per component when given; returns its index. */
    int accessor(int view, int componentType, int count, String type, double[] min, double[] max) {
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

    /**
     * Writes floats as a view and a float accessor.
     *
     * @param data the values, {@code width(type)} per element
     * @param type SCALAR, VEC2 or VEC3
     * @param target the view's target (0 for none)
     * @param minMax whether the accessor gets the values' min and max per component
     * @return the accessor's index
     */
    int floats(float[] data, String type, int target, boolean minMax) {
        int width = switch (type) {
            case "SCALAR" -> 1;
            case "VEC2" -> 2;
            case "VEC3" -> 3;
            default -> throw new IllegalArgumentException(type);
        };
        double[] min = null;
        double[] max = null;
        if (minMax) {
            min = new double[width];
            max = new double[width];
            Arrays.fill(min, Double.MAX_VALUE);
            Arrays.fill(max, -Double.MAX_VALUE);
        }
        int start = bin.begin();
        for (int i = 0; i < data.length; i++) {
            bin.putFloat(data[i]);
            if (minMax) {
                min[i % width] = Math.min(min[i % width], data[i]);
                max[i % width] = Math.max(max[i % width], data[i]);
            }
        }
        return accessor(view(start, target), GltfExport.FLOAT, data.length / width, type, min, max);
    }

    /** Adds a mesh's one triangle primitive (uv −1 for none); returns it. */
    ObjectNode primitive(ObjectNode mesh, int position, int normal, int uv, int indices) {
        ObjectNode prim = mesh.putArray("primitives").addObject();
        ObjectNode attr = prim.putObject("attributes");
        attr.put("POSITION", position);
        attr.put("NORMAL", normal);
        if (uv >= 0) {
            attr.put("TEXCOORD_0", uv);
        }
        prim.put("indices", indices);
        prim.put("mode", 4);
        return prim;
    }

    /** A growable little-endian byte buffer; every view starts 4-byte aligned. */
    static final class Bin {
        private ByteBuffer b;

        Bin(int capacity) {
            b = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
        }

        int begin() {
            return b.position(); // everything written is 4 bytes wide, so this is aligned
        }

        private void ensure(int n) {
            if (b.remaining() < n) {
                long cap = Math.max(2L * b.capacity(), (long) b.position() + n);
                if (cap > Integer.MAX_VALUE - 8) {
                    throw new InputException("glTF export: the buffer exceeds 2 GB; export fewer frames");
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
            return Arrays.copyOf(b.array(), b.position());
        }
    }
}
