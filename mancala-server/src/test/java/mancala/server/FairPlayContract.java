package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import mancala.server.config.ServerConfig;
import mancala.server.game.PlayersExtension;
import mancala.server.rating.Glicko2.Rating;
import mancala.server.rating.RatingSettlement;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Fair play through the API, on one database kind (H2 or PostgreSQL, by subclass): a game nobody starts is
 * aborted, never lost or rated; abort, claim and forfeit rules; the correspondence sweep; crossed rematch offers; one
 * player's rated games ending at the same instant. Instants are moved back in the database instead of waiting (the
 * first-move time is 30 s), then the game's clock job is made due at once.
 */
abstract class FairPlayContract {
    MancalaServer server;
    OpenApiCheck check = new OpenApiCheck();
    final String run = UUID.randomUUID().toString().substring(0, 6);

    /** @return the configuration of a fresh server on the database under test. */
    abstract ServerConfig config();

    MancalaServer start(ServerConfig c) {
        server = MancalaServer.start(c.withAddress("127.0.0.1", 0).withAiDelay(Duration.ZERO)
                .withRateLimitScale(1000));
        return server;
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        assertThat(check.problems()).as("replies that do not match /api/openapi.json").isEmpty();
    }

    CommunityClient client() {
        return new CommunityClient(server.port(), check);
    }

    Jdbi db() {
        return server.context().db().jdbi();
    }

