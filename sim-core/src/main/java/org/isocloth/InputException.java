package org.isocloth;

/**
 * Bad input from a user-supplied file, scene or parameter.
 *
 * <p>The message is a single line that names the file, the element or field, and the reason, for
 * example {@code "shirt.obj: line 12: face references vertex 9 but only 8 vertices are defined"}.
 * Command-line front ends print it as it is, without a stack trace.
 */
public class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message one line naming the file, element or field and the reason (not null)
     */
    public InputException(String message) {
        super(message);
    }

    /**
     * @param message one line naming the file, element or field and the reason (not null)
     * @param cause the underlying exception (may be null)
     */
    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
