package mancala.engine.solve;

import java.util.List;

/**
 * The exact game-theoretic value of a position.
 *
 * @param result    for the side to move: {@link Value#WIN}, {@link Value#LOSS} or {@link Value#DRAW}
 * @param plies     a win: plies to the end against the longest resistance, with the shortest forced win;
 *                  a loss: plies to the end with the longest resistance against the shortest win; a draw: the
 *                  plies of {@code line}, to where the game is drawn (set so by the constructor);
 *                  -1 when answered by a round's endgame tables, which keep the result but no distance
 * @param line      one optimal line, pit indices; for a draw it runs to a drawn end (an endless move under
 *                  {@code endless=draw}, H8) or until a position repeats (H10)
 * @param positions positions the solver examined: from {@link Solver#solve(Position, long, mancala.engine.progress.Progress)}
 *                  the search nodes and retrograde positions of all its racing threads together, the count its
 *                  progress ends on; from retrograde analysis alone the positions reachable from the start
 */
public record Solution(Value result, int plies, List<Integer> line, int positions) {
    /** A draw's plies are those of its line (solve printed 0 plies beside a one-move line). */
    public Solution {
        line = List.copyOf(line);
        if (result == Value.DRAW) {
            plies = line.size();
        }
    }

    /** A game-theoretic value for the side to move. */
    public enum Value {
        WIN, LOSS, DRAW;

        /** @return {@code win}, {@code loss} or {@code draw}. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
