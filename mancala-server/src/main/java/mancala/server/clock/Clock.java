package mancala.server.clock;

import mancala.rules.Side;

/**
 * The state of a game's clock, as stored: each side's time left when its clock last stopped, which side's clock is
 * running and since when. Immutable; times are milliseconds, instants are milliseconds since the epoch.
 *
 * <p>The clock of the side to move runs from the instant the other side's move was stored. A move stops the
 * mover's clock: the time used is taken off, then real time adds the increment (Fischer) and correspondence gives
 * the mover the full days again for his next move; then the opponent's clock runs. A side whose time left reaches
 * 0 while its clock runs has lost on time ({@link #flagInstant()} says when).
 *
 * @param control     the time control
 * @param southMillis South's time left when his clock last stopped (or at the start)
 * @param northMillis North's time left likewise
 * @param running     the side whose clock runs, or null when it is stopped (game not started or over)
 * @param since       the instant the running clock started, 0 when stopped
 */
public record Clock(TimeControl control, long southMillis, long northMillis, Side running, long since) {
    public Clock {
        if (control == null) {
            throw new IllegalArgumentException("a clock needs a time control");
        }
        if (running == null) {
            since = 0;
        }
    }

    /** @return a clock at the start: both sides' full time, stopped. */
    public static Clock initial(TimeControl control) {
        return new Clock(control, control.initialMillis(), control.initialMillis(), null, 0);
    }

    /** @return this clock with {@code side}'s clock running from {@code now}. */
    public Clock start(Side side, long now) {
        return new Clock(control, southMillis, northMillis, side, now);
    }

    /** @return {@code side}'s time left at {@code now}, never below 0. */
    public long remaining(Side side, long now) {
        long stored = side == Side.SOUTH ? southMillis : northMillis;
        if (side != running) {
            return stored;
        }
        return Math.max(0, stored - Math.max(0, now - since));
    }

    /** @return true when the running side's time has run out at {@code now}. */
    public boolean flagged(long now) {
        return running != null && remaining(running, now) == 0;
    }

    /** @return the instant the running side's time runs out, or {@link Long#MAX_VALUE} when the clock is stopped. */
    public long flagInstant() {
        if (running == null) {
            return Long.MAX_VALUE;
        }
        return since + (running == Side.SOUTH ? southMillis : northMillis);
    }

    /**
     * The clock after {@code mover}'s move stored at {@code now}.
     *
     * @param next the side to move next (the opponent, or the mover again when the opponent must pass), or null when
     *             the move ended the game
     * @return the new clock: the mover's time used taken off and increment or days added; {@code next}'s clock runs
     * @throws IllegalStateException when the mover's time had already run out (the caller ends the game on time
     *                               instead) or it is not the mover's clock that runs
     */
    public Clock afterMove(Side mover, Side next, long now) {
        if (running != null && running != mover) {
            throw new IllegalStateException("it is " + running + "'s clock that runs, not " + mover + "'s");
        }
        long left = remaining(mover, now);
        if (running != null && left == 0) {
            throw new IllegalStateException(mover + "'s time ran out at " + flagInstant());
        }
        if (control instanceof TimeControl.RealTime rt) {
            left += rt.incrementMillis();
        } else {
            left = control.initialMillis();
        }
        long south = mover == Side.SOUTH ? left : southMillis;
        long north = mover == Side.NORTH ? left : northMillis;
        if (next != null && next == mover && control instanceof TimeControl.Correspondence) {
            // the opponent passes (A5): the mover goes on with the full days of a new move
            return new Clock(control, south, north, next, now);
        }
        if (next != null && next != mover && control instanceof TimeControl.Correspondence) {
            if (next == Side.SOUTH) {
                south = control.initialMillis();
            } else {
                north = control.initialMillis();
            }
        }
        return new Clock(control, south, north, next, next == null ? 0 : now);
    }

    /** @return the clock stopped at {@code now}, the running side's time used taken off (0 when flagged). */
    public Clock stop(long now) {
        if (running == null) {
            return this;
        }
        long left = remaining(running, now);
        return new Clock(control, running == Side.SOUTH ? left : southMillis, running == Side.NORTH ? left : northMillis,
                null, 0);
    }

    /** @return the time left after a move made at {@code now}: what the record's clock comment shows for the mover. */
    public long after(Side side) {
        return side == Side.SOUTH ? southMillis : northMillis;
    }
}
