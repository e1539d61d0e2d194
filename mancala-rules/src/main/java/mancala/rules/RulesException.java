package mancala.rules;

/**
 * A rule was broken or a value is out of range: an illegal move, an invalid option, an impossible position.
 * The message says what and where (game, ply, pit), e.g. "pit c is empty: South to move".
 */
public class RulesException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what was wrong and where */
    public RulesException(String message) {
        super(message);
    }
}
