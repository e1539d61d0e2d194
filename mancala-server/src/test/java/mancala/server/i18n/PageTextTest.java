package mancala.server.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every text a page's HTML shows comes from a bundle: each text node (outside scripts) sits in an element marked
 * {@code data-i18n}, each {@code title}, {@code aria-label}, {@code placeholder} and {@code alt} is named in the
 * element's {@code data-i18n-attr}, every key named exists, and every page loads {@code /i18n.js} first. Texts a
 * script writes are checked in the browser (I18nBrowserTest). Symbols alone (◀, ·) are no words and may stay.
 */
class PageTextTest {
    /** Every page of the site: each .html file the server serves from the class path's /web. */
    static final List<String> PAGES = pages();

    static List<String> pages() {
        try {
            java.net.URL index = PageTextTest.class.getResource("/web/index.html");
            try (var files = java.nio.file.Files.list(java.nio.file.Path.of(index.toURI()).getParent())) {
                return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".html")).sorted().toList();
            }
        } catch (IOException | java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
    private static final Pattern TOKEN = Pattern.compile("<!--.*?-->|<![^>]*>|<(/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)",
            Pattern.DOTALL);
    private static final Pattern ATTR = Pattern.compile("([a-zA-Z0-9-]+)\\s*=\\s*(\"[^\"]*\"|'[^']*')");
    private static final Set<String> VOID = Set.of("meta", "link", "img", "input", "br", "hr", "source");
    private static final Set<String> TEXT_ATTRS = Set.of("title", "aria-label", "placeholder", "alt");
    private static final Pattern SYMBOLS_ONLY = Pattern.compile("[\\p{So}\\p{Sm}\\p{P}\\p{Z}\\s\\d]*");

    static String page(String name) throws IOException {
        try (InputStream in = PageTextTest.class.getResourceAsStream("/web/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    static Map<String, String> attrs(String raw) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        Matcher a = ATTR.matcher(raw);
        while (a.find()) {
            String v = a.group(2);
            m.put(a.group(1).toLowerCase(java.util.Locale.ROOT), v.substring(1, v.length() - 1));
        }
        return m;
    }

    /** The problems of one page: literal texts, attributes not from a bundle, unknown keys. */
    static List<String> problems(String name, String html) {
        List<String> out = new ArrayList<>();
        Map<String, String> en = Messages.get().bundle("en");
        Deque<String[]> open = new ArrayDeque<>(); // tag, data-i18n key or ""
        Matcher m = TOKEN.matcher(html);
        while (m.find()) {
            if (m.group(4) != null) {
                String text = m.group(4).replaceAll("&[a-z#0-9]+;", " ").strip();
                String[] parent = open.peek();
                if (text.isEmpty() || parent != null && (parent[0].equals("script") || parent[0].equals("style"))) {
                    continue;
                }
                boolean keyed = open.stream().anyMatch(e -> !e[1].isEmpty());
                if (!keyed && !SYMBOLS_ONLY.matcher(text).matches()) {
                    out.add(name + ": text not from a bundle: \"" + text + "\"");
                }
                continue;
            }
            if (m.group(2) == null) {
                continue;
            }
            String tag = m.group(2).toLowerCase(java.util.Locale.ROOT);
            if (!m.group(1).isEmpty()) {
                while (!open.isEmpty() && !open.pop()[0].equals(tag)) {
                    // an element left open (p, li) closes with its parent
                }
                continue;
            }
            Map<String, String> a = attrs(m.group(3));
            String key = a.getOrDefault("data-i18n", "");
            if (!key.isEmpty() && !en.containsKey(key)) {
                out.add(name + ": unknown key " + key);
            }
            Set<String> covered = new java.util.HashSet<>();
            for (String pair : a.getOrDefault("data-i18n-attr", "").split(";")) {
                int colon = pair.indexOf(':');
                if (colon > 0) {
                    covered.add(pair.substring(0, colon).strip());
                    String k = pair.substring(colon + 1).strip();
                    if (!en.containsKey(k)) {
                        out.add(name + ": unknown key " + k);
                    }
                }
            }
            for (String attr : TEXT_ATTRS) {
                if (a.containsKey(attr) && !a.get(attr).isBlank() && !covered.contains(attr)) {
                    out.add(name + ": <" + tag + " " + attr + "=\"" + a.get(attr) + "\"> not from a bundle");
                }
            }
            if (!VOID.contains(tag) && !m.group(3).endsWith("/")) {
                open.push(new String[] {tag, key});
            }
        }
        return out;
    }

    @Test
    void everyTextOfEveryPageComesFromABundle() throws IOException {
        List<String> all = new ArrayList<>();
        for (String p : PAGES) {
            all.addAll(problems(p, page(p)));
        }
        assertThat(all).isEmpty();
    }

    @Test
    void thePagesAreFound() {
        assertThat(PAGES).contains("index.html", "play.html", "analysis.html", "notfound.html");
    }

    @Test
    void everyPageLoadsTheBundleScriptFirst() throws IOException {
        for (String p : PAGES) {
            String html = page(p);
            int i18n = html.indexOf("<script type=\"module\" src=\"/i18n.js\"></script>");
            assertThat(i18n).as(p).isPositive();
            assertThat(html.indexOf("<script")).as(p + ": i18n.js is the first script").isEqualTo(i18n);
            assertThat(html).as(p).contains("<title data-i18n=");
        }
    }

    @Test
    void theCheckFindsLiteralTexts() {
        assertThat(problems("t", "<p>Hello <b data-i18n=\"common.loading\"></b></p>")).hasSize(1);
        assertThat(problems("t", "<button title=\"Undo\">◀</button>")).hasSize(1);
        assertThat(problems("t", "<button data-i18n-attr=\"title:common.loading\" title=\"x\">◀</button>")).isEmpty();
        assertThat(problems("t", "<span data-i18n=\"no.such\"></span>")).hasSize(1);
    }
}
