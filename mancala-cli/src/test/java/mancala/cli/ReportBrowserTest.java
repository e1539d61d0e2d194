package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
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
@Tag("browser")
@ExtendWith(ReportBrowserTest.NeedsChromium.class)
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

    /** @return why chromium cannot be used, or null when it can */
    static String chromiumMissing() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER) ? null
                : "chromium or chromedriver is missing (" + CHROMIUM + ", " + CHROMEDRIVER + "); run .ci/services.sh";
    }

    /**
     * When chromium is missing, disables each test (so that Maven counts them skipped) and skips the class's
     * {@code @BeforeAll} and {@code @AfterAll}; under {@code CI=true} it lets {@code @BeforeAll} fail instead.
     */
    static final class NeedsChromium implements ExecutionCondition, InvocationInterceptor {
        private static boolean skip() {
            return chromiumMissing() != null && !"true".equalsIgnoreCase(System.getenv("CI"));
        }

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getTestMethod().isPresent() && skip()
                    ? ConditionEvaluationResult.disabled("skipped: " + chromiumMissing())
                    : ConditionEvaluationResult.enabled("chromium is there, or CI=true");
        }

        @Override
        public void interceptBeforeAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
                                             ExtensionContext context) throws Throwable {
            if (skip()) {
                invocation.skip();
            } else {
                invocation.proceed();
            }
        }

        @Override
        public void interceptAfterAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
                                            ExtensionContext context) throws Throwable {
            interceptBeforeAllMethod(invocation, method, context);
        }
    }

    @BeforeAll
    static void start() throws IOException {
        String missing = chromiumMissing();
        if (missing != null) {
            fail("CI=true and " + missing);
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
