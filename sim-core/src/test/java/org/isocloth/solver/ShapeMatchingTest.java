package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.isocloth.collision.MeshCollider;
import org.isocloth.collision.SphereCollider;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.Grids;
import org.junit.jupiter.api.Test;

/** The real-time shape-matching step ({@link ShapeMatchingStep}). */
class ShapeMatchingTest {
    private static final double DT = 1.0 / 60;

    private static ClothSolver solver(ClothModel m) {
        ClothSolver s = new ClothSolver("sheet", m, SolverSettings.DEFAULT);
        s.setOptions(s.options().withMethod(SolverOptions.Method.SHAPE_MATCHING));
        return s;
    }

    @Test
    void aFreeSheetFallsAsItsSubstepsSayAndKeepsItsShape() {
        // Gravity alone moves every node alike, so each triangle already has its rest shape and the
        // sweeps change nothing: the strain stays at rounding level. Each of the n substeps of
        // h = dt/n is v += g h, x += v h, so after N substeps from rest the sheet has dropped
        // g h² N(N + 1)/2: for 30 steps of 16 substeps, 9.81 · (1/960)² · 480 · 481/2 = 1.2263 m.
        TriMesh g = Grids.horizontal(0.4, 0.4, 6, 6, 1.0);
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
        ClothSolver s = solver(m);
        double y0 = s.positions()[1];
        for (int i = 0; i < 30; i++) {
            StepResult r = s.step(DT);
            assertEquals(0, r.factorizations());
            assertTrue(r.converged());
        }
        int n = 30 * ShapeMatchingStep.SUBSTEPS;
        double h = DT / ShapeMatchingStep.SUBSTEPS;
        assertEquals(9.81 * h * h * n * (n + 1) / 2, y0 - s.positions()[1], 1e-9);
        assertEquals(0, ClothMetrics.maxStrain(m, s.positions()), 1e-9);
        assertEquals(30 * DT, s.time(), 1e-12);
    }

