package mancala.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of {@code README.md} and of the Markdown files under {@code docs/} resolves: the file or folder
 * exists, and a {@code #fragment} into a Markdown file names one of its headings (GitHub's anchors: lower case,
 * punctuation dropped, spaces as hyphens, a repeated heading numbered {@code -1}, {@code -2}…). Links in code spans
 * and fenced blocks are not links; absolute URLs ({@code https:}, {@code mailto:}) are not checked.
 */
class LinksTest {
    /** An inline link or image: {@code [text](target "title")}. */
    private static final Pattern INLINE = Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** A reference definition: {@code [label]: target}. */
    private static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    /** @return the link targets of a Markdown text, with their 1-based line numbers, code left out */
    static List<String[]> links(String markdown) {
        List<String[]> out = new ArrayList<>();
        boolean fenced = false;
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.strip().startsWith("```") || line.strip().startsWith("~~~")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            String text = line.replaceAll("`[^`]*`", "``");
            Matcher m = INLINE.matcher(text);
            while (m.find()) {
                out.add(new String[] {m.group(1), String.valueOf(i + 1)});
            }
            Matcher r = REFERENCE.matcher(text);
            if (r.matches()) {
                out.add(new String[] {r.group(1), String.valueOf(i + 1)});
            }
        }
        return out;
    }

    /** @return the anchors GitHub gives the headings of a Markdown text */
    static Set<String> anchors(String markdown) {
        Set<String> out = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.strip().startsWith("```") || line.strip().startsWith("~~~")) {
                fenced = !fenced;
                continue;
            }
            Matcher h = HEADING.matcher(line);
            if (fenced || !h.matches()) {
                continue;
            }
            String slug = h.group(1).replaceAll("`", "").replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                    .toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\s_-]", "").replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            out.add(n == 0 ? slug : slug + "-" + n);
        }
        return out;
    }

    @Test
    void theCheckReadsLinksAndAnchorsAsGitHubDoes() {
        String md = "# 5. Game records\n\nSee [rules](docs/rules.md#5-game-records) and ![b](img/b.png \"B\").\n"
                + "`[not](a-link.md)`\n```\n[nor](this.md)\n```\n[ref]: ../other.md\n## Game records\n"
                + "## `--progress`, bar & lines\n";
        assertThat(links(md)).extracting(l -> l[0] + "@" + l[1])
                .containsExactly("docs/rules.md#5-game-records@3", "img/b.png@3", "../other.md@8");
        assertThat(anchors(md)).containsExactly("5-game-records", "game-records", "--progress-bar--lines");
    }

    @Test
    void everyRelativeLinkOfTheReadmeAndTheDocsResolves() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        while (root != null && !Files.isRegularFile(root.resolve("README.md"))
                || root != null && !Files.isDirectory(root.resolve("docs"))) {
            root = root.getParent();
        }
        assertThat(root).as("the project root above " + Path.of("").toAbsolutePath()).isNotNull();
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        try (Stream<Path> walk = Files.walk(root.resolve("docs"))) {
            walk.filter(f -> f.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            for (String[] link : links(Files.readString(page))) {
                String target = link[0];
                if (SCHEME.matcher(target).find()) {
                    continue;
                }
                checked++;
                String where = root.relativize(page) + ":" + link[1] + ": " + target;
                int hash = target.indexOf('#');
                String file = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
                String fragment = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    broken.add(where + " (no such file)");
                } else if (fragment != null && !fragment.isEmpty() && resolved.toString().endsWith(".md")
                        && !anchors(read(resolved)).contains(fragment)) {
                    broken.add(where + " (no such heading)");
                }
            }
        }
        assertThat(checked).as("relative links checked").isGreaterThan(0);
        assertThat(broken).as("relative links that do not resolve").isEmpty();
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
