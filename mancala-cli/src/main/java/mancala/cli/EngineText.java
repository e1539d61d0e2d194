package mancala.cli;

import java.util.List;
import mancala.engine.search.Score;
import mancala.rules.Board;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.rules.SowingTrace;

/** Text shared by the engine's commands: pit letters, lines of moves, scores, the board and a ply's sowing. */
final class EngineText {
    private EngineText() {
    }

    /** @return the moves as pit letters separated by spaces. */
    static String line(Rules rules, List<Integer> moves) {
        StringBuilder sb = new StringBuilder();
        for (int m : moves) {
            sb.append(sb.length() == 0 ? "" : " ").append(rules.pitLetter(m));
        }
        return sb.toString();
    }

    /** @return the moves as pit letters separated by spaces. */
    static String line(Rules rules, int[] moves) {
        StringBuilder sb = new StringBuilder();
        for (int m : moves) {
            sb.append(sb.length() == 0 ? "" : " ").append(rules.pitLetter(m));
        }
        return sb.toString();
    }

    /** @return a score for people: {@code +1.25} (seeds), {@code win in 7} or {@code loss in 4} (plies). */
    static String score(int score) {
        return Score.format(score);
    }

    /**
     * Reads a pit letter ({@link Rules#pitOfLetter}) of the side to move.
     *
     * @return the pit index, or -1 when {@code text} names none of the mover's pits
     */
    static int pit(Position p, String text) {
        int q = p.rules().pitOfLetter(text);
        return q >= 0 && p.owner(q) == p.sideToMove() ? q : -1;
    }

    /**
     * Draws the board as seen from {@code seat}: that player's rows at the bottom, each pit as its letter over its
     * seeds ({@code x} for a closed pit), and the seeds each side holds off the board.
     */
    static String board(Position p, Side seat) {
        Rules rules = p.rules();
        int n = rules.pitsPerSide();
        StringBuilder sb = new StringBuilder();
        Side far = seat.opponent();
        int[][] rows;
        if (p.kind().fourRows()) {
            int r = n / 2;
            rows = new int[][] {pits(far, n, r - 1, 0), pits(far, n, r, n - 1), pits(seat, n, n - 1, r),
                    pits(seat, n, 0, r - 1)};
        } else {
            rows = new int[][] {pits(far, n, n - 1, 0), pits(seat, n, 0, n - 1)};
        }
        sb.append(String.format("  %s: holdings %d%n", far.displayName(), p.holdings(far)));
        for (int i = 0; i < rows.length; i++) {
            StringBuilder letters = new StringBuilder("  ");
            StringBuilder seeds = new StringBuilder("  ");
            for (int q : rows[i]) {
                letters.append(String.format("%4s", rules.pitLetter(q)));
                seeds.append(String.format("%4s", p.isClosed(q) ? "x" : String.valueOf(p.seeds(q))));
            }
            if (i == rows.length / 2) {
                sb.append("  ").append("-".repeat(4 * rows[i].length)).append('\n');
            }
            sb.append(letters).append('\n').append(seeds).append('\n');
        }
        sb.append(String.format("  %s: holdings %d%n", seat.displayName(), p.holdings(seat)));
        return sb.toString();
    }

    /** Pit indices of {@code side}'s letters from {@code from} to {@code to} (either direction). */
    private static int[] pits(Side side, int n, int from, int to) {
        int len = Math.abs(to - from) + 1;
        int[] out = new int[len];
        int step = to >= from ? 1 : -1;
        for (int i = 0; i < len; i++) {
            out[i] = side.index() * n + from + i * step;
        }
        return out;
    }

    /** Collects a ply's laps and captures as text, e.g. {@code lifts 3 from c, 4 from f; takes 2 from K, 3 from D}. */
    static final class PlyTrace implements SowingTrace {
        private final Rules rules;
        private final StringBuilder laps = new StringBuilder();
        private final StringBuilder takes = new StringBuilder();
        private int last = -1;

        PlyTrace(Rules rules) {
            this.rules = rules;
        }

        @Override
        public void lift(int pit, int seeds) {
            laps.append(laps.length() == 0 ? "sows " : ", relays ").append(seeds).append(" from ")
                    .append(rules.pitLetter(pit));
        }

        @Override
        public void sow(int pit) {
            last = pit;
        }

        @Override
        public void take(int pit, int seeds, Side to) {
            takes.append(takes.length() == 0 ? "" : ", ").append(seeds).append(" from ").append(rules.pitLetter(pit))
                    .append(" to ").append(to.displayName());
        }

        @Override
        public String toString() {
            String s = laps + (last >= 0 ? ", ends in " + rules.pitLetter(last) : "");
            return takes.length() == 0 ? s : s + "; takes " + takes;
        }
    }

    /** @return a board's position (for the engine's search). */
    static Board board(Position p) {
        return p.toBoard();
    }
}
