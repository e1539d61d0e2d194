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
}
