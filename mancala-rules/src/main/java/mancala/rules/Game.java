package mancala.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One game (in Rio Kadalis: one round) with its history: the positions and moves so far, and the repetition rules
 * that need that history (H10, A8, R10). Also resignation and agreed ends. Not thread-safe.
 *
 * <p>Repetition counts only positions since the last change of the seeds held off the board: captures (and fours)
 * only ever add to those, so no earlier position can occur again.
 */
public final class Game {
    private final List<Position> positions = new ArrayList<>();
    private final List<Integer> moves = new ArrayList<>();
    private final List<Integer> captures = new ArrayList<>();
    private final Map<Position, Integer> seen = new HashMap<>();
    private Outcome ended;

    /** Starts a game from {@code start}. */
    public Game(Position start) {
        positions.add(start);
        seen.put(start, 1);
        checkRepetition(start);
    }

    /** @return a game from the start position of these rules. */
    public static Game start(Rules rules) {
        return new Game(Position.initial(rules));
    }

    /** @return the current position. */
    public Position position() {
        return positions.get(positions.size() - 1);
    }

    /** @return the start position. */
    public Position start() {
        return positions.get(0);
    }

    /** @return plies played so far. */
    public int plies() {
        return moves.size();
    }

    /** @return the moves played, pit indices in order. */
    public List<Integer> moves() {
        return List.copyOf(moves);
    }

    /** @return the positions from the start to now; one more than {@link #plies()}. */
    public List<Position> positions() {
        return List.copyOf(positions);
    }

    /** @return seeds the mover of ply {@code ply} (1-based) captured with it: the growth of his holdings. */
    public int capturedAt(int ply) {
        return captures.get(ply - 1);
    }

    /** @return the side that played ply {@code ply} (1-based). */
    public Side moverAt(int ply) {
        return positions.get(ply - 1).sideToMove();
    }

    /**
     * Plays a move. As {@link Position#play}, it returns the position after the move; the seeds the mover captured
     * with it are {@link #capturedAt capturedAt(plies())}.
     *
     * @return the position after the move, now the game's current position
     * @throws RulesException when the game is over or the move is illegal (message gives the ply)
     */
    public Position play(int pit) {
        return play(pit, null);
    }

    /**
     * Plays a move, reporting its steps to {@code trace} (may be null).
     *
     * @return the position after the move, now the game's current position
     * @throws RulesException when the game is over or the move is illegal (message gives the ply)
     */
    public Position play(int pit, SowingTrace trace) {
        Position before = position();
        if (isOver()) {
            throw new RulesException("ply " + (plies() + 1) + ": the game is over ("
                    + outcome().orElseThrow().termination().description() + ")");
        }
        Position after;
        try {
            after = before.play(pit, trace);
        } catch (RulesException e) {
            throw new RulesException("ply " + (plies() + 1) + ": " + e.getMessage());
        }
        Side mover = before.sideToMove();
        int captured = after.holdings(mover) - before.holdings(mover);
        if (after.holdings(Side.SOUTH) != before.holdings(Side.SOUTH)
                || after.holdings(Side.NORTH) != before.holdings(Side.NORTH)) {
            seen.clear(); // seeds left the board: no earlier position can occur again
        }
        positions.add(after);
        moves.add(pit);
        captures.add(captured);
        seen.merge(after, 1, Integer::sum);
        checkRepetition(after);
        return after;
    }

    private void checkRepetition(Position p) {
        if (seen.getOrDefault(p, 0) >= p.rules().repetitionLimit() && !p.isOver()) {
            ended = p.repetitionOutcome();
        }
    }

    /** Takes back the last ply. @throws RulesException when no ply has been played */
    public void undo() {
        if (moves.isEmpty()) {
            throw new RulesException("no ply to take back");
        }
        positions.remove(positions.size() - 1);
        moves.remove(moves.size() - 1);
        captures.remove(captures.size() - 1);
        ended = null;
        seen.clear();
        // Rebuild the counts back to the last change of the holdings.
        for (int i = positions.size() - 1; i >= 0; i--) {
            Position p = positions.get(i);
            seen.merge(p, 1, Integer::sum);
            if (i > 0 && (positions.get(i - 1).holdings(Side.SOUTH) != p.holdings(Side.SOUTH)
                    || positions.get(i - 1).holdings(Side.NORTH) != p.holdings(Side.NORTH))) {
                break;
            }
        }
    }

    /** Ends the game: {@code loser} resigns. @throws RulesException when the game is over */
    public void resign(Side loser) {
        forfeit(loser, Termination.RESIGNATION);
    }

    /**
     * Ends the game with a loss for {@code loser} off the board: resignation, time or abandonment.
     *
     * @throws RulesException when the game is over or {@code why} is not such an end ({@link Termination#isForfeit})
     */
    public void forfeit(Side loser, Termination why) {
        requireOngoing();
        if (!why.isForfeit()) {
            throw new RulesException(why.key() + " is not a loss off the board");
        }
        Position p = position();
        ended = new Outcome(Result.winFor(loser.opponent()), why, p.holdings(Side.SOUTH), p.holdings(Side.NORTH));
    }

    /**
     * Ends the game by agreement: a draw (Al-manqala: the equal split of A8; Rio Kadalis: the round ends as R6 and
     * R7 decides it by the seeds each then holds).
     *
     * @throws RulesException when the game is over
     */
    public void agree() {
        requireOngoing();
        ended = position().agreedOutcome();
    }

    private void requireOngoing() {
        if (isOver()) {
            throw new RulesException("the game is already over");
        }
    }

    /** @return true when the game is over: by the board, by repetition, resignation or agreement. */
    public boolean isOver() {
        return ended != null || position().isOver();
    }

    /** @return the outcome once the game is over. */
    public Optional<Outcome> outcome() {
        if (ended != null) {
            return Optional.of(ended);
        }
        return position().outcome();
    }
}
