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
import org.isocloth.cache.AtomicFiles;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheWriter;
import org.isocloth.scene.SceneCloth;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;

/**
 * {@code cloth bake SCENE.json --out FILE.isocache [--frames A:B]}: runs a scene like
 * {@code cloth run} (same loading and stepping, {@link SceneRun#stepFrame}) and records the node
 * positions of every cloth in scene frames A..B (default 0..frames) into a bake cache. The cache
 * is written to a temporary file and moved into place only when complete; a failure, an exception
 * or the JVM shutting down (Ctrl-C, SIGTERM) deletes it.
 */
public final class Bake {
    private Bake() {
    }

    /** What a bake did. */
    public record Result(int frames, long bytes, int cappedSteps, double seconds) {
    }

    static int run(String[] args, PrintStream out, PrintStream err, boolean tty) {
        String scene = null;
        Path file = null;
        int[] range = null;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--out":
                    file = Path.of(Main.value(args, ++i, "--out"));
                    break;
                case "--frames":
                    range = parseRange(Main.value(args, ++i, "--frames"), "--frames");
                    break;
                default:
                    if (args[i].startsWith("--") || scene != null) {
                        throw new InputException("bake: unexpected argument '" + args[i] + "'");
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
        if (Files.isDirectory(file)) {
            throw new InputException(file + ": --out must be a file, but a directory of that name exists");
        }
        SceneSpec spec = SceneReader.read(Path.of(scene));
        int from = range == null ? 0 : range[0];
        int to = range == null ? spec.frames() : range[1];
        if (to > spec.frames()) {
            throw new InputException("--frames " + from + ":" + to + ": " + spec.file() + " has frames 0.."
                    + spec.frames());
        }
        SceneRun sim = new SceneRun(spec);
        Progress progress = new Progress(err, tty, "bake " + spec.name(), to, System::nanoTime);
        Result r = bake(sim, file, from, to, f -> progress.update(f));
        out.printf(Locale.ROOT, "%s: frames %d..%d (%d frames, %d cloth%s) in %.1f s -> %s (%s)%s%n", spec.name(), from,
                to, r.frames(), sim.scene().cloths().size(), sim.scene().cloths().size() == 1 ? "" : "s", r.seconds(), file,
                size(r.bytes()), r.cappedSteps() > 0 ? "; " + r.cappedSteps() + " steps hit the iteration cap" : "");
        return 0;
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
     * @throws CommandFailure (status 1) if writing fails later
     * @throws org.isocloth.solver.SimulationException if the simulation fails
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
                throw new IOException(file + ": cannot create directory " + dir + ": " + AtomicFiles.reason(e), e);
            }
            writer = CacheWriter.create(file, sim.scene().fps(), from, cloths);
        } catch (IOException e) {
            throw new InputException(e.getMessage(), e);
        }
        // Ctrl-C or SIGTERM: the JVM runs shutdown hooks; delete the temporary file.
        Thread hook = new Thread(writer::abort, "isocloth-bake-abort");
        Runtime.getRuntime().addShutdownHook(hook);
        int capped = 0;
        try {
            double[][] x = new double[pieces.size()][];
            sim.startFrames();
            for (int f = 0; f <= to; f++) {
                if (f > 0 && !sim.stepFrame(f).converged()) {
                    capped++;
                }
                if (f >= from) {
                    for (int c = 0; c < x.length; c++) {
                        x[c] = pieces.get(c).positions(owner.get(c).solver.positions());
                    }
                    writer.appendFrame(x);
                }
                afterFrame.accept(f);
            }
            writer.finish();
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
        return new Result(writer.framesWritten(), bytes, capped, (System.nanoTime() - t0) / 1e9);
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
            throw new InputException(flag + ": expected A:B (frame numbers), got '" + v + "'");
        }
        int a;
        int b;
        try {
            a = Integer.parseInt(parts[0].strip());
            b = parts.length == 2 ? Integer.parseInt(parts[1].strip()) : a;
        } catch (NumberFormatException e) {
            throw new InputException(flag + ": expected A:B (frame numbers), got '" + v + "'");
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