    /** A new account with a name unique to this run. */
    CommunityClient player(String name) {
        CommunityClient c = client();
        CommunityClient.Reply r = c.post("/api/accounts", CommunityApiTest.creds(name + run, "seeds and pits"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return c;
    }

    /** A game between two players from a challenge of {@code creator} (South) taken by {@code taker}. */
    record Started(String id, String southSeat, String northSeat) {
    }

    Started challenge(CommunityClient creator, CommunityClient taker, String clock, boolean rated) {
        CommunityClient.Reply posted = creator.post("/api/challenges", "{\"game\":\"hawalis\",\"clock\":" + clock
                + ",\"rated\":" + rated + ",\"side\":\"south\"}");
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
        CommunityClient.Reply taken = taker.post("/api/challenges/" + posted.get("id").asText() + "/accept", null);
        assertThat(taken.status()).as(taken.body()).isEqualTo(200);
        String id = taken.get("gameId").asText();
        String south = creator.get("/api/games/" + id + "/seat").get("seatToken").asText();
        return new Started(id, south, taken.get("seatToken").asText());
    }

    CommunityClient.Reply move(CommunityClient c, Started g, String seat) {
        JsonNode state = c.get("/api/games/" + g.id()).json();
        return c.post("/api/games/" + g.id() + "/moves", "{\"pit\":\"" + state.get("legal").get(0).asText() + "\"}",
                seat);
    }

    /** Moves the game's start and its events {@code seconds} back, as if that much time had passed. */
    void backdate(String gameId, int seconds) {
        Duration d = Duration.ofSeconds(seconds);
        db().useTransaction(h -> {
            java.sql.Timestamp start = h.createQuery("SELECT clock_start FROM game_players WHERE game_id = :id")
                    .bind("id", gameId).mapTo(java.sql.Timestamp.class).one();
            h.createUpdate("UPDATE game_players SET clock_start = :t WHERE game_id = :id")
                    .bind("t", start.toInstant().minus(d)).bind("id", gameId).execute();
            List<Map<String, Object>> events = h.createQuery("SELECT seq, played_at FROM game_events "
                    + "WHERE game_id = :id").bind("id", gameId).mapToMap().list();
            for (Map<String, Object> e : events) {
                h.createUpdate("UPDATE game_events SET played_at = :t WHERE game_id = :id AND seq = :s")
                        .bind("t", ((java.sql.Timestamp) e.get("played_at")).toInstant().minus(d))
                        .bind("id", gameId).bind("s", ((Number) e.get("seq")).intValue()).execute();
            }
            // a new version: every cached copy of the game is read again
            h.createUpdate("UPDATE games SET version = version + 1 WHERE id = :id").bind("id", gameId).execute();
        });
        ((PlayersExtension) server.context().games().extension()).players().forget(gameId);
    }

    /** Makes the game's clock job due now and waits until the game's status is no longer {@code playing}. */
    JsonNode runClockJob(CommunityClient c, String gameId) throws InterruptedException {
        db().useHandle(h -> h.createUpdate("UPDATE jobs SET due_at = :now, version = (SELECT version FROM games "
                + "WHERE id = :id) WHERE kind = 'flag' AND subject = :id").bind("now", java.time.Instant.now())
                .bind("id", gameId).execute());
        server.context().runner().wake();
        JsonNode g = c.get("/api/games/" + gameId).json();
        for (int i = 0; i < 200 && g.get("status").asText().equals("playing"); i++) {
            Thread.sleep(50);
            g = c.get("/api/games/" + gameId).json();
        }
        return g;
    }

    JsonNode page(CommunityClient c, String name) {
        return c.get("/api/players/" + name + run).json();
    }

    @Test
    void aRatedOneMinuteGameNobodyStartsIsAbortedAndRatesNobody() throws Exception {
        start(config());
        CommunityClient amal = player("Amal");
        CommunityClient ali = player("Ali");
        Started g = challenge(amal, ali, "{\"initialSeconds\":60,\"incrementSeconds\":0}", true);
        JsonNode clock = amal.get("/api/games/" + g.id()).get("clock");
        // the clock waits for the first moves: South's first-move time runs, nobody's own time
        assertThat(clock.get("running").asText()).isEqualTo("south");
        assertThat(clock.get("south").asLong()).isEqualTo(60_000);
        assertThat(clock.get("southMoved").asBoolean()).isFalse();
        assertThat(clock.get("firstMoveMillis").asLong()).isEqualTo(30_000);
        assertThat(clock.get("firstMoveLeft").asLong()).isBetween(20_000L, 30_000L);
        // me/games lists it for both players (the home page's "your games in progress")
        assertThat(ali.get("/api/me/games").get("games")).anySatisfy(x -> assertThat(x.get("id").asText())
                .isEqualTo(g.id()));

        backdate(g.id(), 31);
        JsonNode after = runClockJob(amal, g.id());
        assertThat(after.get("status").asText()).isEqualTo("aborted");
        assertThat(after.get("result").isNull()).isTrue();
        assertThat(after.get("termination").asText()).isEqualTo("aborted");
        assertThat(after.get("legal")).isEmpty();
        // no rating, no loss: a player who was never told is not punished; nor counted as his abort
        JsonNode amalPage = page(amal, "Amal");
        assertThat(amalPage.get("ratings").size()).isZero();
        assertThat(amalPage.get("aborts").asInt()).isZero();
        assertThat(amalPage.get("games").get(0).get("termination").asText()).isEqualTo("aborted");
        assertThat(amalPage.get("games").get(0).get("outcome").isNull()).isTrue();
        assertThat(page(ali, "Ali").get("ratings").size()).isZero();
        assertThat(ali.get("/api/me/games").get("games")).noneSatisfy(x -> assertThat(x.get("id").asText())
                .isEqualTo(g.id()));
        assertThat(amal.get("/api/lobby/playing").get("games")).noneSatisfy(x -> assertThat(x.get("id").asText())
                .isEqualTo(g.id()));
        CommunityClient.Reply late = amal.post("/api/games/" + g.id() + "/moves", "{\"pit\":\"a\"}", g.southSeat());
        assertThat(late.status()).isEqualTo(409);
        assertThat(late.get("error").asText()).isEqualTo("aborted");
    }

    @Test
    void aPlayerMayAbortBeforeHisOwnFirstMoveOnlyAndHisAbortsAreCounted() {
        start(config());
        CommunityClient amal = player("Amal");
        CommunityClient ali = player("Ali");
        Started g = challenge(amal, ali, "{\"initialSeconds\":300,\"incrementSeconds\":2}", true);
        assertThat(move(amal, g, g.southSeat()).status()).isEqualTo(200);
        CommunityClient.Reply refused = amal.post("/api/games/" + g.id() + "/abort", null, g.southSeat());
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.get("error").asText()).isEqualTo("no-abort");
        assertThat(client().post("/api/games/" + g.id() + "/abort", null).status()).isEqualTo(403);
        CommunityClient.Reply aborted = ali.post("/api/games/" + g.id() + "/abort", null, g.northSeat());
        assertThat(aborted.status()).as(aborted.body()).isEqualTo(200);
        assertThat(aborted.get("status").asText()).isEqualTo("aborted");
        assertThat(aborted.get("result").isNull()).isTrue();
        assertThat(page(ali, "Ali").get("aborts").asInt()).isEqualTo(1);
        assertThat(page(amal, "Amal").get("aborts").asInt()).isZero();
        assertThat(page(amal, "Amal").get("ratings").size()).isZero();
        assertThat(ali.post("/api/games/" + g.id() + "/resign", null, g.northSeat()).status()).isEqualTo(409);
    }

    @Test
    void claimsOnlyOnTheOpponentsRunningClockNeverAgainstTheComputerAndBeforeHisFirstMoveAnAbort()
            throws Exception {
        start(config());
        CommunityClient amal = player("Amal");
        CommunityClient ali = player("Ali");
        // before the opponent's first move: the game is aborted, not lost
        Started first = challenge(amal, ali, "{\"initialSeconds\":120,\"incrementSeconds\":0}", true);
        CommunityClient.Reply own = amal.post("/api/games/" + first.id() + "/claim", null, first.southSeat());
        assertThat(own.status()).isEqualTo(409);
        assertThat(own.get("error").asText()).isEqualTo("claim-own-turn");
        assertThat(move(amal, first, first.southSeat()).status()).isEqualTo(200);
        backdate(first.id(), 31);
        CommunityClient.Reply early = amal.post("/api/games/" + first.id() + "/claim", null, first.southSeat());
        assertThat(early.status()).as(early.body()).isEqualTo(200);
        assertThat(early.get("status").asText()).isEqualTo("aborted");
        assertThat(early.get("result").isNull()).isTrue();

        // once both have moved: on his own turn refused, on the gone opponent's running clock a win
        Started g = challenge(amal, ali, "{\"initialSeconds\":120,\"incrementSeconds\":0}", true);
        assertThat(move(amal, g, g.southSeat()).status()).isEqualTo(200);
        assertThat(move(ali, g, g.northSeat()).status()).isEqualTo(200);
        assertThat(move(amal, g, g.southSeat()).status()).isEqualTo(200);
        CommunityClient.Reply mine = ali.post("/api/games/" + g.id() + "/claim", null, g.northSeat());
        assertThat(mine.status()).isEqualTo(409);
        assertThat(mine.get("error").asText()).isEqualTo("claim-own-turn");
        CommunityClient.Reply present = amal.post("/api/games/" + g.id() + "/claim", null, g.southSeat());
        assertThat(present.status()).isEqualTo(409);
        assertThat(present.get("error").asText()).isEqualTo("opponent-present");
        backdate(g.id(), 31);
        JsonNode presence = amal.post("/api/games/" + g.id() + "/presence", null, g.southSeat()).json();
        assertThat(presence.get("claim").get("against").asText()).isEqualTo("north");
        assertThat(presence.get("claim").get("inMillis").asLong()).isZero();
        CommunityClient.Reply won = amal.post("/api/games/" + g.id() + "/claim", null, g.southSeat());
        assertThat(won.status()).as(won.body()).isEqualTo(200);
        assertThat(won.get("result").asText()).isEqualTo("1-0");
        assertThat(won.get("termination").asText()).isEqualTo("abandoned");

        // never against the computer
        CommunityClient.Reply ai = amal.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1,"
                + "\"side\":\"north\",\"clock\":{\"initialSeconds\":60,\"incrementSeconds\":0}}");
        assertThat(ai.status()).as(ai.body()).isEqualTo(201);
        CommunityClient.Reply vsAi = amal.post("/api/games/" + ai.get("id").asText() + "/claim", null,
                ai.get("seatToken").asText());
        assertThat(vsAi.status()).isEqualTo(409);
        assertThat(vsAi.get("error").asText()).isEqualTo("claim-computer");
    }

