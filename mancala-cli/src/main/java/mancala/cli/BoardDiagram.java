package mancala.cli;

import java.util.ArrayList;
import java.util.List;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;

/**
 * Draws a position as South sees it from his seat: North's rows on top, pit letters beside the seed counts, the
 * seeds each side holds at the right. Hawalis (RULES.md §1):
 * <pre>
 *         G  F  E  D  C  B  A
 *  North  2  2  2  2  2  2  2
 *         2  2  2  2  2  2  2   holdings 0
 *         H  I  J  K  L  M  N
 *         n  m  l  k  j  i  h
 *         2  2  2  2  2  2  2
 *  South  2  2  2  2  2  2  2   holdings 0
 *         a  b  c  d  e  f  g
 * </pre>
 * A closed pit (Rio Kadalis) shows {@code x}; a conquered pit has a {@code *}.
 */
final class BoardDiagram {
    private BoardDiagram() {
    }

    /** @return the diagram's lines, without line ends. */
    static List<String> draw(Position p) {
        Rules rules = p.rules();
        int n = rules.pitsPerSide();
        List<String> lines = new ArrayList<>();
        String north = "holdings " + p.holdings(Side.NORTH);
        String south = "holdings " + p.holdings(Side.SOUTH);
        if (p.kind().fourRows()) {
            int half = n / 2;
            int[] northOuter = range(n + half - 1, n - 1); // G..A from South's left
            int[] northInner = range(n + half, n + n);     // H..N
            int[] southInner = range(n - 1, half - 1);     // n..h
            int[] southOuter = range(0, half);             // a..g
            lines.add(row("", letters(rules, northOuter), ""));
            lines.add(row("North", counts(p, northOuter), ""));
            lines.add(row("", counts(p, northInner), north));
            lines.add(row("", letters(rules, northInner), ""));
            lines.add(row("", letters(rules, southInner), ""));
            lines.add(row("", counts(p, southInner), ""));
            lines.add(row("South", counts(p, southOuter), south));
            lines.add(row("", letters(rules, southOuter), ""));
        } else {
            int[] northRow = range(2 * n - 1, n - 1); // F..A from South's left
            int[] southRow = range(0, n);
            lines.add(row("", letters(rules, northRow), ""));
            lines.add(row("North", counts(p, northRow), north));
            lines.add(row("South", counts(p, southRow), south));
            lines.add(row("", letters(rules, southRow), ""));
        }
        String mover = p.isOver() ? "game over" : p.sideToMove().displayName() + " to move";
        lines.add(row("", new String[0], mover));
        return lines;
    }

    /** @return pits from {@code from} towards {@code to}, {@code to} excluded, up or down. */
    private static int[] range(int from, int to) {
        int step = from < to ? 1 : -1;
        int[] r = new int[Math.abs(to - from)];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i * step;
        }
        return r;
    }

    private static String[] letters(Rules rules, int[] pits) {
        String[] s = new String[pits.length];
        for (int i = 0; i < pits.length; i++) {
            s[i] = rules.pitLetter(pits[i]);
        }
        return s;
    }

    private static String[] counts(Position p, int[] pits) {
        String[] s = new String[pits.length];
        for (int i = 0; i < pits.length; i++) {
            int pit = pits[i];
            s[i] = p.isClosed(pit) ? "x" : p.seeds(pit) + ((p.conqueredMask() >>> pit & 1) != 0 ? "*" : "");
        }
        return s;
    }

    private static String row(String label, String[] cells, String note) {
        StringBuilder sb = new StringBuilder(String.format("%-6s", label));
        for (String c : cells) {
            sb.append(String.format("%3s", c));
        }
        if (!note.isEmpty()) {
            sb.append("   ").append(note);
        }
        return sb.toString().stripTrailing();
    }
}
