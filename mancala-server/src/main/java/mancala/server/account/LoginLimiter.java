package mancala.server.account;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.EstimationProbe;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Rate limits on logging in and signing up, by Bucket4j token buckets kept per server instance in maps of fixed
 * size (the least recently used bucket goes first), so that no stream of requests can grow them.
 *
 * <ul>
 *   <li>Attempts per client address: {@value #LOGINS_PER_ADDRESS} at once, refilled at that many a minute (one
 *   address guessing many names).</li>
 *   <li>Wrong passwords per (folded name, address) pair: {@value #FAILURES_PER_PAIR} at once, one back every
 *   {@value #PAIR_REFILL_MINUTES} minutes. This is the lock a guesser meets; the owner of the name, from an address
 *   that has not failed, is not locked by it.</li>
 *   <li>Wrong passwords per folded name from all addresses: {@value #FAILURES_PER_NAME} an hour. Past it, the name
 *   is under attack from many addresses: an address that has already failed for the name waits, while an address
 *   that has not failed for it may still try (so the owner can still sign in, and each new address of the attacker
 *   gets one guess, not ten).</li>
 *   <li>Accounts made per address: {@value #SIGNUPS_PER_ADDRESS} an hour.</li>
 * </ul>
 *
 * <p>Names are keyed by their NFKC case folding ({@link Names#key}); a submitted name longer than
 * {@value Names#MAX_SUBMITTED} characters is never keyed (no account can have it: only the address's attempts
 * count). Thread-safe.
 */
public final class LoginLimiter {
    /** Login attempts an address may make: this many at once, refilled at this many a minute. */
    public static final int LOGINS_PER_ADDRESS = 20;
    /** Wrong passwords for one name from one address before it must wait. */
    public static final int FAILURES_PER_PAIR = 5;
    /** Minutes for one wrong password of a pair to be forgotten. */
    public static final int PAIR_REFILL_MINUTES = 3;
    /** Wrong passwords for one name from all addresses, an hour, before addresses that failed must wait. */
    public static final int FAILURES_PER_NAME = 50;
    /** Accounts one address may make, an hour. */
    public static final int SIGNUPS_PER_ADDRESS = 40;
    /** Buckets kept in each map at most. */
    public static final int MAX_BUCKETS = 50_000;

    private final Lru addresses = new Lru(MAX_BUCKETS);
    private final Lru pairs = new Lru(MAX_BUCKETS);
    private final Lru names = new Lru(MAX_BUCKETS);
    private final Lru signUps = new Lru(MAX_BUCKETS);

    /**
     * Takes one attempt of {@code address}'s and says whether a log-in as {@code username} may be tried now.
     *
     * @return seconds to wait before another log-in attempt from {@code address} for {@code username}; 0: go on
     */
    public long login(String address, String username) {
        long a = take(addresses.get(address, k -> bucket(LOGINS_PER_ADDRESS, Duration.ofMinutes(1))));
        if (a > 0) {
            return a;
        }
        String name = nameKey(username);
        if (name == null) {
            return 0;
        }
        Bucket pair = pairs.find(name + "\n" + address);
        if (pair == null) {
            return 0; // an address that has not failed for this name may try
        }
        long p = wait(pair);
        if (p > 0) {
            return p;
        }
        Bucket global = names.find(name);
        return global == null ? 0 : wait(global);
    }

    /** Notes a wrong password for {@code username} from {@code address}. */
    public void failed(String address, String username) {
        String name = nameKey(username);
        if (name == null) {
            return;
        }
        pairs.get(name + "\n" + address, k -> bucket(FAILURES_PER_PAIR, Duration.ofMinutes(
                (long) PAIR_REFILL_MINUTES * FAILURES_PER_PAIR))).tryConsume(1);
        names.get(name, k -> bucket(FAILURES_PER_NAME, Duration.ofHours(1))).tryConsume(1);
    }

    /** Notes a right password: the pair's wrong passwords are forgotten. */
    public void succeeded(String address, String username) {
        String name = nameKey(username);
        if (name != null) {
            pairs.remove(name + "\n" + address);
        }
    }

    /** @return seconds to wait before another sign-up from {@code address}; 0: go on */
    public long signUp(String address) {
        return take(signUps.get(address, k -> bucket(SIGNUPS_PER_ADDRESS, Duration.ofHours(1))));
    }

    /** @return how many buckets are kept now, all maps together (for tests). */
    int size() {
        return addresses.size() + pairs.size() + names.size() + signUps.size();
    }

    private static String nameKey(String username) {
        if (username == null || username.length() > Names.MAX_SUBMITTED) {
            return null;
        }
        return Names.key(username);
    }

    private static Bucket bucket(int capacity, Duration period) {
        return Bucket.builder().addLimit(Bandwidth.builder().capacity(capacity).refillGreedy(capacity, period)
                .build()).build();
    }

    private static long take(Bucket b) {
        var probe = b.tryConsumeAndReturnRemaining(1);
        return probe.isConsumed() ? 0 : seconds(probe.getNanosToWaitForRefill());
    }

    /** @return seconds until the bucket holds a token, 0 when it holds one now. */
    private static long wait(Bucket b) {
        EstimationProbe e = b.estimateAbilityToConsume(1);
        return e.canBeConsumed() ? 0 : seconds(e.getNanosToWaitForRefill());
    }

    private static long seconds(long nanos) {
        return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
    }

    /** A map of at most {@code max} buckets, dropping the least recently used. */
    private static final class Lru {
        private final Map<String, Bucket> map;

        Lru(int max) {
            this.map = new LinkedHashMap<>(256, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
                    return size() > max;
                }
            };
        }

        synchronized Bucket get(String key, Function<String, Bucket> make) {
            return map.computeIfAbsent(key, make);
        }

        synchronized Bucket find(String key) {
            return map.get(key);
        }

        synchronized void remove(String key) {
            map.remove(key);
        }

        synchronized int size() {
            return map.size();
        }
    }
}
