package mancala.server.game;

import java.time.Instant;

/**
 * One thing that happened in a game, in order: a move, a resignation, or an agreed end.
 *
 * @param seq      0-based position in the game's event list
 * @param kind     {@code move}, {@code resign}, {@code agree}, {@code time} (the side's clock ran out) or
 *                 {@code abandon} (the side left and the opponent claimed the game)
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
}