    @Test
    void aTournamentNoShowForfeitsUnratedAndIsWithdrawnUntilHeComesBack() throws Exception {
        start(config());
        CommunityClient amal = player("Amal");
        CommunityClient ali = player("Ali");
        CommunityClient huda = player("Huda");
        var body = CommunityClient.JSON.createObjectNode().put("name", "No-show cup").put("game", "hawalis")
                .put("system", "round-robin").put("startsAt", java.time.Instant.now().plusSeconds(3600).toString());
        body.set("clock", CommunityClient.JSON.createObjectNode().put("initialSeconds", 300)
                .put("incrementSeconds", 0));
        String tid = amal.post("/api/tournaments", body.toString()).get("id").asText();
        for (CommunityClient c : List.of(amal, ali, huda)) {
            assertThat(c.post("/api/tournaments/" + tid + "/join", null).status()).isEqualTo(200);
        }
        JsonNode t = amal.post("/api/tournaments/" + tid + "/start", null).json();
        JsonNode game = t.get("pairings").get(0).get("games").get(0);
        String gid = game.get("gameId").asText();
        String noShow = game.get("south").asText();
        assertThat(amal.get("/api/games/" + gid).get("clock").get("firstMoveMillis").asLong()).isEqualTo(60_000);
        backdate(gid, 61);
        JsonNode over = runClockJob(amal, gid);
        assertThat(over.get("status").asText()).isEqualTo("over");
        assertThat(over.get("result").asText()).isEqualTo("0-1");
        assertThat(over.get("termination").asText()).isEqualTo("forfeit");
        JsonNode after = waitRound(amal, tid, 2);
        JsonNode scored = after.get("pairings").get(0).get("games").get(0);
        assertThat(scored.get("result").asText()).isEqualTo("0-1");
        assertThat(scored.get("forfeit").asBoolean()).isTrue();
        assertThat(after.get("players")).anySatisfy(p -> {
            assertThat(p.get("username").asText()).isEqualTo(noShow);
            assertThat(p.get("withdrawn").asBoolean()).isTrue();
        });
        // unrated: nobody's rating moved
        assertThat(page(amal, "Amal").get("ratings").size()).isZero();
        assertThat(page(ali, "Ali").get("ratings").size()).isZero();
        assertThat(page(huda, "Huda").get("ratings").size()).isZero();
        // in the next round the withdrawn player's game is scored as his forfeit, not started
        JsonNode round2 = after.get("pairings").get(1);
        for (JsonNode x : round2.get("games")) {
            if (x.get("south").asText().equals(noShow) || x.get("north").asText().equals(noShow)) {
                assertThat(x.get("gameId").isNull()).isTrue();
                assertThat(x.get("forfeit").asBoolean()).isTrue();
            }
        }
        CommunityClient back = List.of(amal, ali, huda).stream()
                .filter(c -> c.get("/api/session").get("username").asText().equals(noShow)).findFirst().orElseThrow();
        JsonNode returned = back.post("/api/tournaments/" + tid + "/return", null).json();
        assertThat(returned.get("players")).allSatisfy(p -> assertThat(p.get("withdrawn").asBoolean()).isFalse());
    }

