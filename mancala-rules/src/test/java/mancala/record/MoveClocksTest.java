package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Result;
import mancala.rules.Side;
import mancala.rules.Termination;
import org.junit.jupiter.api.Test;

class MoveClocksTest {
    @Test
    void formatsAndReadsTheClockComment() {
        assertThat(MoveClocks.format(298_000)).isEqualTo("[%clk 0:04:58]");
        assertThat(MoveClocks.format(7_450)).isEqualTo("[%clk 0:00:07.4]");
        assertThat(MoveClocks.format(3 * 86_400_000L)).isEqualTo("[%clk 72:00:00]");
        assertThat(MoveClocks.parse("[%clk 1:02:03.5]")).hasValue(3_723_500);
        assertThat(MoveClocks.parse("good move [%clk 0:00:09]")).hasValue(9_000);
        assertThat(MoveClocks.parse("[%clk 0:61:00]")).isEmpty();
        assertThat(MoveClocks.parse("no clock")).isEmpty();
    }

    @Test
    void aGameOnTheClockWritesReadsAndReplaysItsClocks() {
        Game game = new Game(Position.initial(GameKind.AL_MANQALA.rules()));
        int plies = 0;
        while (plies < 4) {
            game.play(game.position().legalMoves()[0]);
            plies++;
        }
        game.forfeit(game.position().sideToMove(), Termination.TIME);
        Side loser = game.position().sideToMove();
        GameRecord record = MoveClocks.withClocks(GameRecord.of(game, Map.of("South", "Amal", "North", "Ali")),
                List.of(62_000L, 61_500L, 58_300L, 60_100L), "60+2");
        String text = RecordWriter.write(record);
        assertThat(text).contains("[TimeControl \"60+2\"]").contains("[Termination \"time\"]")
                .contains("{[%clk 0:01:02]}")
                .contains("{[%clk 0:00:58.3]}");
        GameRecord read = RecordReader.read(text, "t.txt").get(0);
        assertThat(read.tag(MoveClocks.TIME_CONTROL_TAG)).contains("60+2");
        assertThat(MoveClocks.clocks(read)).containsExactly(OptionalLong.of(62_000), OptionalLong.of(61_500),
                OptionalLong.of(58_300), OptionalLong.of(60_100));
        ReplayedRecord replayed = Replay.replay(read);
        assertThat(replayed.valid()).as(replayed.problems().toString()).isTrue();
        assertThat(replayed.outcome().orElseThrow().termination()).isEqualTo(Termination.TIME);
        assertThat(replayed.outcome().orElseThrow().result()).isEqualTo(Result.winFor(loser.opponent()));
        assertThat(replayed.plies()).extracting(p -> p.clock().orElse(-1)).containsExactly(62_000L, 61_500L,
                58_300L, 60_100L);
        // written again, the clocks and the tag stay
        assertThat(RecordWriter.write(read)).isEqualTo(text);
    }
}
