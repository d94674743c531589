package org.isocloth.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;
import org.isocloth.collision.Collider;
import org.isocloth.collision.MeshColliderFiles;
import org.isocloth.collision.SelfIntersections;
import org.isocloth.collision.MeshCollider;
import org.isocloth.scene.AnalyticColliderSpec;
import org.isocloth.scene.ColliderSpec;
import org.isocloth.scene.CacheColliderSpec;
import org.isocloth.scene.GltfColliderSpec;
import org.isocloth.scene.ObjColliderSpec;
import org.isocloth.mesh.GltfReader;
import org.isocloth.mesh.TriMesh;
import org.isocloth.scene.ObjSequenceSpec;
import org.isocloth.mesh.ObjWriter;
import org.isocloth.model.ClothModel;
import org.isocloth.scene.ClothSpec;
import org.isocloth.scene.SceneCloth;
import org.isocloth.scene.SceneSpec;
import org.isocloth.solver.ClothMetrics;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.SolverState;
import org.isocloth.solver.StepResult;

/**
 * Runs a scene headless and writes metrics.csv, rest.obj, final.obj, summary.json and optional
 * frame OBJs. Everything is written into a staging directory inside the output directory and
 * moved into place only when the run succeeded, so the output directory never holds half-written
 * files.
 */
public final class SceneRun {
    /** CSV header of metrics.csv. */
    public static final String HEADER =
            "frame,time,max_strain,red_strain,bending_energy,kinetic_energy,iterations,step_ms,converged,"
            + "penetrations,self_intersections,contacts";

    private static final Logger LOG = Logger.getLogger(SceneRun.class.getName());

    private final SceneSpec scene;
    private final List<SceneCloth> cloths = new ArrayList<>();
    private final List<Collider> colliders = new ArrayList<>();
    private int worstPenetrations;
    private int worstSelfIntersections;
    private double worstRed;
    private double worstMax;
    private int cappedSteps;
    private long totalIterations;
    private int steps;
    private IntConsumer frameListener;
    private StepListener stepListener;
    private RunOutcome outcome;

    /**
     * Builds every cloth of the scene (loading and validating meshes).
     *
     * @param scene the scene (not null)
     */
    public SceneRun(SceneSpec scene) {
        this.scene = scene;
        for (List<ClothSpec> together : groups(scene)) {
            if (together.size() > 1) {
                LOG.log(Level.INFO, "cloths {0} are simulated together, so they collide with each other",
                        together.stream().map(c -> "'" + c.name() + "'").toList());
            }
            cloths.add(new SceneCloth(scene, together));
        }
        if (cloths.size() > 1) {
            LOG.log(Level.INFO, "{0} groups of cloths that do not collide with each other (different materials without"
                    + " solver.collideAcrossMaterials, or different selfCollisions settings)", cloths.size());
        }
        for (ColliderSpec spec : scene.colliders()) {
            colliders.add(buildCollider(spec));
        }
        java.util.Map<String, Collider> byName = new java.util.HashMap<>();
        for (int i = 0; i < colliders.size(); i++) {
            byName.put(scene.colliders().get(i).name(), colliders.get(i));
        }
        for (SceneCloth c : cloths) {
            c.solver.setColliders(colliders);
            c.attachPins(byName);
        }
    }

    /**
     * Builds the sim-core collider a scene entry describes (analytic shape, OBJ mesh or OBJ
     * sequence, with its friction).
     *
     * @param spec the entry (not null)
     * @return a new collider
     * @throws InputException if a mesh file cannot be read
     */
    public static Collider buildCollider(ColliderSpec spec) {
        if (spec instanceof AnalyticColliderSpec a) {
            return a.build();
        }
        MeshCollider mesh;
        if (spec instanceof ObjColliderSpec o) {
            mesh = MeshColliderFiles.fromObj(o.name(), o.path());
        } else if (spec instanceof GltfColliderSpec g) {
            TriMesh m = GltfReader.read(g.path(), org.isocloth.mesh.MeshValidator.Purpose.COLLIDER).mesh;
            mesh = new MeshCollider(g.name(), m.triangles, m.positions);
        } else if (spec instanceof CacheColliderSpec c) {
            mesh = MeshColliderFiles.fromCache(c.name(), c.path(), c.loop(), c.loopFrom());
        } else if (spec instanceof ObjSequenceSpec s) {
            mesh = MeshColliderFiles.fromObjSequence(s.name(), s.pattern().toString(), s.fps());
        } else {
            throw new InputException(spec.name() + ": " + spec.kind()
                    + " colliders are not supported by this version of cloth run");
        }
        mesh.setFriction(spec.friction());
        return mesh;
    }

