package mancala.engine.puzzle;

import java.util.List;
import mancala.rules.Position;

/**
 * One puzzle: the side to move in {@code position} has a forced win.
 *
 * @param id         a stable identifier, letters, digits and {@code -} (used in URLs)
 * @param position   the position to solve, with its rule options
 * @param source     where it comes from: the published source for a published problem, the generating self-play
 *                   for a generated one
 * @param difficulty 1 (easiest) to {@value PuzzleJudge#MAX_DIFFICULTY}, see {@link PuzzleJudge#difficulty}
 * @param plies      plies to the end of the shortest forced win against the longest defence
 * @param solution   one optimal line from {@code position} to the end of the game, pit indices
 */
public record Puzzle(String id, Position position, String source, int difficulty, int plies,
                     List<Integer> solution) {
    /** @throws IllegalArgumentException when the id holds other characters than letters, digits and '-' */
    public Puzzle {
        if (id == null || !id.matches("[A-Za-z0-9-]{1,64}")) {
            throw new IllegalArgumentException("a puzzle id is 1-64 letters, digits or '-', was '" + id + "'");
        }
        solution = List.copyOf(solution);
    }
}
