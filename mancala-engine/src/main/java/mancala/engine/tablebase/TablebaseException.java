package mancala.engine.tablebase;

/** A table that cannot be built, found or read: the message says which and why. */
public final class TablebaseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what went wrong, naming the file or the option */
    public TablebaseException(String message) {
        super(message);
    }
}
