package org.isocloth.cli;

/** A command failed for a reason already worded for the user; {@link Main} prints it as one line. */
final class CommandFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** The exit status. */
    final int status;

    CommandFailure(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }
}
