package mancala.server.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import mancala.server.tournament.Standings.Line;
import mancala.server.tournament.Standings.TieBreak;
import org.junit.jupiter.api.Test;

class StandingsTest {
    /**
     * A four-player round robin worked by hand: a beats b, draws c, loses to d; b beats c and d; c beats d.
     * Points: a 1.5, b 2, c 1.5, d 1. Sonneborn-Berger: a = 2 (b) + 0.75 (half of c) = 2.75;
     * b = 1.5 + 1 = 2.5; c = 1 (d) + 0.75 (half of a) = 1.75; d = 1.5 (a) = 1.5.
     */
    @Test
    void sonnebornBergerByHand() {
        List<GameResult> results = List.of(
                new GameResult(1, "a", "b", 1), new GameResult(1, "c", "d", 1),
                new GameResult(2, "c", "a", 0.5), new GameResult(2, "b", "d", 1),
                new GameResult(3, "d", "a", 1), new GameResult(3, "b", "c", 1));
        List<Line> lines = Standings.compute(List.of("a", "b", "c", "d"), List.of(), results,
                TieBreak.SONNEBORN_BERGER, 0);
        assertThat(lines).extracting(Line::player).containsExactly("b", "a", "c", "d");
        assertThat(lines).extracting(Line::points).containsExactly(2.0, 1.5, 1.5, 1.0);
        assertThat(lines).extracting(Line::tieBreak).containsExactly(2.5, 2.75, 1.75, 1.5);
        assertThat(lines).extracting(Line::rank).containsExactly(1, 2, 3, 4);
        assertThat(lines.get(1)).isEqualTo(new Line(2, "a", 1.5, 2.75, 3, 1, 1, 1));
    }

    /**
     * Five players, two Swiss rounds worked by hand. Round 1: a-b 1-0, c-d 0.5, e bye. Round 2: e-a 0-1, b-c 1-0,
     * d bye. Points: a 2, b 1, c 0.5, d 1.5, e 1. Buchholz (byes add nothing): a = b 1 + e 1 = 2; b = a 2 + c 0.5 =
     * 2.5; c = d 1.5 + b 1 = 2.5; d = c 0.5; e = a 2.
     */
    @Test
    void buchholzByHand() {
        List<Round> rounds = List.of(
                new Round(1, List.of(new Pairing("a", "b"), new Pairing("c", "d")), Optional.of("e")),
                new Round(2, List.of(new Pairing("e", "a"), new Pairing("b", "c")), Optional.of("d")));
        List<GameResult> results = List.of(new GameResult(1, "a", "b", 1), new GameResult(1, "c", "d", 0.5),
                new GameResult(2, "e", "a", 0), new GameResult(2, "b", "c", 1));
        List<Line> lines = Standings.compute(List.of("a", "b", "c", "d", "e"), rounds, results, TieBreak.BUCHHOLZ,
                Swiss.BYE_POINTS);
        assertThat(lines).extracting(Line::player).containsExactly("a", "d", "b", "e", "c");
        assertThat(lines).extracting(Line::points).containsExactly(2.0, 1.5, 1.0, 1.0, 0.5);
        assertThat(lines).extracting(Line::tieBreak).containsExactly(2.0, 0.5, 2.5, 2.0, 2.5);
        assertThat(lines).extracting(Line::rank).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void equalPointsAndTieBreakShareThePlace() {
        List<GameResult> results = List.of(new GameResult(1, "a", "b", 0.5));
        List<Line> lines = Standings.compute(List.of("a", "b"), List.of(), results, TieBreak.BUCHHOLZ, 1);
        assertThat(lines).extracting(Line::rank).containsExactly(1, 1);
    }
}
