package org.isocloth.jme;

import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.VertexBuffer;
import com.jme3.util.BufferUtils;
import java.util.ArrayList;
import java.util.List;

/** Meshes for the plugin tests. */
final class TestMeshes {
    private TestMeshes() {
    }

    /**
     * A vertical sheet in the z = 0 plane, {@code width × height} m, {@code cols × rows} cells,
     * centred on x = 0 with its top edge at y = {@code top}. UV u = x/width + ½ on the left half;
     * with {@code seam}, the right half (x ≥ 0) is a separate UV island u = x/width + ½ + 1 whose
     * vertices on the seam column are duplicated, as a glTF or OBJ export makes them. v = (y − top)/height + 1.
     * Triangles wind counter-clockwise seen from +z.
     */
    static Mesh sheet(float width, float height, int cols, int rows, float top, boolean seam) {
        List<float[]> verts = new ArrayList<>();
        int[][] left = new int[cols + 1][rows + 1];
        int[][] right = new int[cols + 1][rows + 1];
        int mid = cols / 2;
        for (int i = 0; i <= cols; i++) {
            for (int j = 0; j <= rows; j++) {
                float x = -width / 2 + width * i / cols;
                float y = top - height + height * j / rows;
                float v = (y - top) / height + 1;
                float u = x / width + 0.5f;
                boolean isRight = seam && i >= mid;
                left[i][j] = verts.size();
                verts.add(new float[] {x, y, 0, isRight && i > mid ? u + 1 : u, v});
                if (seam && i == mid) {
                    right[i][j] = verts.size();
                    verts.add(new float[] {x, y, 0, u + 1, v});
                } else {
                    right[i][j] = left[i][j];
                }
            }
        }
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < cols; i++) {
            int[][] a = seam && i >= mid ? right : left;
            for (int j = 0; j < rows; j++) {
                int v00 = a[i][j];
                int v10 = a[i + 1][j];
                int v01 = a[i][j + 1];
                int v11 = a[i + 1][j + 1];
                idx.add(v00);
                idx.add(v10);
                idx.add(v11);
                idx.add(v00);
                idx.add(v11);
                idx.add(v01);
            }
        }
        float[] pos = new float[3 * verts.size()];
        float[] tex = new float[2 * verts.size()];
        for (int k = 0; k < verts.size(); k++) {
            float[] e = verts.get(k);
            pos[3 * k] = e[0];
            pos[3 * k + 1] = e[1];
            pos[3 * k + 2] = e[2];
            tex[2 * k] = e[3];
            tex[2 * k + 1] = e[4];
        }
        int[] ind = idx.stream().mapToInt(Integer::intValue).toArray();
        Mesh mesh = new Mesh();
        mesh.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(pos));
        mesh.setBuffer(VertexBuffer.Type.TexCoord, 2, BufferUtils.createFloatBuffer(tex));
        mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(ind));
        mesh.updateBound();
        mesh.updateCounts();
        return mesh;
    }

    /**
     * A horizontal sheet at height {@code y}: the {@link #sheet} (no seam) with (x, y', 0) mapped to
     * (x, y, −(y' − 1) − 1): its "top" edge (y' = 1) lies at z = −1, its bottom at z = 0.
     * Counter-clockwise seen from +y.
     */
    static Mesh horizontalSheet(int cols, int rows, float y) {
        Mesh m = sheet(1f, 1f, cols, rows, 1f, false);
        java.nio.FloatBuffer p = (java.nio.FloatBuffer) m.getBuffer(VertexBuffer.Type.Position).getData();
        for (int i = 0; i < m.getVertexCount(); i++) {
            float yy = p.get(3 * i + 1);
            p.put(3 * i + 1, y);
            p.put(3 * i + 2, -yy);
        }
        m.updateBound();
        return m;
    }

    /** A Geometry with a {@link #sheet}. */
    static Geometry sheetGeometry(String name, int cols, int rows, boolean seam) {
        return new Geometry(name, sheet(1f, 1f, cols, rows, 1f, seam));
    }
}
