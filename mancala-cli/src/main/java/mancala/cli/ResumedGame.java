package mancala.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import mancala.record.Replay;
import mancala.record.ReplayedRecord;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Termination;

/**
 * An unfinished game read from a record file for {@code play --record}: the game replayed ply by ply, so its
 * history (repetition, H10, A8, R10) and undo reach back into the recorded plies. Rio Kadalis: the match of a file
 * holding its rounds in order (one record per round, as {@code play} saves them), continued in its last round, or in
 * the next round when the last one is over.
 *
 * @param game    the game (Rio Kadalis: the current round) to continue; not over
 * @param match   the Rio Kadalis match, or null for the other games
 * @param records the records read (Rio Kadalis: one per round, in order), whose tags a save keeps
 */
record ResumedGame(Game game, Match match, List<GameRecord> records) {
    /** Tags a save does not copy from the loaded record: they are recomputed from the game as played on. */
    private static final Set<String> RECOMPUTED = Set.of("Result", "Termination");

    /**
     * @param round 0-based round of the match (0 for the other games)
     * @return the tags the loaded record of {@code round} holds, without {@code Result} and {@code Termination};
     *         for a round past the loaded ones, those of the last loaded record without {@code Round} and
     *         {@code Setup}
     */
    Map<String, String> tags(int round) {
        Map<String, String> tags = new LinkedHashMap<>(records.get(Math.min(round, records.size() - 1)).tags());
        tags.keySet().removeAll(RECOMPUTED);
        if (round >= records.size()) {
            tags.remove("Round");
            tags.remove("Setup");
        }
        return tags;
    }

    /**
     * Reads and replays the record(s) of {@code file}.
     *
     * @param gameName    the GAME argument, or null: must be the record's game; the game of a record without a
     *                    {@code Game} tag
     * @param optionsText {@code --options}, or null: must be the record's options (those of its {@code Options} tag,
     *                    default options without one)
     * @throws Cli.UsageException for an unreadable file, a conflicting game or options, more than one game, or a
     *                            game (match) that is already over
     * @throws mancala.record.RecordException (file, line, column) when the text is not a record or does not replay:
     *                                        an illegal move, a wrong capture count or result
     */
    static ResumedGame read(String file, String gameName, String optionsText) {
        if (file.equals("-")) {
            throw new Cli.UsageException("--record -: standard input carries the moves typed; give a record file");
        }
        String text = RecordFiles.read(file);
        String source = RecordFiles.sourceName(file);
        GameKind kind = gameName != null ? Cli.game(gameName) : null;
        RecordReader.Settings settings = kind != null ? RecordReader.Settings.DEFAULT.withGame(kind)
                : RecordReader.Settings.DEFAULT;
        List<GameRecord> records = RecordReader.read(text, source, settings);
        if (records.isEmpty()) {
            throw new Cli.UsageException(source + " holds no game record");
        }
        GameKind recorded = records.get(0).game();
        if (kind != null && kind != recorded) {
            throw new Cli.UsageException(source + ": the record is a game of " + recorded.key() + ", not " + kind.key()
                    + " (the record gives the game: leave GAME out)");
        }
        if (optionsText != null) {
            RuleOptions options = Cli.options(recorded, optionsText);
            for (GameRecord r : records) {
                if (!r.options().equals(options)) {
                    String stated = OptionsNotation.format(r.options());
                    throw new Cli.UsageException(source + ":" + r.line() + ": the record is played with "
                            + (stated.isEmpty() ? "the default options" : "options '" + stated + "'")
                            + ", not --options '" + optionsText + "' (the record gives the options: leave --options"
                            + " out)");
                }
            }
        }
        if (recorded != GameKind.RIO_KADALIS) {
            if (records.size() > 1) {
                throw new Cli.UsageException(source + " holds " + records.size() + " records; play continues one "
                        + "game: put the one to continue in a file of its own");
            }
            Game game = Replay.replay(records.get(0)).requireValid().game();
            if (game.isOver()) {
                throw new Cli.UsageException(source + ": the game is over after ply " + game.plies() + ": "
                        + PlayCommand.describe(game.outcome().orElseThrow()) + "; nothing to continue");
            }
            return new ResumedGame(game, null, records);
        }
        return match(records, source);
    }

