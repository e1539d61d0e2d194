package mancala.engine.puzzle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.engine.solve.Solution;
import mancala.engine.solve.SolveException;
import mancala.engine.solve.Solver;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * Judges puzzle moves with the exact solver: a move is right when it keeps the shortest forced win, and the
 * defence answers with the move that resists longest. Exact values are cached (at most {@link #CACHE_SIZE}
 * positions, least recently used dropped first). Thread-safe.
 */
public final class PuzzleJudge {
    /** The hardest difficulty. */
    public static final int MAX_DIFFICULTY = 5;
    /** Positions whose exact value is kept. */
    public static final int CACHE_SIZE = 200_000;

    private final long millis;
    private final Map<Position, Solution> cache = Collections.synchronizedMap(
            new LinkedHashMap<>(1024, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Position, Solution> eldest) {
                    return size() > CACHE_SIZE;
                }
            });

    /** @param millis the solver's time for one position, ms, at least 1 */
    public PuzzleJudge(long millis) {
        if (millis < 1) {
            throw new IllegalArgumentException("the solver needs at least 1 ms, was " + millis);
        }
        this.millis = millis;
    }

    /**
     * The exact value of {@code p} for its side to move.
     *
     * @throws SolveException when the solver proves nothing in time
     */
    public Solution solve(Position p) {
        Solution s = cache.get(p);
        if (s == null) {
            s = Solver.solve(p, millis);
            cache.put(p, s);
        }
        return s;
    }

    /**
     * The value of playing {@code move} in {@code p}, for the side that plays it: result and plies to the end,
     * the move included.
     *
     * @throws mancala.rules.RulesException when the move is not legal
     * @throws SolveException when the solver proves nothing in time
     */
    public MoveValue valueOf(Position p, int move) {
        Position child = p.play(move);
        Solution s = solve(child);
        Solution.Value v = s.result();
        if (child.sideToMove() != p.sideToMove()) {
            v = v == Solution.Value.WIN ? Solution.Value.LOSS : v == Solution.Value.LOSS ? Solution.Value.WIN : v;
        }
        return new MoveValue(move, v, s.plies() + 1);
    }

    /**
     * A move's exact value for the side playing it.
     *
     * @param move  the pit played
     * @param value win, loss or draw for the mover
     * @param plies plies to the end with best play, this move included (0 plies for a draw's value is not used)
     */
    public record MoveValue(int move, Solution.Value value, int plies) {
    }

    /**
     * The moves of {@code p} that keep its shortest forced win, ascending.
     *
     * @throws IllegalArgumentException when the side to move has no forced win in {@code p}
     * @throws SolveException when the solver proves nothing in time
     */
    public List<Integer> winningMoves(Position p) {
        Solution s = solve(p);
        if (s.result() != Solution.Value.WIN) {
            throw new IllegalArgumentException("the side to move has no forced win here (" + s.result().key() + ")");
        }
        List<Integer> out = new ArrayList<>();
        for (int m : p.legalMoves()) {
            MoveValue v = valueOf(p, m);
            if (v.value() == Solution.Value.WIN && v.plies() == s.plies()) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * Whether {@code move} keeps the shortest forced win of {@code p}: it wins, in the plies {@code p} needs. Only
     * {@code p} and the position after the move are solved.
     *
     * @throws SolveException when the solver proves nothing in time
     */
    public boolean keepsShortestWin(Position p, int move) {
        Solution s = solve(p);
        if (s.result() != Solution.Value.WIN) {
            return false;
        }
        MoveValue v = valueOf(p, move);
        return v.value() == Solution.Value.WIN && v.plies() == s.plies();
    }

    /**
     * The defence in {@code p}: the move that puts off the end longest (a draw or a win first, should one exist),
     * the lowest pit among equals, so that every call answers the same.
     *
     * @throws IllegalArgumentException when the game is over
     * @throws SolveException when the solver proves nothing in time
     */
    public int defence(Position p) {
        int[] moves = p.legalMoves();
        if (moves.length == 0) {
            throw new IllegalArgumentException("the game is over: there is nothing to defend");
        }
        int best = -1;
        long bestRank = Long.MIN_VALUE;
        for (int m : moves) {
            MoveValue v = valueOf(p, m);
            long rank = switch (v.value()) {
                case WIN -> 2_000_000L - v.plies();
                case DRAW -> 1_000_000L;
                case LOSS -> v.plies();
            };
            if (rank > bestRank) {
                bestRank = rank;
                best = m;
            }
        }
        return best;
    }

    /**
     * The verdict on a solver's moves so far.
     *
     * @param correct whether every move kept the shortest win
     * @param replies the defence's answer to the last move (usually one move; none when the game is over or the
     *                answer is a forced pass; more than one when the solver must pass in between, A5)
     * @param solved  whether the game is now won
     * @param wrongAt the index in the moves of the first wrong one, -1 when all are right
     */
    public record Check(boolean correct, List<Integer> replies, boolean solved, int wrongAt) {
        /** @return the first reply, or null when there is none */
        public Integer reply() {
            return replies.isEmpty() ? null : replies.get(0);
        }
    }

    /**
     * Checks a solver's moves from the puzzle's position: after each right move the defence answers
     * ({@link #defence}) and the next move is judged from there.
     *
     * @param moves the solver's moves only, pit indices, in order
     * @throws IllegalArgumentException when a move is not legal where it is played (the message names the move's
     *                                  index and pit) or moves follow the end of the game
     * @throws SolveException when the solver proves nothing in time
     */
    public Check check(Puzzle puzzle, List<Integer> moves) {
        Position q = puzzle.position();
        Side solver = q.sideToMove();
        List<Integer> replies = List.of();
        for (int i = 0; i < moves.size(); i++) {
            int m = moves.get(i);
            if (q.isOver()) {
                throw new IllegalArgumentException("moves[" + i + "]: the game is already over");
            }
            if (!q.isLegal(m)) {
                throw new IllegalArgumentException("moves[" + i + "]: " + (m >= 0 && m < q.pits().length
                        ? "pit " + q.rules().pitLetter(m) : "pit " + m) + " is not a legal move here");
            }
            if (!keepsShortestWin(q, m)) {
                return new Check(false, List.of(), false, i);
            }
            q = q.play(m);
            List<Integer> answered = new ArrayList<>();
            while (!q.isOver() && q.sideToMove() != solver) {
                int d = defence(q);
                answered.add(d);
                q = q.play(d);
            }
            replies = List.copyOf(answered);
        }
        return new Check(true, replies, q.isOver(), -1);
    }

    /**
     * A puzzle's difficulty, 1 to {@value #MAX_DIFFICULTY}: one step for each band of solution length in the
     * solver's own moves (1, 2-3, 4-6, 7-10, 11 and more), and one more when at least three of the moves lose,
     * so that guessing rarely helps.
     *
     * @param plies       plies of the shortest forced win, at least 1
     * @param losingMoves legal moves of the start that lose
     */
    public static int difficulty(int plies, int losingMoves) {
        int own = (plies + 1) / 2;
        int band = own <= 1 ? 0 : own <= 3 ? 1 : own <= 6 ? 2 : own <= 10 ? 3 : 4;
        return Math.min(MAX_DIFFICULTY, 1 + band + (losingMoves >= 3 ? 1 : 0));
    }
}
