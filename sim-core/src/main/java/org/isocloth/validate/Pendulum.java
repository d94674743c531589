package org.isocloth.validate;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;

/**
 * The energy behaviour of the time integrators: a stiff 0.2 m square plate (4×4 cells, ρ = 0.2
 * kg/m², bending stiffness {@value #BENDING} N·m, so that it swings as a rigid body) hangs from its
 * pinned top edge, starts at rest tilted by {@value #START_DEGREES}° and swings without drag or
 * damping. The exact motion keeps its energy; the integrators dissipate some of it, and the linear
 * analysis of each predicts how much. For small angles the plate is the pendulum θ'' = −ω² θ with
 * ω² = g Σ m d / Σ m d² (d a node's distance from the hinge, m its lumped mass), and one step of h
 * multiplies the complex amplitude by
 * <pre>
 *   backward Euler:  z = 1/(1 − iωh),                          |z| = (1 + ω²h²)^(−½)
 *   BDF2:            z = (2 + √(1 + 2iωh)) / (3 − 2iωh)         (the root near 1 of 3z² − 4z + 1 = 2iωh z²)
 * </pre>
 * so after time T the swing's amplitude is |z|^(T/h) of the start and its energy the square of
 * that; the period is 2π h/arg z. The run measures the amplitude at each turning point.
 *
 * @param integrator the time integrator
 * @param stepsPerSecond steps per second, in [30, 4000]
 */
public record Pendulum(Integrator integrator, int stepsPerSecond) {
    /** Bending stiffness of the plate, N·m. */
    static final double BENDING = 0.1;
    /** Starting angle, degrees. */
    public static final double START_DEGREES = 10;
    /** Simulated time, s. */
    public static final double SECONDS = 3;
    private static final double G = 9.81;
    private static final double SIZE = 0.2;

    /**
     * What the run gave.
     *
     * @param omega the small-angle angular frequency ω of the lumped plate, rad/s
     * @param amplitudeRatio the amplitude at the last turning point over the start's
     * @param turningTime the time of that turning point, s
     * @param predictedRatio |z|^(t/h) at that time
     * @param period the mean time between turning points on the same side, s
     * @param predictedPeriod 2π h / arg z, s
     */
    public record Outcome(double omega, double amplitudeRatio, double turningTime, double predictedRatio,
            double period, double predictedPeriod) {
    }

    /** Validates the fields. */
    public Pendulum {
        if (integrator == null) {
            throw new IllegalArgumentException("pendulum: integrator missing");
        }
        if (stepsPerSecond < 30 || stepsPerSecond > 4000) {
            throw new IllegalArgumentException("pendulum: steps per second must be in [30, 4000] (got "
                    + stepsPerSecond + ")");
        }
    }

    /**
     * One step's amplification z of θ'' = −ω² θ, as {re, im}.
     *
     * @param omega ω, rad/s
     * @return z
     */
    public double[] amplification(double omega) {
        double wh = omega / stepsPerSecond;
        if (integrator == Integrator.BACKWARD_EULER) {
            // 1/(1 − i wh) = (1 + i wh)/(1 + wh²)
            return new double[] {1 / (1 + wh * wh), wh / (1 + wh * wh)};
        }
        // √(1 + 2i wh): principal root of a + ib
        double a = 1;
        double b = 2 * wh;
        double mod = Math.hypot(a, b);
        double sr = Math.sqrt((mod + a) / 2);
        double si = Math.copySign(Math.sqrt((mod - a) / 2), b);
        double nr = 2 + sr;
        double ni = si;
        double dr = 3;
        double di = -2 * wh;
        double den = dr * dr + di * di;
        return new double[] {(nr * dr + ni * di) / den, (ni * dr - nr * di) / den};
    }

    /** @return the swing, measured at its turning points */
    public Outcome run() {
        TriMesh g = GridMesh.build(SIZE, SIZE, 4, 4, new double[] {0, -SIZE / 2, 0}, new double[] {0, 0, 1},
                new double[] {1, 0, 0});
        double th = Math.toRadians(START_DEGREES);
        double[] x = g.positions.clone();
        for (int i = 0; i < x.length / 3; i++) {
            // tilt about the hinge line y = 0 (the x axis)
            double y = x[3 * i + 1];
            double z = x[3 * i + 2];
            x[3 * i + 1] = Math.cos(th) * y - Math.sin(th) * z;
            x[3 * i + 2] = Math.sin(th) * y + Math.cos(th) * z;
        }
        ClothMaterial material = new ClothMaterial(0.2, BENDING, RestShape.FLAT, 1e-3, 0, 0);
        ClothModel m = new ClothModel(x, g.triangles, material);
        ClothSolver s = new ClothSolver("pendulum", m, new SolverSettings(integrator, 20));
        s.setSelfCollisions(false);
        s.setGravity(new double[] {0, -G, 0});
        double first = 0;
        double second = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            double d = Math.hypot(m.restPositions[3 * p + 1], m.restPositions[3 * p + 2]);
            if (d < 1e-9) {
                s.setPinned(p, true);
            }
            first += m.mass[p] * d;
            second += m.mass[p] * d * d;
        }
        double omega = Math.sqrt(G * first / second);
        int steps = (int) Math.round(SECONDS * stepsPerSecond);
        double prev = angle(m, s.positions());
        double prevRate = 0;
        double lastTurn = 0;
        double lastAmp = Math.abs(prev);
        double firstPositive = Double.NaN;
        double lastPositive = Double.NaN;
        int positives = 0;
        for (int i = 1; i <= steps; i++) {
            s.step(1.0 / stepsPerSecond);
            double a = angle(m, s.positions());
            double rate = a - prev;
            if (i > 1 && rate * prevRate < 0) {
                // a turning point between the last two samples: take the larger |θ| of them
                lastAmp = Math.abs(prev);
                lastTurn = (i - 1) / (double) stepsPerSecond;
                if (prev > 0) {
                    if (positives == 0) {
                        firstPositive = lastTurn;
                    }
                    lastPositive = lastTurn;
                    positives++;
                }
            }
            prevRate = rate;
            prev = a;
        }
        double[] z = amplification(omega);
        double h = 1.0 / stepsPerSecond;
        double predicted = Math.pow(Math.hypot(z[0], z[1]), lastTurn / h);
        double period = positives > 1 ? (lastPositive - firstPositive) / (positives - 1) : Double.NaN;
        double predictedPeriod = 2 * Math.PI * h / Math.atan2(z[1], z[0]);
        return new Outcome(omega, lastAmp / th, lastTurn, predicted, period, predictedPeriod);
    }

    /** The plate's angle from the vertical: its centroid's direction from the hinge line. */
    private static double angle(ClothModel m, double[] x) {
        double y = 0;
        double z = 0;
        double mass = 0;
        for (int p = 0; p < m.nodeCount(); p++) {
            y += m.mass[p] * x[3 * p + 1];
            z += m.mass[p] * x[3 * p + 2];
            mass += m.mass[p];
        }
        return Math.atan2(z / mass, -y / mass);
    }
}
