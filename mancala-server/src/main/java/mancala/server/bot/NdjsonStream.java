package mancala.server.bot;

import io.javalin.http.Context;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * One long-lived NDJSON response (a JSON object a line, blank lines to keep it alive), written with the servlet
 * container's non-blocking output: no thread ever waits for the client. Lines queue in order, at most
 * {@link #MAX_QUEUED}; a client that reads so slowly that the queue overflows, or whose connection fails, is dropped
 * (it reconnects and gets the whole state again). Thread-safe.
 *
 * <p>Made inside {@code ctx.future(...)}'s supplier, when the request is already asynchronous; {@link #done()}
 * completes when the stream ends, which ends the request.
 */
final class NdjsonStream {
    /** Lines waiting at most before the client is dropped as too slow. */
    static final int MAX_QUEUED = 256;

    private final ServletOutputStream out;
    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private boolean flushPending;
    private boolean closed;
    private volatile Runnable onClose = () -> { };

    private NdjsonStream(ServletOutputStream out) {
        this.out = out;
    }

    /**
     * Starts the stream on an asynchronous request: status 200, {@code application/x-ndjson}, no caching and no
     * proxy buffering.
     *
     * @throws IOException when the response cannot be written to
     */
    static NdjsonStream open(Context ctx) throws IOException {
        ctx.status(200);
        ctx.res().setContentType("application/x-ndjson; charset=utf-8");
        ctx.res().setHeader("Cache-Control", "no-store");
        ctx.res().setHeader("X-Accel-Buffering", "no");
        ServletOutputStream out = ctx.res().getOutputStream();
        allowSlowStream(out);
        NdjsonStream s = new NdjsonStream(out);
        if (ctx.req().isAsyncStarted()) {
            ctx.req().getAsyncContext().setTimeout(0);
            ctx.req().getAsyncContext().addListener(new AsyncListener() {
                @Override
                public void onComplete(AsyncEvent event) {
                    s.close();
                }

                @Override
                public void onTimeout(AsyncEvent event) {
                    s.close();
                }

                @Override
                public void onError(AsyncEvent event) {
                    s.close();
                }

                @Override
                public void onStartAsync(AsyncEvent event) {
                }
            });
        }
        out.setWriteListener(new WriteListener() {
            @Override
            public void onWritePossible() {
                s.pump();
            }

            @Override
            public void onError(Throwable t) {
                s.close();
            }
        });
        return s;
    }

    /**
     * The server cuts off responses read slower than its minimum data rate, counted from the first byte; a stream
     * that writes a few bytes every few seconds is always below it. The check is turned off for this response only
     * (Jetty does so itself when the rate is 0 at its first write); the bounded queue and the idle timeout still
     * drop a client that stops reading.
     */
    private static void allowSlowStream(ServletOutputStream out) {
        try {
            Field f = out.getClass().getDeclaredField("_firstByteNanoTime");
            f.setAccessible(true);
            f.setLong(out, Long.MAX_VALUE);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // another container: its own rules apply, and clients reconnect when cut off
        }
    }

    /** @return completes when the stream has ended (closed by either side). */
    CompletableFuture<Void> done() {
        return done;
    }

    /** Sets what to do once when the stream ends (unsubscribe). */
    void onClose(Runnable r) {
        this.onClose = r;
        if (isClosed()) {
            r.run();
        }
    }

    /** @return true once the stream has ended. */
    synchronized boolean isClosed() {
        return closed;
    }

    /** Queues one JSON line. */
    void send(String json) {
        enqueue((json + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Queues a blank line, unless lines are waiting anyway. */
    void keepAlive() {
        synchronized (this) {
            if (!queue.isEmpty()) {
                return;
            }
        }
        enqueue(new byte[] {'\n'});
    }

    private void enqueue(byte[] line) {
        boolean overflow;
        synchronized (this) {
            if (closed) {
                return;
            }
            overflow = queue.size() >= MAX_QUEUED;
            if (!overflow) {
                queue.add(line);
            }
        }
        if (overflow) {
            close();
        } else {
            pump();
        }
    }

    private void pump() {
        boolean failed = false;
        synchronized (this) {
            if (closed) {
                return;
            }
            try {
                while (out.isReady()) {
                    byte[] next = queue.poll();
                    if (next == null) {
                        if (flushPending) {
                            flushPending = false;
                            out.flush();
                            continue;
                        }
                        return;
                    }
                    out.write(next);
                    flushPending = true;
                }
            } catch (IOException | RuntimeException e) {
                failed = true;
            }
        }
        if (failed) {
            close();
        }
    }

    /** Ends the stream: nothing more is sent; the request completes. */
    void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            queue.clear();
        }
        try {
            onClose.run();
        } finally {
            done.complete(null);
        }
    }
}
