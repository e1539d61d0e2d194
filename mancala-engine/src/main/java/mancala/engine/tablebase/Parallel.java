package mancala.engine.tablebase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The threads of a build: one task run on every thread at once, what one throws passed on. */
final class Parallel {
    private Parallel() {
    }

    /** @return a pool of {@code threads} daemon threads named {@code tablebase} */
    static ExecutorService pool(int threads) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tablebase");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs {@code task} on {@code threads} threads of {@code pool} and waits for all of them.
     *
     * @return what each returned
     * @throws TablebaseException when interrupted; a task's own exception or error as it was thrown
     */
    static <T> List<T> run(ExecutorService pool, int threads, Callable<T> task) {
        List<Future<T>> fs = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            fs.add(pool.submit(task));
        }
        List<T> out = new ArrayList<>();
        try {
            for (Future<T> f : fs) {
                out.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TablebaseException("interrupted");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new UncheckedIOException(new IOException(c));
        }
        return out;
    }
}
