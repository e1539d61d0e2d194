package mancala.pairing.bergertables;

import java.util.ArrayList;
import java.util.List;

/**
 * The Berger tables of FIDE C.05 Annex 1 for round-robin tournaments. Players are numbered 1..n by their seat
 * (drawn by lot or given by rating, as the tournament decides). With an odd number of players the table of n+1 is
 * used and meeting player n+1 means a bye.
 *
 * <p>In round r of the table for an even n, player n meets p = (r+1)/2 (r odd; p has White) or p = n/2 + r/2 (r
 * even; n has White); on the other boards k = 1..n/2-1, p+k (White) meets p-k (Black), counted round 1..n-1.
 * In a double round robin the second cycle repeats the first with the colours reversed.
 */
public final class BergerTables {
    private BergerTables() {
    }

    /**
     * One game of a table: White (moves first) and Black by seat number; {@code black == 0} or {@code white == 0}
     * never occur: a bye is a game against seat n+1 in an odd tournament, see {@link #round}.
     *
     * @param board the board, 1 first
     * @param white the seat that moves first
     * @param black the seat that moves second
     */
    public record Game(int board, int white, int black) {
    }

    /** @return the number of rounds of one cycle for {@code players} players (players - 1, or players when odd) */
    public static int roundsPerCycle(int players) {
        if (players < 2) {
            throw new IllegalArgumentException("a round robin needs at least 2 players, not " + players);
        }
        return players % 2 == 0 ? players - 1 : players;
    }

    /**
     * The games of one round.
     *
     * @param players the number of players, 2 or more
     * @param round   the round, 1..cycles × {@link #roundsPerCycle}
     * @return the games in board order; with an odd number of players the game against the missing seat is left
     *         out (that player has the bye, see {@link #bye})
     * @throws IllegalArgumentException for a round outside the table
     */
    public static List<Game> round(int players, int round) {
        int per = roundsPerCycle(players);
        if (round < 1) {
            throw new IllegalArgumentException("round must be at least 1, not " + round);
        }
        int n = players % 2 == 0 ? players : players + 1;
        int cycle = (round - 1) / per;
        int r = (round - 1) % per + 1;
        List<Game> games = new ArrayList<>();
        int p = r % 2 == 1 ? (r + 1) / 2 : n / 2 + r / 2;
        int w = r % 2 == 1 ? p : n;
        int b = r % 2 == 1 ? n : p;
        int board = 1;
        if (n == players) {
            games.add(game(board++, w, b, cycle));
        } else {
            board++;
        }
        int m = n - 1;
        for (int k = 1; k < n / 2; k++) {
            int white = ((p + k - 1) % m + m) % m + 1;
            int black = ((p - k - 1) % m + m) % m + 1;
            games.add(game(board++, white, black, cycle));
        }
        if (n != players) {
            // renumber boards from 1 when board 1 was the bye
            List<Game> renumbered = new ArrayList<>();
            for (int i = 0; i < games.size(); i++) {
                renumbered.add(new Game(i + 1, games.get(i).white(), games.get(i).black()));
            }
            return renumbered;
        }
        return games;
    }

    /** @return the seat with the bye in that round (odd number of players), or 0 when there is none */
    public static int bye(int players, int round) {
        if (players % 2 == 0) {
            return 0;
        }
        int per = roundsPerCycle(players);
        int r = (round - 1) % per + 1;
        int n = players + 1;
        return r % 2 == 1 ? (r + 1) / 2 : n / 2 + r / 2;
    }

    private static Game game(int board, int white, int black, int cycle) {
        return cycle % 2 == 0 ? new Game(board, white, black) : new Game(board, black, white);
    }
}
