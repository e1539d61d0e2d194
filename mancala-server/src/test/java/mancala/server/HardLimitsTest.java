package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The limits of issue 24 with the default scale (a stranger's server), on H2 and PostgreSQL: guests of one address
 * share the cap of 5 open challenges; challenges are limited per account on all instances (the database's counts);
 * lobby sockets per address; a new account's rated challenge is refused and its seek made casual, saying why; two
 * accounts play at most 3 rated games a day with each other.
 */
class HardLimitsTest {
    @TempDir
    Path dir;

    @Test
    void limitsHoldOnH2() throws Exception {
        String url = Database.h2FileUrl(dir.resolve("limits"));
        run(url, null, null);
    }

    @Test
    @Tag("postgres")
    void limitsHoldOnPostgres() throws Exception {
        Services.requirePostgres();
        try (Connection c = DriverManager.getConnection(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
             Statement st = c.createStatement()) {
            if (c.getMetaData().getTables(null, null, "rate_counts", null).next()) {
                st.executeUpdate("DELETE FROM rate_counts"); // an earlier run's counts
                st.executeUpdate("UPDATE challenges SET status = 'cancelled' WHERE status = 'open'");
                st.executeUpdate("DELETE FROM game_players WHERE rated = TRUE");
                st.executeUpdate("DELETE FROM sessions");
                st.executeUpdate("DELETE FROM tournament_players WHERE account_id IN "
                        + "(SELECT id FROM accounts WHERE username LIKE 'hl%')");
                st.executeUpdate("DELETE FROM tournaments WHERE creator IN "
                        + "(SELECT id FROM accounts WHERE username LIKE 'hl%')");
                st.executeUpdate("DELETE FROM accounts WHERE username LIKE 'hl%'");
            }
        }
        run(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
    }

    private Connection sql(String url, String user, String password) throws Exception {
        return user == null ? DriverManager.getConnection(url, "sa", "")
                : DriverManager.getConnection(url, user, password);
    }

    private void run(String url, String user, String password) throws Exception {
        try (MancalaServer server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(url, user, password).withAiDelay(Duration.ZERO))) {
            int port = server.port();
            guestsShareTheAddressCap(port);
            lobbySocketsArePerAddress(port);
            ratedPlayRules(port, url, user, password);
            ratedTournaments(port, url, user, password);
        }
    }

    private static String challenge(boolean rated) {
        return "{\"game\":\"hawalis\",\"rated\":" + rated + ",\"clock\":{\"initialSeconds\":300,"
                + "\"incrementSeconds\":0}}";
    }

    /** Seven guests (each his own cookie jar, so each a new guest key) from one address: five challenges stand. */
    private void guestsShareTheAddressCap(int port) {
        List<Integer> statuses = new ArrayList<>();
        String lastError = null;
        for (int i = 0; i < 7; i++) {
            CommunityClient guest = new CommunityClient(port, null);
            CommunityClient.Reply r = guest.post("/api/challenges", challenge(false));
            statuses.add(r.status());
            if (r.status() != 201) {
                lastError = r.get("error").asText();
            }
        }
        assertThat(statuses).containsExactly(201, 201, 201, 201, 201, 409, 409);
        assertThat(lastError).isEqualTo("too-many-challenges");
    }

    /** Twenty lobby sockets from one address; the twenty-first is closed at once (1008). */
    private void lobbySocketsArePerAddress(int port) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        List<WebSocket> open = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                open.add(http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + port + "/ws/lobby"),
                        new WebSocket.Listener() { }).get(10, TimeUnit.SECONDS));
            }
            CompletableFuture<Integer> closed = new CompletableFuture<>();
            http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + port + "/ws/lobby"),
                    new WebSocket.Listener() {
                        @Override
                        public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
                            closed.complete(status);
                            return null;
                        }
                    }).get(10, TimeUnit.SECONDS);
            assertThat(closed.get(10, TimeUnit.SECONDS)).isEqualTo(1008);
        } finally {
            for (WebSocket ws : open) {
                ws.abort();
            }
        }
    }

    /**
     * A new account's rated challenge: 409 rated-not-yet; its seek: posted casual, with the reason. A day later
     * (created_at moved back) both rate; after 3 rated games in a day with one opponent, a fourth is refused.
     */
    private void ratedPlayRules(int port, String url, String user, String password) throws Exception {
        CommunityClient amal = new CommunityClient(port, null);
        CommunityClient badr = new CommunityClient(port, null);
        assertThat(amal.post("/api/accounts", CommunityApiTest.creds("hlAmal", "seeds and pits")).status())
                .isEqualTo(201);
        assertThat(badr.post("/api/accounts", CommunityApiTest.creds("hlBadr", "pits and seeds")).status())
                .isEqualTo(201);
        CommunityClient.Reply refused = amal.post("/api/challenges", challenge(true));
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.get("error").asText()).isEqualTo("rated-not-yet");
        assertThat(refused.get("details").get("games").asInt()).isZero();
        CommunityClient.Reply seek = amal.post("/api/seeks", "{\"game\":\"al-manqala\",\"clock\":"
                + "{\"initialSeconds\":600,\"incrementSeconds\":5}}");
        assertThat(seek.status()).isEqualTo(201);
        assertThat(seek.get("rated").asBoolean()).isFalse();
        assertThat(seek.get("casualBecause").get("error").asText()).isEqualTo("rated-not-yet");
        assertThat(seek.get("casualBecause").get("message").asText()).contains("casual");

        long amalId;
        long badrId;
        try (Connection c = sql(url, user, password); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE accounts SET created_at = created_at - INTERVAL '2' DAY "
                    + "WHERE username IN ('hlAmal', 'hlBadr')");
            var rs = st.executeQuery("SELECT id FROM accounts WHERE username = 'hlAmal'");
            rs.next();
            amalId = rs.getLong(1);
            rs = st.executeQuery("SELECT id FROM accounts WHERE username = 'hlBadr'");
            rs.next();
            badrId = rs.getLong(1);
        }
        String toBadr = "{\"game\":\"hawalis\",\"rated\":true,\"to\":\"hlBadr\",\"clock\":{\"initialSeconds\":300,"
                + "\"incrementSeconds\":0}}";
        CommunityClient.Reply first = amal.post("/api/challenges", toBadr);
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(badr.post("/api/challenges/" + first.get("id").asText() + "/accept", "").status())
                .isEqualTo(200);
        try (Connection c = sql(url, user, password); Statement st = c.createStatement()) {
            // two more rated games between them today (as if played)
            for (int i = 0; i < 2; i++) {
                st.executeUpdate("INSERT INTO game_players (game_id, game, south_player, north_player, rated, "
                        + "settled, created_at) VALUES ('hlfarm" + i + "', 'hawalis', 'a:" + amalId + "', 'a:"
                        + badrId + "', TRUE, TRUE, CURRENT_TIMESTAMP)");
            }
        }
        CommunityClient.Reply fourth = amal.post("/api/challenges", toBadr);
        assertThat(fourth.status()).isEqualTo(409);
        assertThat(fourth.get("error").asText()).isEqualTo("rated-pair-limit");
        assertThat(fourth.get("details").get("n").asInt()).isEqualTo(3);
    }

    /**
     * A rated tournament applies the rule of rated games: a new account's join is refused with rated-not-yet (a
     * casual tournament takes it); hlAmal and hlBadr, who played their 3 rated games of the day with each other
     * (ratedPlayRules), join a rated round robin and the game it pairs them in is rated all the same.
     */
    private void ratedTournaments(int port, String url, String user, String password) throws Exception {
        CommunityClient amal = new CommunityClient(port, null);
        assertThat(amal.post("/api/session", CommunityApiTest.creds("hlAmal", "seeds and pits")).status())
                .isEqualTo(200);
        CommunityClient badr = new CommunityClient(port, null);
        assertThat(badr.post("/api/session", CommunityApiTest.creds("hlBadr", "pits and seeds")).status())
                .isEqualTo(200);
        CommunityClient cyra = new CommunityClient(port, null);
        assertThat(cyra.post("/api/accounts", CommunityApiTest.creds("hlCyra", "sow and capture")).status())
                .isEqualTo(201);
        String rated = tournament(amal, "hl rated", true);
        String casual = tournament(amal, "hl casual", false);
        CommunityClient.Reply refused = cyra.post("/api/tournaments/" + rated + "/join", null);
        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.get("error").asText()).isEqualTo("rated-not-yet");
        assertThat(refused.get("details").get("games").asInt()).isZero();
        assertThat(refused.get("details").get("needed").asInt()).isEqualTo(3);
        assertThat(cyra.post("/api/tournaments/" + casual + "/join", null).status()).isEqualTo(200);

        for (CommunityClient c : List.of(amal, badr)) {
            CommunityClient.Reply j = c.post("/api/tournaments/" + rated + "/join", null);
            assertThat(j.status()).as(j.body()).isEqualTo(200);
        }
        CommunityClient.Reply started = amal.post("/api/tournaments/" + rated + "/start", null);
        assertThat(started.status()).as(started.body()).isEqualTo(200);
        com.fasterxml.jackson.databind.JsonNode t = amal.get("/api/tournaments/" + rated).json();
        for (int i = 0; i < 400 && t.get("pairings").isEmpty(); i++) {
            Thread.sleep(25);
            t = amal.get("/api/tournaments/" + rated).json();
        }
        com.fasterxml.jackson.databind.JsonNode games = t.get("pairings").get(0).get("games");
        assertThat(games).hasSize(1);
        String gameId = games.get(0).get("gameId").asText();
        try (Connection c = sql(url, user, password);
             java.sql.PreparedStatement ps = c.prepareStatement("SELECT rated FROM game_players WHERE game_id = ?")) {
            ps.setString(1, gameId);
            var rs = ps.executeQuery();
            assertThat(rs.next()).as("the pairing's game %s is stored", gameId).isTrue();
            assertThat(rs.getBoolean(1)).as("rated though the pair played 3 rated games today").isTrue();
        }
    }

    private static String tournament(CommunityClient creator, String name, boolean rated) {
        CommunityClient.Reply r = creator.post("/api/tournaments", "{\"name\":\"" + name + "\",\"game\":\"hawalis\","
                + "\"system\":\"round-robin\",\"rated\":" + rated + ",\"startsAt\":\""
                + java.time.Instant.now().plusSeconds(3600) + "\",\"clock\":{\"initialSeconds\":600,"
                + "\"incrementSeconds\":5}}");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.get("id").asText();
    }
}
