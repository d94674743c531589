package org.isocloth.jme;

import com.jme3.math.Quaternion;
import com.jme3.math.Transform;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.VertexBuffer;
import com.jme3.util.BufferUtils;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.isocloth.cache.RenderLayout;

/**
 * The render mesh of one cloth: a vertex per (node, texture coordinate) pair so that UV seams stay
 * seams ({@link RenderLayout}), with streamed positions, smooth normals and, when the original
 * mesh had them, tangents, written in the Geometry's mesh coordinates from the simulation's world
 * positions. Render thread only.
 */
final class ClothRenderMesh {
    private final Mesh mesh;
    /** Render vertex → node of the simulation's model. */
    private final int[] renderNode;
    private final float[] renderUv;
    private final int[] renderTriangles;
    private final boolean tangents;
    private double[] tangentSum;
    private double[] bitangentSum;

    /**
     * @param layout the layout over the cloth's own node numbering
     * @param nodes the cloth's own node → node of the simulation's model
     * @param tangents whether to write tangents (needs UVs)
     */
    ClothRenderMesh(RenderLayout layout, int[] nodes, boolean tangents) {
        renderNode = new int[layout.vertexNode.length];
        for (int i = 0; i < renderNode.length; i++) {
            renderNode[i] = nodes[layout.vertexNode[i]];
        }
        renderUv = layout.uvs;
        renderTriangles = layout.triangles;
        this.tangents = tangents && renderUv != null;
        mesh = build();
    }

    Mesh mesh() {
        return mesh;
    }

    /** @return render vertex → model node (live array: read only) */
    int[] renderNodes() {
        return renderNode;
    }

