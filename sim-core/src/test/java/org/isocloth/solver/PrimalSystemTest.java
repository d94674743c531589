package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.collision.SphereCollider;
import org.junit.jupiter.api.Test;

/**
 * The primal form of eq. 3.30 must give exactly the multipliers of the row-space system
 * (G W Gᵀ + A) μ = r, and z = W Gᵀ μ, for any W of the solver's kind: free nodes (I/m), pinned
 * nodes (0) and contact nodes (P/(m(1+κ)) with P a tangent-plane or tangent-line projector).
 */
class PrimalSystemTest {

    @Test
    void matchesTheRowSpaceSystemOnRandomData() {
        matchesTheRowSpaceSystemOnRandomData(Integer.MAX_VALUE);
    }

    /** The same with the dynamic rows added in the node-partitioned order of large systems. */
    @Test
    void partitionedAssemblyMatchesTheRowSpaceSystem() {
        matchesTheRowSpaceSystemOnRandomData(1);
    }

    private static void matchesTheRowSpaceSystemOnRandomData(int parallelMinRows) {
        int savedMin = PrimalSystem.parallelMinRows;
        PrimalSystem.parallelMinRows = parallelMinRows;
        try {
            randomRows();
        } finally {
            PrimalSystem.parallelMinRows = savedMin;
        }
    }

