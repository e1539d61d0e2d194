package mancala.engine.analysis;

import java.util.OptionalInt;
import mancala.engine.search.Score;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * The engine's judgement of one ply. Scores are from the mover's point of view in the position before the move, in
 * {@link Score}'s units (hundredths of a seed; proven results as {@code Score.WIN} less the plies to the end), and
 * both come from the same search depth: the best move's from a search of {@code depthPlies} plies, the move
 * played's from a search one ply shallower after it.
 *
 * @param ply         the ply's number in its game (or round), from 1
 * @param mover       the side that played it
 * @param move        the pit played (index as in {@code mancala.rules.Board})
 * @param captured    seeds the mover captured with it
 * @param bestMove    the engine's best move in the position before
 * @param bestScore   the score of the best move
 * @param playedScore the score of the move played (equal to {@code bestScore} when it is the best move)
 * @param depthPlies  the depth of the best move's search, plies
 * @param verdict     the judgement
 * @param after       the position after the move
 */
public record PlyAnalysis(int ply, Side mover, int move, int captured, int bestMove, int bestScore, int playedScore,
                          int depthPlies, Verdict verdict, Position after) {
    /**
     * @return the score lost against the best move, hundredths of a seed (0 or more); 0 when a proven result is kept
     *     (a slower win, a quicker loss); empty when a proven result was given away (a win let go, a loss let in),
     *     which no number of seeds measures
     */
    public OptionalInt loss() {
        return GameAnalysis.loss(bestScore, playedScore);
    }

    /** @return the score of the move played from South's point of view (for an evaluation graph). */
    public int playedScoreForSouth() {
        return mover == Side.SOUTH ? playedScore : -playedScore;
    }
}
