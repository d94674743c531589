package org.isocloth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one place that checks a file named by the user before it is opened for reading: it must
 * exist and be a regular file (following links). A FIFO, a device or a directory is refused,
 * because reading it could block for ever or never end. Paths are shortened in messages, so a
 * path of any length gives a message of bounded length.
 */
public final class UserFiles {
    /** Longest part of a path (or of any quoted user text) repeated in a message, in characters. */
    public static final int MAX_SHOWN = 200;

    private UserFiles() {
    }

    /**
     * Checks that {@code file} is an existing regular file.
     *
     * @param file the file
     * @param what what the file is meant to be, for the message ("scene file", "OBJ mesh")
     * @return the file's size in bytes
     * @throws InputException naming the file and the reason if it is missing, unreadable or not
     *     a regular file
     */
    public static long requireRegularFile(Path file, String what) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new InputException(shown(file) + ": no such file (" + what + ")", e);
        } catch (IOException e) {
            throw new InputException(shown(file) + ": cannot read " + what + " (" + reason(e) + ")", e);
        }
        if (!a.isRegularFile()) {
            throw new InputException(shown(file) + ": the " + what + " is " + kind(file, a)
                    + ", not a regular file");
        }
        return a.size();
    }

    private static String kind(Path file, BasicFileAttributes a) {
        if (a.isDirectory()) {
            return "a directory";
        }
        try {
            BasicFileAttributes own = Files.readAttributes(file, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (own.isSymbolicLink()) {
                return "a link to something other than a file";
            }
        } catch (IOException ignored) {
            // fall through: the general description below is still true
        }
        return "a pipe, socket or device";
    }

    /**
     * A path for a message: control characters replaced, and at most {@link #MAX_SHOWN}
     * characters (the start and the end of a longer path, with the number left out between).
     *
     * @param file a path
     * @return the printable, bounded form
     */
    public static String shown(Path file) {
        return shown(String.valueOf(file));
    }

    /**
     * User text for a message: control characters replaced by '?', and at most
     * {@link #MAX_SHOWN} characters.
     *
     * @param text any text (null gives "null")
     * @return the printable, bounded form
     */
    public static String shown(String text) {
        String s = String.valueOf(text);
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX_SHOWN + 40));
        int n = s.length();
        int head = n <= MAX_SHOWN ? n : MAX_SHOWN / 2;
        int tailStart = n <= MAX_SHOWN ? n : n - MAX_SHOWN / 2;
        for (int i = 0; i < head; i++) {
            b.append(printable(s.charAt(i)));
        }
        if (tailStart > head) {
            b.append("…(").append(tailStart - head).append(" characters)…");
            for (int i = tailStart; i < n; i++) {
                b.append(printable(s.charAt(i)));
            }
        }
        return b.toString();
    }

    private static char printable(char c) {
        return Character.isISOControl(c) || Character.isSurrogate(c) ? '?' : c;
    }

    /**
     * A short reason for an I/O failure, without the exception class.
     *
     * @param e the failure
     * @return e.g. "permission denied"
     */
    public static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : shown(m);
    }
}
