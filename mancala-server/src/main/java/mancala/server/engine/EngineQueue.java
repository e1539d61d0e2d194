package mancala.server.engine;

import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import mancala.engine.solve.SolveException;
import mancala.server.error.DomainError;

/**
 * The engine work that answers a request (hints, analyses): a bounded queue before a fixed number of threads (one
 * a core by default), with at most {@code perClient} jobs queued or running for one address and for one player. A
 * request that finds the queue full is refused at once with 503 {@code computer-busy} and {@code Retry-After}; one
 * whose address or player is at its share with 429 {@code engine-busy-client}; nothing waits for a place. Results
 * come back as futures, so no request thread waits for the engine.
 */
public final class EngineQueue implements AutoCloseable {
    private final ThreadPoolExecutor pool;
    private final int perClient;
    private final Map<String, AtomicInteger> byClient = new ConcurrentHashMap<>();

    /**
     * @param threads   engine threads
     * @param capacity  jobs waiting at most (beyond the running ones)
     * @param perClient jobs queued or running per client at most
     */
    public EngineQueue(int threads, int capacity, int perClient) {
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(capacity), r -> {
                    Thread t = new Thread(r, "mancala-engine");
                    t.setDaemon(true);
                    return t;
                });
        this.perClient = perClient;
    }

    /**
     * Queues {@code work} for {@code client}.
     *
     * @return the result, completed on an engine thread; an {@link SolveException} of the work completes it with
     *     {@link DomainError} UNAVAILABLE {@code not-solved}
     * @throws DomainError TOO_MANY when the queue is full or the client has {@code perClient} jobs already
     */
    public <T> CompletableFuture<T> submit(String client, Supplier<T> work) {
        return submit(client, null, work);
    }

    /**
     * Queues {@code work} for the client at {@code address}, signed in as {@code player} (null: nobody), counted in
     * both their shares.
     *
     * @throws DomainError UNAVAILABLE {@code computer-busy} when the queue is full; TOO_MANY when the address or the
     *     player has {@code perClient} jobs already
     */
    public <T> CompletableFuture<T> submit(String address, String player, Supplier<T> work) {
        String client = "a:" + address;
        AtomicInteger mine = take(client);
        AtomicInteger his = null;
        if (player != null) {
            his = take("p:" + player);
            if (his == null) {
                release(client, mine);
            }
        }
        if (mine == null || (player != null && his == null)) {
            throw DomainError.tooMany("engine-busy-client",
                    "you already have {n} engine request(s) running: wait for the answer", Map.of("n", perClient), 2);
        }
        AtomicInteger playerCount = his;
        Runnable free = () -> {
            release(client, mine);
            if (playerCount != null) {
                release("p:" + player, playerCount);
            }
        };
        try {
            return run(work, free);
        } catch (RejectedExecutionException e) {
            free.run();
            throw mancala.server.engine.ComputerCapacity.busy();
        }
    }

    /** @return the key's count, taken, or null (nothing taken) when it is at its share */
    private AtomicInteger take(String key) {
        AtomicInteger n = byClient.computeIfAbsent(key, c -> new AtomicInteger());
        if (n.incrementAndGet() > perClient) {
            release(key, n);
            return null;
        }
        return n;
    }

    private <T> CompletableFuture<T> run(Supplier<T> work, Runnable free) {
        CompletableFuture<T> f = new CompletableFuture<>();
        pool.execute(() -> {
            T result = null;
            Throwable failure = null;
            try {
                result = work.get();
            } catch (SolveException e) {
                failure = notSolved(e);
            } catch (Throwable t) {
                failure = t;
            }
            // Free the client's place before answering: his next request may come the moment he has this.
            free.run();
            if (failure != null) {
                f.completeExceptionally(failure);
            } else {
                f.complete(result);
            }
        });
        return f;
    }

    /** @return the refusal of engine work that proved nothing in its time (a solver's give-up). */
    static DomainError notSolved(SolveException e) {
        return DomainError.unavailable("not-solved", "the solver proved nothing in time: "
                + e.getMessage().replace("{", "(").replace("}", ")"));
    }

    private void release(String client, AtomicInteger mine) {
        if (mine.decrementAndGet() <= 0) {
            byClient.remove(client, mine);
        }
    }

    /** Stops the engine threads. */
    @Override
    public void close() {
        pool.shutdownNow();
    }
}
