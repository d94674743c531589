package org.isocloth;

/**
 * Bad input from a user-supplied file, scene or parameter.
 *
 * <p>The message is a single line that names the file, the element or field, and the reason, for
 * example {@code "shirt.obj: line 12: face references vertex 9 but only 8 vertices are defined"}.
 * Command-line front ends print it as it is, without a stack trace. A message longer than
 * {@value #MAX_LENGTH} characters (a path or value of any length quoted in it) keeps its start
 * and end, with the number of characters left out between.
 */
public class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Longest message, in characters. */
    public static final int MAX_LENGTH = 1000;

    /**
     * @param message one line naming the file, element or field and the reason (not null)
     */
    public InputException(String message) {
        super(bounded(message));
    }

    /**
     * @param message one line naming the file, element or field and the reason (not null)
     * @param cause the underlying exception (may be null)
     */
    public InputException(String message, Throwable cause) {
        super(bounded(message), cause);
    }

    private static String bounded(String message) {
        if (message == null || message.length() <= MAX_LENGTH) {
            return message;
        }
        int keep = MAX_LENGTH / 2 - 20;
        return message.substring(0, keep) + " …(" + (message.length() - 2 * keep) + " characters)… "
                + message.substring(message.length() - keep);
    }
}
