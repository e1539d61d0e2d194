package mancala.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/** Debian's headless chromium for the browser tests: one set of flags, a profile folder of its own per browser. */
final class Chromium {
    private Chromium() {
    }

    /**
     * Starts a browser, 1280 × 1000 pixels, with nothing running in the background.
     *
     * @param profile       its profile folder (created when missing)
     * @param scriptTimeout how long an asynchronous script may run
     * @param extra         what a test adds to the options (language, downloads, logs)
     */
    static ChromeDriver start(Path profile, Duration scriptTimeout, Consumer<ChromeOptions> extra) throws IOException {
        ChromeOptions o = new ChromeOptions();
        o.setBinary(Services.CHROMIUM.toFile());
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1000",
                "--user-data-dir=" + Files.createDirectories(profile));
        extra.accept(o);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Services.CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeDriver d = new ChromeDriver(service, o);
        d.manage().timeouts().scriptTimeout(scriptTimeout);
        return d;
    }

    /** Saves what {@code b} shows as {@code folder/name.png}. */
    static void shoot(WebDriver b, Path folder, String name) throws IOException {
        Files.write(Files.createDirectories(folder).resolve(name + ".png"),
                ((TakesScreenshot) b).getScreenshotAs(OutputType.BYTES));
    }
}
