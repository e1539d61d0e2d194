package mancala.rules;

/**
 * The end of a game or of a Rio Kadalis round.
 *
 * @param result      who won
 * @param termination which rule ended it
 * @param south       seeds South holds at the end (captures, plus in two-row games what the end rule gives him:
 *                    his row's leftovers in R6, the board in A6, half the board in A8); 0 where seeds are not counted
 * @param north       the same for North
 */
public record Outcome(Result result, Termination termination, int south, int north) {
    /** @return the seeds held by {@code side} at the end. */
    public int holdings(Side side) {
        return side == Side.SOUTH ? south : north;
    }

    /**
     * The one outcome-in-words of the command line and the records (English; the web pages take theirs from the
     * message bundles), e.g. {@code North wins (0-1): South has no legal move; holdings 20-36}.
     */
    public String describe() {
        String who = result.winner().map(w -> w.displayName() + " wins").orElse("Draw");
        return who + " (" + result.notation() + "): " + reason() + "; holdings " + south + "-" + north;
    }

    /** @return how the game ended, naming the loser where the rule does, e.g. {@code South has no legal move}. */
    public String reason() {
        String loser = result.winner().map(w -> w.opponent().displayName()).orElse("a player");
        return switch (termination) {
            case NO_SEEDS -> loser + " has no seeds left";
            case NO_MOVE -> loser + " has no legal move";
            case ENDLESS_MOVE -> "an endless move was played";
            case REPETITION -> "the position repeated";
            case CAPTURE_MAJORITY -> result.winner().map(w -> w.displayName() + " has").orElse("a player has")
                    + " captured 50 seeds or more"; // A7: a threshold, not the count held
            case HUNGER -> "the hungry player takes the seeds left";
            case EQUAL_SPLIT -> "the seeds left were split equally";
            case BOARD_EMPTY -> "every seed has been captured";
            case CANNOT_REFILL -> loser + " cannot refill a single pit";
            case RESIGNATION -> loser + " resigned";
            case AGREEMENT -> "by agreement";
            case TIME -> loser + " ran out of time";
            case ABANDONED -> loser + " left the game";
            case FORFEIT -> loser + " did not start the game and forfeits it";
        };
    }
}
