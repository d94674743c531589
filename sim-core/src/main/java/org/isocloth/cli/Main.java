package org.isocloth.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;
import org.isocloth.scene.PathScope;
import org.isocloth.scene.SceneCloth;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.isocloth.solver.SimulationException;
import org.isocloth.solver.SolverOptions;

/**
 * The {@code cloth} command line: {@code run} a scene headless, {@code bake} it into a cache,
 * {@code export} cached frames as OBJ or glTF, {@code bench} the solver, {@code plot} metrics or
 * {@code validate} it against physics (cantilever bending, friction, drape, air drag, the
 * integrators' energy; {@link Validate}).
 * Errors are printed as one line to standard error with a non-zero exit status.
 */
public final class Main {
    /** Exit status of a run that finished with frames that failed its checks. */
    static final int FAILED_FRAMES = 3;

    private Main() {
    }

    /**
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        if (System.getProperty("java.util.logging.config.file") == null) {
            // Quiet by default; -Djava.util.logging.config.file=... turns solver tracing on.
            Logger.getLogger("org.isocloth").setLevel(Level.WARNING);
        }
        int status = run(args, System.out, System.err);
        System.exit(status);
    }

    /**
     * Runs the command line without exiting the JVM (for tests).
     *
     * @param args arguments
     * @param out standard output
     * @param err standard error
     * @return the exit status: 0 success, 1 simulation failure, 2 bad input or usage, 3 a run
     *     that finished with failed frames (see {@link RunOutcome})
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            if (args.length == 0 || args[0].equals("help") || args[0].equals("--help")) {
                usage(out);
                return args.length == 0 ? 2 : 0;
            }
            switch (args[0]) {
                case "run":
                    return runScene(args, out, err, err == System.err && System.console() != null);
                case "bench":
                    return Bench.run(args, out);
                case "plot":
                    return Plot.run(args, out);
                case "bake":
                    return Bake.run(args, out, err, err == System.err && System.console() != null);
                case "export":
                    return Export.run(args, out);
                case "validate":
                    return Validate.run(args, out);
                default:
                    throw new InputException("unknown command '" + args[0]
                            + "' (expected run, bake, export, bench, plot, validate or help)");
            }
        } catch (InputException e) {
            err.println("cloth: error: " + e.getMessage());
            return 2;
        } catch (CommandFailure e) {
            err.println("cloth: error: " + e.getMessage());
            return e.status;
        } catch (SimulationException e) {
            err.println("cloth: simulation failed: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            String file = e instanceof java.nio.file.FileSystemException f && f.getFile() != null
                    ? org.isocloth.UserFiles.shown(f.getFile()) + ": " : "";
            err.println("cloth: error: cannot write output: " + file + org.isocloth.UserFiles.reason(e));
            return 1;
        } catch (RuntimeException | StackOverflowError e) {
            // a defect of cloth, not of the input: one line, the trace only in the FINE log
            err.println("cloth: internal error: " + org.isocloth.UserFiles.shown(e.toString())
                    + " (please report it with the command and its input)");
            Logger.getLogger(Main.class.getName()).log(Level.FINE, "internal error", e);
            return 1;
        } catch (OutOfMemoryError e) {
            err.println("cloth: out of memory (raise -Xmx via JAVA_OPTS or use a smaller mesh)");
            return 1;
        }
    }

    private static int runScene(String[] args, PrintStream out, PrintStream err, boolean tty) throws IOException {
        String scene = null;
        Path dir = null;
        int objEvery = 0;
        int checkpointEvery = 0;
        boolean resume = false;
        int stopAfter = 0;
        SolverOptions.ColliderContacts contacts = null;
        boolean exactFriction = false;
        boolean shapeMatching = false;
        PathScope scope = PathScope.SCENE_FOLDER;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--allow-outside-paths":
                    scope = PathScope.ANYWHERE;
                    break;
                case "--contact-springs":
                    contacts = SolverOptions.ColliderContacts.SPRINGS;
                    break;
                case "--contact-planes":
                    contacts = SolverOptions.ColliderContacts.PLANES;
                    break;
                case "--exact-friction":
                    exactFriction = true;
                    break;
                case "--shape-matching":
                    shapeMatching = true;
                    break;
                case "--checkpoint-every":
                    checkpointEvery = positive(value(args, ++i, "--checkpoint-every"), "--checkpoint-every");
                    break;
                case "--resume":
                    resume = true;
                    break;
                case "--stop-after":
                    stopAfter = positive(value(args, ++i, "--stop-after"), "--stop-after");
                    break;
                case "--out":
                    dir = path(value(args, ++i, "--out"), "--out");
                    break;
                case "--obj-every":
                    objEvery = positive(value(args, ++i, "--obj-every"), "--obj-every");
                    break;
                default:
                    if (args[i].startsWith("--") || scene != null) {
                        throw new InputException("run: unexpected argument '" + args[i] + "'");
                    }
                    scene = args[i];
            }
        }
        if (scene == null) {
            throw new InputException("run: missing SCENE.json (usage: cloth run SCENE.json --out DIR)");
        }
        if (dir == null) {
            throw new InputException("run: missing --out DIR");
        }
        SceneRun.checkOutput(dir);
        SceneSpec spec = SceneReader.read(path(scene, "SCENE"), scope);
        long t0 = System.nanoTime();
        SceneRun run = new SceneRun(spec);
        if (exactFriction && contacts == SolverOptions.ColliderContacts.PLANES) {
            throw new InputException("run: --exact-friction needs contact springs, not --contact-planes");
        }
        if (contacts != null || exactFriction) {
            // the options override the scene file's "colliderContacts" and "friction"
            for (SceneCloth c : run.cloths()) {
                SolverOptions o = c.solver.options();
                SolverOptions.Friction friction = exactFriction ? SolverOptions.Friction.EXACT
                        : contacts == SolverOptions.ColliderContacts.PLANES ? SolverOptions.Friction.APPROXIMATE
                        : o.friction();
                SolverOptions.ColliderContacts held = exactFriction ? SolverOptions.ColliderContacts.SPRINGS
                        : contacts != null ? contacts : o.colliderContacts();
                c.solver.setOptions(o.withContacts(held, friction));
            }
        }
        if (shapeMatching) {
            // overrides the scene file's "method"
            for (SceneCloth c : run.cloths()) {
                c.solver.setOptions(c.solver.options().withMethod(SolverOptions.Method.SHAPE_MATCHING));
            }
        }
        // progress on standard error: a bar on a terminal, a line per 10 % (or 10 s) otherwise
        Progress progress = new Progress(err, tty, "run " + spec.name(), spec.frames(), System::nanoTime);
        boolean[] first = {true};
        run.setFrameListener(f -> {
            if (first[0]) {
                progress.startAt(f - 1); // a resumed run starts after its checkpoint
                first[0] = false;
            }
            progress.update(f);
        });
        if (!run.run(dir, objEvery, checkpointEvery, resume, stopAfter)) {
            out.printf(Locale.ROOT, "%s: stopped after frame %d of %d in %.1f s; --resume continues it -> %s%n",
                    spec.name(), stopAfter, spec.frames(), (System.nanoTime() - t0) / 1e9, dir);
            return 0;
        }
        out.printf(Locale.ROOT, "%s: %d frames in %.1f s -> %s%n", spec.name(), spec.frames(),
                (System.nanoTime() - t0) / 1e9, dir);
        RunOutcome outcome = run.outcome();
        if (outcome.failed()) {
            err.println("cloth: run failed its checks: " + outcome.describe() + " (summary.json, metrics.csv)");
            return FAILED_FRAMES;
        }
        if (outcome.unconverged() > 0) {
            err.println("cloth: warning: " + outcome.describe());
        }
        return 0;
    }

    private static int positive(String v, String flag) {
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new InputException(flag + ": expected a positive integer, got '" + v + "'");
        }
        if (n < 1) {
            throw new InputException(flag + ": expected a positive integer, got " + n);
        }
        return n;
    }

    /**
     * @param text a path given on the command line
     * @param what the argument, for the message
     * @return the path
     * @throws InputException if the text is not a path on this system (a NUL character, say)
     */
    static Path path(String text, String what) {
        try {
            return Path.of(text);
        } catch (java.nio.file.InvalidPathException e) {
            throw new InputException(what + ": not a valid path " + org.isocloth.UserFiles.shown(text) + " ("
                    + e.getReason() + ")");
        }
    }

