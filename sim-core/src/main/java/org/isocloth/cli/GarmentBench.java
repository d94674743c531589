package org.isocloth.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.isocloth.InputException;
import org.isocloth.scene.SceneCloth;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.isocloth.solver.ClothMetrics;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.SimulationException;
import org.isocloth.solver.SolverOptions;
import org.isocloth.solver.StepResult;

/**
 * The garment section of {@code cloth bench}: the sample scenes {@code shirt-walk} (a shirt on
 * the walking Jaime), {@code tshirt} and {@code skirt}, each stepped from its start through
 * {@link SceneRun#stepFrame} (the code path of {@code cloth run}: colliders, pins, wind) at the
 * scene's frame rate but with <em>one</em> solver step per frame, whatever the scene's
 * {@code substeps}.
 *
 * <p>Per garment it reports the median wall time of the {@link ClothSolver#step} calls alone
 * (pin targets, wind and collider poses are set outside the timed call), the mean Gauss-Newton
 * iterations, factorizations and contacts per step, the worst red strain the steps report, the
 * worst strain over all edges ({@link ClothMetrics#maxStrain}) after each step, and how many
 * steps ended at the iteration cap. For scale it then times a hanging sheet without contacts
 * ({@link Bench#hangingSheet}, m × m cells with 2·m² closest to the garment's base triangles) for
 * the same number of steps of the same length, with cloth–cloth detection as the scene sets it,
 * and prints the ratio of the two medians: what contacts and a garment's shape cost over the
 * plain step. Both run after the bench's warm-up and the sheet rows, in the same JVM.
 *
 * <p>Each garment is then stepped again by the real-time shape matching for games
 * ({@link SolverOptions.Method#SHAPE_MATCHING}), on the same scene, after {@link #WARM_UP_ROUNDS} untimed
 * warm-up runs of the same steps (its steps take milliseconds, so without one the timing is the compiler's):
 * its row has "iterations" for its sweeps, no factorizations, and its strain as the red strain.
 *
 * <p>A missing directory or scene file, or a scene that cannot be built, is one line and the
 * garment is skipped; a step that throws {@link SimulationException} ends that garment with a row
 * saying where it diverged. Neither changes the bench's exit status.
 */
final class GarmentBench {
    /** The scenes measured, in this order. */
    static final List<String> SCENES = List.of("shirt-walk", "tshirt", "skirt");
    /** Untimed runs of a garment's steps before its shape-matching row is timed. */
    static final int WARM_UP_ROUNDS = 10;
    /** Where the launcher, run from the repository root, finds them. */
    static final Path DEFAULT_DIR = Path.of("sample-assets/src/main/resources/isocloth/scenes");

    private GarmentBench() {
    }

    /**
     * Runs the section and prints its table.
     *
     * @param dir directory holding the scene files
     * @param steps solver steps per garment (≥ 1)
     * @param contacts how every garment holds its collider contacts, or null for as its scene file
     *     says; each row names the method its garment used
     * @param out where the table goes
     */
    static void run(Path dir, int steps, SolverOptions.ColliderContacts contacts, PrintStream out) {
        out.println();
        if (!Files.isDirectory(dir)) {
            out.println("garments: skipped, no scene directory " + dir.toAbsolutePath().normalize()
                    + " (run cloth bench from the repository root, or pass --garments DIR or --no-garments)");
            return;
        }
        out.println("| garment (1 step/frame) | base triangles | median ms/step | GN iterations/step"
                + " | factorizations/step | contacts/step | worst red strain | worst max strain | unconverged steps"
                + " | sheet cells (base triangles) | sheet median ms/step | ratio |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (String name : SCENES) {
            Path file = dir.resolve(name + ".json");
            if (!Files.isRegularFile(file)) {
                out.println("| " + name + " | skipped: scene file not found: " + file.toAbsolutePath().normalize()
                        + " |");
                continue;
            }
            SceneRun run;
            SceneRun fast;
            try {
                run = oneStepPerFrame(file);
                fast = oneStepPerFrame(file);
            } catch (InputException e) {
                out.println("| " + name + " | skipped: " + cell(e.getMessage()) + " |");
                continue;
            }
            if (contacts != null) {
                for (SceneCloth c : run.cloths()) {
                    SolverOptions o = c.solver.options();
                    // planes take the thesis's friction; springs keep the scene's
                    c.solver.setOptions(o.withContacts(contacts, contacts == SolverOptions.ColliderContacts.PLANES
                            ? SolverOptions.Friction.APPROXIMATE : o.friction()));
                }
            }
            boolean springs = run.cloths().get(0).solver.contactSprings();
            boolean exact = run.cloths().get(0).solver.exactFriction();
            out.println(row(name + (exact ? " (contact springs, exact friction)" : springs ? " (contact springs)"
                    : " (contact planes)"), run, steps));
            // the same garment stepped by the real-time shape matching for games, after a warm-up
            // run of the same steps (a game steps it for minutes: its code is compiled by then)
            for (int round = 0; round < WARM_UP_ROUNDS; round++) {
                warmUp(oneStepPerFrame(file), steps);
            }
            shapeMatching(fast);
            out.println(row(name + " (shape matching)", fast, steps));
        }
    }

