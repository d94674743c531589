package org.isocloth.cache;

import java.util.Arrays;
import java.util.HashMap;

/**
 * The render mesh of a subdivided cloth: one vertex per distinct (node, texture coordinate) pair,
 * numbered in order of first appearance over the triangle corners, so UV seams stay seams. This
 * is the layout of the jME render mesh (ClothControl) and of IsoCloth's glTF export. A cloth
 * without texture coordinates has one vertex per node, in node order, and its fine triangles.
 */
public final class RenderLayout {
    /** Node of each render vertex. */
    public final int[] vertexNode;
    /** Texture coordinates per render vertex (u, v), or null without UVs. */
    public final float[] uvs;
    /** Render-vertex indices, 3 per triangle, parallel to the cloth's fine triangles. */
    public final int[] triangles;
    /** The fine triangles over nodes (shared with the cloth, read only). */
    private final int[] nodeTriangles;
    private final int nodeCount;

    private RenderLayout(int[] vertexNode, float[] uvs, int[] triangles, int[] nodeTriangles, int nodeCount) {
        this.vertexNode = vertexNode;
        this.uvs = uvs;
        this.triangles = triangles;
        this.nodeTriangles = nodeTriangles;
        this.nodeCount = nodeCount;
    }

    /**
     * Builds the layout of a cloth.
     *
     * @param cloth the cloth (not null)
     * @return its render layout
     */
    public static RenderLayout of(CacheCloth cloth) {
        return cloth.hasUvs() ? of(cloth.triangles(), cloth.nodeCount(), cloth.uvs(), cloth.triangleUvs())
                : of(cloth.triangles(), cloth.nodeCount(), null, null);
    }

    /**
     * Builds the layout of a subdivided mesh (the jME plugin builds its render mesh with it).
     *
     * @param fine fine triangles over nodes, 3 per triangle (kept, read only)
     * @param nodeCount number of nodes
     * @param fineUv texture coordinates, 2 per entry, or null without UVs
     * @param fineTriUv UV-entry indices parallel to {@code fine}, or null without UVs
     * @return the layout
     */
    public static RenderLayout of(int[] fine, int nodeCount, double[] fineUv, int[] fineTriUv) {
        int n = nodeCount;
        if (fineUv == null || fineTriUv == null) {
            int[] node = new int[n];
            for (int i = 0; i < n; i++) {
                node[i] = i;
            }
            return new RenderLayout(node, null, fine.clone(), fine, n);
        }
        HashMap<Long, Integer> seen = new HashMap<>();
        int[] nodeOf = new int[fine.length];
        float[] uvOut = new float[2 * fine.length];
        int[] tris = new int[fine.length];
        int count = 0;
        for (int c = 0; c < fine.length; c++) {
            long key = ((long) fine[c] << 32) | (fineTriUv[c] & 0xffffffffL);
            Integer r = seen.get(key);
            if (r == null) {
                r = count++;
                seen.put(key, r);
                nodeOf[r] = fine[c];
                uvOut[2 * r] = (float) fineUv[2 * fineTriUv[c]];
                uvOut[2 * r + 1] = (float) fineUv[2 * fineTriUv[c] + 1];
            }
            tris[c] = r;
        }
        return new RenderLayout(Arrays.copyOf(nodeOf, count), Arrays.copyOf(uvOut, 2 * count), tris, fine, n);
    }

    /** @return number of render vertices */
    public int vertexCount() {
        return vertexNode.length;
    }

    /**
     * Copies node positions to render vertices.
     *
     * @param nodePositions 3 floats per node
     * @param out 3 floats per render vertex
     */
    public void positions(float[] nodePositions, float[] out) {
        for (int i = 0; i < vertexNode.length; i++) {
            int k = vertexNode[i];
            out[3 * i] = nodePositions[3 * k];
            out[3 * i + 1] = nodePositions[3 * k + 1];
            out[3 * i + 2] = nodePositions[3 * k + 2];
        }
    }

    /**
     * Smooth normals per render vertex: the node's sum of its fine triangles' area-weighted normals
     * (cross products, computed in double), normalised; (0, 0, 0) where that sum vanishes.
     *
     * @param nodePositions 3 floats per node
     * @param out 3 floats per render vertex
     */
    public void normals(float[] nodePositions, float[] out) {
        double[] nn = new double[3 * nodeCount];
        int[] t = nodeTriangles;
        for (int f = 0; f < t.length / 3; f++) {
            int a = 3 * t[3 * f];
            int b = 3 * t[3 * f + 1];
            int c = 3 * t[3 * f + 2];
            double ux = (double) nodePositions[b] - nodePositions[a];
            double uy = (double) nodePositions[b + 1] - nodePositions[a + 1];
            double uz = (double) nodePositions[b + 2] - nodePositions[a + 2];
            double vx = (double) nodePositions[c] - nodePositions[a];
            double vy = (double) nodePositions[c + 1] - nodePositions[a + 1];
            double vz = (double) nodePositions[c + 2] - nodePositions[a + 2];
            double nx = uy * vz - uz * vy;
            double ny = uz * vx - ux * vz;
            double nz = ux * vy - uy * vx;
            for (int k : new int[] {a, b, c}) {
                nn[k] += nx;
                nn[k + 1] += ny;
                nn[k + 2] += nz;
            }
        }
        for (int i = 0; i < vertexNode.length; i++) {
            int k = 3 * vertexNode[i];
            double len = Math.sqrt(nn[k] * nn[k] + nn[k + 1] * nn[k + 1] + nn[k + 2] * nn[k + 2]);
            double inv = len > 0 ? 1 / len : 0;
            out[3 * i] = (float) (nn[k] * inv);
            out[3 * i + 1] = (float) (nn[k + 1] * inv);
            out[3 * i + 2] = (float) (nn[k + 2] * inv);
        }
    }
}
