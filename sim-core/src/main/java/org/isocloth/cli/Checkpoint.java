package org.isocloth.cli;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;
import org.isocloth.InputException;
import org.isocloth.UserFiles;
import org.isocloth.scene.SceneSpec;
import org.isocloth.scene.SceneWriter;
import org.isocloth.solver.SolverState;

/**
 * The state of an unfinished {@code cloth run} after a frame: every cloth's solver state, the
 * run's running totals and how much of metrics.csv belongs to it, with that part's CRC-32.
 * Written atomically (a temporary file forced to disk, then moved over the old one), so a run
 * killed at any moment leaves the previous checkpoint intact. The file ends with the CRC-32 of
 * everything before it, so a damaged checkpoint is refused rather than resumed. A checkpoint
 * carries a fingerprint of the scene (its canonical JSON) and is refused for any other scene.
 *
 * @param sceneFingerprint SHA-256 of the scene's canonical JSON
 * @param frame the last frame completed
 * @param metricsBytes length of metrics.csv up to and including that frame's row
 * @param metricsCrc CRC-32 of those bytes of metrics.csv
 * @param totals the run's running totals
 * @param cloths the solver state of each cloth, in scene order
 */
record Checkpoint(String sceneFingerprint, int frame, long metricsBytes, long metricsCrc, Totals totals,
        List<SolverState> cloths) {

    private static final String MAGIC = "ISOCLOTH-CHECKPOINT";
    /**
     * The format version. Version 4 is the first with checksums (of the file and of the metrics
     * it continues); older checkpoints cannot be verified and are refused.
     */
    private static final int VERSION = 4;
    /** Largest checkpoint read, bytes (the state of several million nodes). */
    private static final long MAX_BYTES = 1L << 31;

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
        CRC32 crc = new CRC32();
        try (OutputStream raw = Files.newOutputStream(tmp);
                CheckedOutputStream checked = new CheckedOutputStream(new BufferedOutputStream(raw), crc);
                DataOutputStream out = new DataOutputStream(checked)) {
            out.writeUTF(MAGIC);
            out.writeInt(VERSION);
            out.writeUTF(sceneFingerprint);
            out.writeInt(frame);
            out.writeLong(metricsBytes);
            out.writeLong(metricsCrc);
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
            out.flush();
            new DataOutputStream(raw).writeInt((int) crc.getValue()); // not itself checksummed
        }
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(tmp,
                java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true); // on disk before it replaces the previous checkpoint
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
        String name = UserFiles.shown(file);
        long size = UserFiles.requireRegularFile(file, "checkpoint");
        if (size > MAX_BYTES) {
            throw new InputException(name + ": " + size + " bytes is more than a checkpoint can hold");
        }
        byte[] bytes = Files.readAllBytes(file);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            String magic;
            try {
                magic = in.readUTF();
            } catch (IOException e) {
                magic = "";
            }
            if (!MAGIC.equals(magic)) {
                throw new InputException(name + ": not an IsoCloth checkpoint");
            }
            int version = in.readInt();
            if (version < VERSION) {
                throw new InputException(name + ": checkpoint version " + version + " has no checksum and cannot "
                        + "be verified; delete the run's " + SceneRun.PARTIAL + " directory and run it afresh");
            }
            if (version > VERSION) {
                throw new InputException(name + ": checkpoint version " + version + ", this version of cloth reads "
                        + VERSION);
            }
            if (bytes.length < 4) {
                throw cutShort(name);
            }
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, bytes.length - 4);
            int stored = ((bytes[bytes.length - 4] & 0xff) << 24) | ((bytes[bytes.length - 3] & 0xff) << 16)
                    | ((bytes[bytes.length - 2] & 0xff) << 8) | (bytes[bytes.length - 1] & 0xff);
            if ((int) crc.getValue() != stored) {
                throw new InputException(name + ": the checkpoint is damaged or cut short (its checksum does not match); delete "
                        + "the run's " + SceneRun.PARTIAL + " directory and run it afresh");
            }
            return parse(in, name);
        } catch (EOFException e) {
            throw cutShort(name);
        }
    }

    private static InputException cutShort(String name) {
        return new InputException(name + ": checkpoint is cut short (the run was stopped while writing it?)");
    }

    /** Parses the fields after the version of a checkpoint whose checksum matched. */
    private static Checkpoint parse(DataInputStream in, String file) throws IOException {
        String fp = in.readUTF();
        int frame = in.readInt();
        long bytes = in.readLong();
        long metricsCrc = in.readLong();
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
            if (in.readBoolean()) {
                tensions = readArray(in, file);
                tensionStep = in.readDouble();
                if (in.readBoolean()) {
                    corrections = readArray(in, file);
                }
            }
            states.add(new SolverState(x, v, xp, vp, history, time, tensions, tensionStep, corrections));
        }
        if (!MAGIC.equals(in.readUTF())) {
            throw new InputException(file + ": corrupt checkpoint (bad trailer)");
        }
        return new Checkpoint(fp, frame, bytes, metricsCrc, totals, states);
    }

    /**
     * @param file a file
     * @param length how many of its first bytes
     * @return the CRC-32 of those bytes
     * @throws IOException if it cannot be read
     */
    static long crcOf(Path file, long length) throws IOException {
        CRC32 crc = new CRC32();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            long left = length;
            while (left > 0) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, left));
                if (n < 0) {
                    break;
                }
                crc.update(buf, 0, n);
                left -= n;
            }
        }
        return crc.getValue();
    }

    private static void writeArray(DataOutputStream out, double[] a) throws IOException {
        out.writeInt(a.length);
        for (double d : a) {
            out.writeDouble(d);
        }
    }

    private static double[] readArray(DataInputStream in, String file) throws IOException {
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