    /** The scene's cloths in groups simulated together ({@link SceneCloth#groups}). */
    static List<List<ClothSpec>> groups(SceneSpec scene) {
        return SceneCloth.groups(scene);
    }

    /**
     * Sets a callback run after each frame of {@link #run} has been written (and checkpointed):
     * progress display, or stopping a run by throwing.
     *
     * @param listener receives the frame number (null: none)
     */
    public void setFrameListener(IntConsumer listener) {
        this.frameListener = listener;
    }

    /**
     * Receives each {@link ClothSolver#step} call that {@link #stepFrame} makes, right after it
     * returned: {@code cloth bench} times the solver step alone with it.
     */
    @FunctionalInterface
    public interface StepListener {
        /**
         * @param cloth the cloth that was stepped
         * @param result what its step did
         * @param nanos wall time of the {@code step} call alone, ns
         */
        void stepped(SceneCloth cloth, StepResult result, long nanos);
    }

    /**
     * Sets a callback run after every solver step of {@link #stepFrame} (not timed as part of
     * the step).
     *
     * @param listener receives each cloth's step result and its wall time (null: none)
     */
    public void setStepListener(StepListener listener) {
        this.stepListener = listener;
    }

    /** @return the scene's colliders, built */
    public List<Collider> colliders() {
        return colliders;
    }

    /** @return the built cloths */
    public List<SceneCloth> cloths() {
        return cloths;
    }

    /**
     * Runs all frames and writes the outputs.
     *
     * @param out output directory (created if missing)
     * @param objEvery write frames/frame_NNNN.obj every this many frames (0: never)
     * @throws IOException if the output cannot be written (nothing half-written is left)
     */
    public void run(Path out, int objEvery) throws IOException {
        run(out, objEvery, 0, false);
    }

    /** Name of the directory inside the output directory where a resumable run works. */
    public static final String PARTIAL = ".partial";
    private static final String CHECKPOINT = RunDirectory.CHECKPOINT;

    /**
     * Runs the scene and writes the outputs, optionally resumable. With {@code checkpointEvery}
     * &gt; 0 the run works in {@code out/.partial} and, every that many frames, atomically saves
     * its state there; a run that was killed or failed keeps that directory, and the same call
     * with {@code resume} continues from its last checkpoint and gives the same results as a run
     * that was never interrupted. The finished outputs are moved into {@code out} only at the end.
     *
     * @param out output directory (created if missing)
     * @param objEvery write frames/frame_NNNN.obj every this many frames (0: never)
     * @param checkpointEvery save a checkpoint every this many frames (0: not resumable)
     * @param resume continue the unfinished run in {@code out/.partial}
     * @throws IOException if the output cannot be written (nothing half-written is left in out)
     * @throws InputException if there is nothing to resume, the checkpoint belongs to another
     *     scene, or an unfinished run would be overwritten
     */
    public void run(Path out, int objEvery, int checkpointEvery, boolean resume) throws IOException {
        run(out, objEvery, checkpointEvery, resume, 0);
    }