    @Test
    void aSheetDroppedOnABallStaysOutsideItAndReportsItsStrain() {
        // A 0.6 m sheet (12 × 12 cells) falls 5 cm onto a ball of radius 0.2 m: after 1 s it drapes
        // over it. No node may be inside the ball (the midpoints of the base edges included:
        // the step moves an edge whose midpoint sags into the ball), and the strain, the method's
        // own, is reported: it must stay below 20 % (measured: 6.2 % while it lands, 1.4 % at rest).
        TriMesh g = Grids.horizontal(0.6, 0.6, 12, 12, 0.255);
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT.withThickness(0.005));
        ClothSolver s = solver(m);
        s.setColliders(List.of(new SphereCollider("ball", new double[3], 0.2)));
        double worst = 0;
        for (int i = 0; i < 60; i++) {
            StepResult r = s.step(DT);
            worst = Math.max(worst, r.redStrain());
            double[] x = s.positions();
            for (int p = 0; p < m.nodeCount(); p++) {
                double d = Math.sqrt(x[3 * p] * x[3 * p] + x[3 * p + 1] * x[3 * p + 1] + x[3 * p + 2] * x[3 * p + 2]);
                assertTrue(d >= 0.2, "step " + i + ": node " + p + " is " + (0.2 - d) + " m inside the ball");
            }
        }
        assertTrue(worst < 0.2, "worst red strain " + worst);
        assertEquals(worst, Math.max(worst, ClothMetrics.redStrain(m, s.positions())), 1e-12);
    }

    @Test
    void pinsHoldAndTheMethodSwitchesBothWaysWithoutAJump() {
        // A sheet hanging from its top edge: pinned nodes stay where they are pinned under shape
        // matching; switching to the isometric method continues from the same positions and
        // brings the red edges back within the tolerance; switching back continues again.
        TriMesh g = Grids.horizontal(0.4, 0.4, 6, 6, 1.0);
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
        ClothSolver s = solver(m);
        for (int p = 0; p < m.nodeCount(); p++) {
            if (Math.abs(m.restPositions[3 * p + 2] - 0.2) < 1e-9) {
                s.setPinned(p, true);
            }
        }
        for (int i = 0; i < 30; i++) {
            s.step(DT);
        }
        double[] x = s.positions();
        for (int p = 0; p < m.nodeCount(); p++) {
            if (s.isPinned(p)) {
                for (int c = 0; c < 3; c++) {
                    assertEquals(m.restPositions[3 * p + c], x[3 * p + c], 1e-12);
                }
            }
        }
        double[] before = x.clone();
        s.setOptions(s.options().withMethod(SolverOptions.Method.ISOMETRIC));
        StepResult r = s.step(DT);
        assertTrue(r.redStrain() <= 1e-3, "isometric step after shape matching: " + r);
        double moved = 0;
        for (int i = 0; i < before.length; i++) {
            moved = Math.max(moved, Math.abs(s.positions()[i] - before[i]));
        }
        assertTrue(moved < 0.05, "the isometric step continued from where shape matching left: moved " + moved);
        s.setOptions(s.options().withMethod(SolverOptions.Method.SHAPE_MATCHING));
        assertFalse(s.step(DT).factorizations() > 0);
    }

    @Test
    void theSweepOrderIsEveryTriangleOnceInRunsThatShareNoNode() {
        // A 10 × 10 grid: 200 triangles, at most 6 around a node, so the greedy runs number at
        // most 3·(6 − 1) + 1 = 16 (a triangle meets at most 15 others at its three nodes); inside
        // a run no two triangles share a node, so at most 15 consecutive pairs (the runs' joins)
        // share one.
        TriMesh g = Grids.horizontal(0.5, 0.5, 10, 10, 1.0);
        int[] order = ShapeMatchingStep.independentOrder(g.triangles, g.positions.length / 3);
        java.util.Set<String> before = new java.util.HashSet<>();
        java.util.Set<String> after = new java.util.HashSet<>();
        for (int f = 0; f < g.triangles.length / 3; f++) {
            before.add(g.triangles[3 * f] + "," + g.triangles[3 * f + 1] + "," + g.triangles[3 * f + 2]);
            after.add(order[3 * f] + "," + order[3 * f + 1] + "," + order[3 * f + 2]);
        }
        assertEquals(g.triangles.length, order.length);
        assertEquals(before, after);
        int joins = 0;
        for (int f = 1; f < order.length / 3; f++) {
            boolean shared = false;
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    shared |= order[3 * f + i] == order[3 * f - 3 + j];
                }
            }
            joins += shared ? 1 : 0;
        }
        assertTrue(joins <= 15, "consecutive triangles sharing a node: " + joins);
    }

    @Test
    void aScrapCaughtAtTheBottomOfACreaseNarrowerThanItsThicknessEndsOutside() {
        // A block with a V-groove along z: walls x = ±0.02·y above the apex at the origin (a
        // crease of half-angle α = atan 0.02 = 1.15°, 4 mm wide at its top, y = 0.1), everywhere
        // narrower than the cloth's 5 mm thickness. A 2 mm scrap starts inside the right wall,
        // 4 mm above the apex. A contact puts a node 5 mm out of the nearest wall along its normal
        // (−cos α, sin α): 5 mm to the left, inside the left wall, since the groove is at most
        // 4 mm wide; each further contact climbs only 5 mm · sin α = 0.1 mm, so the step's 16
        // passes leave the nodes inside (every black node, measured without the settling). A point
        // put 1/100 of the thickness (0.05 mm) out of a wall is outside the other wherever the
        // groove is wider than that, i.e. above y = 0.05/0.04 = 1.25 mm. Every node, the rendered
        // midpoints included, must end outside the block after each step.
        MeshCollider block = grooveBlock();
        TriMesh g = Grids.horizontal(0.002, 0.002, 2, 2, 0.004);
        for (int i = 0; i < g.positions.length; i += 3) {
            g.positions[i] += 0.002;
        }
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT.withThickness(0.005));
        ClothSolver s = solver(m);
        s.setColliders(List.of(block));
        double[] x = s.positions();
        for (int p = 0; p < m.nodeCount(); p++) {
            assertTrue(block.contains(x[3 * p], x[3 * p + 1], x[3 * p + 2]), "node " + p + " starts inside the wall");
        }
        for (int i = 0; i < 10; i++) {
            s.step(DT);
            x = s.positions();
            for (int p = 0; p < m.nodeCount(); p++) {
                assertFalse(block.contains(x[3 * p], x[3 * p + 1], x[3 * p + 2]),
                        "step " + i + ": node " + p + " inside the block at (" + x[3 * p] + ", " + x[3 * p + 1] + ")");
            }
        }
    }

    /**
     * The block [−0.1, 0.1] × [−0.05, 0.1] × [−0.05, 0.05] with the groove |x| &lt; 0.02·y cut into
     * its top: the prism over the notched outline, one closed outward-wound mesh.
     */
    private static MeshCollider grooveBlock() {
        // the outline, counter-clockwise seen from +z; the apex (index 4) sees every other corner
        double[][] o = {{-0.1, -0.05}, {0.1, -0.05}, {0.1, 0.1}, {0.002, 0.1}, {0, 0}, {-0.002, 0.1}, {-0.1, 0.1}};
        int n = o.length;
        double[] x = new double[6 * n];
        for (int i = 0; i < n; i++) {
            x[3 * i] = o[i][0];
            x[3 * i + 1] = o[i][1];
            x[3 * i + 2] = -0.05;
            x[3 * (n + i)] = o[i][0];
            x[3 * (n + i) + 1] = o[i][1];
            x[3 * (n + i) + 2] = 0.05;
        }
        java.util.List<Integer> t = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            // side quad over outline edge i → j, normal (dy, −dx, 0) outward
            java.util.Collections.addAll(t, i, j, n + j, i, n + j, n + i);
        }
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            if (i != 4 && j != 4) {
                java.util.Collections.addAll(t, n + 4, n + i, n + j); // front cap, +z
                java.util.Collections.addAll(t, 4, j, i); // back cap, −z
            }
        }
        return new MeshCollider("block", t.stream().mapToInt(Integer::intValue).toArray(), x);
    }
}
