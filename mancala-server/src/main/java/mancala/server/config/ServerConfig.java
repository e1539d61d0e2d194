package mancala.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How a server instance runs. Start from {@link #defaults()} and change what differs with the {@code with…}
 * methods; every instance over one PostgreSQL database may be given the same configuration.
 *
 * @param host           the address to listen on, e.g. {@code 127.0.0.1} (null: all addresses)
 * @param port           the port; 0 picks a free one
 * @param jdbcUrl        {@code jdbc:h2:…} or {@code jdbc:postgresql://…}; null for the H2 file under the user's
 *                       data folder
 * @param dbUser         database user or null
 * @param dbPassword     database password or null
 * @param aiDelay        how long the AI waits before answering (the page's animation); zero in tests
 * @param behindProxy    true when a reverse proxy or load balancer forwards the requests: the client's address
 *                       and scheme are read from {@code X-Forwarded-For} and {@code X-Forwarded-Proto}
 * @param backupDir      an H2 database is backed up there at start and every {@code backupEvery}; null: none
 * @param backupEvery    time between backups
 * @param abandonAfter   an unfinished game nobody acted in for this long is closed as abandoned; seat cookies
 *                       last as long
 * @param rateLimitScale multiplies every per-client rate limit (1: the defaults of {@code RateLimits}; a load
 *                       test from one address raises it)
 * @param allowedOrigins origins besides the server's own that pages may call it from ({@code https://host})
 * @param engineThreads  threads for hints and analyses
 * @param aiWorkers      threads for AI moves (and other jobs)
 * @param cachedGames    games kept in memory at most
 * @param jobLease       how long an instance's claim on a job (an AI move …) holds; when it dies, another
 *                       instance takes the job over after this
 */
public record ServerConfig(String host, int port, String jdbcUrl, String dbUser, String dbPassword,
                           Duration aiDelay, boolean behindProxy, Path backupDir, Duration backupEvery,
                           Duration abandonAfter, double rateLimitScale, List<String> allowedOrigins,
                           int engineThreads, int aiWorkers, int cachedGames, Duration jobLease) {

    /** @return loopback, port 8080, the default H2 file, 600 ms AI delay, games abandoned after 24 hours. */
    public static ServerConfig defaults() {
        int cores = Runtime.getRuntime().availableProcessors();
        return new ServerConfig("127.0.0.1", 8080, null, null, null, Duration.ofMillis(600), false, null,
                Duration.ofHours(1), Duration.ofHours(24), 1.0, List.of(), cores, Math.max(2, cores), 2000, Duration.ofSeconds(20));
    }

    /** @return this configuration listening on {@code host}:{@code port}. */
    public ServerConfig withAddress(String host, int port) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, rateLimitScale, allowedOrigins, engineThreads, aiWorkers, cachedGames, jobLease);
    }

    /** @return this configuration over another database. */
    public ServerConfig withDatabase(String jdbcUrl, String dbUser, String dbPassword) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, rateLimitScale, allowedOrigins, engineThreads, aiWorkers, cachedGames, jobLease);
    }

    /** @return this configuration with another AI delay. */
    public ServerConfig withAiDelay(Duration aiDelay) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, rateLimitScale, allowedOrigins, engineThreads, aiWorkers, cachedGames, jobLease);
    }

    /** @return this configuration behind a proxy (or not). */
    public ServerConfig withBehindProxy(boolean behindProxy) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, rateLimitScale, allowedOrigins, engineThreads, aiWorkers, cachedGames, jobLease);
    }

    /** @return this configuration with backups of an H2 database into {@code dir} every {@code every}. */
    public ServerConfig withBackups(Path dir, Duration every) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, dir, every,
                abandonAfter, rateLimitScale, allowedOrigins, engineThreads, aiWorkers, cachedGames, jobLease);
    }

    /** @return this configuration with another abandonment time. */
    public ServerConfig withAbandonAfter(Duration abandonAfter) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, rateLimitScale, allowedOrigins, engineThreads, aiWorkers, cachedGames, jobLease);
    }

    /** @return this configuration with every rate limit multiplied by {@code scale}. */
    public ServerConfig withRateLimitScale(double scale) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, scale, allowedOrigins, engineThreads, aiWorkers, cachedGames, jobLease);
    }

    /** @return this configuration allowing pages from these origins too. */
    public ServerConfig withAllowedOrigins(List<String> origins) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, rateLimitScale, List.copyOf(origins), engineThreads, aiWorkers,
                cachedGames, jobLease);
    }

    /** @return this configuration with another job lease. */
    public ServerConfig withJobLease(Duration lease) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, rateLimitScale, allowedOrigins, engineThreads, aiWorkers, cachedGames,
                lease);
    }

    /** @return this configuration with these thread counts and cache size. */
    public ServerConfig withCapacity(int engineThreads, int aiWorkers, int cachedGames, Duration jobLease) {
        return new ServerConfig(host, port, jdbcUrl, dbUser, dbPassword, aiDelay, behindProxy, backupDir,
                backupEvery, abandonAfter, rateLimitScale, allowedOrigins, engineThreads, aiWorkers, cachedGames, jobLease);
    }
}
