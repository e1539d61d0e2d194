package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load benchmark, not a timed test: clients play games on one screen (random legal moves over HTTP, each move
 * sent with its ply) as fast as they can for a while, against one instance over H2 and against three instances
 * over one PostgreSQL (clients spread at random), each instance its own process. Prints moves a second, requests
 * a second, move latency p50/p99, errors, each instance's resident memory and the machine's load.
 * {@code main} runs it with other figures: {@code CLIENTS SECONDS}.
 */
@Tag("bench")
class LoadBench {
    @TempDir
    Path dir;

    /** The figures of one run. */
    record Figures(String setup, int clients, double seconds, int moves, int requests, int errors, long p50Micros,
                   long p99Micros, List<Long> rssKib) {
        @Override
        public String toString() {
            return String.format("%-24s clients %2d  moves/s %7.1f  requests/s %7.1f  move p50 %6.1f ms  p99 %6.1f ms"
                            + "  errors %d  RSS/instance %s MiB", setup, clients, moves / seconds, requests / seconds,
                    p50Micros / 1000.0, p99Micros / 1000.0, errors, rssKib.stream().map(k -> Long.toString(k / 1024))
                            .toList());
        }
    }

    static Figures run(String setup, List<ServerProcess.Child> instances, int clients, int seconds)
            throws Exception {
        AtomicInteger moves = new AtomicInteger();
        AtomicInteger requests = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        List<Long> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> all = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            long seed = 1000 + i;
            all.add(pool.submit(() -> {
                SplittableRandom random = new SplittableRandom(seed);
                while (System.nanoTime() < end) {
                    TestClient c = new TestClient(instances.get(random.nextInt(instances.size())).port());
                    TestClient.Reply created = c.post("/api/games", "{\"game\":\"al-manqala\",\"mode\":\"local\"}");
                    requests.incrementAndGet();
                    if (created.status() != 201) {
                        errors.incrementAndGet();
                        continue;
                    }
                    String id = created.get("id").asText();
                    String token = created.get("seatToken").asText();
                    JsonNode g = created.get("game");
                    while (g.get("status").asText().equals("playing") && System.nanoTime() < end) {
                        JsonNode legal = g.get("legal");
                        String pit = legal.get(random.nextInt(legal.size())).asText();
                        TestClient other = new TestClient(instances.get(random.nextInt(instances.size())).port());
                        long t0 = System.nanoTime();
                        TestClient.Reply r;
                        try {
                            r = other.post("/api/games/" + id + "/moves", "{\"pit\":\"" + pit + "\",\"ply\":"
                                    + (g.get("plies").asInt() + 1) + "}", token);
                        } catch (UncheckedIOException e) {
                            errors.incrementAndGet();
                            break;
                        }
                        latencies.add((System.nanoTime() - t0) / 1000);
                        requests.incrementAndGet();
                        if (r.status() != 200) {
                            errors.incrementAndGet();
                            break;
                        }
                        moves.incrementAndGet();
                        g = r.json();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : all) {
            f.get();
        }
        pool.shutdown();
        long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
        List<Long> rss = new ArrayList<>();
        for (ServerProcess.Child c : instances) {
            rss.add(rssKib(c.process().pid()));
        }
        return new Figures(setup, clients, seconds, moves.get(), requests.get(), errors.get(),
                sorted.length == 0 ? 0 : sorted[sorted.length / 2],
                sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))], rss);
    }

    static long rssKib(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (java.io.IOException e) {
            // not Linux
        }
        return -1;
    }

    static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    static List<Figures> bench(Path dir, int clients, int seconds) throws Exception {
        List<Figures> out = new ArrayList<>();
        // Side by side with another build (MANCALA_BENCH_BASELINE_CP: its server and test classes and libraries).
        String baseline = System.getenv("MANCALA_BENCH_BASELINE_CP");
        if (baseline != null && !baseline.isBlank()) {
            List<ServerProcess.Child> old = List.of(ServerProcess.Child.startWith(baseline,
                    Database.h2FileUrl(dir.resolve("baseline"))));
            try {
                run("warm-up", old, clients, Math.max(3, seconds / 3));
                out.add(run("baseline: 1 instance, H2", old, clients, seconds));
            } finally {
                for (ServerProcess.Child c : old) {
                    c.kill();
                }
            }
        }
        List<ServerProcess.Child> one = List.of(ServerProcess.Child.start(Database.h2FileUrl(dir.resolve("bench"))));
        try {
            run("warm-up", one, clients, Math.max(3, seconds / 3));
            out.add(run("1 instance, H2", one, clients, seconds));
        } finally {
            for (ServerProcess.Child c : one) {
                c.kill();
            }
        }
        if (Services.postgresMissing().isEmpty()) {
            try (Connection c = DriverManager.getConnection(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
                 Statement st = c.createStatement()) {
                if (c.getMetaData().getTables(null, null, "games", null).next()) {
                    st.executeUpdate("DELETE FROM game_events");
                    st.executeUpdate("DELETE FROM games");
                    st.executeUpdate("DELETE FROM jobs");
                }
            }
            List<ServerProcess.Child> single = List.of(ServerProcess.Child.start(Services.PG_URL, Services.PG_USER,
                    Services.PG_PASSWORD));
            try {
                run("warm-up", single, clients, Math.max(3, seconds / 3));
                out.add(run("1 instance, PostgreSQL", single, clients, seconds));
            } finally {
                for (ServerProcess.Child c : single) {
                    c.kill();
                }
            }
            List<ServerProcess.Child> three = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    three.add(ServerProcess.Child.start(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD));
                }
                run("warm-up", three, clients, Math.max(3, seconds / 3));
                out.add(run("3 instances, PostgreSQL", three, clients, seconds));
                out.add(run("3 instances, PostgreSQL", three, clients * 3, seconds));
            } finally {
                for (ServerProcess.Child c : three) {
                    c.kill();
                }
            }
        }
        return out;
    }

    @Test
    void printsFiguresForOneAndThreeInstances() throws Exception {
        String before = load();
        // Short runs here (the test only shows the figures); main runs longer ones.
        List<Figures> figures = bench(dir, 8, 8);
        System.out.println("load bench (load average before: " + before + ", after: " + load() + ", "
                + Runtime.getRuntime().availableProcessors() + " cores)");
        figures.forEach(System.out::println);
        for (Figures f : figures) {
            assertThat(f.moves()).as(f.setup()).isPositive();
        }
    }

    /** {@code LoadBench [CLIENTS [SECONDS]]}: prints the figures. */
    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Path tmp = Files.createTempDirectory("mancala-bench");
        String before = load();
        List<Figures> figures = bench(tmp, clients, seconds);
        System.out.println("load average before: " + before + ", after: " + load() + " " + Arrays.toString(args));
        figures.forEach(System.out::println);
    }
}
