package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import mancala.notation.OptionsNotation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Board#seedKey}, which the sowing keeps lap by lap, against the sum over the pits computed afresh after every
 * move of seeded random games: with and without a trace (a traced move sows seed by seed), in every option set that
 * changes how a lap is sown (H2's direction, H4 and A2's skipOrigin, relay, captureOpposite, Rio Kadalis's fours
 * and its options, endless moves). Every other game starts from the seeds heaped in a few pits of each side, so that
 * laps go round the side or the board.
 */
class SeedKeyTest {
    static Stream<Arguments> optionSets() {
        return Stream.of(
                set(GameKind.HAWALIS, ""),
                set(GameKind.HAWALIS, "skipOrigin endless=draw"),
                set(GameKind.HAWALIS, "endless=illegal"),
                set(GameKind.HAWALIS, "scoring=captures"),
                set(GameKind.BAO_KIARABU, ""),
                set(GameKind.BAO_KIARABU, "seeds=3 skipOrigin"),
                set(GameKind.AL_MANQALA, ""),
                set(GameKind.AL_MANQALA, "skipOrigin"),
                set(GameKind.AL_MANQALA, "relay"),
                set(GameKind.AL_MANQALA, "relay captureOpposite skipOrigin endless=draw"),
                set(GameKind.RIO_KADALIS, ""),
                set(GameKind.RIO_KADALIS, "endless=draw"),
                set(GameKind.RIO_KADALIS, "pits=5 clockwise skipOrigin foursAtLapEnd"));
    }

    private static Arguments set(GameKind game, String options) {
        return Arguments.of(game.key() + (options.isEmpty() ? "" : " " + options),
                OptionsNotation.parse(game, options));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("optionSets")
    void theKeptKeyIsTheSumOverThePits(String name, RuleOptions options) {
        Rules rules = Rules.of(options);
        int[] moves = new int[rules.pitCount()];
        int checked = 0;
        for (long seed = 1; seed <= 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Board b = rules.initialBoard().copy();
            if (seed % 2 == 0) {
                heap(b, random);
            }
            b.seedKey = SeedKey.of(b.pits, 0, b.pitCount());
            b.seedKeyValid = true;
            for (int ply = 0; ply < 400; ply++) {
                int n = rules.legalMoves(b, moves);
                if (n == 0) {
                    break;
                }
                int move = moves[random.nextInt(n)];
                String at = name + " seed " + seed + " ply " + (ply + 1) + " move " + move + " from " + b;
                b.trace(random.nextInt(4) == 0 ? new SowingTrace() {
                    @Override
                    public void lift(int pit, int seeds) {
                    }

                    @Override
                    public void sow(int pit) {
                    }

                    @Override
                    public void take(int pit, int seeds, Side to) {
                    }
                } : null);
                rules.sow(b, move);
                b.trace(null);
                if (!b.seedKeyValid) {
                    // Only a move that ended the game as endless gives the key up (its pits were restored).
                    assertThat(b.endedByMove()).as(at + ": key dropped").isTrue();
                    break;
                }
                assertThat(b.seedKey).as(at).isEqualTo(SeedKey.of(b.pits, 0, b.pitCount()));
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    /** Moves each side's seeds (each row's, in two-row games) into at most three of its pits, chosen at random. */
    private static void heap(Board b, SplittableRandom random) {
        int half = b.pitCount() / 2;
        int[] pits = new int[b.pitCount()];
        for (int side = 0; side < 2; side++) {
            int seeds = 0;
            for (int p = side * half; p < side * half + half; p++) {
                seeds += b.seeds(p);
            }
            int[] heaps = {random.nextInt(half), random.nextInt(half), random.nextInt(half)};
            for (int i = 0; i < seeds; i++) {
                pits[side * half + heaps[random.nextInt(3)]]++;
            }
        }
        b.setup(pits, 0);
    }
}
