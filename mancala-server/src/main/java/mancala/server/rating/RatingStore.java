package mancala.server.rating;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mancala.server.rating.Glicko2.Rating;
import org.jdbi.v3.core.Handle;

/**
 * Ratings per game in the database (tables {@code ratings} and {@code rating_history}), read and written in the
 * caller's transaction. Wherever a rating is read or shown, its deviation is widened for the whole days since the
 * player's last rated game ({@link Glicko2#asOf}, step 6 of the paper, one rating period = one day). A rating is
 * provisional ("?") while its deviation is above {@value #PROVISIONAL_DEVIATION}.
 */
public final class RatingStore {
    /** Above this deviation a rating is shown as provisional. */
    public static final double PROVISIONAL_DEVIATION = Glicko2.PROVISIONAL_DEVIATION;

    private RatingStore() {
    }

    /** @return the player's rating for {@code game} as of now (see {@link #read(Handle, long, String, boolean, Instant)}). */
    public static Rating read(Handle h, long account, String game, boolean forUpdate) {
        return read(h, account, game, forUpdate, Instant.now());
    }

    /**
     * @return the player's rating for {@code game} as of {@code now} (a new player's when he has none; the deviation
     *     widened for his days away), read for update when asked
     */
    public static Rating read(Handle h, long account, String game, boolean forUpdate, Instant now) {
        return h.createQuery("SELECT rating, deviation, volatility, last_game_at FROM ratings WHERE account_id = :a "
                        + "AND game = :g" + (forUpdate ? " FOR UPDATE" : ""))
                .bind("a", account).bind("g", game)
                .map((rs, c) -> Glicko2.asOf(new Rating(rs.getDouble(1), rs.getDouble(2), rs.getDouble(3)),
                        instant(rs.getTimestamp(4)), now))
                .findOne().orElse(Rating.initial());
    }

    private static Instant instant(java.sql.Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    /** @return the deviation shown now for a stored one, widened for the days since {@code lastGame}. */
    public static double deviationNow(double rating, double deviation, double volatility, java.sql.Timestamp lastGame) {
        return Glicko2.asOf(new Rating(rating, deviation, volatility), instant(lastGame), Instant.now()).deviation();
    }

    /**
     * Makes sure {@code account} has a row for {@code game} (a new player's rating, no games) in the caller's
     * transaction, so that it can be locked: of two transactions that add it at the same moment one fails with a
     * duplicate key and is run again ({@code Database#inTransactionRetrying}), never reading a rating another is
     * changing.
     */
    public static void ensure(Handle h, long account, String game, Instant now) {
        Rating r = Rating.initial();
        h.createUpdate("INSERT INTO ratings (account_id, game, rating, deviation, volatility, games, updated_at) "
                        + "SELECT :a, :g, :r, :d, :v, 0, :t WHERE NOT EXISTS "
                        + "(SELECT 1 FROM ratings WHERE account_id = :a AND game = :g)")
                .bind("a", account).bind("g", game).bind("r", r.rating()).bind("d", r.deviation())
                .bind("v", r.volatility()).bind("t", now).execute();
    }

    /** Stores the rating of {@code account} for {@code game} after one more game. */
    public static void store(Handle h, long account, String game, Rating r, Instant now) {
        int updated = h.createUpdate("UPDATE ratings SET rating = :r, deviation = :d, volatility = :v, "
                        + "games = games + 1, updated_at = :t, last_game_at = :t WHERE account_id = :a AND game = :g")
                .bind("r", r.rating()).bind("d", r.deviation()).bind("v", r.volatility()).bind("t", now)
                .bind("a", account).bind("g", game).execute();
        if (updated == 0) {
            h.createUpdate("INSERT INTO ratings (account_id, game, rating, deviation, volatility, games, updated_at, "
                            + "last_game_at) VALUES (:a, :g, :r, :d, :v, 1, :t, :t)")
                    .bind("r", r.rating()).bind("d", r.deviation()).bind("v", r.volatility()).bind("t", now)
                    .bind("a", account).bind("g", game).execute();
        }
    }

    /** Adds a rated game to the account's history. */
    public static void history(Handle h, long account, String gameId, String game, Rating r, double change,
                                Instant now) {
        h.createUpdate("INSERT INTO rating_history (account_id, game_id, game, rating, deviation, change, rated_at) "
                        + "VALUES (:a, :id, :g, :r, :d, :c, :t)")
                .bind("a", account).bind("id", gameId).bind("g", game).bind("r", r.rating())
                .bind("d", r.deviation()).bind("c", change).bind("t", now).execute();
    }

    /** @return the JSON form of a rating: rounded rating, deviation, provisional flag, games. */
    public static Map<String, Object> view(double rating, double deviation, int games) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rating", (int) Math.round(rating));
        m.put("deviation", (int) Math.round(deviation));
        m.put("provisional", Glicko2.isProvisional(deviation));
        m.put("games", games);
        return m;
    }

