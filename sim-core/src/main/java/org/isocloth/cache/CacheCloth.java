package org.isocloth.cache;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The static part of one cloth in a bake cache: its name, node count and the subdivided mesh
 * (fine triangles over nodes, and optionally texture coordinates per triangle corner, as
 * {@link org.isocloth.model.RedBlackMesh#subdivideUvs} gives them).
 *
 * @param name the cloth's name (not null, at most 65535 bytes of UTF-8)
 * @param nodeCount number of nodes (red and black), ≥ 1
 * @param triangles fine triangles, 3 node indices each, in [0, nodeCount) (not null, ≥ 1 triangle)
 * @param uvs texture-coordinate entries, 2 per entry, finite; null for a cloth without UVs
 * @param triangleUvs UV-entry index per triangle corner, parallel to {@code triangles}; null iff
 *     {@code uvs} is null
 */
public record CacheCloth(String name, int nodeCount, int[] triangles, double[] uvs, int[] triangleUvs) {
    /**
     * Checks the arrays.
     *
     * @throws IllegalArgumentException if an array is inconsistent or an index is out of range
     */
    public CacheCloth {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(triangles, "triangles");
        if (name.getBytes(StandardCharsets.UTF_8).length > 0xFFFF) {
            throw new IllegalArgumentException("cloth name longer than 65535 bytes");
        }
        if (nodeCount < 1) {
            throw new IllegalArgumentException(name + ": node count " + nodeCount + " must be ≥ 1");
        }
        if (triangles.length == 0 || triangles.length % 3 != 0) {
            throw new IllegalArgumentException(name + ": triangle index count " + triangles.length
                    + " is not a positive multiple of 3");
        }
        for (int i = 0; i < triangles.length; i++) {
            if (triangles[i] < 0 || triangles[i] >= nodeCount) {
                throw new IllegalArgumentException(name + ": triangle " + i / 3 + " references node "
                        + triangles[i] + " (nodes 0.." + (nodeCount - 1) + ")");
            }
        }
        if ((uvs == null) != (triangleUvs == null)) {
            throw new IllegalArgumentException(name + ": uvs and triangleUvs must both be given or both be null");
        }
        if (uvs != null) {
            if (uvs.length == 0 || uvs.length % 2 != 0) {
                throw new IllegalArgumentException(name + ": uv array length " + uvs.length
                        + " is not a positive multiple of 2");
            }
            if (triangleUvs.length != triangles.length) {
                throw new IllegalArgumentException(name + ": " + triangleUvs.length + " triangle UV indices for "
                        + triangles.length + " triangle corners");
            }
            for (int i = 0; i < uvs.length; i++) {
                if (!Double.isFinite(uvs[i])) {
                    throw new IllegalArgumentException(name + ": texture coordinate " + i / 2 + " is not finite");
                }
            }
            int n = uvs.length / 2;
            for (int i = 0; i < triangleUvs.length; i++) {
                if (triangleUvs[i] < 0 || triangleUvs[i] >= n) {
                    throw new IllegalArgumentException(name + ": triangle " + i / 3 + " references UV "
                            + triangleUvs[i] + " (entries 0.." + (n - 1) + ")");
                }
            }
        }
    }

    /** @return whether the cloth has texture coordinates */
    public boolean hasUvs() {
        return uvs != null;
    }

    /** @return the number of fine triangles */
    public int triangleCount() {
        return triangles.length / 3;
    }

    /** @return the number of texture-coordinate entries (0 without UVs) */
    public int uvCount() {
        return uvs == null ? 0 : uvs.length / 2;
    }

    /** @return bytes of one frame of this cloth in the file: float32 x, y, z per node, then a CRC-32C */
    long frameBlockBytes() {
        return 12L * nodeCount + 4;
    }
}
