package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.junit.jupiter.api.Test;

/**
 * A model of several pieces, each with its own material, stepped by one solver (layered garments
 * of different fabrics): each piece must behave exactly as it would alone.
 */
class PieceMaterialsTest {
    /**
     * The default material with a strain tolerance of 10⁻⁵, so that the solver's own slack (what
     * the tolerance leaves open in each step) stays small against the differences looked for.
     */
    private static final ClothMaterial TIGHT =
            new ClothMaterial(0.2, 1e-5, RestShape.FLAT, 1e-5, 0, 0, 1e5, 0.3, 0.005);
    /**
     * A heavier, stiffer, damped fabric with drag, soft membrane springs, and friction and
     * thickness of its own.
     */
    private static final ClothMaterial DENIM =
            new ClothMaterial(0.32, 3e-5, RestShape.FLAT, 1e-5, 0.01, 0.4, 300, 0.6, 0.003);

    /** A 0.3 m sheet of 8×8 cells in the plane z = 0 around (cx, 1, 0), its top edge at y = 1.15. */
    private static TriMesh sheet(double cx) {
        return GridMesh.build(0.3, 0.3, 8, 8, new double[] {cx, 1, 0}, new double[] {0, 0, 1},
                new double[] {1, 0, 0});
    }

    /** The meshes one after the other, as one mesh. */
    private static TriMesh concatenate(TriMesh a, TriMesh b) {
        double[] positions = new double[a.positions.length + b.positions.length];
        System.arraycopy(a.positions, 0, positions, 0, a.positions.length);
        System.arraycopy(b.positions, 0, positions, a.positions.length, b.positions.length);
        int[] triangles = new int[a.triangles.length + b.triangles.length];
        System.arraycopy(a.triangles, 0, triangles, 0, a.triangles.length);
        int offset = a.positions.length / 3;
        for (int i = 0; i < b.triangles.length; i++) {
            triangles[a.triangles.length + i] = b.triangles[i] + offset;
        }
        return new TriMesh(positions, triangles, "two sheets");
    }

    /** Piece 0 for the first mesh's triangles, 1 for the second's. */
    private static int[] pieces(TriMesh a, TriMesh b) {
        int[] piece = new int[(a.triangles.length + b.triangles.length) / 3];
        java.util.Arrays.fill(piece, a.triangles.length / 3, piece.length, 1);
        return piece;
    }

    @Test
    void eachPieceTakesTheMassOfItsOwnDensity() {
        // A piece's nodes carry a third of their fine triangles' area each, so a piece's node
        // masses add up to its density times its area: 0.2 · 0.09 = 0.018 kg for the default
        // material, 0.32 · 0.09 = 0.0288 kg for the denim.
        TriMesh a = sheet(0);
        TriMesh b = sheet(1);
        ClothModel model = new ClothModel(concatenate(a, b).positions, concatenate(a, b).triangles,
                new ClothMaterial[] {TIGHT, DENIM}, pieces(a, b));
        double[] mass = new double[2];
        for (int p = 0; p < model.nodeCount(); p++) {
            mass[model.nodePiece[p]] += model.mass[p];
            if (p < model.mesh.vertexCount) {
                assertEquals(p < 81 ? 0 : 1, model.nodePiece[p], "black node " + p); // 9 × 9 vertices per sheet
            }
        }
        assertEquals(0.2 * 0.09, mass[0], 1e-12);
        assertEquals(0.32 * 0.09, mass[1], 1e-12);
        assertEquals(2, model.pieceCount());
        // the combination the solver uses where one value applies to both: the smaller strain
        // tolerance, the larger thickness, the smaller friction
        assertEquals(1e-5, model.material.strainTolerance());
        assertEquals(0.005, model.material.thickness());
        assertEquals(0.3, model.material.friction());
    }

