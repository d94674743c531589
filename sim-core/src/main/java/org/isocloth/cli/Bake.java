package org.isocloth.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;
import org.isocloth.InputException;
import org.isocloth.UserFiles;
import org.isocloth.cache.AtomicFiles;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheWriter;
import org.isocloth.scene.SceneCloth;
import org.isocloth.scene.PathScope;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.isocloth.solver.SimulationException;

/**
 * {@code cloth bake SCENE.json --out FILE.isocache [--frames A:B]}: runs a scene like
 * {@code cloth run} (same loading and stepping, {@link SceneRun#stepFrame}) and records the node
 * positions of every cloth in scene frames A..B (default 0..frames) into a bake cache. The cache
 * is written to a temporary file and moved into place only when complete; a failure, an exception
 * or the JVM shutting down (Ctrl-C, SIGTERM) deletes it, and an existing cache of that name stays
 * as it was. Temporary files of the same target left by bakes that were killed are deleted
 * ({@link AtomicFiles#removeStale}).
 */
public final class Bake {
    private Bake() {
    }

    /**
     * What a bake did.
     *
     * @param frames frames written
     * @param bytes size of the cache
     * @param cappedSteps steps that ended at the iteration cap
     * @param seconds wall time
     * @param outcome the checks of the stepped frames, as {@code cloth run} reports them
     */
    public record Result(int frames, long bytes, int cappedSteps, double seconds, RunOutcome outcome) {
    }

