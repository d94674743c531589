package org.isocloth.model;

import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * The linear constraints of the model ({@link ClothModel}): conforming (eq. 3.3), one per black
 * node, x_k − (1/n) Σ_T (x_a + x_b − x_c) = 0 over its n incident triangles, then boundary (eq.
 * 3.4), for a boundary vertex whose two boundary edges belong to different triangles T₁ ≠ T₂, the
 * extrapolations of k from T₁ and T₂ matched. Each is a sparse combination Σ c_j x_j = 0 applied to
 * each coordinate.
 */
final class LinearConstraints {
    private LinearConstraints() {
    }

    /**
     * Appends the conforming rows, then the boundary rows, to {@code rows}.
     *
     * @param m the subdivision
     * @param triangles the base triangles
     * @param rows the rows, node → coefficient (appended to)
     * @return the number of conforming rows
     */
    static int build(RedBlackMesh m, int[] triangles, List<TreeMap<Integer, Double>> rows) {
        int t = m.triangleCount;
        // Incident triangles per vertex (CSR).
        int v = m.vertexCount;
        int[] vtPtr = new int[v + 1];
        for (int idx : triangles) {
            vtPtr[idx + 1]++;
        }
        for (int i = 0; i < v; i++) {
            vtPtr[i + 1] += vtPtr[i];
        }
        int[] vtTri = new int[3 * t];
        int[] fill = Arrays.copyOf(vtPtr, v);
        for (int f = 0; f < t; f++) {
            for (int i = 0; i < 3; i++) {
                vtTri[fill[triangles[3 * f + i]]++] = f;
            }
        }

        for (int k = 0; k < v; k++) {
            int deg = vtPtr[k + 1] - vtPtr[k];
            if (deg == 0) {
                continue; // unreferenced vertices are removed by the mesh layer
            }
            TreeMap<Integer, Double> row = new TreeMap<>();
            row.put(k, 1.0);
            for (int s = vtPtr[k]; s < vtPtr[k + 1]; s++) {
                addExtrapolation(m, row, vtTri[s], k, -1.0 / deg);
            }
            rows.add(row);
        }
        int conforming = rows.size();
        for (int k = 0; k < v; k++) {
            if (!m.boundaryVertex[k]) {
                continue;
            }
            int t1 = -1;
            int t2 = -1;
            for (int s = vtPtr[k]; s < vtPtr[k + 1]; s++) {
                int f = vtTri[s];
                int local = localIndex(m, f, k);
                for (int j = 1; j <= 2; j++) {
                    int e = m.triEdge[3 * f + (local + j) % 3];
                    if (m.isBoundaryEdge(e)) {
                        if (t1 < 0) {
                            t1 = f;
                        } else {
                            t2 = f;
                        }
                    }
                }
            }
            if (t1 >= 0 && t2 >= 0 && t1 != t2) {
                TreeMap<Integer, Double> row = new TreeMap<>();
                addExtrapolation(m, row, t1, k, 1.0);
                addExtrapolation(m, row, t2, k, -1.0);
                row.values().removeIf(c -> Math.abs(c) < 1e-15);
                if (!row.isEmpty()) {
                    rows.add(row);
                }
            }
        }
        return conforming;
    }

    private static int localIndex(RedBlackMesh mesh, int f, int vertex) {
        for (int i = 0; i < 3; i++) {
            if (mesh.baseTriangles[3 * f + i] == vertex) {
                return i;
            }
        }
        throw new IllegalStateException("vertex " + vertex + " not in triangle " + f);
    }

    /** Adds scale·(x_a + x_b − x_c), the extrapolation of vertex k from triangle f, to row. */
    private static void addExtrapolation(RedBlackMesh mesh, TreeMap<Integer, Double> row, int f, int k, double scale) {
        int local = localIndex(mesh, f, k);
        int opposite = mesh.redNode(mesh.triEdge[3 * f + local]);
        int a = mesh.redNode(mesh.triEdge[3 * f + (local + 1) % 3]);
        int bb = mesh.redNode(mesh.triEdge[3 * f + (local + 2) % 3]);
        row.merge(a, scale, Double::sum);
        row.merge(bb, scale, Double::sum);
        row.merge(opposite, -scale, Double::sum);
    }
}
