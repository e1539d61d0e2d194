package mancala.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
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
 * Dependencies between packages run one way: no package of any module's main sources reaches itself again through
 * the packages it uses. A use is an import or a qualified name ({@code mancala.engine.mcts.MctsPlayer}) outside
 * comments and string literals. Maven already keeps the modules acyclic; this test does the same for packages,
 * across all modules of the parent {@code pom.xml}.
 */
class PackageCyclesTest {
    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    /** A qualified name of ours: lower-case segments (the package), then a type's upper-case initial. */
    private static final Pattern QUALIFIED = Pattern.compile("\\bmancala((?:\\.[a-z_][a-z0-9_]*)*)\\.[A-Z]");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    /**
     * Cycles wholly inside these package trees are not reported (none: the server's domain throws domain errors,
     * mapped to HTTP by server.api, so server.play and server.api no longer use each other); a cycle reaching
     * outside these trees is always reported.
     */
    private static final Set<String> BEING_SPLIT = Set.of();

    @Test
    void noPackageCycleInAnyModule() throws IOException {
        Path root = projectRoot();
        Map<String, Map<String, Set<String>>> uses = new TreeMap<>();
        String pom = Files.readString(root.resolve("pom.xml"));
        Matcher modules = MODULE.matcher(pom);
        int scanned = 0;
        while (modules.find()) {
            Path sources = root.resolve(modules.group(1).trim()).resolve("src/main/java");
            if (Files.isDirectory(sources)) {
                scanned += scan(sources, uses);
            }
        }
        assertThat(scanned).as("Java files scanned under " + root).isGreaterThan(50);
        assertThat(uses).containsKeys("mancala.rules", "mancala.engine", "mancala.engine.search");
        List<String> cycles = cycles(uses).stream().filter(c -> !withinBeingSplit(c)).toList();
        assertThat(cycles).as("package cycles (package -> packages it uses, with the files that use them)")
                .isEmpty();
    }

    private static boolean withinBeingSplit(String cycle) {
        String members = cycle.substring(cycle.indexOf('[') + 1, cycle.indexOf(']'));
        for (String pkg : members.split(", ")) {
            if (BEING_SPLIT.stream().noneMatch(t -> pkg.equals(t) || pkg.startsWith(t + "."))) {
                return false;
            }
        }
        return true;
    }

    /** The finder itself must see a cycle, or the test above could never fail. */
    @Test
    void theFinderReportsACycleAndItsFiles() {
        Map<String, Map<String, Set<String>>> uses = new TreeMap<>();
        uses.computeIfAbsent("a", k -> new TreeMap<>()).put("b", new TreeSet<>(Set.of("A.java")));
        uses.computeIfAbsent("b", k -> new TreeMap<>()).put("c", new TreeSet<>(Set.of("B.java")));
        uses.computeIfAbsent("c", k -> new TreeMap<>()).put("a", new TreeSet<>(Set.of("C.java")));
        uses.computeIfAbsent("d", k -> new TreeMap<>()).put("a", new TreeSet<>(Set.of("D.java")));
        List<String> found = cycles(uses);
        assertThat(found).hasSize(1);
        assertThat(found.get(0)).contains("a -> b (A.java)", "b -> c (B.java)", "c -> a (C.java)").doesNotContain("d");
        uses.get("c").clear();
        assertThat(cycles(uses)).isEmpty();
    }

    @Test
    void commentsAndStringsAreNotUses() {
        String source = "package mancala.x;\n// mancala.y.Foo\n/* mancala.z.Bar */\nclass A { String s = \"mancala.w.Baz\";"
                + " mancala.v.Qux q; }\n";
        assertThat(usedPackages(stripped(source))).containsExactly("mancala.v");
    }

    private static Path projectRoot() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            Path pom = d.resolve("pom.xml");
            try {
                if (Files.isRegularFile(pom) && Files.readString(pom).contains("<modules>")) {
                    return d;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("no parent pom.xml with <modules> above " + dir);
    }

    private static int scan(Path sources, Map<String, Map<String, Set<String>>> uses) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(sources)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path f : files) {
            String text = stripped(Files.readString(f));
            Matcher m = PACKAGE.matcher(text);
            if (!m.find()) {
                continue;
            }
            String pkg = m.group(1);
            Map<String, Set<String>> out = uses.computeIfAbsent(pkg, k -> new TreeMap<>());
            for (String used : usedPackages(text)) {
                if (!used.equals(pkg)) {
                    out.computeIfAbsent(used, k -> new TreeSet<>()).add(f.getFileName().toString());
                }
            }
        }
        return files.size();
    }

    private static Set<String> usedPackages(String strippedSource) {
        Set<String> out = new TreeSet<>();
        Matcher q = QUALIFIED.matcher(strippedSource);
        while (q.find()) {
            if (q.start() > 0 && strippedSource.charAt(q.start() - 1) == '.') {
                continue; // part of a longer name, not ours
            }
            out.add("mancala" + q.group(1));
        }
        String own = declared(strippedSource);
        out.remove(own);
        return out;
    }

    private static String declared(String text) {
        Matcher m = PACKAGE.matcher(text);
        return m.find() ? m.group(1) : "";
    }

    /** The source without comments, string, text-block and character literals (replaced by spaces). */
    static String stripped(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                i = end < 0 ? n : end + 3;
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && s.charAt(j) != c && s.charAt(j) != '\n') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** @return each strongly connected set of two or more packages, as its edges with the files behind them. */
    static List<String> cycles(Map<String, Map<String, Set<String>>> uses) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> components = new ArrayList<>();
        int[] counter = {0};
        for (String v : uses.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, uses, index, low, stack, onStack, components, counter);
            }
        }
        List<String> out = new ArrayList<>();
        for (Set<String> comp : components) {
            if (comp.size() < 2) {
                continue;
            }
            StringBuilder sb = new StringBuilder("cycle among " + comp + ":");
            for (String from : comp) {
                for (Map.Entry<String, Set<String>> e : uses.getOrDefault(from, Map.of()).entrySet()) {
                    if (comp.contains(e.getKey())) {
                        sb.append("\n  ").append(from).append(" -> ").append(e.getKey()).append(" (")
                                .append(String.join(", ", e.getValue())).append(')');
                    }
                }
            }
            out.add(sb.toString());
        }
        return out;
    }

    /** Tarjan's strongly connected components. */
    private static void connect(String v, Map<String, Map<String, Set<String>>> uses, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                List<Set<String>> components, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]);
        counter[0]++;
        stack.push(v);
        onStack.add(v);
        for (String w : uses.getOrDefault(v, Map.of()).keySet()) {
            if (!uses.containsKey(w)) {
                continue; // not one of our packages with sources
            }
            if (!index.containsKey(w)) {
                connect(w, uses, index, low, stack, onStack, components, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> comp = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                comp.add(w);
            } while (!w.equals(v));
            components.add(comp);
        }
    }
}
