package mancala.server.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mancala.notation.OptionsNotation;
import mancala.record.GameRecord;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.RulesException;
import mancala.rules.Side;
import mancala.server.board.BoardView;
import mancala.server.board.SideKeys;

/**
 * One game's state: its rules, seats, offers and the events so far, rebuilt from those events by the rules engine
 * (a Rio Kadalis match round by round). The database is the authority: a state is built from a stored row and its
 * events ({@link #GameState(GameRow, List)}), changed only inside that game's store transaction (the row locked)
 * by {@link SeatProtocol}, and thrown away when the transaction fails. Methods are synchronized so that readers
 * (records, analysis, hints) see a whole state; {@link #view()} is an immutable snapshot safe to read anywhere.
 */
public final class GameState {
    /** The termination stored for an aborted game (it has no result). */
    public static final String ABORTED = "aborted";
    private final String id;
    private final GameKind kind;
    private final RuleOptions options;
    private final Mode mode;
    private final Side aiSide;
    private final int aiLevel;
    private final Instant createdAt;
    String southName;
    String northName;
    String southHash;
    String northHash;
    String inviteCode;
    Side drawOffer;
    Side takebackOffer;
    Instant updatedAt;
    long version;
    boolean abandoned;
    private boolean aborted;

    private final List<GameEvent> events = new ArrayList<>();
    private Game game;
    private Match match;
    private GameView.LastMove lastMove;
    private volatile GameView view;

    /**
     * Builds a game from its stored row and events.
     *
     * @throws IllegalStateException when the row names an unknown game or a stored event is illegal (the database
     *                               was edited by hand)
     */
    public GameState(GameRow row, List<GameEvent> stored) {
        this.id = row.id();
        this.kind = GameKind.byKey(row.game()).orElseThrow(
                () -> new IllegalStateException("game " + row.id() + ": unknown game " + row.game()));
        this.options = OptionsNotation.parse(kind, row.options());
        this.mode = Mode.ofKey(row.mode());
        this.aiSide = SideKeys.ofCode(row.aiSide());
        this.aiLevel = row.aiLevel() == null ? 0 : row.aiLevel();
        this.createdAt = row.createdAt();
        this.southName = row.southName();
        this.northName = row.northName();
        this.southHash = row.southToken();
        this.northHash = row.northToken();
        this.inviteCode = row.inviteCode();
        this.drawOffer = SideKeys.ofCode(row.drawOffer());
        this.takebackOffer = SideKeys.ofCode(row.takebackOffer());
        this.updatedAt = row.updatedAt();
        this.version = row.version();
        this.abandoned = row.abandoned();
        rebuild(stored);
    }

    /**
     * Replays {@code stored} from the start (loading, take-back). The last move is replayed with a trace so that
     * a page opened later can still show it.
     */
    synchronized void rebuild(List<GameEvent> stored) {
        events.clear();
        lastMove = null;
        aborted = false;
        Position start = Position.initial(Rules.of(options));
        if (kind == GameKind.RIO_KADALIS) {
            match = new Match(start);
            game = null;
        } else {
            game = new Game(start);
            match = null;
        }
        for (int i = 0; i < stored.size(); i++) {
            GameEvent e = stored.get(i);
            try {
                apply(e, i == stored.size() - 1);
            } catch (RulesException ex) {
                throw new IllegalStateException("game " + id + ", event " + e.seq() + ": " + ex.getMessage(), ex);
            }
            events.add(e);
        }
        view = null;
    }

    /**
     * Applies one event to the rules objects and appends it; a move records its trace when {@code traced}.
     *
     * @throws RulesException when the rules refuse it (nothing changed)
     */
    synchronized void append(GameEvent e) {
        apply(e, true);
        events.add(e);
        view = null;
    }

    private void apply(GameEvent e, boolean traced) {
        Side side = SideKeys.ofCode(e.side());
        switch (e.kind()) {
            case GameEvent.MOVE -> {
                Game g = current();
                Position before = g.position();
                TraceRecorder trace = traced ? new TraceRecorder() : null;
                g.play(e.pit(), trace);
                int captured = g.capturedAt(g.plies());
                if (traced) {
                    lastMove = new GameView.LastMove(SideKeys.key(side), before.rules().pitLetter(e.pit()), e.pit(),
                            captured, match == null ? 1 : match.roundNumber(), BoardView.of(before), trace.steps());
                }
                nextRoundIfOver();
            }
            case GameEvent.RESIGN -> {
                if (match != null) {
                    match.resign(side);
                } else {
                    game.resign(side);
                }
            }
            case GameEvent.AGREE -> {
                current().agree();
                nextRoundIfOver();
            }
            case GameEvent.ABORT, GameEvent.NO_START -> {
                if (aborted || isOver()) {
                    throw new RulesException("the game is over");
                }
                aborted = true;
            }
            case GameEvent.TIME, GameEvent.ABANDON, GameEvent.FORFEIT -> {
                mancala.rules.Termination why = switch (e.kind()) {
                    case GameEvent.TIME -> mancala.rules.Termination.TIME;
                    case GameEvent.FORFEIT -> mancala.rules.Termination.FORFEIT;
                    default -> mancala.rules.Termination.ABANDONED;
                };
                if (match != null) {
                    match.forfeit(side, why);
                } else {
                    game.forfeit(side, why);
                }
            }
            default -> throw new RulesException("unknown event kind " + e.kind());
        }
    }

    /** R8: a finished round is followed at once by the next (or ends the match by R9). */
    private void nextRoundIfOver() {
        if (match != null && !match.isOver() && match.round().isOver()) {
            match.nextRound();
        }
    }

