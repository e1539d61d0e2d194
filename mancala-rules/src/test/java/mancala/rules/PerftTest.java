package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import mancala.notation.OptionsNotation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Perft counts from {@code src/test/resources/perft/*.perft} (DEPTH COUNT lines; depths 1-2 worked out by hand,
 * deeper ones regression guards, as each file says). Only depths whose count stays under {@link #NODE_LIMIT} run.
 */
class PerftTest {
    static final long NODE_LIMIT = 200_000;

    @ParameterizedTest(name = "{1}")
    @CsvSource({"hawalis, hawalis.perft", "bao-kiarabu, bao-kiarabu.perft", "bao-kiarabu, bao-kiarabu-seeds3.perft",
        "al-manqala, al-manqala.perft", "rio-kadalis, rio-kadalis.perft"})
    void countsMatchTheFile(String game, String file) throws IOException {
        String options = "";
        List<long[]> expected = new ArrayList<>();
        try (InputStream in = PerftTest.class.getResourceAsStream("/perft/" + file)) {
            assertThat(in).as(file).isNotNull();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                line = line.trim();
                if (line.startsWith("# options:")) {
                    options = line.substring("# options:".length()).trim();
                } else if (!line.isEmpty() && !line.startsWith("#")) {
                    String[] f = line.split("\\s+");
                    expected.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])});
                }
            }
        }
        Rules rules = Rules.of(OptionsNotation.parse(GameKind.byKey(game).orElseThrow(), options));
        int depth = 0;
        for (long[] e : expected) {
            if (e[1] <= NODE_LIMIT) {
                depth = Math.max(depth, (int) e[0]);
            }
        }
        assertThat(depth).as("the hand-worked depths run").isGreaterThanOrEqualTo(2);
        long[] counts = new Perft(rules, depth).count(rules.initialBoard(), depth);
        for (long[] e : expected) {
            if (e[0] <= depth) {
                assertThat(counts[(int) e[0]]).as(file + " depth " + e[0]).isEqualTo(e[1]);
            }
        }
        // divide sums to the total at depth 2.
        int[] first = new int[rules.pitCount()];
        long[] per = new Perft(rules, 2).divide(rules.initialBoard(), 2, first);
        assertThat(java.util.Arrays.stream(per).sum()).isEqualTo(counts[2]);
    }
}
