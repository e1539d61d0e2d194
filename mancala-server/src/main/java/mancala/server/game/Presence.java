package mancala.server.game;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import mancala.rules.Side;
import mancala.server.clock.Clock;
import mancala.server.clock.TimeControl;
import mancala.server.error.DomainError;

/**
 * Whether the players of a game on a clock are still there: each open page says so now and then
 * ({@link #seen}); a real-time game may be claimed against a player whose page has been closed for
 * {@value #CLAIM_AFTER_MILLIS} ms while his own clock runs ({@link #claim}; the arithmetic is
 * {@link Clock#claimable}'s). A player gone before his first move gets the game aborted, not lost (in a tournament
 * he forfeits it, as when his first-move time runs out). Never against the computer, never on one's own turn.
 */
public final class Presence {
    /** A real-time game may be claimed against a player whose page has been closed this long. */
    public static final long CLAIM_AFTER_MILLIS = 30_000;
    /** A page says it is open every 10 s: a side not seen for this long has left, and the claim countdown shows. */
    public static final long GONE_AFTER_MILLIS = 15_000;

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

    /**
     * @return for each side, milliseconds since its page was last seen (null: never), and {@code claim}: while the
     *     side to move has been gone {@value #GONE_AFTER_MILLIS} ms with his own time running in a real-time game
     *     between people, {@code {"against": side, "inMillis": ms}} (0: the claim is possible now), else null
     */
    public Map<String, Object> view(GameState g) {
        long now = System.currentTimeMillis();
        Map<String, Object> m = new LinkedHashMap<>();
        Map<Side, Instant> seen = new java.util.EnumMap<>(Side.class);
        for (Side s : Side.values()) {
            Instant at = visits.lastSeen(g.id(), s);
            seen.put(s, at);
            m.put(s == Side.SOUTH ? "south" : "north", at == null ? null : now - at.toEpochMilli());
        }
        Map<String, Object> claim = null;
        GamePlayers p = players.find(g.id()).orElse(null);
        if (p != null && claimsAllowed(p) && !g.isOver() && !g.isAborted()) {
            Clock c = ClockKeeper.state(p, g, now).clock();
            Side gone = c.running();
            if (gone != null) {
                long since = Math.max(goneSince(p, seen.get(gone)), c.since());
                if (now - since >= GONE_AFTER_MILLIS) {
                    claim = new LinkedHashMap<>();
                    claim.put("against", gone == Side.SOUTH ? "south" : "north");
                    claim.put("inMillis", Math.max(0, since + CLAIM_AFTER_MILLIS - now));
                }
            }
        }
        m.put("claim", claim);
        return m;
    }

    private static boolean claimsAllowed(GamePlayers p) {
        return p.timeControl() instanceof TimeControl.RealTime && p.southPlayer() != null
                && p.northPlayer() != null;
    }

    private static long goneSince(GamePlayers p, Instant seen) {
        Instant since = seen != null ? seen : p.clockStart();
        return since == null ? 0 : since.toEpochMilli();
    }

    /**
     * Claims a real-time game against an opponent whose page has been closed for {@value #CLAIM_AFTER_MILLIS} ms
     * (or never opened that long after his clock started) while it is his turn and his clock runs: he loses,
     * termination {@code abandoned}. Before his first move the game is aborted instead (a tournament game: he
     * forfeits it). When the running clock has run out, that ends the game instead.
     *
     * @param me the claimant's side
     * @return the game after
     * @throws DomainError CONFLICT {@code no-claim} (not real time), {@code claim-computer} (the opponent is the
     *                     computer), {@code claim-own-turn} (it is the claimant's turn), {@code game-over} or
     *                     {@code opponent-present}
     */
    public GameState claim(String id, Side me) {
        GamePlayers m = players.find(id).orElse(null);
        if (m == null || !(m.timeControl() instanceof TimeControl.RealTime)) {
            throw DomainError.conflict("no-claim", "only a real-time game may be claimed against a player who left",
                    Map.of());
        }
        if (m.player(me.opponent()) == null || games.find(id).mode() == Mode.AI) {
            throw DomainError.conflict("claim-computer", "the computer never leaves a game: there is nothing to "
                    + "claim", Map.of());
        }
        return games.apply(id, (live, now) -> {
            if (live.isOver() || live.isAborted() || live.isAbandoned()) {
                throw DomainError.conflict("game-over", "the game is over", Map.of());
            }
            SeatProtocol.Change ran = games.extension().before(live, now);
            if (ran != null) {
                return ran;
            }
            Clock c = ClockKeeper.state(m, live, now.toEpochMilli()).clock();
            Side opponent = me.opponent();
            if (c.running() != opponent) {
                throw DomainError.conflict("claim-own-turn", "it is your turn: a claim is possible only while your "
                        + "opponent's clock runs", Map.of());
            }
            long t = now.toEpochMilli();
            long since = goneSince(m, visits.lastSeen(id, opponent));
            long gone = t - Math.max(since, c.since());
            if (!c.hasMoved(opponent) && gone >= CLAIM_AFTER_MILLIS) {
                return m.tournamentId() != null ? SeatProtocol.forfeit(live, opponent, GameEvent.FORFEIT, now)
                        : SeatProtocol.noStart(live, opponent, now);
            }
            if (!c.claimable(me, since, t, CLAIM_AFTER_MILLIS)) {
                throw new DomainError(DomainError.Kind.CONFLICT, "opponent-present", "the opponent was here {gone} s "
                        + "ago; a claim needs {need} s of absence", Map.of("gone", Math.max(0, gone) / 1000,
                        "need", CLAIM_AFTER_MILLIS / 1000), Map.of("goneMillis", Math.max(0, gone)), 0);
            }
            return SeatProtocol.forfeit(live, opponent, GameEvent.ABANDON, now);
        }, null);
    }
}