    private static void shapeMatching(SceneRun run) {
        for (SceneCloth c : run.cloths()) {
            c.solver.setOptions(c.solver.options().withMethod(SolverOptions.Method.SHAPE_MATCHING));
        }
    }

    /** Steps a shape-matching copy of the garment, untimed; stops quietly if it diverges. */
    private static void warmUp(SceneRun run, int steps) {
        shapeMatching(run);
        run.startFrames();
        try {
            for (int f = 1; f <= steps; f++) {
                run.stepFrame(f);
            }
        } catch (SimulationException e) {
            // the timed run reports it
        }
    }

    /** The scene as its file says, but one solver step per frame. */
    private static SceneRun oneStepPerFrame(Path file) {
        SceneSpec s = SceneReader.read(file);
        return new SceneRun(new SceneSpec(s.name(), s.file(), s.fps(), s.frames(), 1, s.gravity(), s.solver(),
                s.cloths(), s.colliders(), s.wind(), s.gust(), s.aerodynamics()));
    }

    /** Steps one garment and the comparison sheet; returns the table row. */
    private static String row(String name, SceneRun run, int steps) {
        int triangles = 0;
        for (SceneCloth c : run.cloths()) {
            triangles += c.model.mesh.triangleCount;
        }
        // per solver step call (one per cloth and frame)
        List<Double> ms = new ArrayList<>();
        long[] totals = new long[4]; // iterations, factorizations, contacts, unconverged
        double[] worst = new double[2]; // red, all edges
        run.setStepListener((cloth, r, nanos) -> {
            ms.add(nanos / 1e6);
            totals[0] += r.iterations();
            totals[1] += r.factorizations();
            totals[2] += r.contacts();
            totals[3] += r.converged() ? 0 : 1;
            worst[0] = Math.max(worst[0], r.redStrain());
            worst[1] = Math.max(worst[1], ClothMetrics.maxStrain(cloth.model, cloth.solver.positions()));
        });
        run.startFrames();
        for (int f = 1; f <= steps; f++) {
            try {
                run.stepFrame(f);
            } catch (SimulationException e) {
                return String.format(Locale.ROOT, "| %s | %d | diverged at step %d: %s |", name, triangles, f,
                        cell(e.getMessage()));
            }
        }
        int n = ms.size();
        double median = median(ms.stream().mapToDouble(Double::doubleValue).toArray());
        int m = sheetCells(triangles);
        boolean self = run.cloths().get(0).solver.selfCollisions();
        double sheet = sheetMedian(m, self, run.scene().stepDuration(), steps);
        return String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f | %.1f | %.2e | %.2e | %d | %d×%d (%d) | %.2f"
                + " | %.3f |", name, triangles, median, (double) totals[0] / n, (double) totals[1] / n,
                (double) totals[2] / n, worst[0], worst[1], totals[3], m, m, 2 * m * m, sheet, median / sheet);
    }

    /**
     * @param triangles a garment's base triangles
     * @return the m whose m × m sheet (2·m² base triangles) comes closest (the smaller m on a tie)
     */
    static int sheetCells(int triangles) {
        int m = Math.max(1, (int) Math.floor(Math.sqrt(triangles / 2.0)));
        return Math.abs(2L * (m + 1) * (m + 1) - triangles) < Math.abs(2L * m * m - triangles) ? m + 1 : m;
    }

    /** Median ms of {@code steps} steps of dt of the m × m hanging sheet (NaN if one throws). */
    private static double sheetMedian(int m, boolean selfCollisions, double dt, int steps) {
        ClothSolver solver = Bench.hangingSheet(m);
        solver.setSelfCollisions(selfCollisions);
        double[] ms = new double[steps];
        for (int s = 0; s < steps; s++) {
            long t0 = System.nanoTime();
            try {
                solver.step(dt);
            } catch (SimulationException e) {
                return Double.NaN; // printed as NaN: no comparison, and the next garment still runs
            }
            ms[s] = (System.nanoTime() - t0) / 1e6;
        }
        return median(ms);
    }

    /** The upper median, as the sheet rows take it; robust to the odd slow step. */
    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** A message as one table cell: one line, no column separator. */
    private static String cell(String message) {
        return String.valueOf(message).replaceAll("\\s*\\R\\s*", " ").replace('|', '/');
    }
}
