package mancala.engine.tablebase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mancala.engine.progress.Progress;
import mancala.notation.OptionsNotation;
import mancala.rules.Board;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build of the layers a round reaches ({@code reachable}): the files are those of a full build for those layers,
 * the prober gives the full build's value for every position in them and none for a position in a layer left out.
 */
class ReachableLayersTest {
    @TempDir
    Path dir;

    @Test
    void rioKadalisTenSeedsBuildsLayers2And6And10AsAFullBuild() throws IOException {
        same(GameKind.RIO_KADALIS, "", 10, List.of(2, 6, 10));
    }

    @Test
    void alManqalaSevenSeedsBuildsTheOddLayersAsAFullBuild() throws IOException {
        same(GameKind.AL_MANQALA, "", 7, List.of(1, 3, 5, 7));
    }

    @Test
    void refusedWhereCapturesTakeAnyNumberOfSeeds() {
        Rules hawalis = Rules.of(OptionsNotation.parse(GameKind.HAWALIS, ""));
        assertThatThrownBy(() -> new Builder(hawalis, 3, true, 1, dir, Progress.NONE, s -> { }))
                .isInstanceOf(TablebaseException.class).hasMessageContaining("hawalis: a capture can take any number");
        Rules opposite = Rules.of(OptionsNotation.parse(GameKind.AL_MANQALA, "captureOpposite"));
        assertThatThrownBy(() -> LayerKit.of(opposite, 6, dir, true))
                .isInstanceOf(TablebaseException.class).hasMessageContaining("al-manqala: a capture can take any");
    }

    private void same(GameKind game, String options, int seeds, List<Integer> expected) throws IOException {
        Rules rules = Rules.of(OptionsNotation.parse(game, options));
        Path full = dir.resolve("full");
        Path some = dir.resolve("reachable");
        List<String> notes = new ArrayList<>();
        new Builder(rules, seeds, 2, full, Progress.NONE, notes::add).build();
        List<Path> built = new Builder(rules, seeds, true, 2, some, Progress.NONE, notes::add).build();
        Layout layout = Layout.of(rules, seeds);
        List<String> names = new ArrayList<>();
        for (Path f : built) {
            names.add(f.getFileName().toString());
        }
        assertThat(names).containsExactlyElementsOf(expected.stream().map(k -> k + ".tb").toList());
        try (var files = Files.list(Tablebase.folder(some, rules))) {
            assertThat(files.map(f -> f.getFileName().toString()).sorted().toList())
                    .containsExactlyInAnyOrderElementsOf(names);
        }
        for (Path f : built) {
            Path twin = Tablebase.folder(full, rules).resolve(f.getFileName());
            assertThat(Files.mismatch(f, twin)).as("%s against the full build's", f.getFileName()).isEqualTo(-1);
        }
        Tablebase a = Tablebase.open(full, rules);
        Tablebase b = Tablebase.open(some, rules);
        assertThat(a.reach()).isEqualTo(seeds);
        assertThat(b.reach()).isEqualTo(expected.get(0) == 0 ? 0 : -1);
        assertThat(b.top()).isEqualTo(seeds);
        assertThat(b.any()).isTrue();
        assertThat(b.layers()).extracting(Tablebase.LayerInfo::name)
                .containsExactlyElementsOf(expected.stream().map(String::valueOf).toList());
        Layout.Cursor c = layout.cursor();
        Board board = rules.emptyBoard();
        long probed = 0;
        for (int k = 0; k <= seeds; k++) {
            boolean in = expected.contains(k);
            c.seek(k, 0);
            for (long i = 0; i < layout.size(k); i++) {
                if (i > 0) {
                    c.advance();
                }
                c.load(board);
                assertThat(b.covers(board)).isEqualTo(in);
                TablebaseValue v = b.probe(board);
                if (in) {
                    assertThat(v).as("layer %d entry %d", k, i).isEqualTo(a.probe(board));
                    if (i % 97 == 0) { // the moves too (every child is in a layer of the build)
                        assertThat(b.moves(board)).as("layer %d entry %d", k, i).isEqualTo(a.moves(board));
                    }
                    probed++;
                } else {
                    assertThat(v).as("layer %d entry %d: a layer not built", k, i).isNull();
                }
            }
        }
        assertThat(probed).isPositive();
        assertThat(b.problems()).isEmpty();
    }
}
