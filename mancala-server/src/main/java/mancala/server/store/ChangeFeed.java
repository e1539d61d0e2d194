package mancala.server.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Handle;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Announcements of committed changes to every server instance: a channel name ({@code games}, {@code jobs}, or a
 * feature's own) and a short text payload (e.g. {@code gameId:version}). {@link #publish} is called inside the
 * change's transaction and delivers only if it commits: on PostgreSQL with {@code NOTIFY} (every instance that
 * {@code LISTEN}s gets it, this one included), on H2 (one process) in-process after the commit.
 *
 * <p>Delivery is at most once and may be late; after a lost database connection subscribers are told with the
 * payload {@link #RESYNC} that they may have missed some, and should reread what they show. Subscribers run on the
 * feed's thread: they must be quick and must not block (hand real work to an executor). A subscriber's exception is
 * logged and never reaches the publisher.
 */
public final class ChangeFeed implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ChangeFeed.class);
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,40}");
    /** The payload sent to subscribers after a reconnection: anything may have been missed. */
    public static final String RESYNC = "*resync*";

    private final Database db;
    private final Map<String, List<Consumer<String>>> subscribers = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private final Thread listener;
    private volatile Connection connection;

    /** Starts the feed (on PostgreSQL, its listening connection and thread). */
    public ChangeFeed(Database db) {
        this.db = db;
        if (db.isPostgres()) {
            listener = new Thread(this::listen, "mancala-feed");
            listener.setDaemon(true);
            listener.start();
        } else {
            listener = null;
        }
    }

    /**
     * Registers {@code subscriber} for {@code channel} (lower-case letters, digits, {@code _}).
     *
     * @throws IllegalArgumentException for a bad channel name
     */
    public void subscribe(String channel, Consumer<String> subscriber) {
        if (!NAME.matcher(channel).matches()) {
            throw new IllegalArgumentException("bad channel name " + channel);
        }
        boolean fresh = !subscribers.containsKey(channel);
        subscribers.computeIfAbsent(channel, c -> new CopyOnWriteArrayList<>()).add(subscriber);
        if (fresh && db.isPostgres()) {
            Connection c = connection;
            if (c != null) {
                try (Statement st = c.createStatement()) {
                    st.execute("LISTEN mancala_" + channel);
                } catch (SQLException e) {
                    log.warn("cannot listen on {}: {}", channel, e.getMessage());
                }
            }
        }
    }

    /**
     * Announces {@code payload} on {@code channel} when the transaction of {@code h} commits.
     *
     * @param payload at most 4000 bytes
     */
    public void publish(Handle h, String channel, String payload) {
        if (db.isPostgres()) {
            h.createQuery("SELECT pg_notify(:c, :p)").bind("c", "mancala_" + channel).bind("p", payload)
                    .mapTo(String.class).findOne();
        } else {
            h.afterCommit(() -> deliver(channel, payload));
        }
    }

    /** @return PostgreSQL's name of {@code channel}: what a statement of its own passes to {@code pg_notify}. */
    public static String pgChannel(String channel) {
        return "mancala_" + channel;
    }

    private void deliver(String channel, String payload) {
        List<Consumer<String>> list = subscribers.get(channel);
        if (list == null) {
            return;
        }
        for (Consumer<String> s : list) {
            try {
                s.accept(payload);
            } catch (RuntimeException e) {
                log.error("a subscriber of {} failed", channel, e);
            }
        }
    }

    private void listen() {
        boolean first = true;
        while (!closed) {
            try (Connection c = db.connect()) {
                try (Statement st = c.createStatement()) {
                    for (String channel : subscribers.keySet()) {
                        st.execute("LISTEN mancala_" + channel);
                    }
                }
                connection = c;
                // Subscribers added since the loop above listen through subscribe().
                try (Statement st = c.createStatement()) {
                    for (String channel : subscribers.keySet()) {
                        st.execute("LISTEN mancala_" + channel);
                    }
                }
                if (!first) {
                    for (String channel : subscribers.keySet()) {
                        deliver(channel, RESYNC);
                    }
                }
                first = false;
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] got = pg.getNotifications(500);
                    if (got == null) {
                        continue;
                    }
                    for (PGNotification n : got) {
                        String name = n.getName();
                        if (name.startsWith("mancala_")) {
                            deliver(name.substring("mancala_".length()), n.getParameter());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                connection = null;
                if (closed) {
                    return;
                }
                log.warn("change feed lost its database connection ({}); reconnecting", e.getMessage());
                first = false;
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    /** Stops listening. */
    @Override
    public void close() {
        closed = true;
        if (listener != null) {
            listener.interrupt();
            try {
                listener.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
