package mancala.cli.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import mancala.rules.Side;
import org.junit.jupiter.api.Test;

/** The bot's view of a game, rebuilt from the game stream's move list, and its independence from server code. */
class BotGameTest {

    @Test
    void movesReplayFromTheStartAndTellWhoIsToMove() {
        BotGame g = new BotGame("al-manqala", "");
        assertThat(g.toMove(Side.SOUTH)).isTrue();
        // A2: a takes 7 seeds and sows b..g and A, one each; North to move.
        g.update("a");
        assertThat(g.toMove(Side.NORTH)).isTrue();
        assertThat(g.current().position().seeds(0)).isZero();
        assertThat(g.current().position().seeds(7)).isEqualTo(8);
        // The same state again (after a reconnection) gives the same position.
        g.update("a");
        assertThat(g.moveCount()).isEqualTo(1);
        assertThat(g.letter(7)).isEqualTo("A");
    }

    @Test
    void badInputIsNamed() {
        assertThatThrownBy(() -> new BotGame("chess", "")).hasMessageContaining("unknown game 'chess'");
        assertThatThrownBy(() -> new BotGame("hawalis", "seeds=3")).hasMessageContaining("options 'seeds=3'");
        BotGame g = new BotGame("rio-kadalis", "");
        assertThatThrownBy(() -> g.update("a z")).hasMessageContaining("move 2 (z)");
        // North may not move first.
        assertThatThrownBy(() -> g.update("A")).hasMessageContaining("move 1 (A)");
    }

    /** The bot talks to servers through HTTP only: no class of mancala.cli.bot names the server's code. */
    @Test
    void theBotUsesNoServerCode() throws IOException {
        Path dir = Path.of(System.getProperty("basedir", "."), "src/main/java/mancala/cli/bot");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(2);
        for (Path f : files) {
            assertThat(Files.readString(f)).as(f.toString()).doesNotContain("mancala.server");
        }
    }
}
