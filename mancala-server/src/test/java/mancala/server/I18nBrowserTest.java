package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The site in every language and for keyboard and screen-reader players, in Debian's chromium: axe-core finds no
 * serious or critical violation on any page in English and Arabic; every visible text of every page (scripts'
 * texts included) comes from the bundles in each language; Arabic pages run right to left while the board keeps
 * its geometry; a whole game is played by keyboard alone; screenshots of each page in Arabic and Somali go to
 * {@code target/screenshots}; and the web page defects of issue 9 part 2 each have a check here.
 */
@Tag("browser")
@ExtendWith(Services.NeedsChromium.class)
class I18nBrowserTest {
    static final Path SHOTS = Path.of("target", "screenshots");
    static final List<String> LANGS = List.of("en", "ar", "so", "pt", "fi", "ru");

    @TempDir
    static Path dir;

    static MancalaServer server;
    static TestClient api;
    static WebDriver browser;
    static String axe;
    static int profiles;
    static String tournamentId;

    @BeforeAll
    static void start() throws IOException {
        if (Services.chromiumMissing().isPresent()) {
            return; // each test is skipped (or fails under CI) in needsChromium
        }
        // Many requests come from one address (the test and its browsers): the per-client limits are raised.
        server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Database.h2FileUrl(dir.resolve("i18n-browser")), null, null)
                .withAiDelay(Duration.ZERO).withRateLimitScale(1000));
        api = new TestClient(server.port());
        browser = chromium(null);
        Files.createDirectories(SHOTS);
        try (InputStream in = I18nBrowserTest.class.getResourceAsStream("/axe/axe.min.js")) {
            axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
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

    /** A fresh headless chromium; {@code acceptLanguage} sets the browser's Accept-Language (null: English). */
    static WebDriver chromium(String acceptLanguage) throws IOException {
        return Chromium.start(dir.resolve("profile-" + profiles++), Duration.ofSeconds(60), o -> {
            if (acceptLanguage != null) {
                o.addArguments("--lang=" + acceptLanguage);
                o.setExperimentalOption("prefs", Map.of("intl.accept_languages", acceptLanguage));
            }
        });
    }

    static String url(String path) {
        return api.base() + path;
    }

    static WebDriverWait waiting(WebDriver b) {
        WebDriverWait w = new WebDriverWait(b, Duration.ofSeconds(30));
        w.pollingEvery(Duration.ofMillis(50));
        w.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return w;
    }

    static Object js(WebDriver b, String script, Object... args) {
        return ((JavascriptExecutor) b).executeScript(script, args);
    }

    /**
     * Makes the play page's module readable by the test's scripts as {@code play} (its live exports: game, busy,
     * pending, myTurn, SHORTCUTS): the page's scripts are ES modules and put nothing on window.
     */
    static void exposePlay(WebDriver b) {
        ((JavascriptExecutor) b).executeAsyncScript("const done = arguments[arguments.length - 1];"
                + " import('/play.js').then(m => { window.play = m; done(); })");
    }

    static String text(WebDriver b, String id) {
        return b.findElement(By.id(id)).getText();
    }

    /** The text of an element, shown or not (a visually hidden live region). */
    static String content(WebDriver b, String id) {
        return (String) js(b, "return document.getElementById(arguments[0]).textContent", id);
    }

    static void language(WebDriver b, String lang) {
        b.get(url("/api/i18n/en"));
        b.manage().deleteCookieNamed("lang");
        b.manage().addCookie(new Cookie("lang", lang, "/"));
    }

    static void shoot(WebDriver b, String name) throws IOException {
        Chromium.shoot(b, SHOTS, name);
    }

    /** A page of the site and the script that says it has finished drawing. */
    record Page(String name, String path, String ready) {
    }

    static final String NOT_LOADING = "!document.querySelector('#loading:not([hidden])')";

    /** Every kind of page, with games made for them through the API. */
    static List<Page> pages() {
        List<Page> out = new ArrayList<>();
        out.add(new Page("home", "/", "!document.querySelector('#recent-games [data-i18n=\"common.loading\"]')"));
        TestClient.Reply ai = api.create("{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":2,\"name\":\"Layla\"}");
        String id = ai.get("id").asText();
        String token = ai.get("seatToken").asText();
        playRandom(id, token, 4, ai.get("game"));
        out.add(new Page("play", "/play.html?id=" + id + "&seat=" + token,
                NOT_LOADING + " && document.querySelectorAll('#board .pit.legal').length > 0"));
        TestClient.Reply watched = api.create("{\"game\":\"rio-kadalis\",\"mode\":\"local\"}");
        playRandom(watched.get("id").asText(), watched.get("seatToken").asText(), 6, watched.get("game"));
        out.add(new Page("watch", "/play.html?id=" + watched.get("id").asText(),
                NOT_LOADING + " && document.querySelectorAll('#board .pit').length > 0"));
        TestClient.Reply invite = api.create("{\"game\":\"al-manqala\",\"mode\":\"invite\",\"name\":\"Layla\"}");
        out.add(new Page("invited", invite.get("inviteUrl").asText(),
                NOT_LOADING + " && !document.getElementById('join-panel').hidden"));
        TestClient.Reply done = api.create("{\"game\":\"al-manqala\",\"mode\":\"local\"}");
        String doneId = done.get("id").asText();
        playRandom(doneId, done.get("seatToken").asText(), 6, done.get("game"));
        api.post("/api/games/" + doneId + "/resign", "{}", done.get("seatToken").asText());
        out.add(new Page("analysis", "/analysis.html?id=" + doneId,
                "document.querySelectorAll('#moves td.mv').length > 0"));
        out.add(new Page("lessons", "/learn.html", "document.querySelectorAll('#lesson-list > *').length > 0"));
        out.add(new Page("puzzles", "/puzzles.html", "document.querySelectorAll('#puzzle-rows tr').length > 0"));
        out.add(new Page("learn", "/learn.html?lesson=rio-kadalis&step=4",
                "document.getElementById('task').textContent.length > 0"));
        out.add(new Page("puzzle", "/puzzles.html?id=gering-2008-problem-1",
                "document.querySelectorAll('#board .pit.legal').length > 0"));
        out.add(new Page("board", "/analysis.html?position=hawalis%202%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2"
                + "%2C2%2C2%2C2%202%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2%2C2%20S",
                "document.querySelectorAll('#ab-board .pit.legal').length > 0"));
        out.add(new Page("notfound", "/no/such/page", "document.readyState === 'complete'"));
        community();
        out.add(new Page("home-lobby", "/", "!document.querySelector('#recent-games [data-i18n=\"common.loading\"]')"
                + " && document.querySelectorAll('#community form').length > 0"
                + " && document.querySelector('#challenges tbody tr') && document.querySelector('#playing li')"));
        out.add(new Page("account", "/account.html", "!document.getElementById('password-form').hidden"));
        out.add(new Page("player", "/player.html?name=Badr", "document.getElementById('player-name').textContent"
                + " && document.querySelector('#games tbody tr')"));
        out.add(new Page("leaderboard", "/leaderboard.html?game=hawalis",
                "document.querySelector('#leaderboard tbody tr')"));
        out.add(new Page("tournaments", "/tournaments.html",
                "document.querySelector('#tournaments tbody tr')"));
        out.add(new Page("tournament", "/tournament.html?id=" + tournamentId,
                "document.querySelector('#t-crosstable tbody tr')"
                + " && document.querySelector('#t-rounds li')"));
        out.add(new Page("unknown-game", "/play.html?id=nosuchgame",
                "!document.getElementById('not-found').hidden"));
        return out;
    }

    static CommunityClient member(String name) {
        CommunityClient c = new CommunityClient(server.port(), new OpenApiCheck());
        CommunityClient.Reply r = c.post("/api/accounts", CommunityApiTest.creds(name, "browser test pass"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return c;
    }

    /**
     * Once: three accounts (Amal, Badr, Dalia), an open challenge in the lobby, a rated game between them and a
     * round robin with its first round played; the browser is signed in as Amal.
     */
    static void community() {
        if (tournamentId == null) {
            CommunityClient amal = member("Amal");
            CommunityClient badr = member("Badr");
            CommunityClient dalia = member("Dalia");
            CommunityClient.Reply ch = badr.post("/api/challenges", "{\"game\":\"al-manqala\",\"rated\":true,"
                    + "\"side\":\"random\",\"clock\":{\"initialSeconds\":300,\"incrementSeconds\":3}}");
            assertThat(ch.status()).as(ch.body()).isIn(200, 201);
            CommunityClient.Reply t = amal.post("/api/tournaments", "{\"name\":\"Muscat Open\",\"game\":\"hawalis\","
                    + "\"system\":\"round-robin\",\"clock\":{\"initialSeconds\":600,\"incrementSeconds\":5},"
                    + "\"startsAt\":\"" + java.time.Instant.now().plusSeconds(3600) + "\"}");
            assertThat(t.status()).as(t.body()).isEqualTo(201);
            String id = t.get("id").asText();
            Map<String, CommunityClient> members = Map.of("Amal", amal, "Badr", badr, "Dalia", dalia);
            for (CommunityClient c : members.values()) {
                CommunityClient.Reply j = c.post("/api/tournaments/" + id + "/join", null);
                assertThat(j.status()).as(j.body()).isEqualTo(200);
            }
            CommunityClient.Reply s = amal.post("/api/tournaments/" + id + "/start", null);
            assertThat(s.status()).as(s.body()).isEqualTo(200);
            JsonNode view = s.json();
            for (int i = 0; i < 200 && view.get("pairings").isEmpty(); i++) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                view = amal.get("/api/tournaments/" + id).json();
            }
            for (JsonNode g : view.get("pairings").get(0).get("games")) {
                CommunityClient south = members.get(g.get("south").asText());
                String gameId = g.get("gameId").asText();
                String seat = south.get("/api/games/" + gameId + "/seat").get("seatToken").asText();
                CommunityClient.Reply r = south.post("/api/games/" + gameId + "/resign", null, seat);
                assertThat(r.status()).as(r.body()).isEqualTo(200);
            }
            tournamentId = id;
            browser.get(url("/api/i18n/en"));
            browser.manage().addCookie(new Cookie.Builder(mancala.server.account.Caller.SESSION_COOKIE,
                    amal.cookie(mancala.server.account.Caller.SESSION_COOKIE)).path("/").isHttpOnly(true).build());
        }
    }

    static JsonNode playRandom(String id, String token, int plies, JsonNode g) {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < plies && g.get("status").asText().equals("playing"); i++) {
            JsonNode fresh = api.get("/api/games/" + id, token).json();
            if (!fresh.get("legal").isEmpty() && fresh.get("you") != null && !fresh.get("you").isNull()
                    && (fresh.get("you").asText().equals("both")
                    || fresh.get("you").asText().equals(fresh.get("toMove").asText()))) {
                JsonNode legal = fresh.get("legal");
                g = api.post("/api/games/" + id + "/moves",
                        "{\"pit\":\"" + legal.get(random.nextInt(legal.size())).asText() + "\"}", token).json();
            } else {
                waitFor(() -> !api.get("/api/games/" + id, token).json().get("toMove").asText()
                        .equals(fresh.get("toMove").asText()));
            }
        }
        return g;
    }

    static void waitFor(java.util.function.BooleanSupplier done) {
        long end = System.currentTimeMillis() + 20_000;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    static final java.util.regex.Pattern SEAT = java.util.regex.Pattern.compile("[?&]id=([^&#]+)&seat=([^&#]+)");

    /**
     * Opens a page; a path written {@code ?id=ID&seat=TOKEN} opens {@code ?id=ID} holding the seat, whose token
     * travels only in its HttpOnly cookie (as the server sets it for the page that created the game).
     */
    static void open(WebDriver b, Page p) {
        String path = p.path();
        java.util.regex.Matcher m = SEAT.matcher(path);
        if (m.find()) {
            if (!b.getCurrentUrl().startsWith(api.base())) {
                b.get(url("/api/i18n/en"));
            }
            b.manage().addCookie(new Cookie.Builder("mancala-seat-" + m.group(1), m.group(2)).path("/")
                    .isHttpOnly(true).build());
            path = path.replace("&seat=" + m.group(2), "");
        }
        b.get(url(path));
        waiting(b).until(d -> Boolean.TRUE.equals(js(d, "return document.readyState === 'complete' && !!("
                + p.ready() + ")")));
    }

    @SuppressWarnings("unchecked")
    static List<String> axeProblems(WebDriver b) {
        js(b, axe);
        return (List<String>) ((JavascriptExecutor) b).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                + "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations"
                + ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
                + ".map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 4)"
                + ".map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '))))"
                + ".catch(e => done(['axe failed: ' + e]));");
    }

    @Test
    void axeFindsNoSeriousOrCriticalViolationOnAnyPageInEnglishAndArabic() {
        List<Page> pages = pages();
        List<String> problems = new ArrayList<>();
        for (String lang : List.of("en", "ar")) {
            language(browser, lang);
            for (Page p : pages) {
                open(browser, p);
                assertThat(js(browser, "return document.documentElement.lang")).isEqualTo(lang);
                axeProblems(browser).forEach(v -> problems.add(lang + " " + p.name() + ": " + v));
            }
        }
        assertThat(problems).isEmpty();
    }

    /**
     * The visible texts of the page that no bundle produced: after removing every text {@code t()} gave out and
     * the {@code data} strings (players' names), what is left must be numbers, pit letters and punctuation.
     */
    @SuppressWarnings("unchecked")
    static List<String> foreignTexts(WebDriver b, List<String> data) {
        return (List<String>) ((JavascriptExecutor) b).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                import('/i18n.js').then(({ I18n }) => {
                const produced = [...I18n.produced].filter(s => s.trim()).sort((a, b) => b.length - a.length);
                const data = arguments[0];
                const out = [];
                const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                while (walk.nextNode()) {
                  const node = walk.currentNode;
                  const el = node.parentElement;
                  if (!node.textContent.trim() || el.closest('script, style, [hidden]')) continue;
                  const st = getComputedStyle(el);
                  if (st.display === 'none' || st.visibility === 'hidden') continue;
                  if (!el.closest('svg') && el.getClientRects().length === 0) continue;
                  let rest = node.textContent;
                  if (data.includes(node.textContent.trim())) continue; // a text that is data whole (a code)
                  for (const p of produced) if (rest.includes(p)) rest = rest.split(p).join(' ');
                  for (const p of data) rest = rest.split(p).join(' ');
                  rest = rest.replace(/[\\p{N}\\p{P}\\p{S}\\p{Z}\\s\\u2068\\u2069]/gu, ' ')
                    .replace(/(^|\\s)[a-pA-P](?=\\s|$)/g, ' ').trim();
                  if (rest) out.push(node.textContent.trim() + '  [left: ' + rest + ']');
                }
                done(out);
                });
                """, data);
    }

    /**
     * The visible texts of an Arabic page, and the options of its menus, that hold a Western digit (0-9): every number
     * a player reads there is written in Arabic-Indic digits (I18n.num). Left-to-right notation ({@code dir="ltr"},
     * code, what a player typed), codes in Latin letters (R8, BH-C1) and the {@code data} strings keep their digits.
     */
    @SuppressWarnings("unchecked")
    static List<String> westernDigits(WebDriver b, List<String> data) {
        return (List<String>) js(b, """
                const data = arguments[0];
                const out = [];
                const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                while (walk.nextNode()) {
                  const node = walk.currentNode;
                  const el = node.parentElement;
                  let rest = node.textContent;
                  for (const p of data) rest = rest.split(p).join(' ');
                  // codes and names in Latin letters keep their digits (R8, Glicko-2, BH-C1)
                  rest = rest.replace(/[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*/g, ' ');
                  if (!/[0-9]/.test(rest)) continue;
                  if (el.closest('script, style, [hidden], code, pre, textarea, [dir=ltr]')) continue;
                  const shown = el.closest('option') ? el.closest('select') : el;
                  const st = getComputedStyle(shown);
                  if (st.display === 'none' || st.visibility === 'hidden') continue;
                  if (!shown.closest('svg') && shown.getClientRects().length === 0) continue;
                  out.push(node.textContent.trim());
                }
                return out;
                """, data);
    }

    /** A puzzle record's Source tag, quoted as it is printed (data, in the language it was published in). */
    static final String PUZZLE_SOURCE = "Ralf Gering, Problem 1 (2008), South to move and win; position"
            + " reconstructed from his printed solution";

    @Test
    void everyTextOnEveryPageComesFromTheBundlesInEveryLanguageWithScreenshotsInArabicAndSomali()
            throws IOException {
        List<Page> pages = pages();
        List<String> problems = new ArrayList<>();
        for (String lang : LANGS) {
            language(browser, lang);
            for (Page p : pages) {
                open(browser, p);
                // Data, not text: players' names, and a puzzle record's Source tag quoted as it is printed.
                foreignTexts(browser, List.of("Amal", "Badr", "Dalia", "Layla", "Omar", "Muscat Open",
                        // FIDE's tie-break codes (C.07), the same in every language, as arbiters write them
                        "BH-C1", "BH", "SB", "DE", "WIN", "WON", "BPG", "BWG", "ARO",
                        PUZZLE_SOURCE))
                        .forEach(s -> problems.add(lang + " " + p.name() + ": " + s));
                if (lang.equals("ar") || lang.equals("so")) {
                    shoot(browser, "i18n-" + lang + "-" + p.name());
                }
                if (lang.equals("ar")) {
                    westernDigits(browser, List.of(PUZZLE_SOURCE))
                            .forEach(s -> problems.add("ar " + p.name() + ": Western digits in " + s));
                    assertThat(js(browser, "return getComputedStyle(document.body).direction")).isEqualTo("rtl");
                    assertThat(js(browser, "return document.documentElement.dir")).isEqualTo("rtl");
                }
            }
        }
        assertThat(problems).isEmpty();
        browser.manage().window().setSize(new Dimension(390, 844));
        language(browser, "ar");
        open(browser, pages.get(1));
        shoot(browser, "i18n-ar-play-phone");
        for (Page p : pages) {
            if (p.name().equals("home-lobby") || p.name().equals("tournament")) {
                open(browser, p);
                shoot(browser, "i18n-ar-" + p.name() + "-phone");
            }
        }
        language(browser, "so");
        open(browser, pages.get(0));
        shoot(browser, "i18n-so-home-phone");
        browser.manage().window().setSize(new Dimension(1280, 1000));
    }

    @Test
    @SuppressWarnings("unchecked") // values come back from the browser's script as untyped objects
    void arabicRunsRightToLeftWhileTheBoardKeepsItsGeometry() {
        language(browser, "ar");
        TestClient.Reply c = api.create("{\"game\":\"hawalis\",\"mode\":\"local\"}");
        open(browser, new Page("play", "/play.html?id=" + c.get("id").asText() + "&seat="
                + c.get("seatToken").asText(), NOT_LOADING + " && document.querySelectorAll('#board .pit.legal').length"));
        // South's outer row a…g runs left to right on the screen, as in docs/rules.md's diagram, in Arabic too.
        Object xs = js(browser, "return 'abcdefg'.split('').map(l => document.querySelector(`#board .pit[data-pit='${l}']`)"
                + ".getBoundingClientRect().x)");
        List<Number> x = (List<Number>) xs;
        for (int i = 1; i < x.size(); i++) {
            assertThat(x.get(i).doubleValue()).isGreaterThan(x.get(i - 1).doubleValue());
        }
        assertThat(js(browser, "return getComputedStyle(document.querySelector('.board-frame')).direction"))
                .isEqualTo("ltr");
        // The side panel sits on the left in Arabic: the layout is mirrored.
        Number board = (Number) js(browser, "return document.querySelector('.board-wrap').getBoundingClientRect().x");
        Number side = (Number) js(browser, "return document.querySelector('.side-panel').getBoundingClientRect().x");
        assertThat(side.doubleValue()).isLessThan(board.doubleValue());
        assertThat(text(browser, "status")).contains("الجنوب");
        String label = browser.findElement(By.cssSelector("#board .pit[data-pit='e']")).getAttribute("aria-label");
        assertThat(label).isEqualTo("الحفرة \u2068e\u2069، الصف الخارجي للجنوب، بذرتان، يمكن لعبها");
    }

    @Test
    void eachPitIsAButtonAScreenReaderNamesAndEachPlyIsAnnounced() {
        language(browser, "en");
        TestClient.Reply c = api.create("{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1,\"name\":\"Layla\"}");
        String id = c.get("id").asText();
        js(browser, "localStorage.setItem('mancala-speed', '0')");
        open(browser, new Page("play", "/play.html?id=" + id + "&seat=" + c.get("seatToken").asText(),
                NOT_LOADING + " && document.querySelectorAll('#board .pit.legal').length"));
        var e = browser.findElement(By.cssSelector("#board .pit[data-pit='e']"));
        assertThat(e.getAttribute("role")).isEqualTo("button");
        assertThat(e.getAttribute("aria-label")).isEqualTo("pit e, your outer row, 2 seeds, playable");
        assertThat(browser.findElement(By.cssSelector("#board .pit[data-pit='k']")).getAttribute("aria-label"))
                .isEqualTo("pit k, your inner row, 2 seeds, playable");
        assertThat(browser.findElement(By.cssSelector("#board .pit[data-pit='K']")).getAttribute("aria-label"))
                .isEqualTo("pit K, your opponent's inner row, 2 seeds");
        assertThat(browser.findElement(By.cssSelector("#board .pit[data-pit='K']")).getAttribute("aria-disabled"))
                .isEqualTo("true");
        // Colour is not the only sign of a playable pit: its ring is drawn, other pits have none.
        assertThat(js(browser, "return getComputedStyle(document.querySelector(\"#board .pit[data-pit='e'] .pit-ring\")).stroke"))
                .isNotEqualTo("rgba(0, 0, 0, 0)");
        assertThat(js(browser, "return getComputedStyle(document.querySelector(\"#board .pit[data-pit='K'] .pit-ring\")).stroke"))
                .isEqualTo("rgba(0, 0, 0, 0)");
        assertThat(browser.findElement(By.id("announce")).getAttribute("aria-live")).isEqualTo("polite");
        new Actions(browser).sendKeys("a").perform();
        waiting(browser).until(d -> api.get("/api/games/" + id, null).json().get("plies").asInt() >= 2
                && !d.findElements(By.cssSelector("#board .pit.legal")).isEmpty());
        JsonNode g = api.get("/api/games/" + id, null).json();
        JsonNode reply = g.get("rounds").get(0).get("moves").get(1);
        String expected = "North sowed " + reply.get("pit").asText();
        waiting(browser).until(d -> content(d, "announce").startsWith(expected));
        String said = content(browser, "announce");
        // The reply's laps: every lift after the first is a relay, named by its pit.
        List<String> relays = new ArrayList<>();
        int lifts = 0;
        for (JsonNode step : g.get("lastMove").get("steps")) {
            if (step.get("k").asText().equals("lift") && lifts++ > 0) {
                relays.add(g.get("layout").get("letters").get(step.get("p").asInt()).asText());
            }
        }
        if (!relays.isEmpty()) {
            assertThat(said).contains(", relayed at " + String.join(" ", relays));
        }
        int took = reply.get("captured").asInt();
        if (took > 0) {
            assertThat(said).contains(", took " + took + (took == 1 ? " seed" : " seeds"));
        }
        assertThat(said).endsWith("Your move: choose a highlighted pit or type its letter.");
    }

    /** Presses Tab until the element in focus matches {@code test} (a script on document.activeElement). */
    static void tabTo(WebDriver b, String test) {
        tabTo(b, test, false);
    }

    /** As {@link #tabTo(WebDriver, String)}, with Shift+Tab when {@code back}. */
    static void tabTo(WebDriver b, String test, boolean back) {
        for (int i = 0; i < 80; i++) {
            if (Boolean.TRUE.equals(js(b, "const e = document.activeElement; return !!(e && (" + test + "))"))) {
                return;
            }
            new Actions(b).sendKeys(back ? Keys.chord(Keys.SHIFT, Keys.TAB) : Keys.TAB).perform();
        }
        throw new AssertionError("Tab never reached " + test);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aWholeGameIsPlayedByKeyboardAloneInArabic() throws IOException {
        WebDriver b = chromium("ar");
        try {
            b.get(url("/"));
            waiting(b).until(d -> "ar".equals(js(d, "return document.documentElement.lang")));
            // The form: the computer at level 1, then start.
            tabTo(b, "e.id === 'level'");
            new Actions(b).sendKeys(Keys.HOME).perform();
            assertThat(js(b, "return document.getElementById('level').value")).isEqualTo("1");
            tabTo(b, "e.id === 'start-button'");
            new Actions(b).sendKeys(Keys.ENTER).perform();
            waiting(b).until(d -> d.getCurrentUrl().contains("/play.html?id=")
                    && !d.findElements(By.cssSelector("#board .pit.legal")).isEmpty());
            String id = b.getCurrentUrl().replaceAll(".*id=([^&]+).*", "$1");
            // Instant sowing, chosen with the keyboard too.
            tabTo(b, "e.id === 'speed'");
            new Actions(b).sendKeys(Keys.END).perform();
            assertThat(js(b, "return document.getElementById('speed').value")).isEqualTo("0");
            exposePlay(b);
            long until = System.currentTimeMillis() + 150_000;
            int moves = 0;
            while (true) {
                // Wait until the page shows the server's latest state: over, or South (us) to move.
                waiting(b).until(d -> {
                    JsonNode now = api.get("/api/games/" + id, null).json();
                    return Boolean.TRUE.equals(js(d, "return !play.busy && !play.pending && play.game.plies === arguments[0] && "
                            + "(play.game.status === 'over' || play.myTurn())", now.get("plies").asInt()))
                            && (now.get("status").asText().equals("over") || now.get("toMove").asText().equals("south"));
                });
                if (Boolean.TRUE.equals(js(b, "return play.game.status === 'over'"))) {
                    break;
                }
                assertThat(System.currentTimeMillis()).as("the game took too long").isLessThan(until);
                int plies = api.get("/api/games/" + id, null).json().get("plies").asInt();
                // Into the board (backwards from the settings), then ask for a hint with ?.
                tabTo(b, "e.closest && e.closest('#board .pit')", true);
                new Actions(b).sendKeys("?").perform();
                String target = waiting(b).until(d -> (String) js(d, "const h = document.querySelector("
                        + "'#board .pit.hinted'); return h ? h.dataset.pit : null"));
                if (moves % 2 == 0) {
                    // To the hinted pit with the arrow keys, then Enter.
                    for (int i = 0; i < 20; i++) {
                        List<Number> d = (List<Number>) js(b, "const a = document.activeElement.getBoundingClientRect();"
                                + "const t = document.querySelector(`#board .pit[data-pit='${arguments[0]}']`)"
                                + ".getBoundingClientRect(); return [t.x - a.x, t.y - a.y];", target);
                        double dx = d.get(0).doubleValue();
                        double dy = d.get(1).doubleValue();
                        if (Math.abs(dx) < 10 && Math.abs(dy) < 10) {
                            break;
                        }
                        new Actions(b).sendKeys(dy > 10 ? Keys.ARROW_DOWN : dy < -10 ? Keys.ARROW_UP
                                : dx > 10 ? Keys.ARROW_RIGHT : Keys.ARROW_LEFT).perform();
                    }
                    assertThat(js(b, "return document.activeElement.dataset.pit")).isEqualTo(target);
                    assertThat(js(b, "return getComputedStyle(document.activeElement.querySelector('.pit-focus'))"
                            + ".stroke")).as("the pit in focus shows it").isNotEqualTo("rgba(0, 0, 0, 0)");
                    new Actions(b).sendKeys(Keys.ENTER).perform();
                } else {
                    // Or type its letter.
                    new Actions(b).sendKeys(target).perform();
                }
                final int before = plies;
                waiting(b).until(d -> api.get("/api/games/" + id, null).json().get("plies").asInt() > before);
                moves++;
            }
            JsonNode g = api.get("/api/games/" + id, null).json();
            assertThat(g.get("status").asText()).isEqualTo("over");
            assertThat(moves).isGreaterThan(3);
            assertThat(text(b, "status")).matches(".*(فزت|خسرت|تعادل).*");
            shoot(b, "i18n-ar-keyboard-game-over");
        } finally {
            b.quit();
        }
    }

    // Issue 9 part 2, the web page defects.

    @Test
    @SuppressWarnings("unchecked") // values come back from the browser's script as untyped objects
    void shortcutKeysNeverCollideWithPitLettersAndTheHelpLineSaysThem() {
        language(browser, "en");
        TestClient.Reply c = api.create("{\"game\":\"bao-kiarabu\",\"mode\":\"ai\",\"level\":1}");
        String id = c.get("id").asText();
        js(browser, "localStorage.setItem('mancala-speed', '0')");
        open(browser, new Page("play", "/play.html?id=" + id + "&seat=" + c.get("seatToken").asText(),
                NOT_LOADING + " && document.querySelectorAll('#board .pit.legal').length"));
        exposePlay(browser);
        Map<String, Object> keys = (Map<String, Object>) js(browser, "return play.SHORTCUTS");
        for (Object k : keys.values()) {
            assertThat(String.valueOf(k)).doesNotMatch("[a-pA-P]");
        }
        assertThat(text(browser, "keys-help")).contains("? asks for a hint").contains("Backspace takes back");
        // h is a pit of Bao Kiarabu (and of Hawalis): typing it plays pit h, it asks for no hint.
        new Actions(browser).sendKeys("h").perform();
        waiting(browser).until(d -> api.get("/api/games/" + id, null).json().get("plies").asInt() >= 1);
        assertThat(api.get("/api/games/" + id, null).json().get("rounds").get(0).get("moves").get(0).get("pit")
                .asText()).isEqualTo("h");
        waiting(browser).until(d -> !d.findElements(By.cssSelector("#board .pit.legal")).isEmpty());
        new Actions(browser).sendKeys("?").perform();
        waiting(browser).until(d -> text(d, "status").startsWith("Hint: the engine suggests pit "));
        // Bao Kiarabu's O is a letter, not a zero: pit letters are set apart in the move list.
        assertThat(js(browser, "const s = document.querySelector('#moves .pit-letter'); const c = getComputedStyle(s);"
                + " return c.fontStyle + ' ' + c.fontFamily")).asString().startsWith("italic").contains("Serif");
    }

    @Test
    @SuppressWarnings("unchecked") // values come back from the browser's script as untyped objects
    void statusLinesAreGrammaticalForYouAndForNames() throws IOException {
        language(browser, "en");
        TestClient.Reply c = api.create("{\"game\":\"al-manqala\",\"mode\":\"ai\",\"level\":1,\"name\":\"Layla\"}");
        String id = c.get("id").asText();
        js(browser, "localStorage.setItem('mancala-speed', '50')");
        open(browser, new Page("play", "/play.html?id=" + id + "&seat=" + c.get("seatToken").asText(),
                NOT_LOADING + " && document.querySelectorAll('#board .pit.legal').length"));
        js(browser, "window.seen = []; new MutationObserver(() => seen.push(document.getElementById('status')"
                + ".textContent)).observe(document.getElementById('status'), {childList: true, characterData: true,"
                + " subtree: true});");
        for (int i = 0; i < 3; i++) {
            final int plies = 2 * i;
            waiting(browser).until(d -> !d.findElements(By.cssSelector("#board .pit.legal")).isEmpty()
                    && api.get("/api/games/" + id, null).json().get("plies").asInt() == plies);
            browser.findElements(By.cssSelector("#board .pit.legal")).get(0).click();
            waiting(browser).until(d -> api.get("/api/games/" + id, null).json().get("plies").asInt() >= plies + 2);
        }
        waiting(browser).until(d -> !d.findElements(By.cssSelector("#board .pit.legal")).isEmpty());
        List<String> seen = (List<String>) js(browser, "return seen");
        assertThat(seen).anySatisfy(s -> assertThat(s).startsWith("You play "));
        assertThat(seen).anySatisfy(s -> assertThat(s).matches("Computer \\(level 1\\) (plays|is thinking).*"));
        assertThat(seen).noneSatisfy(s -> assertThat(s).containsPattern("You (plays|takes|captures|is)\\b"));
        assertThat(seen).noneSatisfy(s -> assertThat(s).containsPattern("AI level"));
    }

    @Test
    void theInvitedPlayerSpectatorsTakeBacksAndDeclinedOffers() throws IOException {
        language(browser, "en");
        TestClient.Reply c = api.create("{\"game\":\"hawalis\",\"mode\":\"invite\",\"name\":\"Layla\"}");
        String id = c.get("id").asText();
        js(browser, "localStorage.setItem('mancala-speed', '0')");
        open(browser, new Page("host", "/play.html?id=" + id + "&seat=" + c.get("seatToken").asText(), NOT_LOADING));
        assertThat(text(browser, "status")).isEqualTo("Waiting for your opponent to open the invitation link…");
        WebDriver guest = chromium(null);
        WebDriver watcher = chromium(null);
        try {
            // The invited player: a seat to take, not a waiting host's page with disabled buttons.
            guest.get(url(c.get("inviteUrl").asText()));
            waiting(guest).until(d -> d.findElement(By.id("join-panel")).isDisplayed());
            assertThat(text(guest, "join-title")).isEqualTo("You are invited to play Hawalis");
            assertThat(text(guest, "status")).isEqualTo("You are invited: take your seat to start the game.");
            assertThat(guest.findElement(By.id("btn-resign")).isDisplayed()).isFalse();
            js(guest, "localStorage.setItem('mancala-speed', '0')");
            guest.findElement(By.id("join-name")).sendKeys("Omar");
            guest.findElement(By.id("join-button")).click();
            waiting(browser).until(d -> !d.findElements(By.cssSelector("#board .pit.legal")).isEmpty());
            // A spectator: told he is watching, no seat buttons, no key help.
            watcher.get(url("/play.html?id=" + id));
            waiting(watcher).until(d -> d.findElement(By.id("watching")).isDisplayed());
            assertThat(text(watcher, "watching")).startsWith("You are watching this game.");
            assertThat(watcher.findElement(By.id("btn-resign")).isDisplayed()).isFalse();
            assertThat(watcher.findElement(By.id("btn-draw")).isDisplayed()).isFalse();
            assertThat(watcher.findElement(By.id("keys-help")).isDisplayed()).isFalse();
            assertThat(watcher.findElement(By.id("btn-record")).isDisplayed()).isTrue();
            // Layla plays, Omar answers; Layla asks to take back: Omar is told both plies go.
            String first = clickLegal(browser);
            waiting(guest).until(d -> !d.findElements(By.cssSelector("#board .pit.legal")).isEmpty());
            String reply = clickLegal(guest);
            waiting(browser).until(d -> !d.findElements(By.cssSelector("#board .pit.legal")).isEmpty());
            browser.findElement(By.id("btn-takeback")).click();
            waiting(guest).until(d -> d.findElement(By.id("offer")).isDisplayed());
            assertThat(text(guest, "offer-text"))
                    .isEqualTo("Layla asks to take back the move " + first + " and your reply " + reply + ".");
            waiting(browser).until(d -> text(d, "offer-text").startsWith("Your request to take back " + first + " "
                    + reply));
            guest.findElement(By.id("offer-decline")).click();
            waiting(browser).until(d -> text(d, "notice").equals("Omar declined your take-back request."));
            // A declined draw offer is told to the one who offered it.
            browser.findElement(By.id("btn-draw")).click();
            // the site's dialog asks first; its primary button confirms
            waiting(browser).until(d -> !d.findElements(By.cssSelector("dialog.modal[open] button.primary")).isEmpty());
            browser.findElement(By.cssSelector("dialog.modal[open] button.primary")).click();
            waiting(guest).until(d -> text(d, "offer-text").equals("Layla offers a draw."));
            guest.findElement(By.id("offer-decline")).click();
            waiting(browser).until(d -> text(d, "notice").equals("Omar declined your offer."));
        } finally {
            guest.quit();
            watcher.quit();
        }
    }

    static String clickLegal(WebDriver b) {
        return waiting(b).until(d -> {
            var legal = d.findElements(By.cssSelector("#board .pit.legal"));
            if (legal.isEmpty()) {
                return null;
            }
            String l = legal.get(0).getAttribute("data-pit");
            legal.get(0).click();
            return l;
        });
    }

    @Test
    void unknownGamesAndUrlsGetANotFoundPage() {
        language(browser, "en");
        open(browser, new Page("unknown", "/play.html?id=nosuchgame", "!document.getElementById('not-found').hidden"));
        assertThat(text(browser, "not-found")).contains("There is no game with this id.");
        assertThat(browser.findElement(By.id("play")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("loading")).isDisplayed()).isFalse();
        assertThat(browser.getTitle()).isEqualTo("Page not found");
        browser.get(url("/games/nothing-here"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("There is nothing here");
        assertThat(browser.getPageSource()).doesNotContain("\"status\":404");
    }

    @Test
    @SuppressWarnings("unchecked") // values come back from the browser's script as untyped objects
    void theAnalysisPageFitsAPhoneOpensAtTheTopAndKeepsMovesOnOneLine() throws IOException {
        language(browser, "en");
        TestClient.Reply c = api.create("{\"game\":\"al-manqala\",\"mode\":\"local\"}");
        playRandom(c.get("id").asText(), c.get("seatToken").asText(), 8, c.get("game"));
        String record = api.get("/api/games/" + c.get("id").asText() + "/record", null).body();
        browser.manage().window().setSize(new Dimension(390, 844));
        try {
            browser.get(url("/"));
            browser.findElement(By.id("record-text")).sendKeys(record);
            browser.findElement(By.id("import-button")).click();
            waiting(browser).until(d -> d.getCurrentUrl().contains("/analysis.html")
                    && !d.findElements(By.cssSelector("#moves td.mv")).isEmpty());
            assertThat(((Number) js(browser, "return window.scrollY")).intValue()).isZero();
            assertThat(((Number) js(browser, "return document.documentElement.scrollWidth")).intValue())
                    .isLessThanOrEqualTo(390);
            // Every move cell holds one line.
            assertThat(js(browser, "return [...document.querySelectorAll('#moves td.mv')].every(td => "
                    + "td.getClientRects().length === 1 && td.offsetHeight < 2 * parseFloat(getComputedStyle(td).lineHeight || 20))"))
                    .isEqualTo(true);
            // One move-numbering scheme: a move number counts a South ply and the North ply after it.
            List<String> numbers = (List<String>) js(browser, "return [...document.querySelectorAll('#moves td.n')]"
                    + ".map(td => td.textContent)");
            assertThat(numbers.subList(0, 4)).containsExactly("1.", "1…", "2.", "2…");
            // The evaluation graph has a scale.
            assertThat(text(browser, "scale-top")).isEqualTo("+20 South");
            assertThat(text(browser, "scale-bottom")).isEqualTo("−20 North");
            shoot(browser, "analysis-phone");
        } finally {
            browser.manage().window().setSize(new Dimension(1280, 1000));
        }
    }

    @Test
    void traysAreLabelledHoldingsAndARioMatchEndsWithTheNumbersTheTraysShow() throws IOException {
        language(browser, "en");
        TestClient.Reply c = api.create("{\"game\":\"rio-kadalis\",\"mode\":\"local\"}");
        String id = c.get("id").asText();
        String token = c.get("seatToken").asText();
        JsonNode g = c.get("game");
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 5000 && g.get("status").asText().equals("playing"); i++) {
            JsonNode legal = g.get("legal");
            g = api.post("/api/games/" + id + "/moves",
                    "{\"pit\":\"" + legal.get(random.nextInt(legal.size())).asText() + "\"}", token).json();
        }
        assertThat(g.get("status").asText()).isEqualTo("over");
        open(browser, new Page("over", "/play.html?id=" + id + "&seat=" + token, NOT_LOADING));
        assertThat(js(browser, "return [...document.querySelectorAll('#board .holdings-title')].map(t => t.textContent)"))
                .isEqualTo(List.of("Holdings", "Holdings"));
        String status = text(browser, "status");
        String top = browser.findElement(By.cssSelector("#board .holdings.top .holdings-count")).getText();
        String bottom = browser.findElement(By.cssSelector("#board .holdings.bottom .holdings-count")).getText();
        // South's tray is at the bottom on one screen.
        assertThat(status).contains("Holdings " + bottom + "–" + top + ".");
        assertThat(text(browser, "bar-bottom")).contains("Holdings: " + bottom);
        assertThat(status).doesNotContain("held").doesNotContain("captured");
    }

    @Test
    void theLapCounterCoversNoPitLetter() {
        language(browser, "en");
        TestClient.Reply c = api.create("{\"game\":\"hawalis\",\"mode\":\"local\"}");
        js(browser, "localStorage.setItem('mancala-speed', '260')");
        open(browser, new Page("play", "/play.html?id=" + c.get("id").asText() + "&seat="
                + c.get("seatToken").asText(), NOT_LOADING + " && document.querySelectorAll('#board .pit.legal').length"));
        clickLegal(browser);
        waiting(browser).until(d -> !d.findElements(By.cssSelector("#board .lap-badge")).isEmpty());
        Object overlaps = js(browser, "const r = document.querySelector('#board .lap-badge rect').getBoundingClientRect();"
                + "return [...document.querySelectorAll('#board text.letter, #board text.count')].filter(t => {"
                + " const b = t.getBoundingClientRect(); return b.right > r.left && b.left < r.right"
                + " && b.bottom > r.top && b.top < r.bottom; }).map(t => t.textContent)");
        assertThat((List<?>) overlaps).isEmpty();
        js(browser, "localStorage.setItem('mancala-speed', '0')");
    }

    @Test
    void reducedMotionIsHonouredFromTheSystemSetting() {
        language(browser, "en");
        ((ChromeDriver) browser).executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                List.of(Map.of("name", "prefers-reduced-motion", "value", "reduce"))));
        try {
            TestClient.Reply c = api.create("{\"game\":\"hawalis\",\"mode\":\"local\"}");
            js(browser, "localStorage.removeItem('mancala-reduced'); localStorage.setItem('mancala-speed', '130')");
            open(browser, new Page("play", "/play.html?id=" + c.get("id").asText() + "&seat="
                    + c.get("seatToken").asText(), NOT_LOADING + " && document.querySelectorAll('#board .pit.legal').length"));
            assertThat(browser.findElement(By.id("reduced")).isSelected()).isTrue();
            // Only the state after each lap is drawn: never a single seed on its way.
            exposePlay(browser);
            ((JavascriptExecutor) browser).executeAsyncScript("const done = arguments[arguments.length - 1]; import('/board.js').then(({ Board }) => {"
                    + " window.drawn = 0; const real = Board.render; Board.render = function (svg, o) {"
                    + " if (o.active >= 0 && o.active !== undefined) window.drawn++; return real(svg, o); }; done(); })");
            clickLegal(browser);
            waiting(browser).until(d -> api.get("/api/games/" + c.get("id").asText(), null).json().get("plies")
                    .asInt() == 1 && Boolean.TRUE.equals(js(d, "return !play.busy")));
            int laps = 0;
            for (JsonNode step : api.get("/api/games/" + c.get("id").asText(), null).json().get("lastMove")
                    .get("steps")) {
                laps += step.get("k").asText().equals("lift") ? 1 : 0;
            }
            // At most one board a lap (sowing a lap of two or more seeds draws each seed otherwise).
            assertThat(((Number) js(browser, "return window.drawn")).intValue()).isLessThanOrEqualTo(laps);
        } finally {
            ((ChromeDriver) browser).executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of()));
            js(browser, "localStorage.removeItem('mancala-reduced'); localStorage.setItem('mancala-speed', '0')");
        }
    }

    @Test
    void theLanguageSwitcherIsOnEveryPageAndRemembersTheChoice() {
        browser.manage().deleteCookieNamed("lang");
        browser.get(url("/"));
        browser.manage().deleteCookieNamed("lang");
        browser.get(url("/"));
        Map<String, String> seen = new LinkedHashMap<>();
        var select = new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("lang-select")));
        select.selectByValue("fi");
        waiting(browser).until(d -> "fi".equals(js(d, "return document.documentElement.lang")));
        assertThat(browser.findElement(By.cssSelector("#start-button")).getText()).isEqualTo("Aloita peli");
        for (String path : List.of("/analysis.html?import=1", "/play.html?id=nosuchgame", "/no-such-page")) {
            browser.get(url(path));
            waiting(browser).until(d -> !d.findElements(By.id("lang-select")).isEmpty());
            seen.put(path, (String) js(browser, "return document.documentElement.lang + ' '"
                    + " + document.getElementById('lang-select').value"));
        }
        assertThat(seen.values()).containsOnly("fi fi");
        language(browser, "en");
    }
}
