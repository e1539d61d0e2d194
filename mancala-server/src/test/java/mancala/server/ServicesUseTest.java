package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every test class that checks for PostgreSQL or chromium once per class, in a {@code @BeforeAll}, carries the
 * {@link Services.NeedsPostgres} or {@link Services.NeedsChromium} extension: without it, a missing service makes
 * Maven report the class as "Tests run: 0" instead of counting its tests as skipped.
 */
class ServicesUseTest {
    @Test
    void aServiceCheckedInBeforeAllComesWithItsExtension() throws IOException {
        List<String> missing = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src", "test", "java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                for (String service : List.of("Postgres", "Chromium")) {
                    if (beforeAllCalls(text, "Services.require" + service + "()")
                            && !text.contains("@ExtendWith(Services.Needs" + service + ".class)")) {
                        missing.add(f.getFileName() + " needs @ExtendWith(Services.Needs" + service + ".class)");
                    }
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    /** @return true when the body of a method annotated {@code @BeforeAll} in {@code text} holds {@code call}. */
    private static boolean beforeAllCalls(String text, String call) {
        for (int at = text.indexOf("@BeforeAll"); at >= 0; at = text.indexOf("@BeforeAll", at + 1)) {
            int open = text.indexOf('{', at);
            int depth = 0;
            int end = open;
            for (int i = open; i < text.length(); i++) {
                char c = text.charAt(i);
                depth += c == '{' ? 1 : c == '}' ? -1 : 0;
                if (depth == 0) {
                    end = i;
                    break;
                }
            }
            if (open >= 0 && text.substring(open, end).contains(call)) {
                return true;
            }
        }
        return false;
    }
}
