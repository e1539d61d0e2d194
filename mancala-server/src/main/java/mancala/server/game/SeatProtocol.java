package mancala.server.game;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.RulesException;
import mancala.rules.Side;
import mancala.server.error.DomainError;
import mancala.server.board.SideKeys;

/**
 * What the players may do in a game, seat by seat: move, resign, offer and accept draws, undo and take-backs, and
 * the invited player's joining. Each action checks everything first and throws a {@link DomainError} before
 * touching the state; when it passes it changes the {@link GameState} and returns the {@link Change} to store.
 * Called by {@link GameService} inside the game's store transaction only.
 */
public final class SeatProtocol {
    private SeatProtocol() {
    }

    /**
     * A change made to a state, to be written in the same transaction: a new event, a take-back (events from
     * {@code truncateTo} on removed, else -1), or only the row (seats, offers).
     */
    public record Change(GameEvent event, int truncateTo) {
        /** A change of the row alone. */
        static final Change ROW = new Change(null, -1);
    }

    /**
     * Plays {@code pitLetter} for the holder of {@code seat}.
     *
     * @param expectedPly when not null, the ply number the mover believes he plays; refused when stale
     * @throws DomainError FORBIDDEN without a seat, CONFLICT out of turn, stale or over, UNPROCESSABLE when the
     *                     rules refuse the move
     */
    public static Change move(GameState s, Seat seat, String pitLetter, Integer expectedPly, Instant now) {
        requirePlaying(s, seat);
        Position p = s.position();
        Side mover = p.sideToMove();
        if (!seat.plays(mover) || s.mode() == Mode.AI && mover == s.aiSide()) {
            throw new DomainError(DomainError.Kind.CONFLICT, "wrong-turn", "it is {side}'s turn, not yours",
                    Map.of("side", mover.displayName()), Map.of("toMove", SideKeys.key(mover)), 0);
        }
        int plies = s.plies();
        if (expectedPly != null && expectedPly != plies + 1) {
            throw new DomainError(DomainError.Kind.CONFLICT, "stale", "the next ply is {next}, not {given}",
                    Map.of("next", plies + 1, "given", expectedPly), Map.of("ply", plies + 1), 0);
        }
        return play(s, mover, Inputs.pitIndex(p, pitLetter), now);
    }

    /**
     * Plays the AI's chosen {@code pit}. @return the change, or null when it is not the AI's turn
     */
    static Change aiMove(GameState s, int pit, Instant now) {
        if (!s.aiToMove()) {
            return null;
        }
        return play(s, s.aiSide(), pit, now);
    }

    private static Change play(GameState s, Side mover, int pit, Instant now) {
        GameEvent e = new GameEvent(s.events().size(), GameEvent.MOVE, SideKeys.code(mover), pit, now);
        try {
            s.append(e);
        } catch (RulesException ex) {
            Position p = s.position();
            List<String> legal = new ArrayList<>();
            for (int m : p.legalMoves()) {
                legal.add(p.rules().pitLetter(m));
            }
            throw DomainError.unprocessable("illegal-move", "{reason}", Map.of("reason", ex.getMessage()),
                    Map.of("legal", legal));
        }
        s.drawOffer = null;
        s.takebackOffer = null;
        s.touch(now);
        return new Change(e, -1);
    }

    /**
     * The engine's hint is for the player to move in a game against the AI or on one screen.
     *
     * @throws DomainError FORBIDDEN for spectators, CONFLICT when it is not his turn, the game is over, or it is
     *                     played against a person (no engine help there)
     */
    public static void requireHintable(GameState s, Seat seat) {
        requirePlaying(s, seat);
        if (s.mode() == Mode.INVITE) {
            throw DomainError.conflict("no-hints", "no engine hints in a game against a person", Map.of());
        }
        Position p = s.position();
        if (!seat.plays(p.sideToMove()) || s.mode() == Mode.AI && p.sideToMove() == s.aiSide()) {
            throw DomainError.conflict("wrong-turn", "a hint is given to the player to move", Map.of());
        }
    }

    /**
     * {@code loser} loses off the board: his clock ran out ({@link GameEvent#TIME}) or he left and the opponent
     * claimed the game ({@link GameEvent#ABANDON}). Not a player's action: the clock or the claim decides.
     *
     * @return the change, or null when the game is over already
     */
    public static Change forfeit(GameState s, Side loser, String kind, Instant now) {
        if (s.isOver() || s.abandoned || s.isAborted()) {
            return null;
        }
        return event(s, kind, loser, now);
    }

