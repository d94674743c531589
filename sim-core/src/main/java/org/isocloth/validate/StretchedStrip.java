package org.isocloth.validate;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.isocloth.model.Stretch;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;
import org.isocloth.solver.StepResult;

/**
 * A stretchable strip ({@link Stretch}) hanging from its clamped top edge with a weight on its
 * bottom edge, against the Saint Venant–Kirchhoff membrane in uniaxial tension. The section at
 * rest distance s below the top carries T(s) = W + ρ g w (L − s); a strip whose sides are free
 * stretches there by λ with E λ(λ² − 1)/2 = T/w and contracts sideways by √(1 − ν(λ² − 1)), so
 * it lengthens by ΔL = ∫₀^L (λ(s) − 1) ds. The clamp keeps the top edge from contracting, which
 * stiffens a strip ten widths long by a fraction of a per cent.
 *
 * @param youngsModulus E, N/m
 * @param poissonRatio ν
 * @param weight W, N: a line load along the bottom edge, carried as lumped mass on its nodes
 * @param width w, m
 * @param length L, m
 * @param cellsAcross cells across the strip
 * @param stepsPerSecond backward Euler steps per second
 */
public record StretchedStrip(double youngsModulus, double poissonRatio, double weight, double width, double length,
        int cellsAcross, int stepsPerSecond) {
    /** Surface density of the strip, kg/m². */
    public static final double DENSITY = 0.2;
    private static final double G = 9.81;

    /** Validates the fields. */
    public StretchedStrip {
        new Stretch(youngsModulus, poissonRatio); // checks both
        if (!(weight >= 0 && weight <= 100 && width > 0 && width <= 1 && length >= width && length <= 10)) {
            throw new IllegalArgumentException("stretched strip: need 0 ≤ weight ≤ 100 N and 0 < width ≤ length ≤ 10 m"
                    + " (got " + weight + ", " + width + ", " + length + ")");
        }
        if (cellsAcross < 1 || cellsAcross > 40 || stepsPerSecond < 30 || stepsPerSecond > 4000) {
            throw new IllegalArgumentException("stretched strip: cells across in [1, 40], steps per second in"
                    + " [30, 4000] (got " + cellsAcross + ", " + stepsPerSecond + ")");
        }
    }

    /**
     * What the strip did, next to the closed form.
     *
     * @param expected ΔL of the closed form, m
     * @param elongation the bottom edge's mean drop, m
     * @param expectedWidth the width at mid height of the closed form, m
     * @param widthAtMid the simulated width at mid height, m
     * @param unconverged steps that ended at the iteration cap
     * @param iterationsPerStep mean Gauss-Newton iterations per step
     */
    public record Outcome(double expected, double elongation, double expectedWidth, double widthAtMid,
            int unconverged, double iterationsPerStep) {
    }

    /**
     * The stretch λ with E λ(λ² − 1)/2 = P, by Newton's method from λ = 1 (the function is convex
     * and increasing for λ ≥ 1, so the iteration converges monotonically).
     *
     * @param p force per unit rest width, N/m (≥ 0)
     * @return λ
     */
    public double stretchUnder(double p) {
        double l = 1;
        for (int i = 0; i < 60; i++) {
            double step = (youngsModulus * l * (l * l - 1) / 2 - p) / (youngsModulus * (3 * l * l - 1) / 2);
            l -= step;
            if (Math.abs(step) < 1e-15) {
                break;
            }
        }
        return l;
    }

    /** @return the tension per unit rest width at rest distance s below the top, N/m */
    private double tension(double s) {
        return (weight + DENSITY * G * width * (length - s)) / width;
    }

    /** @return ΔL = ∫₀^L (λ(s) − 1) ds, midpoint rule on 10⁴ pieces, m */
    public double expectedElongation() {
        int n = 10_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += stretchUnder(tension((i + 0.5) * length / n)) - 1;
        }
        return sum * length / n;
    }

    /** @return the width at mid height with free sides: w √(1 + 2E₂₂), E₂₂ = −ν (λ² − 1)/2, m */
    public double expectedWidth() {
        double l = stretchUnder(tension(length / 2));
        return width * Math.sqrt(1 - poissonRatio * (l * l - 1));
    }

    /**
     * Hangs the strip from rest for the given time (air drag of 10ρ and backward Euler bring it to
     * rest).
     *
     * @param seconds simulated time, in (0, 30]
     * @return the outcome
     */
    public Outcome run(double seconds) {
        if (!(seconds > 0 && seconds <= 30)) {
            throw new IllegalArgumentException("stretched strip: time must be in (0, 30] s (got " + seconds + ")");
        }
        int cellsAlong = (int) Math.round(cellsAcross * length / width);
        TriMesh g = GridMesh.build(width, length, cellsAcross, cellsAlong, new double[] {0, -length / 2, 0},
                new double[] {0, 0, 1}, new double[] {1, 0, 0});
        ClothMaterial material = new ClothMaterial(DENSITY, 1e-6, RestShape.FLAT, 1e-3, 0.0, 10 * DENSITY, 0,
                0.3, 0.005, new Stretch(youngsModulus, poissonRatio));
        ClothModel m = new ClothModel(g.positions, g.triangles, material);
        ClothSolver s = new ClothSolver("strip", m, new SolverSettings(Integrator.BACKWARD_EULER, 40));
        s.setSelfCollisions(false);
        hangWeight(m);
        for (int p = 0; p < m.nodeCount(); p++) {
            if (Math.abs(m.restPositions[3 * p + 1]) < 1e-9) {
                s.setPinned(p, true);
            }
        }
        int steps = (int) Math.round(seconds * stepsPerSecond);
        int unconverged = 0;
        long iterations = 0;
        for (int i = 0; i < steps; i++) {
            StepResult r = s.step(1.0 / stepsPerSecond);
            iterations += r.iterations();
            unconverged += r.converged() ? 0 : 1;
        }
        double[] x = s.positions();
        double drop = 0;
        int bottom = 0;
        double minX = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < m.nodeCount(); p++) {
            if (onBottom(m, p)) {
                drop += m.restPositions[3 * p + 1] - x[3 * p + 1];
                bottom++;
            }
            if (Math.abs(m.restPositions[3 * p + 1] + length / 2) < 1e-9) {
                minX = Math.min(minX, x[3 * p]);
                maxX = Math.max(maxX, x[3 * p]);
            }
        }
        return new Outcome(expectedElongation(), drop / bottom, expectedWidth(),
                maxX > minX ? maxX - minX : Double.NaN, unconverged, (double) iterations / steps);
    }

    /**
     * Adds the weight to the bottom edge's nodes as mass, each taking half of every bottom segment
     * next to it: the lumping of a uniform line load, so the strip is pulled evenly across.
     */
    private void hangWeight(ClothModel m) {
        double[] share = new double[m.nodeCount()];
        double total = 0;
        int[] edges = m.mesh.fineEdges;
        for (int k = 0; k < edges.length / 2; k++) {
            int a = edges[2 * k];
            int b = edges[2 * k + 1];
            if (onBottom(m, a) && onBottom(m, b)) {
                double l = ClothModel.dist(m.restPositions, a, b);
                share[a] += l / 2;
                share[b] += l / 2;
                total += l;
            }
        }
        for (int p = 0; p < share.length; p++) {
            m.mass[p] += weight / G * share[p] / total;
        }
    }

    private boolean onBottom(ClothModel m, int p) {
        return Math.abs(m.restPositions[3 * p + 1] + length) < 1e-9;
    }
}
