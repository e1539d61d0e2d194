package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A traced move takes the seed-by-seed path through the sowing loops while an untraced one may sow a lap a range at
 * a time: both must leave the same board, and the trace must account for every seed.
 */
class SowingTraceTest {
    static Stream<RuleOptions> options() {
        return Stream.of(HawalisOptions.DEFAULT, HawalisOptions.DEFAULT.withSkipOrigin(true),
                HawalisOptions.baoKiarabu(3), AlManqalaOptions.DEFAULT, AlManqalaOptions.DEFAULT.withRelay(true),
                RioKadalisOptions.DEFAULT, RioKadalisOptions.DEFAULT.withFoursAtLapEnd(true).withClockwise(true));
    }

    @ParameterizedTest
    @MethodSource("options")
    void tracedAndUntracedMovesAgreeAndTheTraceCountsEverySeed(RuleOptions options) {
        Rules rules = Rules.of(options);
        SplittableRandom random = new SplittableRandom(7);
        int[] moves = new int[rules.pitCount()];
        int checked = 0;
        for (int game = 0; game < 300; game++) {
            Board b = rules.initialBoard();
            for (int ply = 0; ply < 300; ply++) {
                int n = b.legalMoves(moves);
                if (n == 0) {
                    break;
                }
                int move = moves[random.nextInt(n)];
                Board traced = b.copy();
                Counter counter = new Counter(b);
                traced.trace(counter);
                int sownTraced = traced.sow(move);
                int sown = b.sow(move);
                assertThat(sown).as("seeds sown, seed %d game %d ply %d", 7, game, ply).isEqualTo(sownTraced);
                assertThat(Position.of(traced)).isEqualTo(Position.of(b));
                assertThat(counter.sown).isEqualTo(sown);
                if (!b.endedByMove()) {
                    // lifted + sown - taken balances every pit's change
                    for (int p = 0; p < rules.pitCount(); p++) {
                        assertThat(counter.net[p]).as("net change of pit %d", p)
                                .isEqualTo(b.seeds(p) - counter.before[p]);
                    }
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(10_000);
    }

    private static final class Counter implements SowingTrace {
        final int[] net;
        final int[] before;
        int sown;

        Counter(Board b) {
            net = new int[b.pitCount()];
            before = Position.of(b).pits();
        }

        @Override
        public void lift(int pit, int seeds) {
            net[pit] -= seeds;
        }

        @Override
        public void sow(int pit) {
            net[pit]++;
            sown++;
        }

        @Override
        public void take(int pit, int seeds, Side to) {
            net[pit] -= seeds;
        }
    }
}