    private static void randomRows() {
        Random rnd = new Random(7);
        int nodes = 9;
        int rows = 14;
        // Random rows touching 1–4 nodes, some entries on several coordinates; rows 4..9 are the
        // "dynamic" ones.
        int[] gPtr = new int[rows + 1];
        int[][] rowDofs = new int[rows][];
        for (int r = 0; r < rows; r++) {
            int k = 1 + rnd.nextInt(4);
            int[] d = new int[3 * k];
            int used = 0;
            for (int i = 0; i < k; i++) {
                int p = rnd.nextInt(nodes);
                for (int c = 0; c < 3; c++) {
                    d[used++] = 3 * p + c;
                }
            }
            rowDofs[r] = d;
            gPtr[r + 1] = gPtr[r] + d.length;
        }
        int[] gDof = new int[gPtr[rows]];
        double[] gVal = new double[gDof.length];
        for (int r = 0; r < rows; r++) {
            System.arraycopy(rowDofs[r], 0, gDof, gPtr[r], rowDofs[r].length);
        }
        PrimalSystem ps = new PrimalSystem(nodes, rows, gPtr, gDof, 4, 10);
        double[] alpha = new double[rows];
        double[] omega = new double[nodes];
        boolean[] pinned = new boolean[nodes];
        double[] proj = new double[9 * nodes];
        int[] projNodes = {2, 5, 7};
        double[] r = new double[rows];
        for (int trial = 0; trial < 4; trial++) {
            for (int e = 0; e < gVal.length; e++) {
                // trial 1 keeps the static rows: exercises the cached part of K
                if (trial != 1 || (e >= gPtr[4] && e < gPtr[10])) {
                    gVal[e] = rnd.nextGaussian();
                }
            }
            for (int row = 0; row < rows; row++) {
                // the solver's range: hard rows 1e-6, springs and bending ~1
                if (trial != 1 || (row >= 4 && row < 10)) {
                    alpha[row] = row % 3 == 0 ? 1e-6 : 0.1 + rnd.nextDouble();
                }
                r[row] = rnd.nextGaussian();
            }
            for (int p = 0; p < nodes; p++) {
                omega[p] = 0.5 + rnd.nextDouble();
                pinned[p] = p == 0 || (trial >= 2 && p == 4);
            }
            // node 2: tangent plane (one normal); node 5: tangent line (two normals); node 7: a
            // random plane
            setProjector(proj, 2, new double[][] {unit(rnd)});
            double[] n1 = unit(rnd);
            double[] n2 = cross(n1, unit(rnd));
            normalize(n2);
            setProjector(proj, 5, new double[][] {n1, n2});
            setProjector(proj, 7, new double[][] {unit(rnd)});

            double[] mu = new double[rows];
            double[] z = new double[3 * nodes];
            ps.solve(gVal, alpha, r, omega, pinned, projNodes, projNodes.length, proj, mu, z);

            // Reference: dense (G W Gᵀ + A) μ = r.
            DMatrixRMaj g = new DMatrixRMaj(rows, 3 * nodes);
            for (int row = 0; row < rows; row++) {
                for (int e = gPtr[row]; e < gPtr[row + 1]; e++) {
                    g.add(row, gDof[e], gVal[e]);
                }
            }
            DMatrixRMaj w = new DMatrixRMaj(3 * nodes, 3 * nodes);
            for (int p = 0; p < nodes; p++) {
                if (pinned[p]) {
                    continue;
                }
                boolean projected = p == 2 || p == 5 || p == 7;
                for (int c = 0; c < 3; c++) {
                    for (int c2 = 0; c2 < 3; c2++) {
                        double pc = projected ? proj[9 * p + 3 * c + c2] : (c == c2 ? 1 : 0);
                        w.set(3 * p + c, 3 * p + c2, pc / omega[p]);
                    }
                }
            }
            DMatrixRMaj gw = new DMatrixRMaj(rows, 3 * nodes);
            CommonOps_DDRM.mult(g, w, gw);
            DMatrixRMaj s = new DMatrixRMaj(rows, rows);
            CommonOps_DDRM.multTransB(gw, g, s);
            for (int row = 0; row < rows; row++) {
                s.add(row, row, alpha[row]);
            }
            LinearSolverDense<DMatrixRMaj> lu = LinearSolverFactory_DDRM.lu(rows);
            assertTrue(lu.setA(s));
            DMatrixRMaj ref = new DMatrixRMaj(rows, 1);
            lu.solve(new DMatrixRMaj(rows, 1, true, r), ref);
            double scale = 0;
            for (int row = 0; row < rows; row++) {
                scale = Math.max(scale, Math.abs(ref.get(row)));
            }
            for (int row = 0; row < rows; row++) {
                // K's condition number is about |g|²/(α·ω) ≈ 50/(1e-6 · 0.5) = 1e8 here (random
                // rows of up to 12 unit Gaussians, hard rows α = 1e-6), so both solves carry
                // relative errors up to ε·1e8 ≈ 1e-8; 1e-7 is above that and far below any
                // structural disagreement (O(1))
                assertEquals(ref.get(row), mu[row], 1e-7 * scale, "trial " + trial + " row " + row);
            }
            DMatrixRMaj zRef = new DMatrixRMaj(3 * nodes, 1);
            DMatrixRMaj gtmu = new DMatrixRMaj(3 * nodes, 1);
            CommonOps_DDRM.multTransA(g, ref, gtmu);
            CommonOps_DDRM.mult(w, gtmu, zRef);
            double zs = CommonOps_DDRM.elementMaxAbs(zRef);
            for (int i = 0; i < 3 * nodes; i++) {
                assertEquals(zRef.get(i), z[i], 1e-7 * zs, "trial " + trial + " z " + i);
            }
        }
    }

    /**
     * The whole solver with the primal form follows the row-space form: a sheet pinned along an
     * edge swinging into a sphere (contacts with friction), 20 steps at 60 Hz. Both solve the same
     * equations to rounding, so positions agree far below the 1 mm scale of anything visible
     * (the iterations amplify rounding differences only through the convergence test).
     */
    @Test
    void solverFollowsTheRowSpaceForm() {
        double[][] runs = new double[2][];
        // The row-space form has no geometric-stiffness term: both runs use fast projection.
        for (int k = 0; k < 2; k++) {
            ClothSolver solver = edgePinnedSheet("primal-vs-dual", 6, ProjectionMode.FAST,
                    k == 0 ? SolverOptions.LinearSystem.PRIMAL : SolverOptions.LinearSystem.ROW_SPACE);
            solver.setColliders(java.util.List.of(new SphereCollider("ball", new double[] {0, 0.1, -0.1}, 0.12)));
            int contacts = 0;
            for (int s = 0; s < 20; s++) {
                StepResult res = solver.step(1.0 / 60);
                contacts += res.contacts();
                assertTrue(res.converged(), "step " + s);
            }
            assertTrue(contacts > 0, "the sheet must touch the ball");
            runs[k] = solver.positions().clone();
        }
        double worst = maxDifference(runs[0], runs[1]);
        assertTrue(worst < 1e-6, "primal and row-space runs differ by " + worst + " m");
    }

