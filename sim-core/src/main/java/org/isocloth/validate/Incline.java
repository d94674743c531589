package org.isocloth.validate;

import java.util.List;
import org.isocloth.collision.PlaneCollider;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.CollisionHandling;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;

/**
 * Coulomb friction on an incline: a 0.3 m sheet of 6×6 cells (default material, thickness 5 mm)
 * starts at rest on a plane tilted by θ, with friction coefficient μ, and runs for one second. The
 * reference is rigid-body Coulomb friction: below the friction angle (tan θ ≤ μ) the sheet sticks;
 * above it, its centroid slides ½ g (sin θ − μ cos θ) t² down the slope.
 *
 * @param degrees the incline's angle θ, in (0, 80]
 * @param friction μ, in [0, 5]
 * @param stepsPerSecond backward Euler steps per second, in [30, 4000]
 */
public record Incline(double degrees, double friction, int stepsPerSecond) {
    /** Simulated time, s. */
    public static final double SECONDS = 1.0;
    private static final double G = 9.81;
    private static final double THICKNESS = 0.005;

    /**
     * What the run gave.
     *
     * @param slide the centroid's displacement down the slope, m
     * @param expected the rigid-body Coulomb reference, m (0 when the sheet should stick)
     */
    public record Outcome(double slide, double expected) {
    }

    /** Validates the fields. */
    public Incline {
        if (!(degrees > 0 && degrees <= 80)) {
            throw new IllegalArgumentException("incline: angle must be in (0, 80] degrees (got " + degrees + ")");
        }
        if (!(friction >= 0 && friction <= 5)) {
            throw new IllegalArgumentException("incline: friction must be in [0, 5] (got " + friction + ")");
        }
        if (stepsPerSecond < 30 || stepsPerSecond > 4000) {
            throw new IllegalArgumentException("incline: steps per second must be in [30, 4000] (got "
                    + stepsPerSecond + ")");
        }
    }

    /** @return the expected slide: ½ g (sin θ − μ cos θ) t² when positive, else 0 */
    public double expected() {
        double th = Math.toRadians(degrees);
        double a = G * (Math.sin(th) - friction * Math.cos(th));
        return a > 0 ? 0.5 * a * SECONDS * SECONDS : 0;
    }

    /** @return the sheet's slide after {@value #SECONDS} s against the reference (coupled contacts) */
    public Outcome run() {
        return run(CollisionHandling.COUPLED, ContactMethod.PLANES);
    }

    /**
     * As {@link #run()}, with the given collision handling and way of holding contacts.
     *
     * @param collisions how collisions enter the step
     * @param contacts how collider contacts and their friction enter the step
     * @return the sheet's slide against the reference
     */
    public Outcome run(CollisionHandling collisions, ContactMethod contacts) {
        double th = Math.toRadians(degrees);
        double[] n = {Math.sin(th), Math.cos(th), 0};
        double[] down = {Math.cos(th), -Math.sin(th), 0};
        TriMesh g = GridMesh.build(0.3, 0.3, 6, 6, new double[3], new double[] {0, 1, 0}, new double[] {1, 0, 0});
        double[] x = g.positions.clone();
        for (int i = 0; i < x.length / 3; i++) {
            double px = x[3 * i];
            double py = x[3 * i + 1];
            // rotate by −θ about z, then lift to the thickness along the incline's normal
            x[3 * i] = Math.cos(th) * px + Math.sin(th) * py + THICKNESS * n[0];
            x[3 * i + 1] = -Math.sin(th) * px + Math.cos(th) * py + THICKNESS * n[1];
        }
        ClothModel m = new ClothModel(x, g.triangles,
                ClothMaterial.DEFAULT.withFriction(friction).withThickness(THICKNESS));
        ClothSolver s = new ClothSolver("incline", m, new SolverSettings(Integrator.BACKWARD_EULER, 20, collisions));
        s.setColliders(List.of(new PlaneCollider("incline", new double[3], n)));
        contacts.applyTo(s);
        double c0 = along(m, s.positions(), down);
        int steps = (int) Math.round(SECONDS * stepsPerSecond);
        for (int i = 0; i < steps; i++) {
            s.step(1.0 / stepsPerSecond);
        }
        return new Outcome(along(m, s.positions(), down) - c0, expected());
    }

    private static double along(ClothModel m, double[] x, double[] d) {
        double sum = 0;
        double mass = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            sum += m.mass[p] * (x[3 * p] * d[0] + x[3 * p + 1] * d[1] + x[3 * p + 2] * d[2]);
            mass += m.mass[p];
        }
        return sum / mass;
    }
}
