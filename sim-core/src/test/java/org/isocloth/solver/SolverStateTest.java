package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;

/** Snapshots of a solver's state: continuing from one, and refusing one that does not fit. */
class SolverStateTest {

    private static ClothSolver hangingSheet(String name) {
        TriMesh grid = GridMesh.build(0.4, 0.4, 6, 6, new double[] {0, 1, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        ClothModel model = new ClothModel(grid.positions, grid.triangles, ClothMaterial.DEFAULT);
        ClothSolver solver = new ClothSolver(name, model, SolverSettings.DEFAULT);
        double[] x = model.restPositions;
        for (int p = 0; p < model.nodeCount(); p++) {
            if (x[3 * p + 2] > 0.199) {
                solver.setPinned(p, true);
            }
        }
        return solver;
    }

    @Test
    void aRestoredSnapshotContinuesExactly() {
        // A step is a deterministic function of the state a snapshot holds (positions, velocities,
        // BDF2 history, time, the Newton warm start), so a fresh solver restored from the
        // snapshot after 5 steps reaches the same positions after 5 more, to the last bit.
        ClothSolver straight = hangingSheet("a");
        ClothSolver resumed = hangingSheet("b");
        SolverState half = null;
        for (int i = 0; i < 10; i++) {
            if (i == 5) {
                half = straight.snapshot();
            }
            straight.step(1.0 / 60);
        }
        resumed.restore(half);
        for (int i = 0; i < 5; i++) {
            resumed.step(1.0 / 60);
        }
        assertArrayEquals(straight.positions(), resumed.positions());
        assertArrayEquals(straight.velocities(), resumed.velocities());
    }

    @Test
    void aSnapshotThatDoesNotFitIsRefusedByName() {
        ClothSolver solver = hangingSheet("sheet");
        solver.step(1.0 / 60);
        SolverState s = solver.snapshot();
        double[] before = solver.positions().clone();

        SolverState shorter = new SolverState(new double[3], s.velocities(), s.previousPositions(),
                s.previousVelocities(), s.hasHistory(), s.time());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> solver.restore(shorter));
        assertTrue(e.getMessage().startsWith("sheet: snapshot positions have 3 values"), e.getMessage());

        double[] v = s.velocities().clone();
        v[3 * 7 + 1] = Double.NaN;
        SolverState nan = new SolverState(s.positions(), v, s.previousPositions(), s.previousVelocities(),
                s.hasHistory(), s.time());
        e = assertThrows(IllegalArgumentException.class, () -> solver.restore(nan));
        assertTrue(e.getMessage().contains("velocities of node 7 are not finite"), e.getMessage());

        SolverState orphan = new SolverState(s.positions(), s.velocities(), s.previousPositions(),
                s.previousVelocities(), s.hasHistory(), s.time(), null, 0, new double[s.positions().length]);
        e = assertThrows(IllegalArgumentException.class, () -> solver.restore(orphan));
        assertTrue(e.getMessage().contains("corrections but no tensions"), e.getMessage());

        // nothing was changed by the refused snapshots
        assertArrayEquals(before, solver.positions());
    }
}
