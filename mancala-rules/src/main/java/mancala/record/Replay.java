package mancala.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Result;
import mancala.rules.Side;
import mancala.rules.Termination;

/**
 * Replays records by the rules ({@link Game}, so that repetition ends games: H10, A8, R10) and checks them:
 * every move legal (the problem lists the legal moves), every stated capture count right (the problem gives the real
 * count), forced passes (A5) only where the rules give one, the stated result and termination as the rules decide
 * them, and in a Rio Kadalis match file each round's {@code Setup} as R8's refill makes it from the round before.
 *
 * <p>Our decisions where RULES.md is silent: a record may stop before the game is over only with a
 * {@code Termination} of {@code resignation}, {@code time} or {@code abandoned} (any decisive result) or
 * {@code agreement} (the result the game's
 * agreed end gives: A8's equal split in Al-manqala, R6 in Rio Kadalis, a draw in Hawalis); a {@code Termination}
 * this library does not know is not checked when the game is over, and is reported as unknown when it is not; a round record with {@code Round} k+1 right after round k continues
 * its match, and may leave out its {@code Setup} (the refill is used).
 */
public final class Replay {
    private Replay() {
    }

    /**
     * Replays one record on its own (no match check).
     *
     * @return the replay with its problems; never throws for a wrong record
     */
    public static ReplayedRecord replay(GameRecord record) {
        return replay(List.of(record)).get(0);
    }

    /**
     * Replays the records of a file in order, checking that Rio Kadalis rounds follow from each other.
     *
     * @return one replay per record, in order
     */
    public static List<ReplayedRecord> replay(List<GameRecord> records) {
        List<ReplayedRecord> out = new ArrayList<>();
        Match match = null;
        int lastRound = 0;
        Optional<Position> nextRound = null;
        for (GameRecord r : records) {
            List<RecordException> problems = new ArrayList<>();
            OptionalInt round = r.round();
            boolean continues = match != null && nextRound != null && r.game() == GameKind.RIO_KADALIS
                    && round.isPresent() && round.getAsInt() == lastRound + 1
                    && r.options().equals(match.rules().options());
            String roundTag = r.tag("Round").orElse(null);
            if (!continues && roundTag != null && lastRound > 0 && nextRound != null && nextRound.isPresent()
                    && r.game() == GameKind.RIO_KADALIS && r.options().equals(match.rules().options())
                    && !(round.isPresent() && round.getAsInt() == 1)) {
                // RULES.md §5: a match file holds its rounds in order; a round 1 begins another match.
                problems.add(new RecordException(r.source(), r.tagLine("Round"), r.tagColumn("Round"), 0, null,
                        "Round \"" + roundTag + "\"", "Round \"" + (lastRound + 1) + "\"",
                        "round " + lastRound + " ended and the match goes on; its rounds come in order"));
            }
            Game game;
            if (continues && nextRound.isEmpty()) {
                Outcome o = match.outcome().orElseThrow();
                problems.add(new RecordException(r.source(), r.line(), 1, 0, null, "round " + round.getAsInt(),
                        "the end of the match", "the match ended after round " + lastRound + ": "
                        + o.result().notation() + " (" + o.termination().description() + ", holdings "
                        + o.south() + "-" + o.north() + ")"));
                continues = false;
            }
            if (continues) {
                Position expected = nextRound.get();
                if (r.tags().containsKey("Setup") && !expected.equals(r.start())) {
                    problems.add(new RecordException(r.source(), r.tagLine("Setup"), r.tagColumn("Setup"), 0, null,
                            "Setup \"" + mancala.notation.PositionNotation.format(r.start()) + "\"",
                            "Setup \"" + mancala.notation.PositionNotation.format(expected) + "\"",
                            "R8: the refill from round " + lastRound + "'s holdings"));
                    match = new Match(r.start());
                }
                game = match.round();
            } else if (r.game() == GameKind.RIO_KADALIS) {
                match = new Match(r.start());
                game = match.round();
            } else {
                match = null;
                game = new Game(r.start());
            }
            List<ReplayedPly> plies = new ArrayList<>();
            boolean complete = replayMoves(r, game, plies, problems);
            if (complete) {
                checkResult(r, game, problems);
            }
            Outcome matchOutcome = null;
            nextRound = null;
            if (match != null && complete && game.isOver()) {
                nextRound = match.nextRound();
                if (nextRound.isEmpty()) {
                    matchOutcome = match.outcome().orElse(null);
                }
            }
            lastRound = round.orElse(0);
            out.add(new ReplayedRecord(r, game, plies, problems, matchOutcome));
        }
        return out;
    }

