package mancala.server.community;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.rules.Side;
import mancala.server.clock.TimeControl;
import mancala.server.play.GameState;
import mancala.server.store.GameEvent;
import org.jdbi.v3.core.Jdbi;

/**
 * The clocks of games, computed from the instants at which the game's events were stored: the side to move's clock
 * runs from the instant the previous move was stored (the first from the clock's start). Nothing about a clock is
 * stored but the time control and its start; the instant the running clock runs out is a flag job in the job
 * table.
 */
public final class Clocks {
    private final Jdbi jdbi;

    public Clocks(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /**
     * A clock as computed.
     *
     * @param south       South's time left, milliseconds
     * @param north       North's time left, milliseconds
     * @param running     whose clock runs, or null
     * @param since       when the running clock last started (epoch milliseconds), 0 when stopped
     * @param afterPlies  each ply's mover's time left once the ply was stored (increment included), in order
     */
    public record State(long south, long north, Side running, long since, List<Long> afterPlies) {
        /** @return the instant the running side's time runs out (epoch ms), or {@link Long#MAX_VALUE}. */
        public long flagAt() {
            return running == null ? Long.MAX_VALUE : since + (running == Side.SOUTH ? south : north);
        }

        /** @return the time left of {@code side} at {@code now}. */
        public long left(Side side, long now) {
            long stored = side == Side.SOUTH ? south : north;
            return side == running ? Math.max(0, stored - Math.max(0, now - since)) : stored;
        }
    }

    /** @return the clock of {@code game} under {@code meta} (which has a time control) at {@code now}. */
    public static State compute(GameMeta meta, GameState game, long now) {
        TimeControl tc = meta.timeControl();
        long init = tc.initialMillis();
        long[] left = {init, init};
        List<Long> after = new ArrayList<>();
        if (meta.clockStart() == null) {
            return new State(init, init, null, 0, after);
        }
        long last = meta.clockStart().toEpochMilli();
        Side lastMover = null;
        boolean stopped = false;
        for (GameEvent e : game.events()) {
            Side side = "S".equals(e.side()) ? Side.SOUTH : Side.NORTH;
            long t = Math.max(last, e.playedAt().toEpochMilli());
            int i = side == Side.SOUTH ? 0 : 1;
            switch (e.kind()) {
                case GameEvent.MOVE -> {
                    left[i] = Math.max(0, left[i] - (t - last));
                    if (tc instanceof TimeControl.RealTime rt) {
                        left[i] += rt.incrementMillis();
                    } else {
                        left[i] = init;
                    }
                    after.add(left[i]);
                    lastMover = side;
                }
                case GameEvent.TIME -> {
                    left[i] = 0;
                    stopped = true;
                }
                default -> {
                    // resignation, agreement, abandonment: the side to move then had used its time until now
                    Side toMove = lastMover == null ? Side.SOUTH : lastMover.opponent();
                    int j = toMove == Side.SOUTH ? 0 : 1;
                    left[j] = Math.max(0, left[j] - (t - last));
                    stopped = true;
                }
            }
            last = t;
        }
        Side running = stopped || game.isOver() || game.isAbandoned() ? null : game.position().sideToMove();
        if (running == null) {
            return new State(left[0], left[1], null, 0, after);
        }
        return new State(left[0], left[1], running, last, after);
    }

    /** @return the view's {@code clock} field: both sides' time left at {@code now} and whose clock runs. */
    public static Map<String, Object> view(GameMeta meta, State s, long now) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("south", s.left(Side.SOUTH, now));
        m.put("north", s.left(Side.NORTH, now));
        m.put("running", s.running() == null ? null : s.running() == Side.SOUTH ? "south" : "north");
        TimeControl tc = meta.timeControl();
        if (tc instanceof TimeControl.RealTime rt) {
            m.put("initialSeconds", rt.initialSeconds());
            m.put("incrementSeconds", rt.incrementSeconds());
        } else if (tc instanceof TimeControl.Correspondence c) {
            m.put("daysPerMove", c.daysPerMove());
        }
        m.put("timeControl", tc.tag());
        return m;
    }

    /** Notes that the holder of {@code side} has a page of the game open now. */
    public void seen(String gameId, Side side) {
        Instant now = Instant.now();
        String code = side == Side.SOUTH ? "S" : "N";
        jdbi.useTransaction(h -> {
            int n = h.createUpdate("UPDATE game_presence SET last_seen = :t WHERE game_id = :id AND side = :s")
                    .bind("t", now).bind("id", gameId).bind("s", code).execute();
            if (n == 0) {
                h.createUpdate("INSERT INTO game_presence (game_id, side, last_seen) VALUES (:id, :s, :t)")
                        .bind("t", now).bind("id", gameId).bind("s", code).execute();
            }
        });
    }

    /** @return when the holder of {@code side} last had a page of the game open, or null for never. */
    public Instant lastSeen(String gameId, Side side) {
        return jdbi.withHandle(h -> h.createQuery("SELECT last_seen FROM game_presence WHERE game_id = :id "
                        + "AND side = :s").bind("id", gameId).bind("s", side == Side.SOUTH ? "S" : "N")
                .mapTo(java.sql.Timestamp.class).findOne().map(java.sql.Timestamp::toInstant).orElse(null));
    }
}
