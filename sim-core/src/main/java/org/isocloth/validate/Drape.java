package org.isocloth.validate;

import org.isocloth.mesh.MeshValidator;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;
import org.isocloth.solver.StepResult;

/**
 * The Cusick drape test (BS 5058, ISO 9073-9) run in the simulator: a circular specimen of radius
 * {@value #SPECIMEN_RADIUS} m is held flat between two discs of radius {@value #DISC_RADIUS} m and
 * the part outside them drapes under its own weight. The drape coefficient is the share of the
 * overhanging annulus that the draped cloth still shades from above,
 * <pre>
 *   DC = (A_shadow − π r²) / (A_specimen − π r²),
 * </pre>
 * 1 for a specimen too stiff to bend and towards 0 for one that hangs straight down. The specimen
 * is a hexagonal ring mesh (ring k of 6k vertices at radius k·h; interior vertices are jittered by up
 * to a quarter of their spacing so that the six sector lines do not steer the folds, which on the
 * regular mesh always numbered six), the clamped nodes are those within
 * the disc radius, air drag of 10ρ brings the cloth to rest, and the shadow is the area of the
 * union of the subdivided mesh's triangles projected on the horizontal plane, counted on a grid of
 * {@value #RASTER} × {@value #RASTER} cells over the specimen's square.
 *
 * @param material the fabric (its drag is replaced by 10ρ to reach rest)
 * @param rings rings of the specimen mesh (cell size {@value #SPECIMEN_RADIUS}/rings m)
 * @param stepsPerSecond backward Euler steps per second
 */
public record Drape(ClothMaterial material, int rings, int stepsPerSecond) {
    /** Specimen radius, m (30 cm diameter). */
    public static final double SPECIMEN_RADIUS = 0.15;
    /** Support disc radius, m (18 cm diameter). */
    public static final double DISC_RADIUS = 0.09;
    /** Raster of the shadow, cells per side. */
    static final int RASTER = 600;
    /** Simulated time at most, s. */
    static final double MAX_SECONDS = 6;
    /** Seed of the vertex jitter. */
    static final long SEED = 20121126L;
    /** Jitter of an interior vertex: ± half this many ring spacings radially, ± about half as many vertex spacings around. */
    static final double JITTER = 0.5;
    /** At rest: the drape coefficient moved by less than this over the last half second. */
    static final double REST = 2e-3;

    /**
     * What the run gave.
     *
     * @param coefficient the drape coefficient at the end
     * @param spread largest minus smallest coefficient over the last half second (0 at rest)
     * @param seconds simulated time
     * @param unconverged steps that ended above the strain tolerance
     * @param worstStrain largest relative length error of any subdivided edge at the end
     * @param nodes number of folds: local maxima of the hem's depth around the circle
     */
    public record Outcome(double coefficient, double spread, double seconds, int unconverged, double worstStrain,
            int nodes) {
    }

    /** Validates the fields. */
    public Drape {
        if (material == null) {
            throw new IllegalArgumentException("drape: material missing");
        }
        if (rings < 6 || rings > 60) {
            throw new IllegalArgumentException("drape: rings must be in [6, 60] (got " + rings + ")");
        }
        if (stepsPerSecond < 30 || stepsPerSecond > 4000) {
            throw new IllegalArgumentException("drape: steps per second must be in [30, 4000] (got "
                    + stepsPerSecond + ")");
        }
    }

