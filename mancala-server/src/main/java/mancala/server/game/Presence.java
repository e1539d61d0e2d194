package mancala.server.game;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import mancala.rules.Side;
import mancala.server.clock.TimeControl;
import mancala.server.error.DomainError;

/**
 * Whether the players of a game on a clock are still there: each open page says so now and then
 * ({@link #seen}); a real-time game may be claimed against a player whose page has been closed for
 * {@value #CLAIM_AFTER_MILLIS} ms ({@link #claim}).
 */
public final class Presence {
    /** A real-time game may be claimed against a player whose page has been closed this long. */
    public static final long CLAIM_AFTER_MILLIS = 30_000;

    private final GameService games;
    private final GamePlayersStore players;
    private final PresenceStore visits;

    /** @param visits when each side last had a page open */
    public Presence(GameService games, GamePlayersStore players, PresenceStore visits) {
        this.games = games;
        this.players = players;
        this.visits = visits;
    }

    /** Notes that {@code side}'s page of game {@code g} is open. @return {@link #view} */
    public Map<String, Object> seen(GameState g, Side side) {
        visits.seen(g.id(), side, Instant.now());
        return view(g);
    }

    /** @return for each side, milliseconds since its page was last seen (null: never). */
    public Map<String, Object> view(GameState g) {
        long now = System.currentTimeMillis();
        Map<String, Object> m = new LinkedHashMap<>();
        for (Side s : Side.values()) {
            Instant seen = visits.lastSeen(g.id(), s);
            m.put(s == Side.SOUTH ? "south" : "north", seen == null ? null : now - seen.toEpochMilli());
        }
        return m;
    }

    /**
     * Claims a real-time game against an opponent whose page has been closed for {@value #CLAIM_AFTER_MILLIS} ms
     * (or never opened that long after the start): he loses, termination {@code abandoned}.
     *
     * @param me the claimant's side
     * @return the game after
     * @throws DomainError CONFLICT {@code no-claim}, {@code game-over} or {@code opponent-present}
     */
    public GameState claim(String id, Side me) {
        GamePlayers m = players.find(id).orElse(null);
        if (m == null || !(m.timeControl() instanceof TimeControl.RealTime)) {
            throw DomainError.conflict("no-claim", "only a real-time game may be claimed against a player who left",
                    Map.of());
        }
        return games.apply(id, (live, now) -> {
            if (live.isOver()) {
                throw DomainError.conflict("game-over", "the game is over", Map.of());
            }
            Instant seen = visits.lastSeen(id, me.opponent());
            Instant since = seen != null ? seen : m.clockStart();
            long gone = since == null ? 0 : System.currentTimeMillis() - since.toEpochMilli();
            if (gone < CLAIM_AFTER_MILLIS) {
                throw new DomainError(DomainError.Kind.CONFLICT, "opponent-present", "the opponent was here {gone} s "
                        + "ago; a claim needs {need} s of absence", Map.of("gone", gone / 1000,
                        "need", CLAIM_AFTER_MILLIS / 1000), Map.of("goneMillis", gone), 0);
            }
            return SeatProtocol.forfeit(live, me.opponent(), GameEvent.ABANDON, now);
        }, null);
    }
}
