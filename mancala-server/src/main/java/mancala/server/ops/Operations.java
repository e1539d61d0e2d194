package mancala.server.ops;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import mancala.server.game.GameService;
import mancala.server.http.Routes;
import mancala.server.store.Database;
import mancala.server.store.JobRunner;

/**
 * What the people running the server look at: {@code GET /health} (the process answers: 200), {@code GET /ready}
 * (200 when the database answers within {@link #READY_TIMEOUT} and the job runner runs, else 503 naming the failing
 * check) and {@code GET /metrics} (Prometheus text from Micrometer: requests and latencies by route, games running,
 * moves stored, the AI queue, job lag, open API streams, the database pool, the JVM). Checks that read the database
 * run off the request thread and are bounded in time.
 */
public final class Operations implements Routes, AutoCloseable {
    /** How long the readiness check waits for the database. */
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(2);

    private final Database db;
    private final JobRunner runner;
    private final PrometheusMeterRegistry registry;
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final ExecutorService checks = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "mancala-ops");
        t.setDaemon(true);
        return t;
    });

    /** @return a new registry for one server instance (give it to the database pool before it opens). */
    public static PrometheusMeterRegistry newRegistry() {
        return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    }

    /**
     * @param registry the instance's registry, the one the database pool reports to
     * @param streams  how many API streams are open on this instance now
     */
    public Operations(Database db, GameService games, JobRunner runner, PrometheusMeterRegistry registry,
                      DoubleSupplier streams) {
        this.db = db;
        this.runner = runner;
        this.registry = registry;
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        Gauge.builder("mancala.games.running", () -> count("SELECT COUNT(*) FROM games WHERE result IS NULL "
                        + "AND abandoned = FALSE AND updated_at > :since", Instant.now().minus(Duration.ofDays(1))))
                .description("unfinished games touched in the last day").register(registry);
        Gauge.builder("mancala.games.cached", games, GameService::cachedGames)
                .description("games held in this instance's memory").register(registry);
        FunctionCounter.builder("mancala.moves", games, GameService::movesStored)
                .description("moves stored by this instance (players' and the AI's)").register(registry);
        Gauge.builder("mancala.ai.queue", () -> count("SELECT COUNT(*) FROM jobs WHERE kind = '"
                        + GameService.AI_JOB + "' AND due_at < :since", Instant.now().plusSeconds(3600)))
                .description("AI moves waiting in the job table").register(registry);
        Gauge.builder("mancala.jobs.lag", this::jobLagSeconds).baseUnit("seconds")
                .description("how late the oldest due, unclaimed job is").register(registry);
        Gauge.builder("mancala.streams.open", streams::getAsDouble)
                .description("open Bot and Board API streams on this instance").register(registry);
    }

    /** @return the registry (for the server's request timing). */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    private double count(String sql, Instant since) {
        try {
            return db.withHandle(h -> h.createQuery(sql).bind("since", Timestamp.from(since))
                    .mapTo(Long.class).one());
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    private double jobLagSeconds() {
        try {
            Instant now = Instant.now();
            Timestamp oldest = db.withHandle(h -> h.createQuery("SELECT MIN(due_at) FROM jobs WHERE due_at <= "
                            + ":now AND (claimed_by IS NULL OR lease_until < :now)").bind("now", Timestamp.from(now))
                    .mapTo(Timestamp.class).findOne().orElse(null));
            return oldest == null ? 0 : Math.max(0, Duration.between(oldest.toInstant(), now).toMillis() / 1000.0);
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    /**
     * Records one answered request in {@code registry}: its route (the path template, never the raw path), method
     * and status, and how long it took.
     */
    public static void requestDone(PrometheusMeterRegistry registry, Context ctx, float millis) {
        String route;
        try {
            route = ctx.endpointHandlerPath();
        } catch (RuntimeException e) {
            route = null; // no endpoint matched: a static file or nothing
        }
        if (route == null || route.isEmpty() || route.equals("*")) {
            route = ctx.statusCode() == 404 ? "NOT_FOUND" : "static";
        }
        Timer.builder("http.server.requests")
                .tag("method", ctx.method().name())
                .tag("uri", route)
                .tag("status", String.valueOf(ctx.statusCode()))
                .register(registry)
                .record((long) (millis * 1_000_000L), TimeUnit.NANOSECONDS);
    }

    @Override
    public void register(Javalin app) {
        app.get("/health", ctx -> ctx.json(Map.of("status", "up")));
        app.get("/ready", this::ready);
        app.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                .result(registry.scrape()));
    }

    private void ready(Context ctx) {
        CompletableFuture<Boolean> up = CompletableFuture.supplyAsync(() -> {
            db.withHandle(h -> h.createQuery("SELECT 1").mapTo(Integer.class).one());
            return true;
        }, checks).completeOnTimeout(false, READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .exceptionally(t -> false);
        ctx.future(() -> up.thenAccept(dbUp -> {
            boolean jobs = runner.isRunning();
            Map<String, Object> checksOut = new LinkedHashMap<>();
            checksOut.put("database", dbUp ? "up" : "down");
            checksOut.put("jobs", jobs ? "running" : "stopped");
            Map<String, Object> out = new LinkedHashMap<>();
            boolean ok = dbUp && jobs;
            out.put("status", ok ? "ready" : "unavailable");
            out.put("checks", checksOut);
            ctx.status(ok ? 200 : 503).json(out);
        }));
    }

    @Override
    public void close() {
        checks.shutdownNow();
        gc.close();
        registry.close();
    }
}
