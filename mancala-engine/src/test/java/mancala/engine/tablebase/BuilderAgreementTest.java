package mancala.engine.tablebase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mancala.engine.progress.Progress;
import mancala.notation.OptionsNotation;
import mancala.rules.Board;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retrograde builder against the earlier builder ({@link PassBuilder}: forward passes over every position until
 * nothing changes, no graph), entry by entry over every layer. The two settle values in different orders from
 * different data (edges and exits against repeated move generation); the earlier one was checked against the
 * brute-force solver and the proof search, so agreement everywhere, draws and never-ending rounds included, is the
 * check that matters for the positions the brute force cannot reach.
 */
class BuilderAgreementTest {
    @TempDir
    Path dir;

    @Test
    void hawalisThreeSeedsASide() {
        agree(GameKind.HAWALIS, "", 3);
    }

    @Test
    void hawalisEndlessDrawSkipOrigin() {
        agree(GameKind.HAWALIS, "endless=draw skipOrigin", 2);
    }

    @Test
    @Tag("slow")
    void baoKiarabuTwoSeedsASide() {
        agree(GameKind.BAO_KIARABU, "", 2);
    }

    @Test
    void alManqalaSevenSeeds() {
        agree(GameKind.AL_MANQALA, "", 7);
    }

    @Test
    void alManqalaRelayCaptureOpposite() {
        agree(GameKind.AL_MANQALA, "relay captureOpposite", 6);
    }

    @Test
    void rioKadalisEightSeeds() {
        agree(GameKind.RIO_KADALIS, "", 8);
    }

    @Test
    void rioKadalisFivePitsFoursAtLapEnd() {
        agree(GameKind.RIO_KADALIS, "pits=5 foursAtLapEnd", 7);
    }

    @Test
    @Tag("slow")
    void rioKadalisElevenSeeds() {
        agree(GameKind.RIO_KADALIS, "", 11);
    }

    private void agree(GameKind game, String options, int seeds) {
        Rules rules = Rules.of(OptionsNotation.parse(game, options));
        Path fast = dir.resolve("retrograde");
        Path slow = dir.resolve("passes");
        List<String> notes = new ArrayList<>();
        List<Path> built = new Builder(rules, seeds, 2, fast, Progress.NONE, notes::add).build();
        new PassBuilder(rules, seeds, 2, slow, Progress.NONE, notes::add).build();
        assertThat(notes).as("nothing found on disk").noneMatch(n -> n.contains("found on disk"));
        Layout layout = Layout.of(rules, seeds);
        long compared = 0;
        long decided = 0;
        for (int layer : layout.layersUpTo(seeds)) {
            String name = layout.name(layer) + ".tb";
            PackedValues a = read(Tablebase.folder(fast, rules).resolve(name));
            PackedValues b = read(Tablebase.folder(slow, rules).resolve(name));
            assertThat(a.size()).isEqualTo(layout.size(layer));
            assertThat(b.size()).isEqualTo(a.size());
            Layout.Cursor c = layout.cursor();
            Board board = rules.emptyBoard();
            // Round layers also hold the plies to the next capture above the value (RoundDistanceTest checks them).
            int mask = layout instanceof Layout.Board2 ? (1 << layout.valueBits(layer)) - 1 : -1;
            for (long i = 0; i < a.size(); i++) {
                if ((a.get(i) & mask) != b.get(i)) {
                    c.seek(layer, i);
                    c.load(board);
                    fail("layer %s entry %d (%s): retrograde %d, passes %d", layout.name(layer), i, board,
                            a.get(i) & mask, b.get(i));
                }
                compared++;
                if (layout instanceof Layout.Sides ? a.get(i) != 0 : (a.get(i) & mask) != layout.seeds(layer)
                        * ((Layout.Board2) layout).unit() / 2) {
                    decided++;
                }
            }
        }
        assertThat(built).hasSize(layout.layersUpTo(seeds).size());
        assertThat(compared).isEqualTo(layout.layersUpTo(seeds).stream().mapToLong(layout::size).sum());
        assertThat(decided).as("positions not worth the never-ending value").isGreaterThan(compared / 10);
    }

    private static PackedValues read(Path file) {
        assertThat(Files.exists(file)).as("%s", file).isTrue();
        try {
            return LayerFile.read(file, new LayerFile.Header[1]);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
