package mancala.engine.solve;

import java.util.List;

/**
 * The exact game-theoretic value of a position.
 *
 * @param result    for the side to move: {@link Value#WIN}, {@link Value#LOSS} or {@link Value#DRAW}
 * @param plies     a win: plies to the end against the longest resistance, with the shortest forced win;
 *                  a loss: plies to the end with the longest resistance against the shortest win; a draw: 0;
 *                  -1 when answered by a round's endgame tables, which keep the result but no distance
 * @param line      one optimal line, pit indices; for a draw it runs until a position repeats (H10)
 * @param positions positions the solver examined (search nodes when the proof search decided it)
 */
public record Solution(Value result, int plies, List<Integer> line, int positions) {
    /** A game-theoretic value for the side to move. */
    public enum Value {
        WIN, LOSS, DRAW;

        /** @return {@code win}, {@code loss} or {@code draw}. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
