package org.isocloth.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The working directories of {@code cloth run} inside its output directory and the move of the
 * finished outputs into place.
 *
 * <ul>
 *   <li>A run that cannot be resumed works in {@code .staging-PID-HEX}, named after the process,
 *       so that later runs delete the leftovers of a process that was killed.</li>
 *   <li>A resumable run works in {@code .partial}, with its checkpoint.</li>
 *   <li>Publishing first writes the marker {@value #COMPLETE} (holding the scene's fingerprint)
 *       into the working directory, then moves each output into place, then deletes the
 *       checkpoint, the marker and the directory. A run killed while publishing is finished by
 *       {@code --resume}: the marker says that every output is complete, so the moves are simply
 *       done again for what is left.</li>
 * </ul>
 */
final class RunDirectory {
    private static final Logger LOG = Logger.getLogger(RunDirectory.class.getName());
    /** Marker of a working directory whose outputs are complete and being published. */
    static final String COMPLETE = "complete";
    static final String CHECKPOINT = "checkpoint.bin";
    private static final String STAGING = ".staging-";

    /** Called after each output moved into place; tests use it to stop a publish part-way. */
    static Runnable afterMove;

    private RunDirectory() {
    }

    /**
     * Creates a fresh staging directory for a run that cannot be resumed, after deleting those
     * left by processes that no longer run.
     *
     * @param out the output directory (exists)
     * @return the new directory
     * @throws IOException if it cannot be created
     */
    static Path newStaging(Path out) throws IOException {
        removeStale(out);
        long pid = ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            Path dir = out.resolve(STAGING + pid + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
            try {
                return Files.createDirectory(dir);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    /** Deletes {@code .staging-PID-*} directories whose process is not alive. */
    private static void removeStale(Path out) throws IOException {
        List<Path> stale;
        try (Stream<Path> s = Files.list(out)) {
            stale = s.filter(p -> isStale(p.getFileName().toString())).toList();
        }
        for (Path p : stale) {
            LOG.log(Level.INFO, "deleting {0}, left by a run that was stopped", p);
            deleteTree(p);
        }
    }

    private static boolean isStale(String name) {
        if (!name.startsWith(STAGING)) {
            return false;
        }
        String rest = name.substring(STAGING.length());
        int dash = rest.indexOf('-');
        if (dash <= 0) {
            return true; // an older name without the process: nothing can still be writing it
        }
        long pid;
        try {
            pid = Long.parseLong(rest.substring(0, dash));
        } catch (NumberFormatException e) {
            return false; // not ours
        }
        return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    /**
     * Moves the outputs of a finished run from its working directory into the output directory
     * and deletes the working directory.
     *
     * @param work the working directory, every output complete in it
     * @param out the output directory
     * @param fingerprint the scene's fingerprint, kept in the marker
     * @throws IOException if a move fails (the marker stays: {@code --resume} completes it)
     */
    static void publish(Path work, Path out, String fingerprint) throws IOException {
        Path marker = work.resolve(COMPLETE);
        if (!Files.exists(marker)) {
            // atomically: a run killed while writing the marker must not leave an empty one, which
            // --resume would read as the marker of another scene
            byte[] text = (fingerprint + "\n").getBytes(StandardCharsets.UTF_8);
            org.isocloth.cache.AtomicFiles.write(marker, stream -> stream.write(text));
        }
        List<Path> produced;
        try (Stream<Path> s = Files.list(work)) {
            produced = s.filter(p -> {
                String n = p.getFileName().toString();
                return !n.startsWith(CHECKPOINT) && !n.equals(COMPLETE);
            }).sorted().toList();
        }
        for (Path p : produced) {
            Path dest = out.resolve(p.getFileName().toString());
            if (Files.isDirectory(dest)) {
                deleteTree(dest);
            }
            Files.move(p, dest, StandardCopyOption.REPLACE_EXISTING);
            if (afterMove != null) {
                afterMove.run();
            }
        }
        try (Stream<Path> s = Files.list(work)) {
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith(CHECKPOINT)).toList()) {
                Files.delete(p);
            }
        }
        Files.delete(marker);
        deleteTree(work);
    }

    /**
     * @param work a working directory
     * @return the fingerprint in its publish marker, or null if it has none
     * @throws IOException if the marker cannot be read
     */
    static String publishing(Path work) throws IOException {
        Path marker = work.resolve(COMPLETE);
        return Files.isRegularFile(marker) ? Files.readString(marker, StandardCharsets.UTF_8).trim() : null;
    }

    /**
     * Deletes the hidden temporary files ({@code .NAME.HEX.tmp}) that an atomic write killed
     * part-way leaves in a working directory.
     *
     * @param dir the directory (only its own entries)
     * @throws IOException if one cannot be deleted
     */
    static void deleteTemporaryFiles(Path dir) throws IOException {
        List<Path> tmp;
        try (Stream<Path> s = Files.list(dir)) {
            tmp = s.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(".") && n.endsWith(".tmp") && Files.isRegularFile(p);
            }).toList();
        }
        for (Path p : tmp) {
            Files.delete(p);
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(q -> {
                try {
                    Files.delete(q);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
