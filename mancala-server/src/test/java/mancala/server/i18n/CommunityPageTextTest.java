package mancala.server.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The community pages hold no literal text either: every text, title and label comes from a bundle. */
class CommunityPageTextTest {
    static final List<String> PAGES = List.of("account.html", "player.html", "leaderboard.html", "tournaments.html",
            "tournament.html");

    @Test
    void everyTextOfTheCommunityPagesComesFromABundle() throws IOException {
        List<String> all = new ArrayList<>();
        for (String p : PAGES) {
            String html = PageTextTest.page(p);
            all.addAll(PageTextTest.problems(p, html));
            assertThat(html.indexOf("<script type=\"module\" src=\"/i18n.js\"></script>")).as(p)
                    .isPositive().isLessThan(html.indexOf("<script type=\"module\" src=\"/community.js\"></script>"));
        }
        assertThat(all).isEmpty();
    }

    /** Every key the community scripts name is in the English bundle (the others are checked complete). */
    @Test
    void everyKeyTheScriptsNameExists() throws IOException {
        java.util.Map<String, String> en = Messages.get().bundle("en");
        java.util.regex.Pattern key = java.util.regex.Pattern.compile(
                "t\\(\"((?:account|lobby|tournament|rating)\\.[a-z0-9.-]+[a-z0-9])\"");
        List<String> missing = new ArrayList<>();
        for (String js : List.of("community.js", "lobby.js", "clock.js", "account.js", "player.js", "leaderboard.js",
                "tournaments.js", "tournament.js")) {
            java.util.regex.Matcher m = key.matcher(PageTextTest.page(js));
            while (m.find()) {
                String k = m.group(1);
                if (!en.containsKey(k) && !en.containsKey(k + ".one")) {
                    missing.add(js + ": " + k);
                }
            }
        }
        assertThat(missing).isEmpty();
    }
}