    @Test
    void piecesThatShareAVertexAreRefused() {
        TriMesh a = sheet(0);
        int[] piece = new int[a.triangles.length / 3];
        piece[0] = 1; // one triangle of a connected sheet in another piece
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ClothModel(a.positions,
                a.triangles, new ClothMaterial[] {ClothMaterial.DEFAULT, DENIM}, piece));
        assertTrue(e.getMessage().contains("must not share vertices"), e.getMessage());
    }

    @Test
    void piecesFarApartSwingExactlyAsEachDoesAlone() {
        // Two vertical sheets 1 m apart, each pinned along its top edge and swung by a start
        // velocity normal to it: nothing couples them (no collider, no contact between them), so
        // each piece must follow the trajectory it follows alone, with its own mass, bending,
        // damping, drag and membrane springs (the denim's 300 N/m keep its boundary rows hard,
        // the default's 10⁵ N/m make them inert). It does so up to the solver's tolerance: the
        // joint projection stops when both pieces meet it, so a piece can take another Newton
        // iteration than alone, and each step's result differs within what the tolerance leaves
        // open; the swing carries such differences on as velocity. With both pieces identical the
        // joint run matches the separate one to 2·10⁻¹¹ m (measured); with the denim, at a
        // tolerance of 10⁻⁵, by 2.1 mm after 40 steps (1.8 cm at the usual 10⁻³), where the two
        // materials' swings differ by 47 mm. Bound: 2 % of the swing.
        TriMesh a = sheet(0);
        TriMesh b = sheet(1);
        TriMesh both = concatenate(a, b);
        ClothModel joint = new ClothModel(both.positions, both.triangles,
                new ClothMaterial[] {TIGHT, DENIM}, pieces(a, b));
        double[] together = swing(joint);
        double[] first = swing(new ClothModel(a.positions, a.triangles, TIGHT));
        double[] second = swing(new ClothModel(b.positions, b.triangles, DENIM));
        // the joint model numbers the first sheet's black nodes, then the second's, then the red
        // nodes (one per base edge) in the same order
        int va = a.positions.length / 3;
        int vb = b.positions.length / 3;
        int ea = first.length / 3 - va;
        double worst = 0;
        double swingA = 0;
        double swingB = 0;
        ClothModel aloneA = new ClothModel(a.positions, a.triangles, TIGHT);
        ClothModel aloneB = new ClothModel(b.positions, b.triangles, DENIM);
        for (int p = 0; p < first.length / 3; p++) {
            int q = p < va ? p : va + vb + (p - va);
            for (int c = 0; c < 3; c++) {
                worst = Math.max(worst, Math.abs(together[3 * q + c] - first[3 * p + c]));
            }
            swingA = Math.max(swingA, Math.abs(first[3 * p + 2] - aloneA.restPositions[3 * p + 2]));
        }
        for (int p = 0; p < second.length / 3; p++) {
            int q = p < vb ? va + p : va + vb + ea + (p - vb);
            for (int c = 0; c < 3; c++) {
                worst = Math.max(worst, Math.abs(together[3 * q + c] - second[3 * p + c]));
            }
            swingB = Math.max(swingB, Math.abs(second[3 * p + 2] - aloneB.restPositions[3 * p + 2]));
        }
        // the pieces really swing, and differently: the damped, dragged, stiffer denim less far
        assertTrue(swingA > 0.05 && swingB > 0.02 && Math.abs(swingA - swingB) > 0.005,
                "swings " + swingA + ", " + swingB);
        assertTrue(worst < 0.02 * swingA, "largest difference from the piece alone: " + worst + " m");
    }

    /** 40 steps at 60 steps/s of the model pinned along its top edge, started at 1 m/s along z. */
    private static double[] swing(ClothModel model) {
        ClothSolver solver = new ClothSolver("pieces", model, new SolverSettings(Integrator.BACKWARD_EULER, 100));
        solver.setSelfCollisions(false);
        double[] x0 = model.restPositions;
        double[] v = new double[x0.length];
        for (int p = 0; p < model.nodeCount(); p++) {
            if (Math.abs(x0[3 * p + 1] - 1.15) < 1e-9) {
                solver.setPinned(p, true);
            } else {
                v[3 * p + 2] = 1;
            }
        }
        solver.setState(x0, v);
        for (int s = 0; s < 40; s++) {
            StepResult r = solver.step(1.0 / 60);
            assertTrue(r.converged(), "step " + s + ": " + r);
        }
        return solver.positions();
    }
}