    private Mesh build() {
        Mesh mesh = new Mesh();
        int r = renderNode.length;
        mesh.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(3 * r));
        mesh.setBuffer(VertexBuffer.Type.Normal, 3, BufferUtils.createFloatBuffer(3 * r));
        if (r < 65536) {
            short[] idx = new short[renderTriangles.length];
            for (int i = 0; i < idx.length; i++) {
                idx[i] = (short) renderTriangles[i];
            }
            mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createShortBuffer(idx));
        } else {
            mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(renderTriangles));
        }
        if (renderUv != null) {
            mesh.setBuffer(VertexBuffer.Type.TexCoord, 2, BufferUtils.createFloatBuffer(renderUv));
        }
        if (tangents) {
            mesh.setBuffer(VertexBuffer.Type.Tangent, 4, BufferUtils.createFloatBuffer(4 * r));
            mesh.getBuffer(VertexBuffer.Type.Tangent).setUsage(VertexBuffer.Usage.Stream);
        }
        mesh.getBuffer(VertexBuffer.Type.Position).setUsage(VertexBuffer.Usage.Stream);
        mesh.getBuffer(VertexBuffer.Type.Normal).setUsage(VertexBuffer.Usage.Stream);
        return mesh;
    }

    /**
     * Writes the positions, normals and tangents of a frame, in the Geometry's mesh coordinates,
     * and updates the bounds.
     *
     * @param x the model's node positions, world coordinates
     * @param nodeNormal the model's node normals (area-weighted sums), world coordinates
     * @param geometry the Geometry that shows the mesh
     */
    void apply(double[] x, double[] nodeNormal, Geometry geometry) {
        Transform world = geometry.getWorldTransform();
        int r = renderNode.length;
        FloatBuffer pos = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getData();
        FloatBuffer nor = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Normal).getData();
        Vector3f p = new Vector3f();
        Vector3f nv = new Vector3f();
        Quaternion inverse = world.getRotation().inverse();
        Vector3f scale = world.getScale();
        for (int i = 0; i < r; i++) {
            int k = renderNode[i];
            p.set((float) x[3 * k], (float) x[3 * k + 1], (float) x[3 * k + 2]);
            world.transformInverseVector(p, p);
            pos.put(3 * i, p.x).put(3 * i + 1, p.y).put(3 * i + 2, p.z);
            nv.set((float) nodeNormal[3 * k], (float) nodeNormal[3 * k + 1], (float) nodeNormal[3 * k + 2]);
            inverse.mult(nv, nv);
            // normals transform with the inverse transpose: multiply by the scale
            nv.multLocal(scale);
            nv.normalizeLocal();
            nor.put(3 * i, nv.x).put(3 * i + 1, nv.y).put(3 * i + 2, nv.z);
        }
        mesh.getBuffer(VertexBuffer.Type.Position).setUpdateNeeded();
        mesh.getBuffer(VertexBuffer.Type.Normal).setUpdateNeeded();
        if (tangents) {
            writeTangents(pos, nor);
        }
        mesh.updateBound();
        geometry.updateModelBound();
    }

    /** Per-vertex tangents from the UV gradient of each triangle (Lengyel), Gram-Schmidt to the normal. */
    private void writeTangents(FloatBuffer pos, FloatBuffer nor) {
        int r = renderNode.length;
        if (tangentSum == null) {
            tangentSum = new double[3 * r];
            bitangentSum = new double[3 * r];
        }
        double[] tan = tangentSum;
        double[] bit = bitangentSum;
        Arrays.fill(tan, 0);
        Arrays.fill(bit, 0);
        int[] t = renderTriangles;
        for (int f = 0; f < t.length / 3; f++) {
            int a = t[3 * f];
            int b = t[3 * f + 1];
            int c = t[3 * f + 2];
            double e1x = pos.get(3 * b) - pos.get(3 * a);
            double e1y = pos.get(3 * b + 1) - pos.get(3 * a + 1);
            double e1z = pos.get(3 * b + 2) - pos.get(3 * a + 2);
            double e2x = pos.get(3 * c) - pos.get(3 * a);
            double e2y = pos.get(3 * c + 1) - pos.get(3 * a + 1);
            double e2z = pos.get(3 * c + 2) - pos.get(3 * a + 2);
            double du1 = renderUv[2 * b] - renderUv[2 * a];
            double dv1 = renderUv[2 * b + 1] - renderUv[2 * a + 1];
            double du2 = renderUv[2 * c] - renderUv[2 * a];
            double dv2 = renderUv[2 * c + 1] - renderUv[2 * a + 1];
            double det = du1 * dv2 - du2 * dv1;
            if (Math.abs(det) < 1e-20) {
                continue;
            }
            double inv = 1 / det;
            double tx = (dv2 * e1x - dv1 * e2x) * inv;
            double ty = (dv2 * e1y - dv1 * e2y) * inv;
            double tz = (dv2 * e1z - dv1 * e2z) * inv;
            double bx = (du1 * e2x - du2 * e1x) * inv;
            double by = (du1 * e2y - du2 * e1y) * inv;
            double bz = (du1 * e2z - du2 * e1z) * inv;
            for (int corner = 0; corner < 3; corner++) {
                int k = t[3 * f + corner];
                tan[3 * k] += tx;
                tan[3 * k + 1] += ty;
                tan[3 * k + 2] += tz;
                bit[3 * k] += bx;
                bit[3 * k + 1] += by;
                bit[3 * k + 2] += bz;
            }
        }
        FloatBuffer out = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Tangent).getData();
        for (int i = 0; i < r; i++) {
            double nx = nor.get(3 * i);
            double ny = nor.get(3 * i + 1);
            double nz = nor.get(3 * i + 2);
            double tx = tan[3 * i];
            double ty = tan[3 * i + 1];
            double tz = tan[3 * i + 2];
            double d = nx * tx + ny * ty + nz * tz;
            tx -= d * nx;
            ty -= d * ny;
            tz -= d * nz;
            double len = Math.sqrt(tx * tx + ty * ty + tz * tz);
            if (len < 1e-20) {
                // any unit vector orthogonal to the normal
                double ax = Math.abs(nx) < 0.9 ? 1 : 0;
                double ay = 1 - ax;
                tx = ay * nz;
                ty = -ax * nz;
                tz = ax * ny - ay * nx;
                len = Math.sqrt(tx * tx + ty * ty + tz * tz);
            }
            tx /= len;
            ty /= len;
            tz /= len;
            // handedness: sign of (n × t)·b
            double cx = ny * tz - nz * ty;
            double cy = nz * tx - nx * tz;
            double cz = nx * ty - ny * tx;
            double w = cx * bit[3 * i] + cy * bit[3 * i + 1] + cz * bit[3 * i + 2] < 0 ? -1 : 1;
            out.put(4 * i, (float) tx).put(4 * i + 1, (float) ty).put(4 * i + 2, (float) tz).put(4 * i + 3, (float) w);
        }
        mesh.getBuffer(VertexBuffer.Type.Tangent).setUpdateNeeded();
    }
}
