package mancala.server.clock;

import mancala.rules.Side;

/**
 * The live clock of a game: the one place where time used, increment, first-move time, flag and correspondence
 * deadline are computed. Immutable and pure (every instant is given by the caller); times are milliseconds,
 * instants milliseconds since the epoch.
 *
 * <p>The rules it keeps:
 * <ul>
 *   <li><b>The start.</b> Once both seats are taken the game starts ({@link #start}): the side to move has
 *   {@link #firstMoveMillis()} for its first move (30 s in real time, 60 s in a tournament, the full days per move
 *   by correspondence; {@link TimeControl#firstMoveMillis}) and its own time does not run. A side's own time runs
 *   only after it has made its first move; as the sides alternate, the real-time clock starts once both have moved
 *   once. A first move takes nothing from the side's time and earns no increment.</li>
 *   <li><b>The first-move deadline.</b> A side that has not made its first move by {@link #deadline()} has missed
 *   it: {@link #expiry} says {@link Expiry#FIRST_MOVE}, and the caller aborts the game (a tournament forfeits it).
 *   Until a side has moved, that side may abort ({@link #canAbort}).</li>
 *   <li><b>Time used and increment.</b> The side to move's time runs from the instant the previous move was stored
 *   ({@link #since()}). A move takes the time used off the mover's time; real time then adds the Fischer increment;
 *   correspondence gives every move the full days again.</li>
 *   <li><b>The flag.</b> The running side has lost on time at {@link #deadline()}, the instant its time left
 *   reaches 0 ({@link Expiry#FLAG}); by correspondence that instant is the move's deadline. A move stored at or
 *   after that instant, even by a millisecond, is late: {@link #afterMove} refuses it and the caller ends the game
 *   on time instead.</li>
 * </ul>
 *
 * @param control         the time control
 * @param firstMoveMillis the time each side has for its first move, greater than 0
 * @param southMillis     South's own time left when his clock last stopped (or at the start)
 * @param northMillis     North's own time left likewise
 * @param southMoved      whether South has made his first move
 * @param northMoved      whether North has made his first move
 * @param running         the side to move whose time or first-move time runs, or null when the clock is stopped
 *                        (game not started, or over)
 * @param since           the instant the running side's time started, 0 when stopped
 */
