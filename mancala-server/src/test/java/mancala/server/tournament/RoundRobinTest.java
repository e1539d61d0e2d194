package mancala.server.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoundRobinTest {
    /** The Berger table for 9 or 10 players as the FIDE handbook (C.05, annex 1) prints it. */
    private static final String[] FIDE_TEN = {
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    };

    /** The table for 5 or 6 players from the same source. */
    private static final String[] FIDE_SIX = {
        "1-6 2-5 3-4",
        "6-4 5-3 1-2",
        "2-6 3-1 4-5",
        "6-5 1-4 2-3",
        "3-6 4-2 5-1",
    };

    @Test
    void tenSeatsAreTheFideTable() {
        assertThat(format(RoundRobin.bergerTable(10))).containsExactly(FIDE_TEN);
        assertThat(format(RoundRobin.bergerTable(6))).containsExactly(FIDE_SIX);
    }

    @Test
    void ninePlayersEachMeetEveryOtherOnceAndSitOutOnce() {
        List<String> players = List.of("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9");
        assertThat(RoundRobin.roundCount(9)).isEqualTo(9);
        Map<String, Integer> byes = new HashMap<>();
        Map<String, Integer> south = new HashMap<>();
        Set<Set<String>> met = new HashSet<>();
        for (int r = 1; r <= 9; r++) {
            Round round = RoundRobin.round(players, r);
            assertThat(round.number()).isEqualTo(r);
            assertThat(round.games()).hasSize(4);
            // seat 10 is empty: whoever the table sets against 10 has the bye
            String[] board1 = FIDE_TEN[r - 1].split(" ")[0].split("-");
            String sitter = board1[0].equals("10") ? board1[1] : board1[0];
            assertThat(round.bye()).contains("p" + sitter);
            byes.merge(round.bye().orElseThrow(), 1, Integer::sum);
            Set<String> seen = new HashSet<>(round.bye().stream().toList());
            for (Pairing g : round.games()) {
                assertThat(met.add(Set.of(g.south(), g.north()))).as("a rematch in round %d: %s", r, g).isTrue();
                assertThat(seen.add(g.south()) && seen.add(g.north())).isTrue();
                south.merge(g.south(), 1, Integer::sum);
            }
            assertThat(seen).hasSize(9);
            // the games are the table's boards 2..5, first seat South
            List<String> expected = new ArrayList<>(List.of(FIDE_TEN[r - 1].split(" ")).subList(1, 5));
            assertThat(round.games()).extracting(g -> g.south().substring(1) + "-" + g.north().substring(1))
                    .containsExactlyElementsOf(expected);
        }
        assertThat(met).hasSize(36);
        assertThat(byes).hasSize(9).allSatisfy((p, n) -> assertThat(n).isEqualTo(1));
        // with 8 games each, the table seats everyone South 4 times
        assertThat(south.values()).allSatisfy(n -> assertThat(n).isEqualTo(4));
    }

    @Test
    void refusesRoundsThatDoNotExist() {
        assertThatThrownBy(() -> RoundRobin.round(List.of("a", "b", "c"), 4))
                .hasMessage("a round robin of 3 players has rounds 1 to 3, not 4");
        assertThatThrownBy(() -> RoundRobin.bergerTable(7)).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> format(List<int[][]> table) {
        List<String> out = new ArrayList<>();
        for (int[][] round : table) {
            List<String> boards = new ArrayList<>();
            for (int[] b : round) {
                boards.add(b[0] + "-" + b[1]);
            }
            out.add(String.join(" ", boards));
        }
        return out;
    }
}