    private static JsonNode waitRound(CommunityClient c, String tid, int round) throws InterruptedException {
        JsonNode t = c.get("/api/tournaments/" + tid).json();
        for (int i = 0; i < 200 && t.get("pairings").size() < round; i++) {
            Thread.sleep(50);
            t = c.get("/api/tournaments/" + tid).json();
        }
        return t;
    }

    @Test
    void theSweepLeavesARunningCorrespondenceClockAloneAndClosesClocklessGamesWithAResult() throws Exception {
        start(config().withAbandonAfter(Duration.ofSeconds(4)));
        CommunityClient amal = player("Amal");
        CommunityClient ali = player("Ali");
        Started corr = challenge(amal, ali, "{\"daysPerMove\":3}", false);
        assertThat(move(amal, corr, corr.southSeat()).status()).isEqualTo(200);
        // two guests on an invitation without a clock: one game where both moved, one where North never did
        CommunityClient a = client();
        CommunityClient b = client();
        String[] both = invite(a, b);
        String[] once = invite(a, b);
        move(a, new Started(both[0], both[1], both[2]), both[1]);
        JsonNode afterOne = move(b, new Started(both[0], both[1], both[2]), both[2]).json();
        String loser = afterOne.get("toMove").asText();
        JsonNode onlySouth = move(a, new Started(once[0], once[1], once[2]), once[1]).json();
        assertThat(onlySouth.get("toMove").asText()).isEqualTo("north");
        Thread.sleep(5000);
        // the sweep job of an earlier server on this database may fall due later: now
        db().useHandle(h -> h.createUpdate("UPDATE jobs SET due_at = :now WHERE kind = 'sweep'")
                .bind("now", java.time.Instant.now()).execute());
        server.context().runner().wake();
        Thread.sleep(1000);
        JsonNode c = amal.get("/api/games/" + corr.id()).json();
        assertThat(c.get("status").asText()).isEqualTo("playing");
        assertThat(c.get("clock").get("running").asText()).isEqualTo("north");
        // both moved: the side to move, gone, loses, termination abandoned (the stated result)
        JsonNode bothOver = waitClosed(a, both[0]);
        assertThat(bothOver.get("status").asText()).isEqualTo("over");
        assertThat(bothOver.get("result").asText()).isEqualTo(loser.equals("south") ? "0-1" : "1-0");
        assertThat(bothOver.get("termination").asText()).isEqualTo("abandoned");
        // North never moved: aborted, no result
        assertThat(waitClosed(a, once[0]).get("status").asText()).isEqualTo("aborted");
    }

