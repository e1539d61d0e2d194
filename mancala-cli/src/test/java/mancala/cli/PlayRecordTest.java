package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mancala.notation.PositionNotation;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import mancala.record.RecordWriter;
import mancala.record.RecordedMove;
import mancala.record.Replay;
import mancala.record.ReplayedRecord;
import mancala.rules.Game;
import mancala.rules.HawalisOptions;
import mancala.rules.Match;
import mancala.rules.Position;
import mancala.rules.RioKadalisOptions;
import mancala.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code play --record FILE}: a saved game continues from its last ply with its history. The expected positions are
 * made by playing the record's pits by hand on a fresh {@link Game}.
 */
class PlayRecordTest {
    private static final String PUBLISHED = "hawalis-tavares-gering-2009.txt";

    /** The published Hawalis game's tags without its result, and its first 23 moves (46 plies): South to move. */
    private static String unfinishedHawalis() {
        List<String> lines = CliRun.read(CliRun.record(PUBLISHED)).lines().toList();
        StringBuilder text = new StringBuilder();
        for (String l : lines) {
            if (l.startsWith("[") && !l.startsWith("[Result")) {
                text.append(l).append('\n');
            }
        }
        text.append('\n');
        int blank = lines.indexOf("");
        for (int i = blank + 1; i <= blank + 3; i++) {
            text.append(lines.get(i)).append('\n');
        }
        return text.toString();
    }

    /** @return the game of the record's plies, each played by hand from the usual start. */
    private static Game byHand(String recordText, int plies) {
        GameRecord r = RecordReader.read(recordText, "test").get(0);
        Game g = Game.start(r.rules());
        for (RecordedMove m : r.moves()) {
            if (!m.isPass() && g.plies() < plies) {
                g.play(m.pit());
            }
        }
        return g;
    }

    /** The prompt as a script on standard input sees it: a line of its own. */
    private static String prompt(Position p) {
        return p.sideToMove().displayName() + " to move (" + EngineText.line(p.rules(), p.legalMoves()) + ")>"
                + System.lineSeparator();
    }

    private static ReplayedRecord replayed(Path file) {
        List<ReplayedRecord> rs = Replay.replay(RecordReader.read(CliRun.read(file), file.toString()));
        assertThat(rs).hasSize(1);
        return rs.get(0).requireValid();
    }

