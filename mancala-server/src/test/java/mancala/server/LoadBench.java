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
 * sent with its ply) as fast as they can for a while, against one instance over H2, one over PostgreSQL and three
 * over one PostgreSQL (clients spread at random), each instance its own process, with 8 and with 32 clients.
 * Prints moves a second, requests a second, move latency p50/p99, errors, each instance's resident memory, the
 * machine's load, and the ratios 3 PostgreSQL / 1 PostgreSQL and PostgreSQL / H2. {@code main} runs it with longer
 * runs: {@code SECONDS}.
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

    /** The numbers of clients each setup is measured with. */
    static final int[] CLIENTS = {8, 32};

    /**
     * Runs every setup — 1 instance over H2, 1 over PostgreSQL, 3 over PostgreSQL (when PostgreSQL is there) —
     * at each of {@code clients}, {@code seconds} a run after a short warm-up. The instances are started from the
     * class path in {@code MANCALA_BENCH_SERVER_CP} when set (another build's server and test classes and
     * libraries, to compare builds on one machine), else from this one.
     */
    static List<Figures> bench(Path dir, int[] clients, int seconds) throws Exception {
        List<Figures> out = new ArrayList<>();
        String other = System.getenv("MANCALA_BENCH_SERVER_CP");
        String cp = other != null && !other.isBlank() ? other : System.getProperty("java.class.path");
        int warm = Math.max(3, seconds / 3);
        List<ServerProcess.Child> one = List.of(ServerProcess.Child.startWith(cp,
                Database.h2FileUrl(dir.resolve("bench"))));
        try {
            run("warm-up", one, clients[0], warm);
            for (int n : clients) {
                out.add(run("1 instance, H2", one, n, seconds));
            }
        } finally {
            for (ServerProcess.Child c : one) {
                c.kill();
            }
        }
        if (Services.postgresMissing().isEmpty()) {
            for (int instances : new int[] {1, 3}) {
                emptyPostgres();
                List<ServerProcess.Child> children = new ArrayList<>();
                try {
                    for (int i = 0; i < instances; i++) {
                        children.add(ServerProcess.Child.startWith(cp, Services.PG_URL, Services.PG_USER,
                                Services.PG_PASSWORD));
                    }
                    run("warm-up", children, clients[0], warm);
                    for (int n : clients) {
                        out.add(run(instances + (instances == 1 ? " instance" : " instances") + ", PostgreSQL",
                                children, n, seconds));
                    }
                } finally {
                    for (ServerProcess.Child c : children) {
                        c.kill();
                    }
                }
            }
        }
        return out;
    }

    private static void emptyPostgres() throws java.sql.SQLException {
        try (Connection c = DriverManager.getConnection(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
             Statement st = c.createStatement()) {
            if (c.getMetaData().getTables(null, null, "games", null).next()) {
                st.executeUpdate("DELETE FROM game_events");
                st.executeUpdate("DELETE FROM games");
                st.executeUpdate("DELETE FROM jobs");
            }
        }
    }

    /**
     * @return the ratios of {@code figures} at each number of clients: moves a second and p99 of 3 PostgreSQL
     *     instances over 1, and of 1 PostgreSQL instance over 1 H2 instance (one line each)
     */
    static List<String> ratios(List<Figures> figures) {
        List<String> lines = new ArrayList<>();
        for (int n : CLIENTS) {
            Figures h2 = find(figures, "1 instance, H2", n);
            Figures pg = find(figures, "1 instance, PostgreSQL", n);
            Figures pg3 = find(figures, "3 instances, PostgreSQL", n);
            if (pg != null && pg3 != null) {
                lines.add(String.format("clients %2d  3 PG / 1 PG: moves/s x%.2f  p50 x%.2f  p99 x%.2f", n,
                        rate(pg3) / rate(pg), pg3.p50Micros() / (double) pg.p50Micros(),
                        pg3.p99Micros() / (double) pg.p99Micros()));
            }
            if (h2 != null && pg != null) {
                lines.add(String.format("clients %2d  1 PG / 1 H2: moves/s x%.2f  p50 x%.2f  p99 x%.2f", n,
                        rate(pg) / rate(h2), pg.p50Micros() / (double) h2.p50Micros(),
                        pg.p99Micros() / (double) h2.p99Micros()));
            }
        }
        return lines;
    }

    private static double rate(Figures f) {
        return f.moves() / f.seconds();
    }

    private static Figures find(List<Figures> figures, String setup, int clients) {
        return figures.stream().filter(f -> f.setup().equals(setup) && f.clients() == clients).findFirst()
                .orElse(null);
    }

    @Test
    void printsFiguresForOneAndThreeInstances() throws Exception {
        String before = load();
        // Bounded: 3 setups x 2 client counts x 12 s, with warm-ups and starts about two minutes.
        List<Figures> figures = bench(dir, CLIENTS, 12);
        System.out.println("load bench (load average before: " + before + ", after: " + load() + ", "
                + Runtime.getRuntime().availableProcessors() + " cores)");
        figures.forEach(System.out::println);
        ratios(figures).forEach(System.out::println);
        for (Figures f : figures) {
            assertThat(f.moves()).as(f.setup()).isPositive();
        }
    }

    /** {@code LoadBench [SECONDS]}: prints the figures of every setup at 8 and 32 clients, and their ratios. */
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Path tmp = Files.createTempDirectory("mancala-bench");
        String before = load();
        List<Figures> figures = bench(tmp, CLIENTS, seconds);
        System.out.println("load average before: " + before + ", after: " + load() + " " + Arrays.toString(args));
        figures.forEach(System.out::println);
        ratios(figures).forEach(System.out::println);
    }
}
