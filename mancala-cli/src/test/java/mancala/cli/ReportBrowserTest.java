package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The selfplay and balance reports opened from disk in Debian's chromium (headless, network off): every chart is
 * drawn, an SVG with visible size and shapes in it. Screenshots go to {@code target/screenshots}. Skipped when
 * chromium is missing, except under {@code CI=true}.
 */
@Tag("slow")
class ReportBrowserTest {
    static final Path CHROMIUM = Path.of(env("MANCALA_TEST_CHROMIUM", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(env("MANCALA_TEST_CHROMEDRIVER", "/usr/bin/chromedriver"));
    static final Path SHOTS = Path.of("target", "screenshots");

    @TempDir
    static Path dir;

    static WebDriver browser;

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    @BeforeAll
    static void start() throws IOException {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            String message = "chromium or chromedriver is missing (" + CHROMIUM + ", " + CHROMEDRIVER
                    + "); run .ci/services.sh";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true and " + message);
            }
            Assumptions.abort("skipped: " + message);
        }
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        // No network at all: a report that needed anything from elsewhere would show it here.
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1000", "--proxy-server=127.0.0.1:9",
                "--user-data-dir=" + Files.createDirectories(dir.resolve("profile")));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, o);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        Files.createDirectories(SHOTS);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    /** Opens {@code report} and checks that each of {@code charts} is drawn. */
    static void assertChartsRendered(Path report, List<String> charts, String shot) throws IOException {
        browser.get(report.toUri().toString());
        List<WebElement> figures = browser.findElements(By.cssSelector("figure.chart"));
        assertThat(figures.stream().map(f -> f.getAttribute("id")).toList()).containsExactlyElementsOf(charts);
        for (WebElement f : figures) {
            String id = f.getAttribute("id");
            WebElement svg = f.findElement(By.tagName("svg"));
            @SuppressWarnings("unchecked")
            Map<String, Object> box = (Map<String, Object>) ((JavascriptExecutor) browser).executeScript(
                    "const s = arguments[0]; const r = s.getBoundingClientRect(); const b = s.getBBox();"
                            + "return {width: r.width, height: r.height, shapes: s.querySelectorAll("
                            + "'path, rect, line, polyline, polygon, circle, ellipse').length, bboxWidth: b.width,"
                            + "bboxHeight: b.height};", svg);
            assertThat(((Number) box.get("width")).doubleValue()).as(id + " width").isGreaterThan(300);
            assertThat(((Number) box.get("height")).doubleValue()).as(id + " height").isGreaterThan(100);
            assertThat(((Number) box.get("shapes")).intValue()).as(id + " shapes").isGreaterThan(10);
            assertThat(((Number) box.get("bboxWidth")).doubleValue()).as(id + " drawn width").isGreaterThan(300);
            assertThat(((Number) box.get("bboxHeight")).doubleValue()).as(id + " drawn height").isGreaterThan(100);
            assertThat(f.findElement(By.tagName("figcaption")).getText()).as(id + " caption").isNotBlank();
        }
        Files.write(SHOTS.resolve(shot), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void selfplayReportShowsEveryChart() throws IOException {
        Path report = dir.resolve("selfplay.html");
        CliRun run = CliRun.of("selfplay", "--games", "16", "--south", "level:4", "--north", "greedy", "--game",
                "hawalis", "--threads", "2", "--quiet", "--report", report.toString());
        assertThat(run.status()).isZero();
        assertChartsRendered(report, List.of("chart-result", "chart-seats", "chart-lengths", "chart-endings",
                "chart-openings"), "report-selfplay.png");
        assertThat(browser.findElement(By.cssSelector("td[data-figure=wins]")).getText())
                .isEqualTo(run.out().lines().filter(l -> l.startsWith("level:4: ")).findFirst().orElseThrow()
                        .replaceAll("level:4: (\\d+) wins?.*", "$1"));
    }

    @Test
    void balanceReportShowsEveryChart() throws IOException {
        Path report = dir.resolve("balance.html");
        CliRun run = CliRun.of("balance", "al-manqala", "--games", "6", "--level", "2", "--threads", "2",
                "--quiet", "--report", report.toString());
        assertThat(run.status()).isZero();
        assertChartsRendered(report, List.of("chart-score", "chart-results", "chart-lengths", "chart-endings"),
                "report-balance.png");
        assertThat(browser.findElements(By.cssSelector("#balance tbody tr"))).hasSize(6);
    }
}
