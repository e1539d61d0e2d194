package mancala.server.game;

import java.time.Instant;

/**
 * One thing that happened in a game, in order: a move, a resignation, or an agreed end.
 *
 * @param seq      0-based position in the game's event list
 * @param kind     {@code move}, {@code resign}, {@code agree}, {@code time} (the side's clock ran out) or
 *                 {@code abandon} (the side left and the opponent claimed the game), {@code abort} (the side
 *                 aborted the game before its own first move: no result), {@code no-start} (the side did not make
 *                 its first move in time: the game is aborted, no result) or {@code forfeit} (a tournament player did
 *                 not make his first move in time: he loses by forfeit, unrated)
 * @param side     {@code S} or {@code N}: the mover, the player resigning, or the player accepting
 * @param pit      the pit lifted (board index) for a move, else null
 * @param playedAt when it happened
 */
public record GameEvent(int seq, String kind, String side, Integer pit, Instant playedAt) {
    /** Event kind of a move. */
    public static final String MOVE = "move";
    /** Event kind of a resignation. */
    public static final String RESIGN = "resign";
    /** Event kind of an agreed end (draw, equal split, round ended by agreement). */
    public static final String AGREE = "agree";
    /** Event kind of a loss on time. */
    public static final String TIME = "time";
    /** Event kind of a game claimed against a player who left. */
    public static final String ABANDON = "abandon";
    /** Event kind of a player's abort before his own first move: the game ends with no result. */
    public static final String ABORT = "abort";
    /** Event kind of a first move not made in time: the game is aborted with no result. */
    public static final String NO_START = "no-start";
    /** Event kind of a tournament player's first move not made in time: he loses by forfeit. */
    public static final String FORFEIT = "forfeit";

    /** @return true for the events that abort a game (no result, unrated). */
    public boolean aborts() {
        return ABORT.equals(kind) || NO_START.equals(kind);
    }
}
