package mancala.engine;

import java.util.List;
import mancala.engine.search.Score;

/**
 * The engine's verdict on a position.
 *
 * @param bestMove    the best move found (pit index), or -1 when the game is over
 * @param score       the score for the side to move: positive is good for it; see {@link #isWin()}
 * @param depthPlies  the depth searched, in plies
 * @param principalVariation the expected line, best move first (pit indices)
 * @param nodes       positions searched
 */
public record Analysis(int bestMove, int score, int depthPlies, List<Integer> principalVariation, long nodes) {
    /** Scores at or above this mean a proven win (WIN minus the plies to it); at or below its negation a loss. */
    public static final int WIN = Score.WIN;
    /** Scores at or beyond this magnitude are proven results; see {@link Score}. */
    public static final int WIN_THRESHOLD = Score.WIN_THRESHOLD;

    /** @return true when the score is a proven win for the side to move. */
    public boolean isWin() {
        return score >= WIN_THRESHOLD;
    }

    /** @return true when the score is a proven loss for the side to move. */
    public boolean isLoss() {
        return score <= -WIN_THRESHOLD;
    }
}
