package mancala.server.rating;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import mancala.server.error.DomainError;
import org.jdbi.v3.core.Handle;

/**
 * Who may play rated games, against rating farming with throwaway accounts (the audit took an account from 1500
 * to 2021 in 12 games against fresh ones):
 * <ul>
 * <li>an account plays rated once it is {@link #MIN_AGE a day old} or has finished {@value #CASUAL_GAMES} casual
 *     games against people: a throwaway account then costs a day or three real games, and a newcomer who plays
 *     at once gets rated games after an evening's casual ones;</li>
 * <li>two accounts play at most {@value #PAIR_GAMES_PER_DAY} rated games with each other in 24 hours: a real
 *     rematch series fits, feeding one account from another does not (Glicko-2 moves a rating most in a player's
 *     first games, so a handful of wins against one feeder is all a farmer can take from it a day).</li>
 * </ul>
 * Games are counted in {@code game_players}, which every instance shares. The server's rate-limit scale multiplies
 * the pair's games; from a scale of {@value #RELAXED_SCALE} (test servers on loopback, which play far faster than
 * people) a new account plays rated at once.
 */
public final class RatedPlay {
    /** How old an account must be to play rated without casual games first. */
    public static final Duration MIN_AGE = Duration.ofDays(1);
    /** Finished casual games against people that let a younger account play rated. */
    public static final int CASUAL_GAMES = 3;
    /** Rated games between the same two accounts in 24 hours at most. */
    public static final int PAIR_GAMES_PER_DAY = 3;

    /** The rate-limit scale from which a new account plays rated at once. */
    public static final double RELAXED_SCALE = 100;

    private final double scale;

    /** @param scale the server's rate-limit scale (1 by default) */
    public RatedPlay(double scale) {
        this.scale = Math.max(1, scale);
    }

    /**
     * @param playerKey the account's player key ({@code a:ID})
     * @return why the account may not play rated yet ({@code rated-not-yet}, 409), or null when it may
     */
    public DomainError notYet(Handle h, String playerKey, Instant createdAt, Instant now) {
        if (scale >= RELAXED_SCALE || !createdAt.plus(MIN_AGE).isAfter(now)) {
            return null;
        }
        int casual = h.createQuery("SELECT COUNT(*) FROM game_players WHERE (south_player = :p OR north_player = :p) "
                        + "AND south_player IS NOT NULL AND north_player IS NOT NULL AND rated = FALSE "
                        + "AND result IS NOT NULL")
                .bind("p", playerKey).mapTo(Integer.class).one();
        if (casual >= CASUAL_GAMES) {
            return null;
        }
        long hours = Math.max(1, Duration.between(now, createdAt.plus(MIN_AGE)).toMinutes() / 60 + 1);
        return new DomainError(DomainError.Kind.CONFLICT, "rated-not-yet", "rated games are open to accounts a day "
                + "old or with {needed} finished casual games; yours has {games}: play casual games, or wait "
                + "{hours} hours", Map.of("needed", CASUAL_GAMES, "games", casual, "hours", hours),
                Map.of("needed", CASUAL_GAMES, "games", casual, "hours", hours), 0);
    }

    /**
     * @return why the two accounts may not play another rated game now ({@code rated-pair-limit}, 409), or null
     */
    public DomainError pairLimit(Handle h, String a, String b, Instant now) {
        int played = h.createQuery("SELECT COUNT(*) FROM game_players WHERE rated = TRUE AND created_at > :since "
                        + "AND ((south_player = :a AND north_player = :b) OR (south_player = :b AND north_player = :a))")
                .bind("a", a).bind("b", b).bind("since", now.minus(Duration.ofDays(1))).mapTo(Integer.class).one();
        if (played < PAIR_GAMES_PER_DAY * scale) {
            return null;
        }
        return new DomainError(DomainError.Kind.CONFLICT, "rated-pair-limit", "you have played {n} rated games with "
                + "this player in the last 24 hours, the most there may be; play casual", Map.of("n", played),
                Map.of("n", played), 0);
    }
}
