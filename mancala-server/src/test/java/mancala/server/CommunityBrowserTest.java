package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Two browsers sign up; one posts a challenge with a clock from the lobby, the other takes it with one click, and
 * they play by clicking pits, each seeing both clocks. Then both pages are closed: the clock of the side to move
 * runs out with no page open, the server ends the game on time, and both players' pages show their new ratings.
 */
@Tag("browser")
class CommunityBrowserTest {
    @TempDir
    Path dir;

    MancalaServer server;
    TestClient api;
    WebDriver amal;
    WebDriver ali;

    @BeforeEach
    void start() throws IOException {
        Services.requireChromium();
        // scale 1000: new accounts play rated at once (RatedPlay), as people who waited their day would
        server = MancalaServer.start(mancala.server.config.ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(mancala.server.store.Database.h2FileUrl(dir.resolve("db")), null, null)
                .withAiDelay(java.time.Duration.ZERO).withRateLimitScale(1000));
        api = new TestClient(server.port());
        amal = chromium("amal");
        ali = chromium("ali");
    }

    @AfterEach
    void stop() {
        for (WebDriver b : new WebDriver[] {amal, ali}) {
            if (b != null) {
                b.quit();
            }
        }
        if (server != null) {
            server.close();
        }
    }

    WebDriver chromium(String name) throws IOException {
        ChromeOptions o = new ChromeOptions();
        o.setBinary(Services.CHROMIUM.toFile());
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1000",
                "--user-data-dir=" + Files.createDirectories(dir.resolve("profile-" + name)));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Services.CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, o);
    }

    String url(String path) {
        return api.base() + path;
    }

    static WebDriverWait waiting(WebDriver b, int seconds) {
        WebDriverWait w = new WebDriverWait(b, Duration.ofSeconds(seconds));
        w.pollingEvery(Duration.ofMillis(100));
        w.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return w;
    }

    void signUp(WebDriver b, String name) {
        b.get(url("/account.html"));
        b.findElement(By.id("signup-name")).sendKeys(name);
        b.findElement(By.id("signup-password")).sendKeys("seeds and pits");
        b.findElement(By.id("signup-button")).click();
        // moves land without the sowing animation (a setting of the play page)
        ((org.openqa.selenium.JavascriptExecutor) b).executeScript("localStorage.setItem('mancala-speed', '0')");
        waiting(b, 20).until(d -> d.getCurrentUrl().contains("/player.html"));
        waiting(b, 20).until(d -> name.equals(d.findElement(By.id("player-name")).getText()));
    }

    @Test
    void twoPlayersMeetInTheLobbyPlayOnAClockAndTheServerFlagsWithNoPageOpen() {
        signUp(amal, "Amal");
        signUp(ali, "Ali");
        // Amal posts a rated challenge, 1 minute each, no increment, sitting South
        amal.get(url("/"));
        waiting(amal, 20).until(d -> !d.findElements(By.id("challenge-form")).isEmpty());
        new Select(amal.findElement(By.id("challenge-game"))).selectByValue("al-manqala");
        new Select(amal.findElement(By.id("challenge-minutes"))).selectByValue("1");
        new Select(amal.findElement(By.id("challenge-increment"))).selectByValue("0");
        new Select(amal.findElement(By.id("challenge-side"))).selectByValue("south");
        amal.findElement(By.id("challenge-rated")).click();
        amal.findElement(By.id("challenge-submit")).click();
        waiting(amal, 20).until(d -> !d.findElement(By.id("lobby-status")).getText().isBlank());
        // Ali sees it in his lobby, live, and takes it with one click
        ali.get(url("/"));
        WebElement take = waiting(ali, 20).until(d -> {
            List<WebElement> b = d.findElements(By.cssSelector("#challenges button[data-accept]"));
            return b.isEmpty() ? null : b.get(0);
        });
        assertThat(ali.findElement(By.cssSelector("#challenges tbody tr")).getText()).contains("Amal").contains("1+0");
        take.click();
        waiting(ali, 20).until(d -> d.getCurrentUrl().contains("/play.html?id="));
        String gameId = ali.getCurrentUrl().replaceAll(".*id=", "");
        // Amal's lobby takes her to the same game
        waiting(amal, 20).until(d -> d.getCurrentUrl().contains("/play.html?id=" + gameId));
        // both see both clocks; they play two plies each by clicking pits
        for (WebDriver b : new WebDriver[] {amal, ali}) {
            waiting(b, 20).until(d -> d.findElement(By.id("clock-bottom")).getText().matches("[0-9]:[0-9]{2}(\\.[0-9])?"));
        }
        for (int ply = 0; ply < 4; ply++) {
            WebDriver mover = ply % 2 == 0 ? amal : ali;
            int before = api.get("/api/games/" + gameId, null).json().get("plies").asInt();
            BrowserTest.clickLegal(mover, null);
            waiting(mover, 20).until(d -> api.get("/api/games/" + gameId, null).json().get("plies").asInt() > before);
        }
        JsonNode g = api.get("/api/games/" + gameId, null).json();
        assertThat(g.get("status").asText()).isEqualTo("playing");
        assertThat(g.get("clock").get("running").asText()).isEqualTo(g.get("toMove").asText());
        String loser = g.get("toMove").asText();
        // the running clock is drawn counting down on the mover's own page
        WebDriver loserPage = loser.equals("south") ? amal : ali;
        String first = loserPage.findElement(By.id("clock-bottom")).getText();
        waiting(loserPage, 10).until(d -> !d.findElement(By.id("clock-bottom")).getText().equals(first));
        assertThat(loserPage.findElement(By.id("clock-bottom")).getAttribute("class")).contains("running");
        // both pages closed: nobody is watching when the clock runs out
        amal.get("about:blank");
        ali.get("about:blank");
        JsonNode end = null;
        long deadline = System.currentTimeMillis() + 75_000;
        while (System.currentTimeMillis() < deadline) {
            end = api.get("/api/games/" + gameId, null).json();
            if (end.get("status").asText().equals("over")) {
                break;
            }
            sleep(500);
        }
        assertThat(end.get("status").asText()).isEqualTo("over");
        assertThat(end.get("termination").asText()).isEqualTo("time");
        assertThat(end.get("result").asText()).isEqualTo(loser.equals("south") ? "0-1" : "1-0");
        assertThat(end.get("clock").get(loser).asLong()).isZero();
        assertThat(end.get("clock").get("running").isNull()).isTrue();
        // the record keeps the time control and the clock after each move
        String record = api.get("/api/games/" + gameId + "/record", null).body();
        assertThat(record).contains("[TimeControl \"60+0\"]").contains("[Termination \"time\"]").contains("[%clk 0:0");
        // ratings moved, and both players' pages show them
        String winnerName = loser.equals("south") ? "Ali" : "Amal";
        String loserName = loser.equals("south") ? "Amal" : "Ali";
        for (WebDriver b : new WebDriver[] {amal, ali}) {
            b.get(url("/player.html?name=" + winnerName));
            String shown = waiting(b, 20).until(d -> {
                List<WebElement> r = d.findElements(By.cssSelector("[data-rating='al-manqala'] .rating-value"));
                return r.isEmpty() ? null : r.get(0).getText();
            });
            int rating = Integer.parseInt(shown.replaceAll("^\\D*(\\d{3,4}).*$", "$1"));
            assertThat(rating).as(shown).isGreaterThan(1500);
            assertThat(b.findElements(By.cssSelector("[data-rating='al-manqala'] svg.chart polyline"))).hasSize(1);
            b.get(url("/player.html?name=" + loserName));
            String lost = waiting(b, 20).until(d -> {
                List<WebElement> r = d.findElements(By.cssSelector("[data-rating='al-manqala'] .rating-value"));
                return r.isEmpty() ? null : r.get(0).getText();
            });
            assertThat(Integer.parseInt(lost.replaceAll("^\\D*(\\d{3,4}).*$", "$1"))).as(lost).isLessThan(1500);
            assertThat(b.findElement(By.cssSelector("#games tbody tr")).getText()).contains(winnerName);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
