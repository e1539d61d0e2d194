package mancala.server.challenge;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.Query;

/** The table {@code challenges}: open challenges, seeks and rematch offers, and their status. */
public final class ChallengeStore {
    private final Jdbi jdbi;

    /** @param jdbi the database */
    public ChallengeStore(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** @return the database. */
    Jdbi jdbi() {
        return jdbi;
    }

    /** Stores a new challenge in the caller's transaction. */
    public static void insert(Handle h, Challenge ch) {
        h.createUpdate("""
                INSERT INTO challenges (id, kind, game, options, time_control, rated, side, creator, creator_name,
                  creator_rating, to_player, rematch_of, status, game_id, created_at)
                VALUES (:id, :kind, :game, :options, :tc, :rated, :side, :creator, :creatorName,
                  :creatorRating, :toPlayer, :rematchOf, :status, :gameId, :createdAt)""")
                .bind("id", ch.id()).bind("kind", ch.kind()).bind("game", ch.game()).bind("options", ch.options())
                .bind("tc", ch.timeControl()).bind("rated", ch.rated()).bind("side", ch.side())
                .bind("creator", ch.creator()).bind("creatorName", ch.creatorName())
                .bind("creatorRating", ch.creatorRating()).bind("toPlayer", ch.toPlayer())
                .bind("rematchOf", ch.rematchOf()).bind("status", ch.status()).bind("gameId", ch.gameId())
                .bind("createdAt", ch.createdAt()).execute();
    }

    /** Stores a new challenge in its own transaction. */
    public void insert(Challenge ch) {
        jdbi.useHandle(h -> insert(h, ch));
    }

    /** @return how many open challenges and seeks {@code creator} has. */
    public static int openOf(Handle h, String creator) {
        return h.createQuery("SELECT COUNT(*) FROM challenges WHERE creator = :c AND status = 'open'")
                .bind("c", creator).mapTo(Integer.class).one();
    }

    /**
     * @return the open challenges and seeks posted from {@code address}: by guests, then by anyone
     */
    public static int[] openFrom(Handle h, String address) {
        return h.createQuery("SELECT COUNT(CASE WHEN creator LIKE 'g:%' THEN 1 END), COUNT(*) FROM challenges "
                        + "WHERE creator_address = :a AND status = 'open'")
                .bind("a", address).map((rs, c) -> new int[] {rs.getInt(1), rs.getInt(2)}).one();
    }

    /** Notes the address challenge {@code id} was posted from. */
    public static void from(Handle h, String id, String address) {
        h.createUpdate("UPDATE challenges SET creator_address = :a WHERE id = :id")
                .bind("a", address.length() > 64 ? address.substring(0, 64) : address).bind("id", id).execute();
    }

    /** @return the challenge with this id, or empty. */
    public Optional<Challenge> find(String id) {
        if (id == null || id.length() > 24) {
            return Optional.empty();
        }
        return jdbi.withHandle(h -> query(h, "id = :id").bind("id", id).map((rs, c) -> row(rs)).findOne());
    }

    /** @return true for the one caller that moved the open challenge {@code id} to {@code taken}. */
    public boolean take(String id) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE challenges SET status = 'taken' "
                + "WHERE id = :id AND status = 'open'").bind("id", id).execute()) > 0;
    }

    /** Opens a taken challenge again (its game could not start). */
    public void reopen(String id) {
        jdbi.useHandle(h -> h.createUpdate("UPDATE challenges SET status = 'open' WHERE id = :id")
                .bind("id", id).execute());
    }

    /** Marks a taken challenge accepted, with the game it started. */
    public void accepted(String id, String gameId) {
        jdbi.useHandle(h -> h.createUpdate("UPDATE challenges SET status = 'accepted', game_id = :g "
                + "WHERE id = :id").bind("g", gameId).bind("id", id).execute());
    }

    /** @return true when {@code creator}'s open challenge {@code id} was cancelled. */
    public boolean cancel(String id, String creator) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE challenges SET status = 'cancelled' WHERE id = :id "
                + "AND creator = :c AND status = 'open'").bind("id", id).bind("c", creator).execute()) > 0;
    }

    /** @return true when the open challenge {@code id} made to {@code toPlayer} was declined. */
    public boolean decline(String id, String toPlayer) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE challenges SET status = 'declined' WHERE id = :id "
                + "AND to_player = :p AND status = 'open'").bind("id", id).bind("p", toPlayer).execute()) > 0;
    }

    /** @return the id of the open rematch offer for game {@code gameId} made by {@code creator}, if any. */
    public Optional<String> openRematch(String gameId, String creator) {
        return jdbi.withHandle(h -> h.createQuery(
                        "SELECT id FROM challenges WHERE rematch_of = :g AND creator = :c AND status = 'open'")
                .bind("g", gameId).bind("c", creator).mapTo(String.class).findOne());
    }

    /** @return the open rematch offer for game {@code gameId} made by {@code creator}, in the caller's transaction. */
    static Optional<Challenge> openRematch(Handle h, String gameId, String creator) {
        return query(h, "rematch_of = :g AND creator = :c AND status = 'open'").bind("g", gameId)
                .bind("c", creator).map((rs, c) -> row(rs)).findOne();
    }

    /** @return the rematch of game {@code gameId} taken already (its game started or starting), if any. */
    static Optional<Challenge> takenRematch(Handle h, String gameId) {
        return query(h, "rematch_of = :g AND status IN ('taken', 'accepted') ORDER BY created_at").bind("g", gameId)
                .map((rs, c) -> row(rs)).findFirst();
    }

    /** @return true when the open challenge {@code id} moved to {@code taken} in the caller's transaction. */
    static boolean take(Handle h, String id) {
        return h.createUpdate("UPDATE challenges SET status = 'taken' WHERE id = :id AND status = 'open'")
                .bind("id", id).execute() > 0;
    }

    /** @return the open challenges {@code playerKey} may see: to anyone, to him, or his own; seeks only his own. */
    public List<Challenge> visibleTo(String playerKey) {
        return jdbi.withHandle(h -> query(h, "status = 'open' AND (creator = :me OR (kind <> 'seek' AND "
                + "(to_player IS NULL OR to_player = :me))) ORDER BY created_at DESC LIMIT 200")
                .bind("me", playerKey).map((rs, c) -> row(rs)).list());
    }

    /** @return the newest open challenges and seeks, up to {@code limit}, newest first. */
    public List<Challenge> open(int limit) {
        return jdbi.withHandle(h -> query(h, "status = 'open' ORDER BY created_at DESC LIMIT :n")
                .bind("n", limit).map((rs, c) -> row(rs)).list());
    }

    /** @return the open seeks for this game and clock tag, rated or not, by others than {@code me}, oldest first. */
    public List<Challenge> waitingSeeks(String game, String clockTag, boolean rated, String me) {
        return jdbi.withHandle(h -> query(h, "kind = 'seek' AND status = 'open' AND game = :g "
                + "AND time_control = :tc AND rated = :r AND creator <> :me ORDER BY created_at")
                .bind("g", game).bind("tc", clockTag).bind("r", rated).bind("me", me)
                .map((rs, ctx) -> row(rs)).list());
    }

    /**
     * Marks open challenges that waited too long as expired: real-time ones after {@code realTime}, correspondence
     * ones after {@code correspondence}.
     *
     * @return how many expired
     */
    public int expire(Instant now, Duration realTime, Duration correspondence) {
        return jdbi.withHandle(h -> h.createUpdate("UPDATE challenges SET status = 'expired' WHERE "
                        + "status = 'open' AND ((time_control NOT LIKE '1/%' OR time_control IS NULL) AND "
                        + "created_at < :rt OR created_at < :cor)")
                .bind("rt", now.minus(realTime)).bind("cor", now.minus(correspondence)).execute());
    }

    private static Query query(Handle h, String where) {
        return h.createQuery("SELECT id, kind, game, options, time_control, rated, side, creator, creator_name, "
                + "creator_rating, to_player, rematch_of, status, game_id, created_at FROM challenges WHERE " + where);
    }

    private static Challenge row(ResultSet rs) throws SQLException {
        return new Challenge(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getBoolean(6), rs.getString(7), rs.getString(8), rs.getString(9),
                rs.getObject(10, Integer.class), rs.getString(11), rs.getString(12), rs.getString(13),
                rs.getString(14), rs.getTimestamp(15).toInstant());
    }
}
