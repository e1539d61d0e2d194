package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mancala.engine.data.DataDir;
import mancala.engine.tablebase.Builder;
import mancala.engine.progress.Progress;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import mancala.server.i18n.Messages;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * The endgame tables' verdict on the pages, in chromium: the analysis board's tables panel (the position's value and
 * each move's, best first) and the game analysis's judgement of a ply the tables fault, in every language, with no
 * text outside the bundles and axe clean in English and Arabic. The positions and their hand-worked values are
 * those of {@link TablebaseWebTest}. Skipped without chromium, except under {@code CI=true}.
 */
@Tag("browser")
@ExtendWith(Services.NeedsChromium.class)
class TablebaseBrowserTest {
    @TempDir
    static Path dir;
    static MancalaServer server;
    static TestClient api;
    static WebDriver browser;
    static String oldTables;

    @BeforeAll
    static void start() throws IOException {
        Services.requireChromium();
        Path tables = dir.resolve("tables");
        new Builder(Rules.of(OptionsNotation.parse(GameKind.HAWALIS, "")), 2, 1, tables, Progress.NONE, s -> { })
                .build();
        new Builder(Rules.of(OptionsNotation.parse(GameKind.RIO_KADALIS, "")), 4, 1, tables, Progress.NONE,
                s -> { }).build();
        oldTables = System.getProperty(DataDir.TABLEBASES_PROPERTY);
        System.setProperty(DataDir.TABLEBASES_PROPERTY, tables.toString());
        server = MancalaServer.start("127.0.0.1", 0, mancala.server.store.Database.h2FileUrl(dir.resolve("db")), null,
                null, 0);
        api = new TestClient(server.port());
        BrowserTest.api = api;
        BrowserTest.dir = dir;
        BrowserTest.downloads = Files.createDirectories(dir.resolve("downloads"));
        I18nBrowserTest.api = api;
        try (java.io.InputStream in = TablebaseBrowserTest.class.getResourceAsStream("/axe/axe.min.js")) {
            I18nBrowserTest.axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        browser = BrowserTest.chromium("tables");
        Files.createDirectories(BrowserTest.SHOTS);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
        if (oldTables == null) {
            System.clearProperty(DataDir.TABLEBASES_PROPERTY);
        } else {
            System.setProperty(DataDir.TABLEBASES_PROPERTY, oldTables);
        }
    }

    static String en(String key, Map<String, Object> args) {
        return Messages.get().text("en", key, args);
    }

    static Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    @Test
    void theAnalysisBoardShowsTheTablesPanelInEveryLanguage() throws IOException {
        I18nBrowserTest.Page board = new I18nBrowserTest.Page("tables-board", "/analysis.html?position="
                + java.net.URLEncoder.encode(TablebaseWebTest.RIO, StandardCharsets.UTF_8),
                "!document.getElementById('ab-tables').hidden"
                + " && document.querySelectorAll('#ab-table-body tr').length === 2");
        List<String> problems = new ArrayList<>();
        for (String lang : I18nBrowserTest.LANGS) {
            I18nBrowserTest.language(browser, lang);
            I18nBrowserTest.open(browser, board);
            I18nBrowserTest.foreignTexts(browser, List.of()).forEach(t -> problems.add(lang + ": " + t));
            if (lang.equals("en") || lang.equals("ar")) {
                I18nBrowserTest.axeProblems(browser).forEach(v -> problems.add(lang + ": " + v));
                BrowserTest.shoot(browser, "tables-board-" + lang);
            }
            if (lang.equals("en")) {
                String win = en("analysis.table.round.win", Map.of("seeds", "4", "count", 4));
                assertThat(browser.findElement(By.id("ab-tables-title")).getText()).isEqualTo("Endgame tables");
                // e's binikh takes the four at once: the next capture is 1 ply away.
                assertThat(browser.findElement(By.id("ab-table-value")).getText()).isEqualTo("South to move: win, "
                        + "securing 4 of the 4 seeds on the board; next capture or the round's end in 1 ply.")
                        .isEqualTo(en("analysis.table.value", Map.of("side", "South", "value",
                                en("analysis.table.capture", Map.of("value", win, "count", 1)))));
                @SuppressWarnings("unchecked")
                List<String> rows = (List<String>) js("return [...document.querySelectorAll('#ab-table-body tr')]"
                        + ".map(r => r.innerText.replace(/\\s+/g, ' ').trim())");
                assertThat(rows).hasSize(2);
                assertThat(rows.get(0)).isEqualTo("e win, securing 4 of the 4 seeds on the board; next capture or "
                        + "the round's end in 1 ply");
                assertThat(rows.get(1)).startsWith("f loss, securing 0 of the 4 seeds on the board");
                // A move of the panel plays it: after e the round is over, and the panel goes.
                browser.findElement(By.cssSelector("#ab-table-body button")).click();
                BrowserTest.waiting(browser).until(d -> Boolean.TRUE.equals(js(
                        "return document.getElementById('ab-tables').hidden")));
            }
        }
        I18nBrowserTest.language(browser, "en");
        // The start of a round is far beyond these tables: the panel says so.
        browser.get(I18nBrowserTest.url("/analysis.html?position=" + java.net.URLEncoder.encode(
                "rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S", StandardCharsets.UTF_8)));
        BrowserTest.waiting(browser).until(d -> Boolean.TRUE.equals(js(
                "return !document.getElementById('ab-tables').hidden")));
        assertThat(browser.findElement(By.id("ab-table-value")).getText()).isEqualTo(
                "Not in the endgame tables (they hold the positions with up to 4 seeds on the board).");
        assertThat(problems).isEmpty();
    }

    @Test
    void theGameAnalysisSaysWhatAMoveTheTablesFaultThrewAway() throws IOException {
        String record = "[Game \"hawalis\"]\n[Setup \"" + TablebaseWebTest.HAWALIS + "\"]\n[Result \"0-1\"]\n\n"
                + "1. f M (+2) 0-1\n";
        TestClient.Reply r = api.post("/api/records/analyse",
                TestClient.JSON.createObjectNode().put("text", record).toString());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        I18nBrowserTest.Page page = new I18nBrowserTest.Page("tables-game", "/analysis.html?import=1",
                "document.querySelectorAll('#moves .table-fault').length === 1");
        List<String> problems = new ArrayList<>();
        for (String lang : I18nBrowserTest.LANGS) {
            I18nBrowserTest.language(browser, lang);
            js("sessionStorage.setItem('mancala-import', arguments[0])", r.body());
            I18nBrowserTest.open(browser, page);
            I18nBrowserTest.foreignTexts(browser, List.of()).forEach(t -> problems.add(lang + ": " + t));
            if (lang.equals("en") || lang.equals("ar")) {
                I18nBrowserTest.axeProblems(browser).forEach(v -> problems.add(lang + ": " + v));
                BrowserTest.shoot(browser, "tables-game-" + lang);
            }
            if (lang.equals("en")) {
                // The page opens on the last ply: North's M, his win in 1, kept.
                assertThat(browser.findElement(By.id("status")).getText())
                        .endsWith("Tables, for North: win in 1 ply; this move keeps it.");
                assertThat(browser.findElement(By.id("table-legend")).isDisplayed()).isTrue();
                assertThat(browser.findElement(By.cssSelector("#moves .table-fault")).getText())
                        .isEqualTo("tables: the win thrown away");
                js("document.querySelector('#moves [data-at=\"1\"]').click()");
                assertThat(browser.findElement(By.id("status")).getText())
                        .endsWith("Tables, for South: win in 1 ply; after this move: loss in 2 plies.");
            }
        }
        I18nBrowserTest.language(browser, "en");
        assertThat(problems).isEmpty();
    }
}