    /**
     * Newton steps (geometric stiffness on) of a sheet hung from one edge, 10 steps at 60 Hz,
     * with the dynamic rows added in row order and in the partitioned order of large systems:
     * the same sums in another order, so the positions agree to rounding (1e-9 m, far below
     * the 1e-3 strain tolerance times the 0.5 m sheet that the iterations resolve).
     */
    @Test
    void partitionedAssemblyFollowsRowOrder() {
        double[][] runs = new double[2][];
        int savedMin = PrimalSystem.parallelMinRows;
        try {
            for (int k = 0; k < 2; k++) {
                PrimalSystem.parallelMinRows = k == 0 ? Integer.MAX_VALUE : 1;
                ClothSolver solver = edgePinnedSheet("partitioned", 8, ProjectionMode.NEWTON);
                for (int s = 0; s < 10; s++) {
                    assertTrue(solver.step(1.0 / 60).converged(), "step " + s);
                }
                runs[k] = solver.positions().clone();
            }
        } finally {
            PrimalSystem.parallelMinRows = savedMin;
        }
        double worst = maxDifference(runs[0], runs[1]);
        assertTrue(worst < 1e-9, "row-order and partitioned runs differ by " + worst + " m");
    }

    /** A 0.5 m sheet of cells × cells, vertical, pinned along its top edge (z = 0.25). */
    private static ClothSolver edgePinnedSheet(String name, int cells, ProjectionMode mode) {
        return edgePinnedSheet(name, cells, mode, SolverOptions.LinearSystem.PRIMAL);
    }

    private static ClothSolver edgePinnedSheet(String name, int cells, ProjectionMode mode,
            SolverOptions.LinearSystem system) {
        TriMesh grid = GridMesh.build(0.5, 0.5, cells, cells, new double[] {0, 0.3, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        ClothModel model = new ClothModel(grid.positions, grid.triangles, ClothMaterial.DEFAULT);
        ClothSolver solver = new ClothSolver(name, model, SolverSettings.DEFAULT,
                SolverOptions.DEFAULTS.withLinearSystem(system).withProjection(mode));
        double[] x = model.restPositions;
        for (int p = 0; p < model.nodeCount(); p++) {
            if (Math.abs(x[3 * p + 2] - 0.25) < 1e-9) {
                solver.setPinned(p, true);
            }
        }
        return solver;
    }

    private static double maxDifference(double[] a, double[] b) {
        double worst = 0;
        for (int i = 0; i < a.length; i++) {
            worst = Math.max(worst, Math.abs(a[i] - b[i]));
        }
        return worst;
    }

    private static void setProjector(double[] proj, int p, double[][] normals) {
        for (int c = 0; c < 3; c++) {
            for (int c2 = 0; c2 < 3; c2++) {
                double v = c == c2 ? 1 : 0;
                for (double[] n : normals) {
                    v -= n[c] * n[c2];
                }
                proj[9 * p + 3 * c + c2] = v;
            }
        }
    }

    private static double[] unit(Random rnd) {
        double[] v = {rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()};
        normalize(v);
        return v;
    }

    private static void normalize(double[] v) {
        double l = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (int i = 0; i < 3; i++) {
            v[i] /= l;
        }
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }
}
