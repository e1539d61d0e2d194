package mancala.server.game;

import mancala.server.board.BoardView;
import mancala.server.board.LayoutView;
import java.util.List;

/**
 * A game's state for the page and the API, as JSON: an immutable snapshot. {@code status} is {@code waiting}
 * (an invited player has not joined), {@code playing}, {@code over}, {@code aborted} (ended before both players
 * moved, with no result: unrated, counted nowhere; termination {@code aborted}) or {@code abandoned} (nobody acted
 * for the server's abandonment time; nothing more can be played). {@code version} grows by one with every stored change,
 * on every server instance, so a client drops an older state that arrives late; {@code stamp} is
 * {@code version + 1} (always positive, as pages expect).
 *
 * @param plies    plies played in all rounds
 * @param round    the round being played (1 outside Rio Kadalis)
 * @param legal    the pit letters the side to move may play (empty when over)
 * @param lastMove the last move with its sowing steps, or null
 */
public record GameView(String id, String game, String gameName, String options, String mode, Players players,
                       Ai ai, String status, String toMove, int plies, int round, String position, BoardView board,
                       LayoutView layout, List<String> legal, List<RoundView> rounds, String drawOffer,
                       String takebackOffer, String result, String termination, String summary, LastMove lastMove,
                       long version, long stamp, String createdAt, String updatedAt) {

    /** Both seats. */
    public record Players(Player south, Player north) {
    }

    /**
     * One seat: the player's name, whether the computer plays it, and whether someone sits there.
     */
    public record Player(String name, boolean ai, boolean seated) {
    }

    /** The computer's side and level (1–10), in games against it; else the view's {@code ai} is null. */
    public record Ai(String side, int level) {
    }

    /**
     * One round (the whole game outside Rio Kadalis): its number from 1, start position, moves, and once over its
     * result, termination and the seeds each side holds.
     */
    public record RoundView(int number, String start, List<MoveView> moves, String result, String termination,
                            Integer south, Integer north) {
    }

    /** One ply: the mover, the pit letter and the seeds it captured. */
    public record MoveView(String side, String pit, int captured) {
    }

    /**
     * The last move for the page's animation: the board before it and its sowing steps.
     *
     * @param index the pit's board index
     */
    public record LastMove(String side, String pit, int index, int captured, int round, BoardView before,
                           List<Step> steps) {
    }

    /**
     * One step of a sowing: {@code k} is {@code lift} (a lap starts with {@code n} seeds from pit {@code p}),
     * {@code sow} (one seed into pit {@code p}) or {@code take} ({@code n} seeds leave pit {@code p} for side
     * {@code to}).
     */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public record Step(String k, int p, Integer n, String to) {
    }
}
