package mancala.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The seeds a player has captured are his holdings: these boards have no stores (docs/rules.md). Scans the main
 * sources of every module, the docs and the README for the word store/stores (and the identifiers
 * {@code southStore}, {@code STORES_…}) used for holdings. The other meanings stay allowed, each by a precise
 * pattern: a store call with more than one argument ({@code TranspositionTable.store}, the ratings' row store),
 * the server's database layer (package {@code mancala.server.store}, a field of a {@code …Store} type, "store
 * transaction", "the store failed"), the verb with an object or after a modal ("stores a search result", "to
 * store"), the HTTP header {@code no-store}, and the statement that there are "no stores".
 */
class HoldingsWordTest {
    private static final List<Pattern> ALLOW = Stream.of(
            "\\bmancala\\.server\\.store\\b",
            "\\bstore\\((?=[^()]*,)",
            "\\b\\w*Store store\\b",
            "\\bthis\\.store = new \\w*Store\\(",
            "\\bstore\\.(?!length\\b)[a-z]\\w*\\(",
            "(?i)\\bstores? (?:a|an|the|its|it|them|this|that|nothing|each|every)\\b",
            "(?i)\\b(?:to|can|cannot|never|then|will|must|may|should|would|could) stores?\\b",
            "(?i)\\bstore (?:transaction|call|fails|failed|cannot|without)\\b",
            "(?i)\\b(?:other|for|so) stores\\b",
            "\\bno-store\\b",
            "(?i)\\bno stores?\\b").map(Pattern::compile).toList();

    private static final Pattern WORD =
            Pattern.compile("(?i)\\bstores?\\b|\\b(?:south|north)Stores?\\b|\\bSTORES?_");

    private static final List<String> EXTENSIONS = List.of(".java", ".js", ".html", ".json", ".css", ".md");

    /** @return the uses of the word in {@code line} that no allowed pattern covers, as their start columns (0-based) */
    static List<Integer> holdingsUses(String line) {
        List<int[]> allowed = new ArrayList<>();
        for (Pattern p : ALLOW) {
            Matcher m = p.matcher(line);
            while (m.find()) {
                allowed.add(new int[] {m.start(), m.end()});
            }
        }
        List<Integer> uses = new ArrayList<>();
        Matcher m = WORD.matcher(line);
        while (m.find()) {
            int s = m.start();
            int e = m.end();
            if (allowed.stream().noneMatch(a -> a[0] <= s && e <= a[1])) {
                uses.add(s);
            }
        }
        return uses;
    }

    @Test
    void theCheckFindsHoldingsCalledStoresAndAllowsTheOtherMeanings() {
        assertThat(holdingsUses("int s = b.store(Side.SOUTH) + p.store(0);")).containsExactly(10, 32);
        assertThat(holdingsUses("b.store[mover] += taken;")).containsExactly(2);
        assertThat(holdingsUses("m.put(\"stores\", held);")).containsExactly(7);
        assertThat(holdingsUses("int southStore = 0; // the growth of his store")).containsExactly(4, 41);
        assertThat(holdingsUses("h ^= STORES[b.holdings[0] & 255]; const STORE_W = 1;")).containsExactly(5, 40);
        assertThat(holdingsUses("el.querySelector(\".store-count\") // since the last change of the stores"))
                .containsExactly(19, 65);

        assertThat(holdingsUses("tt.store(key, bestMove, depth, bound, Score.toTable(best, ply));")).isEmpty();
        assertThat(holdingsUses("public void store(long key, int move, int depth, int bound, int score) {")).isEmpty();
        assertThat(holdingsUses("/** Stores a search result; the change to store */")).isEmpty();
        assertThat(holdingsUses("import mancala.server.store.GameStore; private final GameStore store;")).isEmpty();
        assertThat(holdingsUses("store.insert(h, row); // one store transaction, or the store failed")).isEmpty();
        assertThat(holdingsUses("res.setHeader(\"Cache-Control\", \"no-store\"); // there are no stores")).isEmpty();
        assertThat(holdingsUses("the restored and stored positions; a GameStore")).isEmpty();
        assertThat(holdingsUses("and stores each position's exact value")).isEmpty();
    }

    @Test
    void noSourceCallsHoldingsStores() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        while (root != null && !Files.isDirectory(root.resolve("mancala-rules"))) {
            root = root.getParent();
        }
        assertThat(root).as("the project root above " + Path.of("").toAbsolutePath()).isNotNull();
        List<Path> tops = new ArrayList<>();
        try (Stream<Path> children = Files.list(root)) {
            children.filter(d -> Files.isDirectory(d.resolve("src/main"))).map(d -> d.resolve("src/main"))
                    .forEach(tops::add);
        }
        assertThat(tops).as("modules' main sources").hasSizeGreaterThanOrEqualTo(3);
        tops.add(root.resolve("docs"));
        tops.add(root.resolve("README.md"));

        List<String> found = new ArrayList<>();
        int files = 0;
        for (Path top : tops) {
            if (!Files.exists(top)) {
                continue;
            }
            List<Path> sources;
            try (Stream<Path> walk = Files.walk(top)) {
                sources = walk.filter(Files::isRegularFile)
                        .filter(f -> EXTENSIONS.stream().anyMatch(x -> f.getFileName().toString().endsWith(x)))
                        .sorted().toList();
            }
            for (Path f : sources) {
                files++;
                List<String> lines;
                try {
                    lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + f, e);
                }
                for (int i = 0; i < lines.size(); i++) {
                    for (int col : holdingsUses(lines.get(i))) {
                        found.add(root.relativize(f) + ":" + (i + 1) + ":" + (col + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertThat(files).as("source files scanned").isGreaterThan(100);
        assertThat(found).as("'store' for a player's holdings (call them holdings)").isEmpty();
    }
}
