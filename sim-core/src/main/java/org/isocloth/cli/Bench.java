package org.isocloth.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.isocloth.collision.SphereCollider;
import org.isocloth.solver.Integrator;
import java.util.Locale;
import org.isocloth.InputException;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothMetrics;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.SolverOptions;
import org.isocloth.solver.SolverSettings;
import org.isocloth.solver.StepResult;

/**
 * {@code cloth bench}: hanging 1 m × 1 m sheets pinned along one edge, falling from horizontal at
 * 60 steps/s with the default material (0.2 kg/m², k = 1e-5 N·m, strain tolerance 0.001). Prints,
 * per size, the median wall time per step, the mean Gauss-Newton iterations and the worst strains;
 * then the same sheet hanging from the two corner nodes of that edge beside the edge-hung one,
 * with the ratio of their median steps ({@code --corner-cells M,...}, default the smallest size,
 * 0: none).
 * Cloth–cloth collision detection runs in every step, as in a scene; {@code --no-self-collisions}
 * measures the step without it. Then the Fig. 4.5 drape ({@code --drape-steps N}, 0: none) and the
 * garment section ({@link GarmentBench}; {@code --garments DIR}, {@code --garment-steps N},
 * {@code --no-garments}; {@code --contact-springs} or {@code --contact-planes} to hold every
 * garment's collider contacts that way instead of as its scene file says). The exit status is 0 once the sheets ran: a garment that is skipped or
 * diverges is reported in its row.
 */
final class Bench {
    private Bench() {
    }

