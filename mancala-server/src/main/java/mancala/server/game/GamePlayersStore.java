package mancala.server.game;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import mancala.server.clock.Clocks;
import mancala.server.clock.TimeControl;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/** The players of games (table {@code game_players}): stored once per game, read through a cache (its facts never change but the start). */
public final class GamePlayersStore {
    private static final int MAX_CACHED = 20_000;

    private final Jdbi jdbi;
    private final Map<String, Optional<GamePlayers>> cache = new ConcurrentHashMap<>();

    /** @param jdbi the database */
    public GamePlayersStore(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** Stores a new game's facts. */
    public void insert(GamePlayers m, String gameKey) {
        jdbi.useHandle(h -> h.createUpdate("""
                INSERT INTO game_players (game_id, game, south_player, north_player, south_seat, north_seat,
                  time_control, clock_start, rated, tournament_id, settled, created_at)
                VALUES (:id, :game, :sp, :np, :ss, :ns, :tc, :start, :rated, :t, FALSE, :now)""")
                .bind("id", m.gameId()).bind("game", gameKey).bind("sp", m.southPlayer())
                .bind("np", m.northPlayer()).bind("ss", m.southSeat()).bind("ns", m.northSeat())
                .bind("tc", m.timeControl() == null ? null : m.timeControl().tag())
                .bind("start", m.clockStart()).bind("rated", m.rated()).bind("t", m.tournamentId())
                .bind("now", Instant.now()).execute());
        cache.put(m.gameId(), Optional.of(m));
    }

    /** @return the game's facts, or empty for a game no person is known to play (plain AI or local). */
    public Optional<GamePlayers> find(String gameId) {
        Optional<GamePlayers> m = cache.get(gameId);
        if (m != null && (m.isEmpty() || m.get().clockStart() != null || m.get().timeControl() == null)) {
            return m;
        }
        Optional<GamePlayers> read = read(gameId);
        if (cache.size() > MAX_CACHED) {
            cache.clear();
        }
        cache.put(gameId, read);
        return read;
    }

    /** Starts the clock at {@code at} in the caller's transaction, unless it runs already. */
    public void startClock(Handle h, String gameId, Instant at) {
        h.createUpdate("UPDATE game_players SET clock_start = :at WHERE game_id = :id AND clock_start IS NULL")
                .bind("at", at).bind("id", gameId).execute();
        cache.remove(gameId);
    }

    /**
     * Seats a signed-in player who took the free seat of {@code gameId} on {@code side} ({@code south}/{@code north}).
     *
     * @return false when that side was taken already or the game has no row
     */
    public boolean seat(String gameId, boolean south, String playerKey, String seatToken) {
        String side = south ? "south" : "north";
        int n = jdbi.withHandle(h -> h.createUpdate("UPDATE game_players SET " + side + "_player = :p, " + side
                + "_seat = :s WHERE game_id = :id AND " + side + "_player IS NULL")
                .bind("p", playerKey).bind("s", seatToken).bind("id", gameId).execute());
        cache.remove(gameId);
        return n > 0;
    }

    /**
     * Marks a finished game settled in the caller's transaction, with its result.
     *
     * @return true for the one caller that settled it (false: settled already)
     */
    public boolean settle(Handle h, String gameId, String result, String termination, Instant at) {
        return h.createUpdate("UPDATE game_players SET settled = TRUE, result = :r, termination = :t, "
                        + "finished_at = :at WHERE game_id = :id AND settled = FALSE")
                .bind("r", result).bind("t", termination).bind("at", at).bind("id", gameId).execute() > 0;
    }

    /**
     * Marks an aborted game settled in the caller's transaction: no result, termination {@code aborted}, and who
     * aborted it by his own choice ({@code abortedBy}, null for a first move not made in time).
     *
     * @return true for the one caller that settled it (false: settled already)
     */
    public boolean settleAborted(Handle h, String gameId, String abortedBy, Instant at) {
        return h.createUpdate("UPDATE game_players SET settled = TRUE, result = NULL, termination = :t, "
                        + "aborted_by = :by, finished_at = :at WHERE game_id = :id AND settled = FALSE")
                .bind("t", GameState.ABORTED).bind("by", abortedBy).bind("at", at).bind("id", gameId).execute() > 0;
    }

    /** @return how many games the player of key {@code playerKey} aborted by his own choice. */
    public static int abortsBy(Handle h, String playerKey) {
        return h.createQuery("SELECT COUNT(*) FROM game_players WHERE aborted_by = :p").bind("p", playerKey)
                .mapTo(Integer.class).one();
    }

    /**
     * Locks the players' row of {@code gameId} in the caller's transaction ({@code SELECT … FOR UPDATE}), so that
     * whatever follows (a rematch offer) happens once per game across instances.
     *
     * @return false when the game has no players' row
     */
    public static boolean lock(Handle h, String gameId) {
        return h.createQuery("SELECT game_id FROM game_players WHERE game_id = :id FOR UPDATE").bind("id", gameId)
                .mapTo(String.class).findOne().isPresent();
    }

    /**
     * @return the games in progress of the player of key {@code playerKey}, most recently changed first (up to 50):
     *     {@code {"id","game","side","opponent","clock","rated","tournament","playUrl"}}
     */
    public List<Map<String, Object>> inProgress(String playerKey) {
        return jdbi.withHandle(h -> h.createQuery("""
                SELECT p.game_id, p.game, p.south_player, p.time_control, p.rated, p.tournament_id, g.south_name,
                  g.north_name FROM game_players p JOIN games g ON g.id = p.game_id
                WHERE (p.south_player = :k OR p.north_player = :k) AND p.settled = FALSE AND g.result IS NULL
                  AND g.abandoned = FALSE AND (g.termination IS NULL OR g.termination <> 'aborted')
                ORDER BY g.updated_at DESC, p.game_id LIMIT 50""").bind("k", playerKey)
                .map((rs, c) -> {
                    boolean south = playerKey.equals(rs.getString(3));
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("id", rs.getString(1));
                    m.put("game", rs.getString(2));
                    m.put("side", south ? "south" : "north");
                    m.put("opponent", south ? rs.getString(8) : rs.getString(7));
                    m.put("clock", Clocks.viewOfTag(rs.getString(4)));
                    m.put("rated", rs.getBoolean(5));
                    m.put("tournament", rs.getString(6));
                    m.put("playUrl", "/play.html?id=" + rs.getString(1));
                    return m;
                }).list());
    }

    /** Forgets the cached facts of a game (its row was changed). */
    public void forget(String gameId) {
        cache.remove(gameId);
    }

    private Optional<GamePlayers> read(String gameId) {
        return jdbi.withHandle(h -> h.createQuery("""
                SELECT game_id, game, south_player, north_player, south_seat, north_seat, time_control, clock_start,
                  rated, tournament_id FROM game_players WHERE game_id = :id""").bind("id", gameId)
                .map((rs, c) -> new GamePlayers(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6),
                        rs.getString(7) == null ? null : TimeControl.parseTag(rs.getString(7)).orElse(null),
                        rs.getTimestamp(8) == null ? null : rs.getTimestamp(8).toInstant(), rs.getBoolean(9),
                        rs.getString(10)))
                .findOne());
    }
}
