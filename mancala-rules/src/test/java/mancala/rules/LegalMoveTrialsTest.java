package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import mancala.notation.OptionsNotation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shortcuts search takes past {@link Rules#legalMoves}: at every ply of 200 seeded random games per option set,
 * {@link Rules#hasLegalMove} says whether a move is legal exactly when legalMoves finds one, and
 * {@link Rules#legalChildren} gives the same moves with the boards that sowing each gives, and the moves of the
 * board that played the game (with the pit masks its sowing kept) are those of a fresh board of its position; a
 * candidate move said to be legal without a trial ({@link Rules#surelyLegal}) is never refuted when played.
 */
class LegalMoveTrialsTest {
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "hawalis|", "hawalis|endless=illegal", "hawalis|skipOrigin endless=illegal", "bao-kiarabu|endless=illegal",
        "al-manqala|", "al-manqala|relay", "al-manqala|relay endless=lose", "al-manqala|relay skipOrigin captureOpposite",
        "rio-kadalis|", "rio-kadalis|endless=lose", "rio-kadalis|pits=5 clockwise skipOrigin foursAtLapEnd",
    })
    void searchShortcutsAgreeWithLegalMoves(String game, String text) {
        Rules rules = Rules.of(OptionsNotation.parse(GameKind.byKey(game).orElseThrow(), text == null ? "" : text));
        int count = rules.pitCount();
        int[] moves = new int[count];
        int[] other = new int[count];
        Board[] after = new Board[count];
        for (int i = 0; i < count; i++) {
            after[i] = rules.emptyBoard();
        }
        int ends = 0;
        int sure = 0;
        for (int g = 0; g < 200; g++) {
            SplittableRandom random = new SplittableRandom(0x7472_6961L + g);
            Board b = rules.initialBoard();
            for (int ply = 0; ply < 1000; ply++) {
                int n = rules.legalMoves(b, moves);
                String where = game + " " + text + " game " + g + " ply " + ply + " at " + b;
                int fresh = rules.legalMoves(Position.of(b).toBoard(), other); // a new board scans its pits
                assertThat(Arrays.copyOf(other, fresh)).as(where + ", a fresh board")
                        .containsExactly(Arrays.copyOf(moves, n));
                assertThat(rules.hasLegalMove(b, other)).as(where).isEqualTo(n > 0);
                int c = rules.candidateMoves(b, other);
                for (int i = 0; i < c; i++) {
                    if (rules.surelyLegal(b, other[i])) {
                        sure++;
                        Board t = b.copy();
                        int[] laps = {0};
                        t.trace(new SowingTrace() {
                            @Override
                            public void lift(int pit, int seeds) {
                                laps[0]++;
                            }

                            @Override
                            public void sow(int pit) {
                            }

                            @Override
                            public void take(int pit, int seeds, Side to) {
                            }
                        });
                        rules.sow(t, other[i]);
                        String move = where + ": move " + rules.pitLetter(other[i]) + " said to be surely legal";
                        assertThat(rules.refutedBy(b, t)).as(move).isFalse();
                        if (rules.kind() == GameKind.RIO_KADALIS) {
                            assertThat(laps[0]).as(move + ", ending after its first lap").isOne();
                        }
                    }
                }
                int k = rules.legalChildren(b, other, after);
                assertThat(Arrays.copyOf(other, k)).as(where).containsExactly(Arrays.copyOf(moves, n));
                for (int i = 0; i < k; i++) {
                    Board t = b.copy();
                    rules.sow(t, moves[i]);
                    assertThat(Position.of(after[i])).as(where + " move " + rules.pitLetter(moves[i]))
                            .isEqualTo(Position.of(t));
                }
                if (n == 0) {
                    ends++;
                    break;
                }
                rules.sow(b, moves[random.nextInt(n)]);
            }
        }
        assertThat(ends).as("games played to their end").isGreaterThan(150);
        if (rules.kind() == GameKind.RIO_KADALIS) {
            assertThat(sure).as("moves known legal without a trial").isGreaterThan(1000);
        }
    }
}
