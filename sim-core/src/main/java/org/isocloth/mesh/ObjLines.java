package org.isocloth.mesh;

import java.io.IOException;
import java.io.Reader;
import org.isocloth.InputException;

/**
 * The logical lines of OBJ text: physical lines (ended by LF, CR LF or CR) joined where one ends
 * in a backslash outside a comment, with a leading byte order mark removed. A logical line longer
 * than {@link ObjReader#MAX_LINE} characters is refused, so that a file without line breaks
 * cannot exhaust memory; joining takes time proportional to the text, however many lines are
 * joined.
 */
final class ObjLines {
    private static final int MAX_LINE = ObjReader.MAX_LINE;

    private final Reader in;
    private final String source;
    private final char[] buf = new char[1 << 16];
    private final StringBuilder line = new StringBuilder(256);
    private int pos;
    private int end;
    private boolean eof;
    /** A CR ended the last physical line, so an LF right after it belongs to that line break. */
    private boolean afterCr;
    private int physical;
    private int first;

    /**
     * @param in the text, read to its end and not closed; not null
     * @param source the name starting error messages; not null
     */
    ObjLines(Reader in, String source) {
        this.in = in;
        this.source = source;
    }

    /**
     * Reads the next logical line.
     *
     * @return the line without its line break, or null at the end of the text
     * @throws IOException if reading fails
     * @throws InputException if the line is longer than {@link ObjReader#MAX_LINE} characters
     */
    String next() throws IOException {
        line.setLength(0);
        first = physical + 1;
        if (!physicalLine()) {
            return null;
        }
        if (first == 1 && line.length() > 0 && line.charAt(0) == '\uFEFF') {
            line.deleteCharAt(0);
        }
        int pieceStart = 0;
        int slash;
        while ((slash = continuation(pieceStart)) >= 0) {
            line.setLength(slash);
            line.append(' ');
            pieceStart = line.length();
            if (!physicalLine()) {
                line.setLength(slash);
                break;
            }
        }
        return line.toString();
    }

    /** @return the 1-based number of the first physical line of the last logical line */
    int lineNumber() {
        return first;
    }

    /**
     * The index of the backslash that continues the physical line starting at {@code from} (its
     * last character other than white space), or -1 if it does not continue or holds a comment.
     */
    private int continuation(int from) {
        int i = line.length() - 1;
        while (i >= from && line.charAt(i) <= ' ') {
            i--;
        }
        if (i < from || line.charAt(i) != '\\') {
            return -1;
        }
        for (int k = from; k < i; k++) {
            if (line.charAt(k) == '#') {
                return -1;
            }
        }
        return i;
    }

    /** Appends the next physical line to {@link #line}; false at the end of the text. */
    private boolean physicalLine() throws IOException {
        boolean any = false;
        while (true) {
            if (pos == end) {
                if (eof || !fill()) {
                    if (any) {
                        physical++;
                    }
                    return any;
                }
            }
            if (afterCr) {
                afterCr = false;
                if (buf[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            any = true;
            int start = pos;
            while (pos < end && buf[pos] != '\n' && buf[pos] != '\r') {
                pos++;
            }
            if (line.length() + (pos - start) > MAX_LINE) {
                throw new InputException(source + ": line " + (physical + 1) + ": longer than "
                        + MAX_LINE + " characters (not an OBJ text file, or a damaged one)");
            }
            line.append(buf, start, pos - start);
            if (pos < end) {
                afterCr = buf[pos] == '\r';
                pos++;
                physical++;
                return true;
            }
        }
    }

    private boolean fill() throws IOException {
        int n;
        do {
            n = in.read(buf, 0, buf.length);
        } while (n == 0);
        pos = 0;
        end = Math.max(n, 0);
        eof = n < 0;
        return n > 0;
    }
}
