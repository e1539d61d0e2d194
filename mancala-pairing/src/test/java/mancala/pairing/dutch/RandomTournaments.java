package mancala.pairing.dutch;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import mancala.pairing.Colour;
import mancala.pairing.Player;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;

/**
 * Plays random tournaments with the Dutch pairer: draws, forfeits, withdrawals and requested half-point byes, the
 * way the comparison with endorsed programs is run (7-40 players, 5-9 rounds).
 */
final class RandomTournaments {
    private RandomTournaments() {
    }

    /** A played tournament and the pairings each round got. */
    record Played(Tournament tournament, List<List<Pairing>> rounds, List<Set<Integer>> absent) {
    }

    static Tournament entrants(Random rnd, int n, int rounds) {
        Tournament t = new Tournament().totalRounds(rounds).initialColour(rnd.nextBoolean() ? Colour.WHITE
                : Colour.BLACK);
        int[] ratings = new int[n];
        for (int i = 0; i < n; i++) {
            ratings[i] = 1400 + rnd.nextInt(1200);
        }
        java.util.Arrays.sort(ratings);
        for (int i = 0; i < n; i++) {
            t.add(new Player(i + 1).name("Player " + (i + 1)).rating(ratings[n - 1 - i]));
        }
        return t;
    }

    static Played play(long seed) throws NoValidPairingException {
        Random rnd = new Random(seed);
        int n = 7 + rnd.nextInt(34);
        int rounds = 5 + rnd.nextInt(5);
        Tournament t = entrants(rnd, n, rounds);
        Set<Integer> withdrawn = new HashSet<>();
        List<List<Pairing>> all = new ArrayList<>();
        List<Set<Integer>> absentAll = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            Set<Integer> absent = new HashSet<>(withdrawn);
            for (Player p : t.players()) {
                int s = p.startNumber();
                if (withdrawn.contains(s)) {
                    p.rounds().add(RoundEntry.unpaired('Z'));
                    continue;
                }
                double x = rnd.nextDouble();
                if (r > 0 && x < 0.02) {
                    withdrawn.add(s);
                    absent.add(s);
                    p.rounds().add(RoundEntry.unpaired('-'));
                } else if (x < 0.05) {
                    absent.add(s);
                    p.rounds().add(RoundEntry.unpaired('H'));
                }
            }
            List<Pairing> pairs;
            try {
                pairs = DutchPairer.pairNextRound(t);
            } catch (NoValidPairingException e) {
                // a small field can run out of legal pairings: the tournament stops here
                for (Player p : t.players()) {
                    if (p.rounds().size() > r) {
                        p.rounds().remove(r);
                    }
                }
                t.totalRounds(Math.max(r + 1, 1));
                break;
            }
            all.add(pairs);
            absentAll.add(absent);
            for (Pairing pr : pairs) {
                if (pr.isBye()) {
                    t.player(pr.white()).rounds().add(RoundEntry.pairingAllocatedBye());
                    continue;
                }
                double x = rnd.nextDouble();
                char w;
                char b;
                if (x < 0.04) {
                    w = '+';
                    b = '-';
                } else if (x < 0.07) {
                    w = '-';
                    b = '+';
                } else if (x < 0.37) {
                    w = '=';
                    b = '=';
                } else if (x < 0.37 + 0.63 * ratingShare(t, pr)) {
                    w = '1';
                    b = '0';
                } else {
                    w = '0';
                    b = '1';
                }
                t.player(pr.white()).rounds().add(RoundEntry.game(pr.black(), Colour.WHITE, w));
                t.player(pr.black()).rounds().add(RoundEntry.game(pr.white(), Colour.BLACK, b));
            }
        }
        for (Player p : t.players()) {
            p.statedPoints(p.points(t.points(), all.size()));
        }
        return new Played(t, all, absentAll);
    }

    private static double ratingShare(Tournament t, Pairing pr) {
        double d = t.player(pr.white()).rating() - t.player(pr.black()).rating();
        return 1 / (1 + Math.pow(10, -d / 400));
    }
}
