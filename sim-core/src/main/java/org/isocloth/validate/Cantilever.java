package org.isocloth.validate;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.MeshValidator;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;
import org.isocloth.solver.StepResult;

/**
 * The cantilever bending test (ASTM D1388) run in the simulator: a strip of width w, clamped
 * horizontally over a length of three cells, overhangs by l and bends under its own weight until it
 * rests; the tip's chord angle is compared with the heavy elastica's at the same l/c
 * ({@link Elastica}). The strip is 25 mm wide as in the standard, with ρ = 0.2 kg/m² and the
 * bending stiffness that gives the bending length c = 2 cm (B = ρ g c³), in the range of shirting
 * fabrics. Air drag of 10ρ (a damping rate of 10/s) brings it to rest.
 *
 * @param overhang requested l/c; the strip gets the whole number of cells nearest to it
 * @param cellsAcross cells across the strip's width (≥ 1)
 * @param pattern the triangulation
 * @param stepsPerSecond time steps per second (backward Euler, cap 20)
 * @param membraneStiffness the membrane springs' Y, N/m ({@link ClothMaterial#membraneStiffness()};
 *     0 gives the thesis's model)
 */
public record Cantilever(double overhang, int cellsAcross, Pattern pattern, int stepsPerSecond,
        double membraneStiffness) {
    /** Bending length c, m. */
    public static final double BENDING_LENGTH = 0.02;
    /** Strip width, m. */
    public static final double WIDTH = 0.025;
    /** Areal density, kg/m². */
    public static final double DENSITY = 0.2;
    /** Clamped cells. */
    static final int CLAMP_CELLS = 3;
    /** Simulated time at most, s. */
    static final double MAX_SECONDS = 6;

    /** How the strip's cells are split into triangles. */
    public enum Pattern {
        /** Alternating diagonals ({@link GridMesh}). */
        CRISS_CROSS,
        /** Every diagonal from the cell's lower-left to its upper-right corner. */
        REGULAR
    }

    /**
     * What the run gave.
     *
     * @param overhang l/c of the strip as built
     * @param cellsAlong cells along the overhang
     * @param angle the tip's chord angle at the end, degrees
     * @param elastica the elastica's chord angle at the same l/c, degrees
     * @param spread largest minus smallest chord angle over the last second, degrees (0 at rest)
     * @param unconverged steps that ended above the strain tolerance
     */
    public record Outcome(double overhang, int cellsAlong, double angle, double elastica, double spread,
            int unconverged) {
    }

    /**
     * A strip with the default membrane stiffness.
     *
     * @param overhang requested l/c
     * @param cellsAcross cells across the width
     * @param pattern the triangulation
     * @param stepsPerSecond time steps per second
     */
    public Cantilever(double overhang, int cellsAcross, Pattern pattern, int stepsPerSecond) {
        this(overhang, cellsAcross, pattern, stepsPerSecond, ClothMaterial.DEFAULT_MEMBRANE_STIFFNESS);
    }

    /** Validates the fields. */
    public Cantilever {
        if (!(overhang >= 0.5 && overhang <= 5)) {
            throw new IllegalArgumentException("cantilever: overhang l/c must be in [0.5, 5] (got " + overhang + ")");
        }
        if (cellsAcross < 1 || cellsAcross > 40) {
            throw new IllegalArgumentException("cantilever: cells across must be in [1, 40] (got " + cellsAcross + ")");
        }
        if (pattern == null) {
            throw new IllegalArgumentException("cantilever: pattern missing");
        }
        if (!(membraneStiffness >= 0 && membraneStiffness <= 1e9)) {
            throw new IllegalArgumentException("cantilever: membrane stiffness must be in [0, 1e9] N/m (got "
                    + membraneStiffness + ")");
        }
        if (stepsPerSecond < 30 || stepsPerSecond > 4000) {
            throw new IllegalArgumentException("cantilever: steps per second must be in [30, 4000] (got "
                    + stepsPerSecond + ")");
        }
    }

    /**
     * Runs the strip to rest (the chord angle changing by less than 0.02° over a second) or for
     * {@value #MAX_SECONDS} s.
     *
     * @return the outcome
     */
    public Outcome run() {
        double cell = WIDTH / cellsAcross;
        int along = Math.max(1, (int) Math.round(overhang * BENDING_LENGTH / cell));
        double length = along * cell;
        TriMesh mesh = strip(along + CLAMP_CELLS, cellsAcross, cell, CLAMP_CELLS * cell, pattern);
        double g = 9.81;
        double b = DENSITY * g * Math.pow(BENDING_LENGTH, 3);
        ClothMaterial material = new ClothMaterial(DENSITY, b, RestShape.FLAT, 1e-3, 0.0, 10 * DENSITY)
                .withMembraneStiffness(membraneStiffness);
        ClothModel model = new ClothModel(mesh.positions, mesh.triangles, material);
        ClothSolver solver = new ClothSolver("cantilever", model, new SolverSettings(Integrator.BACKWARD_EULER, 20));
        solver.setSelfCollisions(false);
        for (int p = 0; p < model.nodeCount(); p++) {
            if (model.restPositions[3 * p] <= 1e-9 * cell) {
                solver.setPinned(p, true);
            }
        }
        double dt = 1.0 / stepsPerSecond;
        int perSecond = stepsPerSecond;
        int maxSteps = (int) Math.round(MAX_SECONDS * stepsPerSecond);
        RestWindow window = new RestWindow(perSecond);
        int unconverged = 0;
        double angle = 0;
        double spread = Double.POSITIVE_INFINITY;
        for (int i = 0; i < maxSteps; i++) {
            StepResult r = solver.step(dt);
            if (!r.converged()) {
                unconverged++;
            }
            angle = tipAngle(model, solver.positions(), length, cell);
            window.add(angle);
            spread = window.spread();
            if (spread < 0.02 && i + 1 >= 2 * perSecond) {
                break;
            }
        }
        double lambda = length / BENDING_LENGTH;
        return new Outcome(lambda, along, angle, Elastica.tipChordAngle(lambda), spread, unconverged);
    }

    /** Chord angle below the horizontal from the clamp edge (x = 0) to the mean of the tip nodes. */
    private static double tipAngle(ClothModel model, double[] x, double length, double cell) {
        double tx = 0;
        double ty = 0;
        int n = 0;
        for (int p = 0; p < model.nodeCount(); p++) {
            if (model.restPositions[3 * p] >= length - 1e-9 * cell) {
                tx += x[3 * p];
                ty += x[3 * p + 1];
                n++;
            }
        }
        return Math.toDegrees(Math.atan2(-ty / n, tx / n));
    }

    /** A horizontal strip in the y = 0 plane along +x, its clamp edge at x = 0. */
    static TriMesh strip(int cellsAlong, int cellsAcross, double cell, double clamp, Pattern pattern) {
        double len = cellsAlong * cell;
        double wid = cellsAcross * cell;
        if (pattern == Pattern.CRISS_CROSS) {
            return GridMesh.build(len, wid, cellsAlong, cellsAcross, new double[] {0.5 * len - clamp, 0, 0},
                    new double[] {0, 1, 0}, new double[] {1, 0, 0});
        }
        int nu = cellsAlong + 1;
        double[] p = new double[3 * nu * (cellsAcross + 1)];
        for (int j = 0; j <= cellsAcross; j++) {
            for (int i = 0; i <= cellsAlong; i++) {
                int k = j * nu + i;
                p[3 * k] = i * cell - clamp;
                p[3 * k + 2] = 0.5 * wid - j * cell;
            }
        }
        int[] t = new int[6 * cellsAlong * cellsAcross];
        int q = 0;
        for (int j = 0; j < cellsAcross; j++) {
            for (int i = 0; i < cellsAlong; i++) {
                int a = j * nu + i;
                int[] two = {a, a + 1, a + nu + 1, a, a + nu + 1, a + nu};
                System.arraycopy(two, 0, t, q, 6);
                q += 6;
            }
        }
        return MeshValidator.validate(new TriMesh(p, t, "cantilever strip")).mesh;
    }
}