    /**
     * Rio Kadalis: replays the rounds of one match, in order from round 1, into a {@link Match} (R8 between rounds).
     * The first record is round 1: tagged {@code [Round "1"]}, or without a {@code Round} tag and from the usual
     * start; each later record is tagged with the next round number.
     */
    private static ResumedGame match(List<GameRecord> records, String source) {
        checkRounds(records, source);
        List<ReplayedRecord> replays = Replay.replay(records);
        replays.forEach(ReplayedRecord::requireValid);
        Match match = new Match(replays.get(0).game().start());
        for (int i = 0; i < replays.size(); i++) {
            ReplayedRecord replayed = replays.get(i);
            if (i > 0) {
                Game last = match.round();
                if (!last.isOver()) {
                    throw new Cli.UsageException(source + ":" + replayed.record().line() + ": round "
                            + replayed.record().round().orElse(0) + " follows a round that is not over (after ply "
                            + last.plies() + ")");
                }
                if (match.nextRound().isEmpty()) {
                    break; // the replay has already refused rounds after the match's end
                }
            }
            Game round = match.round();
            for (int pit : replayed.game().moves()) {
                match.play(pit);
            }
            Optional<Outcome> stated = replayed.outcome();
            if (!round.isOver() && stated.isPresent()) {
                // The replay has accepted a stated resignation or agreement: end the round the same way.
                if (stated.get().termination().isForfeit()) {
                    match.forfeit(stated.get().result().winner().orElseThrow().opponent(),
                            stated.get().termination());
                } else {
                    round.agree();
                }
            }
        }
        if (!match.isOver() && match.round().isOver()) {
            match.nextRound(); // the last round is over: the match goes on with the next, or ends by R9
        }
        if (match.isOver()) {
            throw new Cli.UsageException(source + ": the match is over after round " + match.roundNumber() + ": "
                    + PlayCommand.describe(match.outcome().orElseThrow()) + "; nothing to continue");
        }
        return new ResumedGame(match.round(), match, records);
    }

    /**
     * @throws Cli.UsageException unless the records are the rounds of one Rio Kadalis match, from round 1, tagged
     *     in order
     */
    private static void checkRounds(List<GameRecord> records, String source) {
        GameRecord first = records.get(0);
        Optional<String> firstTag = first.tag("Round");
        if (firstTag.isPresent() && first.round().orElse(0) != 1) {
            throw new Cli.UsageException(source + ":" + first.tagLine("Round") + ": found round " + firstTag.get()
                    + ", expected round 1: a match must start at round 1 (play continues one match, whose records are"
                    + " its rounds in order)");
        }
        if (firstTag.isEmpty() && !first.start().equals(Position.initial(first.rules()))) {
            throw new Cli.UsageException(source + ":" + first.line() + ": found a round without a Round tag that "
                    + "starts from Setup \"" + PositionNotation.format(first.start()) + "\", expected round 1: a "
                    + "match must start at round 1 (tag the record [Round \"1\"] if it is the match's first round)");
        }
        for (int i = 1; i < records.size(); i++) {
            GameRecord r = records.get(i);
            int expected = i + 1;
            if (r.game() != GameKind.RIO_KADALIS) {
                throw new Cli.UsageException(source + ":" + r.line() + ": found a game of " + r.game().key()
                        + ", expected round " + expected + " of the Rio Kadalis match: play continues one match, "
                        + "and a match file holds only its rounds");
            }
            if (r.round().orElse(0) != expected) {
                throw new Cli.UsageException(source + ":" + r.line() + ": found round "
                        + r.tag("Round").orElse("without a Round tag") + ", expected round " + expected
                        + ": play continues one match, whose records are its rounds in order");
            }
            GameRecord before = records.get(i - 1);
            if (before.tag("Round").isEmpty()) {
                throw new Cli.UsageException(source + ":" + before.line() + ": found round without a Round tag, "
                        + "expected round " + i + " (the record after it is round " + expected + "): the rounds of "
                        + "a match file are tagged in order");
            }
        }
    }

}
