package mancala.server.rating;

import java.time.Instant;
import java.util.List;
import mancala.server.game.GameListener;
import mancala.server.game.GamePlayers;
import mancala.server.game.GameState;
import mancala.server.rating.Glicko2.Rating;
import org.jdbi.v3.core.Handle;

/**
 * Where a rating is settled: when a rated game between two accounts ends after each side has moved at least once
 * (a game ended before that, e.g. a tournament no-show's forfeit, changes no rating), in the transaction that ends it, both
 * players' ratings for the game are updated by Glicko-2 ({@link Glicko2}, tau {@value #TAU}) from their ratings
 * before it, one game per rating period ({@link #settle}), and stored with the change in each one's history.
 */
public final class RatingSettlement implements GameListener {
    /** The system constant. */
    public static final double TAU = Glicko2.TAU;

    private static final Glicko2 GLICKO = new Glicko2(TAU);

    /**
     * @param southScore South's score: 1, 0.5 or 0
     * @return South's and North's ratings after one game between them (each rated from the other's rating before)
     */
    public static Rating[] settle(Rating south, Rating north, double southScore) {
        return new Rating[] {GLICKO.update(south, List.of(new Glicko2.Game(north, southScore))),
            GLICKO.update(north, List.of(new Glicko2.Game(south, 1 - southScore)))};
    }

    @Override
    public void ended(Handle h, GamePlayers players, GameState game, double southScore, Instant now) {
        Long south = GamePlayers.accountId(players.southPlayer());
        Long north = GamePlayers.accountId(players.northPlayer());
        // a rated game changes ratings only once each side has moved (before that it can only be aborted)
        if (players.rated() && south != null && north != null && game.hasMoved(mancala.rules.Side.SOUTH)
                && game.hasMoved(mancala.rules.Side.NORTH)) {
            rate(h, game.id(), players.game(), south, north, southScore);
        }
    }

    /**
     * Rates one game inside the caller's transaction.
     *
     * @param southScore 1, 0.5 or 0
     * @return the rating changes, South's then North's
     */
    static double[] rate(Handle h, String gameId, String game, long south, long north, double southScore) {
        long first = Math.min(south, north);
        long second = Math.max(south, north);
        // lock in a fixed order so two games finishing at once cannot deadlock; the rows exist first, so that the
        // lock holds them (a row two transactions both insert would let the second overwrite the first's rating)
        RatingStore.ensure(h, first, game, Instant.now());
        RatingStore.ensure(h, second, game, Instant.now());
        Rating a = RatingStore.read(h, first, game, true, Instant.now());
        Rating b = RatingStore.read(h, second, game, true, Instant.now());
        // the instant of the change once both rows are held: one player's games are rated in this order
        Instant now = Instant.now();
        Rating s = south == first ? a : b;
        Rating n = south == first ? b : a;
        Rating[] after = settle(s, n, southScore);
        Rating s2 = after[0];
        Rating n2 = after[1];
        RatingStore.store(h, south, game, s2, now);
        RatingStore.store(h, north, game, n2, now);
        RatingStore.history(h, south, gameId, game, s2, s2.rating() - s.rating(), now);
        RatingStore.history(h, north, gameId, game, n2, n2.rating() - n.rating(), now);
        return new double[] {s2.rating() - s.rating(), n2.rating() - n.rating()};
    }
}
