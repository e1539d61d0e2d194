package mancala.rules;

/**
 * Options of Rio Kadalis (docs/rules.md §3).
 *
 * @param pitsPerRow     6 by default; option {@code pits=5}
 * @param clockwise      R2 option {@code clockwise}: sowing runs backwards through the letters
 * @param skipOrigin     R2 option: a lap that passes its emptied starting pit skips it
 * @param foursAtLapEnd  R3 option: fours made during a lap are taken when the lap ends (as Ludii does)
 * @param endless        R5: what an endless move does (default {@link Endless#ILLEGAL}); under {@code lose} the
 *                       mover loses the round, under {@code draw} the round is drawn; the round then ends as R6
 * @param loserStarts    R1 option {@code loserStarts}: the loser of the last round starts the next (after a drawn
 *                       round the first player alternates)
 * @param conquest       match option {@code conquest} (Ludii, after Pankhurst): the richer player fills pits in the
 *                       poorer player's row with his surplus and owns them for the next round
 * @throws RulesException when pitsPerRow is not 5 or 6, or endless is null
 */
public record RioKadalisOptions(int pitsPerRow, boolean clockwise, boolean skipOrigin, boolean foursAtLapEnd,
                                Endless endless, boolean loserStarts, boolean conquest) implements RuleOptions {

    /** Rio Kadalis with docs/rules.md's default rules. */
    public static final RioKadalisOptions DEFAULT =
            new RioKadalisOptions(6, false, false, false, Endless.ILLEGAL, false, false);

    /** Seeds per pit at the start of the match and at every refill (docs/rules.md §3, R8). */
    public static final int SEEDS_PER_PIT = 4;

    public RioKadalisOptions {
        if (pitsPerRow != 5 && pitsPerRow != 6) {
            throw new RulesException("option pits must be 5 or 6, was " + pitsPerRow);
        }
        if (endless == null) {
            throw new RulesException("option endless must be lose, illegal or draw");
        }
    }

    @Override
    public GameKind kind() {
        return GameKind.RIO_KADALIS;
    }

    public RioKadalisOptions withPitsPerRow(int value) {
        return new RioKadalisOptions(value, clockwise, skipOrigin, foursAtLapEnd, endless, loserStarts, conquest);
    }

    public RioKadalisOptions withClockwise(boolean value) {
        return new RioKadalisOptions(pitsPerRow, value, skipOrigin, foursAtLapEnd, endless, loserStarts, conquest);
    }

    public RioKadalisOptions withSkipOrigin(boolean value) {
        return new RioKadalisOptions(pitsPerRow, clockwise, value, foursAtLapEnd, endless, loserStarts, conquest);
    }

    public RioKadalisOptions withFoursAtLapEnd(boolean value) {
        return new RioKadalisOptions(pitsPerRow, clockwise, skipOrigin, value, endless, loserStarts, conquest);
    }

    public RioKadalisOptions withEndless(Endless value) {
        return new RioKadalisOptions(pitsPerRow, clockwise, skipOrigin, foursAtLapEnd, value, loserStarts, conquest);
    }

    public RioKadalisOptions withLoserStarts(boolean value) {
        return new RioKadalisOptions(pitsPerRow, clockwise, skipOrigin, foursAtLapEnd, endless, value, conquest);
    }

    public RioKadalisOptions withConquest(boolean value) {
        return new RioKadalisOptions(pitsPerRow, clockwise, skipOrigin, foursAtLapEnd, endless, loserStarts, value);
    }
}