    static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new InputException(flag + ": missing value");
        }
        return args[i];
    }

    private static void usage(PrintStream out) {
        out.println("usage: cloth run SCENE.json --out DIR [--obj-every N] [--checkpoint-every N] [--resume]"
                + " [--stop-after FRAME] [--contact-springs|--contact-planes] [--exact-friction] [--shape-matching] [--allow-outside-paths]");
        out.println("       cloth bake SCENE.json --out FILE.isocache [--frames A:B] [--allow-outside-paths]   (record frames into a bake cache)");
        out.println("       cloth export CACHE --frame N|--frames A:B [--flipbook] --format obj|gltf --out PATH   (OBJ, .gltf or .glb)");
        out.println("       cloth bench [--steps N] [--warmup N] [--cells M,M,...] [--drape-steps N] [--no-self-collisions]"
                + " [--corner-cells M,M,...|0] [--garments DIR] [--garment-steps N] [--no-garments] [--contact-springs|--contact-planes]");
        out.println("       cloth plot --out FILE.png --y COLUMN [--x COLUMN] [--log] [--title TEXT]"
                + " [--hline VALUE[:LABEL]] CSV[=LABEL] ...");
        out.println("       cloth validate [--quick] [--rate N] [--membrane Y] [--only SECTION] [--plots DIR]");
        out.println("                                    (cantilever, friction, Cusick drape of the fabric presets, air drag and");
        out.println("                                     the integrators' energy, each against its reference)");
    }
}