    /**
     * {@link #run(Path, int, int, boolean)} that may stop early: with {@code stopAfter} &gt; 0 and
     * below the scene's frame count, the run stops after that frame, saves a checkpoint there and
     * keeps its working directory, to be continued later with {@code resume} (a long run done in
     * parts). Nothing is published into {@code out} until the last frame is done.
     *
     * @param out output directory (created if missing)
     * @param objEvery write frames/frame_NNNN.obj every this many frames (0: never)
     * @param checkpointEvery save a checkpoint every this many frames (0: only where it stops)
     * @param resume continue the unfinished run in {@code out/.partial}
     * @param stopAfter the last frame to simulate in this call (0: the scene's last frame)
     * @return whether the run finished (false: it stopped after {@code stopAfter}, resumable)
     * @throws IOException if the output cannot be written (nothing half-written is left in out)
     * @throws InputException as {@link #run(Path, int, int, boolean)}, and if {@code stopAfter}
     *     is negative or not after the checkpoint being resumed
     */
    public boolean run(Path out, int objEvery, int checkpointEvery, boolean resume, int stopAfter)
            throws IOException {
        if (stopAfter < 0) {
            throw new InputException("--stop-after: expected a frame number of at least 1 (got " + stopAfter + ")");
        }
        boolean stops = stopAfter > 0 && stopAfter < scene.frames();
        Files.createDirectories(out);
        boolean resumable = checkpointEvery > 0 || resume || stops;
        Path partial = out.resolve(PARTIAL);
        String fingerprint = Checkpoint.fingerprint(scene);
        Checkpoint from = null;
        if (resume) {
            String publishing = RunDirectory.publishing(partial);
            if (publishing != null) {
                // stopped while moving its finished outputs into place: finish that
                if (!publishing.equals(fingerprint)) {
                    throw new InputException(partial + ": the finished run there is of a different scene (or a "
                            + "changed version of this one); delete that directory to start again");
                }
                Path metrics = partial.resolve("metrics.csv");
                outcome = RunOutcome.of(Files.exists(metrics) ? metrics : out.resolve("metrics.csv"),
                        largestStrainTolerance());
                RunDirectory.publish(partial, out, fingerprint);
                return true;
            }
            Path file = partial.resolve(CHECKPOINT);
            if (!Files.isRegularFile(file)) {
                throw new InputException(out + ": nothing to resume (no " + PARTIAL + "/" + CHECKPOINT
                        + "; a run saves checkpoints with --checkpoint-every N)");
            }
            from = Checkpoint.read(file);
            if (!from.sceneFingerprint().equals(fingerprint)) {
                throw new InputException(file + ": the checkpoint was written for a different scene (or a changed "
                        + "version of this one); run it afresh after deleting " + partial);
            }
            if (stops && stopAfter <= from.frame()) {
                throw new InputException("--stop-after " + stopAfter + ": the run to resume has already reached frame "
                        + from.frame());
            }
            if (from.cloths().size() != cloths.size()) {
                throw new InputException(file + ": the checkpoint holds " + from.cloths().size()
                        + " cloths, the scene has " + cloths.size());
            }
            Path metrics = partial.resolve("metrics.csv");
            if (!Files.isRegularFile(metrics) || Files.size(metrics) < from.metricsBytes()
                    || Checkpoint.crcOf(metrics, from.metricsBytes()) != from.metricsCrc()) {
                throw new InputException(metrics + ": missing, or not the metrics its checkpoint continues (length "
                        + "or checksum differ); delete " + partial + " and run the scene afresh");
            }
        } else if (resumable && (Files.exists(partial.resolve(CHECKPOINT))
                || Files.exists(partial.resolve(RunDirectory.COMPLETE)))) {
            throw new InputException(out + " holds an unfinished run (" + partial + "): continue it with --resume, "
                    + "or delete that directory to start again");
        }
        Path staging;
        if (resumable) {
            if (from == null) {
                RunDirectory.deleteTree(partial); // leftovers of a run killed before its first checkpoint
            }
            Files.createDirectories(partial);
            staging = partial;
        } else {
            staging = RunDirectory.newStaging(out);
        }
        boolean done = false;
        try {
            if (!runInto(staging, objEvery, checkpointEvery, from, stops ? stopAfter : scene.frames())) {
                return false; // stopped early: the checkpoint and the partial outputs stay in staging
            }
            RunDirectory.publish(staging, out, fingerprint);
            done = true;
        } finally {
            if (!done && (!resumable || !Files.exists(partial.resolve(CHECKPOINT)))) {
                RunDirectory.deleteTree(staging); // not resumable, or stopped before its first checkpoint
            } else if (!done) {
                LOG.log(stops ? Level.INFO : Level.WARNING, "{0}: the unfinished run is kept in {1}; ''--resume'' "
                        + "continues it from its last checkpoint", new Object[] {scene.name(), partial});
            }
        }
        return true;
    }

