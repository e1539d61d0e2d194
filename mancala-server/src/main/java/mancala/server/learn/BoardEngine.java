package mancala.server.learn;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import mancala.server.api.ApiException;

/**
 * The bounded queue the analysis board, the puzzles and the lessons' engine work runs on: {@value #WORKERS}
 * threads and at most {@value #QUEUED} waiting jobs; beyond that a request is refused with 503 {@code busy}
 * rather than left to pile up.
 */
public final class BoardEngine implements AutoCloseable {
    /** Jobs running at once. */
    public static final int WORKERS = 2;
    /** Jobs waiting at most. */
    public static final int QUEUED = 16;

    private final ThreadPoolExecutor pool;

    /** Starts the worker threads (daemons, so they never hold the JVM up). */
    public BoardEngine() {
        AtomicInteger n = new AtomicInteger();
        pool = new ThreadPoolExecutor(WORKERS, WORKERS, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUED), r -> {
            Thread t = new Thread(r, "board-engine-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
    }

    /**
     * Queues {@code job}.
     *
     * @throws ApiException 503 {@code busy} when the queue is full
     */
    public Future<?> submit(Runnable job) {
        try {
            return pool.submit(job);
        } catch (RejectedExecutionException e) {
            throw busy();
        }
    }

    /**
     * Runs {@code job} on the queue and waits for it at most {@code timeoutMillis} ms.
     *
     * @throws ApiException 503 {@code busy} when the queue is full or the job did not finish in time; what the
     *                      job threw (an {@link ApiException} as it is)
     */
    public <T> T call(Callable<T> job, long timeoutMillis) {
        Future<T> f;
        try {
            f = pool.submit(job);
        } catch (RejectedExecutionException e) {
            throw busy();
        }
        try {
            return f.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new ApiException(503, "busy", "the engine did not answer within " + timeoutMillis + " ms; try "
                    + "again in a moment");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "busy", "the server is stopping");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static ApiException busy() {
        return new ApiException(503, "busy", "the engine is busy with other analyses; try again in a moment");
    }

    /** Stops the workers; running jobs are interrupted. */
    @Override
    public void close() {
        pool.shutdownNow();
    }
}
