package mancala.server.tournament;

/**
 * One game of a round: the players by id, South moving first.
 *
 * @param south the player who sits South
 * @param north the player who sits North
 */
public record Pairing(String south, String north) {
    public Pairing {
        if (south == null || north == null || south.equals(north)) {
            throw new IllegalArgumentException("a pairing needs two different players");
        }
    }

    /** @return true when {@code player} plays in this game. */
    public boolean has(String player) {
        return south.equals(player) || north.equals(player);
    }

    /** @return the opponent of {@code player}, who must play in this game. */
    public String opponentOf(String player) {
        if (south.equals(player)) {
            return north;
        }
        if (north.equals(player)) {
            return south;
        }
        throw new IllegalArgumentException(player + " does not play in " + this);
    }
}
