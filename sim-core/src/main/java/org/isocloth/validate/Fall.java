package org.isocloth.validate;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;

/**
 * A horizontal 0.2 m sheet (4×4 cells, default material) falling from rest in still air with linear
 * drag d (kg/(m²·s)). Every node feels the same gravity and the same drag per unit mass, so the
 * sheet falls flat and its constraints stay idle; its centroid follows the point-mass equation
 * v' = g − (d/ρ) v, whose solution is v(t) = v_t (1 − e^{−t/τ}) with terminal speed v_t = ρ g/d
 * and τ = ρ/d, and y(t) = v_t (t − τ (1 − e^{−t/τ})). Without drag it is free fall, ½ g t².
 * Backward Euler's own solution of the same equation, v_{n+1} = (v_n + g h)/(1 + h/τ), is the
 * reference the simulated sheet must match to round-off; the continuous one shows the integrator's
 * error, O(h).
 *
 * @param drag the linear drag d, kg/(m²·s), in [0, 1000]
 * @param integrator the time integrator
 * @param stepsPerSecond steps per second, in [30, 4000]
 * @param seconds simulated time, in (0, 60]
 */
public record Fall(double drag, Integrator integrator, int stepsPerSecond, double seconds) {
    /** Gravity, m/s². */
    public static final double G = 9.81;

    /**
     * What the run gave.
     *
     * @param time sample times, s
     * @param speed the simulated centroid's downward speed at those times, m/s
     * @param drop the simulated centroid's drop, m
     */
    public record Outcome(double[] time, double[] speed, double[] drop) {
        /** @return the last sampled speed, m/s */
        public double finalSpeed() {
            return speed[speed.length - 1];
        }

        /** @return the last sampled drop, m */
        public double finalDrop() {
            return drop[drop.length - 1];
        }
    }

    /** Validates the fields. */
    public Fall {
        if (!(drag >= 0 && drag <= 1000)) {
            throw new IllegalArgumentException("fall: drag must be in [0, 1000] kg/(m²·s) (got " + drag + ")");
        }
        if (integrator == null) {
            throw new IllegalArgumentException("fall: integrator missing");
        }
        if (stepsPerSecond < 30 || stepsPerSecond > 4000) {
            throw new IllegalArgumentException("fall: steps per second must be in [30, 4000] (got "
                    + stepsPerSecond + ")");
        }
        if (!(seconds > 0 && seconds <= 60)) {
            throw new IllegalArgumentException("fall: seconds must be in (0, 60] (got " + seconds + ")");
        }
    }

    /** @return the terminal speed ρ g/d of the continuous equation, m/s (infinite without drag) */
    public double terminalSpeed() {
        return ClothMaterial.DEFAULT.density() * G / drag;
    }

    /**
     * @param t time, s
     * @return the continuous solution's downward speed at t, m/s
     */
    public double exactSpeed(double t) {
        if (drag == 0) {
            return G * t;
        }
        double tau = ClothMaterial.DEFAULT.density() / drag;
        return terminalSpeed() * (1 - Math.exp(-t / tau));
    }

    /**
     * @param t time, s
     * @return the continuous solution's drop at t, m
     */
    public double exactDrop(double t) {
        if (drag == 0) {
            return 0.5 * G * t * t;
        }
        double tau = ClothMaterial.DEFAULT.density() / drag;
        return terminalSpeed() * (t - tau * (1 - Math.exp(-t / tau)));
    }

    /**
     * Backward Euler's solution of the point-mass equation after n steps of h: v_{k+1} = (v_k + g h)
     * /(1 + h d/ρ), y_{k+1} = y_k + h v_{k+1}.
     *
     * @param n steps
     * @return {speed, drop}
     */
    public double[] backwardEuler(int n) {
        double h = 1.0 / stepsPerSecond;
        double k = h * drag / ClothMaterial.DEFAULT.density();
        double v = 0;
        double y = 0;
        for (int i = 0; i < n; i++) {
            v = (v + G * h) / (1 + k);
            y += h * v;
        }
        return new double[] {v, y};
    }

    /** @return the simulated fall, sampled every step */
    public Outcome run() {
        TriMesh g = GridMesh.build(0.2, 0.2, 4, 4, new double[] {0, 1, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        ClothMaterial material = new ClothMaterial(ClothMaterial.DEFAULT.density(),
                ClothMaterial.DEFAULT.bendingStiffness(), ClothMaterial.DEFAULT.restShape(),
                ClothMaterial.DEFAULT.strainTolerance(), 0, drag);
        ClothModel m = new ClothModel(g.positions, g.triangles, material);
        ClothSolver s = new ClothSolver("fall", m, new SolverSettings(integrator, 20));
        s.setSelfCollisions(false);
        s.setGravity(new double[] {0, -G, 0});
        int steps = (int) Math.round(seconds * stepsPerSecond);
        double[] time = new double[steps + 1];
        double[] speed = new double[steps + 1];
        double[] drop = new double[steps + 1];
        double y0 = centroid(m, s.positions());
        for (int i = 1; i <= steps; i++) {
            s.step(1.0 / stepsPerSecond);
            time[i] = i / (double) stepsPerSecond;
            speed[i] = -centroid(m, s.velocities());
            drop[i] = y0 - centroid(m, s.positions());
        }
        return new Outcome(time, speed, drop);
    }

    private static double centroid(ClothModel m, double[] x) {
        double sum = 0;
        double mass = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            sum += m.mass[p] * x[3 * p + 1];
            mass += m.mass[p];
        }
        return sum / mass;
    }
}
