package mancala.pairing.dutch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mancala.pairing.Player;
import mancala.pairing.PointSystem;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seeded random tournaments (7-40 players, 5-9 rounds, draws, forfeits, withdrawals, requested byes): every round
 * must keep the absolute criteria and the invariants of C.04.3.
 */
class RandomTournamentTest {
    @Test
    void twelveTournamentsKeepTheAbsoluteCriteria() throws Exception {
        for (long seed = 1; seed <= 12; seed++) {
            check(seed);
        }
    }

    @Test
    @Tag("slow")
    void twoHundredTournamentsKeepTheAbsoluteCriteria() throws Exception {
        for (long seed = 100; seed < 300; seed++) {
            check(seed);
        }
    }

    private static void check(long seed) throws Exception {
        RandomTournaments.Played played = RandomTournaments.play(seed);
        Tournament t = played.tournament();
        PointSystem pts = t.points();
        int total = t.totalRounds();
        for (int r = 0; r < played.rounds().size(); r++) {
            List<Pairing> pairs = played.rounds().get(r);
            Set<Integer> absent = played.absent().get(r);
            Set<Integer> seen = new HashSet<>();
            int byes = 0;
            for (Pairing p : pairs) {
                assertThat(seen.add(p.white())).as("seed %d round %d: %s paired twice", seed, r + 1, p.white())
                        .isTrue();
                if (p.isBye()) {
                    byes++;
                    Player bye = t.player(p.white());
                    for (int k = 0; k < r; k++) {
                        RoundEntry e = bye.rounds().get(k);
                        assertThat(!e.played() && e.points(pts) >= pts.win())
                                .as("seed %d round %d: %s had a win's points unplayed before, gets the bye", seed,
                                        r + 1, p.white())
                                .isFalse();
                    }
                    continue;
                }
                assertThat(seen.add(p.black())).as("seed %d round %d: %s paired twice", seed, r + 1, p.black())
                        .isTrue();
                for (int k = 0; k < r; k++) {
                    RoundEntry e = t.player(p.white()).rounds().get(k);
                    assertThat(e.played() && e.opponent() == p.black())
                            .as("seed %d round %d: rematch %s", seed, r + 1, p).isFalse();
                }
                boolean last = r == total - 1;
                checkColours(t, p.white(), 'w', r, seed, last);
                checkColours(t, p.black(), 'b', r, seed, last);
            }
            assertThat(byes).isLessThanOrEqualTo(1);
            for (Player p : t.players()) {
                boolean expected = !absent.contains(p.startNumber());
                assertThat(seen.contains(p.startNumber())).as("seed %d round %d: player %d present=%s", seed, r + 1,
                        p.startNumber(), expected).isEqualTo(expected);
            }
        }
    }

    /** No third same colour in a row and no colour difference beyond ±2, except topscorers in the last round. */
    private static void checkColours(Tournament t, int who, char colour, int round, long seed, boolean last) {
        Player p = t.player(who);
        StringBuilder history = new StringBuilder();
        for (int k = 0; k < round; k++) {
            RoundEntry e = p.rounds().get(k);
            if (e.played()) {
                history.append(e.colour());
            }
        }
        int score = p.points(t.points(), round);
        boolean topscorer = last && score * 2 > round * t.points().win();
        if (topscorer) {
            return;
        }
        history.append(colour);
        String h = history.toString();
        long whites = h.chars().filter(c -> c == 'w').count();
        long blacks = h.length() - whites;
        assertThat(Math.abs(whites - blacks)).as("seed %d round %d: player %d colours %s", seed, round + 1, who, h)
                .isLessThanOrEqualTo(2);
        assertThat(h.endsWith("www") || h.endsWith("bbb"))
                .as("seed %d round %d: player %d colours %s", seed, round + 1, who, h).isFalse();
    }
}
