package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.Grids;
import org.isocloth.model.RestShape;
import org.junit.jupiter.api.Test;

/** Time stepping against analytic results (thesis §3.2.2–3.2.5). */
class DynamicsTest {
    private static final double DT = 1.0 / 60;
    private static final double G = 9.81;

    private static double centroidY(ClothModel m, double[] x) {
        double s = 0;
        double mass = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            s += m.mass[p] * x[3 * p + 1];
            mass += m.mass[p];
        }
        return s / mass;
    }

    @Test
    void freeFallMatchesHalfGTSquared() {
        // An unpinned sheet only translates: constraints and bending stay satisfied, so each node
        // follows the integrator's free-fall recurrence. Backward Euler: v_n = −g n Δt and
        // y_n = y_0 − g Δt² n(n+1)/2 exactly; after n = 60 steps (1 s) that is ½g t²·(n+1)/n,
        // 1.7 % above ½g t². BDF2 (first step backward Euler) is second order: within 1 % of ½gt².
        for (Integrator integ : Integrator.values()) {
            TriMesh g = Grids.horizontal(0.5, 0.5, 8, 8, 2.0);
            ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT);
            ClothSolver s = new ClothSolver("fall", m, new SolverSettings(integ, 20));
            int n = 60;
            for (int i = 0; i < n; i++) {
                StepResult r = s.step(DT);
                assertTrue(r.converged());
            }
            double drop = 2.0 - centroidY(m, s.positions());
            double t = n * DT;
            if (integ == Integrator.BACKWARD_EULER) {
                assertEquals(G * DT * DT * n * (n + 1) / 2, drop, 1e-9);
            } else {
                assertEquals(0.5 * G * t * t, drop, 0.01 * 0.5 * G * t * t);
            }
            assertTrue(ClothMetrics.redStrain(m, s.positions()) < 1e-9);
        }
    }

    @Test
    void aFreeSheetInWindReachesTheTerminalVelocityOfLinearDrag() {
        // An unpinned horizontal sheet only translates (constraints and bending stay satisfied),
        // so every node obeys ρ dv/dt = ρ g − c (v − w) per unit area: v → w + ρ g / c with time
        // constant τ = ρ / c. ρ = 0.2 kg/m², c = 1 kg/(m²·s), w = (2, 0, −1) m/s: v∞ =
        // (2, −1.962, −1) m/s, τ = 0.2 s. After 3 s (15 τ; backward Euler converges to the same
        // fixed point) the velocity is v∞ to 1e-4 m/s.
        TriMesh g = Grids.horizontal(0.5, 0.5, 6, 6, 2.0);
        ClothModel m = new ClothModel(g.positions, g.triangles,
                new ClothMaterial(0.2, 1e-5, RestShape.FLAT, 1e-3, 0.0, 1.0));
        ClothSolver s = new ClothSolver("kite", m, SolverSettings.DEFAULT);
        s.setWind(new double[] {2, 0, -1});
        for (int i = 0; i < 180; i++) {
            assertTrue(s.step(DT).converged());
        }
        double[] v = s.velocities();
        for (int p = 0; p < m.nodeCount(); p++) {
            assertEquals(2, v[3 * p], 1e-4);
            assertEquals(-0.2 * G / 1.0, v[3 * p + 1], 1e-4);
            assertEquals(-1, v[3 * p + 2], 1e-4);
        }
        // without drag the wind does nothing: the x velocity stays 0
        ClothSolver still = new ClothSolver("still", new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT),
                SolverSettings.DEFAULT);
        still.setWind(new double[] {2, 0, -1});
        still.step(DT);
        assertEquals(0, still.velocities()[0], 1e-12);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> still.setWind(new double[] {Double.NaN, 0, 0}));
    }

    /** Sheet pinned along its z = +0.5 edge (the first grid row), starting horizontal. */
    private static double[] swing(Integrator integ, double seconds) {
        TriMesh g = Grids.horizontal(0.5, 0.5, 8, 8, 1.0);
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT.withBendingStiffness(1e-4));
        ClothSolver s = new ClothSolver("swing", m, new SolverSettings(integ, 30));
        double[] x = m.restPositions;
        for (int p = 0; p < m.nodeCount(); p++) {
            if (Math.abs(x[3 * p + 2] - 0.25) < 1e-9) {
                s.setPinned(p, true);
            }
        }
        double[] grav = {0, -G, 0};
        double e0 = ClothMetrics.gravityEnergy(m, s.positions(), grav);
        double worstStrain = 0;
        int steps = (int) Math.round(seconds / DT);
        for (int i = 0; i < steps; i++) {
            StepResult r = s.step(DT);
            worstStrain = Math.max(worstStrain, r.redStrain());
        }
        double e = ClothMetrics.gravityEnergy(m, s.positions(), grav) + ClothMetrics.kineticEnergy(m, s.velocities())
                + m.bendingEnergy(s.positions());
        return new double[] {e0 - e, worstStrain};
    }

    @Test
    void bdf2LosesLessEnergyThanBackwardEuler() {
        // A hinged sheet released from horizontal is a pendulum: without damping its total energy
        // (kinetic + gravitational + bending) is conserved. Backward Euler damps it at first order
        // in Δt, BDF2 only at higher order, so after 0.5 s BDF2 has lost strictly less; we ask for
        // less than 3/4 of backward Euler's loss.
        double[] be = swing(Integrator.BACKWARD_EULER, 0.5);
        double[] bdf2 = swing(Integrator.BDF2, 0.5);
        assertTrue(be[0] > 0, "backward Euler dissipates: " + be[0]);
        assertTrue(bdf2[0] < 0.75 * be[0], "BDF2 loss " + bdf2[0] + " vs BE loss " + be[0]);
        assertTrue(be[1] <= 1e-3 && bdf2[1] <= 1e-3, "strain " + be[1] + ", " + bdf2[1]);
    }

    @Test
    void movingPinsDragTheClothWithinTheStrainBound() {
        // A curtain (vertical sheet) held along its top edge; the pins move sideways at 0.5 m/s
        // for 0.5 s (0.25 m). The cloth must follow (its centroid moves most of the way) while
        // every step ends within the strain tolerance.
        TriMesh g = GridMesh.build(0.6, 0.4, 12, 8, new double[] {0, 1, 0}, new double[] {0, 0, 1},
                new double[] {1, 0, 0});
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT.withBendingStiffness(1e-4));
        ClothSolver s = new ClothSolver("curtain", m, new SolverSettings(Integrator.BDF2, 30));
        double[] rest = m.restPositions;
        double top = 1.2;
        for (int p = 0; p < m.nodeCount(); p++) {
            if (Math.abs(rest[3 * p + 1] - top) < 1e-9) {
                s.setPinned(p, true);
            }
        }
        double x0 = centroidX(m, s.positions());
        for (int i = 1; i <= 45; i++) {
            double off = 0.5 * Math.min(i * DT, 0.5);
            for (int p = 0; p < m.nodeCount(); p++) {
                if (s.isPinned(p)) {
                    s.setPinTarget(p, rest[3 * p] + off, rest[3 * p + 1], rest[3 * p + 2]);
                }
            }
            StepResult r = s.step(DT);
            assertTrue(r.converged() && r.redStrain() <= 1e-3, "step " + i + ": strain " + r.redStrain());
        }
        assertTrue(centroidX(m, s.positions()) - x0 > 0.15);
    }

    private static double centroidX(ClothModel m, double[] x) {
        double s = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            s += x[3 * p];
        }
        return s / m.nodeCount();
    }

    @Test
    void curvedShellKeepsItsShapeWhenStiffAndSagsWhenSoft() {
        // A half-cylinder vault (radius 0.15 m, rest shape = initial) standing on its two straight
        // edges. With k = 1 N·m the bending stiffness dwarfs its weight (0.2 kg/m² × 0.24 m² ·g ≈
        // 0.5 N) and the crown moves by less than 5 mm in 0.5 s; with k = 1e-7 N·m it cannot carry
        // itself and the crown drops by more than 3 cm. Cloth–cloth collisions are off: the soft
        // vault folds onto itself from t ≈ 0.12 s, the regime solver.md lists as a known problem
        // (cloth–cloth contacts against the inextensibility in a fold), and this test is about
        // the rest shape and the bending stiffness.
        double stiff = crownDrop(1.0);
        double soft = crownDrop(1e-7);
        assertTrue(stiff < 0.005, "stiff crown drop " + stiff);
        assertTrue(soft > 0.03, "soft crown drop " + soft);
    }

    private static double crownDrop(double k) {
        double r = 0.15;
        TriMesh g = Grids.horizontal(Math.PI * r, 0.5, 16, 8, 0);
        double[] base = g.positions.clone();
        for (int i = 0; i < base.length / 3; i++) {
            double a = base[3 * i] / r; // −π/2 .. π/2
            base[3 * i] = r * Math.sin(a);
            base[3 * i + 1] = r * Math.cos(a);
        }
        ClothMaterial mat = ClothMaterial.DEFAULT.withBendingStiffness(k).withRestShape(RestShape.INITIAL);
        ClothModel m = new ClothModel(base, g.triangles, mat);
        ClothSolver s = new ClothSolver("vault", m, new SolverSettings(Integrator.BACKWARD_EULER, 40));
        s.setSelfCollisions(false);
        int crown = -1;
        double best = -1;
        for (int p = 0; p < m.nodeCount(); p++) {
            double y = m.restPositions[3 * p + 1];
            if (y < 1e-9) {
                s.setPinned(p, true);
            }
            if (y > best) {
                best = y;
                crown = p;
            }
        }
        for (int i = 0; i < 30; i++) {
            s.step(DT);
        }
        return best - s.positions()[3 * crown + 1];
    }
}