    /**
     * @return the outcome of the last finished {@link #run}, or null before one finished
     */
    public RunOutcome outcome() {
        return outcome;
    }

    /** @return the largest strain tolerance of the scene's cloths (the failure bound is relative to it) */
    double largestStrainTolerance() {
        double t = 0;
        for (SceneCloth c : cloths) {
            t = Math.max(t, c.model.material.strainTolerance());
        }
        return t;
    }

    /** Simulates up to frame {@code last}; returns whether that is the scene's last frame. */
    private boolean runInto(Path dir, int objEvery, int checkpointEvery, Checkpoint from, int last)
            throws IOException {
        Path metrics = dir.resolve("metrics.csv");
        int first = 1;
        // the rest mesh depends on the scene only: written again on resume, in case it was lost
        writeObj(dir.resolve("rest.obj"), true);
        if (from != null) {
            // back to the checkpoint: metrics rows and frame files written after it are dropped
            try (FileChannel ch = FileChannel.open(metrics, StandardOpenOption.WRITE)) {
                if (ch.size() < from.metricsBytes()) {
                    throw new InputException(metrics + ": shorter than its checkpoint says (" + ch.size() + " < "
                            + from.metricsBytes() + " bytes)");
                }
                ch.truncate(from.metricsBytes());
            }
            restore(from);
            first = from.frame() + 1;
        }
        Path frames = dir.resolve("frames");
        if (objEvery > 0) {
            Files.createDirectories(frames);
        }
        if (from != null) {
            // a run killed while writing a file leaves its temporary file: the directory is ours
            RunDirectory.deleteTemporaryFiles(dir);
            if (Files.isDirectory(frames)) {
                RunDirectory.deleteTemporaryFiles(frames);
                for (int f = first; f <= scene.frames(); f++) {
                    Files.deleteIfExists(frames.resolve(frameName(f)));
                }
            }
        }
        double dtFrame = 1.0 / scene.fps();
        // the CRC-32 of metrics.csv so far, kept up to date as rows are written, for checkpoints
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        if (from != null) {
            crc.update(Files.readAllBytes(metrics)); // the rows up to the checkpoint, read once
        }
        java.util.zip.CheckedOutputStream counted = new java.util.zip.CheckedOutputStream(from == null
                ? Files.newOutputStream(metrics) : Files.newOutputStream(metrics, StandardOpenOption.APPEND), crc);
        try (BufferedWriter csv = new BufferedWriter(new java.io.OutputStreamWriter(counted, StandardCharsets.UTF_8))) {
            if (from == null) {
                csv.write(HEADER);
                csv.newLine();
                startFrames();
                writeRow(csv, 0, 0, 0, 0, true, 0);
                if (objEvery > 0) {
                    writeObj(frames.resolve(frameName(0)), false);
                }
            }
            for (int f = first; f <= last; f++) {
                FrameStep r = stepFrame(f);
                writeRow(csv, f, f * dtFrame, r.iterations(), r.milliseconds(), r.converged(), r.contacts());
                csv.flush(); // a long run can be followed with tail -f
                if (objEvery > 0 && f % objEvery == 0) {
                    writeObj(frames.resolve(frameName(f)), false);
                }
                if (f < scene.frames() && (checkpointEvery > 0 && f % checkpointEvery == 0 || f == last)) {
                    checkpoint(f, Files.size(metrics), crc.getValue()).write(dir.resolve(CHECKPOINT));
                }
                if (frameListener != null) {
                    frameListener.accept(f);
                }
            }
        }
        if (last < scene.frames()) {
            return false;
        }
        writeObj(dir.resolve("final.obj"), false);
        outcome = RunOutcome.of(metrics, largestStrainTolerance());
        writeSummary(dir.resolve("summary.json"));
        return true;
    }

    private static String frameName(int f) {
        return String.format(Locale.ROOT, "frame_%04d.obj", f);
    }

    private Checkpoint checkpoint(int frame, long metricsBytes, long metricsCrc) {
        List<SolverState> states = new ArrayList<>();
        for (SceneCloth c : cloths) {
            states.add(c.solver.snapshot());
        }
        return new Checkpoint(Checkpoint.fingerprint(scene), frame, metricsBytes, metricsCrc,
                new Checkpoint.Totals(worstPenetrations, worstSelfIntersections, worstRed, worstMax, cappedSteps,
                        totalIterations, steps), states);
    }