    private JsonNode waitClosed(CommunityClient c, String id) throws InterruptedException {
        JsonNode g = c.get("/api/games/" + id).json();
        for (int i = 0; i < 200 && g.get("status").asText().equals("playing"); i++) {
            Thread.sleep(50);
            g = c.get("/api/games/" + id).json();
        }
        return g;
    }

    /** @return id, South's and North's seat of an invitation made by {@code a} (South) and taken by {@code b}. */
    private static String[] invite(CommunityClient a, CommunityClient b) {
        CommunityClient.Reply made = a.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"invite\","
                + "\"side\":\"south\"}");
        String id = made.get("id").asText();
        CommunityClient.Reply joined = b.post("/api/games/" + id + "/join", "{\"code\":\""
                + made.get("inviteCode").asText() + "\"}");
        assertThat(joined.status()).as(joined.body()).isEqualTo(200);
        return new String[] {id, made.get("seatToken").asText(), joined.get("seatToken").asText()};
    }

    @Test
    void crossedRematchOffersMakeExactlyOneGame() throws Exception {
        start(config());
        CommunityClient amal = player("Amal");
        CommunityClient ali = player("Ali");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < 12; i++) {
                Started g = challenge(amal, ali, "{\"initialSeconds\":300,\"incrementSeconds\":0}", false);
                assertThat(ali.post("/api/games/" + g.id() + "/resign", null, g.northSeat()).status())
                        .isEqualTo(200);
                CyclicBarrier together = new CyclicBarrier(2);
                List<Future<CommunityClient.Reply>> offers = new ArrayList<>();
                for (CommunityClient c : List.of(amal, ali)) {
                    offers.add(pool.submit(() -> {
                        together.await();
                        return c.post("/api/games/" + g.id() + "/rematch", null);
                    }));
                }
                List<String> games = new ArrayList<>();
                for (Future<CommunityClient.Reply> f : offers) {
                    CommunityClient.Reply r = f.get();
                    assertThat(r.status()).as(r.body()).isIn(200, 201);
                    if (r.get("gameId") != null) {
                        games.add(r.get("gameId").asText());
                    }
                }
                assertThat(games).as("try %d", i).hasSize(1);
                Map<String, Object> counts = db().withHandle(h -> h.createQuery("SELECT COUNT(*) AS n, "
                                + "SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END) AS open FROM challenges "
                                + "WHERE rematch_of = :g").bind("g", g.id()).mapToMap().one());
                assertThat(((Number) counts.get("n")).intValue()).as("try %d", i).isEqualTo(1);
                assertThat(((Number) counts.get("open")).intValue()).as("try %d", i).isZero();
                // asking again answers the same game
                assertThat(amal.post("/api/games/" + g.id() + "/rematch", null).get("gameId").asText())
                        .isEqualTo(games.get(0));
                // the rematch game is aborted to keep the next try's challenge count low
                CommunityClient.Reply x = amal.post("/api/games/" + games.get(0) + "/abort", null);
                assertThat(x.status()).isIn(200, 403, 409);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void eightRatedGamesOfOnePlayerEndingAtOnceAllSettleInGlickoOrder() throws Exception {
        start(config());
        CommunityClient star = player("Star");
        List<CommunityClient> opponents = new ArrayList<>();
        List<Started> games = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            CommunityClient o = player("Opp" + i);
            opponents.add(o);
            Started g = challenge(star, o, "{\"initialSeconds\":300,\"incrementSeconds\":0}", true);
            assertThat(move(star, g, g.southSeat()).status()).isEqualTo(200);
            assertThat(move(o, g, g.northSeat()).status()).isEqualTo(200);
            games.add(g);
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CyclicBarrier together = new CyclicBarrier(8);
            List<Future<CommunityClient.Reply>> ends = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                CommunityClient o = opponents.get(i);
                Started g = games.get(i);
                ends.add(pool.submit(() -> {
                    together.await();
                    return o.post("/api/games/" + g.id() + "/resign", null, g.northSeat());
                }));
            }
            for (Future<CommunityClient.Reply> f : ends) {
                CommunityClient.Reply r = f.get();
                assertThat(r.status()).as(r.body()).isEqualTo(200);
                assertThat(r.get("result").asText()).isEqualTo("1-0");
            }
        } finally {
            pool.shutdownNow();
        }
        long starId = db().withHandle(h -> h.createQuery("SELECT id FROM accounts WHERE username = :u")
                .bind("u", "Star" + run).mapTo(Long.class).one());
        List<double[]> history = db().withHandle(h -> h.createQuery("SELECT rating, deviation FROM rating_history "
                        + "WHERE account_id = :a ORDER BY rating").bind("a", starId)
                .map((rs, c) -> new double[] {rs.getDouble(1), rs.getDouble(2)}).list());
        assertThat(history).hasSize(8);
        // each opponent is new: whatever the order, Glicko-2 applied game after game gives this sequence
        Rating expected = Rating.initial();
        for (double[] row : history) {
            expected = RatingSettlement.settle(expected, Rating.initial(), 1)[0];
            assertThat(row[0]).isCloseTo(expected.rating(), org.assertj.core.data.Offset.offset(1e-6));
            assertThat(row[1]).isCloseTo(expected.deviation(), org.assertj.core.data.Offset.offset(1e-6));
        }
        double stored = db().withHandle(h -> h.createQuery("SELECT rating FROM ratings WHERE account_id = :a")
                .bind("a", starId).mapTo(Double.class).one());
        assertThat(stored).isCloseTo(expected.rating(), org.assertj.core.data.Offset.offset(1e-6));
        int opponentsRated = db().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM rating_history h JOIN accounts a "
                + "ON a.id = h.account_id WHERE a.username LIKE :p").bind("p", "Opp%" + run).mapTo(Integer.class)
                .one());
        assertThat(opponentsRated).isEqualTo(8);
    }
}
