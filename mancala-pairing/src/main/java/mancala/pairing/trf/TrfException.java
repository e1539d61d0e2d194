package mancala.pairing.trf;

/** A TRF file that cannot be read: says which line and column and what was wrong there. */
public final class TrfException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final int column;

    /**
     * @param line    1-based line number (0: the file as a whole)
     * @param column  1-based column (0: the line as a whole)
     * @param message what was wrong
     */
    public TrfException(int line, int column, String message) {
        super((line > 0 ? "line " + line + (column > 0 ? ", column " + column : "") + ": " : "") + message);
        this.line = line;
        this.column = column;
    }

    /** @return the 1-based line, 0 for the whole file */
    public int line() { return line; }

    /** @return the 1-based column, 0 for the whole line */
    public int column() { return column; }
}
