package mancala.server.community;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells every server instance that the lobby changed: PostgreSQL's {@code NOTIFY} on channel {@value #CHANNEL}
 * (each instance keeps one connection that {@code LISTEN}s), or, on H2 (one process), a direct call.
 */
public final class Notifier implements AutoCloseable {
    /** The PostgreSQL channel. */
    public static final String CHANNEL = "mancala_lobby";
    private static final Logger log = LoggerFactory.getLogger(Notifier.class);

    private final DataSource dataSource;
    private final boolean postgres;
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();
    private volatile boolean closed;
    private Thread thread;

    public Notifier(DataSource dataSource, boolean postgres) {
        this.dataSource = dataSource;
        this.postgres = postgres;
        if (postgres) {
            thread = new Thread(this::listen, "mancala-lobby-listen");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** @param listener told of every notification of any instance, with its payload */
    public void subscribe(Consumer<String> listener) {
        listeners.add(listener);
    }

    /** Sends {@code payload} (at most 200 characters) to every instance, this one included. */
    public void send(String payload) {
        if (!postgres) {
            deliver(payload);
            return;
        }
        try (Connection c = dataSource.getConnection();
             var st = c.prepareStatement("SELECT pg_notify(?, ?)")) {
            st.setString(1, CHANNEL);
            st.setString(2, payload);
            st.execute();
        } catch (java.sql.SQLException e) {
            log.warn("cannot notify the other instances: {}", e.toString());
            deliver(payload);
        }
    }

    private void deliver(String payload) {
        for (Consumer<String> l : listeners) {
            try {
                l.accept(payload);
            } catch (RuntimeException e) {
                log.warn("a lobby listener failed: {}", e.toString());
            }
        }
    }

    private void listen() {
        while (!closed) {
            try (Connection c = dataSource.getConnection()) {
                try (Statement st = c.createStatement()) {
                    st.execute("LISTEN " + CHANNEL);
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] got = pg.getNotifications(500);
                    if (got != null) {
                        for (PGNotification n : got) {
                            deliver(n.getParameter());
                        }
                    }
                }
            } catch (java.sql.SQLException e) {
                if (!closed) {
                    log.warn("lobby LISTEN connection lost, reconnecting: {}", e.toString());
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        if (thread != null) {
            thread.interrupt();
        }
    }
}
