package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every legal move of {@value #POSITIONS} random positions per option set, played by the engine and by
 * {@link ReferenceSowing} (a second reading of the rule text with plain endless detection): the results must be
 * equal, endless moves included. Random positions reach what games from the start rarely do, such as Al-manqala's
 * endless relays. Under {@code endless=illegal} a move is left out exactly when the reference finds it endless (or,
 * in Al-manqala, when it does not feed an empty row). The seed of a failing position is printed.
 */
class ReferenceSowingTest {
    static final int POSITIONS = 40_000;

    static Stream<Arguments> optionSets() {
        return Stream.of(
                Arguments.of(GameKind.HAWALIS, ""), Arguments.of(GameKind.HAWALIS, "skipOrigin"),
                Arguments.of(GameKind.HAWALIS, "endless=illegal"),
                Arguments.of(GameKind.BAO_KIARABU, ""), Arguments.of(GameKind.BAO_KIARABU, "skipOrigin"),
                Arguments.of(GameKind.AL_MANQALA, ""), Arguments.of(GameKind.AL_MANQALA, "relay endless=lose"),
                Arguments.of(GameKind.AL_MANQALA, "relay"), Arguments.of(GameKind.AL_MANQALA, "captureOpposite"),
                Arguments.of(GameKind.AL_MANQALA, "relay captureOpposite skipOrigin endless=draw"),
                Arguments.of(GameKind.RIO_KADALIS, ""), Arguments.of(GameKind.RIO_KADALIS, "endless=lose"),
                Arguments.of(GameKind.RIO_KADALIS, "foursAtLapEnd endless=lose"),
                Arguments.of(GameKind.RIO_KADALIS, "clockwise skipOrigin endless=lose"),
                Arguments.of(GameKind.RIO_KADALIS, "pits=5 conquest endless=lose"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("optionSets")
    void engineAgreesWithTheRuleTextOnRandomPositions(GameKind game, String text) {
        RuleOptions options = OptionsNotation.parse(game, text);
        Rules rules = Rules.of(options);
        long base = 0x7e57_0000L + (game.key() + text).hashCode() * 31L;
        int[] moves = new int[rules.pitCount()];
        int endlessMoves = 0;
        for (int i = 0; i < POSITIONS; i++) {
            long seed = base + i;
            Position p = randomPosition(rules, new SplittableRandom(seed));
            if (p == null) {
                continue;
            }
            Board b = p.toBoard();
            int n = rules.legalMoves(b, moves);
            boolean[] allowed = RandomPlayoutTest.candidates(rules, b);
            for (int m = 0; m < allowed.length; m++) {
                if (!allowed[m]) {
                    continue;
                }
                boolean legal = false;
                for (int k = 0; k < n; k++) {
                    legal |= moves[k] == m;
                }
                ReferenceSowing.After r = ReferenceSowing.play(options, b, m);
                Board t = b.copy();
                rules.sow(t, m);
                String where = "seed " + seed + ": " + PositionNotation.format(p) + " move " + rules.pitLetter(m);
                boolean engineEndless = t.statusTermination() == Termination.ENDLESS_MOVE;
                endlessMoves += engineEndless ? 1 : 0;
                if (r.endless() != engineEndless) {
                    fail(where + ": endless by the rule text " + r.endless() + ", by the engine " + engineEndless);
                }
                if (!r.endless() && (!Arrays.equals(t.pits, r.pits()) || t.holdings[0] != r.south()
                        || t.holdings[1] != r.north() || t.side != r.side())) {
                    fail(where + ": engine " + t + ", rule text " + Arrays.toString(r.pits()) + " holdings="
                            + r.south() + "-" + r.north() + " side " + r.side());
                }
                boolean illegalEndless = r.endless() && endlessIllegal(options);
                boolean notFeeding = game == GameKind.AL_MANQALA && ((AlManqalaOptions) options).relay()
                        && oppositeRowEmpty(b) && !t.fed;
                if (legal == (illegalEndless || notFeeding)) {
                    fail(where + ": legal " + legal + ", endless " + r.endless() + ", feeds " + t.fed);
                }
            }
        }
        // Al-manqala's endless relays are too rare for random positions: see alManqalaEndlessRelays.
        boolean canBeEndless = game != GameKind.AL_MANQALA;
        if (canBeEndless && endlessMoves == 0) {
            fail("no endless move met: the endless cases went unchecked");
        }
    }

    /**
     * Al-manqala relay positions whose move is endless, found by searching random positions with the engine; the
     * verdict here comes from the reference's lap-state set, checked both ways round (and mirrored): endless=lose
     * lets the mover play it and lose, the option's default leaves it out.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "al-manqala 3,4,3,2,4,3,5 4,3,5,4,3,5,4 S|a",
        "al-manqala 3,4,3,5,1,6,5 4,3,5,4,6,5,4 S|a",
        "al-manqala 6,5,7,3,8,1,3 4,6,2,4,0,8,4 S|g",
        "al-manqala 4,3,5,7,3,7,3 2,4,3,2,4,3,5 S|e",
        "al-manqala 3,1,0,2,4,3,2 1,3,2,4,6,2,1 S|a",
    })
    void alManqalaEndlessRelays(String position, String move) {
        for (boolean mirrored : new boolean[] {false, true}) {
            String text = mirrored ? Hand.mirror(position) : position;
            String letter = mirrored ? Hand.mirrorMoves(move) : move;
            RuleOptions lose = OptionsNotation.parse(GameKind.AL_MANQALA, "relay endless=lose");
            Position p = Hand.position(lose, text);
            int m = Hand.pit(p.rules(), letter.charAt(0));
            if (!ReferenceSowing.play(lose, p.toBoard(), m).endless()) {
                fail(text + " " + letter + " is not endless by the rule text");
            }
            Position after = p.play(m);
            assertThat(after.outcome().orElseThrow())
                    .isEqualTo(new Outcome(Result.winFor(p.sideToMove().opponent()), Termination.ENDLESS_MOVE,
                            p.holdings(Side.SOUTH), p.holdings(Side.NORTH)));
            Position illegal = Hand.position(OptionsNotation.parse(GameKind.AL_MANQALA, "relay"), text);
            assertThat(illegal.isLegal(m)).isFalse();
        }
    }

    private static boolean endlessIllegal(RuleOptions o) {
        if (o instanceof HawalisOptions h) {
            return h.endless() == Endless.ILLEGAL;
        }
        if (o instanceof AlManqalaOptions a) {
            return a.endless() == Endless.ILLEGAL;
        }
        return ((RioKadalisOptions) o).endless() == Endless.ILLEGAL;
    }

    private static boolean oppositeRowEmpty(Board b) {
        int n = b.rules().pitsPerSide();
        int opp = b.side ^ 1;
        for (int p = opp * n; p < opp * n + n; p++) {
            if (b.pits[p] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A random position: up to the game's total of seeds thrown into random pits; Rio Kadalis with closed (and
     * under conquest, conquered) pits too.
     */
    private static Position randomPosition(Rules rules, SplittableRandom random) {
        int count = rules.pitCount();
        int[] pits = new int[count];
        int closed = 0;
        int conquered = 0;
        if (rules.kind() == GameKind.RIO_KADALIS) {
            for (int p = 0; p < count; p++) {
                if (random.nextInt(6) == 0) {
                    closed |= 1 << p;
                } else if (((RioKadalisOptions) rules.options()).conquest() && random.nextInt(6) == 0) {
                    conquered |= 1 << p;
                }
            }
        }
        // At most about the game's own total (56, 64, 98, 48): far larger sides make endless cycles of millions
        // of laps. Half the positions throw seeds at random pits, half fill every pit evenly at random, which
        // gives the full, even boards where endless relays live.
        int total = Position.initial(rules).totalSeeds();
        if (random.nextBoolean()) {
            int seeds = 2 + random.nextInt(total - 1);
            for (int s = 0; s < seeds; s++) {
                int p = random.nextInt(count);
                if ((closed >>> p & 1) == 0) {
                    pits[p]++;
                }
            }
        } else {
            int most = 1 + random.nextInt(2 * total / count);
            for (int p = 0; p < count; p++) {
                pits[p] = (closed >>> p & 1) == 0 ? random.nextInt(most + 1) : 0;
            }
        }
        Side side = random.nextBoolean() ? Side.SOUTH : Side.NORTH;
        try {
            return Position.of(rules, pits, random.nextInt(10), random.nextInt(10), side, closed, conquered);
        } catch (RulesException e) {
            return null;
        }
    }
}
