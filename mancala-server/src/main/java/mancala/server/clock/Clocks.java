package mancala.server.clock;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.rules.Side;

/**
 * The clocks of games, computed from the instants at which the game's events were stored: the stored events are
 * replayed through the one live clock, {@link Clock} (first-move time, time used, increment, flag, correspondence
 * deadline), from the instant the game started. Nothing about a clock is stored but the time control and its start;
 * the instant the running allowance ends (first move or flag) is a flag job in the job table (see
 * {@code game.ClockKeeper}).
 */
public final class Clocks {
    private Clocks() {
    }

    /** What ended a stored event, as far as the clock cares. */
    public enum EventKind {
        /** A move: the mover's clock stops (increment added after his first move), the next side's runs. */
        MOVE,
        /** Any other end (time, resignation, agreement, abandonment, abort): the clock stops. */
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
     * @param clock       the live clock after the events
     * @param afterPlies  each ply's mover's time left once the ply was stored (increment included), in order
     */
    public record State(Clock clock, List<Long> afterPlies) {
        /** @return whose time (or first-move time) runs, or null. */
        public Side running() {
            return clock.running();
        }

        /** @return the instant the running allowance ends (first move or flag; epoch ms), or {@link Long#MAX_VALUE}. */
        public long deadline() {
            return clock.deadline();
        }

        /** @return the time left of {@code side} at {@code now}. */
        public long left(Side side, long now) {
            return clock.remaining(side, now);
        }
    }

    /**
     * Replays a game's stored events through {@link Clock}. A stored move is never late (the server ends the game
     * on time before storing a late one), so a move stored after its deadline by another instance's clock is replayed
     * as made just before it.
     *
     * @param tc              the time control
     * @param firstMoveMillis each side's first-move time ({@link TimeControl#firstMoveMillis})
     * @param clockStart      when the game started (both seated), or null while it waits for a player
     * @param events          the game's stored events in order
     * @param toMove          the side to move while the game goes on, null once it is over or closed
     * @return the clock after {@code events}
     */
    public static State compute(TimeControl tc, long firstMoveMillis, Instant clockStart, List<Event> events,
                                Side toMove) {
        Clock c = Clock.initial(tc, firstMoveMillis);
        List<Long> after = new ArrayList<>();
        if (clockStart == null) {
            return new State(c, after);
        }
        Side first = events.stream().filter(e -> e.kind() == EventKind.MOVE).map(Event::side).findFirst()
                .orElse(toMove == null ? Side.SOUTH : toMove);
        c = c.start(first, clockStart.toEpochMilli());
        for (int i = 0; i < events.size() && c.running() != null; i++) {
            Event e = events.get(i);
            long at = Math.max(c.since(), e.at().toEpochMilli());
            if (e.kind() == EventKind.OTHER) {
                c = c.stop(at);
                continue;
            }
            if (c.running() != e.side()) {
                // a pass the events do not show: the mover's time runs from the same instant
                c = c.start(e.side(), c.since());
            }
            Side next = i + 1 < events.size() ? (events.get(i + 1).kind() == EventKind.MOVE
                    ? events.get(i + 1).side() : e.side().opponent()) : toMove;
            c = c.afterMove(e.side(), next, Math.min(at, c.deadline() - 1));
            after.add(c.after(e.side()));
        }
        return new State(c, after);
    }

    /**
     * @return the view's {@code clock} field: both sides' time left at {@code now}, whose clock runs, whether each
     *     side has made its first move and, while a side's first-move time runs, how much of it is left
     */
    public static Map<String, Object> view(TimeControl tc, State s, long now) {
        Clock c = s.clock();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("south", c.remaining(Side.SOUTH, now));
        m.put("north", c.remaining(Side.NORTH, now));
        m.put("running", c.running() == null ? null : c.running() == Side.SOUTH ? "south" : "north");
        m.put("southMoved", c.hasMoved(Side.SOUTH));
        m.put("northMoved", c.hasMoved(Side.NORTH));
        m.put("firstMoveMillis", c.firstMoveMillis());
        m.put("firstMoveLeft", c.awaitingFirstMove() ? c.firstMoveLeft(now) : null);
        if (tc instanceof TimeControl.RealTime rt) {
            m.put("initialSeconds", rt.initialSeconds());
            m.put("incrementSeconds", rt.incrementSeconds());
        } else if (tc instanceof TimeControl.Correspondence cc) {
            m.put("daysPerMove", cc.daysPerMove());
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