    private void restore(Checkpoint from) {
        for (int i = 0; i < cloths.size(); i++) {
            try {
                cloths.get(i).solver.restore(from.cloths().get(i));
            } catch (IllegalArgumentException e) {
                throw new InputException("checkpoint: " + e.getMessage());
            }
        }
        Checkpoint.Totals t = from.totals();
        worstPenetrations = t.worstPenetrations();
        worstSelfIntersections = t.worstSelfIntersections();
        worstRed = t.worstRed();
        worstMax = t.worstMax();
        cappedSteps = t.cappedSteps();
        totalIterations = t.totalIterations();
        steps = t.steps();
        double dtFrame = 1.0 / scene.fps();
        double dt = dtFrame / scene.substeps();
        int f = from.frame();
        // the colliders as stepFrame(f) left them
        if (f == 0) {
            startFrames();
        } else {
            placeColliders(f * dtFrame - dt, f * dtFrame);
        }
    }

    /**
     * What one frame of stepping did.
     *
     * @param iterations Gauss-Newton iterations of all cloths and substeps
     * @param contacts contacts of all cloths and substeps
     * @param converged whether every step converged within the iteration cap
     * @param milliseconds wall time of the steps
     */
    public record FrameStep(int iterations, int contacts, boolean converged, double milliseconds) {
    }

