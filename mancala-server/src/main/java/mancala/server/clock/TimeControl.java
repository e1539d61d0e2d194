package mancala.server.clock;

import java.util.Locale;
import java.util.Optional;

/**
 * A game's time control: real time (minutes each plus a Fischer increment per move) or correspondence (days per
 * move). Written in a record's {@code TimeControl} tag as in chess's PGN: {@code 300+5} (seconds each, plus seconds
 * added per move) or {@code 1/259200} (one move in so many seconds: 3 days).
 */
public sealed interface TimeControl permits TimeControl.RealTime, TimeControl.Correspondence {
    /** The fewest seconds each a real-time clock may start with (1 minute). */
    int MIN_INITIAL_SECONDS = 60;
    /** The most seconds each a real-time clock may start with (30 minutes). */
    int MAX_INITIAL_SECONDS = 1800;
    /** The largest increment, in seconds. */
    int MAX_INCREMENT_SECONDS = 20;
    /** One day in milliseconds. */
    long DAY_MS = 86_400_000L;
    /** The time a side has for its first move in a real-time game (lichess gives about as much), milliseconds. */
    long FIRST_MOVE_MILLIS = 30_000;
    /**
     * The time a side has for its first move in a real-time tournament game, milliseconds: twice the usual, as a
     * round's games start by themselves and the player may first have to find the page.
     */
    long TOURNAMENT_FIRST_MOVE_MILLIS = 60_000;

    /** @return the time each side has at the start, in milliseconds. */
    long initialMillis();

    /**
     * @param tournament whether the game is a tournament's
     * @return how long a side has for its first move before the game is aborted (or, in a tournament, forfeited):
     *     {@value #FIRST_MOVE_MILLIS} ms in real time, {@value #TOURNAMENT_FIRST_MOVE_MILLIS} ms in a tournament,
     *     the full days per move by correspondence
     */
    default long firstMoveMillis(boolean tournament) {
        if (this instanceof Correspondence) {
            return initialMillis();
        }
        return tournament ? TOURNAMENT_FIRST_MOVE_MILLIS : FIRST_MOVE_MILLIS;
    }

    /** @return the {@code TimeControl} tag's value. */
    String tag();

    /** @return a short text such as {@code 5+3} or {@code 3 days} (not for players: pages format their own). */
    String label();

    /**
     * Real time: each side starts with {@code initialSeconds}; each move made adds {@code incrementSeconds}.
     *
     * @param initialSeconds 60 .. 1800, whole minutes or 15, 30 or 45 seconds past one
     * @param incrementSeconds 0 .. 20
     */
    record RealTime(int initialSeconds, int incrementSeconds) implements TimeControl {
        public RealTime {
            if (initialSeconds < MIN_INITIAL_SECONDS || initialSeconds > MAX_INITIAL_SECONDS) {
                throw new IllegalArgumentException("initialSeconds must be from " + MIN_INITIAL_SECONDS + " to "
                        + MAX_INITIAL_SECONDS + " (1 to 30 minutes), was " + initialSeconds);
            }
            if (incrementSeconds < 0 || incrementSeconds > MAX_INCREMENT_SECONDS) {
                throw new IllegalArgumentException("incrementSeconds must be from 0 to " + MAX_INCREMENT_SECONDS
                        + ", was " + incrementSeconds);
            }
        }

        @Override
        public long initialMillis() {
            return initialSeconds * 1000L;
        }

        /** @return the increment in milliseconds. */
        public long incrementMillis() {
            return incrementSeconds * 1000L;
        }

        @Override
        public String tag() {
            return initialSeconds + "+" + incrementSeconds;
        }

        @Override
        public String label() {
            String minutes = initialSeconds % 60 == 0 ? String.valueOf(initialSeconds / 60)
                    : String.format(Locale.ROOT, "%.2f", initialSeconds / 60.0).replaceAll("0+$", "");
            return minutes + "+" + incrementSeconds;
        }

        /**
         * @return the speed category by the estimated game length of 40 moves each (as on chess sites):
         * "bullet" under 3 minutes, "blitz" under 8, "rapid" under 25, else "classical"
         */
        public String speed() {
            long estimate = initialSeconds + 40L * incrementSeconds;
            if (estimate < 180) {
                return "bullet";
            }
            if (estimate < 480) {
                return "blitz";
            }
            if (estimate < 1500) {
                return "rapid";
            }
            return "classical";
        }
    }

    /**
     * Correspondence: each move must be made within {@code daysPerMove} days.
     *
     * @param daysPerMove 1, 3 or 7
     */
    record Correspondence(int daysPerMove) implements TimeControl {
        public Correspondence {
            if (daysPerMove != 1 && daysPerMove != 3 && daysPerMove != 7) {
                throw new IllegalArgumentException("daysPerMove must be 1, 3 or 7, was " + daysPerMove);
            }
        }

        @Override
        public long initialMillis() {
            return daysPerMove * DAY_MS;
        }

        @Override
        public String tag() {
            return "1/" + (daysPerMove * 86_400L);
        }

        @Override
        public String label() {
            return daysPerMove + (daysPerMove == 1 ? " day" : " days");
        }
    }

    /**
     * Reads a {@code TimeControl} tag written by {@link #tag()}.
     *
     * @return the time control, or empty when the text is not one of those forms or out of range
     */
    static Optional<TimeControl> parseTag(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.strip();
        try {
            if (t.matches("[0-9]{1,6}\\+[0-9]{1,6}")) {
                int plus = t.indexOf('+');
                return Optional.of(new RealTime(Integer.parseInt(t.substring(0, plus)),
                        Integer.parseInt(t.substring(plus + 1))));
            }
            if (t.matches("1/[0-9]{1,9}")) {
                long seconds = Long.parseLong(t.substring(2));
                if (seconds % 86_400L == 0) {
                    return Optional.of(new Correspondence((int) (seconds / 86_400L)));
                }
            }
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
