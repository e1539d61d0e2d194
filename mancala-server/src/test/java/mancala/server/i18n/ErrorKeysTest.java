package mancala.server.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
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
 * Every error code the server's main sources can send has its text {@code errors.CODE} in every language, and
 * that text uses only placeholders every throw site fills ({@code {detail}}, the server's own message, always).
 *
 * <p>The codes are read from the sources: the first argument of each {@code new DomainError(Kind.…, …)},
 * and code-taking factory ({@code invalid}, {@code forbidden},
 * {@code conflict}, {@code unprocessable}, {@code tooMany}, {@code unavailable}); the fixed codes of the other
 * factories ({@code badRequest}, {@code unknownGame}, {@code tooLarge}); error
 * bodies written by hand ({@code "error", "CODE"}); and the codes of Jetty's own error pages. A code passed as
 * anything but a literal fails the test, so that no code escapes the scan.
 */
class ErrorKeysTest {
    private static final String CODE = "[a-z][a-z0-9]*(?:-[a-z0-9]+)*";
    /** A construction or factory call whose first argument after the kind or status is the code. */
    private static final Pattern WITH_CODE = Pattern.compile(
            "(new\\s+(?:mancala\\.server\\.error\\.)?DomainError\\s*\\(\\s*(?:(?:mancala\\.server\\.error\\.)?"
                    + "DomainError\\.)?Kind\\.\\w+\\s*,"
                    + "|(?<![\\w.])(?:DomainError\\.)?(?<factory>invalid|forbidden|conflict"
                    + "|unprocessable|tooMany|unavailable)\\s*\\()\\s*(?<arg>\"[^\"]*\"|[\\w.]+(?:\\s+\\w+)?)");
    /** Factories whose code is fixed. */
    private static final Map<Pattern, String> FIXED = Map.of(
            Pattern.compile("(?<![\\w])(?:DomainError\\.)?badRequest\\s*\\((?!\\s*String\\b)"),
            "bad-request",
            Pattern.compile("(?<![\\w])(?:DomainError\\.)?unknownGame\\s*\\((?!\\s*String\\b)"), "unknown-game",
            Pattern.compile("(?<![\\w])(?:HttpErrors\\.)?tooLarge\\s*\\(\\s*\\)"), "too-large");
    /** An error body written without an exception. */
    private static final Pattern BODY = Pattern.compile("\"error\"\\s*,\\s*\"(" + CODE + ")\"");
    /** The codes of a Jetty error handler's switch. */
    private static final Pattern JETTY_CASE = Pattern.compile("case\\s+\\d+\\s*->\\s*\"(" + CODE + ")\"");
    private static final Pattern ARG_NAME = Pattern.compile("\"(\\w+)\"\\s*,");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_]+)}");

    /** One place a code is sent from, with the argument names it passes. */
    record Site(String where, Set<String> args) {
    }

    static Path mainSources() {
        for (Path p : List.of(Path.of("src/main/java"), Path.of("mancala-server/src/main/java"))) {
            if (Files.isDirectory(p.resolve("mancala/server"))) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the server's main sources from " + Path.of("").toAbsolutePath());
    }

    /** @return each code sent by the sources under {@code root}, with its sites; problems of the scan added. */
    static Map<String, List<Site>> scan(Path root, List<String> problems) {
        Map<String, List<Site>> codes = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Path file : files) {
            String src;
            try {
                src = withoutComments(Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String name = root.relativize(file).toString();
            boolean factories = name.endsWith("error/DomainError.java");
            Matcher m = WITH_CODE.matcher(src);
            while (m.find()) {
                String where = name + ":" + line(src, m.start());
                String arg = m.group("arg");
                String factory = m.group("factory");
                if (arg.startsWith("\"")) {
                    String code = arg.substring(1, arg.length() - 1);
                    if (!code.matches(CODE)) {
                        problems.add(where + ": '" + code + "' is not an error code (the scan misread a call)");
                        continue;
                    }
                    add(codes, code, where, src, m.start());
                } else if (arg.matches("[A-Z][\\w.]*\\s+\\w+")) {
                    continue; // a declaration: (String code, …) or (Context ctx, …)
                } else if (factories && arg.equals("code")) {
                    continue; // a factory forwarding its caller's code: the callers are scanned
                } else if (factory != null && m.start() == startOfUnqualified(src, m.start(), factory)
                        && Pattern.compile("\\b(?:static\\s+)?\\w+\\s+" + factory + "\\s*\\(\\s*[A-Z]\\w*\\s+\\w+")
                        .matcher(src).find()) {
                    continue; // the file's own helper of that name: its body is scanned
                } else {
                    problems.add(where + ": the error code is not a literal (" + arg + "); write it as one");
                }
            }
            for (Map.Entry<Pattern, String> f : FIXED.entrySet()) {
                Matcher fm = f.getKey().matcher(src);
                while (fm.find()) {
                    add(codes, f.getValue(), name + ":" + line(src, fm.start()), src, fm.start());
                }
            }
            Matcher bm = BODY.matcher(src);
            while (bm.find()) {
                add(codes, bm.group(1), name + ":" + line(src, bm.start()), src, bm.start());
            }
            if (src.contains("extends ErrorHandler")) {
                Matcher jm = JETTY_CASE.matcher(src);
                while (jm.find()) {
                    add(codes, jm.group(1), name + ":" + line(src, jm.start()), src, jm.start());
                }
            }
        }
        return codes;
    }

    /** @return {@code at} when the call there is unqualified (no {@code X.} before it), else -1. */
    private static int startOfUnqualified(String src, int at, String factory) {
        return src.startsWith(factory, at) ? at : -1;
    }

    private static void add(Map<String, List<Site>> codes, String code, String where, String src, int at) {
        String statement = src.substring(at, statementEnd(src, at));
        Set<String> args = new TreeSet<>();
        Matcher maps = Pattern.compile("(?:Map\\.of|args)\\s*\\(").matcher(statement);
        if (maps.find()) {
            Matcher a = ARG_NAME.matcher(statement.substring(maps.start()));
            while (a.find()) {
                args.add(a.group(1));
            }
        }
        codes.computeIfAbsent(code, k -> new ArrayList<>()).add(new Site(where, args));
    }

    /** @return {@code src} with its comments blanked (line breaks kept), string and char literals kept. */
    static String withoutComments(String src) {
        StringBuilder out = new StringBuilder(src);
        int i = 0;
        while (i < src.length()) {
            char c = src.charAt(i);
            if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                i = end < 0 ? src.length() : end + 3;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < src.length() && src.charAt(i) != c) {
                    i += src.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
            } else if (src.startsWith("//", i)) {
                while (i < src.length() && src.charAt(i) != '\n') {
                    out.setCharAt(i++, ' ');
                }
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                end = end < 0 ? src.length() : end + 2;
                for (; i < end; i++) {
                    if (src.charAt(i) != '\n') {
                        out.setCharAt(i, ' ');
                    }
                }
            } else {
                i++;
            }
        }
        return out.toString();
    }

    /** @return the index of the {@code ;} ending the statement at {@code at}, string literals skipped. */
    private static int statementEnd(String src, int at) {
        boolean inString = false;
        for (int i = at; i < src.length(); i++) {
            char c = src.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == ';') {
                return i;
            }
        }
        return src.length();
    }

    private static int line(String src, int at) {
        int n = 1;
        for (int i = 0; i < at; i++) {
            if (src.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    @Test
    void theScanFindsTheServersErrorCodes() {
        List<String> problems = new ArrayList<>();
        Map<String, List<Site>> codes = scan(mainSources(), problems);
        assertThat(problems).isEmpty();
        // Codes from each way of sending one: factories with a code, fixed factories, a construction with a kind,
        // a local helper's body, a body written by hand, Jetty's error pages.
        assertThat(codes).containsKeys("rate-limited", "computer-busy", "bad-origin", "slow-body", "not-json",
                "bad-request", "unknown-game", "too-large", "not-your-seat", "unknown-tournament", "bad-username",
                "unknown-language", "internal", "timeout", "uri-too-long", "illegal-move", "wrong-invitation");
        assertThat(codes.get("slow-body").get(0).args()).containsExactly("seconds");
        assertThat(codes.get("too-many-seeds").get(0).args()).contains("seeds", "most");
    }

    @Test
    void everyCodeHasItsTextInEveryLanguageWithPlaceholdersItsSitesFill() {
        List<String> problems = new ArrayList<>();
        Map<String, List<Site>> codes = scan(mainSources(), problems);
        Messages messages = Messages.get();
        for (Map.Entry<String, List<Site>> e : codes.entrySet()) {
            String key = "errors." + e.getKey();
            Set<String> filled = null;
            for (Site s : e.getValue()) {
                if (filled == null) {
                    filled = new HashSet<>(s.args());
                } else {
                    filled.retainAll(s.args());
                }
            }
            filled.add("detail");
            for (String lang : Messages.LANGUAGES) {
                String text = messages.area("errors", lang).get(key);
                if (text == null) {
                    problems.add("errors_" + lang + ": missing " + key + " (sent from " + e.getValue().get(0).where()
                            + ")");
                    continue;
                }
                Matcher p = PLACEHOLDER.matcher(text);
                while (p.find()) {
                    if (!filled.contains(p.group(1))) {
                        problems.add("errors_" + lang + ": " + key + " uses {" + p.group(1) + "}, which not every "
                                + "site fills; sites fill " + new TreeSet<>(filled) + " (" + e.getValue() + ")");
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
    }
}
