package org.isocloth.jme;

import com.jme3.scene.Mesh;
import com.jme3.scene.VertexBuffer;
import com.jme3.util.BufferUtils;
import java.nio.FloatBuffer;
import org.isocloth.model.ClothModel;

/**
 * Converts an IsoCloth model (double arrays) into a jME {@link Mesh} of its 4:1 subdivision and
 * streams solver positions into it: one vertex per red or black node, four triangles per base
 * triangle, smooth area-weighted normals.
 *
 * <p>Vertices are nodes, so a base mesh with UV seams gets the UV of one of the node's corners;
 * splitting seam vertices for rendering belongs to the ClothControl.
 */
public final class ClothMeshes {
    private ClothMeshes() {
    }

    /**
     * Creates a streamed triangle mesh at the given positions.
     *
     * @param model the cloth model (not null)
     * @param positions node positions, 3 per node, metres (not null, unaffected)
     * @param fineUvs UV entries of the subdivided mesh, 2 each, or null for none
     * @param fineTriangleUvs per-corner UV indices of the subdivided mesh, or null
     * @return a new mesh with Position, Normal, Index and (if given) TexCoord buffers
     */
    public static Mesh createMesh(ClothModel model, double[] positions, double[] fineUvs, int[] fineTriangleUvs) {
        int n = model.nodeCount();
        int[] tris = model.mesh.fineTriangles;
        Mesh mesh = new Mesh();
        mesh.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(3 * n));
        mesh.setBuffer(VertexBuffer.Type.Normal, 3, BufferUtils.createFloatBuffer(3 * n));
        mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(tris));
        if (fineUvs != null && fineTriangleUvs != null) {
            float[] tex = new float[2 * n];
            boolean[] set = new boolean[n];
            for (int c = 0; c < tris.length; c++) {
                int node = tris[c];
                if (!set[node]) {
                    set[node] = true;
                    tex[2 * node] = (float) fineUvs[2 * fineTriangleUvs[c]];
                    tex[2 * node + 1] = (float) fineUvs[2 * fineTriangleUvs[c] + 1];
                }
            }
            mesh.setBuffer(VertexBuffer.Type.TexCoord, 2, BufferUtils.createFloatBuffer(tex));
        }
        mesh.getBuffer(VertexBuffer.Type.Position).setUsage(VertexBuffer.Usage.Stream);
        mesh.getBuffer(VertexBuffer.Type.Normal).setUsage(VertexBuffer.Usage.Stream);
        update(mesh, model, positions);
        return mesh;
    }

    /**
     * Writes positions and smooth normals into the mesh's buffers in place and updates its bound.
     *
     * @param mesh a mesh made by {@link #createMesh} (not null)
     * @param model its cloth model (not null)
     * @param positions node positions, 3 per node, metres (not null, unaffected)
     */
    public static void update(Mesh mesh, ClothModel model, double[] positions) {
        int n = model.nodeCount();
        int[] tris = model.mesh.fineTriangles;
        double[] normals = new double[3 * n];
        double[] face = new double[3];
        for (int f = 0; f < tris.length / 3; f++) {
            ClothModel.faceNormal(positions, tris[3 * f], tris[3 * f + 1], tris[3 * f + 2], face);
            for (int corner = 0; corner < 3; corner++) {
                int k = tris[3 * f + corner];
                normals[3 * k] += face[0];
                normals[3 * k + 1] += face[1];
                normals[3 * k + 2] += face[2];
            }
        }
        FloatBuffer pos = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getData();
        FloatBuffer nor = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Normal).getData();
        pos.rewind();
        nor.rewind();
        for (int i = 0; i < n; i++) {
            pos.put((float) positions[3 * i]).put((float) positions[3 * i + 1]).put((float) positions[3 * i + 2]);
            double len = Math.sqrt(normals[3 * i] * normals[3 * i] + normals[3 * i + 1] * normals[3 * i + 1]
                    + normals[3 * i + 2] * normals[3 * i + 2]);
            double inv = len > 0 ? 1 / len : 0;
            nor.put((float) (normals[3 * i] * inv)).put((float) (normals[3 * i + 1] * inv))
                    .put((float) (normals[3 * i + 2] * inv));
        }
        pos.rewind();
        nor.rewind();
        mesh.getBuffer(VertexBuffer.Type.Position).setUpdateNeeded();
        mesh.getBuffer(VertexBuffer.Type.Normal).setUpdateNeeded();
        mesh.updateBound();
    }
}
