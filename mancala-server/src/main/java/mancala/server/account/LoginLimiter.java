package mancala.server.account;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Rate limits on logging in and signing up, by Bucket4j token buckets: per client address and per user name, so
 * that neither one address guessing many names nor many addresses guessing one name gets far. Buckets are kept per
 * server instance; idle ones are dropped when there are many.
 */
public final class LoginLimiter {
    /** Login attempts an address may make: this many at once, refilled at this many a minute. */
    public static final int LOGINS_PER_ADDRESS = 20;
    /** Login attempts one user name may get, a minute. */
    public static final int LOGINS_PER_NAME = 10;
    /** Accounts one address may make, an hour. */
    public static final int SIGNUPS_PER_ADDRESS = 40;

    private static final int MAX_BUCKETS = 100_000;

    private final ConcurrentMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    /** @return seconds to wait before another login attempt from {@code address} for {@code username}; 0: go on */
    public long login(String address, String username) {
        long a = take("l:" + address, LOGINS_PER_ADDRESS, Duration.ofMinutes(1));
        if (a > 0) {
            return a;
        }
        return take("n:" + Accounts.key(username == null ? "" : username.strip()), LOGINS_PER_NAME,
                Duration.ofMinutes(1));
    }

    /** @return seconds to wait before another sign-up from {@code address}; 0: go on */
    public long signUp(String address) {
        return take("s:" + address, SIGNUPS_PER_ADDRESS, Duration.ofHours(1));
    }

    private long take(String key, int capacity, Duration period) {
        if (buckets.size() > MAX_BUCKETS) {
            buckets.clear();
        }
        Bucket b = buckets.computeIfAbsent(key, k -> Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(capacity).refillGreedy(capacity, period).build())
                .build());
        var probe = b.tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return 0;
        }
        return Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
    }
}
