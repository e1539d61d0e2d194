package mancala.server.tournament;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Round-robin pairings by the Berger tables (as published in the FIDE handbook, C.05 annex 1): with an even number
 * {@code n} of seats, round {@code r} puts seat {@code n} against seat {@code p = ((r - 1) * n / 2) mod (n - 1) + 1}
 * (seat {@code p} first in odd rounds, seat {@code n} first in even ones) and, on board {@code k}, seat
 * {@code p + k - 1} first against {@code p - k + 1} (both counted round 1 .. n - 1). With an odd number of players a
 * last empty seat is added; whoever meets it has the round's bye.
 */
public final class RoundRobin {
    private RoundRobin() {
    }

    /**
     * The Berger table as seat numbers.
     *
     * @param seats an even number of seats, at least 2
     * @return per round (index 0 is round 1) the pairs {first, second} of 1-based seats, board 1 first; the first
     * seat of a pair moves first (South)
     * @throws IllegalArgumentException for an odd or too small number
     */
    public static List<int[][]> bergerTable(int seats) {
        if (seats < 2 || seats % 2 != 0) {
            throw new IllegalArgumentException("a Berger table has an even number of seats, at least 2, was " + seats);
        }
        int m = seats - 1;
        List<int[][]> rounds = new ArrayList<>();
        for (int r = 1; r <= m; r++) {
            int p = ((r - 1) * (seats / 2)) % m + 1;
            int[][] boards = new int[seats / 2][];
            boards[0] = r % 2 == 1 ? new int[] {p, seats} : new int[] {seats, p};
            for (int k = 2; k <= seats / 2; k++) {
                int first = Math.floorMod(p + k - 2, m) + 1;
                int second = Math.floorMod(p - k, m) + 1;
                boards[k - 1] = new int[] {first, second};
            }
            rounds.add(boards);
        }
        return rounds;
    }

    /** @return the number of rounds a round robin of {@code players} players takes. */
    public static int roundCount(int players) {
        return players % 2 == 0 ? players - 1 : players;
    }

    /**
     * The pairings of one round.
     *
     * @param players the players in seat order (seat 1 first), at least 2
     * @param round   the round's number, 1 .. {@link #roundCount(int)}
     * @return the round's games and bye
     * @throws IllegalArgumentException when the round does not exist
     */
    public static Round round(List<String> players, int round) {
        int n = players.size();
        if (n < 2) {
            throw new IllegalArgumentException("a round robin needs at least 2 players, has " + n);
        }
        int seats = n % 2 == 0 ? n : n + 1;
        if (round < 1 || round > seats - 1) {
            throw new IllegalArgumentException("a round robin of " + n + " players has rounds 1 to " + (seats - 1)
                    + ", not " + round);
        }
        int[][] boards = bergerTable(seats).get(round - 1);
        List<Pairing> games = new ArrayList<>();
        String bye = null;
        for (int[] b : boards) {
            if (b[0] > n) {
                bye = players.get(b[1] - 1);
            } else if (b[1] > n) {
                bye = players.get(b[0] - 1);
            } else {
                games.add(new Pairing(players.get(b[0] - 1), players.get(b[1] - 1)));
            }
        }
        return new Round(round, games, Optional.ofNullable(bye));
    }
}
