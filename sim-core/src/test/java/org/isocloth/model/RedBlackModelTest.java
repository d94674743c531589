package org.isocloth.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.isocloth.mesh.TriMesh;
import org.junit.jupiter.api.Test;

/** Counts and degrees of freedom of the red/black model (thesis §3.1). */
class RedBlackModelTest {

    private static ClothModel grid(int m) {
        TriMesh g = Grids.horizontal(1, 1, m, m, 0);
        return new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
    }

    @Test
    void subdivisionCountsFollowTheBaseMesh() {
        // An m×m grid has v = (m+1)² vertices, t = 2m² triangles and e = v + t − 1 edges (Euler,
        // disc: v − e + t = 1). The 4:1 subdivision has one node per vertex and per edge, four
        // triangles per base triangle, three inextensibility constraints per base triangle, one
        // conforming constraint per vertex. Boundary constraints: one per boundary vertex whose two
        // boundary edges lie in different triangles; with the grid's alternating diagonals and m
        // even, the diagonals of the four corner cells all touch their corners, so every one of
        // the 4m boundary vertices has two boundary triangles (no case A of Fig. 3.2).
        int m = 6;
        ClothModel model = grid(m);
        int v = (m + 1) * (m + 1);
        int t = 2 * m * m;
        int e = v + t - 1;
        assertEquals(v + e, model.nodeCount());
        assertEquals(4 * t, model.mesh.fineTriangles.length / 3);
        assertEquals(3 * t, model.inextRest.length);
        assertEquals(v, model.conformingCount);
        assertEquals(4 * m, model.linearCount() - model.conformingCount);
        // total area 1 m², mass density·area
        double mass = 0;
        for (double d : model.mass) {
            mass += d;
        }
        assertEquals(0.2, mass, 1e-12);
        assertEquals(1.0, model.area, 1e-12);
    }

    /** Rank of the constraint Jacobian at the rest state. */
    private static int rank(ClothModel model, boolean withBoundary) {
        int n = model.nodeCount();
        int rowsLinear = withBoundary ? model.linearCount() : model.conformingCount;
        int rows = model.inextRest.length + 3 * rowsLinear;
        DMatrixRMaj j = new DMatrixRMaj(rows, 3 * n);
        double[] x = model.restPositions;
        for (int i = 0; i < model.inextRest.length; i++) {
            int p = model.inextNodes[2 * i];
            int q = model.inextNodes[2 * i + 1];
            double l = ClothModel.dist(x, p, q);
            for (int c = 0; c < 3; c++) {
                double u = (x[3 * p + c] - x[3 * q + c]) / l;
                j.set(i, 3 * p + c, u);
                j.set(i, 3 * q + c, -u);
            }
        }
        for (int l = 0; l < rowsLinear; l++) {
            for (int c = 0; c < 3; c++) {
                for (int s = model.linPtr[l]; s < model.linPtr[l + 1]; s++) {
                    j.set(model.inextRest.length + 3 * l + c, 3 * model.linNode[s] + c, model.linCoef[s]);
                }
            }
        }
        SingularValueDecomposition_F64<DMatrixRMaj> svd =
                DecompositionFactory_DDRM.svd(rows, 3 * n, false, false, true);
        assertTrue(svd.decompose(j));
        double max = 0;
        for (double s : svd.getSingularValues()) {
            max = Math.max(max, s);
        }
        int r = 0;
        for (double s : svd.getSingularValues()) {
            if (s > 1e-9 * max) {
                r++;
            }
        }
        return r;
    }

    @Test
    void twoTrianglesKeepRigidMotionsAndOneHinge() {
        // One quad = two triangles sharing a diagonal. Each red (medial) triangle is rigid and the
        // two share the diagonal's midpoint; the boundary constraints make both extrapolate the
        // diagonal's end points to the same places, so the only non-rigid motion left is folding
        // about the diagonal: 6 rigid DOFs + 1 hinge = 7 = 3n − rank J.
        ClothModel model = grid(1);
        assertEquals(7, 3 * model.nodeCount() - rank(model, true));
    }

    @Test
    void freeDofsMatchTheSection31Count() {
        // §3.1: n = v + e nodes carry 3(v + e) DOFs; inextensibility removes 3t and conforming 3v.
        // On a disc Euler gives e − t = v − 1, so if those rows are independent the count is
        // 3(v+e) − 3t − 3v = 3(v − 1): the thesis's "≈ 3v". A flat rest state adds a few
        // infinitesimal flexes (rows that are dependent only because the sheet is planar), so we
        // accept 3(v−1) ≤ free ≤ 3(v−1) + m. The boundary constraints then remove at most 3 DOFs
        // per boundary vertex and never the 6 rigid motions.
        for (int m = 2; m <= 5; m++) {
            ClothModel model = grid(m);
            int v = model.mesh.vertexCount;
            int n3 = 3 * model.nodeCount();
            int free = n3 - rank(model, false);
            assertTrue(free >= 3 * (v - 1) && free <= 3 * (v - 1) + m,
                    "m=" + m + ": free DOFs " + free + " vs 3(v−1) = " + 3 * (v - 1));
            int freeAll = n3 - rank(model, true);
            int boundaryVertices = 4 * m;
            assertTrue(freeAll >= 6 && freeAll <= free && free - freeAll <= 3 * boundaryVertices,
                    "m=" + m + ": free DOFs with boundary constraints " + freeAll);
        }
    }

    @Test
    void membraneSpringsCoverEveryBlackRedEdgeWithHalfTheArea() {
        // Every base edge is split at its red node into two black–red fine edges: 2e springs.
        // Each spring is weighted by a third of the fine triangles beside it. Of the four fine
        // triangles of a base triangle, the three corner ones (each a quarter of the area) have two
        // black–red edges and the middle (red) one none, so Σ A = (2/3)·(3/4)·area = area/2; the
        // stored weight is A/l₀², hence Σ weight·l₀² = area/2.
        TriMesh g = Grids.horizontal(0.8, 0.6, 5, 3, 0.0);
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
        assertEquals(2 * m.mesh.edgeCount, m.springRest.length);
        double sum = 0;
        for (int s = 0; s < m.springRest.length; s++) {
            int a = m.springNodes[2 * s];
            int b = m.springNodes[2 * s + 1];
            assertTrue((a < m.mesh.vertexCount) != (b < m.mesh.vertexCount), "spring " + s + " is black–red");
            assertEquals(ClothModel.dist(m.restPositions, a, b), m.springRest[s], 1e-15);
            sum += m.springWeight[s] * m.springRest[s] * m.springRest[s];
        }
        assertEquals(0.8 * 0.6 / 2, sum, 1e-12);
    }
}