    static int run(String[] args, PrintStream out) {
        int steps = 30;
        int[] cells = {22, 50, 100};
        int drapeSteps = 5;
        int warmup = 60;
        boolean selfCollisions = true;
        Path garments = GarmentBench.DEFAULT_DIR;
        boolean garmentSection = true;
        int garmentSteps = 40;
        SolverOptions.ColliderContacts contacts = null;
        int[] cornerCells = null; // default: the smallest sheet
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--no-self-collisions")) {
                selfCollisions = false;
                continue;
            }
            if (args[i].equals("--contact-springs")) {
                contacts = SolverOptions.ColliderContacts.SPRINGS;
                continue;
            }
            if (args[i].equals("--contact-planes")) {
                contacts = SolverOptions.ColliderContacts.PLANES;
                continue;
            }
            if (args[i].equals("--no-garments")) {
                garmentSection = false;
                continue;
            }
            if (args[i].equals("--garments") && i + 1 < args.length) {
                garments = Path.of(args[++i]);
                continue;
            }
            if (args[i].equals("--garment-steps") && i + 1 < args.length) {
                garmentSteps = parse(args[++i], "--garment-steps");
                continue;
            }
            if (args[i].equals("--drape-steps") && i + 1 < args.length) {
                String v = args[++i];
                drapeSteps = v.equals("0") ? 0 : parse(v, "--drape-steps");
                continue;
            }
            if (args[i].equals("--warmup") && i + 1 < args.length) {
                String v = args[++i];
                warmup = v.equals("0") ? 0 : parse(v, "--warmup");
                continue;
            }
            if (args[i].equals("--corner-cells") && i + 1 < args.length) {
                String v = args[++i];
                if (v.equals("0")) {
                    cornerCells = new int[0];
                } else {
                    String[] parts = v.split(",");
                    cornerCells = new int[parts.length];
                    for (int k = 0; k < parts.length; k++) {
                        cornerCells[k] = parse(parts[k], "--corner-cells");
                    }
                }
                continue;
            }
            if (args[i].equals("--steps") && i + 1 < args.length) {
                steps = parse(args[++i], "--steps");
            } else if (args[i].equals("--cells") && i + 1 < args.length) {
                String[] parts = args[++i].split(",");
                cells = new int[parts.length];
                for (int k = 0; k < parts.length; k++) {
                    cells[k] = parse(parts[k], "--cells");
                }
            } else {
                throw new InputException("bench: unexpected argument '" + args[i] + "'");
            }
        }
        out.println("| base triangles | system rows | nnz(L) | median ms/step | GN iterations/step"
                + " | factorizations/step | worst red strain | worst max strain |");
        out.println("|---|---|---|---|---|---|---|---|");
        if (warmup > 0) {
            // JIT warm-up (as JMH does): the same scene on a small sheet, results discarded.
            ClothSolver w = hangingSheet(16);
            w.setSelfCollisions(selfCollisions);
            for (int s = 0; s < warmup; s++) {
                w.step(1.0 / 60);
            }
        }
        for (int m : cells) {
            ClothSolver solver = hangingSheet(m);
            solver.setSelfCollisions(selfCollisions);
            SheetRun r = measure(solver, steps);
            out.printf(Locale.ROOT, "| %d | %d | %d | %.1f | %.2f | %.2f | %.2e | %.2e |%n",
                    solver.model().mesh.triangleCount, solver.systemRows(), solver.cholesky().factorNonzeros(),
                    r.medianMs, r.iterations, r.factorizations, r.red, r.max);
        }
        if (cornerCells == null) {
            cornerCells = new int[] {Arrays.stream(cells).min().orElse(22)};
        }
        if (cornerCells.length > 0) {
            out.println();
            out.println("| base triangles | pinned | median ms/step | GN iterations/step | worst red strain"
                    + " | worst max strain | ratio to the edge |");
            out.println("|---|---|---|---|---|---|---|");
            for (int m : cornerCells) {
                // edge and corners alternate so that both see the same machine load
                ClothSolver edge = hangingSheet(m);
                ClothSolver corners = cornerSheet(m);
                edge.setSelfCollisions(selfCollisions);
                corners.setSelfCollisions(selfCollisions);
                SheetRun e = measure(edge, steps);
                SheetRun c = measure(corners, steps);
                int triangles = edge.model().mesh.triangleCount;
                out.printf(Locale.ROOT, "| %d | one edge | %.1f | %.2f | %.2e | %.2e | 1 |%n", triangles,
                        e.medianMs, e.iterations, e.red, e.max);
                out.printf(Locale.ROOT, "| %d | two corner nodes | %.1f | %.2f | %.2e | %.2e | %.2f |%n", triangles,
                        c.medianMs, c.iterations, c.red, c.max, c.medianMs / e.medianMs);
            }
        }
        if (drapeSteps > 0) {
            drape(drapeSteps, out);
        }
        if (garmentSection) {
            GarmentBench.run(garments, garmentSteps, contacts, out);
        }
        return 0;
    }

    /** What {@link #measure} found: median wall time, means per step and worst strains. */
    private record SheetRun(double medianMs, double iterations, double factorizations, double contacts, double red,
            double max) {
    }

    /** Steps a sheet {@code steps} times at 60 steps/s. */
    private static SheetRun measure(ClothSolver solver, int steps) {
        return measure(solver, steps, 1.0 / 60);
    }

    /** Steps a cloth {@code steps} times by {@code dt}. */
    private static SheetRun measure(ClothSolver solver, int steps, double dt) {
        ClothModel model = solver.model();
        double[] ms = new double[steps];
        long iters = 0;
        long facts = 0;
        long contacts = 0;
        double red = 0;
        double max = 0;
        for (int s = 0; s < steps; s++) {
            long t0 = System.nanoTime();
            StepResult r = solver.step(dt);
            ms[s] = (System.nanoTime() - t0) / 1e6;
            iters += r.iterations();
            facts += r.factorizations();
            contacts += r.contacts();
            red = Math.max(red, r.redStrain());
            max = Math.max(max, ClothMetrics.maxStrain(model, solver.positions()));
        }
        // The median is robust to the odd slow step (garbage collection, another process).
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        return new SheetRun(sorted[steps / 2], (double) iters / steps, (double) facts / steps,
                (double) contacts / steps, red, max);
    }

    /**
     * The benchmark sheet hanging from the two corner nodes of its far edge (x = ±0.5, z = +0.5)
     * instead of the whole edge: the tension concentrates at two nodes.
     */
    static ClothSolver cornerSheet(int m) {
        ClothSolver solver = hangingSheet(m);
        double[] x = solver.model().restPositions;
        for (int p = 0; p < solver.model().nodeCount(); p++) {
            if (solver.isPinned(p) && Math.abs(Math.abs(x[3 * p]) - 0.5) > 1e-9) {
                solver.setPinned(p, false);
            }
        }
        return solver;
    }

    /**
     * The benchmark sheet: 1 m × 1 m of m × m cells, horizontal at y = 1, its far edge (z = +0.5,
     * red and black nodes) pinned, default material and settings.
     */
    static ClothSolver hangingSheet(int m) {
        TriMesh grid = GridMesh.build(1, 1, m, m, new double[] {0, 1, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        ClothModel model = new ClothModel(grid.positions, grid.triangles, ClothMaterial.DEFAULT);
        ClothSolver solver = new ClothSolver("bench", model, SolverSettings.DEFAULT);
        double[] x = model.restPositions;
        for (int p = 0; p < model.nodeCount(); p++) {
            // grid row j = 0 lies at z = +0.5 since v̂ = −z
            if (Math.abs(x[3 * p + 2] - 0.5) < 1e-9) {
                solver.setPinned(p, true);
            }
        }
        return solver;
    }

    /**
     * The thesis's Fig. 4.5 set-up: a 1 m sheet of 100×100 cells (20,000 base triangles) on a ball
     * of radius 0.3 m spinning at 1.5 rad/s about the vertical, friction 0.5, thickness 4 mm,
     * 800 steps/s (the thesis: 100 frames/s, 8 steps per frame), coupled collisions. The sheet
     * starts 3.5 mm above the ball's top (inside the thickness) so that every measured step has contacts.
     */
    private static void drape(int steps, PrintStream out) {
        TriMesh grid = GridMesh.build(1, 1, 100, 100, new double[] {0, 0.3035, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        ClothMaterial material = ClothMaterial.DEFAULT.withFriction(0.5).withThickness(0.004);
        ClothModel model = new ClothModel(grid.positions, grid.triangles, material);
        ClothSolver solver = new ClothSolver("drape", model, new SolverSettings(Integrator.BACKWARD_EULER, 40));
        SphereCollider ball = new SphereCollider("ball", new double[3], 0.3);
        ball.setMotion(new double[3], new double[] {0, 1.5, 0});
        solver.setColliders(List.of(ball));
        SheetRun r = measure(solver, steps, 1.0 / 800);
        out.println();
        out.println("| scene | base triangles | median ms/step | GN iterations/step | contacts/step"
                + " | worst red strain | worst max strain |");
        out.println("|---|---|---|---|---|---|---|");
        out.printf(Locale.ROOT, "| drape on a rotating ball (thesis Fig. 4.5; thesis: 18.7 s/step) | %d | %.1f | %.2f"
                + " | %.0f | %.2e | %.2e |%n", model.mesh.triangleCount, r.medianMs, r.iterations, r.contacts, r.red,
                r.max);
    }

    private static int parse(String s, String flag) {
        try {
            int v = Integer.parseInt(s.trim());
            if (v < 1) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new InputException(flag + ": expected a positive integer, got '" + s + "'");
        }
    }
}
