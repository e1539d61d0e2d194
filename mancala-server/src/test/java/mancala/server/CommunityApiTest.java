package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.HttpCookie;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mancala.record.GameRecord;
import mancala.record.MoveClocks;
import mancala.record.RecordReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Accounts, the lobby, clocks and ratings through the API as a browser uses it (cookies), over H2. Every reply is
 * checked against the OpenAPI document.
 */
class CommunityApiTest {
    @TempDir
    Path dir;

    MancalaServer server;
    OpenApiCheck check = new OpenApiCheck();

    @BeforeEach
    void start() {
        // The tests play far faster than a person, from one address: the per-client limits are raised.
        server = MancalaServer.start(mancala.server.config.ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(mancala.server.store.Database.h2FileUrl(dir.resolve("c")), null, null)
                .withAiDelay(java.time.Duration.ZERO).withRateLimitScale(1000));
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

    static String creds(String user, String password) {
        return CommunityClient.JSON.createObjectNode().put("username", user).put("password", password).toString();
    }

    @Test
    void signUpLogInLogOutAndChangeThePassword() {
        CommunityClient a = client();
        CommunityClient.Reply r = a.post("/api/accounts", creds("Amal", "seeds and pits"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.get("username").asText()).isEqualTo("Amal");
        HttpCookie session = a.cookieObject("mancala-session");
        assertThat(session).isNotNull();
        assertThat(session.isHttpOnly()).isTrue();
        assertThat(r.raw().headers().allValues("Set-Cookie").toString()).contains("SameSite=Lax");
        assertThat(a.get("/api/session").get("username").asText()).isEqualTo("Amal");
        // the same name in other letters' case is taken; bad names and short passwords are refused
        CommunityClient b = client();
        assertThat(b.post("/api/accounts", creds("amal", "another one")).get("error").asText())
                .isEqualTo("username-taken");
        assertThat(b.post("/api/accounts", creds("a b", "long enough")).get("error").asText())
                .isEqualTo("bad-username");
        assertThat(b.post("/api/accounts", creds("Bilal", "short")).get("error").asText()).isEqualTo("bad-password");
        assertThat(b.post("/api/session", creds("Amal", "wrong password")).status()).isEqualTo(401);
        CommunityClient.Reply in = b.post("/api/session", creds("AMAL", "seeds and pits"));
        assertThat(in.status()).isEqualTo(200);
        assertThat(in.get("username").asText()).isEqualTo("Amal");
        // a password change ends the other sessions
        assertThat(a.post("/api/account/password", "{\"current\":\"wrong\",\"password\":\"new password\"}")
                .status()).isEqualTo(403);
        assertThat(a.post("/api/account/password", "{\"current\":\"seeds and pits\",\"password\":\"new password\"}")
                .status()).isEqualTo(204);
        assertThat(b.get("/api/session").get("username").isNull()).isTrue();
        assertThat(a.get("/api/session").get("username").asText()).isEqualTo("Amal");
        assertThat(a.delete("/api/session").status()).isEqualTo(204);
        assertThat(a.get("/api/session").get("username").isNull()).isTrue();
        assertThat(b.post("/api/session", creds("Amal", "seeds and pits")).status()).isEqualTo(401);
        assertThat(b.post("/api/session", creds("Amal", "new password")).status()).isEqualTo(200);
    }

    @Test
    void loginsAreLimitedPerNameAndAddress() {
        CommunityClient a = client();
        a.post("/api/accounts", creds("Salim", "the right one"));
        int refused = 0;
        CommunityClient.Reply last = null;
        for (int i = 0; i < 20; i++) {
            last = a.post("/api/session", creds(i % 2 == 0 ? "Salim" : "SALIM", "wrong " + i));
            if (i < 5) {
                assertThat(last.status()).as("attempt %d", i + 1).isEqualTo(401);
            } else if (last.status() == 429) {
                refused++;
            }
        }
        // 5 wrong passwords for one name (in any case) from one address: then one try every 3 minutes
        assertThat(refused).isEqualTo(15);
        assertThat(last.get("error").asText()).isEqualTo("rate-limited");
        assertThat(last.raw().headers().firstValue("Retry-After")).isPresent();
    }

    /**
     * A game made through {@code POST /api/games} by a signed-in player (against the computer, or an invitation,
     * and the invited player joining signed in) carries his account and user name, is unrated, and is listed on his
     * page; a guest's game carries no account.
     */
    @Test
    void gamesMadeOrJoinedBySignedInPlayersCarryTheirAccounts() {
        CommunityClient amal = client();
        CommunityClient ali = client();
        CommunityClient guest = client();
        amal.post("/api/accounts", creds("Amal", "seeds and pits"));
        ali.post("/api/accounts", creds("Ali", "pits and seeds"));
        CommunityClient.Reply ai = amal.post("/api/games",
                "{\"game\":\"hawalis\",\"mode\":\"ai\",\"side\":\"north\",\"level\":1,\"name\":\"Someone\"}");
        assertThat(ai.status()).as(ai.body()).isEqualTo(201);
        String aiId = ai.get("id").asText();
        JsonNode view = amal.get("/api/games/" + aiId).json();
        assertThat(view.get("players").get("north").get("name").asText()).isEqualTo("Amal");
        assertThat(view.get("accounts").get("north").asText()).isEqualTo("Amal");
        assertThat(view.get("accounts").get("south").isNull()).isTrue();
        assertThat(view.get("rated").asBoolean()).isFalse();

        // an invitation made by a guest, taken by a signed-in player; one made by a signed-in player
        CommunityClient.Reply byGuest = guest.post("/api/games", "{\"game\":\"al-manqala\",\"mode\":\"invite\"}");
        String guestGame = byGuest.get("id").asText();
        CommunityClient.Reply joined = ali.post("/api/games/" + guestGame + "/join",
                "{\"code\":\"" + byGuest.get("inviteCode").asText() + "\"}");
        assertThat(joined.status()).as(joined.body()).isEqualTo(200);
        JsonNode gv = guest.get("/api/games/" + guestGame).json();
        assertThat(gv.get("accounts").get("south").isNull()).isTrue();
        assertThat(gv.get("accounts").get("north").asText()).isEqualTo("Ali");
        assertThat(gv.get("players").get("north").get("name").asText()).isEqualTo("Ali");
        assertThat(gv.get("players").get("south").get("name").asText()).isEqualTo("Anonymous");

        CommunityClient.Reply invite = amal.post("/api/games", "{\"game\":\"rio-kadalis\",\"mode\":\"invite\","
                + "\"side\":\"south\",\"clock\":{\"initialSeconds\":300,\"incrementSeconds\":0}}");
        assertThat(invite.status()).as(invite.body()).isEqualTo(201);
        String both = invite.get("id").asText();
        ali.post("/api/games/" + both + "/join", "{\"code\":\"" + invite.get("inviteCode").asText() + "\"}");
        JsonNode bv = ali.get("/api/games/" + both).json();
        assertThat(bv.get("accounts").get("south").asText()).isEqualTo("Amal");
        assertThat(bv.get("accounts").get("north").asText()).isEqualTo("Ali");
        assertThat(bv.get("clock").isObject()).isTrue();

        List<String> amals = new ArrayList<>();
        for (JsonNode g : amal.get("/api/players/Amal").get("games")) {
            amals.add(g.get("id").asText());
            assertThat(g.get("rated").asBoolean()).isFalse();
        }
        assertThat(amals).containsExactlyInAnyOrder(aiId, both);
        List<String> alis = new ArrayList<>();
        for (JsonNode g : ali.get("/api/players/Ali").get("games")) {
            alis.add(g.get("id").asText() + " " + g.get("side").asText() + " " + g.get("opponent").asText());
        }
        assertThat(alis).containsExactlyInAnyOrder(guestGame + " north Anonymous", both + " north Amal");
        // a guest's own game against the computer stays his own, with no account
        CommunityClient.Reply mine = guest.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1}");
        JsonNode mv = guest.get("/api/games/" + mine.get("id").asText()).json();
        assertThat(mv.get("players").get("south").get("name").asText()).isEqualTo("Anonymous");
    }

    /** @return the seeds {@code side} has: its holdings and the seeds in its pits. */
    static int seedsOf(JsonNode board, String side) {
        int n = board.get("holdings").get(side).asInt();
        for (int i = 0; i < board.get("pits").size(); i++) {
            if (side.equals(board.get("owners").get(i).asText())) {
                n += board.get("pits").get(i).asInt();
            }
        }
        return n;
    }

    /**
     * The computer takes a draw only when strictly behind in seeds: never in the opening (equal seeds), and at
     * every later turn exactly when it has fewer seeds than the player.
     */
    @Test
    void theComputerTakesADrawOnlyWhenBehind() throws Exception {
        CommunityClient me = client();
        CommunityClient.Reply made = me.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":5}");
        String id = made.get("id").asText();
        CommunityClient.Reply first = me.post("/api/games/" + id + "/draw/offer", "{}");
        assertThat(first.status()).as(first.body()).isEqualTo(409);
        assertThat(first.get("error").asText()).isEqualTo("declined");
        assertThat(me.get("/api/games/" + id).get("status").asText()).isEqualTo("playing");
        // level 1 plays nearly at random: play it until it falls behind, offering a draw at each turn
        int declined = 0;
        boolean accepted = false;
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        for (int game = 0; game < 10 && !accepted; game++) {
            id = me.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1}").get("id").asText();
            for (int turn = 0; turn < 200 && !accepted; turn++) {
                JsonNode v = me.get("/api/games/" + id).json();
                for (int wait = 0; wait < 200 && "north".equals(v.get("toMove").asText()); wait++) {
                    Thread.sleep(20);
                    v = me.get("/api/games/" + id).json();
                }
                if (!"playing".equals(v.get("status").asText())) {
                    break;
                }
                boolean behind = seedsOf(v.get("board"), "north") < seedsOf(v.get("board"), "south");
                CommunityClient.Reply offer = me.post("/api/games/" + id + "/draw/offer", "{}");
                if (behind) {
                    assertThat(offer.status()).as(offer.body()).isEqualTo(200);
                    assertThat(offer.get("result").asText()).isEqualTo("1/2-1/2");
                    accepted = true;
                } else {
                    assertThat(offer.status()).as("turn %d: %s", turn, offer.body()).isEqualTo(409);
                    declined++;
                    String pit = v.get("legal").get(random.nextInt(v.get("legal").size())).asText();
                    CommunityClient.Reply moved = me.post("/api/games/" + id + "/moves", "{\"pit\":\"" + pit + "\"}");
                    assertThat(moved.status()).as(moved.body()).isEqualTo(200);
                }
            }
        }
        assertThat(accepted).as("the computer fell behind and took the draw").isTrue();
        assertThat(declined).isPositive();
    }

    /** A path that exists only for other methods answers 405 with an Allow header; an unknown path stays 404. */
    @Test
    void aWrongMethodIsRefusedWithTheAllowedOnes() throws Exception {
        CommunityClient c = client();
        String id = c.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"local\"}").get("id").asText();
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpResponse<String> r = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                        "http://127.0.0.1:" + server.port() + "/api/games/" + id + "/hint"))
                .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(405);
        assertThat(r.headers().firstValue("Allow")).hasValueSatisfying(a -> assertThat(a).contains("GET")
                .doesNotContain("POST"));
        JsonNode b = CommunityClient.JSON.readTree(r.body());
        assertThat(b.get("status").asInt()).isEqualTo(405);
        assertThat(b.get("error").asText()).isEqualTo("method-not-allowed");
        java.net.http.HttpResponse<String> none = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                        "http://127.0.0.1:" + server.port() + "/api/games/" + id + "/nothing"))
                .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(none.statusCode()).isEqualTo(404);
    }

    static String tournament(String startsAt, Integer rounds) {
        var b = CommunityClient.JSON.createObjectNode().put("name", "Zanzibar open").put("game", "hawalis")
                .put("system", "swiss").put("startsAt", startsAt);
        b.set("clock", CommunityClient.JSON.createObjectNode().put("initialSeconds", 600).put("incrementSeconds", 5));
        if (rounds != null) {
            b.put("rounds", rounds);
        }
        return b.toString();
    }

    JsonNode waitWhileOpen(CommunityClient c, String id) throws InterruptedException {
        JsonNode t = c.get("/api/tournaments/" + id).json();
        for (int i = 0; i < 200 && t.get("status").asText().equals("open"); i++) {
            Thread.sleep(50);
            t = c.get("/api/tournaments/" + id).json();
        }
        return t;
    }

    /**
     * A tournament may not start in the past; joining one that is no longer open says why (cancelled, started); a
     * Swiss asked for more rounds than its players allow says so.
     */
    @Test
    void tournamentStartsRoundsAndLateJoins() throws Exception {
        CommunityClient amal = client();
        CommunityClient ali = client();
        CommunityClient late = client();
        amal.post("/api/accounts", creds("Amal", "seeds and pits"));
        ali.post("/api/accounts", creds("Ali", "pits and seeds"));
        late.post("/api/accounts", creds("Huda", "late comer pass"));
        CommunityClient.Reply past = amal.post("/api/tournaments",
                tournament(java.time.Instant.now().minusSeconds(3600).toString(), 3));
        assertThat(past.status()).as(past.body()).isEqualTo(400);
        assertThat(past.get("error").asText()).isEqualTo("starts-at-past");
        assertThat(past.get("message").asText()).contains("startsAt");
        assertThat(past.get("details").get("field").asText()).isEqualTo("startsAt");

        String soon = java.time.Instant.now().plusSeconds(2).toString();
        String empty = amal.post("/api/tournaments", tournament(soon, 3)).get("id").asText();
        CommunityClient.Reply made = amal.post("/api/tournaments", tournament(soon, 5));
        assertThat(made.status()).as(made.body()).isEqualTo(201);
        String swiss = made.get("id").asText();
        assertThat(made.get("rounds").asInt()).isEqualTo(5);
        assertThat(amal.post("/api/tournaments/" + swiss + "/join", null).status()).isEqualTo(200);
        assertThat(ali.post("/api/tournaments/" + swiss + "/join", null).status()).isEqualTo(200);

        JsonNode cancelled = waitWhileOpen(amal, empty);
        assertThat(cancelled.get("status").asText()).isEqualTo("cancelled");
        CommunityClient.Reply toCancelled = late.post("/api/tournaments/" + empty + "/join", null);
        assertThat(toCancelled.status()).isEqualTo(409);
        assertThat(toCancelled.get("error").asText()).isEqualTo("tournament-cancelled");
        assertThat(late.get("/api/tournaments/" + empty).get("fewerRounds")).isNull();

        JsonNode running = waitWhileOpen(amal, swiss);
        assertThat(running.get("status").asText()).isEqualTo("running");
        // two players meet once: one round of the five asked, and the view says why
        assertThat(running.get("rounds").asInt()).isEqualTo(1);
        assertThat(running.get("roundsAsked").asInt()).isEqualTo(5);
        assertThat(running.get("fewerRounds").asText()).isEqualTo("too-few-players");
        CommunityClient.Reply toRunning = late.post("/api/tournaments/" + swiss + "/join", null);
        assertThat(toRunning.status()).isEqualTo(409);
        assertThat(toRunning.get("error").asText()).isEqualTo("tournament-started");
        // each refusal has its text in every language of the site (English keeps the server's own message)
        for (String lang : List.of("ar", "so", "pt", "fi", "ru")) {
            for (String code : List.of("starts-at-past", "tournament-started", "tournament-cancelled",
                    "tournament-finished")) {
                assertThat(mancala.server.i18n.ErrorText.message(lang, code, "server text", Map.of()))
                        .as("%s %s", lang, code).isNotEqualTo("server text").isNotBlank();
            }
        }
        assertThat(mancala.server.i18n.ErrorText.message("fi", "tournament-cancelled", "x", Map.of()))
                .isEqualTo("Turnaus peruttiin: alkuhetkellä siihen oli liittynyt liian vähän pelaajia.");
    }

    /** Two players: a challenge with a clock, taken, played on the clock, resigned; ratings move both ways. */
    @Test
    void aChallengeWithAClockIsTakenPlayedAndRated() throws Exception {
        CommunityClient amal = client();
        CommunityClient ali = client();
        amal.post("/api/accounts", creds("Amal", "seeds and pits"));
        ali.post("/api/accounts", creds("Ali", "pits and seeds"));
        CommunityClient.Reply posted = amal.post("/api/challenges", "{\"game\":\"al-manqala\",\"clock\":"
                + "{\"initialSeconds\":300,\"incrementSeconds\":5},\"rated\":true,\"side\":\"south\"}");
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
        String cid = posted.get("id").asText();
        assertThat(posted.get("creatorRating").asInt()).isEqualTo(1500);
        // a rated game is played by the default rules
        assertThat(amal.post("/api/challenges", "{\"game\":\"al-manqala\",\"options\":\"relay\",\"rated\":true}")
                .status()).isEqualTo(400);
        JsonNode seen = ali.get("/api/challenges").get("challenges");
        assertThat(seen).anySatisfy(c -> {
            assertThat(c.get("id").asText()).isEqualTo(cid);
            assertThat(c.get("clock").get("initialSeconds").asInt()).isEqualTo(300);
        });
        assertThat(amal.post("/api/challenges/" + cid + "/accept", null).status()).isEqualTo(409);
        CommunityClient.Reply taken = ali.post("/api/challenges/" + cid + "/accept", null);
        assertThat(taken.status()).as(taken.body()).isEqualTo(200);
        String gid = taken.get("gameId").asText();
        assertThat(taken.get("side").asText()).isEqualTo("north");
        assertThat(client().post("/api/challenges/" + cid + "/accept", null).status()).isEqualTo(409);
        String northSeat = taken.get("seatToken").asText();
        CommunityClient.Reply seat = amal.get("/api/games/" + gid + "/seat");
        assertThat(seat.get("side").asText()).isEqualTo("south");
        String southSeat = seat.get("seatToken").asText();
        assertThat(client().get("/api/games/" + gid + "/seat").status()).isEqualTo(404);
        JsonNode g = amal.get("/api/games/" + gid).json();
        assertThat(g.get("rated").asBoolean()).isTrue();
        assertThat(g.get("clock").get("running").asText()).isEqualTo("south");
        assertThat(g.get("clock").get("north").asLong()).isEqualTo(300_000);
        assertThat(g.get("accounts").get("south").asText()).isEqualTo("Amal");
        // four plies; a first move takes no time and earns no increment (each side's own time runs only after
        // it), every later move gains the increment
        assertThat(g.get("clock").get("firstMoveLeft").asLong()).isBetween(20_000L, 30_000L);
        for (int ply = 1; ply <= 4; ply++) {
            String s = g.get("toMove").asText().equals("south") ? southSeat : northSeat;
            String pit = g.get("legal").get(0).asText();
            CommunityClient.Reply m = amal.post("/api/games/" + gid + "/moves", "{\"pit\":\"" + pit + "\"}", s);
            assertThat(m.status()).as(m.body()).isEqualTo(200);
            g = m.json();
            String mover = ply % 2 == 1 ? "south" : "north";
            long left = g.get("clock").get(mover).asLong();
            if (ply <= 2) {
                assertThat(left).isEqualTo(300_000);
            } else {
                assertThat(left).isGreaterThan(300_000).isLessThanOrEqualTo(305_000);
            }
        }
        String record = amal.get("/api/games/" + gid + "/record").body();
        GameRecord read = RecordReader.read(record, "r.txt").get(0);
        assertThat(read.tag("TimeControl")).contains("300+5");
        assertThat(MoveClocks.clocks(read)).hasSize(4).allSatisfy(c -> assertThat(c.getAsLong())
                .isGreaterThanOrEqualTo(300_000));
        // the list of games being played shows it
        assertThat(ali.get("/api/lobby/playing").get("games")).anySatisfy(x -> assertThat(x.get("id").asText())
                .isEqualTo(gid));
        // Ali resigns: Amal's rating rises, Ali's falls, by the same amount (equal ratings and deviations)
        assertThat(ali.post("/api/games/" + gid + "/resign", null, northSeat).status()).isEqualTo(200);
        JsonNode amalPage = waitRated(amal, "Amal");
        JsonNode aliPage = waitRated(ali, "Ali");
        int up = amalPage.get("ratings").get("al-manqala").get("rating").asInt();
        int down = aliPage.get("ratings").get("al-manqala").get("rating").asInt();
        assertThat(up).isGreaterThan(1500);
        assertThat(down).isLessThan(1500);
        assertThat(up - 1500).isEqualTo(1500 - down);
        assertThat(amalPage.get("ratings").get("al-manqala").get("provisional").asBoolean()).isTrue();
        assertThat(amalPage.get("ratings").get("al-manqala").get("history")).hasSize(1);
        JsonNode game = amalPage.get("games").get(0);
        assertThat(game.get("outcome").asText()).isEqualTo("win");
        assertThat(game.get("opponent").asText()).isEqualTo("Ali");
        assertThat(game.get("termination").asText()).isEqualTo("resignation");
        assertThat(game.get("ratingChange").asInt()).isEqualTo(up - 1500);
        assertThat(amal.get("/api/players/Amal?result=loss").get("games")).isEmpty();
        assertThat(amal.get("/api/players/Amal?opponent=Ali&game=al-manqala").get("games")).hasSize(1);
        assertThat(amal.get("/api/leaderboards/al-manqala").get("players").get(0).get("username").asText())
                .isEqualTo("Amal");
        // a rematch: Ali offers, Amal takes it; the sides are swapped
        CommunityClient.Reply offer = ali.post("/api/games/" + gid + "/rematch", null);
        assertThat(offer.status()).as(offer.body()).isEqualTo(201);
        CommunityClient.Reply again = amal.post("/api/games/" + gid + "/rematch", null);
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.get("side").asText()).isEqualTo("north");
        JsonNode g2 = amal.get("/api/games/" + again.get("gameId").asText()).json();
        assertThat(g2.get("accounts").get("south").asText()).isEqualTo("Ali");
        assertThat(g2.get("clock").get("initialSeconds").asInt()).isEqualTo(300);
    }

    private static JsonNode waitRated(CommunityClient c, String name) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            JsonNode p = c.get("/api/players/" + name).json();
            if (p.get("ratings").size() > 0) {
                return p;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(name + " was never rated");
    }

    @Test
    void quickPairingMatchesTheSameGameAndClock() {
        CommunityClient a = client();
        CommunityClient b = client();
        CommunityClient c = client();
        a.post("/api/accounts", creds("Omar", "seeds and pits"));
        b.post("/api/accounts", creds("Huda", "seeds and pits"));
        c.post("/api/accounts", creds("Zaid", "seeds and pits"));
        CommunityClient.Reply wait = a.post("/api/seeks", "{\"game\":\"hawalis\",\"clock\":{\"initialSeconds\":180,"
                + "\"incrementSeconds\":2}}");
        assertThat(wait.status()).as(wait.body()).isEqualTo(201);
        // another clock does not pair; the same one does
        assertThat(c.post("/api/seeks", "{\"game\":\"hawalis\",\"clock\":{\"initialSeconds\":300,"
                + "\"incrementSeconds\":0}}").status()).isEqualTo(201);
        CommunityClient.Reply paired = b.post("/api/seeks", "{\"game\":\"hawalis\",\"clock\":{\"initialSeconds\":180,"
                + "\"incrementSeconds\":2}}");
        assertThat(paired.status()).as(paired.body()).isEqualTo(200);
        String gid = paired.get("gameId").asText();
        assertThat(a.get("/api/games/" + gid + "/seat").status()).isEqualTo(200);
        assertThat(c.get("/api/games/" + gid + "/seat").status()).isEqualTo(404);
        // seeks are not listed as open challenges to others
        assertThat(b.get("/api/challenges").get("challenges")).noneSatisfy(x -> assertThat(x.get("kind").asText())
                .isEqualTo("seek"));
    }

    @Test
    void aChallengeToANamedPlayerIsHisAlone() {
        CommunityClient a = client();
        CommunityClient b = client();
        CommunityClient guest = client();
        a.post("/api/accounts", creds("Maryam", "seeds and pits"));
        b.post("/api/accounts", creds("Yusuf", "seeds and pits"));
        CommunityClient.Reply r = a.post("/api/challenges", "{\"game\":\"rio-kadalis\",\"to\":\"yusuf\","
                + "\"clock\":{\"daysPerMove\":3}}");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.get("to").asText()).isEqualTo("yusuf");
        String id = r.get("id").asText();
        assertThat(guest.get("/api/challenges").get("challenges")).isEmpty();
        assertThat(guest.post("/api/challenges/" + id + "/accept", null).status()).isEqualTo(404);
        CommunityClient.Reply ok = b.post("/api/challenges/" + id + "/accept", null);
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        JsonNode g = b.get("/api/games/" + ok.get("gameId").asText()).json();
        assertThat(g.get("clock").get("daysPerMove").asInt()).isEqualTo(3);
        assertThat(g.get("clock").get("north").asLong()).isEqualTo(3 * 86_400_000L);
        assertThat(g.get("clock").get("south").asLong()).isBetween(3 * 86_400_000L - 60_000, 3 * 86_400_000L);
        assertThat(g.get("rated").asBoolean()).isFalse();
        // a guest may post a casual challenge but not a rated one
        assertThat(guest.post("/api/challenges", "{\"game\":\"hawalis\",\"rated\":true}").status()).isEqualTo(401);
        assertThat(guest.post("/api/challenges", "{\"game\":\"hawalis\"}").status()).isEqualTo(201);
        assertThat(guest.post("/api/challenges", "{\"game\":\"hawalis\",\"clock\":{\"initialSeconds\":10}}")
                .get("message").asText()).contains("initialSeconds must be from 60 to 1800");
    }

    @Test
    void aGameAgainstTheComputerMayHaveAClock() {
        CommunityClient a = client();
        CommunityClient.Reply r = a.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1,"
                + "\"clock\":{\"initialSeconds\":60,\"incrementSeconds\":0}}");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        JsonNode clock = r.get("game").get("clock");
        assertThat(clock.get("running").asText()).isEqualTo("south");
        assertThat(clock.get("south").asLong()).isBetween(55_000L, 60_000L);
        assertThat(a.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"local\",\"clock\":{\"daysPerMove\":1}}")
                .status()).isEqualTo(400);
        assertThat(a.post("/api/games", "{\"game\":\"hawalis\",\"clock\":{\"daysPerMove\":2}}").get("message")
                .asText()).contains("daysPerMove must be 1, 3 or 7");
    }
}
