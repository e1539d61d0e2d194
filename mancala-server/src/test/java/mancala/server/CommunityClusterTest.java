package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two server instances over one PostgreSQL act as one site for the community: a session made on one is known to
 * the other, a challenge posted on one reaches the other's lobby page live (LISTEN/NOTIFY) and is taken there, and
 * a tournament due to start is started and paired exactly once. Skipped without PostgreSQL, except under CI.
 */
@Tag("postgres")
@Tag("slow")
@ExtendWith(Services.NeedsPostgres.class)
class CommunityClusterTest {
    MancalaServer a;
    MancalaServer b;
    OpenApiCheck check = new OpenApiCheck();

    @BeforeAll
    static void needsPostgres() throws java.sql.SQLException {
        Services.requirePostgres();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(Services.PG_URL, Services.PG_USER,
                Services.PG_PASSWORD); java.sql.Statement st = c.createStatement()) {
            boolean migrated = c.getMetaData().getTables(null, null, "accounts", null).next();
            if (migrated) {
                for (String t : List.of("tournament_games", "tournament_rounds", "tournament_players", "tournaments",
                        "challenges", "game_presence", "game_players", "rating_history", "ratings", "sessions",
                        "accounts", "jobs", "game_events", "games")) {
                    st.executeUpdate("DELETE FROM " + t);
                }
            }
        }
    }

    @BeforeEach
    void start() {
        a = MancalaServer.start(mancala.server.config.ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD)
                .withAiDelay(java.time.Duration.ZERO).withRateLimitScale(1000)); // new accounts rate at once
        b = MancalaServer.start(mancala.server.config.ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD)
                .withAiDelay(java.time.Duration.ZERO).withRateLimitScale(1000)); // new accounts rate at once
    }

    @AfterEach
    void stop() {
        for (MancalaServer s : new MancalaServer[] {a, b}) {
            if (s != null) {
                s.close();
            }
        }
        assertThat(check.problems()).isEmpty();
    }

    /** A client whose requests go to either instance (one cookie jar, as behind a load balancer). */
    CommunityClient on(MancalaServer s) {
        return new CommunityClient(s.port(), check);
    }

    @Test
    void theLobbyAndTheSessionsAreShared() throws Exception {
        CommunityClient amalOnA = on(a);
        assertThat(amalOnA.post("/api/accounts", CommunityApiTest.creds("Amal", "seeds and pits")).status())
                .isEqualTo(201);
        CommunityClient aliOnB = on(b);
        assertThat(aliOnB.post("/api/accounts", CommunityApiTest.creds("Ali", "seeds and pits")).status())
                .isEqualTo(201);
        // Ali's session, made on B, is known to A
        CommunityClient aliOnA = on(a);
        CommunityClient.Reply in = aliOnA.post("/api/session", CommunityApiTest.creds("Ali", "seeds and pits"));
        assertThat(in.status()).isEqualTo(200);
        assertThat(aliOnB.get("/api/session").get("username").asText()).isEqualTo("Ali");
        // a lobby page open on B
        List<String> messages = new CopyOnWriteArrayList<>();
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + b.port() + "/ws/lobby"), new WebSocket.Listener() {
                    final StringBuilder part = new StringBuilder();

                    @Override
                    public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                        part.append(data);
                        if (last) {
                            messages.add(part.toString());
                            part.setLength(0);
                        }
                        w.request(1);
                        return CompletableFuture.completedFuture(null);
                    }
                }).get();
        // Amal posts on A; B's page sees it
        // South: Amal moves first below (a challenge's side is random unless asked for)
        CommunityClient.Reply posted = amalOnA.post("/api/challenges", "{\"game\":\"hawalis\",\"rated\":true,"
                + "\"side\":\"south\",\"clock\":{\"initialSeconds\":300,\"incrementSeconds\":3}}");
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
        String id = posted.get("id").asText();
        waitFor(() -> messages.stream().anyMatch(m -> m.contains(id)), "the challenge on B's lobby page");
        // Ali takes it on B; A's lobby tells Amal where the game is
        CommunityClient.Reply taken = aliOnB.post("/api/challenges/" + id + "/accept", null);
        assertThat(taken.status()).as(taken.body()).isEqualTo(200);
        String gid = taken.get("gameId").asText();
        waitFor(() -> messages.stream().anyMatch(m -> m.contains("\"accepted\"") && m.contains(gid)),
                "the accepted message");
        // a second taker on A is refused: the challenge is gone
        CommunityClient third = on(a);
        third.post("/api/accounts", CommunityApiTest.creds("Zaid", "seeds and pits"));
        assertThat(third.post("/api/challenges/" + id + "/accept", null).status()).isEqualTo(409);
        // Amal plays on A, Ali answers on B: one game, one clock
        String southSeat = amalOnA.get("/api/games/" + gid + "/seat").get("seatToken").asText();
        CommunityClient.Reply m1 = amalOnA.post("/api/games/" + gid + "/moves", "{\"pit\":\""
                + amalOnA.get("/api/games/" + gid).get("legal").get(0).asText() + "\"}", southSeat);
        assertThat(m1.status()).as(m1.body()).isEqualTo(200);
        JsonNode onB = aliOnB.get("/api/games/" + gid).json();
        assertThat(onB.get("plies").asInt()).isEqualTo(1);
        assertThat(onB.get("clock").get("running").asText()).isEqualTo("north");
        ws.abort();
    }

    @Test
    void aTournamentStartsAndIsPairedOnceAcrossInstances() throws Exception {
        CommunityClient org = on(a);
        org.post("/api/accounts", CommunityApiTest.creds("Organiser", "seeds and pits"));
        List<CommunityClient> players = new java.util.ArrayList<>();
        int n = 0;
        for (String name : List.of("Huda", "Omar", "Sara", "Yusuf")) {
            CommunityClient c = on(n++ % 2 == 0 ? a : b);
            c.post("/api/accounts", CommunityApiTest.creds(name, "seeds and pits"));
            players.add(c);
        }
        String body = "{\"game\":\"al-manqala\",\"system\":\"round-robin\",\"clock\":{\"initialSeconds\":600,"
                + "\"incrementSeconds\":0},\"startsAt\":\"" + Instant.now().plusSeconds(4) + "\"}";
        CommunityClient.Reply t = org.post("/api/tournaments", body);
        assertThat(t.status()).as(t.body()).isEqualTo(201);
        String id = t.get("id").asText();
        for (CommunityClient c : players) {
            assertThat(c.post("/api/tournaments/" + id + "/join", null).status()).isEqualTo(200);
        }
        waitFor(() -> org.get("/api/tournaments/" + id).get("status").asText().equals("running"), "the start");
        Thread.sleep(1500);
        JsonNode view = on(b).get("/api/tournaments/" + id).json();
        assertThat(view.get("pairings")).hasSize(1);
        assertThat(view.get("pairings").get(0).get("games")).hasSize(2);
        assertThat(view.get("rounds").asInt()).isEqualTo(3);
    }

    private static void waitFor(java.util.function.BooleanSupplier ok, String what) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            if (ok.getAsBoolean()) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("waited 10 s for " + what);
    }
}
