package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import mancala.notation.OptionsNotation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whole Rio Kadalis matches (R1, R8, R9, loserStarts, conquest) played to their end with uniformly random moves,
 * each from its own {@code SplittableRandom(seed)}, printed on failure. After every round: the refill follows R8
 * from the round's holdings (checked against the rule text here for the default refill), seeds are conserved,
 * closed pits are empty and unplayable, the first player follows R1, and the match ends only by R9.
 */
class RandomMatchTest {
    static final int MATCHES = 1_000;
    static final int MAX_ROUNDS = 5_000;

    static Stream<Arguments> optionSets() {
        return Stream.of(Arguments.of(""), Arguments.of("loserStarts"), Arguments.of("conquest"),
                Arguments.of("pits=5"), Arguments.of("pits=5 conquest loserStarts"),
                Arguments.of("endless=draw foursAtLapEnd"));
    }

    @ParameterizedTest(name = "rio-kadalis {0}")
    @MethodSource("optionSets")
    void matchesPlayToTheirEnd(String text) {
        RioKadalisOptions o = (RioKadalisOptions) OptionsNotation.parse(GameKind.RIO_KADALIS, text);
        long base = 0x3a7c_0000L + text.hashCode() * 7_919L;
        for (int g = 0; g < MATCHES; g++) {
            long seed = base + g;
            try {
                playMatch(o, new SplittableRandom(seed));
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("rio-kadalis " + text + ": match " + g + " with SplittableRandom(" + seed
                        + ") failed: " + e.getMessage(), e);
            }
        }
    }

    private static void playMatch(RioKadalisOptions o, SplittableRandom random) {
        Match m = new Match(o);
        int total = 2 * o.pitsPerRow() * RioKadalisOptions.SEEDS_PER_PIT;
        assertThat(m.round().position().sideToMove()).as("R1: South starts the first round").isEqualTo(Side.SOUTH);
        while (!m.isOver()) {
            assertThat(m.roundNumber()).isLessThanOrEqualTo(MAX_ROUNDS);
            Game round = m.round();
            Position start = round.position();
            checkRoundStart(o, start, total);
            while (!round.isOver()) {
                int[] legal = round.position().legalMoves();
                m.play(legal[random.nextInt(legal.length)]);
                assertThat(round.position().totalSeeds()).isEqualTo(total);
            }
            Outcome end = round.outcome().orElseThrow();
            assertThat(end.south() + end.north()).as("R6: every seed is held by someone").isEqualTo(total);
            Optional<Position> next = m.nextRound();
            if (next.isEmpty()) {
                // R9: the match ends only when a player holds fewer than four.
                assertThat(Math.min(end.south(), end.north())).isLessThan(4);
                Outcome mo = m.outcome().orElseThrow();
                assertThat(mo.termination()).isEqualTo(Termination.CANNOT_REFILL);
                assertThat(mo.result()).isEqualTo(Result.winFor(end.south() < 4 ? Side.NORTH : Side.SOUTH));
                return;
            }
            assertThat(Math.min(end.south(), end.north())).isGreaterThanOrEqualTo(4);
            Position p = next.get();
            assertThat(p).isEqualTo(m.round().position());
            assertThat(p.sideToMove()).as("R1 first player").isEqualTo(firstPlayer(o, start, end));
            if (!o.conquest()) {
                checkDefaultRefill(o, p, end);
            }
        }
    }

    private static Side firstPlayer(RioKadalisOptions o, Position lastStart, Outcome end) {
        if (o.loserStarts() && end.result() != Result.DRAW) {
            return end.result().winner().orElseThrow().opponent();
        }
        return lastStart.sideToMove().opponent();
    }

    /** R8 from the text: four to a pit from the owner's rightmost pit leftwards; the rest closed; the rest held. */
    private static void checkDefaultRefill(RioKadalisOptions o, Position p, Outcome end) {
        int n = o.pitsPerRow();
        for (Side s : Side.values()) {
            int held = end.holdings(s);
            int filled = Math.min(n, held / 4);
            for (int i = 0; i < n; i++) {
                int pit = s.index() * n + i;
                boolean full = i >= n - filled;
                assertThat(p.isClosed(pit)).as("pit " + pit).isEqualTo(!full);
                assertThat(p.seeds(pit)).isEqualTo(full ? 4 : 0);
            }
            assertThat(p.holdings(s)).as("reserve of " + s).isEqualTo(held - 4 * filled);
        }
    }

    private static void checkRoundStart(RioKadalisOptions o, Position p, int total) {
        assertThat(p.totalSeeds()).isEqualTo(total);
        for (int pit = 0; pit < p.rules().pitCount(); pit++) {
            if (p.isClosed(pit)) {
                assertThat(p.seeds(pit)).isZero();
                for (int m : p.legalMoves()) {
                    assertThat(m).isNotEqualTo(pit);
                }
            } else {
                assertThat(p.seeds(pit)).isIn(o.conquest() ? new Integer[] {3, 4} : new Integer[] {4});
            }
        }
        if (!o.conquest()) {
            assertThat(p.conqueredMask()).isZero();
        }
    }
}
