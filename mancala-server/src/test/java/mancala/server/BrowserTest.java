package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in Debian's chromium, headless, driven by Selenium: a game against the AI played by clicking pits and by
 * typing their letters, two browsers playing each other through an invitation link, a record downloaded and
 * replayed, and screenshots of each game's board in {@code target/screenshots}. Skipped when chromium is missing,
 * except under {@code CI=true}.
 */
@Tag("browser")
class BrowserTest {
    static final Path SHOTS = Path.of("target", "screenshots");

    @TempDir
    static Path dir;

    static MancalaServer server;
    static TestClient api;
    static WebDriver browser;
    static Path downloads;

    @BeforeAll
    static void start() throws IOException {
        if (Services.chromiumMissing().isPresent()) {
            return; // each test is skipped (or fails under CI) in needsChromium
        }
        // The test and its browsers send many requests from one address: the per-client limits are raised.
        server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Database.h2FileUrl(dir.resolve("browser")), null, null)
                .withAiDelay(java.time.Duration.ofMillis(100)).withRateLimitScale(1000));
        api = new TestClient(server.port());
        downloads = Files.createDirectories(dir.resolve("downloads"));
        browser = chromium("a");
        Files.createDirectories(SHOTS);
    }

    @BeforeEach
    void needsChromium() {
        Services.requireChromium();
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

    static WebDriver chromium(String name) throws IOException {
        return Chromium.start(dir.resolve("profile-" + name), Duration.ofSeconds(30),
                o -> o.setExperimentalOption("prefs", Map.of("download.default_directory", downloads.toString(),
                        "download.prompt_for_download", false)));
    }

    static String url(String path) {
        return api.base() + path;
    }

    static WebDriverWait waiting(WebDriver b) {
        WebDriverWait w = new WebDriverWait(b, Duration.ofSeconds(20));
        w.pollingEvery(Duration.ofMillis(50));
        w.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return w;
    }

    static List<WebElement> legalPits(WebDriver b) {
        return b.findElements(By.cssSelector("#board .pit.legal"));
    }

    static int moveCount(WebDriver b) {
        Object n = ((org.openqa.selenium.JavascriptExecutor) b).executeScript("return [...document"
                + ".querySelectorAll('#moves td:not(.n)')].filter(t => t.textContent.trim()).length");
        return ((Number) n).intValue();
    }

    /** Clicks a legal pit (the board is redrawn often, so the element is looked up afresh each try). */
    static String clickLegal(WebDriver b, String letter) {
        return waiting(b).until(d -> {
            List<WebElement> legal = legalPits(d);
            WebElement pit = letter == null ? (legal.isEmpty() ? null : legal.get(0))
                    : d.findElement(By.cssSelector("#board .pit.legal[data-pit='" + letter + "']"));
            if (pit == null) {
                return null;
            }
            String l = pit.getAttribute("data-pit");
            pit.click();
            return l;
        });
    }

    /** The counts drawn in the pits are the server's, in board order. */
    static void assertBoardShowsServerState(WebDriver b, String id) {
        JsonNode g = api.get("/api/games/" + id, null).json();
        List<String> expected = new java.util.ArrayList<>();
        g.get("board").get("pits").forEach(n -> expected.add(n.asText()));
        List<String> letters = new java.util.ArrayList<>();
        g.get("layout").get("letters").forEach(n -> letters.add(n.asText()));
        waiting(b).until(d -> {
            Object shown = ((org.openqa.selenium.JavascriptExecutor) d).executeScript("return arguments[0].map(l =>"
                    + " document.querySelector(`#board .pit-label[data-pit='${l}'] text.count`).textContent)", letters);
            return expected.equals(shown);
        });
    }

    static void shoot(WebDriver b, String name) throws IOException {
        Chromium.shoot(b, SHOTS, name);
    }

    static String gameIdOf(WebDriver b) {
        String u = b.getCurrentUrl();
        return u.substring(u.indexOf("id=") + 3).replaceAll("&.*", "");
    }

    @Test
    void aGameAgainstTheAiIsPlayedByClickingAndByKeyboardAndItsRecordReplays() throws IOException {
        browser.get(url("/"));
        new Select(browser.findElement(By.id("game"))).selectByValue("al-manqala");
        browser.findElement(By.id("start-button")).click();
        waiting(browser).until(b -> b.getCurrentUrl().contains("/play.html?id=") && !legalPits(b).isEmpty());
        assertThat(browser.findElement(By.id("status")).getText()).contains("Your move");
        String before = browser.findElement(By.cssSelector("#board .pit-label[data-pit='c'] text.count")).getText();
        assertThat(before).isEqualTo("7");

        // Click pit c; the AI answers.
        clickLegal(browser, "c");
        waiting(browser).until(b -> moveCount(b) >= 2 && !legalPits(b).isEmpty());
        assertBoardShowsServerState(browser, gameIdOf(browser));

        // Type a legal pit's letter; the AI answers again.
        String letter = waiting(browser).until(b -> legalPits(b).get(0).getAttribute("data-pit"));
        new Actions(browser).sendKeys(letter).perform();
        waiting(browser).until(b -> moveCount(b) >= 4 && !legalPits(b).isEmpty());
        String id = gameIdOf(browser);
        JsonNode g = api.get("/api/games/" + id, null).json();
        assertThat(g.get("plies").asInt()).isEqualTo(4);
        assertBoardShowsServerState(browser, id);
        assertThat(g.get("rounds").get(0).get("moves").get(2).get("pit").asText()).isEqualTo(letter);

        // Download the record and replay it through the import view.
        browser.findElement(By.id("btn-record")).click();
        Path file = downloads.resolve("al-manqala-" + id + ".txt");
        waiting(browser).until(b -> Files.exists(file));
        assertThat(Files.readString(file)).contains("[Game \"al-manqala\"]").contains("1. c ");
        browser.get(url("/"));
        browser.findElement(By.id("record-file")).sendKeys(file.toAbsolutePath().toString());
        browser.findElement(By.id("import-button")).click();
        waiting(browser).until(b -> b.getCurrentUrl().contains("/analysis.html")
                && b.findElements(By.cssSelector("#moves td[data-at]")).size() == 4);
        assertThat(browser.findElement(By.id("title")).getText()).contains("Al-manqala");
        new Actions(browser).sendKeys(org.openqa.selenium.Keys.HOME).perform();
        assertThat(browser.findElement(By.id("where")).getText()).isEqualTo("Start");
        new Actions(browser).sendKeys(org.openqa.selenium.Keys.ARROW_RIGHT).perform();
        assertThat(browser.findElement(By.id("status")).getText()).startsWith("South played c");
        shoot(browser, "analysis-al-manqala");
    }

    @Test
    void twoBrowsersPlayEachOtherThroughAnInvitationLink() throws IOException {
        browser.get(url("/"));
        new Select(browser.findElement(By.id("game"))).selectByValue("hawalis");
        browser.findElement(By.cssSelector("input[name=mode][value=invite]")).click();
        browser.findElement(By.id("name")).sendKeys("Amal");
        browser.findElement(By.id("start-button")).click();
        waiting(browser).until(b -> b.findElement(By.id("invite-panel")).isDisplayed());
        String invite = browser.findElement(By.id("invite-url")).getAttribute("value");
        assertThat(invite).contains("invite=");
        WebDriver guest = chromium("b");
        try {
            guest.get(invite);
            waiting(guest).until(b -> b.findElement(By.id("join-panel")).isDisplayed());
            guest.findElement(By.id("join-name")).sendKeys("Badr");
            guest.findElement(By.id("join-button")).click();
            // The host's page learns over WebSocket that the guest sat down.
            waiting(browser).until(b -> !legalPits(b).isEmpty());
            waiting(guest).until(b -> b.findElement(By.cssSelector("#bar-bottom .name")).getText().equals("Badr"));
            // The guest sees his own rows at the bottom: North's pits there.
            assertThat(guest.findElement(By.cssSelector("#bar-bottom .tag")).getText()).contains("North");
            assertThat(legalPits(guest)).isEmpty();
            for (int ply = 1; ply <= 4; ply++) {
                WebDriver mover = ply % 2 == 1 ? browser : guest;
                WebDriver other = ply % 2 == 1 ? guest : browser;
                final int done = ply;
                waiting(mover).until(b -> !legalPits(b).isEmpty());
                clickLegal(mover, null);
                waiting(other).until(b -> moveCount(b) >= done);
                waiting(mover).until(b -> moveCount(b) >= done);
            }
            waiting(browser).until(b -> !legalPits(b).isEmpty());
            String id = gameIdOf(browser);
            assertThat(api.get("/api/games/" + id, null).json().get("plies").asInt()).isEqualTo(4);
            shoot(guest, "hawalis-invited-north-view");
            // A third browser session without a seat only watches.
            api.get("/api/games/" + id, null);
        } finally {
            guest.quit();
        }
    }

    @Test
    void screenshotsOfEachGameOnADesktopAndAPhone() throws IOException {
        for (String game : List.of("hawalis", "bao-kiarabu", "al-manqala", "rio-kadalis")) {
            TestClient.Reply c = api.create("{\"game\":\"" + game + "\",\"mode\":\"local\"}");
            String id = c.get("id").asText();
            String token = c.get("seatToken").asText();
            JsonNode g = c.get("game");
            SplittableRandom random = new SplittableRandom(3);
            // Rio Kadalis: play on into a later round, where closed pits show.
            int plies = game.equals("rio-kadalis") ? 400 : 12;
            for (int i = 0; i < plies && g.get("status").asText().equals("playing"); i++) {
                if (game.equals("rio-kadalis") && g.get("round").asInt() >= 2
                        && g.get("board").get("closed").toString().contains("true") && g.get("plies").asInt() > 6
                        && g.get("toMove").asText().equals("south")) {
                    break;
                }
                JsonNode legal = g.get("legal");
                g = api.post("/api/games/" + id + "/moves",
                        "{\"pit\":\"" + legal.get(random.nextInt(legal.size())).asText() + "\"}", token).json();
            }
            browser.manage().window().setSize(new Dimension(1280, 1000));
            // The seat travels in its HttpOnly cookie only, never in a URL: hand it to the browser as the server
            // would have set it.
            browser.get(url("/favicon.ico"));
            browser.manage().addCookie(new org.openqa.selenium.Cookie.Builder("mancala-seat-" + id, token).path("/")
                    .isHttpOnly(true).build());
            browser.get(url("/play.html?id=" + id));
            waiting(browser).until(b -> !legalPits(b).isEmpty());
            shoot(browser, "board-" + game);
            if (game.equals("hawalis")) {
                // Mid-move: slow sowing shows the lap counter, the seeds in hand and the pit being sown.
                ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                        "localStorage.setItem('mancala-speed', '260')");
                browser.navigate().refresh();
                waiting(browser).until(b -> !legalPits(b).isEmpty());
                clickLegal(browser, null);
                waiting(browser).until(b -> !b.findElements(By.cssSelector("#board .lap-badge")).isEmpty());
                shoot(browser, "sowing-hawalis");
                ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                        "localStorage.setItem('mancala-speed', '130')");
            }
            if (game.equals("hawalis") || game.equals("rio-kadalis")) {
                browser.manage().window().setSize(new Dimension(390, 844));
                browser.navigate().refresh();
                waiting(browser).until(b -> !legalPits(b).isEmpty());
                shoot(browser, "phone-" + game);
            }
        }
        browser.manage().window().setSize(new Dimension(1280, 1000));
        browser.get(url("/"));
        waiting(browser).until(b -> b.findElements(By.cssSelector("#recent-games a")).size() > 0);
        shoot(browser, "home");
        try (Stream<Path> s = Files.list(SHOTS)) {
            assertThat(s.count()).isGreaterThanOrEqualTo(7);
        }
    }
}
