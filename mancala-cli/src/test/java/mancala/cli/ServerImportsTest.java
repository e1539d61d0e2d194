package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The command line is a client of the rules and the engine; only {@code mancala serve} starts the web server, so
 * {@link ServeCommand} is the one main source of this module that may name a {@code mancala.server} type (in an
 * import or as a qualified name). Puzzles, analysis and the rest come from the engine.
 */
class ServerImportsTest {
    /** An import of, or a qualified name in, the server's packages. */
    static final Pattern SERVER = Pattern.compile("\\bmancala\\.server\\.");

    /** @return whether the source names the server outside comments and string literals */
    static boolean usesServer(String source) {
        String code = source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "")
                .replaceAll("\"(?:[^\"\\\\\n]|\\\\.)*\"", "\"\"");
        return SERVER.matcher(code).find();
    }

    @Test
    void theFinderSeesImportsAndQualifiedNamesButNotComments() {
        assertThat(usesServer("package mancala.cli;\nimport mancala.server.MancalaServer;\n")).isTrue();
        assertThat(usesServer("class A { Object o = new mancala.server.learn.Annotator(); }")).isTrue();
        assertThat(usesServer("/** see mancala.server.learn */ class A { String s = \"mancala.server.x\"; }"))
                .isFalse();
        assertThat(usesServer("import mancala.engine.puzzle.PuzzleCatalog; // not mancala.server.learn")).isFalse();
    }

    @Test
    void onlyTheServeCommandImportsTheServer() throws IOException {
        Path sources = Path.of("src", "main", "java");
        List<Path> files;
        try (Stream<Path> s = Files.walk(sources)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(files).as("CLI main sources under " + sources.toAbsolutePath()).hasSizeGreaterThan(20);
        List<String> users = new ArrayList<>();
        for (Path f : files) {
            if (usesServer(Files.readString(f))) {
                users.add(sources.relativize(f).toString().replace('\\', '/'));
            }
        }
        assertThat(users).as("CLI sources using mancala.server").containsExactly("mancala/cli/ServeCommand.java");
    }
}
