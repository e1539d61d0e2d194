package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import mancala.record.Replay;
import mancala.record.ReplayedRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Three server instances (separate processes) over one PostgreSQL database, clients spread over them at random;
 * one instance is killed with SIGKILL in the middle of the run and started again. Every game must finish, every
 * move a client had acknowledged must be in its game's record at its ply, every record must replay, no client
 * may see a 5xx, and watchers on one instance must see moves made through another.
 */
@Tag("postgres")
@Tag("slow")
@ExtendWith(Services.NeedsPostgres.class)
class ClusterTest {
    static final int AI_GAMES = 8;
    static final int PERSON_GAMES = 4;
    /** A person resigns after this many plies, so that the run is bounded. */
    static final int MAX_PLIES = 90;

    @BeforeAll
    static void needsPostgres() throws Exception {
        Services.requirePostgres();
        try (Connection c = DriverManager.getConnection(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
             Statement st = c.createStatement()) {
            if (c.getMetaData().getTables(null, null, "games", null).next()) {
                st.executeUpdate("DELETE FROM game_events");
                st.executeUpdate("DELETE FROM games");
            }
            if (c.getMetaData().getTables(null, null, "jobs", null).next()) {
                st.executeUpdate("DELETE FROM jobs");
            }
        }
    }

    /** The live instances' ports; a client picks one at random for each request. */
    final List<Integer> ports = new CopyOnWriteArrayList<>();
    final Queue<String> failures = new ConcurrentLinkedQueue<>();
    final AtomicInteger requests = new AtomicInteger();
    final AtomicInteger retried = new AtomicInteger();

    /** Sends one request to a random live instance, again to another when the connection fails. */
    TestClient.Reply call(SplittableRandom random, String method, String path, String body, String token) {
        for (int attempt = 0; attempt < 200; attempt++) {
            List<Integer> live = List.copyOf(ports);
            TestClient c = new TestClient(live.get(random.nextInt(live.size())));
            try {
                requests.incrementAndGet();
                TestClient.Reply r = method.equals("GET") ? c.get(path, token) : c.post(path, body, token);
                if (r.status() >= 500) {
                    failures.add(method + " " + path + " answered " + r.status() + ": " + r.body());
                }
                return r;
            } catch (UncheckedIOException e) {
                // The instance is down (killed): the request was not answered, so nothing was acknowledged.
                retried.incrementAndGet();
                try {
                    Thread.sleep(50);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(ie);
                }
            }
        }
        throw new AssertionError("no instance answered " + method + " " + path);
    }

    /** One seat's player: moves whenever it is his turn, each move sent with its ply; acknowledged ones noted. */
    void play(String id, String token, String side, long seed, Map<Integer, String> acknowledged) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int step = 0; step < 20_000; step++) {
            JsonNode g = call(random, "GET", "/api/games/" + id, null, token).json();
            String status = g.get("status").asText();
            if (status.equals("over")) {
                return;
            }
            if (!status.equals("playing") || !side.equals(g.get("toMove").asText())) {
                sleep(20);
                continue;
            }
            int ply = g.get("plies").asInt() + 1;
            if (ply > MAX_PLIES) {
                TestClient.Reply r = call(random, "POST", "/api/games/" + id + "/resign", null, token);
                if (r.status() != 200 && r.status() != 409) {
                    failures.add("resign in " + id + ": " + r.status() + " " + r.body());
                }
                continue;
            }
            JsonNode legal = g.get("legal");
            String pit = legal.get(random.nextInt(legal.size())).asText();
            TestClient.Reply r = call(random, "POST", "/api/games/" + id + "/moves",
                    "{\"pit\":\"" + pit + "\",\"ply\":" + ply + "}", token);
            if (r.status() == 200) {
                acknowledged.put(ply, pit);
            } else if (r.status() != 409) {
                failures.add("move " + pit + " at ply " + ply + " in " + id + ": " + r.status() + " " + r.body());
            }
        }
        failures.add("game " + id + " did not end");
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void threeInstancesOnePostgresOneKilledMidRun() throws Exception {
        String[] db = {Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD};
        List<ServerProcess.Child> children = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(AI_GAMES + 2 * PERSON_GAMES);
        List<WebSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                ServerProcess.Child c = ServerProcess.Child.start(db);
                children.add(c);
                ports.add(c.port());
            }
            SplittableRandom random = new SplittableRandom(2026);
            Map<String, Map<Integer, String>> acks = new ConcurrentHashMap<>();
            Map<String, AtomicInteger> watched = new ConcurrentHashMap<>();
            List<Future<?>> players = new ArrayList<>();
            for (int i = 0; i < AI_GAMES + PERSON_GAMES; i++) {
                boolean ai = i < AI_GAMES;
                String game = i % 2 == 0 ? "al-manqala" : "hawalis";
                TestClient.Reply created = call(random, "POST", "/api/games", ai
                        ? "{\"game\":\"" + game + "\",\"mode\":\"ai\",\"level\":" + (1 + i % 3) + "}"
                        : "{\"game\":\"" + game + "\",\"mode\":\"invite\"}", null);
                assertThat(created.status()).as(created.body()).isEqualTo(201);
                String id = created.get("id").asText();
                Map<Integer, String> mine = new ConcurrentHashMap<>();
                acks.put(id, mine);
                // A watcher on an instance picked at random sees the moves made through all of them.
                AtomicInteger states = new AtomicInteger();
                watched.put(id, states);
                int wsPort = ports.get(random.nextInt(ports.size()));
                sockets.add(HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(
                        URI.create("ws://127.0.0.1:" + wsPort + "/ws/games/" + id), new WebSocket.Listener() {
                            @Override
                            public java.util.concurrent.CompletionStage<?> onText(WebSocket w, CharSequence d,
                                                                                  boolean last) {
                                if (last) {
                                    states.incrementAndGet();
                                }
                                w.request(1);
                                return null;
                            }
                        }).get(10, TimeUnit.SECONDS));
                String south = created.get("seatToken").asText();
                long seed = random.nextLong();
                players.add(clients.submit(() -> play(id, south, "south", seed, mine)));
                if (!ai) {
                    TestClient.Reply joined = call(random, "POST", "/api/games/" + id + "/join",
                            "{\"code\":\"" + created.get("inviteCode").asText() + "\"}", null);
                    assertThat(joined.status()).as(joined.body()).isEqualTo(200);
                    String north = joined.get("seatToken").asText();
                    long seed2 = random.nextLong();
                    players.add(clients.submit(() -> play(id, north, "north", seed2, mine)));
                }
            }
            // Mid-run: one instance dies without a word, and comes back a little later on another port.
            Thread.sleep(4000);
            ServerProcess.Child victim = children.get(1);
            ports.remove(Integer.valueOf(victim.port()));
            victim.kill();
            Thread.sleep(3000);
            ServerProcess.Child again = ServerProcess.Child.start(db);
            children.set(1, again);
            ports.add(again.port());
            for (Future<?> f : players) {
                f.get(240, TimeUnit.SECONDS);
            }
            assertThat(failures).as("failures (5xx, refused moves, unfinished games)").isEmpty();
            int acknowledged = 0;
            for (Map.Entry<String, Map<Integer, String>> e : acks.entrySet()) {
                String id = e.getKey();
                JsonNode g = call(random, "GET", "/api/games/" + id, null, null).json();
                assertThat(g.get("status").asText()).as(id).isEqualTo("over");
                List<String> moves = new ArrayList<>();
                for (JsonNode r : g.get("rounds")) {
                    for (JsonNode m : r.get("moves")) {
                        moves.add(m.get("pit").asText());
                    }
                }
                for (Map.Entry<Integer, String> ack : e.getValue().entrySet()) {
                    assertThat(moves.size()).as(id + " ply " + ack.getKey()).isGreaterThanOrEqualTo(ack.getKey());
                    assertThat(moves.get(ack.getKey() - 1)).as(id + " ply " + ack.getKey()).isEqualTo(ack.getValue());
                    acknowledged++;
                }
                String text = call(random, "GET", "/api/games/" + id + "/record", null, null).body();
                List<GameRecord> records = RecordReader.read(text, id);
                for (ReplayedRecord r : Replay.replay(records)) {
                    assertThat(r.problems()).as(id + " replays").isEmpty();
                }
                assertThat(watched.get(id).get()).as("states seen by a watcher of " + id).isGreaterThan(2);
            }
            assertThat(acknowledged).isGreaterThan(100);
            System.out.printf("cluster: %d games, %d acknowledged moves, %d requests, %d retried after the kill%n",
                    acks.size(), acknowledged, requests.get(), retried.get());
        } finally {
            clients.shutdownNow();
            for (WebSocket w : sockets) {
                w.abort();
            }
            for (ServerProcess.Child c : children) {
                c.kill();
            }
        }
    }
}
