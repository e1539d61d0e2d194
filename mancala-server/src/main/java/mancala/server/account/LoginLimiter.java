package mancala.server.account;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.EstimationProbe;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import mancala.server.store.SharedLimits;

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
 *
 * <p>With the {@link SharedLimits database's counters} (a server's limiter), the wrong passwords of a pair and of a
 * name are also counted in the table every instance shares, so that three instances allow what one does: a pair
 * waits once it has {@value #FAILURES_PER_PAIR} wrong passwords in a window of {@value #PAIR_WINDOW_MINUTES}
 * minutes on all instances together, an address that failed for a name waits once the name has
 * {@value #FAILURES_PER_NAME} in the hour. The names and addresses are stored as SHA-256 hashes. This instance's
 * buckets stay in front: a pair or a name known to wait is refused without asking the database, the database is
 * read once per attempt that passes them and written once per wrong password (each after a password check, at
 * most {@value #LOGINS_PER_ADDRESS} a minute per address), so a flood of attempts is not a flood of statements.
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
    /** The fixed window of a pair's shared count of wrong passwords, minutes. */
    public static final int PAIR_WINDOW_MINUTES = PAIR_REFILL_MINUTES * FAILURES_PER_PAIR;
    /** The action of a pair's shared count (subject: the hash of the folded name and the address). */
    static final String PAIR_ACTION = "login-pair";
    /** The action of a name's shared count (subject: the hash of the folded name). */
    static final String NAME_ACTION = "login-name";

    private final Lru addresses = new Lru(MAX_BUCKETS);
    private final Lru pairs = new Lru(MAX_BUCKETS);
    private final Lru names = new Lru(MAX_BUCKETS);
    private final Lru signUps = new Lru(MAX_BUCKETS);
    private final SharedLimits shared;
    /** Pairs the shared counts made wait: key to the end of their wait (epoch ms). */
    private final Map<String, Long> waits = new LinkedHashMap<>(256, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > MAX_BUCKETS;
        }
    };

    /** A limiter of this instance alone (its buckets only). */
    public LoginLimiter() {
        this(null);
    }

    /**
     * A limiter whose counts of wrong passwords are also shared by every instance through {@code shared}'s table.
     *
     * @param shared the database's counters, or null for this instance's buckets only
     */
    public LoginLimiter(SharedLimits shared) {
        this.shared = shared;
    }

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
        if (pair != null) {
            long p = wait(pair);
            if (p > 0) {
                return p;
            }
            Bucket global = names.find(name);
            long g = global == null ? 0 : wait(global);
            if (g > 0) {
                return g;
            }
        }
        if (shared == null) {
            return 0; // an address that has not failed for this name may try
        }
        Instant now = Instant.now();
        SharedLimits.Key pairKey = sharedPair(name, address);
        SharedLimits.Key nameKey = sharedName(name);
        // A pair that reached its count waits to its window's end on every instance (no password is checked for
        // it meanwhile, so no success can clear it): kept here, it is refused without a statement. A name's wait
        // is not kept: it applies only while the pair's count (which a success elsewhere clears) is not zero.
        long known = knownWait(pairKey, now);
        if (known > 0) {
            return known;
        }
        int[] counts = shared.counts(now, pairKey, nameKey);
        if (counts[0] == 0) {
            return 0; // the address has not failed for this name on any instance
        }
        if (counts[0] >= FAILURES_PER_PAIR) {
            return remember(pairKey, now);
        }
        return counts[1] >= FAILURES_PER_NAME ? nameKey.secondsLeft(now) : 0;
    }

    private static SharedLimits.Key sharedPair(String name, String address) {
        return new SharedLimits.Key(PAIR_ACTION, hash(name + "\n" + address),
                Duration.ofMinutes(PAIR_WINDOW_MINUTES));
    }

    private static SharedLimits.Key sharedName(String name) {
        return new SharedLimits.Key(NAME_ACTION, hash(name), Duration.ofHours(1));
    }

    /** @return the SHA-256 of {@code text}'s UTF-8 bytes in hexadecimal (64 characters) */
    static String hash(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java", e);
        }
    }

    /** @return seconds {@code key} is known to wait still (0: not known to wait) */
    private long knownWait(SharedLimits.Key key, Instant now) {
        Long until;
        synchronized (waits) {
            until = waits.get(key.action() + ":" + key.subject());
        }
        long left = until == null ? 0 : until - now.toEpochMilli();
        return left <= 0 ? 0 : seconds(left * 1_000_000L);
    }

    /** Keeps that {@code key} waits to the end of its window. @return the seconds it waits */
    private long remember(SharedLimits.Key key, Instant now) {
        long s = key.secondsLeft(now);
        synchronized (waits) {
            waits.put(key.action() + ":" + key.subject(), now.toEpochMilli() + s * 1000);
        }
        return s;
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
        if (shared != null) {
            shared.add(Instant.now(), sharedPair(name, address), sharedName(name));
        }
    }

    /** Notes a right password: the pair's wrong passwords are forgotten. */
    public void succeeded(String address, String username) {
        String name = nameKey(username);
        if (name != null) {
            pairs.remove(name + "\n" + address);
            if (shared != null) {
                SharedLimits.Key k = sharedPair(name, address);
                synchronized (waits) {
                    waits.remove(k.action() + ":" + k.subject());
                }
                shared.clear(k.action(), k.subject());
            }
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
