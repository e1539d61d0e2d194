package mancala.pairing;

/**
 * One round of one player as a TRF 001 line writes it: the opponent's starting number (0: none), the colour letter
 * and the result letter.
 *
 * <p>Result letters (TRF): {@code 1 0 =} a game played (won, lost, drawn); also {@code W D L} as played results;
 * {@code + -} a forfeit win/loss (with an opponent: a forfeit; without one ({@code 0000}): a full point or nothing
 * without a game); {@code U} the pairing-allocated bye; {@code H} a half-point bye; {@code F} a full-point bye not
 * given by the pairing; {@code Z} (or blank) a zero-point bye / absence.
 *
 * @param opponent the opponent's starting number, 0 when there was none
 * @param colour   {@code 'w'}, {@code 'b'}, {@code '-'} or {@code ' '}
 * @param result   the result letter, upper case
 */
public record RoundEntry(int opponent, char colour, char result) {
    /** The score kinds a round gives. */
    public enum Score { LOSS, DRAW, WIN }

    /** @return a pairing-allocated bye ({@code 0000 - U}) */
    public static RoundEntry pairingAllocatedBye() {
        return new RoundEntry(0, '-', 'U');
    }

    /** @return a round not paired: {@code 0000 - Z} (absent), {@code H} (half-point bye) etc. */
    public static RoundEntry unpaired(char result) {
        return new RoundEntry(0, '-', result);
    }

    /** @return a game: the opponent, this player's colour, the result letter */
    public static RoundEntry game(int opponent, Colour colour, char result) {
        return new RoundEntry(opponent, colour == Colour.WHITE ? 'w' : 'b', result);
    }

    /** @return the colour this player had (NONE when no colour is written) */
    public Colour side() {
        return colour == 'w' ? Colour.WHITE : colour == 'b' ? Colour.BLACK : Colour.NONE;
    }

    /** @return whether a game was played over the board (an opponent, a colour, a played result) */
    public boolean played() {
        if (opponent == 0 || colour == '-' || colour == ' ') {
            return false;
        }
        return result == '1' || result == '0' || result == '=' || result == 'W' || result == 'D' || result == 'L';
    }

    /** @return win, draw or loss as the points count it */
    public Score score() {
        switch (result) {
            case 'D': case '=': case 'H':
                return Score.DRAW;
            case '+': case 'W': case '1': case 'F': case 'U':
                return Score.WIN;
            default:
                return Score.LOSS;
        }
    }

    /**
     * @return whether the player took part in that round's pairing: he had an opponent (played or forfeited) or he
     *         received the pairing-allocated bye ({@code U}, or {@code +} without an opponent)
     */
    public boolean participatedInPairing() {
        return opponent != 0 || result == 'U' || result == '+';
    }

    /** @return whether this is a forfeit (a game paired but not played) */
    public boolean forfeit() {
        return opponent != 0 && !played();
    }

    /** @return the points this round gives, in tenths, under {@code points} */
    public int points(PointSystem points) {
        switch (score()) {
            case WIN:
                return opponent == 0 && participatedInPairing() ? points.pairingAllocatedBye() : points.win();
            case DRAW:
                return points.draw();
            default:
                if (!participatedInPairing()) {
                    return points.zeroPointBye();
                }
                return played() ? points.loss() : points.forfeitLoss();
        }
    }
}
