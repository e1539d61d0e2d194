package mancala.pairing.dutch;

/**
 * One pair of a round: {@code white} takes the side that moves first (South), {@code black} the other. A
 * pairing-allocated bye has {@code black == 0}.
 *
 * @param white starting number of the player who moves first (or who gets the bye)
 * @param black starting number of his opponent, 0 for the bye
 */
public record Pairing(int white, int black) {
    /** @return whether this is the pairing-allocated bye */
    public boolean isBye() {
        return black == 0;
    }

    /** @return "WHITE BLACK" as pairing programs print it ("ID 0" for the bye) */
    @Override
    public String toString() {
        return white + " " + black;
    }
}
