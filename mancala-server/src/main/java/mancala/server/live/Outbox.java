package mancala.server.live;

import java.util.ArrayDeque;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.api.WriteCallback;

/**
 * What is waiting to go out on one WebSocket: sent asynchronously, one message in flight at a time, so no game,
 * request or AI thread ever waits for a socket. Replies (errors, pongs, the first state) queue in order, at most
 * {@link #MAX_QUEUED}; game states coalesce (only the newest waits, since each is the whole state). A socket whose
 * queue overflows, whose send fails, or whose send has been in flight longer than {@link #STUCK_MILLIS} is dropped.
 */
public final class Outbox {
    /** Replies waiting at most before the socket is dropped as too slow. */
    static final int MAX_QUEUED = 32;
    /** A send in flight this long means the reader stopped reading: the socket is dropped. */
    static final long STUCK_MILLIS = 15_000;

    private final Session session;
    private final ArrayDeque<String> replies = new ArrayDeque<>();
    private String state;
    private boolean sending;
    private long sendingSince;
    private boolean closed;

    /** @param session the socket this outbox writes to */
    public Outbox(Session session) {
        this.session = session;
    }

    /** Queues a reply to this socket alone. */
    public void reply(String json) {
        boolean overflow;
        synchronized (this) {
            if (closed) {
                return;
            }
            overflow = replies.size() >= MAX_QUEUED;
            if (!overflow) {
                replies.add(json);
            }
        }
        if (overflow) {
            drop();
        } else {
            pump();
        }
    }

    /** Queues a game state, replacing any state not sent yet. */
    public void state(String json) {
        synchronized (this) {
            if (closed) {
                return;
            }
            state = json;
        }
        pump();
    }

    /** @return true when a send has been in flight for longer than {@link #STUCK_MILLIS}. */
    public synchronized boolean stuck(long now) {
        return sending && now - sendingSince > STUCK_MILLIS;
    }

    private void pump() {
        String next;
        synchronized (this) {
            if (sending || closed) {
                return;
            }
            next = replies.poll();
            if (next == null) {
                next = state;
                state = null;
            }
            if (next == null) {
                return;
            }
            sending = true;
            sendingSince = System.currentTimeMillis();
        }
        try {
            session.getRemote().sendString(next, new WriteCallback() {
                @Override
                public void writeFailed(Throwable x) {
                    drop();
                }

                @Override
                public void writeSuccess() {
                    synchronized (Outbox.this) {
                        sending = false;
                    }
                    pump();
                }
            });
        } catch (RuntimeException e) {
            drop();
        }
    }

    /** Drops the socket at once: nothing more is sent. */
    public void drop() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            replies.clear();
            state = null;
        }
        try {
            session.disconnect();
        } catch (RuntimeException e) {
            // gone already
        }
    }

    /** Marks the socket closed (by its peer). */
    synchronized void closed() {
        closed = true;
        replies.clear();
        state = null;
    }
}