    /** @return the rounded rating of an account for a game, for the lobby (1500 for a new player). */
    public static int shown(Handle h, long account, String game) {
        return (int) Math.round(read(h, account, game, false, Instant.now()).rating());
    }

    /** @return the account's ratings per game, with the rating after each of its rated games. */
    public static Map<String, Object> ofPlayer(Handle h, long account) {
        Map<String, Object> out = new LinkedHashMap<>();
        h.createQuery("SELECT game, rating, deviation, games, volatility, last_game_at FROM ratings "
                        + "WHERE account_id = :a ORDER BY game")
                .bind("a", account)
                .map((rs, c) -> Map.entry(rs.getString(1), view(rs.getDouble(2),
                        deviationNow(rs.getDouble(2), rs.getDouble(3), rs.getDouble(5), rs.getTimestamp(6)),
                        rs.getInt(4))))
                .forEach(e -> out.put(e.getKey(), new LinkedHashMap<>(e.getValue())));
        for (Map.Entry<String, Object> e : out.entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) e.getValue();
            m.put("history", h.createQuery("SELECT rating, deviation, rated_at, game_id FROM rating_history "
                            + "WHERE account_id = :a AND game = :g ORDER BY rated_at, game_id")
                    .bind("a", account).bind("g", e.getKey())
                    .map((rs, c) -> {
                        Map<String, Object> p = new LinkedHashMap<>();
                        p.put("rating", (int) Math.round(rs.getDouble(1)));
                        p.put("deviation", (int) Math.round(rs.getDouble(2)));
                        p.put("at", rs.getTimestamp(3).toInstant().toString());
                        p.put("gameId", rs.getString(4));
                        return p;
                    }).list());
        }
        return out;
    }

    /** @return the best-rated players of {@code game}, up to {@code limit}: established ratings before provisional. */
    public static List<Map<String, Object>> leaderboard(Handle h, String game, int limit) {
        // ordered by the stored deviation; the flag shown is the one widened for the days away
        return h.createQuery("SELECT a.username, r.rating, r.deviation, r.games, r.volatility, r.last_game_at "
                        + "FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.game = :g "
                        + "ORDER BY CASE WHEN r.deviation > :d THEN 1 ELSE 0 END, r.rating DESC, a.username LIMIT :n")
                .bind("g", game).bind("d", PROVISIONAL_DEVIATION).bind("n", limit)
                .map((rs, c) -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("username", rs.getString(1));
                    m.putAll(view(rs.getDouble(2),
                            deviationNow(rs.getDouble(2), rs.getDouble(3), rs.getDouble(5), rs.getTimestamp(6)),
                            rs.getInt(4)));
                    return m;
                }).list();
    }

    /** @return the rating change of {@code account} from game {@code gameId}, if rated. */
    public static Optional<Double> change(Handle h, long account, String gameId) {
        return h.createQuery("SELECT change FROM rating_history WHERE account_id = :a AND game_id = :id")
                .bind("a", account).bind("id", gameId).mapTo(Double.class).findOne();
    }
}
