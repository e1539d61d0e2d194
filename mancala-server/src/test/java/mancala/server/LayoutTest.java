package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mancala.rules.GameKind;
import mancala.server.board.LayoutView;
import org.junit.jupiter.api.Test;

/** The board layout sent to the page matches the diagrams of docs/rules.md §1–§3 (as South sees the board). */
class LayoutTest {
    static String[][] grid(GameKind kind) {
        LayoutView layout = LayoutView.of(kind.rules());
        String[][] g = new String[layout.rows()][layout.cols()];
        List<List<Integer>> cells = layout.cells();
        List<String> letters = layout.letters();
        for (int p = 0; p < cells.size(); p++) {
            assertThat(g[cells.get(p).get(0)][cells.get(p).get(1)]).as("two pits in one cell").isNull();
            g[cells.get(p).get(0)][cells.get(p).get(1)] = letters.get(p);
        }
        return g;
    }

    static String row(String[] r) {
        return String.join(" ", r);
    }

    @Test
    void hawalisIsDrawnAsInRulesSectionOne() {
        String[][] g = grid(GameKind.HAWALIS);
        assertThat(row(g[0])).isEqualTo("G F E D C B A");
        assertThat(row(g[1])).isEqualTo("H I J K L M N");
        assertThat(row(g[2])).isEqualTo("n m l k j i h");
        assertThat(row(g[3])).isEqualTo("a b c d e f g");
    }

    @Test
    void baoKiarabuHasEightColumns() {
        String[][] g = grid(GameKind.BAO_KIARABU);
        assertThat(row(g[3])).isEqualTo("a b c d e f g h");
        assertThat(row(g[2])).isEqualTo("p o n m l k j i");
        assertThat(row(g[1])).isEqualTo("I J K L M N O P");
        assertThat(row(g[0])).isEqualTo("H G F E D C B A");
    }

    @Test
    void twoRowGamesRunCounterclockwiseFromEachOwnersLeft() {
        String[][] a = grid(GameKind.AL_MANQALA);
        assertThat(row(a[0])).isEqualTo("G F E D C B A");
        assertThat(row(a[1])).isEqualTo("a b c d e f g");
        String[][] r = grid(GameKind.RIO_KADALIS);
        assertThat(row(r[0])).isEqualTo("F E D C B A");
        assertThat(row(r[1])).isEqualTo("a b c d e f");
    }
}
