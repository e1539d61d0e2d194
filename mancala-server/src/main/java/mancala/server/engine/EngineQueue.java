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
 * The engine work that answers a request (hints, analyses): a bounded queue before a fixed number of threads, with
 * at most {@code perClient} jobs queued or running for one client. A request that finds the queue full, or its
 * client at its cap, is refused at once with {@link DomainError.Kind#TOO_MANY} and a retry time; nothing waits for
 * a place. Results come back as futures, so no request thread waits for the engine.
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
        AtomicInteger mine = byClient.computeIfAbsent(client, c -> new AtomicInteger());
        if (mine.incrementAndGet() > perClient) {
            release(client, mine);
            throw DomainError.tooMany("engine-busy-client",
                    "you already have {n} engine request(s) running: wait for the answer", Map.of("n", perClient), 2);
        }
        CompletableFuture<T> f = new CompletableFuture<>();
        try {
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
                release(client, mine);
                if (failure != null) {
                    f.completeExceptionally(failure);
                } else {
                    f.complete(result);
                }
            });
        } catch (RejectedExecutionException e) {
            release(client, mine);
            throw DomainError.tooMany("engine-busy", "the engine is busy with other players' requests; try again "
                    + "in {seconds} seconds", Map.of("seconds", 3), 3);
        }
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