    /** Plays the record's moves; returns false when it had to stop at an illegal move. */
    private static boolean replayMoves(GameRecord r, Game game, List<ReplayedPly> plies,
                                       List<RecordException> problems) {
        List<RecordedMove> moves = r.moves();
        int number = 0;
        Side previous = null;
        for (int i = 0; i < moves.size(); i++) {
            RecordedMove m = moves.get(i);
            String found = r.pitName(m.pit());
            Position pos = game.position();
            // Move numbers follow the sides that really play (a South ply and the North ply after it), so that a
            // move written with the wrong side's letter is reported under the number it stands at.
            Side side = m.isPass() || game.isOver() ? m.side() : pos.sideToMove();
            if (previous == null || side == Side.SOUTH || previous == Side.NORTH) {
                number++;
            }
            previous = side;
            if (game.isOver()) {
                Outcome o = game.outcome().orElseThrow();
                problems.add(at(r, m, number, found, "the end of the moves",
                        "the game is over after ply " + game.plies() + " (" + o.termination().description() + ")"));
                return false;
            }
            Side toMove = pos.sideToMove();
            if (m.isPass()) {
                if (m.side() == toMove) {
                    String legal = PitNames.names(r.rules(), pos.legalMoves(), r.numeric());
                    problems.add(at(r, m, number, found, "a move of " + toMove.displayName() + ": one of " + legal,
                            "a forced pass (A5) is only for the player whose row is empty"));
                    return false;
                }
                // The other side's pass, already applied by the rules (A5): only right when his own pits are empty.
                int held = 0;
                for (int p = 0; p < r.rules().pitCount(); p++) {
                    if (pos.owner(p) == m.side()) {
                        held += pos.seeds(p);
                    }
                }
                if (held > 0) {
                    String legal = PitNames.names(r.rules(), pos.legalMoves(), r.numeric());
                    problems.add(at(r, m, number, found, "a move of " + toMove.displayName() + ": one of " + legal,
                            "a forced pass (A5) is only for the player whose row is empty; "
                            + m.side().displayName() + "'s pits hold " + held + " seeds"));
                    return false;
                }
                continue;
            }
            if (!pos.isLegal(m.pit())) {
                String legal = PitNames.names(r.rules(), pos.legalMoves(), r.numeric());
                String why = pos.owner(m.pit()) != toMove
                        ? toMove.displayName() + " is to move; pit " + found + " is "
                        + pos.owner(m.pit()).displayName() + "'s"
                        : pos.illegalReason(m.pit()).orElseThrow().replace("pit " + r.rules().pitLetter(m.pit()),
                                "pit " + found);
                problems.add(new RecordException(r.source(), m.line(), m.column(), number, toMove, found,
                        "one of the legal moves " + legal, why));
                return false;
            }
            game.play(m.pit());
            int captured = game.capturedAt(game.plies());
            plies.add(new ReplayedPly(game.plies(), toMove, m.pit(), found, captured, game.position(),
                    MoveClocks.of(m)));
            if (m.statedCapture().isPresent() && m.statedCapture().getAsInt() != captured) {
                String mark = r.numeric() ? "(x" : "(+";
                int line = m.captureLine() > 0 ? m.captureLine() : m.line();
                int column = m.captureLine() > 0 ? m.captureColumn() : m.column();
                problems.add(new RecordException(r.source(), line, column, number, toMove,
                        mark + m.statedCapture().getAsInt() + ")", captured == 0 ? "no capture count"
                        : mark + captured + ")", captured == 0 ? "move " + found + " captures nothing"
                        : "move " + found + " captures " + captured + (captured == 1 ? " seed" : " seeds")));
            }
        }
        return true;
    }

    /** Checks the stated result and termination against the rules (or applies a stated resignation or agreement). */
    private static void checkResult(GameRecord r, Game game, List<RecordException> problems) {
        Optional<Result> stated = r.statedResult();
        Optional<Termination> statedEnd = r.statedTermination();
        int line = r.resultLine() > 0 ? r.resultLine() : r.line();
        int column = r.resultLine() > 0 ? r.resultColumn() : 0;
        String after = "after ply " + game.plies();
        if (game.isOver()) {
            Outcome o = game.outcome().orElseThrow();
            if (stated.isPresent() && stated.get() != o.result()) {
                problems.add(new RecordException(r.source(), line, column, 0, null, "result " + stated.get().notation(),
                        o.result().notation(), o.describe() + ", " + after));
            }
            if (statedEnd.isPresent() && statedEnd.get() != o.termination()) {
                problems.add(new RecordException(r.source(), r.tagLine("Termination"), r.tagColumn("Termination"),
                        0, null, "termination " + r.tag("Termination").orElse(""), o.termination().key(),
                        o.describe() + ", " + after));
            }
            return;
        }
        Termination end = statedEnd.orElse(null);
        if (end != null && end.isForfeit() && stated.isPresent() && stated.get() != Result.DRAW) {
            game.forfeit(stated.get().winner().orElseThrow().opponent(), end);
            return;
        }
        if (end == Termination.AGREEMENT && stated.isPresent()) {
            Result agreed = game.position().agreedOutcome().result();
            if (agreed != stated.get()) {
                problems.add(new RecordException(r.source(), line, column, 0, null, "result " + stated.get().notation(),
                        agreed.notation(), "the agreed end " + after + " gives " + game.position()
                                .agreedOutcome().describe()));
            } else {
                game.agree();
            }
            return;
        }
        String notOver = "the game is not over " + after + " (" + game.position().sideToMove().displayName()
                + " to move)";
        Optional<String> endTag = r.tag("Termination");
        if (endTag.isPresent() && end == null) {
            StringBuilder known = new StringBuilder();
            for (Termination t : Termination.values()) {
                known.append(known.length() > 0 ? ", " : "").append(t.key());
            }
            problems.add(new RecordException(r.source(), r.tagLine("Termination"), r.tagColumn("Termination"), 0,
                    null, "unknown termination '" + endTag.get() + "'", "one of " + known,
                    notOver + "; a record that stops early needs Termination resignation, time, abandoned, "
                    + "forfeit or agreement"));
            return;
        }
        if (stated.isPresent()) {
            problems.add(new RecordException(r.source(), line, column, 0, null, "result " + stated.get().notation(),
                    "* (or a Termination of resignation, time, abandoned, forfeit or agreement)", notOver));
        } else if (end != null) {
            problems.add(new RecordException(r.source(), r.tagLine("Termination"), r.tagColumn("Termination"), 0,
                    null, "termination " + end.key(), "none", notOver));
        }
    }

    private static RecordException at(GameRecord r, RecordedMove m, int number, String found, String expected,
                                      String why) {
        return new RecordException(r.source(), m.line(), m.column(), number, m.side(), found, expected, why);
    }
}
