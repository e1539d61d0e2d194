package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What a player sees on every page, in every language: one frame (one header, the same navigation, the signed-in
 * player's name), no raw bundle key and no text missing from a bundle, no console error; ended games of every
 * termination told in words; a rated 5+3 game's facts; and at 390 px no sideways scrolling, pit letters and seed
 * counts at least 10 px high.
 */
@Tag("browser")
@ExtendWith(Services.NeedsChromium.class)
@org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
class PageFrameBrowserTest {
    static final List<String> LANGS = List.of("en", "ar", "fi", "pt", "ru", "so");
    static final List<String> TERMINATIONS = List.of("no-seeds", "no-move", "endless-move", "repetition",
            "capture-majority", "hunger", "equal-split", "board-empty", "cannot-refill", "resignation", "agreement",
            "time", "abandoned");
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static MancalaServer server;
    static WebDriver browser;
    static String base;
    static HttpClient amal;
    static HttpClient ali;
    static CookieManager amalCookies = new CookieManager();
    static String ratedGame;
    static String aiGame;
    static String localGame;
    static String agreedGame;
    static String tournament;
    /** A game really lost on time: both moved once, then South's minute ran out. */
    static String flaggedGame;
    /** Tournament pages: system and state (created, running, finished) to the tournament's id. */
    static final Map<String, String> TOURNAMENTS = new java.util.LinkedHashMap<>();
    /** Everybody's names and the tournaments' names: data, the same in every language. */
    static final List<String> DATA = new ArrayList<>(List.of("Amal", "Ali", "Winter cup",
            // FIDE's tie-break codes (C.07), the same in every language
            "BH-C1", "BH", "SB", "DE", "WIN", "WON", "BPG", "BWG", "ARO",
            // rule options as the notation writes them (docs/rules.md §4), each explained beside it in the language
            "skipOrigin", "loserStarts"));
    /** A bad request shown on a page: the analysis board given a position that is not one (400). */
    static final String BAD_REQUEST_PAGE = "/analysis.html?position=hawalis%201%2C2%20S";

    @BeforeAll
    static void start() throws Exception {
        if (Services.chromiumMissing().isPresent()) {
            return;
        }
        server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Database.h2FileUrl(dir.resolve("frame")), null, null)
                .withAiDelay(Duration.ZERO).withRateLimitScale(1000));
        base = "http://127.0.0.1:" + server.port();
        amal = HttpClient.newBuilder().cookieHandler(amalCookies).build();
        ali = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        post(amal, "/api/accounts", "{\"username\":\"Amal\",\"password\":\"seeds and pits\"}");
        post(ali, "/api/accounts", "{\"username\":\"Ali\",\"password\":\"seeds and pits\"}");
        // a rated 5+3 game between them, Amal South, which Ali resigns
        JsonNode c = post(amal, "/api/challenges", "{\"game\":\"al-manqala\",\"clock\":"
                + "{\"initialSeconds\":300,\"incrementSeconds\":3},\"rated\":true,\"side\":\"south\"}");
        ratedGame = post(ali, "/api/challenges/" + c.get("id").asText() + "/accept", "").get("gameId").asText();
        amal.send(HttpRequest.newBuilder(URI.create(base + "/api/games/" + ratedGame + "/seat")).build(),
                HttpResponse.BodyHandlers.ofString()); // the poster takes her seat (its cookie)
        // both sides move at once: a side that makes no first move within its first-move time gets the game
        // aborted with no result, and only a game both sides have moved in is rated
        post(amal, "/api/games/" + ratedGame + "/moves", "{\"pit\":\"a\"}");
        post(ali, "/api/games/" + ratedGame + "/moves", "{\"pit\":\"A\"}");
        // a game against the computer that the player resigns, one on one screen drawn by agreement
        JsonNode ai = post(amal, "/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1}");
        aiGame = ai.get("id").asText();
        post(amal, "/api/games/" + aiGame + "/resign", "");
        JsonNode local = post(amal, "/api/games", "{\"game\":\"rio-kadalis\",\"mode\":\"local\",\"options\":\"skipOrigin loserStarts\"}");
        localGame = local.get("id").asText();
        // a casual game between the two, drawn by agreement
        JsonNode casual = post(amal, "/api/challenges", "{\"game\":\"hawalis\",\"rated\":false,\"side\":\"south\"}");
        agreedGame = post(ali, "/api/challenges/" + casual.get("id").asText() + "/accept", "").get("gameId").asText();
        amal.send(HttpRequest.newBuilder(URI.create(base + "/api/games/" + agreedGame + "/seat")).build(),
                HttpResponse.BodyHandlers.ofString()); // the poster takes her seat (its cookie)
        post(amal, "/api/games/" + agreedGame + "/draw/offer", "");
        post(ali, "/api/games/" + agreedGame + "/draw/accept", "");
        tournament = post(amal, "/api/tournaments", "{\"name\":\"Winter cup\",\"game\":\"al-manqala\",\"system\":"
                + "\"round-robin\",\"clock\":{\"initialSeconds\":300,\"incrementSeconds\":3},"
                + "\"rated\":false,\"startsAt\":\"" + java.time.Instant.now().plusSeconds(3600) + "\"}")
                .path("id").asText(null);
        flaggedGame = flagged();
        tournaments();
        browser = chromium();
        browser.get(base + "/notfound-page");
        for (HttpCookie k : amalCookies.getCookieStore().getCookies()) {
            browser.manage().addCookie(new Cookie(k.getName(), k.getValue(), "/"));
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

    /** A new account signed in: its client. */
    static HttpClient member(String name) throws IOException, InterruptedException {
        HttpClient c = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        post(c, "/api/accounts", "{\"username\":\"" + name + "\",\"password\":\"seeds and pits\"}");
        DATA.add(name);
        return c;
    }

    static JsonNode get(HttpClient c, String path) throws IOException, InterruptedException {
        HttpResponse<String> r = c.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " " + r.body()).isLessThan(300);
        return JSON.readTree(r.body());
    }

    /** Posts as the player seated in a game (his seat token from GET /api/games/ID/seat). */
    static JsonNode seated(HttpClient c, String gameId, String action, String body)
            throws IOException, InterruptedException {
        String token = get(c, "/api/games/" + gameId + "/seat").path("seatToken").asText();
        HttpResponse<String> r = c.send(HttpRequest.newBuilder(URI.create(base + "/api/games/" + gameId + action))
                .header("Content-Type", "application/json").header("Origin", base).header("X-Seat-Token", token)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(action + " " + r.body()).isLessThan(300);
        return r.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(r.body());
    }

    /** A casual 1+0 game between two new players: each moves once, then South's minute runs out (~60 s on). */
    static String flagged() throws IOException, InterruptedException {
        HttpClient fadi = member("Fadi");
        HttpClient huda = member("Huda");
        JsonNode c = post(fadi, "/api/challenges", "{\"game\":\"hawalis\",\"clock\":{\"initialSeconds\":60,"
                + "\"incrementSeconds\":0},\"rated\":false,\"side\":\"south\"}");
        String id = post(huda, "/api/challenges/" + c.get("id").asText() + "/accept", "").get("gameId").asText();
        seated(fadi, id, "/moves", "{\"pit\":\"a\"}");
        seated(huda, id, "/moves", "{\"pit\":\"A\"}");
        return id;
    }

    /**
     * Swiss, round robin and arena tournaments, each created (waiting for its start), running (its first round's
     * games in play) and finished (the games resigned; the arena, of one minute, ends on its own) with standings.
     */
    static void tournaments() throws IOException, InterruptedException {
        int n = 0;
        for (String system : List.of("swiss", "round-robin", "arena")) {
            for (String state : List.of("created", "running", "finished")) {
                String name = "Cup " + (char) ('A' + n++);
                DATA.add(name);
                String extra = system.equals("arena") ? ",\"minutes\":" + (state.equals("finished") ? 1 : 30) : system.equals("swiss") ? ",\"rounds\":1" : "";
                String id = post(amal, "/api/tournaments", "{\"name\":\"" + name + "\",\"game\":\"al-manqala\","
                        + "\"system\":\"" + system + "\",\"clock\":{\"initialSeconds\":" + (state.equals("running") ? 1800 : 300)
                        + ",\"incrementSeconds\":3},"
                        + "\"rated\":false,\"startsAt\":\"" + java.time.Instant.now().plusSeconds(3600) + "\"" + extra + "}")
                        .get("id").asText();
                TOURNAMENTS.put(system + " " + state, id);
                if (state.equals("created")) {
                    continue;
                }
                Map<String, HttpClient> players = new java.util.LinkedHashMap<>();
                for (String p : List.of("P" + n + "s", "P" + n + "n")) {
                    players.put(p, member(p));
                    post(players.get(p), "/api/tournaments/" + id + "/join", "");
                }
                post(amal, "/api/tournaments/" + id + "/start", "");
                JsonNode view = get(amal, "/api/tournaments/" + id);
                for (int i = 0; i < 200 && view.get("pairings").isEmpty(); i++) {
                    Thread.sleep(50);
                    view = get(amal, "/api/tournaments/" + id);
                }
                assertThat(view.get("pairings")).as(system + " " + state + " paired").isNotEmpty();
                if (state.equals("running")) {
                    // both sides move, so that the game stays in play (an unmoved side's game is aborted after 60 s)
                    for (JsonNode g : view.get("pairings").get(0).get("games")) {
                        if (g.hasNonNull("gameId") && g.path("result").isNull()) {
                            String game = g.get("gameId").asText();
                            seated(players.get(g.get("south").asText()), game, "/moves", "{\"pit\":\"a\"}");
                            seated(players.get(g.get("north").asText()), game, "/moves", "{\"pit\":\"A\"}");
                        }
                    }
                }
                if (state.equals("finished")) {
                    for (JsonNode g : view.get("pairings").get(0).get("games")) {
                        if (g.hasNonNull("gameId") && g.path("result").isNull()) {
                            seated(players.get(g.get("south").asText()), g.get("gameId").asText(), "/resign", "");
                        }
                    }
                }
            }
        }
    }

    static JsonNode post(HttpClient c, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .header("Origin", base).POST(HttpRequest.BodyPublishers.ofString(body));
        String seat = seat(path);
        if (seat != null) {
            b.header("X-Seat-Token", seat);
        }
        HttpResponse<String> r = c.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " " + r.body()).isLessThan(300);
        JsonNode n = r.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(r.body());
        if (n.has("seatToken") && n.has("id")) {
            SEATS.put(n.get("id").asText(), n.get("seatToken").asText());
        }
        return n;
    }

    static final Map<String, String> SEATS = new java.util.concurrent.ConcurrentHashMap<>();

    static String seat(String path) {
        if (!path.startsWith("/api/games/")) {
            return null;
        }
        String id = path.substring("/api/games/".length()).replaceAll("/.*", "");
        return SEATS.get(id);
    }

    static WebDriver chromium() throws IOException {
        return Chromium.start(dir.resolve("profile"), Duration.ofSeconds(30), o -> {
            LoggingPreferences logs = new LoggingPreferences();
            logs.enable(LogType.BROWSER, java.util.logging.Level.ALL);
            o.setCapability("goog:loggingPrefs", logs);
        });
    }

    static Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    /** The value of expr with m the page's module at path (the pages' scripts are ES modules: no globals). */
    static Object module(String path, String expr, Object... args) {
        Object[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = path;
        return ((JavascriptExecutor) browser).executeAsyncScript("const done = arguments[arguments.length - 1];"
                + " import(arguments[arguments.length - 2]).then(m => done(" + expr + "))", all);
    }

    static WebDriverWait waiting() {
        WebDriverWait w = new WebDriverWait(browser, Duration.ofSeconds(20));
        w.pollingEvery(Duration.ofMillis(50));
        w.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return w;
    }

    List<String> pages() {
        List<String> p = new ArrayList<>(List.of("/", "/learn.html", "/puzzles.html", "/analysis.html",
                "/tournaments.html", "/leaderboard.html", "/account.html", "/player.html?name=Amal",
                "/play.html?id=" + ratedGame, "/play.html?id=" + aiGame, "/play.html?id=" + localGame, "/play.html?id=" + agreedGame,
                "/analysis.html?game=" + aiGame, "/play.html?id=no-such-game", "/no-such-page"));
        if (tournament != null) {
            p.add("/tournament.html?id=" + tournament);
        }
        return p;
    }

    /** Opens a page in a language and waits for the frame to show the signed-in name; returns the console. */
    List<String> open(String path, String lang) {
        browser.manage().logs().get(LogType.BROWSER); // drop what came before
        browser.get(base + path + (path.contains("?") ? "&" : "?") + "lang=" + lang);
        waiting().until(d -> "Amal".equals(js("const a = document.getElementById('account-name');"
                + " return a && a.textContent")));
        waiting().until(d -> Boolean.TRUE.equals(js("return document.readyState === 'complete'")));
        try {
            Thread.sleep(300); // the page's own requests settle
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> problems = new ArrayList<>();
        for (LogEntry e : browser.manage().logs().get(LogType.BROWSER)) {
            boolean error = e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue();
            boolean expected404 = e.getMessage().contains("404") && path.contains("no-such")
                    || e.getMessage().contains("400") && path.equals(BAD_REQUEST_PAGE);
            if ((error && !expected404) || e.getMessage().contains("i18n: no text")) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    @Test
    void everyPageInEveryLanguageHasOneFrameTheSignedInNameNoRawKeyAndNoConsoleError() throws Exception {
        for (String lang : LANGS) {
            String keys = JSON.writeValueAsString(JSON.readTree(java.net.http.HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(base + "/api/i18n/" + lang)).build(),
                    HttpResponse.BodyHandlers.ofString()).body()).get("messages").properties().stream()
                    .map(Map.Entry::getKey).toList());
            for (String page : pages()) {
                List<String> console = open(page, lang);
                assertThat(console).as(lang + " " + page).isEmpty();
                assertThat(js("return document.querySelectorAll('header.top').length")).as(page).isEqualTo(1L);
                assertThat(js("return [...document.querySelectorAll('header.top nav.site-nav > a[href]')]"
                        + ".slice(0, 6).map(a => a.getAttribute('href')).join(' ')")).as(page)
                        .isEqualTo("/ /learn.html /puzzles.html /analysis.html /tournaments.html /leaderboard.html");
                assertThat(js("return document.documentElement.lang")).isEqualTo(lang);
                @SuppressWarnings("unchecked")
                List<String> raw = (List<String>) js("const keys = new Set(JSON.parse(arguments[0]));"
                        + " const text = document.body.innerText + ' ' + [...document.querySelectorAll('[title],"
                        + " [aria-label], [placeholder]')].map(e => (e.title || '') + ' ' + (e.getAttribute('aria-label')"
                        + " || '') + ' ' + (e.placeholder || '')).join(' ');"
                        + " return (text.match(/[a-z]+(\\.[A-Za-z0-9-]+){1,}/g) || []).filter(w => keys.has(w)"
                        + " || /^(common|play|lobby|home|learn|puzzle|rating|tournament|account|analysis|editor"
                        + "|errors)\\.[a-z]/.test(w))", keys);
                assertThat(raw).as(lang + " " + page + " shows raw keys").isEmpty();
            }
        }
    }

    @Test
    void everyTerminationIsToldInWordsInEveryLanguage() {
        for (String lang : LANGS) {
            open("/play.html?id=" + aiGame, lang);
            for (String term : TERMINATIONS) {
                for (String result : List.of("1-0", "0-1", "1/2-1/2")) {
                    String how = (String) module("/words.js", "m.Words.how(arguments[0], arguments[1])", result, term);
                    assertThat(how).as(lang + " " + term + " " + result).isNotBlank().doesNotStartWith("common.");
                }
            }
            waiting().until(d -> !((String) js("return document.getElementById('game-facts').textContent")).isBlank());
            String facts = (String) js("return document.getElementById('game-facts').textContent");
            String resigned = (String) module("/words.js", "m.Words.how('0-1', 'resignation')");
            assertThat(facts).as(lang).contains(resigned);
        }
    }

    @Test
    void eachRuleOptionIsExplained() {
        open("/play.html?id=" + localGame, "en");
        waiting().until(d -> ((String) js("return document.getElementById('game-facts').textContent"))
                .contains("skipOrigin"));
        String facts = (String) js("return document.getElementById('game-facts').innerText");
        assertThat(facts).contains("skipOrigin — A lap of 12 seeds or more passes over the pit it started from.")
                .contains("loserStarts — The loser of a round starts the next one.").contains("Casual");
        open("/play.html?id=" + agreedGame, "en");
        waiting().until(d -> ((String) js("return document.getElementById('game-facts').textContent"))
                .contains("by agreement"));
    }

    @Test
    void aRatedGameSaysRatedItsClockTheRatingsAndTheChangesAtTheEnd() throws Exception {
        open("/play.html?id=" + ratedGame, "en");
        waiting().until(d -> ((String) js("return document.getElementById('game-facts').textContent"))
                .contains("Rated"));
        String facts = (String) js("return document.getElementById('game-facts').innerText");
        assertThat(facts).contains("Al-manqala").contains("The default rules.")
                .contains("Rated").contains("5+3").contains("Amal (1500?)").contains("Ali (1500?)");
        // Ali resigns: the result, how it ended and both changes (Glicko-2 from 1500/350: +-~173 each way)
        HttpClient aliSeat = ali;
        HttpResponse<String> r = aliSeat.send(HttpRequest.newBuilder(URI.create(base + "/api/games/" + ratedGame
                + "/resign")).header("Content-Type", "application/json").header("Origin", base)
                .POST(HttpRequest.BodyPublishers.ofString("")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isLessThan(300);
        open("/play.html?id=" + ratedGame, "en");
        waiting().until(d -> ((String) js("return document.getElementById('game-facts').textContent"))
                .contains("Rating change"));
        facts = (String) js("return document.getElementById('game-facts').innerText");
        assertThat(facts).contains("1-0").contains("North resigned").containsPattern("Amal: \\+[0-9]+")
                .containsPattern("Ali: −[0-9]+");
    }

    /** Every page of pages(), then the tournaments in every state, the flagged game and the bad request. */
    List<String> allPages() {
        List<String> p = pages();
        TOURNAMENTS.values().forEach(id -> p.add("/tournament.html?id=" + id));
        p.add("/play.html?id=" + flaggedGame);
        p.add("/analysis.html?game=" + flaggedGame);
        p.add("/play.html?id=" + agreedGame);
        p.add(BAD_REQUEST_PAGE);
        return p;
    }

    static JsonNode waitUntil(String path, String field, String value) throws Exception {
        JsonNode n = get(amal, path);
        for (int i = 0; i < 400 && !n.path(field).asText().equals(value); i++) {
            Thread.sleep(250);
            n = get(amal, path);
        }
        assertThat(n.path(field).asText()).as(path + " " + field).isEqualTo(value);
        return n;
    }

    /**
     * At 390 px, every page in every language (tournaments of every system in every state, the game lost on time,
     * the one resigned, the one drawn by agreement, the 404 page and a bad request shown on a page among them): no
     * raw bundle key, no text that no bundle gave (English left in another language), no console error, no sideways
     * scrolling, the board across the width with its letters and counts at least 10 px high, and every button,
     * clock and field within the width.
     */
    @Test
    @org.junit.jupiter.api.Order(Integer.MAX_VALUE)
    void atPhoneWidthEveryPageInEveryLanguageIsWholeReadableAndTranslated() throws Exception {
        JsonNode flag = waitUntil("/api/games/" + flaggedGame, "status", "over");
        assertThat(flag.get("termination").asText()).isEqualTo("time");
        assertThat(flag.get("result").asText()).isEqualTo("0-1");
        for (String system : List.of("swiss", "round-robin", "arena")) {
            assertThat(get(amal, "/api/tournaments/" + TOURNAMENTS.get(system + " created")).get("status").asText())
                    .isNotIn("running", "finished");
            assertThat(get(amal, "/api/tournaments/" + TOURNAMENTS.get(system + " running")).get("status").asText())
                    .as(system).isEqualTo("running");
            waitUntil("/api/tournaments/" + TOURNAMENTS.get(system + " finished"), "status", "finished");
        }
        browser.manage().window().setSize(new Dimension(390, 844));
        List<String> problems = new ArrayList<>();
        try {
            for (String lang : LANGS) {
                String keys = JSON.writeValueAsString(JSON.readTree(HttpClient.newHttpClient().send(
                        HttpRequest.newBuilder(URI.create(base + "/api/i18n/" + lang)).build(),
                        HttpResponse.BodyHandlers.ofString()).body()).get("messages").properties().stream()
                        .map(Map.Entry::getKey).toList());
                for (String page : allPages()) {
                    open(page, lang).forEach(c -> problems.add(lang + " " + page + " console: " + c));
                    if (page.startsWith("/tournament.html")) {
                        waiting().until(d -> !((String) js("return document.getElementById('t-summary').textContent"))
                                .isBlank());
                        if (page.endsWith(TOURNAMENTS.get("swiss created"))) {
                            dates(lang).forEach(x -> problems.add(lang + " " + page + " date: " + x));
                        }
                    }
                    if (page.startsWith("/play.html?id=") && !page.contains("no-such")) {
                        waiting().until(d -> !((String) js("return document.getElementById('game-facts')"
                                + ".textContent")).isBlank());
                    }
                    rawKeys(keys).forEach(k -> problems.add(lang + " " + page + " raw key: " + k));
                    if (!lang.equals("en")) {
                        I18nBrowserTest.foreignTexts(browser, DATA)
                                .forEach(t -> problems.add(lang + " " + page + " not from a bundle: " + t));
                    }
                    long width = (Long) js("return document.documentElement.clientWidth");
                    long scroll = (Long) js("return document.documentElement.scrollWidth");
                    if (scroll > width) {
                        problems.add(lang + " " + page + " scrolls sideways: " + scroll + " > " + width);
                    }
                    @SuppressWarnings("unchecked")
                    List<String> outside = (List<String>) js("const w = document.documentElement.clientWidth;"
                            + " return [...document.querySelectorAll('button, select, input, .clock, a.button')]"
                            + ".filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')"
                            + ".filter(e => { const r = e.getBoundingClientRect(); return r.left < -1 || r.right > w + 1; })"
                            + ".map(e => (e.id || e.tagName) + ' ' + Math.round(e.getBoundingClientRect().left) + '..'"
                            + " + Math.round(e.getBoundingClientRect().right))");
                    outside.forEach(o -> problems.add(lang + " " + page + " out of reach: " + o));
                    if (page.startsWith("/play.html?id=") && !page.contains("no-such")) {
                        waiting().until(d -> ((Long) js("return document.querySelectorAll('svg.board text.letter')"
                                + ".length")) > 0);
                        @SuppressWarnings("unchecked")
                        List<Number> sizes = (List<Number>) js("const svg = document.querySelector('svg.board');"
                                + " const unit = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;"
                                + " return [...svg.querySelectorAll('text.letter, text.count')]"
                                + ".map(t => parseFloat(getComputedStyle(t).fontSize) * unit)");
                        if (sizes.isEmpty() || sizes.stream().anyMatch(x -> x.doubleValue() < 10.0)) {
                            problems.add(lang + " " + page + " board text below 10 px: " + sizes);
                        }
                        double board = ((Number) js("return document.querySelector('svg.board')"
                                + ".getBoundingClientRect().width")).doubleValue();
                        if (board <= width * 0.85) {
                            problems.add(lang + " " + page + " board " + board + " px of " + width);
                        }
                    }
                }
            }
        } finally {
            browser.manage().window().setSize(new Dimension(1280, 1000));
        }
        assertThat(problems).isEmpty();
    }

    /**
     * The start date of a tournament (its summary) in the page's language: a month name of CLDR's (ICU4J) for that
     * language and no English one; in Arabic, Arabic-Indic digits. Chromium's own date data has no Somali.
     */
    static List<String> dates(String lang) {
        String text = (String) js("return document.getElementById('t-summary').textContent");
        List<String> out = new ArrayList<>();
        com.ibm.icu.text.DateFormatSymbols cldr = new com.ibm.icu.text.DateFormatSymbols(new com.ibm.icu.util.ULocale(lang));
        List<String> months = new ArrayList<>(List.of(cldr.getMonths(com.ibm.icu.text.DateFormatSymbols.FORMAT,
                com.ibm.icu.text.DateFormatSymbols.WIDE)));
        months.addAll(List.of(cldr.getMonths(com.ibm.icu.text.DateFormatSymbols.FORMAT,
                com.ibm.icu.text.DateFormatSymbols.ABBREVIATED)));
        if (months.stream().noneMatch(text::contains)) {
            out.add("no " + lang + " month name in: " + text);
        }
        if (!lang.equals("en")) {
            for (String english : new com.ibm.icu.text.DateFormatSymbols(com.ibm.icu.util.ULocale.ENGLISH).getMonths()) {
                if (text.contains(english) && !months.contains(english)) {
                    out.add("English month " + english + " in: " + text);
                }
            }
        }
        if (lang.equals("ar") && !text.matches("(?s).*[\u0660-\u0669]{4}.*")) {
            out.add("no year in Arabic-Indic digits in: " + text);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static List<String> rawKeys(String keys) {
        return (List<String>) js("const keys = new Set(JSON.parse(arguments[0]));"
                + " const text = document.body.innerText + ' ' + [...document.querySelectorAll('[title],"
                + " [aria-label], [placeholder]')].map(e => (e.title || '') + ' ' + (e.getAttribute('aria-label')"
                + " || '') + ' ' + (e.placeholder || '')).join(' ');"
                + " return (text.match(/[a-z]+(\\.[A-Za-z0-9-]+){1,}/g) || []).filter(w => keys.has(w)"
                + " || /^(common|play|lobby|home|learn|puzzle|rating|tournament|account|analysis|editor"
                + "|errors)\\.[a-z]/.test(w))", keys);
    }

    @Test
    void theSitesDialogIsLabelledKeepsFocusAndEscapeCancelsIt() throws Exception {
        open("/play.html?id=" + aiGame, "en");
        module("/frame.js", "(window.answer = 'none', m.Frame.ask({title: 'Resign this game?', text: 'It ends.', confirm: 'Resign'})"
                + ".then(v => { window.answer = v; }), true)");
        waiting().until(d -> Boolean.TRUE.equals(js("return !!document.querySelector('dialog.modal[open]')")));
        assertThat(js("const d = document.querySelector('dialog.modal[open]');"
                + " return document.getElementById(d.getAttribute('aria-labelledby')).textContent")).isEqualTo(
                "Resign this game?");
        assertThat(js("return document.querySelector('dialog.modal[open]').contains(document.activeElement)"))
                .isEqualTo(true);
        browser.switchTo().activeElement().sendKeys(org.openqa.selenium.Keys.TAB, org.openqa.selenium.Keys.TAB,
                org.openqa.selenium.Keys.TAB);
        assertThat(js("return document.querySelector('dialog.modal[open]').contains(document.activeElement)"))
                .isEqualTo(true);
        browser.switchTo().activeElement().sendKeys(org.openqa.selenium.Keys.ESCAPE);
        waiting().until(d -> Boolean.FALSE.equals(js("return window.answer")));
        assertThat(js("return document.querySelectorAll('dialog').length")).isEqualTo(0L);
        for (String script : List.of("play.js", "lobby.js", "tournament.js", "tournaments.js", "account.js",
                "analysis.js", "puzzles.js", "learn.js", "home.js", "frame.js")) {
            String source = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/" + script))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(source).as(script).doesNotContain("confirm(").doesNotContain("alert(");
        }
    }
}
