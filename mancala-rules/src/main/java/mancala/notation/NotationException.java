package mancala.notation;

/**
 * Text that could not be read: a position, options or a game record. The message says where (source, line,
 * column; in a record also the move number and side) and what was found and expected, e.g.
 * {@code game.txt:3:14: move 5, North: expected a pit letter A-N, found 'z'}.
 * Positions and columns are 1-based; 0 means unknown.
 */
public class NotationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final int column;
    private final String detail;

    /**
     * @param source where the text came from (a file name), or null
     * @param line   1-based line, or 0 when unknown
     * @param column 1-based column, or 0 when unknown
     * @param detail what was wrong: found and expected
     */
    public NotationException(String source, int line, int column, String detail) {
        super(locate(source, line, column) + detail);
        this.source = source;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    private static String locate(String source, int line, int column) {
        StringBuilder sb = new StringBuilder();
        if (source != null) {
            sb.append(source).append(':');
        }
        if (line > 0) {
            sb.append(line).append(':');
            if (column > 0) {
                sb.append(column).append(':');
            }
        } else if (column > 0) {
            sb.append("column ").append(column).append(':');
        }
        return sb.length() == 0 ? "" : sb.append(' ').toString();
    }

    /** @return the source name, or null. */
    public String source() {
        return source;
    }

    /** @return the 1-based line, or 0. */
    public int line() {
        return line;
    }

    /** @return the 1-based column, or 0. */
    public int column() {
        return column;
    }

    /** @return the message without its location. */
    public String detail() {
        return detail;
    }
}