    /**
     * Drapes the specimen until it rests or for {@value #MAX_SECONDS} s.
     *
     * @return the outcome
     */
    public Outcome run() {
        TriMesh disc = specimen(rings, SPECIMEN_RADIUS);
        ClothMaterial m = material.withDrag(10 * material.density());
        ClothModel model = new ClothModel(disc.positions, disc.triangles, m);
        ClothSolver solver = new ClothSolver("drape", model, new SolverSettings(Integrator.BACKWARD_EULER, 20));
        double[] x0 = model.restPositions;
        double h = SPECIMEN_RADIUS / rings;
        for (int p = 0; p < model.nodeCount(); p++) {
            if (Math.hypot(x0[3 * p], x0[3 * p + 2]) <= DISC_RADIUS + 1e-6 * h) {
                solver.setPinned(p, true);
            }
        }
        double specimenArea = model.area;
        double discArea = Math.PI * DISC_RADIUS * DISC_RADIUS;
        RestWindow history = new RestWindow(stepsPerSecond / 2);
        int maxSteps = (int) Math.round(MAX_SECONDS * stepsPerSecond);
        int unconverged = 0;
        double dc = 1;
        double spread = Double.POSITIVE_INFINITY;
        int steps = 0;
        for (int i = 0; i < maxSteps; i++) {
            StepResult r = solver.step(1.0 / stepsPerSecond);
            steps++;
            if (!r.converged()) {
                unconverged++;
            }
            dc = (shadowArea(model, solver.positions()) - discArea) / (specimenArea - discArea);
            history.add(dc);
            spread = history.spread();
            if (spread < REST && i + 1 >= 2 * stepsPerSecond) {
                break;
            }
        }
        return new Outcome(dc, spread, steps / (double) stepsPerSecond, unconverged,
                worstEdgeStrain(model, solver.positions()), folds(model, solver.positions()));
    }

    /**
     * A flat disc of radius r in the y = 0 plane, centred on the origin: ring k (1 ≤ k ≤ rings) has 6k
     * vertices at radius k·r/rings, joined to ring k − 1 by 6(2k − 1) triangles.
     *
     * @param rings number of rings
     * @param r radius, m
     * @return the mesh
     */
    static TriMesh specimen(int rings, double r) {
        int n = 1 + 3 * rings * (rings + 1);
        double[] p = new double[3 * n];
        int[] t = new int[3 * 6 * rings * rings];
        int q = 0;
        java.util.Random random = new java.util.Random(SEED);
        for (int k = 1; k <= rings; k++) {
            int first = 1 + 3 * k * (k - 1);
            int inner = k == 1 ? 0 : 1 + 3 * (k - 1) * (k - 2);
            for (int j = 0; j < 6 * k; j++) {
                double a = 2 * Math.PI * j / (6 * k);
                double rad = r * k / rings;
                if (k < rings) {
                    // move interior vertices off the six sector lines so that they do not steer the folds
                    a += JITTER / k * (random.nextDouble() - 0.5);
                    rad += JITTER * r / rings * (random.nextDouble() - 0.5);
                }
                p[3 * (first + j)] = rad * Math.cos(a);
                p[3 * (first + j) + 2] = -rad * Math.sin(a);
            }
            for (int s = 0; s < 6; s++) {
                for (int i = 0; i < k; i++) {
                    int o0 = first + s * k + i;
                    int o1 = first + (s * k + i + 1) % (6 * k);
                    int i0 = k == 1 ? 0 : inner + (s * (k - 1) + i) % (6 * (k - 1));
                    t[q++] = o0;
                    t[q++] = o1;
                    t[q++] = i0;
                    if (i < k - 1) {
                        int i1 = inner + (s * (k - 1) + i + 1) % (6 * (k - 1));
                        t[q++] = i0;
                        t[q++] = o1;
                        t[q++] = i1;
                    }
                }
            }
        }
        return MeshValidator.validate(new TriMesh(p, t, "drape specimen")).mesh;
    }

