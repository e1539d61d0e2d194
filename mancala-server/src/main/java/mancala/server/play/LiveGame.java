package mancala.server.play;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.RulesException;
import mancala.rules.Side;
import mancala.rules.Termination;
import mancala.server.api.ApiException;
import mancala.server.store.GameEvent;
import mancala.server.store.GameRow;

/**
 * One game being played on the server: its rules, seats, offers and the events so far, rebuilt from those events by
 * the rules engine (a Rio Kadalis match round by round). The rules decide every move; nothing the browser says is
 * trusted but the pit it names. All methods are synchronized; {@link #view()} is a snapshot safe to read anywhere.
 *
 * <p>Every change goes through {@link Change}: it is applied in memory, then written by the service; if writing
 * fails the service calls {@link #rebuild} from the stored events, so memory never runs ahead of the database.
 */
public final class LiveGame {
    /** How the game was set up: against the AI, against an invited person, or both players on one screen. */
    public enum Mode {
        AI, INVITE, LOCAL;

        /** @return the mode's JSON and database name. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** @return the mode for its key, or null. */
        public static Mode ofKey(String key) {
            for (Mode m : values()) {
                if (m.key().equals(key)) {
                    return m;
                }
            }
            return null;
        }
    }

    /** Who a request speaks for. */
    public enum Seat {
        SOUTH, NORTH, BOTH, NONE;

