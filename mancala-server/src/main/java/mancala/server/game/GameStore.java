package mancala.server.game;

import mancala.server.store.Database;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * Games and their events in the {@link Database}. A change of a game is made inside one transaction that first
 * takes the game's row lock with {@link #lock} ({@code SELECT … FOR UPDATE}), so changes of one game are
 * serialized across every server instance; the row's {@code version} rises by one with each change. Reads outside
 * a transaction ({@link #find}, {@link #events}, {@link #version}) see committed data only.
 */
public final class GameStore {
    private final Database db;

    /** @param db the database (migrated) */
    public GameStore(Database db) {
        this.db = db;
    }

    /** @return the database. */
    public Database database() {
        return db;
    }

    /** Stores a new game with no events (in the caller's transaction). */
    public void insert(Handle h, GameRow g) {
        h.createUpdate("""
                INSERT INTO games (id, game, options, mode, ai_side, ai_level, south_name, north_name, south_token,
                  north_token, invite_code, draw_offer, takeback_offer, plies, result, termination, created_at,
                  updated_at, version, abandoned)
                VALUES (:id, :game, :options, :mode, :aiSide, :aiLevel, :southName, :northName, :southToken,
                  :northToken, :inviteCode, :drawOffer, :takebackOffer, :plies, :result, :termination, :createdAt,
                  :updatedAt, :version, :abandoned)""").bindMethods(g).execute();
    }

    /**
     * Takes the game's row lock until the transaction ends. @return the row's version, or empty when there is no
     * such game
     */
    public Optional<Long> lock(Handle h, String id) {
        return h.createQuery("SELECT version FROM games WHERE id = :id FOR UPDATE").bind("id", id)
                .mapTo(Long.class).findOne();
    }

    /**
     * Takes the game's row lock until the transaction ends and reads the row with it (one statement: a change whose
     * cached copy is out of date then needs only the events). @return the row, or empty when there is no such game
     */
    public Optional<GameRow> lockRow(Handle h, String id) {
        return h.createQuery("SELECT * FROM games WHERE id = :id FOR UPDATE").bind("id", id)
                .map((rs, ctx) -> row(rs)).findOne();
    }

    /** Appends an event (in the caller's transaction; its {@code seq} must be the next one). */
    public void appendEvent(Handle h, String id, GameEvent event) {
        h.createUpdate("INSERT INTO game_events (game_id, seq, kind, side, pit, played_at) "
                        + "VALUES (:gameId, :seq, :kind, :side, :pit, :playedAt)")
                .bind("gameId", id).bindMethods(event).execute();
    }

    /**
     * PostgreSQL only: appends {@code event}, writes the row as {@link #update} and sends {@code NOTIFY channel,
     * payload} (delivered when the caller's transaction commits), in one statement, so one round trip to the
     * server instead of three.
     *
     * @param channel the notification channel's full name (see {@code ChangeFeed#pgChannel})
     */
    public void appendUpdateAndNotify(Handle h, GameRow row, GameEvent event, String channel, String payload) {
        h.createQuery("""
                WITH appended AS (
                  INSERT INTO game_events (game_id, seq, kind, side, pit, played_at)
                  VALUES (:id, :seq, :kind, :side, :pit, :playedAt) RETURNING 1),
                updated AS (
                  UPDATE games SET south_token = :southToken, north_token = :northToken, south_name = :southName,
                    north_name = :northName, invite_code = :inviteCode, draw_offer = :drawOffer,
                    takeback_offer = :takebackOffer, plies = :plies, result = :result, termination = :termination,
                    updated_at = :updatedAt, version = :version, abandoned = :abandoned WHERE id = :id RETURNING 1)
                SELECT (SELECT COUNT(*) FROM appended) + (SELECT COUNT(*) FROM updated), pg_notify(:channel, :payload)""")
                .bindMethods(row).bindMethods(event).bind("channel", channel).bind("payload", payload)
                .mapTo(Integer.class).one();
    }

    /** Removes the events from {@code fromSeq} on (a take-back), in the caller's transaction. */
    public void truncate(Handle h, String id, int fromSeq) {
        h.createUpdate("DELETE FROM game_events WHERE game_id = :id AND seq >= :seq")
                .bind("id", id).bind("seq", fromSeq).execute();
    }

    /**
     * Writes every column of the row that can change (seats and names of both sides, invitation, offers,
     * plies, result, version, abandonment), in the caller's transaction.
     */
    public void update(Handle h, GameRow row) {
        h.createUpdate("""
                UPDATE games SET south_token = :southToken, north_token = :northToken, south_name = :southName,
                  north_name = :northName, invite_code = :inviteCode, draw_offer = :drawOffer,
                  takeback_offer = :takebackOffer, plies = :plies, result = :result, termination = :termination,
                  updated_at = :updatedAt, version = :version, abandoned = :abandoned WHERE id = :id""")
                .bindMethods(row).execute();
    }

    /** @return the game's row, or empty when there is none. */
    public Optional<GameRow> find(Handle h, String id) {
        return h.createQuery("SELECT * FROM games WHERE id = :id").bind("id", id)
                .map((rs, ctx) -> row(rs)).findOne();
    }

    /** @return the game's committed row, or empty. */
    public Optional<GameRow> find(String id) {
        return db.withHandle(h -> find(h, id));
    }

    /** @return the game's events in order. */
    public List<GameEvent> events(Handle h, String id) {
        return h.createQuery(
                        "SELECT seq, kind, side, pit, played_at FROM game_events WHERE game_id = :id ORDER BY seq")
                .bind("id", id)
                .map((rs, ctx) -> new GameEvent(rs.getInt("seq"), rs.getString("kind"), rs.getString("side").strip(),
                        rs.getObject("pit", Integer.class), Database.instant(rs, "played_at")))
                .list();
    }

    /** @return the committed version of a game, or empty when there is none. */
    public Optional<Long> version(String id) {
        return db.withHandle(h -> h.createQuery("SELECT version FROM games WHERE id = :id").bind("id", id)
                .mapTo(Long.class).findOne());
    }

    /** @return the ids of unfinished, unabandoned games against the AI, oldest first. */
    public List<String> openAiGames() {
        return db.withHandle(h -> h.createQuery("SELECT id FROM games WHERE result IS NULL AND abandoned = FALSE "
                + "AND mode = 'ai' ORDER BY created_at").mapTo(String.class).list());
    }

    /** @return up to {@code limit} ids of unfinished games not changed since {@code before}. */
    public List<String> untouchedSince(Instant before, int limit) {
        return db.withHandle(h -> h.createQuery("SELECT id FROM games WHERE result IS NULL AND abandoned = FALSE "
                        + "AND (termination IS NULL OR termination <> 'aborted') AND updated_at < :before "
                        + "AND NOT EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = games.id "
                        + "AND p.time_control IS NOT NULL AND p.clock_start IS NOT NULL) ORDER BY updated_at LIMIT :n")
                .bind("before", before).bind("n", limit).mapTo(String.class).list());
    }

    /**
     * Deletes up to {@code limit} guests' games over and untouched since {@code before} (finished or abandoned, no
     * account in either seat), with their events, players, presence, browser seats and jobs.
     *
     * @return how many games were deleted
     */
    public int purgeGuestGames(Instant before, int limit) {
        return db.inTransaction(h -> {
            List<String> ids = h.createQuery("SELECT g.id FROM games g WHERE (g.result IS NOT NULL OR g.abandoned = TRUE) "
                            + "AND g.updated_at < :before AND NOT EXISTS (SELECT 1 FROM game_players p "
                            + "WHERE p.game_id = g.id AND (p.south_player LIKE 'a:%' OR p.north_player LIKE 'a:%' "
                            + "OR p.tournament_id IS NOT NULL)) ORDER BY g.updated_at LIMIT :n")
                    .bind("before", before).bind("n", limit).mapTo(String.class).list();
            if (ids.isEmpty()) {
                return 0;
            }
            for (String table : List.of("game_events", "game_presence", "browser_seats", "game_players")) {
                h.createUpdate("DELETE FROM " + table + " WHERE game_id IN (<ids>)").bindList("ids", ids).execute();
            }
            h.createUpdate("DELETE FROM jobs WHERE subject IN (<ids>)").bindList("ids", ids).execute();
            return h.createUpdate("DELETE FROM games WHERE id IN (<ids>)").bindList("ids", ids).execute();
        });
    }

    /** @return up to {@code limit} games, most recently changed first. */
    public List<GameRow> recent(int limit) {
        return db.withHandle(h -> h.createQuery("SELECT * FROM games ORDER BY updated_at DESC, id LIMIT :n")
                .bind("n", limit).map((rs, ctx) -> row(rs)).list());
    }

    private static GameRow row(ResultSet rs) throws SQLException {
        return new GameRow(rs.getString("id"), rs.getString("game"), rs.getString("options"), rs.getString("mode"),
                trim(rs.getString("ai_side")), rs.getObject("ai_level", Integer.class),
                rs.getString("south_name"), rs.getString("north_name"), rs.getString("south_token"),
                rs.getString("north_token"), rs.getString("invite_code"), trim(rs.getString("draw_offer")),
                trim(rs.getString("takeback_offer")), rs.getInt("plies"), rs.getString("result"),
                rs.getString("termination"), Database.instant(rs, "created_at"), Database.instant(rs, "updated_at"),
                rs.getLong("version"), rs.getBoolean("abandoned"));
    }

    private static String trim(String s) {
        return s == null ? null : s.trim();
    }
}