    /**
     * Area of the union of the subdivided triangles projected on the horizontal (x, z) plane, counted
     * on a raster over the specimen's square (a cell is shaded when its centre lies in a triangle).
     */
    static double shadowArea(ClothModel model, double[] x) {
        int n = RASTER;
        double lo = -SPECIMEN_RADIUS;
        double cell = 2 * SPECIMEN_RADIUS / n;
        boolean[] shaded = new boolean[n * n];
        int[] tri = model.mesh.fineTriangles;
        for (int f = 0; f < tri.length; f += 3) {
            double ax = x[3 * tri[f]];
            double az = x[3 * tri[f] + 2];
            double bx = x[3 * tri[f + 1]];
            double bz = x[3 * tri[f + 1] + 2];
            double cx = x[3 * tri[f + 2]];
            double cz = x[3 * tri[f + 2] + 2];
            double det = (bx - ax) * (cz - az) - (cx - ax) * (bz - az);
            if (Math.abs(det) < 1e-18) {
                continue;
            }
            int i0 = Math.max(0, (int) Math.floor((Math.min(ax, Math.min(bx, cx)) - lo) / cell));
            int i1 = Math.min(n - 1, (int) Math.floor((Math.max(ax, Math.max(bx, cx)) - lo) / cell));
            int j0 = Math.max(0, (int) Math.floor((Math.min(az, Math.min(bz, cz)) - lo) / cell));
            int j1 = Math.min(n - 1, (int) Math.floor((Math.max(az, Math.max(bz, cz)) - lo) / cell));
            for (int j = j0; j <= j1; j++) {
                double pz = lo + (j + 0.5) * cell;
                for (int i = i0; i <= i1; i++) {
                    double px = lo + (i + 0.5) * cell;
                    double u = ((px - ax) * (cz - az) - (cx - ax) * (pz - az)) / det;
                    double v = ((bx - ax) * (pz - az) - (px - ax) * (bz - az)) / det;
                    if (u >= 0 && v >= 0 && u + v <= 1) {
                        shaded[j * n + i] = true;
                    }
                }
            }
        }
        int count = 0;
        for (boolean s : shaded) {
            count += s ? 1 : 0;
        }
        return count * cell * cell;
    }

    /** Largest |length/rest − 1| over the subdivided mesh's edges. */
    static double worstEdgeStrain(ClothModel model, double[] x) {
        int[] e = model.mesh.fineEdges;
        double worst = 0;
        for (int i = 0; i < e.length / 2; i++) {
            double len = ClothModel.dist(x, e[2 * i], e[2 * i + 1]);
            worst = Math.max(worst, Math.abs(len / model.fineEdgeRest[i] - 1));
        }
        return worst;
    }

    /**
     * Folds of the drape: the hem's nodes sorted by angle about the vertical axis, their height
     * smoothed over 20° and the local minima (the troughs of the folds) that lie at least 5 % of
     * the hem's height range below the neighbouring maxima counted.
     */
    static int folds(ClothModel model, double[] x) {
        int bins = 72;
        double[] low = new double[bins];
        java.util.Arrays.fill(low, Double.NaN);
        double[] r0 = model.restPositions;
        double rim = 0;
        for (int p = 0; p < model.nodeCount(); p++) {
            rim = Math.max(rim, Math.hypot(r0[3 * p], r0[3 * p + 2]));
        }
        for (int p = 0; p < model.nodeCount(); p++) {
            if (Math.hypot(r0[3 * p], r0[3 * p + 2]) < rim * (1 - 1e-6)) {
                continue;
            }
            double a = Math.atan2(-r0[3 * p + 2], r0[3 * p]);
            int b = Math.floorMod((int) Math.floor(a / (2 * Math.PI) * bins), bins);
            double y = x[3 * p + 1];
            low[b] = Double.isNaN(low[b]) ? y : Math.min(low[b], y);
        }
        double[] s = new double[bins];
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int b = 0; b < bins; b++) {
            double sum = 0;
            int n = 0;
            for (int d = -2; d <= 2; d++) {
                double v = low[Math.floorMod(b + d, bins)];
                if (!Double.isNaN(v)) {
                    sum += v;
                    n++;
                }
            }
            s[b] = n > 0 ? sum / n : 0;
            min = Math.min(min, s[b]);
            max = Math.max(max, s[b]);
        }
        double threshold = 0.05 * (max - min);
        if (!(threshold > 1e-6)) {
            return 0;
        }
        // count the minima separated by rises of at least the threshold on both sides
        int start = 0;
        for (int b = 1; b < bins; b++) {
            if (s[b] > s[start]) {
                start = b;
            }
        }
        int count = 0;
        boolean falling = true;
        double extreme = s[start];
        for (int k = 1; k <= bins; k++) {
            double v = s[(start + k) % bins];
            if (falling) {
                if (v < extreme) {
                    extreme = v;
                } else if (v > extreme + threshold) {
                    count++;
                    falling = false;
                    extreme = v;
                }
            } else if (v > extreme) {
                extreme = v;
            } else if (v < extreme - threshold) {
                falling = true;
                extreme = v;
            }
        }
        return count;
    }
}