        /** @return true when this seat may act for {@code side}. */
        boolean plays(Side side) {
            return this == BOTH || this == SOUTH && side == Side.SOUTH || this == NORTH && side == Side.NORTH;
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong STAMPS = new java.util.concurrent.atomic.AtomicLong();

    private final String id;
    private final GameKind kind;
    private final RuleOptions options;
    private final Mode mode;
    private final Side aiSide;
    private final int aiLevel;
    private final Instant createdAt;
    private String southName;
    private String northName;
    private volatile String southHash;
    private volatile String northHash;
    private String inviteCode;

    private final List<GameEvent> events = new ArrayList<>();
    private Game game;
    private Match match;
    private Side drawOffer;
    private Side takebackOffer;
    private Instant updatedAt;
    private Map<String, Object> lastMove;
    private volatile Map<String, Object> view;
    /** The AI's player, kept for its search tables; used under this game's lock only. */
    private mancala.engine.play.Player aiPlayer;

    LiveGame(GameRow row, List<GameEvent> stored) {
        this.id = row.id();
        this.kind = GameKind.byKey(row.game()).orElseThrow(
                () -> new IllegalStateException("game " + row.id() + ": unknown game " + row.game()));
        this.options = OptionsNotation.parse(kind, row.options());
        this.mode = Mode.ofKey(row.mode());
        this.aiSide = Seats.ofCode(row.aiSide());
        this.aiLevel = row.aiLevel() == null ? 0 : row.aiLevel();
        this.createdAt = row.createdAt();
        this.southName = row.southName();
        this.northName = row.northName();
        this.southHash = row.southToken();
        this.northHash = row.northToken();
        this.inviteCode = row.inviteCode();
        this.drawOffer = Seats.ofCode(row.drawOffer());
        this.takebackOffer = Seats.ofCode(row.takebackOffer());
        this.updatedAt = row.updatedAt();
        rebuild(stored);
    }

    /**
     * Replays {@code stored} from the start: the only way the state is ever rebuilt (start-up, failed write,
     * take-back). The last move is replayed with a trace so that a page opened later can still show it.
     *
     * @throws IllegalStateException when a stored event is not legal (the database was edited by hand)
     */
    synchronized void rebuild(List<GameEvent> stored) {
        events.clear();
        lastMove = null;
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
        refreshView();
    }

    /** Applies one event to the rules objects; a move records its trace when {@code traced}. */
    private void apply(GameEvent e, boolean traced) {
        Side side = Seats.ofCode(e.side());
        switch (e.kind()) {
            case GameEvent.MOVE -> {
                Game g = current();
                Position before = g.position();
                TraceRecorder trace = traced ? new TraceRecorder() : null;
                int captured = g.play(e.pit(), trace);
                if (traced) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("side", Seats.key(side));
                    m.put("pit", before.rules().pitLetter(e.pit()));
                    m.put("index", e.pit());
                    m.put("captured", captured);
                    m.put("round", match == null ? 1 : match.roundNumber());
                    m.put("before", boardOf(before));
                    m.put("steps", trace.steps());
                    lastMove = m;
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
            case GameEvent.TIME, GameEvent.ABANDON -> {
                Termination why = e.kind().equals(GameEvent.TIME) ? Termination.TIME : Termination.ABANDONED;
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

    /** @return the game being played now (in Rio Kadalis the current round). */
    private Game current() {
        return match != null ? match.round() : game;
    }

    /** @return true when the game (the whole match) is over. */
    public synchronized boolean isOver() {
        return match != null ? match.isOver() : game.isOver();
    }

    private Outcome outcome() {
        return match != null ? match.outcome().orElse(null) : game.outcome().orElse(null);
    }

    /** @return the game's id. */
    public String id() {
        return id;
    }

    /** @return the game being played. */
    public GameKind kind() {
        return kind;
    }

    /** @return the mode it was set up in. */
    public Mode mode() {
        return mode;
    }

    /** @return the seat that {@code token} holds: South, North, both (one screen) or none (a spectator). */
    public Seat seatOf(String token) {
        boolean s = Seats.matches(token, southHash);
        boolean n = Seats.matches(token, northHash);
        return s && n ? Seat.BOTH : s ? Seat.SOUTH : n ? Seat.NORTH : Seat.NONE;
    }

    /** @return true when it is the AI's turn in a game still going on. */
    public synchronized boolean aiToMove() {
        return mode == Mode.AI && !isOver() && current().position().sideToMove() == aiSide;
    }

    /** @return the AI's level (0 when the AI does not play). */
    public int aiLevel() {
        return aiLevel;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Changes. Each checks everything first and throws ApiException before touching any state.

    /** A change made in memory, to be written by the service: a new event, or a take-back to {@code truncateTo}. */
    public record Change(GameEvent event, int truncateTo) {
    }

    /**
     * Plays {@code pitLetter} for the holder of {@code seat}.
     *
     * @param expectedPly when not null, the ply number the mover believes he plays; refused when stale
     * @throws ApiException 403 without a seat, 409 out of turn, stale or over, 422 when the rules refuse the move
     */
    public synchronized Change move(Seat seat, String pitLetter, Integer expectedPly) {
        requirePlaying(seat);
        Position p = current().position();
        Side mover = p.sideToMove();
        if (!seat.plays(mover) || mode == Mode.AI && mover == aiSide) {
            throw new ApiException(409, "wrong-turn", "it is " + mover.displayName() + "'s turn, not yours",
                    Map.of("toMove", Seats.key(mover)));
        }
        if (expectedPly != null && expectedPly != plies() + 1) {
            throw new ApiException(409, "stale", "the next ply is " + (plies() + 1) + ", not " + expectedPly,
                    Map.of("ply", plies() + 1));
        }
        return applyMove(mover, pitIndex(p, pitLetter));
    }

    /** Plays the AI's move, chosen under this game's lock. @return the change, or null when it is not its turn */
    synchronized Change aiMove(long seed) {
        if (!aiToMove()) {
            return null;
        }
        if (aiPlayer == null) {
            aiPlayer = Ai.player(aiLevel, seed);
        }
        int pit = aiPlayer.chooseMove(current(), Ai.thinkMillis(aiLevel));
        return applyMove(aiSide, pit);
    }

    private Change applyMove(Side mover, int pit) {
        GameEvent e = new GameEvent(events.size(), GameEvent.MOVE, Seats.code(mover), pit, Instant.now());
        try {
            apply(e, true);
        } catch (RulesException ex) {
            Position p = current().position();
            List<String> legal = new ArrayList<>();
            for (int m : p.legalMoves()) {
                legal.add(p.rules().pitLetter(m));
            }
            throw new ApiException(422, "illegal-move", ex.getMessage(), Map.of("legal", legal));
        }
        drawOffer = null;
        takebackOffer = null;
        return record(e);
    }

    private int pitIndex(Position p, String letter) {
        if (letter == null || letter.length() != 1 || !Character.isLetter(letter.charAt(0))) {
            throw ApiException.badRequest("pit must be one letter, such as \"c\" (South) or \"C\" (North), not "
                    + (letter == null ? "nothing" : "\"" + letter + "\""));
        }
        char c = letter.charAt(0);
        int n = p.rules().pitsPerSide();
        int i = Character.isLowerCase(c) ? c - 'a' : n + c - 'A';
        if (i < 0 || i >= 2 * n || Character.isLowerCase(c) && c - 'a' >= n || Character.isUpperCase(c)
                && c - 'A' >= n) {
            throw new ApiException(422, "illegal-move", "there is no pit " + letter + " on a " + kind.displayName()
                    + " board", Map.of());
        }
        return i;
    }

    /**
     * @return the engine's suggestion for the holder of {@code seat}, a pit letter
     * @throws ApiException 403 for spectators, 409 when it is not his turn, the game is over, or it is played
     *     against a person (no engine help there)
     */
    public synchronized String hint(Seat seat) {
        requirePlaying(seat);
        if (mode == Mode.INVITE) {
            throw ApiException.conflict("no-hints", "no engine hints in a game against a person");
        }
        Position p = current().position();
        if (!seat.plays(p.sideToMove()) || mode == Mode.AI && p.sideToMove() == aiSide) {
            throw ApiException.conflict("wrong-turn", "a hint is given to the player to move");
        }
        return p.rules().pitLetter(Ai.hint(current()));
    }

    /**
     * {@code loser} loses off the board: his clock ran out ({@link GameEvent#TIME}) or he left and the opponent
     * claimed the game ({@link GameEvent#ABANDON}). Not a player's action: the clock or the claim decides.
     *
     * @throws ApiException 409 when the game is over
     */
    public synchronized Change forfeit(Side loser, String kind) {
        if (isOver()) {
            throw ApiException.conflict("game-over", "the game is already over");
        }
        GameEvent e = new GameEvent(events.size(), kind, Seats.code(loser), null, Instant.now());
        apply(e, false);
        drawOffer = null;
        takebackOffer = null;
        return record(e);
    }

    /** @return the stored events in order (moves with the instant each was played): a copy. */
    public synchronized List<GameEvent> events() {
        return List.copyOf(events);
    }

    /** @return the side to move, or null when the game is over. */
    public synchronized Side sideToMove() {
        return isOver() ? null : current().position().sideToMove();
    }

    /** The holder of {@code seat} resigns (on one screen: the side to move resigns). */
    public synchronized Change resign(Seat seat) {
        requirePlaying(seat);
        Side side = seat == Seat.BOTH ? current().position().sideToMove() : seat == Seat.SOUTH ? Side.SOUTH
                : Side.NORTH;
        GameEvent e = new GameEvent(events.size(), GameEvent.RESIGN, Seats.code(side), null, Instant.now());
        apply(e, false);
        drawOffer = null;
        takebackOffer = null;
        return record(e);
    }

    /**
     * Offers a draw (Al-manqala: the equal split of A8; Rio Kadalis: ending the round as R6). Against the AI the
     * AI answers at once: it agrees when it holds no more seeds than its opponent. On one screen it is agreed.
     * When the opponent already offers, this accepts.
     */
    public synchronized Change offerDraw(Seat seat) {
        requirePlaying(seat);
        Side me = playerSide(seat);
        if (seat == Seat.BOTH || drawOffer == me.opponent()) {
            return agree(me);
        }
        if (mode == Mode.AI) {
            Position p = current().position();
            if (p.store(aiSide) + p.seedsOnBoard(aiSide) <= p.store(me) + p.seedsOnBoard(me)) {
                return agree(me);
            }
            throw new ApiException(409, "declined", "the AI declines the draw", Map.of());
        }
        requireOpponentJoined();
        drawOffer = me;
        return record(null);
    }

    /** Accepts the opponent's draw offer. @throws ApiException 409 when there is none */
    public synchronized Change acceptDraw(Seat seat) {
        requirePlaying(seat);
        Side me = playerSide(seat);
        if (drawOffer == null || drawOffer == me && seat != Seat.BOTH) {
            throw ApiException.conflict("no-offer", "there is no draw offer from your opponent to accept");
        }
        return agree(me);
    }

    private Change agree(Side me) {
        GameEvent e = new GameEvent(events.size(), GameEvent.AGREE, Seats.code(me), null, Instant.now());
        apply(e, false);
        drawOffer = null;
        takebackOffer = null;
        return record(e);
    }

    /** Declines (or withdraws) a draw offer or a take-back request. */
    public synchronized Change decline(Seat seat) {
        requirePlaying(seat);
        if (drawOffer == null && takebackOffer == null) {
            throw ApiException.conflict("no-offer", "there is no offer to decline");
        }
        drawOffer = null;
        takebackOffer = null;
        return record(null);
    }

    /**
     * Takes back at once: against the AI the player's last move and the AI's answers after it; on one screen the
     * last ply. @throws ApiException 409 against a person (ask with {@link #requestTakeback})
     */
    public synchronized Change undo(Seat seat) {
        requirePlaying(seat);
        if (mode == Mode.INVITE) {
            throw ApiException.conflict("needs-consent",
                    "against a person a move is taken back only with the opponent's consent: request a take-back");
        }
        Side me = mode == Mode.AI ? aiSide.opponent() : null;
        return takeBack(me);
    }

    /** Asks the opponent's consent to take back the asker's last move (games against a person). */
    public synchronized Change requestTakeback(Seat seat) {
        requirePlaying(seat);
        if (mode != Mode.INVITE) {
            return undo(seat);
        }
        requireOpponentJoined();
        Side me = playerSide(seat);
        lastMoveOf(me);
        takebackOffer = me;
        return record(null);
    }

    /** Grants the opponent's take-back request. @throws ApiException 409 when there is none */
    public synchronized Change acceptTakeback(Seat seat) {
        requirePlaying(seat);
        Side me = playerSide(seat);
        if (takebackOffer == null || takebackOffer == me) {
            throw ApiException.conflict("no-offer", "your opponent has not asked to take back a move");
        }
        return takeBack(takebackOffer);
    }

    /** Removes the moves from {@code side}'s last move on (any side's last move when null). */
    private Change takeBack(Side side) {
        int from = lastMoveOf(side);
        List<GameEvent> kept = new ArrayList<>(events.subList(0, from));
        drawOffer = null;
        takebackOffer = null;
        rebuild(kept);
        updatedAt = Instant.now();
        refreshView();
        return new Change(null, from);
    }

    /** @return the index of the last move event by {@code side} (any side when null). */
    private int lastMoveOf(Side side) {
        for (int i = events.size() - 1; i >= 0; i--) {
            GameEvent e = events.get(i);
            if (!e.kind().equals(GameEvent.MOVE)) {
                break;
            }
            if (side == null || e.side().equals(Seats.code(side))) {
                return i;
            }
        }
        throw ApiException.conflict("nothing-to-take-back", "there is no move of yours to take back");
    }

    /**
     * Seats the invited player. @return his new seat token
     * @throws ApiException 404 for a wrong code, 409 when the seat is taken
     */
    synchronized String join(String code, String name) {
        if (mode != Mode.INVITE) {
            throw ApiException.conflict("no-invitation", "this game has no seat to join");
        }
        if (inviteCode == null) {
            throw ApiException.conflict("seat-taken", "the invitation has been used: you can watch the game");
        }
        if (code == null || !java.security.MessageDigest.isEqual(code.getBytes(java.nio.charset.StandardCharsets
                .UTF_8), inviteCode.getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
            throw ApiException.forbidden("this invitation code is not the game's");
        }
        String token = Seats.newToken();
        // The invited player takes the seat that has no token yet; the creator's was set at creation.
        String clean = playerName(name);
        if (southHash == null) {
            southHash = Seats.hash(token);
            southName = clean == null ? southName : clean;
        } else {
            northHash = Seats.hash(token);
            northName = clean == null ? northName : clean;
        }
        inviteCode = null;
        record(null);
        return token;
    }

    private void requirePlaying(Seat seat) {
        if (seat == Seat.NONE) {
            throw ApiException.forbidden("you are watching this game: only its players may act in it");
        }
        if (isOver()) {
            Outcome o = outcome();
            throw ApiException.conflict("game-over", "the game is over ("
                    + (o == null ? "finished" : o.termination().description()) + ")");
        }
        if (waiting()) {
            throw ApiException.conflict("waiting", "your opponent has not joined yet: send the invitation link");
        }
    }

    private void requireOpponentJoined() {
        if (waiting()) {
            throw ApiException.conflict("waiting", "your opponent has not joined yet");
        }
    }

    /** @return true while an invited player has not taken his seat. */
    private boolean waiting() {
        return mode == Mode.INVITE && (southHash == null || northHash == null);
    }

    private Side playerSide(Seat seat) {
        return switch (seat) {
            case SOUTH -> Side.SOUTH;
            case NORTH -> Side.NORTH;
            default -> mode == Mode.AI ? aiSide.opponent() : current().position().sideToMove();
        };
    }

    private Change record(GameEvent e) {
        if (e != null) {
            events.add(e);
        }
        updatedAt = Instant.now();
        refreshView();
        return new Change(e, -1);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Views.

    /** @return the database row of the game as it stands. */
    public synchronized GameRow row() {
        Outcome o = isOver() ? outcome() : null;
        return new GameRow(id, kind.key(), OptionsNotation.format(options), mode.key(), Seats.code(aiSide),
                mode == Mode.AI ? aiLevel : null, southName, northName, southHash, northHash, inviteCode,
                Seats.code(drawOffer), Seats.code(takebackOffer), plies(), o == null ? null : o.result().notation(),
                o == null ? null : o.termination().key(), createdAt, updatedAt);
    }

    /** @return the invitation code while the invited seat is free, else null (shown to the creator only). */
    public synchronized String inviteCode() {
        return inviteCode;
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

    /** @return the game's state for the page and the API: a snapshot, not to be modified. */
    public Map<String, Object> view() {
        return view;
    }

    /** @return the games (rounds) as played, for records and analysis; copies. */
    public synchronized List<Game> rounds() {
        return match != null ? match.rounds() : List.of(game);
    }

    /** @return the game as records (a Rio Kadalis match: one per round), with these extra tags. */
    public synchronized List<mancala.record.GameRecord> records(Map<String, String> tags) {
        return match != null ? mancala.record.GameRecord.ofMatch(match, tags)
                : List.of(mancala.record.GameRecord.of(game, tags));
    }

    /**
     * Refuses the engine's analysis while a game against the AI or a person goes on (it would help a player);
     * games on one screen may be analysed at any time.
     */
    public void requireAnalysable() {
        if (mode != Mode.LOCAL && !isOver()) {
            throw ApiException.conflict("game-not-over", "a game is analysed once it is over");
        }
    }

    /** @return the outcome of the whole game (match) once over, else null. */
    public synchronized Outcome finalOutcome() {
        return isOver() ? outcome() : null;
    }

    /** @return the names of the players, South first. */
    public synchronized List<String> names() {
        return List.of(southName, northName);
    }

    /** @return the rule options. */
    public RuleOptions options() {
        return options;
    }

    /** @return when the game was created. */
    public Instant createdAt() {
        return createdAt;
    }

    private void refreshView() {
        Map<String, Object> v = new LinkedHashMap<>();
        Position p = current().position();
        Rules rules = p.rules();
        v.put("id", id);
        v.put("game", kind.key());
        v.put("gameName", kind.displayName());
        v.put("options", OptionsNotation.format(options));
        v.put("mode", mode.key());
        Map<String, Object> players = new LinkedHashMap<>();
        players.put("south", player(Side.SOUTH, southName, southHash != null));
        players.put("north", player(Side.NORTH, northName, northHash != null));
        v.put("players", players);
        if (mode == Mode.AI) {
            v.put("ai", Map.of("side", Seats.key(aiSide), "level", aiLevel));
        }
        boolean over = isOver();
        v.put("status", over ? "over" : waiting() ? "waiting" : "playing");
        v.put("toMove", over ? null : Seats.key(p.sideToMove()));
        v.put("plies", plies());
        v.put("round", match == null ? 1 : match.roundNumber());
        v.put("position", PositionNotation.format(p));
        v.put("board", boardOf(p));
        v.put("layout", layoutOf(rules));
        List<String> legal = new ArrayList<>();
        if (!over) {
            for (int m : p.legalMoves()) {
                legal.add(rules.pitLetter(m));
            }
        }
        v.put("legal", legal);
        v.put("rounds", roundsView());
        v.put("drawOffer", drawOffer == null ? null : Seats.key(drawOffer));
        v.put("takebackOffer", takebackOffer == null ? null : Seats.key(takebackOffer));
        Outcome o = over ? outcome() : null;
        v.put("result", o == null ? null : o.result().notation());
        v.put("termination", o == null ? null : o.termination().key());
        v.put("summary", summary(o, p));
        v.put("lastMove", lastMove);
        v.put("version", events.size());
        // Changes are announced outside the game's lock; the stamp lets a client drop a late, older state.
        v.put("stamp", STAMPS.incrementAndGet());
        v.put("createdAt", createdAt.toString());
        v.put("updatedAt", updatedAt.toString());
        view = java.util.Collections.unmodifiableMap(v);
    }

    private Map<String, Object> player(Side side, String name, boolean seated) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("ai", mode == Mode.AI && side == aiSide);
        m.put("seated", seated || mode == Mode.AI && side == aiSide);
        return m;
    }

    private String summary(Outcome o, Position p) {
        if (o == null) {
            if (waiting()) {
                return "Waiting for the invited player to join";
            }
            String who = p.sideToMove() == Side.SOUTH ? southName : northName;
            return p.sideToMove().displayName() + " (" + who + ") to move";
        }
        String how = how(o);
        return o.result().winner()
                .map(w -> w.displayName() + " (" + (w == Side.SOUTH ? southName : northName) + ") wins: " + how)
                .orElse("Draw: " + how)
                + (o.south() + o.north() > 0 ? " (seeds held " + o.south() + "–" + o.north() + ")" : "");
    }

    /** @return how the game ended, in words for people. */
    static String how(Outcome o) {
        String loser = o.result().winner().map(w -> w.opponent().displayName()).orElse("a player");
        return switch (o.termination()) {
            case NO_SEEDS -> loser + " has no seeds left";
            case NO_MOVE -> loser + " has no legal move";
            case ENDLESS_MOVE -> "an endless move was played";
            case REPETITION -> "the position repeated";
            case CAPTURE_MAJORITY -> "50 seeds captured";
            case HUNGER -> "the hungry player takes the seeds left";
            case EQUAL_SPLIT -> "the seeds left were split equally";
            case BOARD_EMPTY -> "every seed has been captured";
            case CANNOT_REFILL -> loser + " cannot refill a single pit";
            case RESIGNATION -> loser + " resigned";
            case AGREEMENT -> "by agreement";
            case TIME -> loser + " ran out of time";
            case ABANDONED -> loser + " left the game";
        };
    }

    /** @return pits, closed flags, letters and the seeds each side holds, for the board drawing. */
    private static Map<String, Object> boardOf(Position p) {
        int n = p.rules().pitCount();
        List<Integer> pits = new ArrayList<>(n);
        List<Boolean> closed = new ArrayList<>(n);
        List<String> owners = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            pits.add(p.seeds(i));
            closed.add(p.isClosed(i));
            owners.add(Seats.key(p.owner(i)));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pits", pits);
        m.put("closed", closed);
        m.put("owners", owners);
        m.put("stores", Map.of("south", p.store(Side.SOUTH), "north", p.store(Side.NORTH)));
        m.put("toMove", Seats.key(p.sideToMove()));
        return m;
    }

    /**
     * @return where each pit is drawn, as South sees the board: {@code rows}, {@code cols}, and per pit (board
     *     index order) {@code [row, col]} with row 0 at the top (RULES.md §1–§3 diagrams); and the pit letters
     */
    public static Map<String, Object> layoutOf(Rules rules) {
        int n = rules.pitsPerSide();
        boolean four = rules.kind().fourRows();
        int cols = four ? n / 2 : n;
        int rows = four ? 4 : 2;
        List<List<Integer>> cells = new ArrayList<>();
        List<String> letters = new ArrayList<>();
        for (int pit = 0; pit < 2 * n; pit++) {
            int i = pit % n;
            int row;
            int col;
            if (four) {
                // Outer row a… from the owner's left; inner row from his right back to his left.
                row = i < cols ? 3 : 2;
                col = i < cols ? i : n - 1 - i;
            } else {
                row = 1;
                col = i;
            }
            if (pit >= n) {
                row = rows - 1 - row;
                col = cols - 1 - col;
            }
            cells.add(List.of(row, col));
            letters.add(rules.pitLetter(pit));
        }
        return Map.of("rows", rows, "cols", cols, "cells", cells, "letters", letters);
    }

    private List<Map<String, Object>> roundsView() {
        List<Map<String, Object>> out = new ArrayList<>();
        List<Game> rs = match != null ? match.rounds() : List.of(game);
        for (int r = 0; r < rs.size(); r++) {
            Game g = rs.get(r);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("number", r + 1);
            m.put("start", PositionNotation.format(g.start()));
            List<Map<String, Object>> moves = new ArrayList<>();
            List<Integer> pits = g.moves();
            for (int i = 0; i < pits.size(); i++) {
                Map<String, Object> mv = new LinkedHashMap<>();
                mv.put("side", Seats.key(g.moverAt(i + 1)));
                mv.put("pit", g.start().rules().pitLetter(pits.get(i)));
                mv.put("captured", g.capturedAt(i + 1));
                moves.add(mv);
            }
            m.put("moves", moves);
            Outcome o = g.outcome().orElse(null);
            if (o != null) {
                m.put("result", o.result().notation());
                m.put("termination", o.termination().key());
                m.put("south", o.south());
                m.put("north", o.north());
            }
            out.add(m);
        }
        return out;
    }

    /**
     * @return a player's name as given, stripped; null when none is given
     * @throws ApiException when it is longer than 40 characters or holds a control character (a line break would
     *                      break the record's tag, and PostgreSQL text cannot hold U+0000)
     */
    static String playerName(String name) {
        String clean = name == null || name.isBlank() ? null : name.strip();
        if (clean == null) {
            return null;
        }
        if (clean.length() > 40) {
            throw ApiException.badRequest("name is longer than 40 characters");
        }
        for (int i = 0; i < clean.length(); i++) {
            if (Character.isISOControl(clean.charAt(i))) {
                throw ApiException.badRequest(String.format("name holds a control character (U+%04X at character %d)",
                        (int) clean.charAt(i), i + 1));
            }
        }
        return clean;
    }
}
