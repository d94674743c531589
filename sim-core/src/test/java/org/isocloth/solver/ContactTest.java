package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.isocloth.collision.SphereCollider;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.Grids;
import org.junit.jupiter.api.Test;

/** Contacts with moving colliders, coupled into the solve. */
class ContactTest {
    private static final double DT = 1.0 / 60;
    private static final double THICK = 0.005;

    /**
     * Rotation angle about the vertical axis of the sheet after {@code seconds} resting on top of a
     * sphere (radius 1 m) spinning at 2 rad/s about the vertical axis through its centre.
     */
    private static double spin(double mu, double seconds) {
        return spin(mu, seconds, false, false);
    }

    /** As {@link #spin(double, double)}, optionally with contact springs and exact friction. */
    private static double spin(double mu, double seconds, boolean springs, boolean exact) {
        double r = 1.0;
        TriMesh g = Grids.horizontal(0.2, 0.2, 4, 4, r + THICK);
        ClothModel m = new ClothModel(g.positions, g.triangles,
                ClothMaterial.DEFAULT.withFriction(mu).withThickness(THICK));
        ClothSolver s = new ClothSolver("spin", m, SolverSettings.DEFAULT);
        SphereCollider ball = new SphereCollider("ball", new double[3], r);
        ball.setMotion(new double[3], new double[] {0, 2, 0});
        s.setColliders(List.of(ball));
        s.setContactSprings(springs);
        s.setExactFriction(exact);
        double a0 = heading(m, s.positions());
        int steps = (int) Math.round(seconds / DT);
        double turned = 0;
        double last = a0;
        for (int i = 0; i < steps; i++) {
            s.step(DT);
            double a = heading(m, s.positions());
            double d = a - last;
            d = Math.atan2(Math.sin(d), Math.cos(d));
            turned += d;
            last = a;
        }
        return turned;
    }

    /** Heading (angle about y) of the sheet's u axis: from black node 0 to black node 4 (the first grid row). */
    private static double heading(ClothModel m, double[] x) {
        double dx = x[3 * 4] - x[0];
        double dz = x[3 * 4 + 2] - x[2];
        return Math.atan2(-dz, dx);
    }

    @Test
    void sheetOnASpinningSphereTurnsWithItOnlyWithFriction() {
        // The sphere's surface under the sheet moves with ω × r; Coulomb friction carries the sheet
        // along. Its spin-up is limited by μ g: each node's tangential velocity relative to the
        // surface shrinks by at most μ g h per step, and the surface speed at 0.1 m from the axis is
        // ω r = 0.2 m/s, reached after ≈ 0.2/(μ g) = 0.02 s with μ = 1. So after 1 s the sheet has
        // turned nearly ω t = 2 rad (we ask for more than half of it). With μ = 0 nothing acts
        // tangentially on it: it must not be carried along (measured 0.009 rad of drift from the
        // drape's slight asymmetry — the grid's diagonals all run one way — so the bound is 0.02).
        double withFriction = spin(1.0, 1.0);
        double without = spin(0.0, 1.0);
        assertTrue(withFriction > 1.0 && withFriction < 2.05, "turned " + withFriction + " rad with μ = 1");
        assertTrue(Math.abs(without) < 0.02, "turned " + without + " rad with μ = 0");
    }

    @Test
    void contactSpringsCarryTheSheetOnlyWithFriction() {
        // The same bounds as with contact planes (derivation above), with the thesis's friction and
        // with exact Coulomb friction inside the Newton solve. With springs nothing acts
        // tangentially at μ = 0 only if each projection converges in force, not just in strain:
        // stopping on the strain alone left the frictionless sheet turning with the sphere
        // (measured 1.6 rad in 1 s), which the Newton step's displacement criterion prevents.
        for (boolean exact : new boolean[] {false, true}) {
            double withFriction = spin(1.0, 1.0, true, exact);
            double without = spin(0.0, 1.0, true, exact);
            String how = exact ? "exact friction" : "approximate friction";
            assertTrue(withFriction > 1.0 && withFriction < 2.05, how + ": turned " + withFriction + " rad with μ = 1");
            assertTrue(Math.abs(without) < 0.02, how + ": turned " + without + " rad with μ = 0");
        }
    }

    @Test
    void fastSphereDoesNotTunnelThroughAPinnedSheet() {
        // A 1 m sheet hanging in the z = 0 plane, pinned along its top edge (y = 1), and a 5 cm
        // sphere flying along +z at 20 m/s, stepped at 240 Hz: 8.3 cm per step, more than one and a
        // half radii, so it would jump over the sheet between two steps. It starts 4 cm in
        // front; after the first step it is 4.3 cm behind the sheet's rest plane. The sheet must be caught in front of it: no node
        // strictly inside the sphere and none left behind it (every node within the sphere's
        // cross-section has z ≥ the centre's z), with the red strain bound held. (The solver halves
        // the first steps internally — its first attempt's projection cannot drag the sheet 8 cm in
        // one go — but the collision detection of the first attempt is what catches the sphere.)
        TriMesh g = GridMesh.build(1, 1, 20, 20, new double[] {0, 0.5, 0}, new double[] {0, 0, 1},
                new double[] {1, 0, 0});
        ClothModel m = new ClothModel(g.positions, g.triangles, ClothMaterial.DEFAULT.withThickness(THICK));
        ClothSolver s = new ClothSolver("sheet", m, new SolverSettings(Integrator.BACKWARD_EULER, 40));
        for (int p = 0; p < m.nodeCount(); p++) {
            if (m.restPositions[3 * p + 1] > 1 - 1e-9) {
                s.setPinned(p, true);
            }
        }
        double radius = 0.05;
        double[] c0 = {0, 0.5, -0.04};
        double dt = 1.0 / 240;
        SphereCollider ball = new SphereCollider("ball", c0, radius);
        ball.setMotion(new double[] {0, 0, 20}, new double[3]);
        s.setColliders(List.of(ball));
        // This test is about cloth–collider detection; the sheet wrapping the ball also touches
        // itself, and the cloth–cloth response (position corrections after the projection)
        // stretches it by up to 1.2 % here, so it is switched off (see docs/solver.md).
        s.setSelfCollisions(false);
        for (int step = 1; step <= 4; step++) {
            StepResult r = s.step(dt);
            double cz = c0[2] + 20 * step * dt;
            double[] x = s.positions();
            int inside = 0;
            int behind = 0;
            for (int p = 0; p < m.nodeCount(); p++) {
                double dx = x[3 * p] - c0[0];
                double dy = x[3 * p + 1] - c0[1];
                double dz = x[3 * p + 2] - cz;
                if (ball.contains(x[3 * p], x[3 * p + 1], x[3 * p + 2])) {
                    inside++;
                }
                if (dx * dx + dy * dy < 0.5 * radius * radius && dz < 0) {
                    behind++;
                }
            }
            assertEquals(0, inside, "nodes inside the sphere after step " + step);
            assertEquals(0, behind, "nodes left behind the sphere after step " + step);
            assertTrue(r.contacts() > 0, "the sphere hits the sheet in step " + step);
            assertTrue(ClothMetrics.redStrain(m, x) <= 1e-3, "red strain " + ClothMetrics.redStrain(m, x));
        }
    }
}
