package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.jme3.math.Vector3f;
import com.jme3.scene.Mesh;
import com.jme3.scene.VertexBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;

/** The jME mesh of the subdivided cloth. */
class ClothMeshesTest {
    @Test
    void subdividedMeshKeepsCountsAreaUvsAndNormals() {
        // A 1 m × 0.5 m horizontal grid of 4×2 cells: v = 15, t = 16, e = v + t − 1 = 30 (Euler).
        // The jME mesh has one vertex per node (45) and 4t = 64 triangles whose areas add up to
        // 0.5 m²; a flat sheet wound counter-clockwise seen from +y has every normal equal to +y;
        // the UV of the red node in the middle of the sheet is the average of its edge's ends.
        TriMesh g = GridMesh.build(1, 0.5, 4, 2, new double[] {0, 1, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        ClothModel model = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
        Object[] uv = model.mesh.subdivideUvs(g.uvs, g.triangleUvs);
        Mesh mesh = ClothMeshes.createMesh(model, model.restPositions, (double[]) uv[0], (int[]) uv[1]);
        assertEquals(45, mesh.getVertexCount());
        assertEquals(64, mesh.getTriangleCount());
        FloatBuffer pos = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getData();
        IntBuffer idx = (IntBuffer) mesh.getBuffer(VertexBuffer.Type.Index).getData();
        double area = 0;
        for (int f = 0; f < 64; f++) {
            Vector3f a = vec(pos, idx.get(3 * f));
            Vector3f b = vec(pos, idx.get(3 * f + 1));
            Vector3f c = vec(pos, idx.get(3 * f + 2));
            area += 0.5 * b.subtract(a).cross(c.subtract(a)).length();
        }
        assertEquals(0.5, area, 1e-6);
        FloatBuffer nor = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Normal).getData();
        for (int i = 0; i < 45; i++) {
            assertEquals(1f, nor.get(3 * i + 1), 1e-6f);
        }
        FloatBuffer tex = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.TexCoord).getData();
        for (int e = 0; e < model.mesh.edgeCount; e++) {
            int a = model.mesh.edgeVertices[2 * e];
            int b = model.mesh.edgeVertices[2 * e + 1];
            int r = model.mesh.redNode(e);
            assertEquals(0.5 * (g.uvs[2 * a] + g.uvs[2 * b]), tex.get(2 * r), 1e-6);
        }
        // Streaming new positions moves the bound.
        double[] moved = model.restPositions.clone();
        for (int i = 1; i < moved.length; i += 3) {
            moved[i] -= 2;
        }
        ClothMeshes.update(mesh, model, moved);
        assertEquals(-1f, mesh.getBound().getCenter().y, 1e-5f);
    }

    private static Vector3f vec(FloatBuffer b, int i) {
        return new Vector3f(b.get(3 * i), b.get(3 * i + 1), b.get(3 * i + 2));
    }
}
