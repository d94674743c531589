package org.isocloth.cache;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.isocloth.UserFiles;

/**
 * Atomic replacement of output files: write a hidden temporary file {@code .NAME.PID.HEX.tmp} in
 * the target's directory (PID: the writing process, HEX: random), force it to disk, then move it
 * over the target (atomically where the file system allows it). Readers see the old file or the
 * complete new one, never a partial one.
 *
 * <p>A process that dies while writing (killed, power loss) leaves its temporary file behind.
 * {@link #createTemp} therefore first deletes the temporary files of the same target whose
 * process is no longer running ({@link #removeStale}); those of running processes, and every
 * other file, are left alone.
 *
 * <p>Only regular files are replaced: a target that exists as a directory, a pipe, a socket or
 * a device is refused ({@link #checkTarget}), so an export never replaces {@code /dev/null} or a
 * named pipe by a file.
 */
public final class AtomicFiles {
    private static final Logger LOG = Logger.getLogger(AtomicFiles.class.getName());

    /** The part between ".NAME." and ".tmp" of a temporary file name: decimal PID, '.', hex. */
    private static final Pattern TEMP_MIDDLE = Pattern.compile("([0-9]{1,18})\\.[0-9a-f]{1,16}");

    private AtomicFiles() {
    }

    /** Writes the content of a file to a stream (not closed by the body). */
    @FunctionalInterface
    public interface Body {
        /**
         * @param out the stream
         * @throws IOException if writing fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Checks that a file may be replaced: it does not exist, or it is a regular file (or a link
     * to one).
     *
     * @param target the file
     * @throws IOException naming the target if it is a directory, a pipe, a socket or a device
     */
    public static void checkTarget(Path target) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(target, BasicFileAttributes.class);
        } catch (IOException e) {
            // a new file, a link to nothing (the move replaces the link), or a path that cannot be
            // reached: creating the directory or the temporary file reports that
            return;
        }
        if (a.isDirectory()) {
            throw new IOException(UserFiles.shown(target) + ": cannot write: it is a directory");
        }
        if (!a.isRegularFile()) {
            throw new IOException(UserFiles.shown(target)
                    + ": cannot write: it is a pipe, socket or device, not a regular file");
        }
    }

    /**
     * Creates an empty temporary file {@code .NAME.PID.HEX.tmp} next to the target, after
     * checking the target ({@link #checkTarget}) and deleting its stale temporary files
     * ({@link #removeStale}).
     *
     * @param target the final file (its directory must exist)
     * @return the temporary file
     * @throws IOException if it cannot be created; the message names the target and the reason
     */
    public static Path createTemp(Path target) throws IOException {
        checkTarget(target);
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        String name = abs.getFileName().toString();
        removeStale(target);
        long pid = ProcessHandle.current().pid();
        // Not Files.createTempFile: that would give the final file owner-only permissions.
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + "." + pid + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw new IOException(UserFiles.shown(target) + ": cannot write: no free temporary file name", e);
                }
            } catch (IOException e) {
                throw new IOException(UserFiles.shown(target) + ": cannot write: " + reason(e), e);
            }
        }
    }

    /**
     * Deletes the temporary files that {@link #createTemp} made for {@code target} in processes
     * that are no longer running: regular files named {@code .NAME.PID.HEX.tmp} whose PID is not
     * that of a live process. Files of live processes (this one included), files of other
     * targets and anything not named that way are kept. Failures are logged, not thrown: the
     * write goes ahead without the clean-up.
     *
     * @param target the final file
     * @return the number of files deleted
     */
    public static int removeStale(Path target) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        String prefix = "." + abs.getFileName() + ".";
        long self = ProcessHandle.current().pid();
        int removed = 0;
        DirectoryStream.Filter<Path> ours = p -> {
            String n = p.getFileName().toString();
            return n.length() > prefix.length() + 4 && n.startsWith(prefix) && n.endsWith(".tmp");
        };
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, ours)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                Matcher m = TEMP_MIDDLE.matcher(n.substring(prefix.length(), n.length() - 4));
                if (!m.matches()) {
                    continue;
                }
                long pid = Long.parseLong(m.group(1));
                if (pid == self || alive(pid)) {
                    continue;
                }
                try {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class,
                            LinkOption.NOFOLLOW_LINKS);
                    if (!a.isRegularFile()) {
                        continue;
                    }
                    Files.deleteIfExists(p);
                    removed++;
                    LOG.log(Level.INFO, "deleted {0}, left behind by process {1}, which is no longer running",
                            new Object[] {p, Long.toString(pid)});
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "could not delete stale temporary file " + p, e);
                }
            }
        } catch (IOException | RuntimeException e) {
            // DirectoryIteratorException (an I/O error while listing) is a RuntimeException
            LOG.log(Level.WARNING, "could not look for stale temporary files of " + target, e);
        }
        return removed;
    }

    private static boolean alive(long pid) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        return h.isPresent() && h.get().isAlive();
    }

    /**
     * Writes a file atomically: the body writes into a temporary file ({@link #createTemp}),
     * which is forced to disk and moved over the target; on any failure it is deleted and the
     * target is unchanged.
     *
     * @param target the final file (its directory must exist)
     * @param body writes the content
     * @throws IOException if writing or moving fails (the message names the target and the reason)
     */
    public static void write(Path target, Body body) throws IOException {
        Path tmp = createTemp(target);
        boolean done = false;
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
                body.writeTo(out);
                out.flush();
                ch.force(true);
            } catch (IOException e) {
                throw new IOException(UserFiles.shown(target) + ": cannot write: " + reason(e), e);
            }
            commit(tmp, target);
            done = true;
        } finally {
            if (!done) {
                discard(tmp);
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
            throw new IOException(UserFiles.shown(target) + ": cannot move the finished file into place: "
                    + reason(e), e);
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
     * A short reason for an I/O failure, without the exception class name; paths in it are
     * shortened as {@link UserFiles#shown(Path)} does.
     *
     * @param e the failure
     * @return e.g. "permission denied", "no such directory", "No space left on device"
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException n) {
            return "no such file or directory (" + UserFiles.shown(n.getFile()) + ")";
        }
        if (e instanceof FileAlreadyExistsException n) {
            return "a file of that name exists (" + UserFiles.shown(n.getFile()) + ")";
        }
        if (e instanceof NotDirectoryException n) {
            return "not a directory (" + UserFiles.shown(n.getFile()) + ")";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return UserFiles.shown(f.getReason());
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : UserFiles.shown(m);
    }
}
