package mancala.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Result;
import mancala.rules.Side;

/**
 * What {@link Replay} found in one record: the game as far as the record could be replayed, its plies, and the
 * problems (illegal moves, wrong capture counts, a stated result or setup the rules disagree with). A record is
 * valid when it has no problem. After an illegal move the replay stops, so the game ends before it.
 */
public final class ReplayedRecord {
    private final GameRecord record;
    private final Game game;
    private final List<ReplayedPly> plies;
    private final List<RecordException> problems;
    private final Outcome matchOutcome;

    ReplayedRecord(GameRecord record, Game game, List<ReplayedPly> plies, List<RecordException> problems,
                   Outcome matchOutcome) {
        this.record = record;
        this.game = game;
        this.plies = List.copyOf(plies);
        this.problems = List.copyOf(problems);
        this.matchOutcome = matchOutcome;
    }

    /** @return the record replayed. */
    public GameRecord record() {
        return record;
    }

    /** @return the game (Rio Kadalis: the round) as replayed; its start is the record's start. */
    public Game game() {
        return game;
    }

    /** @return the plies replayed, in order. */
    public List<ReplayedPly> plies() {
        return plies;
    }

    /** @return the position after the last ply replayed. */
    public Position finalPosition() {
        return game.position();
    }

    /** @return how the game (round) ended, by the rules or by a stated resignation or agreement; empty if not over. */
    public Optional<Outcome> outcome() {
        return game.outcome();
    }

    /** @return for the last round of a Rio Kadalis match that ended after it (R9), the match's outcome. */
    public Optional<Outcome> matchOutcome() {
        return Optional.ofNullable(matchOutcome);
    }

    /** @return the problems found, in the order of the record. */
    public List<RecordException> problems() {
        return problems;
    }

    /** @return true when every move is legal and every stated count, result and setup agrees with the rules. */
    public boolean valid() {
        return problems.isEmpty();
    }

    /**
     * @return this replay, when valid
     * @throws RecordException the first problem
     */
    public ReplayedRecord requireValid() {
        if (!problems.isEmpty()) {
            throw problems.get(0);
        }
        return this;
    }

    /**
     * The record in canonical content, for {@link RecordWriter}: every capture count filled in (stated when more
     * than 0), the forced passes of A5 written, {@code Result} and {@code Termination} set when the game is over;
     * tags, marks and comments kept. The start is the game's (a round without {@code Setup} gets its refill).
     *
     * @throws RecordException the first problem, when the record is not valid
     */
    public GameRecord canonicalRecord() {
        requireValid();
        List<RecordedMove> moves = new ArrayList<>();
        Side previous = null;
        int k = 0;
        for (RecordedMove m : record.moves()) {
            if (m.isPass()) {
                moves.add(m);
                previous = m.side();
                continue;
            }
            ReplayedPly p = plies.get(k++);
            if (p.side() == previous) {
                moves.add(RecordedMove.pass(p.side().opponent()));
            }
            moves.add(new RecordedMove(p.move(), p.side(),
                    p.captured() > 0 ? OptionalInt.of(p.captured()) : OptionalInt.empty(), m.marks(),
                    m.commentsBefore(), m.commentsAfter(), 0, 0, 0, 0));
            previous = p.side();
        }
        Map<String, String> tags = new LinkedHashMap<>(record.tags());
        Optional<Result> result = record.statedResult();
        Optional<Outcome> outcome = game.outcome();
        if (outcome.isPresent()) {
            result = Optional.of(outcome.get().result());
            tags.put("Result", result.get().notation());
            tags.put("Termination", outcome.get().termination().key());
        }
        return record.with(tags, game.start(), moves, result);
    }
}
