package mancala.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mancala.rules.Side;

/**
 * The table {@code analyse RECORD} prints: one row a ply in fixed columns (ply, side, the move played with its mark,
 * its score, the engine's best move and score, the score lost, the verdict), so that marks such as {@code ??} or
 * {@code ?!} never push the columns out of line; and a summary per player.
 */
final class AnalysisTable {
    /** The verdicts counted in the summary, from the mildest; any other verdict word is counted after them. */
    private static final List<String> ORDER = List.of("inaccuracy", "mistake", "blunder");

    private final String[] names = new String[2];
    private final int[] moves = new int[2];
    private final long[] lost = new long[2];
    private final int[] judged = new int[2];
    private final List<Map<String, Integer>> verdicts = List.of(new LinkedHashMap<>(), new LinkedHashMap<>());

    /**
     * @param south the South player's name from the record's tags, or null
     * @param north the North player's name, or null
     */
    AnalysisTable(String south, String north) {
        names[0] = south;
        names[1] = north;
    }

    /** @return the column headings, aligned with {@link #row}. */
    static String header() {
        // The row's "best X" takes 10 characters; the score lost is right-aligned under "lost", without the word.
        return String.format(Locale.ROOT, "%4s  %-5s  %-5s %-12s %-10s %-12s %11s  %s", "ply", "side", "move",
                "score", "best", "score", "lost", "verdict").stripTrailing();
    }

    /**
     * Formats one ply and counts it for its player.
     *
     * @param ply     ply number, from 1
     * @param mover   who played it
     * @param move    the move played, as written (a pit letter)
     * @param mark    its mark ({@code ?!}, {@code ?}, {@code ??}), empty for none
     * @param played  the move's score, as printed
     * @param best    the engine's best move
     * @param bestScore its score, as printed
     * @param lostCentiseeds the score lost in hundredths of a seed, or -1 when not a number (a proven result)
     * @param verdict the verdict's word ({@code mistake} …), empty for a good move
     * @return the row
     */
    String row(int ply, Side mover, String move, String mark, String played, String best, String bestScore,
               int lostCentiseeds, String verdict) {
        int s = mover.index();
        moves[s]++;
        if (lostCentiseeds >= 0) {
            lost[s] += lostCentiseeds;
            judged[s]++;
        }
        if (!verdict.isEmpty()) {
            verdicts.get(s).merge(verdict, 1, Integer::sum);
        }
        String lostText = lostCentiseeds < 0 ? "-" : String.format(Locale.ROOT, "%.2f", lostCentiseeds / 100.0);
        return String.format(Locale.ROOT, "%3d.  %-5s  %-5s %-12s best %-5s %-12s %11s  %s", ply,
                mover.displayName(), move + mark, played, best, bestScore, lostText, verdict).stripTrailing();
    }

    /**
     * @return one line a player who moved, e.g. {@code South (Miceu Tavares): 55 moves, 2 inaccuracies, 3 mistakes,
     *         1 blunder; average loss 0.42 seeds a move}
     */
    List<String> summary() {
        List<String> lines = new ArrayList<>();
        for (Side side : Side.values()) {
            int s = side.index();
            if (moves[s] == 0) {
                continue;
            }
            StringBuilder sb = new StringBuilder(side.displayName());
            if (names[s] != null && !names[s].isBlank()) {
                sb.append(" (").append(names[s]).append(')');
            }
            sb.append(": ").append(count(moves[s], "move"));
            Map<String, Integer> v = verdicts.get(s);
            List<String> words = new ArrayList<>(ORDER);
            v.keySet().stream().filter(w -> !ORDER.contains(w)).forEach(words::add);
            for (String w : words) {
                int n = v.getOrDefault(w, 0);
                sb.append(", ").append(count(n, w));
            }
            if (judged[s] > 0) {
                sb.append(String.format(Locale.ROOT, "; average loss %.2f seeds a move", lost[s] / 100.0 / judged[s]));
            }
            lines.add(sb.toString());
        }
        return lines;
    }

    /** @return e.g. "1 move", "2 mistakes", "3 inaccuracies". */
    static String count(int n, String noun) {
        if (n == 1) {
            return n + " " + noun;
        }
        return n + " " + (noun.endsWith("y") ? noun.substring(0, noun.length() - 1) + "ies" : noun + "s");
    }
}
