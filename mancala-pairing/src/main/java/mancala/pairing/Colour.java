package mancala.pairing;

/**
 * The side a player takes in a game, in the chess words the FIDE rules use: {@link #WHITE} is the side that moves
 * first (South in the mancala games), {@link #BLACK} the side that moves second.
 */
public enum Colour {
    /** The side that moves first (South). TRF letter {@code w}. */
    WHITE,
    /** The side that moves second (North). TRF letter {@code b}. */
    BLACK,
    /** No side: an unplayed round, or no colour preference. */
    NONE;

    /** @return the other side; NONE stays NONE */
    public Colour invert() {
        return this == WHITE ? BLACK : this == BLACK ? WHITE : NONE;
    }
}
