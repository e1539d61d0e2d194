package mancala.server.board;

import java.util.ArrayList;
import java.util.List;
import mancala.rules.Rules;

/**
 * Where each pit is drawn, as South sees the board: {@code rows}, {@code cols}, and per pit (board index order)
 * {@code [row, col]} with row 0 at the top (rules document §1–§3 diagrams); and the pit letters.
 */
public record LayoutView(int rows, int cols, List<List<Integer>> cells, List<String> letters) {
    /** @return the layout of a board under {@code rules}. */
    public static LayoutView of(Rules rules) {
        int n = rules.pitsPerSide();
        boolean four = rules.kind().fourRows();
        int cols = four ? n / 2 : n;
        int rows = four ? 4 : 2;
        List<List<Integer>> cells = new ArrayList<>();
        List<String> letters = new ArrayList<>();
        for (int pit = 0; pit < 2 * n; pit++) {
            int i = pit % n;
            int row;
            int col;
            if (four) {
                // Outer row a… from the owner's left; inner row from his right back to his left.
                row = i < cols ? 3 : 2;
                col = i < cols ? i : n - 1 - i;
            } else {
                row = 1;
                col = i;
            }
            if (pit >= n) {
                row = rows - 1 - row;
                col = cols - 1 - col;
            }
            cells.add(List.of(row, col));
            letters.add(rules.pitLetter(pit));
        }
        return new LayoutView(rows, cols, List.copyOf(cells), List.copyOf(letters));
    }
}
