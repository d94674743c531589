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
     * A rectangular sheet for cloth: {@code cols × rows} quads split into triangles, in the xy
     * plane, x from −width/2 to width/2, y from 0 (bottom edge) to height (top edge), facing +z
     * (counter-clockwise seen from +z), with texture coordinates from (0, 0) at the bottom left
     * to (1, 1) at the top right. Rotate or move its Geometry to lay it elsewhere.
     *
     * @param width size along x, m (finite, &gt; 0)
     * @param height size along y, m (finite, &gt; 0)
     * @param cols cells along x (in [1, 2000])
     * @param rows cells along y (in [1, 2000])
     * @return a new mesh with Position, Normal, TexCoord and Index buffers
     */
    public static Mesh grid(float width, float height, int cols, int rows) {
        if (!(width > 0) || !(height > 0) || !Float.isFinite(width) || !Float.isFinite(height)) {
            throw new IllegalArgumentException("grid: width and height must be finite and > 0 (got " + width
                    + " × " + height + ")");
        }
        if (cols < 1 || rows < 1 || cols > 2000 || rows > 2000) {
            throw new IllegalArgumentException("grid: cols and rows must be in [1, 2000] (got " + cols + " × "
                    + rows + ")");
        }
        int nv = (cols + 1) * (rows + 1);
        float[] pos = new float[3 * nv];
        float[] nor = new float[3 * nv];
        float[] tex = new float[2 * nv];
        for (int j = 0; j <= rows; j++) {
            for (int i = 0; i <= cols; i++) {
                int k = j * (cols + 1) + i;
                pos[3 * k] = -width / 2 + width * i / cols;
                pos[3 * k + 1] = height * j / rows;
                nor[3 * k + 2] = 1;
                tex[2 * k] = (float) i / cols;
                tex[2 * k + 1] = (float) j / rows;
            }
        }
        int[] idx = new int[6 * cols * rows];
        int q = 0;
        for (int j = 0; j < rows; j++) {
            for (int i = 0; i < cols; i++) {
                int a = j * (cols + 1) + i;
                int b = a + 1;
                int c = a + cols + 1;
                int d = c + 1;
                idx[q++] = a;
                idx[q++] = b;
                idx[q++] = d;
                idx[q++] = a;
                idx[q++] = d;
                idx[q++] = c;
            }
        }
        Mesh mesh = new Mesh();
        mesh.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(pos));
        mesh.setBuffer(VertexBuffer.Type.Normal, 3, BufferUtils.createFloatBuffer(nor));
        mesh.setBuffer(VertexBuffer.Type.TexCoord, 2, BufferUtils.createFloatBuffer(tex));
        mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(idx));
        mesh.updateBound();
        mesh.updateCounts();
        return mesh;
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

    /**
     * Area-weighted vertex normals of a triangle mesh: every vertex gets the sum of the cross
     * products (twice the area times the unit normal) of its triangles. Not normalized.
     *
     * @param positions vertex positions, 3 per vertex
     * @param triangles vertex indices, 3 per triangle (counter-clockwise seen from the side the
     *     normals point to)
     * @param vertexCount number of vertices
     * @return 3·vertexCount values
     */
    public static double[] vertexNormals(double[] positions, int[] triangles, int vertexCount) {
        double[] p = positions;
        double[] out = new double[3 * vertexCount];
        for (int t = 0; t < triangles.length; t += 3) {
            int a = 3 * triangles[t];
            int b = 3 * triangles[t + 1];
            int c = 3 * triangles[t + 2];
            double ux = p[b] - p[a];
            double uy = p[b + 1] - p[a + 1];
            double uz = p[b + 2] - p[a + 2];
            double wx = p[c] - p[a];
            double wy = p[c + 1] - p[a + 1];
            double wz = p[c + 2] - p[a + 2];
            double nx = uy * wz - uz * wy;
            double ny = uz * wx - ux * wz;
            double nz = ux * wy - uy * wx;
            for (int v : new int[] {a, b, c}) {
                out[v] += nx;
                out[v + 1] += ny;
                out[v + 2] += nz;
            }
        }
        return out;
    }
}
