package mancala.pairing.bergertables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BergerTablesTest {
    private static String round(int players, int r) {
        List<String> games = new ArrayList<>();
        for (BergerTables.Game g : BergerTables.round(players, r)) {
            games.add(g.white() + "-" + g.black());
        }
        return String.join(" ", games);
    }

    @Test
    void theTablesForFourSixAndEightPlayersAreTheHandbooks() {
        // FIDE Handbook C.05 Annex 1
        assertThat(round(4, 1)).isEqualTo("1-4 2-3");
        assertThat(round(4, 2)).isEqualTo("4-3 1-2");
        assertThat(round(4, 3)).isEqualTo("2-4 3-1");
        assertThat(round(6, 1)).isEqualTo("1-6 2-5 3-4");
        assertThat(round(6, 2)).isEqualTo("6-4 5-3 1-2");
        assertThat(round(6, 3)).isEqualTo("2-6 3-1 4-5");
        assertThat(round(6, 4)).isEqualTo("6-5 1-4 2-3");
        assertThat(round(6, 5)).isEqualTo("3-6 4-2 5-1");
        String[] eight = {"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
            "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"};
        for (int r = 1; r <= 7; r++) {
            assertThat(round(8, r)).as("round %d", r).isEqualTo(eight[r - 1]);
        }
    }

    @Test
    void theTablesForTenAndTwelvePlayersAreTheHandbooks() {
        String[] ten = {"1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7",
            "10-7 8-6 9-5 1-4 2-3", "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4", "4-10 5-3 6-2 7-1 8-9",
            "10-9 1-8 2-7 3-6 4-5", "5-10 6-4 7-3 8-2 9-1"};
        for (int r = 1; r <= 9; r++) {
            assertThat(round(10, r)).as("round %d", r).isEqualTo(ten[r - 1]);
        }
        assertThat(round(12, 2)).isEqualTo("12-7 8-6 9-5 10-4 11-3 1-2");
        assertThat(round(12, 11)).isEqualTo("6-12 7-5 8-4 9-3 10-2 11-1");
        assertThat(round(14, 13)).isEqualTo("7-14 8-6 9-5 10-4 11-3 12-2 13-1");
    }

    @Test
    void everyoneMeetsEveryoneOnceAndColoursTurnInTheSecondCycle() {
        for (int n = 2; n <= 16; n++) {
            Set<String> met = new HashSet<>();
            int per = BergerTables.roundsPerCycle(n);
            for (int r = 1; r <= per; r++) {
                Set<Integer> seen = new HashSet<>();
                for (BergerTables.Game g : BergerTables.round(n, r)) {
                    assertThat(seen.add(g.white())).isTrue();
                    assertThat(seen.add(g.black())).isTrue();
                    assertThat(met.add(Math.min(g.white(), g.black()) + "-" + Math.max(g.white(), g.black())))
                            .isTrue();
                    BergerTables.Game back = BergerTables.round(n, r + per).get(g.board() - 1);
                    assertThat(back.white()).isEqualTo(g.black());
                    assertThat(back.black()).isEqualTo(g.white());
                }
                int bye = BergerTables.bye(n, r);
                assertThat(seen).hasSize(n % 2 == 0 ? n : n - 1);
                if (n % 2 == 1) {
                    assertThat(seen).doesNotContain(bye);
                    assertThat(bye).isBetween(1, n);
                }
            }
            assertThat(met).hasSize(n * (n - 1) / 2);
        }
    }

    @Test
    void withFivePlayersSeatSixIsTheBye() {
        assertThat(round(5, 1)).isEqualTo("2-5 3-4");
        assertThat(BergerTables.bye(5, 1)).isEqualTo(1);
        assertThat(round(5, 2)).isEqualTo("5-3 1-2");
        assertThat(BergerTables.bye(5, 2)).isEqualTo(4);
        assertThatThrownBy(() -> BergerTables.round(1, 1)).hasMessageContaining("at least 2 players");
    }
}
