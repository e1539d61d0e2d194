package mancala.server.community;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import mancala.server.clock.TimeControl;
import org.jdbi.v3.core.Jdbi;

/** The table {@code game_players}: stored once per game, read through a cache (its facts never change but the start). */
public final class GameBook {
    private static final int MAX_CACHED = 20_000;

    private final Jdbi jdbi;
    private final Map<String, Optional<GameMeta>> cache = new ConcurrentHashMap<>();

    public GameBook(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** Stores a new game's facts. */
    public void insert(GameMeta m, String gameKey) {
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

    /** @return the game's facts, or empty for a game the community features never saw (plain AI or local). */
    public Optional<GameMeta> find(String gameId) {
        Optional<GameMeta> m = cache.get(gameId);
        if (m != null && (m.isEmpty() || m.get().clockStart() != null || m.get().timeControl() == null)) {
            return m;
        }
        Optional<GameMeta> read = read(gameId);
        if (cache.size() > MAX_CACHED) {
            cache.clear();
        }
        cache.put(gameId, read);
        return read;
    }

    /** Starts the clock at {@code at} unless it runs already; @return the facts after */
    public GameMeta start(GameMeta m, Instant at) {
        jdbi.useHandle(h -> h.createUpdate("UPDATE game_players SET clock_start = :at WHERE game_id = :id "
                + "AND clock_start IS NULL").bind("at", at).bind("id", m.gameId()).execute());
        cache.remove(m.gameId());
        return find(m.gameId()).orElse(m.startedAt(at));
    }

    /** Sets the seat of a player who took a free seat (an invitation opened by a signed-in player). */
    public void forget(String gameId) {
        cache.remove(gameId);
    }

    private Optional<GameMeta> read(String gameId) {
        return jdbi.withHandle(h -> h.createQuery("""
                SELECT game_id, game, south_player, north_player, south_seat, north_seat, time_control, clock_start,
                  rated, tournament_id FROM game_players WHERE game_id = :id""").bind("id", gameId)
                .map((rs, c) -> new GameMeta(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6),
                        rs.getString(7) == null ? null : TimeControl.parseTag(rs.getString(7)).orElse(null),
                        rs.getTimestamp(8) == null ? null : rs.getTimestamp(8).toInstant(), rs.getBoolean(9),
                        rs.getString(10)))
                .findOne());
    }
}