    /**
     * Advances every cloth from frame f − 1 to frame f (the scene's substeps, pins moved to their
     * targets at the end of each substep), then puts the colliders at their end-of-frame pose.
     * Frames must be stepped in order 1, 2, ...; frame 0 is the initial state. {@code cloth run}
     * and {@code cloth bake} both step through this method, so they compute the same positions.
     *
     * @param f the frame to reach (≥ 1)
     * @return the frame's iterations, contacts, convergence and wall time
     * @throws org.isocloth.solver.SimulationException if a step fails
     */
    public FrameStep stepFrame(int f) {
        double dtFrame = 1.0 / scene.fps();
        int sub = scene.substeps();
        double dt = dtFrame / sub;
        int iterations = 0;
        int contacts = 0;
        boolean converged = true;
        long t0 = System.nanoTime();
        for (int s = 0; s < sub; s++) {
            double tEnd = ((f - 1) * sub + s + 1) * dt;
            if (!scene.gust().isSteady()) {
                // the wind of the step's middle, as the jME plugin's ClothAppState takes it
                double[] w = scene.windAt(tEnd - 0.5 * dt);
                for (SceneCloth c : cloths) {
                    c.solver.setWind(w);
                }
            }
            for (SceneCloth c : cloths) {
                c.setPinTargets(tEnd);
                long s0 = System.nanoTime();
                StepResult r = c.solver.step(dt);
                if (stepListener != null) {
                    stepListener.stepped(c, r, System.nanoTime() - s0);
                }
                iterations += r.iterations();
                contacts += r.contacts();
                totalIterations += r.iterations();
                steps++;
                if (!r.converged()) {
                    converged = false;
                    cappedSteps++;
                }
            }
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        placeColliders(f * dtFrame - dt, f * dtFrame);
        return new FrameStep(iterations, contacts, converged, ms);
    }

    /** Puts the colliders at their pose of frame 0 (before the first {@link #stepFrame}). */
    public void startFrames() {
        placeColliders(0, 0);
    }

    /** @return the scene */
    public SceneSpec scene() {
        return scene;
    }

    /** Puts the colliders at their end-of-frame pose for the metrics. */
    private void placeColliders(double t0, double t1) {
        for (Collider c : colliders) {
            c.setInterval(t0, t1);
        }
    }

    /**
     * Cloth nodes strictly inside a collider at its current pose: an exact check with
     * {@link Collider#contains}, independent of the collision response.
     */
    private int penetrations() {
        int count = 0;
        for (SceneCloth c : cloths) {
            double[] x = c.solver.positions();
            for (int p = 0; p < c.model.nodeCount(); p++) {
                for (Collider col : colliders) {
                    if (col.contains(x[3 * p], x[3 * p + 1], x[3 * p + 2])) {
                        count++;
                        break;
                    }
                }
            }
        }
        return count;
    }

    /**
     * The checks of the current frame that decide whether it failed ({@link RunOutcome}).
     *
     * @param redStrain worst red strain over the isometric cloths
     * @param penetrations cloth nodes strictly inside a collider
     * @param intersections crossing pairs of cloth triangles
     * @param finite whether every node position is finite
     */
    record FrameCheck(double redStrain, int penetrations, int intersections, boolean finite) {
    }

    /**
     * Whether a cloth's red edges are held by the isometric solver's constraints, so that their
     * strain is an error: not for a stretchable cloth (its edges stretch by design) nor for one
     * stepped by shape matching (its strain is the method's, reported by max_strain).
     */
    private static boolean held(SceneCloth c) {
        return !c.model.material.stretchable()
                && c.solver.options().method() == org.isocloth.solver.SolverOptions.Method.ISOMETRIC;
    }

    /** @return the checks of the frame the cloths are at now */
    FrameCheck check() {
        double red = 0;
        boolean finite = true;
        for (SceneCloth c : cloths) {
            double[] x = c.solver.positions();
            if (held(c)) {
                red = Math.max(red, ClothMetrics.redStrain(c.model, x));
            }
            finite &= ClothMetrics.allFinite(x);
        }
        return new FrameCheck(red, penetrations(), intersections(), finite);
    }

    private void writeRow(BufferedWriter csv, int frame, double time, int iterations, double ms, boolean converged,
            int contacts) throws IOException {
        double maxStrain = 0;
        double red = 0;
        double bend = 0;
        double kin = 0;
        for (SceneCloth c : cloths) {
            double[] x = c.solver.positions();
            maxStrain = Math.max(maxStrain, ClothMetrics.maxStrain(c.model, x));
            if (held(c)) {
                red = Math.max(red, ClothMetrics.redStrain(c.model, x));
            }
            bend += c.model.bendingEnergy(x);
            kin += ClothMetrics.kineticEnergy(c.model, c.solver.velocities());
        }
        worstRed = Math.max(worstRed, red);
        worstMax = Math.max(worstMax, maxStrain);
        int pen = penetrations();
        worstPenetrations = Math.max(worstPenetrations, pen);
        int selfInt = intersections();
        worstSelfIntersections = Math.max(worstSelfIntersections, selfInt);
        csv.write(String.format(Locale.ROOT, "%d,%.6f,%.6e,%.6e,%.6e,%.6e,%d,%.3f,%b,%d,%d,%d", frame, time, maxStrain,
                red, bend, kin, iterations, ms, converged, pen, selfInt, contacts));
        csv.newLine();
    }

    /**
     * Intersecting pairs of triangles of the subdivided meshes that share no node, within a cloth
     * or between two cloths: an exact check over all cloths' triangles at once, independent of
     * the collision response (cloths are not handled against each other, so a scene whose cloths
     * meet shows it here).
     */
    private int intersections() {
        if (cloths.size() == 1) {
            SceneCloth c = cloths.get(0);
            return SelfIntersections.count(c.model.mesh.fineTriangles, c.solver.positions());
        }
        int nodes = 0;
        int corners = 0;
        for (SceneCloth c : cloths) {
            nodes += c.model.nodeCount();
            corners += c.model.mesh.fineTriangles.length;
        }
        double[] x = new double[3 * nodes];
        int[] tri = new int[corners];
        int nodeOff = 0;
        int cornerOff = 0;
        for (SceneCloth c : cloths) {
            double[] p = c.solver.positions();
            System.arraycopy(p, 0, x, 3 * nodeOff, p.length);
            for (int v : c.model.mesh.fineTriangles) {
                tri[cornerOff++] = v + nodeOff;
            }
            nodeOff += c.model.nodeCount();
        }
        return SelfIntersections.count(tri, x);
    }

    /**
     * Writes every cloth's subdivided mesh (rest or current positions) into one OBJ, one cloth
     * after the other (cloths simulated together as their own pieces, as a bake holds them).
     */
    private void writeObj(Path file, boolean rest) throws IOException {
        List<double[]> xs = new ArrayList<>();
        List<SceneCloth.Piece> pieces = new ArrayList<>();
        for (SceneCloth c : cloths) {
            for (SceneCloth.Piece p : c.pieces()) {
                pieces.add(p);
                xs.add(p.positions(rest ? c.model.restPositions : c.solver.positions()));
            }
        }
        int nodes = 0;
        int corners = 0;
        int uvCount = 0;
        boolean allUv = true;
        for (SceneCloth.Piece p : pieces) {
            nodes += p.nodes().length;
            corners += p.fineTriangles().length;
            if (p.uvs() == null) {
                allUv = false;
            } else {
                uvCount += p.uvs().length / 2;
            }
        }
        double[] pos = new double[3 * nodes];
        int[] tri = new int[corners];
        double[] uvs = allUv ? new double[2 * uvCount] : new double[0];
        int[] triUv = allUv ? new int[corners] : null;
        int nodeOff = 0;
        int cornerOff = 0;
        int uvOff = 0;
        for (int k = 0; k < pieces.size(); k++) {
            SceneCloth.Piece p = pieces.get(k);
            System.arraycopy(xs.get(k), 0, pos, 3 * nodeOff, xs.get(k).length);
            int[] ft = p.fineTriangles();
            for (int i = 0; i < ft.length; i++) {
                tri[cornerOff + i] = ft[i] + nodeOff;
                if (allUv) {
                    triUv[cornerOff + i] = p.triangleUvs()[i] + uvOff;
                }
            }
            if (allUv) {
                System.arraycopy(p.uvs(), 0, uvs, 2 * uvOff, p.uvs().length);
                uvOff += p.uvs().length / 2;
            }
            nodeOff += p.nodes().length;
            cornerOff += ft.length;
        }
        ObjWriter.write(file, pos, tri, uvs, triUv);
    }

    private void writeSummary(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("scene", scene.name());
        root.put("frames", scene.frames());
        root.put("steps", steps);
        ArrayNode arr = root.putArray("cloths");
        for (SceneCloth c : cloths) {
            ClothModel m = c.model;
            ObjectNode o = arr.addObject();
            o.put("name", c.name);
            o.put("baseTriangles", m.mesh.triangleCount);
            o.put("baseVertices", m.mesh.vertexCount);
            o.put("baseEdges", m.mesh.edgeCount);
            o.put("nodes", m.nodeCount());
            o.put("redNodes", m.mesh.edgeCount);
            o.put("blackNodes", m.mesh.vertexCount);
            o.put("subdividedTriangles", m.mesh.fineTriangles.length / 3);
            ObjectNode cons = o.putObject("constraints");
            cons.put("inextensibility", m.inextRest.length);
            cons.put("conforming", m.conformingCount);
            cons.put("boundary", m.linearCount() - m.conformingCount);
            cons.put("scalarRows", m.constraintRowCount());
            o.put("membraneSprings", m.springRest.length);
            o.put("membraneStiffness", m.material.membraneStiffness());
            o.put("bendingNodes", m.bendNode.length);
            o.put("systemRows", c.solver.systemRows());
            o.put("systemNonzerosLower", c.solver.systemNonzeros());
            o.put("pinnedNodes", c.pinNodes.stream().mapToInt(p -> p.length).sum());
            ArrayNode w = o.putArray("warnings");
            c.warnings.forEach(w::add);
        }
        root.put("worstRedStrain", worstRed);
        root.put("worstMaxStrain", worstMax);
        root.put("colliders", colliders.size());
        root.put("worstPenetrations", worstPenetrations);
        root.put("worstSelfIntersections", worstSelfIntersections);
        root.put("hitIterationCap", cappedSteps > 0);
        root.put("stepsAtIterationCap", cappedSteps);
        root.put("meanIterationsPerStep", steps == 0 ? 0 : (double) totalIterations / steps);
        outcome.writeTo(root);
        Files.writeString(file, mapper.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
    }

    /**
     * Checks that the output directory can be used before anything is simulated.
     *
     * @param out the output directory
     */
    static void checkOutput(Path out) {
        if (out.toString().isBlank()) {
            throw new InputException("--out: empty directory name (give the directory for the outputs)");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new InputException(out + ": --out must be a directory, but a file of that name exists");
        }
    }
}
