package mancala.server.tournament;

/**
 * A finished tournament game.
 *
 * @param round      the round's number, from 1
 * @param south      the player who sat South
 * @param north      the player who sat North
 * @param southScore South's points: 1 for a win, 0.5 for a draw, 0 for a loss (North gets the rest of 1)
 */
public record GameResult(int round, String south, String north, double southScore) {
    public GameResult {
        if (southScore != 0 && southScore != 0.5 && southScore != 1) {
            throw new IllegalArgumentException("a game scores 1, 0.5 or 0, was " + southScore);
        }
    }

    /** @return the points {@code player} got from this game. */
    public double scoreOf(String player) {
        if (south.equals(player)) {
            return southScore;
        }
        if (north.equals(player)) {
            return 1 - southScore;
        }
        throw new IllegalArgumentException(player + " did not play in round " + round + " " + south + "-" + north);
    }

    /** @return the opponent of {@code player}. */
    public String opponentOf(String player) {
        return south.equals(player) ? north : south;
    }

    /** @return true when {@code player} played in this game. */
    public boolean has(String player) {
        return south.equals(player) || north.equals(player);
    }
}
