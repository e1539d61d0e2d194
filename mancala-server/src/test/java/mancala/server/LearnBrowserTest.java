package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import mancala.engine.puzzle.PuzzleJudge;
import mancala.notation.PositionNotation;
import mancala.rules.Position;
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
import org.openqa.selenium.WebElement;

/**
 * Lessons, puzzles and the analysis board in chromium: a lesson's wrong and right moves explained from the
 * bundles, Gering's Problem 1 solved by clicking pits, and the board's editor (an illegal position refused, a legal
 * one set up), moves, undo, a branch, the streamed evaluation, the share link opened again. Skipped without
 * chromium, except under {@code CI=true}.
 */
@Tag("browser")
@ExtendWith(Services.NeedsChromium.class)
class LearnBrowserTest {
    @TempDir
    static Path dir;
    static MancalaServer server;
    static TestClient api;
    static WebDriver browser;

    @BeforeAll
    static void start() throws IOException {
        Services.requireChromium();
        server = MancalaServer.start("127.0.0.1", 0, mancala.server.store.Database.h2FileUrl(dir.resolve("learn")), null, null, 0);
        api = new TestClient(server.port());
        BrowserTest.api = api;
        BrowserTest.dir = dir;
        BrowserTest.downloads = java.nio.file.Files.createDirectories(dir.resolve("downloads"));
        browser = BrowserTest.chromium("learn");
        java.nio.file.Files.createDirectories(BrowserTest.SHOTS);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    static String en(String key) {
        return Messages.get().text("en", key, java.util.Map.of());
    }

    static Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    static void click(String boardId, String letter) {
        BrowserTest.waiting(browser).until(d -> {
            WebElement pit = d.findElement(By.cssSelector("#" + boardId + " .pit[data-pit='" + letter + "']"));
            js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", pit);
            return true;
        });
    }

    static String text(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    static void waitText(String id, String expected) {
        BrowserTest.waiting(browser).until(d -> d.findElement(By.id(id)).getText().equals(expected));
    }

    @Test
    void aLessonExplainsTheWrongMoveAndGoesOnAfterTheRightOne() {
        browser.get(api.base() + "/learn.html");
        BrowserTest.waiting(browser).until(d -> d.findElements(By.cssSelector("[data-lesson]")).size() == 3);
        browser.findElement(By.cssSelector("[data-lesson='hawalis']")).click();
        waitText("task", en("learn.hawalis.sow.task"));
        click("board", "c");
        waitText("feedback", en("learn.hawalis.sow.wrong.c"));
        click("board", "f");
        waitText("feedback", en("learn.hawalis.sow.right"));
        browser.findElement(By.id("next")).click();
        waitText("task", en("learn.hawalis.relay.task"));
        // c holds a single seed while a and g hold two (H6): not playable, and said why.
        click("board", "c");
        waitText("feedback", en("learn.hawalis.relay.illegal.c"));
        click("board", "a");
        waitText("feedback", en("learn.hawalis.relay.right"));
        shoot("learn-hawalis-relay");
        // A closed pit after R8's refill.
        browser.get(api.base() + "/learn.html?lesson=rio-kadalis&step=4");
        waitText("task", en("learn.riokadalis.refill.task"));
        click("board", "b");
        waitText("feedback", en("learn.riokadalis.refill.illegal.closed"));
    }

    @Test
    void problem1IsSolvedThroughThePage() {
        browser.get(api.base() + "/puzzles.html");
        BrowserTest.waiting(browser).until(d -> !d.findElements(By.cssSelector("[data-puzzle]")).isEmpty());
        browser.findElement(By.cssSelector("[data-puzzle='gering-2008-problem-1']")).click();
        waitText("puzzle-task", en("puzzle.task.south"));
        Position q = PositionNotation.parse("hawalis 0,0,0,0,0,0,0,0,1,0,0,1,0,0 1,0,2,1,0,0,0,0,1,1,1,1,1,0 S");
        PuzzleJudge judge = new PuzzleJudge(20_000);
        // A move that lets the win go is refused first.
        List<Integer> winning = judge.winningMoves(q);
        int wrong = -1;
        for (int m : q.legalMoves()) {
            if (!winning.contains(m)) {
                wrong = m;
            }
        }
        String wrongLetter = q.rules().pitLetter(wrong);
        click("board", wrongLetter);
        // It lets the win go: a blunder on the engine's one scale of verdicts.
        waitText("feedback", Messages.get().text("en", "puzzle.wrong.blunder", java.util.Map.of("move", wrongLetter,
                "verdict", Messages.get().text("en", "analysis.verdict.blunder", java.util.Map.of()))));
        int plies = 0;
        while (!q.isOver()) {
            String m = q.rules().pitLetter(judge.winningMoves(q).get(0));
            int before = plies;
            click("board", m);
            BrowserTest.waiting(browser).until(d -> {
                String played = d.findElement(By.id("played")).getText();
                return played.split(" ").length > before + 3 || d.findElement(By.id("feedback")).getText()
                        .equals(en("puzzle.solved"));
            });
            q = q.play(LearnApiTest.pit(q, m));
            plies++;
            if (!q.isOver()) {
                String[] shown = text("played").split(" ");
                String reply = shown[shown.length - 1];
                q = q.play(LearnApiTest.pit(q, reply));
                plies++;
            }
            assertThat(plies).isLessThanOrEqualTo(41);
        }
        waitText("feedback", en("puzzle.solved"));
        BrowserTest.waiting(browser).until(d -> d.findElement(By.id("solution")).getText().startsWith("Solution: l"));
        shoot("puzzle-gering-2008-problem-1-solved");
    }

    @Test
    void theEditorRefusesIllegalPositionsPlaysUndoesBranchesAnalysesAndShares() throws Exception {
        String start = "rio-kadalis 1,0,1,1,0,0 2,0,1,0,3,0 S 20-19";
        browser.get(api.base() + "/analysis.html?position=" + java.net.URLEncoder.encode(start, StandardCharsets.UTF_8));
        BrowserTest.waiting(browser).until(d -> d.findElements(By.cssSelector("#ab-board .pit.legal")).size() == 3);
        // Set up an illegal position: refused, with the seed count in the message.
        browser.findElement(By.id("ab-edit")).click();
        WebElement notation = browser.findElement(By.id("ab-notation"));
        notation.clear();
        notation.sendKeys("rio-kadalis 9,9,9,9,9,9 4,4,4,4,4,4 S");
        browser.findElement(By.id("ab-apply")).click();
        waitText("ab-error", Messages.get().text("en", "editor.tooMany", java.util.Map.of("seeds", 78, "most", 48)));
        assertThat(browser.findElement(By.id("ab-editor")).isDisplayed()).isTrue();
        notation.clear();
        notation.sendKeys(start);
        browser.findElement(By.id("ab-apply")).click();
        BrowserTest.waiting(browser).until(d -> !d.findElement(By.id("ab-editor")).isDisplayed());
        assertThat(text("ab-error")).isEmpty();
        // Play c (relays into f), undo, then a and a branch d from the start.
        click("ab-board", "c");
        BrowserTest.waiting(browser).until(d -> d.findElements(By.cssSelector("#ab-tree [data-node]")).size() == 1);
        // The share link carries the line's start position and the moves from it (c relays: N to move next).
        assertThat(shared()).isEqualTo(start);
        assertThat(sharedMoves()).isEqualTo("c");
        browser.findElement(By.id("ab-undo")).click();
        BrowserTest.waiting(browser).until(d -> d.findElements(By.cssSelector("#ab-tree [data-node]")).isEmpty());
        assertThat(shared()).isEqualTo(start);
        assertThat(sharedMoves()).isNull();
        click("ab-board", "a");
        BrowserTest.waiting(browser).until(d -> d.findElements(By.cssSelector("#ab-tree [data-node]")).size() == 1);
        browser.findElement(By.id("ab-back")).click();
        BrowserTest.waiting(browser).until(d -> start.equals(shared()));
        click("ab-board", "d");
        BrowserTest.waiting(browser).until(d -> d.findElements(By.cssSelector("#ab-tree .variation [data-node]"))
                .size() == 1);
        assertThat(browser.findElements(By.cssSelector("#ab-tree [data-node]"))).hasSize(2);
        assertThat(shared()).isEqualTo(start);
        assertThat(sharedMoves()).isEqualTo("d");
        // The evaluation streams in: the depth shown grows while the engine thinks.
        browser.findElement(By.id("ab-analyse")).click();
        BrowserTest.waiting(browser).until(d -> d.findElement(By.id("ab-eval")).getText().contains("depth "));
        BrowserTest.waiting(browser).until(d -> Integer.parseInt(d.findElement(By.id("ab-eval"))
                .getAttribute("data-updates")) >= 2);
        assertThat(text("ab-pv")).startsWith("Best line: ");
        assertThat(browser.findElement(By.id("ab-evalbar")).getAttribute("data-score")).matches("-?\\d+");
        shoot("analysis-board");
        browser.findElement(By.id("ab-analyse")).click();
        // The share link opens the same position.
        String link = browser.findElement(By.id("ab-share")).getAttribute("value");
        browser.get(link);
        BrowserTest.waiting(browser).until(d -> link.equals(d.findElement(By.id("ab-share")).getAttribute("value")));
        assertThat(shared()).isEqualTo(start);
        assertThat(sharedMoves()).isEqualTo("d");
        assertThat(browser.findElements(By.cssSelector("#ab-board .pit.legal"))).hasSize(3);
    }

    @Test
    void aPositionIsSolvedExactlyFromThePage() {
        // H7, H9: i takes all of North's seeds.
        browser.get(api.base() + "/analysis.html?position=" + java.net.URLEncoder.encode(
                "hawalis 0,2,0,0,0,0,0,0,3,0,0,0,0,0 0,0,0,0,1,0,0,0,0,2,0,0,0,0 S", StandardCharsets.UTF_8));
        BrowserTest.waiting(browser).until(d -> d.findElements(By.cssSelector("#ab-board .pit.legal")).size() == 2);
        browser.findElement(By.id("ab-solve")).click();
        waitText("ab-solution", Messages.get().text("en", "editor.solvedWin.one",
                java.util.Map.of("side", "South", "count", 1, "line", "i")));
    }

    static void shoot(String name) {
        try {
            BrowserTest.shoot(browser, name);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theLearnPuzzleAndBoardPagesSpeakEveryLanguageAndPassAxe() throws IOException {
        I18nBrowserTest.api = api;
        try (java.io.InputStream in = LearnBrowserTest.class.getResourceAsStream("/axe/axe.min.js")) {
            I18nBrowserTest.axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<I18nBrowserTest.Page> pages = List.of(
                new I18nBrowserTest.Page("learn", "/learn.html?lesson=rio-kadalis&step=4",
                        "document.getElementById('task').textContent.length > 0"),
                new I18nBrowserTest.Page("lessons", "/learn.html",
                        "document.querySelectorAll('[data-lesson]').length === 3"),
                new I18nBrowserTest.Page("puzzle", "/puzzles.html?id=gering-2008-problem-1",
                        "document.querySelectorAll('#board .pit.legal').length > 0"),
                new I18nBrowserTest.Page("puzzles", "/puzzles.html",
                        "document.querySelectorAll('[data-puzzle]').length > 1"),
                new I18nBrowserTest.Page("board", "/analysis.html?position=" + java.net.URLEncoder.encode(
                        "rio-kadalis 1,0,1,1,0,0 2,0,1,0,3,0 S 20-19", StandardCharsets.UTF_8),
                        "document.querySelectorAll('#ab-board .pit.legal').length > 0"));
        List<String> problems = new java.util.ArrayList<>();
        for (String lang : I18nBrowserTest.LANGS) {
            I18nBrowserTest.language(browser, lang);
            for (I18nBrowserTest.Page p : pages) {
                I18nBrowserTest.open(browser, p);
                I18nBrowserTest.foreignTexts(browser, List.of()).forEach(t -> problems.add(lang + " " + p.name()
                        + ": " + t));
                if (lang.equals("en") || lang.equals("ar")) {
                    I18nBrowserTest.axeProblems(browser).forEach(v -> problems.add(lang + " " + p.name() + ": " + v));
                }
                if (lang.equals("ar") || lang.equals("so")) {
                    shoot("learn-" + lang + "-" + p.name());
                }
            }
        }
        I18nBrowserTest.language(browser, "en");
        assertThat(problems).isEmpty();
    }

    /** The position the share link carries. */
    static String shared() {
        return sharedParameter("position");
    }

    /** @return the moves the share link plays from its position (letters separated by spaces), or null for none */
    static String sharedMoves() {
        return sharedParameter("moves");
    }

    private static String sharedParameter(String name) {
        String link = browser.findElement(By.id("ab-share")).getAttribute("value");
        for (String part : URI.create(link).getRawQuery().split("&")) {
            if (part.startsWith(name + "=")) {
                return URLDecoder.decode(part.substring(name.length() + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