    /**
     * The holder of {@code seat} aborts the game before his own first move: it ends with no result, unrated and
     * counted nowhere (as lichess allows). Not on one screen.
     *
     * @throws DomainError CONFLICT {@code no-abort} once he has moved (resign instead) or on one screen, and as
     *                     {@link #requirePlaying}
     */
    public static Change abort(GameState s, Seat seat, Instant now) {
        requirePlaying(s, seat);
        if (seat == Seat.BOTH || s.mode() == Mode.LOCAL) {
            throw DomainError.conflict("no-abort", "a game on one screen is not aborted: start a new one", Map.of());
        }
        Side me = playerSide(s, seat);
        if (s.hasMoved(me)) {
            throw DomainError.conflict("no-abort", "you have made your first move: the game can no longer be aborted "
                    + "(resign instead)", Map.of());
        }
        return event(s, GameEvent.ABORT, me, now);
    }

    /**
     * {@code side} did not make its first move in its first-move time: the game is aborted with no result (a
     * tournament game is forfeited instead, {@link #forfeit} with {@link GameEvent#FORFEIT}). Not a player's action.
     *
     * @return the change, or null when the game is closed already
     */
    public static Change noStart(GameState s, Side side, Instant now) {
        if (s.isOver() || s.abandoned || s.isAborted()) {
            return null;
        }
        return event(s, GameEvent.NO_START, side, now);
    }

    /** The holder of {@code seat} resigns (on one screen: the side to move resigns). */
    public static Change resign(GameState s, Seat seat, Instant now) {
        requirePlaying(s, seat);
        Side side = seat == Seat.BOTH ? s.position().sideToMove() : seat == Seat.SOUTH ? Side.SOUTH : Side.NORTH;
        return event(s, GameEvent.RESIGN, side, now);
    }

    /**
     * Offers a draw (Al-manqala: the equal split of A8; Rio Kadalis: ending the round as R6). Against the AI the
     * AI answers at once: it agrees only when it is strictly behind, its seeds (holdings and the seeds in its pits)
     * fewer than its opponent's; never at equality (the opening). On one screen it is agreed.
     * When the opponent already offers, this accepts.
     */
    public static Change offerDraw(GameState s, Seat seat, Instant now) {
        requirePlaying(s, seat);
        Side me = playerSide(s, seat);
        if (seat == Seat.BOTH || s.drawOffer == me.opponent()) {
            return event(s, GameEvent.AGREE, me, now);
        }
        if (s.mode() == Mode.AI) {
            Position p = s.position();
            Side ai = s.aiSide();
            if (p.holdings(ai) + p.seedsOnBoard(ai) < p.holdings(me) + p.seedsOnBoard(me)) {
                return event(s, GameEvent.AGREE, me, now);
            }
            throw DomainError.conflict("declined", "the AI declines the draw", Map.of());
        }
        requireOpponentJoined(s);
        s.drawOffer = me;
        s.touch(now);
        return Change.ROW;
    }

    /** Accepts the opponent's draw offer. @throws DomainError CONFLICT when there is none */
    public static Change acceptDraw(GameState s, Seat seat, Instant now) {
        requirePlaying(s, seat);
        Side me = playerSide(s, seat);
        if (s.drawOffer == null || s.drawOffer == me && seat != Seat.BOTH) {
            throw DomainError.conflict("no-offer", "there is no draw offer from your opponent to accept", Map.of());
        }
        return event(s, GameEvent.AGREE, me, now);
    }

    private static Change event(GameState s, String kind, Side side, Instant now) {
        GameEvent e = new GameEvent(s.events().size(), kind, SideKeys.code(side), null, now);
        s.append(e);
        s.drawOffer = null;
        s.takebackOffer = null;
        s.touch(now);
        return new Change(e, -1);
    }

    /** Declines (or withdraws) a draw offer or a take-back request. */
    public static Change decline(GameState s, Seat seat, Instant now) {
        requirePlaying(s, seat);
        if (s.drawOffer == null && s.takebackOffer == null) {
            throw DomainError.conflict("no-offer", "there is no offer to decline", Map.of());
        }
        s.drawOffer = null;
        s.takebackOffer = null;
        s.touch(now);
        return Change.ROW;
    }

    /**
     * Takes back at once: against the AI the player's last move and the AI's answers after it; on one screen the
     * last ply. @throws DomainError CONFLICT against a person (ask with {@link #requestTakeback})
     */
    public static Change undo(GameState s, Seat seat, Instant now) {
        requirePlaying(s, seat);
        if (s.mode() == Mode.INVITE) {
            throw DomainError.conflict("needs-consent",
                    "against a person a move is taken back only with the opponent's consent: request a take-back",
                    Map.of());
        }
        Side me = s.mode() == Mode.AI ? s.aiSide().opponent() : null;
        return takeBack(s, me, now);
    }

    /** Asks the opponent's consent to take back the asker's last move (games against a person). */
    public static Change requestTakeback(GameState s, Seat seat, Instant now) {
        requirePlaying(s, seat);
        if (s.mode() != Mode.INVITE) {
            return undo(s, seat, now);
        }
        requireOpponentJoined(s);
        Side me = playerSide(s, seat);
        lastMoveOf(s, me);
        s.takebackOffer = me;
        s.touch(now);
        return Change.ROW;
    }

