package org.isocloth.validate;

import java.util.List;
import org.isocloth.collision.SphereCollider;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;

/**
 * A 0.2 m sheet of 4×4 cells resting on top of a sphere of radius 1 m that spins at
 * {@value #OMEGA} rad/s about the vertical axis through its centre, for one second. Coulomb
 * friction carries the sheet along: the surface under it moves at ω r ≤ 0.2 m/s, which friction
 * of coefficient μ catches up with in about 0.2/(μ g) s, so for μ &gt; 0.1 the sheet turns nearly
 * ω t = 2 rad. Without friction nothing acts tangentially on it and it must not turn.
 *
 * @param friction μ, in [0, 5]
 * @param stepsPerSecond backward Euler steps per second, in [30, 4000]
 */
public record SpinningSphere(double friction, int stepsPerSecond) {
    /** The sphere's angular velocity, rad/s. */
    public static final double OMEGA = 2;
    private static final double THICKNESS = 0.005;

    /** Validates the fields. */
    public SpinningSphere {
        if (!(friction >= 0 && friction <= 5)) {
            throw new IllegalArgumentException("spinning sphere: friction must be in [0, 5] (got " + friction + ")");
        }
        if (stepsPerSecond < 30 || stepsPerSecond > 4000) {
            throw new IllegalArgumentException("spinning sphere: steps per second must be in [30, 4000] (got "
                    + stepsPerSecond + ")");
        }
    }

    /** @return the angle the sheet turned about the vertical in one second with contact planes, rad */
    public double run() {
        return run(ContactMethod.PLANES);
    }

    /**
     * @param contacts how collider contacts and their friction enter the step
     * @return the angle the sheet turned about the vertical in one second, rad
     */
    public double run(ContactMethod contacts) {
        double r = 1.0;
        TriMesh g = GridMesh.build(0.2, 0.2, 4, 4, new double[] {0, r + THICKNESS, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        ClothModel m = new ClothModel(g.positions, g.triangles,
                ClothMaterial.DEFAULT.withFriction(friction).withThickness(THICKNESS));
        ClothSolver s = new ClothSolver("spin", m, new SolverSettings(Integrator.BACKWARD_EULER, 20));
        SphereCollider ball = new SphereCollider("ball", new double[3], r);
        ball.setMotion(new double[3], new double[] {0, OMEGA, 0});
        s.setColliders(List.of(ball));
        contacts.applyTo(s);
        double last = heading(s.positions());
        double turned = 0;
        for (int i = 0; i < stepsPerSecond; i++) {
            s.step(1.0 / stepsPerSecond);
            double a = heading(s.positions());
            double d = a - last;
            turned += Math.atan2(Math.sin(d), Math.cos(d));
            last = a;
        }
        return turned;
    }

    /** Heading about the vertical of the sheet's first grid row, from black node 0 to black node 4. */
    private static double heading(double[] x) {
        return Math.atan2(-(x[3 * 4 + 2] - x[2]), x[3 * 4] - x[0]);
    }
}
