package mancala.server.http;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import mancala.server.error.DomainError;

/**
 * Per-client rate limits (token buckets of Bucket4j, one per client address and action): creating games, moves
 * (and other seat actions), hints, analyses, joins and WebSocket messages. A request over its client's limit is
 * refused with {@link DomainError.Kind#TOO_MANY} and the seconds until a token is back. Limits are per instance:
 * behind a load balancer spreading a client over n instances he gets at most n times as much.
 */
public final class RateLimits {
    /** What is limited. */
    public enum Action {
        /** Creating a game: 20 at once, then 20 a minute. */
        CREATE(20, Duration.ofMinutes(1)),
        /** Moves and other seat actions: 60 at once, then 30 a second. */
        MOVE(60, Duration.ofSeconds(2)),
        /** Joining with an invitation code: 20 a minute. */
        JOIN(20, Duration.ofMinutes(1)),
        /** Hints: 20 a minute. */
        HINT(20, Duration.ofMinutes(1)),
        /** Analyses (games and pasted records): 10 a minute. */
        ANALYSIS(10, Duration.ofMinutes(1)),
        /** Requests made with one personal API token: 120 at once, then 2 a second. */
        TOKEN(120, Duration.ofMinutes(1)),
        /** Messages over one WebSocket: 20 at once, then 10 a second. */
        WS_MESSAGE(20, Duration.ofSeconds(2));

        private final long capacity;
        private final Duration refill;

        Action(long capacity, Duration refill) {
            this.capacity = capacity;
            this.refill = refill;
        }
    }

    private static final int MAX_CLIENTS = 100_000;

    private final double scale;
    private final Map<Action, Map<String, Bucket>> buckets = new EnumMap<>(Action.class);

    /** @param scale multiplies every limit (1 for the defaults) */
    public RateLimits(double scale) {
        this.scale = scale;
        for (Action a : Action.values()) {
            buckets.put(a, new ConcurrentHashMap<>());
        }
    }

    /** @return a new bucket for {@code action} (also for per-socket limits). */
    public Bucket bucket(Action action) {
        long capacity = Math.max(1, Math.round(action.capacity * scale));
        return Bucket.builder().addLimit(Bandwidth.builder().capacity(capacity)
                .refillGreedy(capacity, action.refill).build()).build();
    }

    /**
     * Takes one token of {@code action} for {@code client}.
     *
     * @throws DomainError TOO_MANY ({@code rate-limited}) when none is left
     */
    public void check(Action action, String client) {
        Map<String, Bucket> map = buckets.get(action);
        if (map.size() > MAX_CLIENTS) {
            // A flood of addresses: forget every bucket that is full again, else all of them.
            map.values().removeIf(b -> b.getAvailableTokens() >= Math.round(action.capacity * scale));
            if (map.size() > MAX_CLIENTS) {
                map.clear();
            }
        }
        Bucket b = map.computeIfAbsent(client, c -> bucket(action));
        take(b);
    }

    /**
     * Takes one token from {@code bucket}. @throws DomainError TOO_MANY when none is left
     */
    public static void take(Bucket bucket) {
        ConsumptionProbe p = bucket.tryConsumeAndReturnRemaining(1);
        if (!p.isConsumed()) {
            int seconds = (int) Math.max(1, Math.ceil(p.getNanosToWaitForRefill() / 1e9));
            throw DomainError.tooMany("rate-limited", "too many requests: try again in {seconds} seconds",
                    Map.of("seconds", seconds), seconds);
        }
    }
}