public record Clock(TimeControl control, long firstMoveMillis, long southMillis, long northMillis,
                    boolean southMoved, boolean northMoved, Side running, long since) {

    /** What runs out at a clock's {@link #deadline()}. */
    public enum Expiry {
        /** Nothing has run out (or the clock is stopped). */
        NONE,
        /** The side to move did not make its first move in time: the game is aborted (a tournament: forfeited). */
        FIRST_MOVE,
        /** The side to move's time ran out: it has lost on time. */
        FLAG
    }

    public Clock {
        if (control == null) {
            throw new IllegalArgumentException("a clock needs a time control");
        }
        if (firstMoveMillis <= 0) {
            throw new IllegalArgumentException("the first-move time must be positive, was " + firstMoveMillis);
        }
        if (southMillis < 0 || northMillis < 0) {
            throw new IllegalArgumentException("time left cannot be negative: " + southMillis + ", " + northMillis);
        }
        if (running == null) {
            since = 0;
        }
    }

    /** @return a stopped clock before the start: both sides' full time, the first-move time of a casual game. */
    public static Clock initial(TimeControl control) {
        return initial(control, control.firstMoveMillis(false));
    }

    /** @return a stopped clock before the start: both sides' full time, {@code firstMoveMillis} for first moves. */
    public static Clock initial(TimeControl control, long firstMoveMillis) {
        return new Clock(control, firstMoveMillis, control.initialMillis(), control.initialMillis(), false, false,
                null, 0);
    }

    /**
     * @return this clock with {@code side} to move from {@code now}: at the start of the game, its first-move time
     *     runs (its own time once it has moved)
     */
    public Clock start(Side side, long now) {
        return new Clock(control, firstMoveMillis, southMillis, northMillis, southMoved, northMoved, side, now);
    }

    /** @return whether {@code side} has made its first move. */
    public boolean hasMoved(Side side) {
        return side == Side.SOUTH ? southMoved : northMoved;
    }

    /** @return true when the side to move has yet to make its first move (its first-move time runs). */
    public boolean awaitingFirstMove() {
        return running != null && !hasMoved(running);
    }

    /** @return true when the running side's own time runs (it has made its first move). */
    public boolean ownTimeRuns() {
        return running != null && hasMoved(running);
    }

    /** @return true once both sides have made their first move: the game can no longer be aborted. */
    public boolean bothMoved() {
        return southMoved && northMoved;
    }

    /**
     * @return whether {@code side} may still abort the game (no result, unrated): while it has not made its own
     *     first move. The caller checks that the game is not over.
     */
    public boolean canAbort(Side side) {
        return !hasMoved(side);
    }

    /** @return the time the running side has used since its time started at {@code now}; 0 when stopped. */
    public long timeUsed(long now) {
        return running == null ? 0 : Math.max(0, now - since);
    }

    /**
     * @return {@code side}'s own time left at {@code now}, never below 0: the stored time, less the time used when
     *     that side's own time runs
     */
    public long remaining(Side side, long now) {
        long stored = stored(side);
        if (side != running || !hasMoved(side)) {
            return stored;
        }
        return Math.max(0, stored - timeUsed(now));
    }

    /** @return the first-move time the side to move has left at {@code now}, or 0 when none runs. */
    public long firstMoveLeft(long now) {
        return awaitingFirstMove() ? Math.max(0, since + firstMoveMillis - now) : 0;
    }

    /**
     * @return the instant the running side's allowance ends: its first-move deadline while it has not moved, else
     *     its flag instant (by correspondence, the move's deadline); {@link Long#MAX_VALUE} when stopped
     */
    public long deadline() {
        if (running == null) {
            return Long.MAX_VALUE;
        }
        return since + (hasMoved(running) ? stored(running) : firstMoveMillis);
    }

    /** @return the flag instant of the running side's own time, or {@link Long#MAX_VALUE} when none runs. */
    public long flagInstant() {
        return ownTimeRuns() ? deadline() : Long.MAX_VALUE;
    }

    /** @return what has run out at {@code now}: the first-move time, the running side's time, or nothing. */
    public Expiry expiry(long now) {
        if (running == null || now < deadline()) {
            return Expiry.NONE;
        }
        return hasMoved(running) ? Expiry.FLAG : Expiry.FIRST_MOVE;
    }

    /** @return true when the running side has lost on time at {@code now}. */
    public boolean flagged(long now) {
        return expiry(now) == Expiry.FLAG;
    }

    /**
     * The clock after {@code mover}'s move stored at {@code at} (an instant before {@link #since()}, from another
     * instance's clock, counts as {@code since}).
     *
     * @param next the side to move next (the opponent, or the mover again when the opponent must pass), or null when
     *             the move ended the game
     * @return the new clock: a first move marks the mover as moved and changes no time; a later move takes the time
     *     used off the mover's time and adds the increment (real time) or gives the full days again
     *     (correspondence); {@code next}'s time or first-move time runs from {@code at}
     * @throws IllegalStateException when the clock is stopped, it is not the mover's turn, or the move is late
     *                               ({@link #expiry} at {@code at} is not {@link Expiry#NONE}: the caller ends the
     *                               game on time or aborts it instead)
     */
    public Clock afterMove(Side mover, Side next, long at) {
        if (running == null) {
            throw new IllegalStateException("the clock is stopped");
        }
        if (running != mover) {
            throw new IllegalStateException("it is " + running + "'s clock that runs, not " + mover + "'s");
        }
        long t = Math.max(at, since);
        Expiry late = expiry(t);
        if (late != Expiry.NONE) {
            throw new IllegalStateException(mover + "'s move at " + t + " is late: "
                    + (late == Expiry.FLAG ? "its time" : "its first-move time") + " ran out at " + deadline());
        }
        long left = stored(mover);
        if (hasMoved(mover)) {
            if (control instanceof TimeControl.RealTime rt) {
                left = left - (t - since) + rt.incrementMillis();
            } else {
                left = control.initialMillis();
            }
        }
        long south = mover == Side.SOUTH ? left : southMillis;
        long north = mover == Side.NORTH ? left : northMillis;
        return new Clock(control, firstMoveMillis, south, north, southMoved || mover == Side.SOUTH,
                northMoved || mover == Side.NORTH, next, next == null ? 0 : t);
    }

    /**
     * @return the clock stopped at {@code now} (resignation, agreement, a flag, an abort): the running side's time
     *     used is taken off when its own time ran (0 when flagged)
     */
    public Clock stop(long now) {
        if (running == null) {
            return this;
        }
        long left = remaining(running, now);
        return new Clock(control, firstMoveMillis, running == Side.SOUTH ? left : southMillis,
                running == Side.NORTH ? left : northMillis, southMoved, northMoved, null, 0);
    }

    /**
     * @return {@code side}'s stored time left (when its clock last stopped): after its move, what the record's clock
     *     comment shows for it
     */
    public long after(Side side) {
        return stored(side);
    }

    /**
     * Whether {@code claimer} may claim the game against an opponent who left: only while it is the opponent's turn,
     * the opponent's own time runs (he has made his first move: before it, a missed first move aborts instead) and
     * he has been gone {@code claimAfterMillis} by {@code now}.
     *
     * @param opponentGoneSince the instant the opponent was last connected
     */
    public boolean claimable(Side claimer, long opponentGoneSince, long now, long claimAfterMillis) {
        return running == claimer.opponent() && ownTimeRuns() && expiry(now) == Expiry.NONE
                && now - Math.max(opponentGoneSince, since) >= claimAfterMillis;
    }

    private long stored(Side side) {
        return side == Side.SOUTH ? southMillis : northMillis;
    }
}