    @Test
    void anUnfinishedRecordContinuesFromItsLastPlyAndUndoGoesBackIntoItsPlies(@TempDir Path dir) throws IOException {
        String text = unfinishedHawalis();
        Path file = dir.resolve("unfinished.txt");
        Files.writeString(file, text);
        Game expected = byHand(text, Integer.MAX_VALUE);
        assertThat(expected.plies()).isEqualTo(46);
        Position at = expected.position();
        int first = at.legalMoves()[0];
        String letter = at.rules().pitLetter(first);
        Path after = dir.resolve("after.txt");
        Path undone = dir.resolve("undone.txt");

        CliRun r = CliRun.withInput(letter + "\nsave " + after + "\nundo\nundo\nsave " + undone + "\nquit\n",
                "play", "--record", file.toString(), "--south", "human", "--north", "human");

        assertThat(r.status()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("Hawalis: human (South) against human (North)")
                .contains("Continuing " + file + " after ply 46: South to move")
                .contains(prompt(at))
                .contains("South plays " + letter + ":")
                .contains("took back 1 ply");
        ReplayedRecord played = replayed(after);
        assertThat(played.plies()).hasSize(47);
        assertThat(played.finalPosition()).isEqualTo(at.play(first));
        assertThat(played.game().moves().subList(0, 46)).isEqualTo(expected.moves());
        // Two undos from ply 47: back to ply 45, one ply into the loaded record.
        ReplayedRecord back = replayed(undone);
        Game ply45 = byHand(text, 45);
        assertThat(back.plies()).hasSize(45);
        assertThat(back.finalPosition()).isEqualTo(ply45.position());
        assertThat(r.out()).contains(prompt(ply45.position()));
    }

    @Test
    void theLoadedGameKeepsEveryRecordedPositionForRepetition(@TempDir Path dir) throws IOException {
        String text = unfinishedHawalis();
        Path file = dir.resolve("unfinished.txt");
        Files.writeString(file, text);
        ResumedGame resumed = ResumedGame.read(file.toString(), null, null);
        Game expected = byHand(text, Integer.MAX_VALUE);
        assertThat(resumed.match()).isNull();
        assertThat(resumed.game().positions()).isEqualTo(expected.positions());
        assertThat(resumed.game().moves()).isEqualTo(expected.moves());
        assertThat(resumed.game().start()).isEqualTo(Position.initial(Rules.of(HawalisOptions.DEFAULT)));
    }

    @Test
    void gameAndOptionsComeFromTheRecordAndAConflictingOneIsAnError(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("unfinished.txt");
        Files.writeString(file, unfinishedHawalis());
        String f = file.toString();
        CliRun same = CliRun.withInput("quit\n", "play", "hawalis", "--options", "", "--record", f,
                "--south", "human", "--north", "human");
        assertThat(same.status()).isZero();
        assertThat(same.out()).contains("after ply 46");

        CliRun game = CliRun.withInput("quit\n", "play", "al-manqala", "--record", f);
        assertThat(game.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(game.err().strip()).isEqualTo("mancala: " + f + ": the record is a game of hawalis, not "
                + "al-manqala (the record gives the game: leave GAME out)");
        assertThat(game.out()).isEmpty();

        CliRun options = CliRun.withInput("quit\n", "play", "--record", f, "--options", "endless=draw");
        assertThat(options.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(options.err().strip()).isEqualTo("mancala: " + f + ":1: the record is played with the default "
                + "options, not --options 'endless=draw' (the record gives the options: leave --options out)");

        CliRun neither = CliRun.withInput("quit\n", "play");
        assertThat(neither.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(neither.err()).contains("play needs GAME (").contains("or --record FILE");
    }

    @Test
    void aRecordWithoutGameTagIsReadAsTheGameNamed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("book.txt");
        Files.writeString(file, "1. i (+4) L (+6) 2. d (+6)\n");
        Game expected = byHand("[Game \"hawalis\"]\n\n1. i L d\n", 3);
        CliRun r = CliRun.withInput("quit\n", "play", "hawalis", "--record", file.toString(),
                "--south", "human", "--north", "human");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("after ply 3: North to move").contains(prompt(expected.position()));

        CliRun noGame = CliRun.withInput("quit\n", "play", "--record", file.toString());
        assertThat(noGame.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(noGame.err()).startsWith("mancala: " + file + ":1:1: ").contains("no Game tag")
                .doesNotContain("Exception");
    }

    @Test
    void aFinishedRecordIsAClearErrorNotACrash() {
        Path published = CliRun.record(PUBLISHED);
        CliRun r = CliRun.withInput("quit\n", "play", "--record", published.toString());
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err().strip()).startsWith("mancala: " + published + ": the game is over after ply 110: North wins "
                + "(0-1): South has no seeds left; ").endsWith("; nothing to continue").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void badFilesNameFileLineAndColumn(@TempDir Path dir) throws IOException {
        Path illegal = dir.resolve("illegal.txt");
        Files.writeString(illegal, "[Game \"hawalis\"]\n\n1. i L 2. i\n");
        CliRun r = CliRun.withInput("quit\n", "play", "--record", illegal.toString());
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err()).startsWith("mancala: " + illegal + ":3:11: move 2, South: found i").contains("expected one of the legal moves a b d g h l m")
                .doesNotContain("Exception");

        Path count = dir.resolve("count.txt");
        Files.writeString(count, "[Game \"hawalis\"]\n\n1. i (+5) L\n");
        CliRun wrong = CliRun.withInput("quit\n", "play", "--record", count.toString());
        assertThat(wrong.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(wrong.err()).startsWith("mancala: " + count + ":3:6: move 1, South: found (+5), expected (+4)");

        Path garbage = dir.resolve("garbage.txt");
        Files.writeString(garbage, "[Game \"hawalis\"\n\n1. i\n");
        CliRun notARecord = CliRun.withInput("quit\n", "play", "--record", garbage.toString());
        assertThat(notARecord.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(notARecord.err()).startsWith("mancala: " + garbage + ":1:").doesNotContain("Exception");

        CliRun missing = CliRun.withInput("quit\n", "play", "--record", dir.resolve("none.txt").toString());
        assertThat(missing.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(missing.err()).contains("cannot read ").contains("none.txt: no such file");

        CliRun stdin = CliRun.withInput("quit\n", "play", "--record", "-");
        assertThat(stdin.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(stdin.err()).contains("--record -: standard input carries the moves typed");

        Path two = dir.resolve("two.txt");
        Files.writeString(two, "[Game \"hawalis\"]\n\n1. i\n\n[Game \"hawalis\"]\n\n1. a\n");
        CliRun twoGames = CliRun.withInput("quit\n", "play", "--record", two.toString());
        assertThat(twoGames.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(twoGames.err()).contains(two + " holds 2 records; play continues one game");
    }

    private static Match newMatch() {
        return new Match(RioKadalisOptions.DEFAULT);
    }

    /** Plays up to {@code plies} plies of the current round, always lifting the first legal pit: deterministic. */
    private static void playRound(Match m, int plies) {
        for (int i = 0; i < plies && !m.round().isOver(); i++) {
            m.play(m.round().position().legalMoves()[0]);
        }
    }

    @Test
    void aRioKadalisMatchContinuesInItsLastRoundWithTheRoundsBefore(@TempDir Path dir) throws IOException {
        Match m = newMatch();
        playRound(m, Integer.MAX_VALUE);
        assertThat(m.nextRound()).isPresent();
        playRound(m, 3);
        assertThat(m.round().isOver()).isFalse();
        Path file = dir.resolve("match.txt");
        Files.writeString(file, RecordWriter.write(GameRecord.ofMatch(m, Map.of("South", "a", "North", "b"))));
        Path saved = dir.resolve("saved.txt");

        CliRun r = CliRun.withInput("save " + saved + "\nquit\n", "play", "--record", file.toString(),
                "--south", "human", "--north", "human");

        assertThat(r.status()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("Continuing " + file + ", round 2 after ply 3: "
                + m.round().position().sideToMove().displayName() + " to move").contains(prompt(m.round().position()));
        List<ReplayedRecord> rounds = Replay.replay(RecordReader.read(CliRun.read(saved), saved.toString()));
        assertThat(rounds).hasSize(2);
        rounds.forEach(ReplayedRecord::requireValid);
        assertThat(rounds.get(0).game().moves()).isEqualTo(m.rounds().get(0).moves());
        assertThat(rounds.get(1).game().start()).isEqualTo(m.round().start());
        assertThat(rounds.get(1).finalPosition()).isEqualTo(m.round().position());
    }

    /*
     * R10: a round ends when a position occurs for the third time. Random play cycles (R10's note): a seeded random
     * round that ends so is saved without its last ply; playing that ply after loading must end the round, which
     * only the recorded history can tell.
     */
    @Test
    void repetitionCountsThePositionsOfTheLoadedRecord(@TempDir Path dir) throws IOException {
        Game cycling = null;
        for (int seed = 0; seed < 1000 && cycling == null; seed++) {
            java.util.Random random = new java.util.Random(seed);
            Game g = new Match(RioKadalisOptions.DEFAULT).round();
            while (!g.isOver() && g.plies() < 300) {
                int[] legal = g.position().legalMoves();
                g.play(legal[random.nextInt(legal.length)]);
            }
            if (g.outcome().map(o -> o.termination() == mancala.rules.Termination.REPETITION).orElse(false)) {
                cycling = g;
            }
        }
        assertThat(cycling).isNotNull();
        List<Integer> moves = cycling.moves();
        Match m = newMatch();
        moves.subList(0, moves.size() - 1).forEach(m::play);
        Position before = m.round().position();
        int last = moves.get(moves.size() - 1);
        Game withoutHistory = new Game(before);
        withoutHistory.play(last);
        assertThat(withoutHistory.isOver()).isFalse();
        Path file = dir.resolve("cycling.txt");
        Files.writeString(file, RecordWriter.write(GameRecord.ofMatch(m, Map.of())));

        CliRun r = CliRun.withInput(before.rules().pitLetter(last) + "\nquit\n", "play", "--record", file.toString(),
                "--south", "human", "--north", "human");

        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("Continuing " + file + ", round 1 after ply " + (moves.size() - 1))
                .contains("Round 1 over: " + PlayCommand.describe(cycling.outcome().orElseThrow()))
                .contains("the position repeated");
    }

    @Test
    void aRioKadalisMatchWhoseLastRoundIsOverContinuesWithTheNextRound(@TempDir Path dir) throws IOException {
        Match m = newMatch();
        playRound(m, Integer.MAX_VALUE);
        Path file = dir.resolve("round1.txt");
        Files.writeString(file, RecordWriter.write(GameRecord.ofMatch(m, Map.of())));
        Position next = m.nextRound().orElseThrow();

        ResumedGame resumed = ResumedGame.read(file.toString(), "rio-kadalis", null);

        assertThat(resumed.match().roundNumber()).isEqualTo(2);
        assertThat(resumed.game().plies()).isZero();
        assertThat(resumed.game().position()).isEqualTo(next);
        assertThat(PositionNotation.format(resumed.game().position())).isEqualTo(PositionNotation.format(next));
        assertThat(resumed.match().rounds().get(0).moves()).isEqualTo(m.rounds().get(0).moves());
    }

    @Test
    void aFinishedRioKadalisMatchIsAClearError(@TempDir Path dir) throws IOException {
        Match m = newMatch();
        while (true) {
            playRound(m, Integer.MAX_VALUE);
            if (m.nextRound().isEmpty()) {
                break;
            }
        }
        Path file = dir.resolve("match.txt");
        Files.writeString(file, RecordWriter.write(GameRecord.ofMatch(m, Map.of())));
        CliRun r = CliRun.withInput("quit\n", "play", "--record", file.toString());
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err().strip()).isEqualTo("mancala: " + file + ": the match is over after round "
                + m.roundNumber() + ": " + PlayCommand.describe(m.outcome().orElseThrow()) + "; nothing to continue");
    }

    @Test
    void roundsOutOfOrderAreAnError(@TempDir Path dir) throws IOException {
        Match m = newMatch();
        playRound(m, Integer.MAX_VALUE);
        m.nextRound().orElseThrow();
        playRound(m, 2);
        List<GameRecord> rounds = GameRecord.ofMatch(m, Map.of());
        Path file = dir.resolve("reversed.txt");
        Files.writeString(file, RecordWriter.write(List.of(rounds.get(1), rounds.get(0))));
        CliRun r = CliRun.withInput("quit\n", "play", "--record", file.toString());
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err().strip()).isEqualTo("mancala: " + file + ":3: found round 2, expected round 1: a match "
                + "must start at round 1 (play continues one match, whose records are its rounds in order)");
    }

    /** @return the records of a match with round 1 over and 2 plies of round 2. */
    private static List<GameRecord> twoRounds() {
        Match m = newMatch();
        playRound(m, Integer.MAX_VALUE);
        m.nextRound().orElseThrow();
        playRound(m, 2);
        return GameRecord.ofMatch(m, Map.of());
    }

    @Test
    void aMatchFileMustStartAtRoundOne(@TempDir Path dir) throws IOException {
        GameRecord round2 = twoRounds().get(1);
        Path tagged = dir.resolve("round2.txt");
        Files.writeString(tagged, RecordWriter.write(round2));
        assertThat(CliRun.read(tagged)).startsWith("[Game \"rio-kadalis\"]\n[Setup \"");
        CliRun r = CliRun.withInput("quit\n", "play", "--record", tagged.toString());
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).isEqualTo("mancala: " + tagged + ":3: found round 2, expected round 1: a match "
                + "must start at round 1 (play continues one match, whose records are its rounds in order)");

        Map<String, String> tags = new java.util.LinkedHashMap<>(round2.tags());
        tags.remove("Round");
        Path untagged = dir.resolve("untagged.txt");
        Files.writeString(untagged, RecordWriter.write(round2.with(tags, round2.start(), round2.moves(),
                round2.statedResult())));
        CliRun u = CliRun.withInput("quit\n", "play", "--record", untagged.toString());
        assertThat(u.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(u.err().strip()).isEqualTo("mancala: " + untagged + ":1: found a round without a Round tag that "
                + "starts from Setup \"" + PositionNotation.format(round2.start()) + "\", expected round 1: a match "
                + "must start at round 1 (tag the record [Round \"1\"] if it is the match's first round)");
    }

    @Test
    void roundsWithoutRoundTagsNameTheRoundExpected(@TempDir Path dir) throws IOException {
        List<GameRecord> rounds = twoRounds();
        StringBuilder text = new StringBuilder();
        for (GameRecord g : rounds) {
            Map<String, String> tags = new java.util.LinkedHashMap<>(g.tags());
            tags.remove("Round");
            text.append(text.length() > 0 ? "\n" : "").append(RecordWriter.write(g.with(tags, g.start(), g.moves(),
                    g.statedResult())));
        }
        Path file = dir.resolve("noRounds.txt");
        Files.writeString(file, text.toString());
        int second = RecordReader.read(text.toString(), "t").get(1).line();
        CliRun r = CliRun.withInput("quit\n", "play", "--record", file.toString());
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err().strip()).isEqualTo("mancala: " + file + ":" + second + ": found round without a Round "
                + "tag, expected round 2: play continues one match, whose records are its rounds in order");
    }

    @Test
    void anotherGameAfterARioKadalisRoundIsNamedAsAnotherGame(@TempDir Path dir) throws IOException {
        String text = RecordWriter.write(twoRounds().get(0)) + "\n[Game \"hawalis\"]\n\n1. i\n";
        Path file = dir.resolve("mixed.txt");
        Files.writeString(file, text);
        int hawalis = RecordReader.read(text, "t").get(1).line();
        CliRun r = CliRun.withInput("quit\n", "play", "--record", file.toString());
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err().strip()).isEqualTo("mancala: " + file + ":" + hawalis + ": found a game of hawalis, "
                + "expected round 2 of the Rio Kadalis match: play continues one match, and a match file holds only "
                + "its rounds");
    }

    @Test
    void aSaveKeepsTheLoadedRecordsTagsAndRecomputesItsResult(@TempDir Path dir) throws IOException {
        String text = "[Annotator \"Ali\"]\n[Result \"*\"]\n" + unfinishedHawalis();
        Path file = dir.resolve("tagged.txt");
        Files.writeString(file, text);
        Position at = byHand(text, Integer.MAX_VALUE).position();
        String letter = at.rules().pitLetter(at.legalMoves()[0]);
        Path saved = dir.resolve("saved.txt");

        CliRun r = CliRun.withInput(letter + "\nsave " + saved + "\nquit\n", "play", "--record", file.toString(),
                "--south", "human", "--north", "human");

        assertThat(r.status()).as(r.err()).isZero();
        GameRecord record = replayed(saved).record();
        assertThat(record.tags()).containsExactlyEntriesOf(linked(
                "Game", "hawalis", "Event", "igGameCenter online game", "Site", "igGameCenter", "Date", "2009.06.11",
                "South", "Miceu Tavares", "North", "Ralf Gering", "Result", "*", "Annotator", "Ali",
                "Source", "igGameCenter game of 2009-06-11, moves and (+n) as published"));
        assertThat(record.moves()).hasSize(47);
    }

    @Test
    void aSavedMatchKeepsEachRoundsOwnTagsAndNewRoundsTakeTheLastOnes(@TempDir Path dir) throws IOException {
        Match m = newMatch();
        playRound(m, Integer.MAX_VALUE);
        m.nextRound().orElseThrow();
        playRound(m, 3);
        List<GameRecord> rounds = GameRecord.ofMatch(m, Map.of());
        GameRecord first = rounds.get(0);
        GameRecord second = rounds.get(1);
        Map<String, String> firstTags = new java.util.LinkedHashMap<>(first.tags());
        firstTags.putAll(linked("Event", "Club night", "Date", "2024.05.01", "South", "Amal", "North", "Badr",
                "Annotator", "Ali"));
        Map<String, String> secondTags = new java.util.LinkedHashMap<>(second.tags());
        secondTags.putAll(linked("Event", "Club night", "Date", "2024.05.02", "South", "Amal", "North", "Badr"));
        Path file = dir.resolve("match.txt");
        Files.writeString(file, RecordWriter.write(List.of(
                first.with(firstTags, first.start(), first.moves(), first.statedResult()),
                second.with(secondTags, second.start(), second.moves(), second.statedResult()))));
        // The rest of round 2, each ply the first legal pit, by hand on the same match.
        StringBuilder script = new StringBuilder();
        while (!m.round().isOver()) {
            int pit = m.round().position().legalMoves()[0];
            script.append(m.round().position().rules().pitLetter(pit)).append('\n');
            m.play(pit);
        }
        mancala.rules.Outcome round2 = m.round().outcome().orElseThrow();
        boolean third = m.nextRound().isPresent();
        Path saved = dir.resolve("saved.txt");
        script.append("save ").append(saved).append("\nquit\n");

        CliRun r = CliRun.withInput(script.toString(), "play", "--record", file.toString(),
                "--south", "human", "--north", "human");

        assertThat(r.status()).as(r.err()).isZero();
        List<ReplayedRecord> back = Replay.replay(RecordReader.read(CliRun.read(saved), saved.toString()));
        back.forEach(ReplayedRecord::requireValid);
        assertThat(back).hasSize(third ? 3 : 2);
        mancala.rules.Outcome round1 = m.rounds().get(0).outcome().orElseThrow();
        assertThat(back.get(0).record().tags()).containsExactlyEntriesOf(linked(
                "Game", "rio-kadalis", "Setup", PositionNotation.format(m.rounds().get(0).start()),
                "Event", "Club night", "Date", "2024.05.01", "Round", "1", "South", "Amal", "North", "Badr",
                "Result", round1.result().notation(), "Termination", round1.termination().key(),
                "Annotator", "Ali"));
        assertThat(back.get(1).record().tags()).containsExactlyEntriesOf(linked(
                "Game", "rio-kadalis", "Setup", PositionNotation.format(m.rounds().get(1).start()),
                "Event", "Club night", "Date", "2024.05.02", "Round", "2", "South", "Amal", "North", "Badr",
                "Result", round2.result().notation(), "Termination", round2.termination().key()));
        if (third) {
            assertThat(back.get(2).record().tags()).containsExactlyEntriesOf(linked(
                    "Game", "rio-kadalis", "Setup", PositionNotation.format(m.round().start()),
                    "Event", "Club night", "Date", "2024.05.02", "Round", "3", "South", "Amal", "North", "Badr",
                    "Result", "*"));
        }
    }

    /** @return the tags {@code kv} (name, value, name, value …) in order. */
    private static Map<String, String> linked(String... kv) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }
}