    static int run(String[] args, PrintStream out, PrintStream err, boolean tty) {
        String scene = null;
        Path file = null;
        int[] range = null;
        PathScope scope = PathScope.SCENE_FOLDER;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--allow-outside-paths":
                    scope = PathScope.ANYWHERE;
                    break;
                case "--out":
                    file = Main.path(Main.value(args, ++i, "--out"), "--out");
                    break;
                case "--frames":
                    range = parseRange(Main.value(args, ++i, "--frames"), "--frames");
                    break;
                default:
                    if (args[i].startsWith("--") || scene != null) {
                        throw new InputException("bake: unexpected argument '" + UserFiles.shown(args[i]) + "'");
                    }
                    scene = args[i];
            }
        }
        if (scene == null) {
            throw new InputException("bake: missing SCENE.json (usage: cloth bake SCENE.json --out FILE.isocache"
                    + " [--frames A:B])");
        }
        if (file == null) {
            throw new InputException("bake: missing --out FILE.isocache");
        }
        Path scenePath = Main.path(scene, "SCENE");
        checkOut(file, scenePath, "scene");
        SceneSpec spec = SceneReader.read(scenePath, scope);
        int from = range == null ? 0 : range[0];
        int to = range == null ? spec.frames() : range[1];
        if (to > spec.frames()) {
            throw new InputException("--frames " + from + ":" + to + ": " + UserFiles.shown(spec.file())
                    + " has frames 0.." + spec.frames());
        }
        SceneRun sim = new SceneRun(spec);
        Progress progress = new Progress(err, tty, "bake " + spec.name(), to, System::nanoTime);
        Result r = bake(sim, file, from, to, f -> progress.update(f));
        out.printf(Locale.ROOT, "%s: frames %d..%d (%d frames, %d cloth%s) in %.1f s -> %s (%s)%s%n", spec.name(), from,
                to, r.frames(), sim.scene().cloths().size(), sim.scene().cloths().size() == 1 ? "" : "s", r.seconds(),
                UserFiles.shown(file),
                size(r.bytes()), r.cappedSteps() > 0 ? "; " + r.cappedSteps() + " steps hit the iteration cap" : "");
        if (r.outcome().failed()) {
            err.println("cloth: bake failed its checks: " + r.outcome().describe());
            return Main.FAILED_FRAMES;
        }
        if (r.outcome().unconverged() > 0) {
            err.println("cloth: warning: " + r.outcome().describe());
        }
        return 0;
    }

    /**
     * Checks an output file given with --out before any work: it must not exist as a directory,
     * pipe, socket or device, and must not be the input file (replacing it would lose the input).
     *
     * @param file the output
     * @param input the input file
     * @param inputWhat what the input is, for the message ("scene", "cache")
     * @throws InputException naming the file and the reason
     */
    static void checkOut(Path file, Path input, String inputWhat) {
        try {
            AtomicFiles.checkTarget(file);
        } catch (IOException e) {
            throw new InputException("--out " + e.getMessage(), e);
        }
        boolean same;
        try {
            same = Files.exists(file) && Files.exists(input) ? Files.isSameFile(file, input)
                    : file.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize());
        } catch (IOException e) {
            same = false; // the read of the input or the write of the output reports the problem
        }
        if (same) {
            throw new InputException("--out " + UserFiles.shown(file) + ": is the " + inputWhat
                    + " file itself; writing it would replace the input");
        }
    }

    /**
     * Steps a scene to frame {@code to} and writes scene frames {@code from..to} of every cloth to a
     * cache. Nothing is left under {@code file}'s name unless the whole bake succeeds.
     *
     * @param sim a freshly built scene (not yet stepped)
     * @param file the cache file (its directory is created if missing)
     * @param from first frame to record (0 = the initial state)
     * @param to last frame to record (≥ from)
     * @param afterFrame called with f after frame f (0..to) has been simulated and, when f ≥ from,
     *     recorded (progress reports; an exception from it aborts the bake)
     * @return the frame count, file size, steps at the iteration cap and wall time
     * @throws InputException if the output cannot be created (before anything is simulated)
     * @throws CommandFailure (status 1) if writing fails later, or (status 130) if the JVM shuts
     *     down (Ctrl-C, SIGTERM) during the bake: a shutdown hook then stops the writer and deletes
     *     its temporary file
     * @throws SimulationException if the simulation fails or gives a position that is not finite
     */
    static Result bake(SceneRun sim, Path file, int from, int to, IntConsumer afterFrame) {
        long t0 = System.nanoTime();
        // one mesh per cloth of the scene, cloths simulated together included
        List<CacheCloth> cloths = new ArrayList<>();
        List<SceneCloth> owner = new ArrayList<>();
        List<SceneCloth.Piece> pieces = new ArrayList<>();
        for (SceneCloth c : sim.cloths()) {
            for (SceneCloth.Piece p : c.pieces()) {
                cloths.add(new CacheCloth(p.name(), p.nodes().length, p.fineTriangles(), p.uvs(), p.triangleUvs()));
                owner.add(c);
                pieces.add(p);
            }
        }
        CacheWriter writer;
        try {
            Path dir = file.toAbsolutePath().getParent();
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new IOException(UserFiles.shown(file) + ": cannot create directory " + UserFiles.shown(dir) + ": "
                        + AtomicFiles.reason(e), e);
            }
            writer = CacheWriter.create(file, sim.scene().fps(), from, cloths);
        } catch (IOException e) {
            throw new InputException(e.getMessage(), e);
        }
        // Ctrl-C or SIGTERM: the JVM runs shutdown hooks while this thread goes on until the JVM
        // halts. The hook stops the writer and deletes the temporary file; this thread's next
        // appendFrame or finish then throws AbortedException, reported as an interruption.
        Thread hook = new Thread(writer::abort, "isocloth-bake-abort");
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down (a signal during the scene's loading)
            writer.abort();
            throw interrupted(file, e);
        }
        int capped = 0;
        RunOutcome.Tally tally = new RunOutcome.Tally(sim.largestStrainTolerance());
        try {
            double[][] x = new double[pieces.size()][];
            sim.startFrames();
            for (int f = 0; f <= to; f++) {
                if (f > 0) {
                    boolean converged = sim.stepFrame(f).converged();
                    if (!converged) {
                        capped++;
                    }
                    SceneRun.FrameCheck check = sim.check();
                    tally.add(f, check.redStrain(), converged, check.penetrations(), check.intersections(),
                            check.finite());
                }
                if (f >= from) {
                    for (int c = 0; c < x.length; c++) {
                        x[c] = pieces.get(c).positions(owner.get(c).solver.positions());
                        requireFinite(file, f, cloths.get(c).name(), x[c]);
                    }
                    writer.appendFrame(x);
                }
                afterFrame.accept(f);
            }
            writer.finish();
        } catch (CacheWriter.AbortedException e) {
            throw interrupted(file, e);
        } catch (IOException e) {
            throw new CommandFailure(1, e.getMessage(), e);
        } finally {
            writer.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down: the hook runs anyway
            }
        }
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException e) {
            bytes = writer.bytesWritten();
        }
        return new Result(writer.framesWritten(), bytes, capped, (System.nanoTime() - t0) / 1e9, tally.outcome());
    }

    private static CommandFailure interrupted(Path file, Exception cause) {
        return new CommandFailure(130, "bake interrupted; " + UserFiles.shown(file) + " was not written"
                + " (an existing file of that name is unchanged)", cause);
    }

    /**
     * Checks the positions of one cloth before they are recorded: a cache holds finite float32
     * values only ({@link CacheWriter#appendFrame}).
     *
     * @param file the cache being written, for the message
     * @param frame the scene frame
     * @param cloth the cloth's name
     * @param x its positions, 3 per node
     * @throws SimulationException naming the cache, the frame, the cloth, the node and the value
     *     if a value is NaN or infinite as a float
     */
    static void requireFinite(Path file, int frame, String cloth, double[] x) {
        int i = CacheWriter.firstNonFinite(x);
        if (i >= 0) {
            throw new SimulationException(UserFiles.shown(file) + ": not written: frame " + frame + ", cloth '"
                    + UserFiles.shown(cloth) + "': node " + i / 3 + " coordinate " + "xyz".charAt(i % 3) + " is "
                    + x[i] + " (the simulation diverged)");
        }
    }

    /**
     * Parses "A:B" (0 ≤ A ≤ B) or "N" (= N:N).
     *
     * @param v the text
     * @param flag the flag, for messages
     * @return {A, B}
     */
    static int[] parseRange(String v, String flag) {
        String[] parts = v.split(":", -1);
        if (parts.length > 2) {
            throw new InputException(flag + ": expected A:B (frame numbers), got '" + UserFiles.shown(v) + "'");
        }
        int a;
        int b;
        try {
            a = Integer.parseInt(parts[0].strip());
            b = parts.length == 2 ? Integer.parseInt(parts[1].strip()) : a;
        } catch (NumberFormatException e) {
            throw new InputException(flag + ": expected A:B (frame numbers), got '" + UserFiles.shown(v) + "'");
        }
        if (a < 0 || b < a) {
            throw new InputException(flag + ": expected 0 <= A <= B, got " + a + ":" + b);
        }
        return new int[] {a, b};
    }

    static String size(long bytes) {
        if (bytes < 10_000) {
            return bytes + " bytes";
        }
        if (bytes < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f kB", bytes / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