    /** Marks a change of seats, offers or events: a new version, now. */
    synchronized void touch(Instant now) {
        version++;
        updatedAt = now;
        view = null;
    }

    /** @return the game being played now (in Rio Kadalis the current round). */
    synchronized Game current() {
        return match != null ? match.round() : game;
    }

    /** @return the round being played (1 outside Rio Kadalis). */
    synchronized int roundNumber() {
        return match == null ? 1 : match.roundNumber();
    }

    /** @return a private copy of the game being played now (rebuilt from the events), for work off the lock. */
    public Game currentCopy() {
        GameState c;
        synchronized (this) {
            c = new GameState(row(), events());
        }
        return c.current();
    }

    /** @return the position to play from now. */
    public synchronized Position position() {
        return current().position();
    }

    /** @return true when the game (the whole match) is over. */
    public synchronized boolean isOver() {
        return match != null ? match.isOver() : game.isOver();
    }

    /** @return the outcome of the whole game (match) once over, else null. */
    public synchronized Outcome finalOutcome() {
        if (!isOver()) {
            return null;
        }
        return match != null ? match.outcome().orElse(null) : game.outcome().orElse(null);
    }

    /** @return true when nobody acted in the unfinished game for the abandonment time: it is closed. */
    public synchronized boolean isAbandoned() {
        return abandoned;
    }

    /**
     * @return true when the game was aborted (a player's abort before his own first move, or a first move not made
     *     in time): it is closed with no result, unrated
     */
    public synchronized boolean isAborted() {
        return aborted;
    }

    /** @return true when {@code side} has made a move in this game (any round). */
    public synchronized boolean hasMoved(Side side) {
        String code = SideKeys.code(side);
        for (GameEvent e : events) {
            if (e.kind().equals(GameEvent.MOVE) && e.side().equals(code)) {
                return true;
            }
        }
        return false;
    }

    /** @return true while an invited player has not taken his seat. */
    public synchronized boolean waiting() {
        return mode == Mode.INVITE && (southHash == null || northHash == null);
    }

    /** @return the game's id. */
    public String id() {
        return id;
    }

    /** @return the game being played. */
    public GameKind kind() {
        return kind;
    }

    /** @return the rule options. */
    public RuleOptions options() {
        return options;
    }

    /** @return the mode it was set up in. */
    public Mode mode() {
        return mode;
    }

    /** @return the AI's side, or null when the AI does not play. */
    public Side aiSide() {
        return aiSide;
    }

    /** @return the AI's level (0 when the AI does not play). */
    public int aiLevel() {
        return aiLevel;
    }

    /** @return when the game was created. */
    public Instant createdAt() {
        return createdAt;
    }

    /** @return when it last changed. */
    public synchronized Instant updatedAt() {
        return updatedAt;
    }

    /** @return the stored version: one more with every change. */
    public synchronized long version() {
        return version;
    }

    /** @return the seat that {@code token} holds: South, North, both (one screen) or none (a spectator). */
    public synchronized Seat seatOf(String token) {
        boolean s = Seats.matches(token, southHash);
        boolean n = Seats.matches(token, northHash);
        return s && n ? Seat.BOTH : s ? Seat.SOUTH : n ? Seat.NORTH : Seat.NONE;
    }

    /** @return true when it is the AI's turn in a game still going on. */
    public synchronized boolean aiToMove() {
        return mode == Mode.AI && !abandoned && !aborted && !isOver() && current().position().sideToMove() == aiSide;
    }

    /** @return the invitation code while the invited seat is free, else null (shown to the creator only). */
    public synchronized String inviteCode() {
        return inviteCode;
    }

    /** @return the names of the players, South first. */
    public synchronized List<String> names() {
        return List.of(southName, northName);
    }

    /** @return a copy of the events so far. */
    public synchronized List<GameEvent> events() {
        return List.copyOf(events);
    }

    /** @return plies played in all rounds. */
    public synchronized int plies() {
        int n = 0;
        for (GameEvent e : events) {
            if (e.kind().equals(GameEvent.MOVE)) {
                n++;
            }
        }
        return n;
    }

    /** @return the games (rounds) as played, for records and analysis; copies. */
    public synchronized List<Game> rounds() {
        return match != null ? match.rounds() : List.of(game);
    }

    /** @return the game as records (a Rio Kadalis match: one per round), with these extra tags. */
    public synchronized List<GameRecord> records(Map<String, String> tags) {
        return match != null ? GameRecord.ofMatch(match, tags) : List.of(GameRecord.of(game, tags));
    }

    /** @return the last move with its trace, or null. */
    synchronized GameView.LastMove lastMove() {
        return lastMove;
    }

    /** @return the database row of the game as it stands. */
    public synchronized GameRow row() {
        Outcome o = finalOutcome();
        return new GameRow(id, kind.key(), OptionsNotation.format(options), mode.key(), SideKeys.code(aiSide),
                mode == Mode.AI ? aiLevel : null, southName, northName, southHash, northHash, inviteCode,
                SideKeys.code(drawOffer), SideKeys.code(takebackOffer), plies(), o == null ? null
                : o.result().notation(), o == null ? aborted ? ABORTED : null : o.termination().key(), createdAt,
                updatedAt, version, abandoned);
    }

    /** @return the game's state for the page and the API: an immutable snapshot. */
    public GameView view() {
        GameView v = view;
        if (v == null) {
            synchronized (this) {
                v = view;
                if (v == null) {
                    v = Views.of(this);
                    view = v;
                }
            }
        }
        return v;
    }
}
