package org.isocloth.validate;

import java.util.List;
import org.isocloth.collision.CapsuleCollider;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.CollisionHandling;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;

/**
 * Friction that the cloth's own tension presses on: a strip 2 cm wide (5 mm cells, default
 * material, thickness 3 mm) laid over a fixed horizontal bar of radius 3 cm, its two ends hanging
 * straight down by {@code shortEnd} and {@code longEnd}. The Euler–Eytelwein (capstan) equation
 * says the strip holds while the tensions at the two tangent points, the weights of the hanging
 * ends, stay within T_long/T_short ≤ e^{μπ} (half a turn of wrap), and slides towards the long end
 * otherwise; without friction the long end starts down at a = g (L_long − L_short)/L_strip. Unlike
 * the incline, the normal force here comes from the strip's tension (T/r per unit length), not
 * from its weight.
 *
 * @param friction μ, in [0, 5]
 * @param shortEnd hanging length of the short end, m, in [0.02, 1]
 * @param longEnd hanging length of the long end, m, in [shortEnd, 1]
 * @param stepsPerSecond backward Euler steps per second, in [30, 4000]
 */
public record Capstan(double friction, double shortEnd, double longEnd, int stepsPerSecond) {
    /** Bar radius, m. */
    public static final double RADIUS = 0.03;
    private static final double THICKNESS = 0.003;
    private static final double WIDTH = 0.02;
    private static final double CELL = 0.005;
    private static final double G = 9.81;

    /** Validates the fields. */
    public Capstan {
        if (!(friction >= 0 && friction <= 5)) {
            throw new IllegalArgumentException("capstan: friction must be in [0, 5] (got " + friction + ")");
        }
        if (!(shortEnd >= 0.02 && shortEnd <= 1 && longEnd >= shortEnd && longEnd <= 1)) {
            throw new IllegalArgumentException("capstan: hanging lengths must satisfy 0.02 ≤ short ≤ long ≤ 1 m (got "
                    + shortEnd + ", " + longEnd + ")");
        }
        if (stepsPerSecond < 30 || stepsPerSecond > 4000) {
            throw new IllegalArgumentException("capstan: steps per second must be in [30, 4000] (got "
                    + stepsPerSecond + ")");
        }
    }

    /** @return whether the capstan equation says the strip holds: L_long/L_short ≤ e^{μπ} */
    public boolean holds() {
        return longEnd / shortEnd <= Math.exp(friction * Math.PI);
    }

    /** @return the frictionless strip's initial acceleration, g (L_long − L_short)/L_strip, m/s² */
    public double frictionlessAcceleration() {
        return G * (longEnd - shortEnd) / stripLength();
    }

    /** @return the strip's length: both hanging ends and half a turn around the bar at the thickness, m */
    private double stripLength() {
        return shortEnd + longEnd + Math.PI * (RADIUS + THICKNESS);
    }

    /**
     * The frictionless strip's descent: with d the long end's drop, its hanging part grows by d and
     * the short one shrinks by d, so d'' = g (L_long − L_short + 2d)/L_strip, and from rest
     * d(t) = ½ (L_long − L_short)(cosh ωt − 1), ω² = 2g/L_strip (valid while the short end hangs).
     *
     * @param seconds time from rest, s
     * @return the drop, m
     */
    public double frictionlessDrop(double seconds) {
        double omega = Math.sqrt(2 * G / stripLength());
        return 0.5 * (longEnd - shortEnd) * (Math.cosh(omega * seconds) - 1);
    }

    /**
     * Runs the strip from rest.
     *
     * @param seconds simulated time, in (0, 10]
     * @param contacts how collider contacts and their friction enter the step
     * @return how far the long end's lowest point moved down, m
     */
    public double run(double seconds, ContactMethod contacts) {
        if (!(seconds > 0 && seconds <= 10)) {
            throw new IllegalArgumentException("capstan: time must be in (0, 10] s (got " + seconds + ")");
        }
        double r = RADIUS + THICKNESS;
        double arc = Math.PI * r;
        double length = stripLength();
        TriMesh g = GridMesh.build(length, WIDTH, (int) Math.round(length / CELL), (int) Math.round(WIDTH / CELL),
                new double[3], new double[] {0, 1, 0}, new double[] {1, 0, 0});
        double[] x = g.positions.clone();
        for (int i = 0; i < x.length / 3; i++) {
            // arc length along the strip from the short end's bottom, mapped onto the hanging shape
            double s = x[3 * i] + 0.5 * length;
            double px;
            double py;
            if (s < shortEnd) {
                px = -r;
                py = s - shortEnd;
            } else if (s < shortEnd + arc) {
                double angle = Math.PI - (s - shortEnd) / r;
                px = r * Math.cos(angle);
                py = r * Math.sin(angle);
            } else {
                px = r;
                py = shortEnd + arc - s;
            }
            x[3 * i] = px;
            x[3 * i + 1] = py;
        }
        ClothModel m = new ClothModel(x, g.triangles,
                ClothMaterial.DEFAULT.withFriction(friction).withThickness(THICKNESS));
        ClothSolver s = new ClothSolver("capstan", m, new SolverSettings(Integrator.BACKWARD_EULER, 30,
                CollisionHandling.COUPLED));
        s.setColliders(List.of(new CapsuleCollider("bar", new double[] {0, 0, -0.2}, new double[] {0, 0, 0.2},
                RADIUS)));
        contacts.applyTo(s);
        double y0 = lowestOfLongEnd(m, s.positions());
        int steps = (int) Math.round(seconds * stepsPerSecond);
        for (int i = 0; i < steps; i++) {
            s.step(1.0 / stepsPerSecond);
        }
        return y0 - lowestOfLongEnd(m, s.positions());
    }

    private static double lowestOfLongEnd(ClothModel m, double[] x) {
        double lowest = Double.POSITIVE_INFINITY;
        for (int p = 0; p < m.nodeCount(); p++) {
            if (x[3 * p] > 0) {
                lowest = Math.min(lowest, x[3 * p + 1]);
            }
        }
        return lowest;
    }
}
