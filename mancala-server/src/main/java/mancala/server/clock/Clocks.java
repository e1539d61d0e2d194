package mancala.server.clock;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.rules.Side;

/**
 * The clocks of games, computed from the instants at which the game's events were stored: the side to move's clock
 * runs from the instant the previous move was stored (the first from the clock's start). Nothing about a clock is
 * stored but the time control and its start; the instant the running clock runs out is a flag job in the job
 * table (see {@code game.ClockKeeper}).
 */
public final class Clocks {
    private Clocks() {
    }

    /** What ended a stored event, as far as the clock cares. */
    public enum EventKind {
        /** A move: the mover's clock stops (increment added), the opponent's runs. */
        MOVE,
        /** A loss on time: the flagged side has 0 left, the clock stops. */
        TIME,
        /** Resignation, agreement, abandonment: the side to move used its time until then; the clock stops. */
        OTHER
    }

    /**
     * One stored event of a game.
     *
     * @param side the side that acted
     * @param kind what it was
     * @param at   when it was stored
     */
    public record Event(Side side, EventKind kind, Instant at) {
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

        /** @return true when the running side's time is used up at {@code now} (he has lost on time). */
        public boolean flagged(long now) {
            return running != null && left(running, now) == 0;
        }
    }

    /**
     * @param tc         the time control
     * @param clockStart when the first clock started, or null while the game waits for a player
     * @param events     the game's stored events in order
     * @param toMove     the side to move while the game goes on, null once it is over or abandoned
     * @return the clock after {@code events}
     */
    public static State compute(TimeControl tc, Instant clockStart, List<Event> events, Side toMove) {
        long init = tc.initialMillis();
        long[] left = {init, init};
        List<Long> after = new ArrayList<>();
        if (clockStart == null) {
            return new State(init, init, null, 0, after);
        }
        long last = clockStart.toEpochMilli();
        Side lastMover = null;
        boolean stopped = false;
        for (Event e : events) {
            Side side = e.side();
            long t = Math.max(last, e.at().toEpochMilli());
            int i = side == Side.SOUTH ? 0 : 1;
            switch (e.kind()) {
                case MOVE -> {
                    left[i] = Math.max(0, left[i] - (t - last));
                    if (tc instanceof TimeControl.RealTime rt) {
                        left[i] += rt.incrementMillis();
                    } else {
                        left[i] = init;
                    }
                    after.add(left[i]);
                    lastMover = side;
                }
                case TIME -> {
                    left[i] = 0;
                    stopped = true;
                }
                case OTHER -> {
                    // resignation, agreement, abandonment: the side to move then had used its time until now
                    Side mover = lastMover == null ? Side.SOUTH : lastMover.opponent();
                    int j = mover == Side.SOUTH ? 0 : 1;
                    left[j] = Math.max(0, left[j] - (t - last));
                    stopped = true;
                }
            }
            last = t;
        }
        Side running = stopped ? null : toMove;
        if (running == null) {
            return new State(left[0], left[1], null, 0, after);
        }
        return new State(left[0], left[1], running, last, after);
    }

    /** @return the view's {@code clock} field: both sides' time left at {@code now} and whose clock runs. */
    public static Map<String, Object> view(TimeControl tc, State s, long now) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("south", s.left(Side.SOUTH, now));
        m.put("north", s.left(Side.NORTH, now));
        m.put("running", s.running() == null ? null : s.running() == Side.SOUTH ? "south" : "north");
        if (tc instanceof TimeControl.RealTime rt) {
            m.put("initialSeconds", rt.initialSeconds());
            m.put("incrementSeconds", rt.incrementSeconds());
        } else if (tc instanceof TimeControl.Correspondence c) {
            m.put("daysPerMove", c.daysPerMove());
        }
        m.put("timeControl", tc.tag());
        return m;
    }

    /** @return the API form of a clock tag: {@code {"initialSeconds","incrementSeconds"}}, {@code {"daysPerMove"}}; null for none */
    public static Map<String, Object> viewOfTag(String tag) {
        if (tag == null) {
            return null;
        }
        TimeControl tc = TimeControl.parseTag(tag).orElse(null);
        if (tc instanceof TimeControl.RealTime rt) {
            return Map.of("initialSeconds", rt.initialSeconds(), "incrementSeconds", rt.incrementSeconds());
        }
        if (tc instanceof TimeControl.Correspondence c) {
            return Map.of("daysPerMove", c.daysPerMove());
        }
        return null;
    }
}
