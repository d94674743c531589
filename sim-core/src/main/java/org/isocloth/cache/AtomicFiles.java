package org.isocloth.cache;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Atomic replacement of output files: write a hidden temporary file {@code .NAME.HEX.tmp} in the
 * target's directory, force it to disk, then move it over the target (atomically where the file
 * system allows it). Readers see the old file or the complete new one, never a partial one.
 */
public final class AtomicFiles {
    private static final Logger LOG = Logger.getLogger(AtomicFiles.class.getName());

    private AtomicFiles() {
    }

    /**
     * Creates an empty temporary file next to the target.
     *
     * @param target the final file (its directory must exist)
     * @return the temporary file
     * @throws IOException if it cannot be created; the message names the target and the reason
     */
    public static Path createTemp(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        String name = abs.getFileName().toString();
        if (Files.isDirectory(abs)) {
            throw new IOException(target + ": cannot write: it is a directory");
        }
        // Not Files.createTempFile: that would give the final file owner-only permissions.
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw new IOException(target + ": cannot write: no free temporary file name", e);
                }
            } catch (IOException e) {
                throw new IOException(target + ": cannot write: " + reason(e), e);
            }
        }
    }

    /**
     * Moves a finished temporary file over the target.
     *
     * @param tmp the temporary file (forced to disk by the caller)
     * @param target the final file
     * @throws IOException if the move fails (the temporary file is then still there)
     */
    public static void commit(Path tmp, Path target) throws IOException {
        try {
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                LOG.log(Level.FINE, "atomic move not supported for {0}; replacing instead", target);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new IOException(target + ": cannot move the finished file into place: " + reason(e), e);
        }
    }

    /**
     * Deletes a temporary file, logging (not throwing) a failure.
     *
     * @param tmp the file (may be null or already gone)
     */
    public static void discard(Path tmp) {
        if (tmp == null) {
            return;
        }
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not delete temporary file " + tmp, e);
        }
    }

    /**
     * A short reason for an I/O failure, without the exception class name.
     *
     * @param e the failure
     * @return e.g. "permission denied", "no such directory", "No space left on device"
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException n) {
            return "no such file or directory (" + n.getFile() + ")";
        }
        if (e instanceof FileAlreadyExistsException n) {
            return "a file of that name exists (" + n.getFile() + ")";
        }
        if (e instanceof NotDirectoryException n) {
            return "not a directory (" + n.getFile() + ")";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
