package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import org.junit.jupiter.api.Test;

class RecordWriterTest {
    @Test
    void tagsComeInTheCanonicalOrderAndCountsAreFilledIn() {
        Game game = Game.start(GameKind.HAWALIS.rules());
        game.play(8);       // i: captures 4 (the published record's first move)
        game.play(14 + 11); // L: captures 6
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Annotator", "me");
        tags.put("North", "N");
        tags.put("Site", "x");
        tags.put("South", "S");
        tags.put("Date", "2009.06.11");
        String text = RecordWriter.write(GameRecord.of(game, tags));
        assertThat(text).isEqualTo("""
                [Game "hawalis"]
                [Site "x"]
                [Date "2009.06.11"]
                [South "S"]
                [North "N"]
                [Result "*"]
                [Annotator "me"]

                1. i (+4) L (+6) *
                """);
    }

    @Test
    void aNorthPlyStartingTheMovesOrFollowingACommentIsNumberedWithDots() {
        String setup = "hawalis 2,2,2,2,2,2,2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2,2,2,2,2,2,2 N";
        Position start = PositionNotation.parse(setup);
        List<RecordedMove> moves = List.of(
                new RecordedMove(14 + 2, mancala.rules.Side.NORTH, null, "", List.of(), List.of("a } brace"), 0, 0,
                        0, 0),
                RecordedMove.of(8, mancala.rules.Side.SOUTH, 0));
        GameRecord r = new GameRecord(Map.of(), start, moves, java.util.Optional.empty());
        String text = RecordWriter.write(r);
        assertThat(text).contains("[Setup \"" + setup + "\"]\n");
        assertThat(text).endsWith("\n1... C {a ) brace} 2. i *\n");
        assertThat(r.moveNumber(1)).isEqualTo(2);
    }

    @Test
    void movetextIsWrappedAndReadsBack() {
        String published = HistoricalRecords.text(HawalisPublishedRecordTest.FILE);
        GameRecord canonical = Replay.replay(RecordReader.read(published, "s").get(0)).canonicalRecord();
        String text = RecordWriter.write(canonical);
        assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(RecordWriter.WIDTH));
        assertThat(text).startsWith("[Game \"hawalis\"]\n[Event \"igGameCenter online game\"]\n");
        // Tags the writer does not order (Source) follow the ordered ones.
        assertThat(text).contains("[Result \"0-1\"]\n[Termination \"no-seeds\"]\n[Source \"igGameCenter game of "
                + "2009-06-11, moves and (+n) as published\"]\n\n1. i (+4) L (+6) 2. d (+6) J (+6)");
        assertThat(text).endsWith(" 55. i K (+1) 0-1\n");
        assertThat(RecordWriter.write(RecordReader.read(text, "again").get(0))).isEqualTo(text);
    }

    /* A line never ends inside "N. x (+c) Y (+d)": every line but the first starts with a move number (or a comment). */
    @Test
    void aMoveNumberKeepsBothPliesOnItsLine() {
        String published = HistoricalRecords.text(HawalisPublishedRecordTest.FILE);
        GameRecord canonical = Replay.replay(RecordReader.read(published, "s").get(0)).canonicalRecord();
        for (boolean numeric : new boolean[] {false, true}) {
            String text = RecordWriter.write(List.of(canonical), numeric);
            List<String> movetext = text.substring(text.indexOf("\n\n") + 2).lines().toList();
            assertThat(movetext).hasSizeGreaterThan(3);
            assertThat(movetext).allSatisfy(l -> assertThat(l).matches("(\\d+\\.(\\.\\.)? |\\{).*")
                    .hasSizeLessThanOrEqualTo(RecordWriter.WIDTH));
            GameRecord again = RecordReader.read(text, "again").get(0);
            assertThat(again.moves()).hasSameSizeAs(canonical.moves());
            assertThat(Replay.replay(again).canonicalRecord().moves()).isEqualTo(canonical.moves());
        }
    }

    @Test
    void numericNotationIsOnlyForTheFourRowGames() {
        GameRecord r = GameRecord.of(Game.start(GameKind.AL_MANQALA.rules()), Map.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RecordWriter.write(r, true))
                .isInstanceOf(mancala.notation.NotationException.class)
                .hasMessageContaining("numeric notation is for Hawalis and Bao Kiarabu");
    }
}
