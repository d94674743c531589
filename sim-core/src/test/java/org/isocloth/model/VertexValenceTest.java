package org.isocloth.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import org.isocloth.mesh.MeshValidator;
import org.isocloth.mesh.ObjReader;
import org.isocloth.mesh.TriMesh;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.SolverSettings;
import org.junit.jupiter.api.Test;

/**
 * The valence limit of {@link MeshValidator#MAX_VERTEX_TRIANGLES} is the solver's: a fan at the
 * limit runs, one triangle more overflows the solver's rows.
 */
class VertexValenceTest {

    /**
     * A fan of n triangles around (0, 0, 0) in the y = 0 plane, rim radius 0.5 m (every
     * subdivided edge is longer than four times the default thickness, so the solver keeps its
     * proximity distance and logs nothing): closed (rim vertices all around, the centre inside
     * the cloth) or open (the rim spans 270°, the centre on the boundary). Rim vertices come
     * first, the centre last.
     */
    static TriMesh fan(int n, boolean closed) {
        int rim = closed ? n : n + 1;
        double span = closed ? 2 * Math.PI : 1.5 * Math.PI;
        double[] p = new double[3 * (rim + 1)];
        for (int k = 0; k < rim; k++) {
            double a = span * k / n;
            p[3 * k] = 0.5 * Math.cos(a);
            p[3 * k + 2] = -0.5 * Math.sin(a);
        }
        int[] t = new int[3 * n];
        for (int k = 0; k < n; k++) {
            t[3 * k] = rim;
            t[3 * k + 1] = k;
            t[3 * k + 2] = (k + 1) % rim;
        }
        return new TriMesh(p, t, "fan");
    }

    /** The most nodes any conforming or boundary row of the model couples. */
    private static int widestRow(ClothModel m) {
        int widest = 0;
        for (int r = 0; r + 1 < m.linPtr.length; r++) {
            widest = Math.max(widest, m.linPtr[r + 1] - m.linPtr[r]);
        }
        return widest;
    }

    @Test
    void fansAtTheLimitAreAcceptedAndTakeAStep() {
        for (boolean closed : new boolean[] {true, false}) {
            int n = MeshValidator.MAX_VERTEX_TRIANGLES;
            TriMesh mesh = MeshValidator.validate(fan(n, closed)).mesh;
            ClothModel model = new ClothModel(mesh.positions, mesh.triangles,
                    ClothMaterial.DEFAULT);
            // the centre's conforming row: the centre, the red nodes of its n edges (n + 1 when
            // open) and of the n opposite edges: 2·31 + 1 = 63 closed, 2·31 + 2 = 64 open,
            // the most the solver's rows may touch
            assertEquals(closed ? 63 : 64, widestRow(model), "closed " + closed);
            ClothSolver solver = new ClothSolver("fan", model, SolverSettings.DEFAULT);
            solver.step(1.0 / 60);
            // nothing is pinned, so the fan falls: after one step its nodes are below y = 0
            for (int i = 1; i < solver.positions().length; i += 3) {
                double y = solver.positions()[i];
                assertTrue(Double.isFinite(y) && y < 0, "closed " + closed + ": y = " + y);
            }
        }
    }

    @Test
    void oneTriangleMoreOverflowsTheSolversRows() {
        // 32 triangles around an inner vertex: its conforming row couples 2·32 + 1 = 65 nodes,
        // one more than the solver assembles; the validator refuses such a mesh, and without it
        // the solver fails with an internal error
        TriMesh raw = fan(MeshValidator.MAX_VERTEX_TRIANGLES + 1, true);
        ClothModel model = new ClothModel(raw.positions, raw.triangles, ClothMaterial.DEFAULT);
        assertEquals(65, widestRow(model));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
            ClothSolver solver = new ClothSolver("fan", model, SolverSettings.DEFAULT);
            solver.step(1.0 / 60);
        });
        assertTrue(e.getMessage().contains("more than 64 nodes"), e.getMessage());
    }

    @Test
    void objFanOfFortyTrianglesIsRefusedByTheReader() {
        // the centre is the 41st 'v' statement, on line 42 after the comment on line 1
        StringBuilder obj = new StringBuilder("# fan\n");
        TriMesh f = fan(40, true);
        for (int v = 0; v < f.vertexCount(); v++) {
            obj.append("v ").append(f.positions[3 * v]).append(' ')
                    .append(f.positions[3 * v + 1]).append(' ').append(f.positions[3 * v + 2])
                    .append('\n');
        }
        for (int t = 0; t < 40; t++) {
            obj.append("f ").append(f.triangles[3 * t] + 1).append(' ')
                    .append(f.triangles[3 * t + 1] + 1).append(' ')
                    .append(f.triangles[3 * t + 2] + 1).append('\n');
        }
        org.isocloth.InputException e = assertThrows(org.isocloth.InputException.class,
                () -> ObjReader.read(new StringReader(obj.toString()), "fan.obj"));
        assertEquals("fan.obj: vertex 41 of the file (line 42) at (0, 0, 0): 40 triangles meet"
                + " there, more than the 31 a cloth vertex may have; remesh so that fewer"
                + " triangles share it", e.getMessage());
    }
}