    /** Grants the opponent's take-back request. @throws DomainError CONFLICT when there is none */
    public static Change acceptTakeback(GameState s, Seat seat, Instant now) {
        requirePlaying(s, seat);
        Side me = playerSide(s, seat);
        if (s.takebackOffer == null || s.takebackOffer == me) {
            throw DomainError.conflict("no-offer", "your opponent has not asked to take back a move", Map.of());
        }
        return takeBack(s, s.takebackOffer, now);
    }

    /** Removes the moves from {@code side}'s last move on (any side's last move when null). */
    private static Change takeBack(GameState s, Side side, Instant now) {
        int from = lastMoveOf(s, side);
        s.rebuild(new ArrayList<>(s.events().subList(0, from)));
        s.drawOffer = null;
        s.takebackOffer = null;
        s.touch(now);
        return new Change(null, from);
    }

    /** @return the index of the last move event by {@code side} (any side when null). */
    private static int lastMoveOf(GameState s, Side side) {
        List<GameEvent> events = s.events();
        for (int i = events.size() - 1; i >= 0; i--) {
            GameEvent e = events.get(i);
            if (!e.kind().equals(GameEvent.MOVE)) {
                break;
            }
            if (side == null || e.side().equals(SideKeys.code(side))) {
                return i;
            }
        }
        throw DomainError.conflict("nothing-to-take-back", "there is no move of yours to take back", Map.of());
    }

    /**
     * Seats the invited player in the free seat, with the hash of his new {@code token}.
     *
     * @throws DomainError CONFLICT when the game has no invitation or it is used, FORBIDDEN for a wrong code
     */
    static Change join(GameState s, String code, String name, String token, Instant now) {
        if (s.mode() != Mode.INVITE) {
            throw DomainError.conflict("no-invitation", "this game has no seat to join", Map.of());
        }
        if (s.abandoned) {
            throw DomainError.conflict("abandoned", "the game was abandoned: nobody played for a long time",
                    Map.of());
        }
        if (s.inviteCode == null) {
            throw DomainError.conflict("seat-taken", "the invitation has been used: you can watch the game",
                    Map.of());
        }
        if (code == null || !MessageDigest.isEqual(code.getBytes(StandardCharsets.UTF_8),
                s.inviteCode.getBytes(StandardCharsets.UTF_8))) {
            throw DomainError.forbidden("wrong-invitation", "this invitation code is not the game's", Map.of());
        }
        String clean = Inputs.playerName(name);
        // The invited player takes the seat that has no token yet; the creator's was set at creation.
        if (s.southHash == null) {
            s.southHash = Seats.hash(token);
            s.southName = clean == null ? s.southName : clean;
        } else {
            s.northHash = Seats.hash(token);
            s.northName = clean == null ? s.northName : clean;
        }
        s.inviteCode = null;
        s.touch(now);
        return Change.ROW;
    }

    /** Marks an untouched unfinished game abandoned. @return the change, or null when it is over already */
    static Change abandon(GameState s, Instant now) {
        if (s.isOver() || s.abandoned || s.isAborted()) {
            return null;
        }
        s.abandoned = true;
        s.drawOffer = null;
        s.takebackOffer = null;
        s.touch(now);
        return Change.ROW;
    }

    static void requirePlaying(GameState s, Seat seat) {
        if (seat == Seat.NONE) {
            throw DomainError.forbidden("not-your-seat", "you are watching this game: only its players may act in it",
                    Map.of());
        }
        if (s.isOver()) {
            Outcome o = s.finalOutcome();
            throw DomainError.conflict("game-over", "the game is over ({how})",
                    Map.of("how", o == null ? "finished" : o.termination().description()));
        }
        if (s.abandoned) {
            throw DomainError.conflict("abandoned", "the game was abandoned: nobody played for a long time",
                    Map.of());
        }
        if (s.isAborted()) {
            throw DomainError.conflict("aborted", "the game was aborted before both players moved: it has no result",
                    Map.of());
        }
        if (s.waiting()) {
            throw DomainError.conflict("waiting", "your opponent has not joined yet: send the invitation link",
                    Map.of());
        }
    }

    private static void requireOpponentJoined(GameState s) {
        if (s.waiting()) {
            throw DomainError.conflict("waiting", "your opponent has not joined yet", Map.of());
        }
    }

    private static Side playerSide(GameState s, Seat seat) {
        return switch (seat) {
            case SOUTH -> Side.SOUTH;
            case NORTH -> Side.NORTH;
            default -> s.mode() == Mode.AI ? s.aiSide().opponent() : s.position().sideToMove();
        };
    }
}
