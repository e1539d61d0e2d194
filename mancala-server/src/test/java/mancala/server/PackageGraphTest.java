package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The server's packages depend one way: no package uses a package that uses it back, directly or through others
 * (a use is an import or a qualified name {@code mancala.server.PKG.Type} in the source). And no package is named
 * after a catch-all ({@code community}, {@code util}, {@code misc}, {@code common}).
 */
class PackageGraphTest {
    private static final Path MAIN = Path.of("src", "main", "java");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern USE = Pattern.compile("\\b(mancala\\.server(?:\\.[a-z][a-z0-9]*)*)\\.[A-Z]");

    /** @return each server package with the server packages its sources use. */
    static Map<String, Set<String>> graph(Path root) throws IOException {
        Map<String, Set<String>> g = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                Matcher pm = PACKAGE.matcher(text);
                if (!pm.find()) {
                    continue;
                }
                String pkg = pm.group(1);
                Set<String> uses = g.computeIfAbsent(pkg, k -> new TreeSet<>());
                Matcher um = USE.matcher(text);
                while (um.find()) {
                    if (!um.group(1).equals(pkg)) {
                        uses.add(um.group(1));
                    }
                }
            }
        }
        return g;
    }

    /** @return a cycle of packages (first repeated last), or an empty list when the graph has none. */
    static List<String> cycle(Map<String, Set<String>> g) {
        Map<String, Integer> state = new TreeMap<>();
        for (String start : g.keySet()) {
            Deque<String> path = new ArrayDeque<>();
            List<String> found = visit(g, start, state, path);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    private static List<String> visit(Map<String, Set<String>> g, String p, Map<String, Integer> state,
                                      Deque<String> path) {
        Integer s = state.get(p);
        if (s != null && s == 2) {
            return List.of();
        }
        if (s != null && s == 1) {
            List<String> c = new ArrayList<>();
            boolean in = false;
            for (String q : path) {
                in |= q.equals(p);
                if (in) {
                    c.add(q);
                }
            }
            c.add(p);
            return c;
        }
        state.put(p, 1);
        path.addLast(p);
        for (String q : g.getOrDefault(p, Set.of())) {
            List<String> c = visit(g, q, state, path);
            if (!c.isEmpty()) {
                return c;
            }
        }
        path.removeLast();
        state.put(p, 2);
        return List.of();
    }

    @Test
    void noServerPackageUsesAPackageThatUsesItBack() throws IOException {
        Map<String, Set<String>> g = graph(MAIN);
        assertThat(g).as("the scan finds the server's packages").containsKeys("mancala.server.game",
                "mancala.server.http", "mancala.server.store");
        assertThat(g.get("mancala.server.lobby")).as("the scan finds uses").contains("mancala.server.challenge");
        assertThat(cycle(g)).as("a cycle of packages").isEmpty();
    }

    @Test
    void theCycleFinderFindsACycle() {
        Map<String, Set<String>> g = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"),
                "d", Set.of("a")));
        assertThat(cycle(g)).containsExactly("a", "b", "c", "a");
        assertThat(cycle(Map.of("a", Set.of("b"), "b", Set.of()))).isEmpty();
    }

    @Test
    void noPackageIsACatchAll() throws IOException {
        for (String pkg : graph(MAIN).keySet()) {
            String last = pkg.substring(pkg.lastIndexOf('.') + 1);
            assertThat(Set.of("community", "util", "utils", "misc", "common", "helpers")).as(pkg)
                    .doesNotContain(last);
        }
    }
}
