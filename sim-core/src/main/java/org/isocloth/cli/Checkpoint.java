package org.isocloth.cli;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.isocloth.InputException;
import org.isocloth.scene.SceneSpec;
import org.isocloth.scene.SceneWriter;
import org.isocloth.solver.SolverState;

/**
 * The state of an unfinished {@code cloth run} after a frame: every cloth's solver state, the
 * run's running totals and how much of metrics.csv belongs to it. Written atomically (a temporary
 * file moved over the old one), so a run killed at any moment leaves the previous checkpoint
 * intact. A checkpoint carries a fingerprint of the scene (its canonical JSON) and is refused for
 * any other scene.
 *
 * @param sceneFingerprint SHA-256 of the scene's canonical JSON
 * @param frame the last frame completed
 * @param metricsBytes length of metrics.csv up to and including that frame's row
 * @param totals the run's running totals
 * @param cloths the solver state of each cloth, in scene order
 */
record Checkpoint(String sceneFingerprint, int frame, long metricsBytes, Totals totals,
        List<SolverState> cloths) {

    private static final String MAGIC = "ISOCLOTH-CHECKPOINT";
    /**
     * Version 2 adds the distance rows' tensions per cloth, version 3 the Newton projection's
     * corrections; versions 1 and 2 are still read.
     */
    private static final int VERSION = 3;

    /**
     * Running totals of a run that go into summary.json.
     *
     * @param worstPenetrations most penetrating nodes in a frame
     * @param worstSelfIntersections most self-intersecting triangle pairs in a frame
     * @param worstRed worst red strain
     * @param worstMax worst strain over all edges
     * @param cappedSteps steps that ended at the iteration cap
     * @param totalIterations Gauss-Newton iterations so far
     * @param steps steps so far
     */
    record Totals(int worstPenetrations, int worstSelfIntersections, double worstRed, double worstMax,
            int cappedSteps, long totalIterations, int steps) {
    }

    /**
     * @param scene a scene
     * @return the SHA-256 (hex) of its canonical JSON: equal scenes, equal fingerprints
     */
    static String fingerprint(SceneSpec scene) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(SceneWriter.toJson(scene).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    /**
     * Writes the checkpoint to {@code file} through a temporary file next to it.
     *
     * @param file destination
     * @throws IOException if it cannot be written (the previous checkpoint is then unchanged)
     */
    void write(Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
            out.writeUTF(MAGIC);
            out.writeInt(VERSION);
            out.writeUTF(sceneFingerprint);
            out.writeInt(frame);
            out.writeLong(metricsBytes);
            out.writeInt(totals.worstPenetrations());
            out.writeInt(totals.worstSelfIntersections());
            out.writeDouble(totals.worstRed());
            out.writeDouble(totals.worstMax());
            out.writeInt(totals.cappedSteps());
            out.writeLong(totals.totalIterations());
            out.writeInt(totals.steps());
            out.writeInt(cloths.size());
            for (SolverState s : cloths) {
                writeArray(out, s.positions());
                writeArray(out, s.velocities());
                writeArray(out, s.previousPositions());
                writeArray(out, s.previousVelocities());
                out.writeBoolean(s.hasHistory());
                out.writeDouble(s.time());
                out.writeBoolean(s.tensions() != null);
                if (s.tensions() != null) {
                    writeArray(out, s.tensions());
                    out.writeDouble(s.tensionStep());
                    out.writeBoolean(s.corrections() != null);
                    if (s.corrections() != null) {
                        writeArray(out, s.corrections());
                    }
                }
            }
            out.writeUTF(MAGIC); // trailer: a file cut short is recognised
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Reads a checkpoint.
     *
     * @param file the file
     * @return the checkpoint
     * @throws InputException if the file is not a complete checkpoint of this version
     * @throws IOException if it cannot be read
     */
    static Checkpoint read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            String magic;
            try {
                magic = in.readUTF();
            } catch (IOException e) {
                magic = "";
            }
            if (!MAGIC.equals(magic)) {
                throw new InputException(file + ": not an IsoCloth checkpoint");
            }
            int version = in.readInt();
            if (version < 1 || version > VERSION) {
                throw new InputException(file + ": checkpoint version " + version + ", this version of cloth reads "
                        + "1 to " + VERSION);
            }
            String fp = in.readUTF();
            int frame = in.readInt();
            long bytes = in.readLong();
            Totals totals = new Totals(in.readInt(), in.readInt(), in.readDouble(), in.readDouble(), in.readInt(),
                    in.readLong(), in.readInt());
            int count = in.readInt();
            if (frame < 0 || bytes < 0 || count < 0 || count > 100_000) {
                throw new InputException(file + ": corrupt checkpoint (frame " + frame + ", " + count + " cloths)");
            }
            List<SolverState> states = new ArrayList<>();
            for (int c = 0; c < count; c++) {
                double[] x = readArray(in, file);
                double[] v = readArray(in, file);
                double[] xp = readArray(in, file);
                double[] vp = readArray(in, file);
                boolean history = in.readBoolean();
                double time = in.readDouble();
                double[] tensions = null;
                double tensionStep = 0;
                double[] corrections = null;
                if (version >= 2 && in.readBoolean()) {
                    tensions = readArray(in, file);
                    tensionStep = in.readDouble();
                    if (version >= 3 && in.readBoolean()) {
                        corrections = readArray(in, file);
                    }
                }
                // a version-1 checkpoint has no tensions: the first step after it starts cold
                states.add(new SolverState(x, v, xp, vp, history, time, tensions, tensionStep, corrections));
            }
            if (!MAGIC.equals(in.readUTF())) {
                throw new InputException(file + ": corrupt checkpoint (bad trailer)");
            }
            return new Checkpoint(fp, frame, bytes, totals, states);
        } catch (EOFException e) {
            throw new InputException(file + ": checkpoint is cut short (the run was stopped while writing it?)");
        }
    }

    private static void writeArray(DataOutputStream out, double[] a) throws IOException {
        out.writeInt(a.length);
        for (double d : a) {
            out.writeDouble(d);
        }
    }

    private static double[] readArray(DataInputStream in, Path file) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 300_000_000) {
            throw new InputException(file + ": corrupt checkpoint (array of " + n + " values)");
        }
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readDouble();
        }
        return a;
    }
}
