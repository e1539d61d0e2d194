package mancala.server.store;

import java.time.Instant;
import java.sql.Timestamp;
import java.sql.SQLException;
import java.sql.ResultSet;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's database: H2 (embedded, a file; one process) or PostgreSQL (any number of server instances), both
 * migrated by Flyway from {@code db/migration} at start. The database is the authority for everything a game is;
 * every change is one {@link #inTransaction} (read committed; a game's changes are serialized by its row lock, see
 * {@link GameStore#lock}). Other stores (accounts, lobby …) use {@link #jdbi()} and their own migrations in their
 * number range. Thread-safe; close it to release the connections.
 */
public final class Database implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Database.class);

    private final HikariDataSource dataSource;
    private final Jdbi jdbi;
    private final String url;
    private final String user;
    private final String password;
    private final boolean postgres;

    /** The system property giving the milliseconds between two records of an H2 file's version (default 5000). */
    public static final String WATCH_PROPERTY = "mancala.h2.watchMillis";

    private final java.util.concurrent.ScheduledExecutorService watch;
    private final Path h2File;
    /** The H2 file's chunk version seen at the previous watch, recorded at the next (when surely written). */
    private long seenBefore = -1;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private Database(HikariDataSource dataSource, String url, String user, String password) {
        this.dataSource = dataSource;
        this.h2File = url.startsWith("jdbc:h2:") ? H2Files.fileOf(url) : null;
        if (h2File != null) {
            // Keep beside the file the newest version it held, so that a later start notices one cut short. The
            // version is asked of H2 itself: opening the file through any other channel would drop H2's lock on it
            // (POSIX locks belong to the process and go with the first descriptor of the file it closes).
            H2Files.writeOwner(h2File);
            long every = Long.getLong(WATCH_PROPERTY, 5_000);
            watch = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "mancala-db-watch");
                t.setDaemon(true);
                return t;
            });
            watch.scheduleWithFixedDelay(this::rememberVersion, Math.min(2_000, every), every,
                    java.util.concurrent.TimeUnit.MILLISECONDS);
        } else {
            watch = null;
        }
        this.jdbi = Jdbi.create(dataSource);
        this.url = url;
        this.user = user;
        this.password = password;
        this.postgres = url.startsWith("jdbc:postgresql:");
    }

    /**
     * Opens a database and brings its schema up to date. An H2 file is first checked ({@link H2Files#check}): a
     * damaged or emptied file is refused and left as it is.
     *
     * @param jdbcUrl  {@code jdbc:h2:…} or {@code jdbc:postgresql://…}; null for {@link #defaultUrl()}
     * @param user     database user, or null (H2: {@code sa}; PostgreSQL: from the URL)
     * @param password the user's password, or null
     * @param poolSize connections at most
     * @throws StoreException when the database cannot be reached, is damaged or cannot be migrated
     */
    public static Database open(String jdbcUrl, String user, String password, int poolSize) {
        return open(jdbcUrl, user, password, poolSize, null);
    }

    /**
     * As {@link #open(String, String, String, int)}, the pool reporting its metrics (connections active, idle,
     * pending, timeouts, usage) to {@code meters}, a Micrometer registry, when not null.
     */
    public static Database open(String jdbcUrl, String user, String password, int poolSize, Object meters) {
        String url = jdbcUrl == null ? defaultUrl() : jdbcUrl;
        if (!url.startsWith("jdbc:h2:") && !url.startsWith("jdbc:postgresql:")) {
            throw new StoreException("unsupported database URL '" + url
                    + "': use jdbc:h2:… or jdbc:postgresql://host/database", null);
        }
        if (url.startsWith("jdbc:h2:")) {
            H2Files.check(url);
            String upper = url.toUpperCase(Locale.ROOT);
            if (!upper.contains("WRITE_DELAY")) {
                // H2 writes committed transactions to its file up to half a second later by default: a killed
                // server would lose the moves it had just answered. With no delay each commit reaches the file.
                url += ";WRITE_DELAY=0";
            }
            if (!upper.contains("LOCK_TIMEOUT")) {
                // A game's row lock is held for one change (milliseconds); wait for it rather than fail.
                url += ";LOCK_TIMEOUT=10000";
            }
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        String u = user != null ? user : url.startsWith("jdbc:h2:") ? "sa" : null;
        if (u != null) {
            config.setUsername(u);
        }
        if (password != null) {
            config.setPassword(password);
        }
        config.setMaximumPoolSize(poolSize);
        config.setPoolName("mancala");
        config.setInitializationFailTimeout(10_000);
        config.setConnectionTimeout(10_000);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        if (meters != null) {
            config.setMetricRegistry(meters);
        }
        // An H2 file is opened once first, outside the pool: a file another server holds is refused at once
        // (the pool would retry for its whole start timeout), naming the folder and that server's process.
        java.sql.Connection probe = url.startsWith("jdbc:h2:") ? H2Files.openOrExplain(url, u, password) : null;
        HikariDataSource ds = null;
        boolean migrated = false;
        try {
            try {
                ds = new HikariDataSource(config);
            } catch (RuntimeException e) {
                throw new StoreException("cannot open database " + redact(url) + ": " + e.getMessage(), e);
            }
            try {
                Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
            } catch (RuntimeException e) {
                ds.close();
                throw new StoreException("cannot migrate database " + redact(url) + ": " + e.getMessage(), e);
            }
            migrated = true;
        } finally {
            if (probe != null) {
                if (!migrated && H2Files.fileOf(url) != null) {
                    H2Files.closed(H2Files.fileOf(url));
                }
                try {
                    probe.close();
                } catch (java.sql.SQLException e) {
                    log.debug("closing the first H2 connection: {}", e.toString());
                }
            }
        }
        log.info("database {} ready", redact(url));
        return new Database(ds, url, u, password);
    }

    /**
     * @return the default database: an H2 file {@code mancala} in {@code $XDG_DATA_HOME/mancala}, or in
     *     {@code ~/.local/share/mancala} when that variable is unset; the folder is created if needed
     */
    public static String defaultUrl() {
        Path dir = mancala.engine.data.DataDir.folder(); // shared with the endgame tables
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new StoreException("cannot create the data folder " + dir + ": " + e.getMessage(), e);
        }
        return h2FileUrl(dir.resolve("mancala"));
    }

    /** @return the URL of an H2 file database at {@code file} (without the {@code .mv.db} suffix). */
    public static String h2FileUrl(Path file) {
        return "jdbc:h2:file:" + file.toAbsolutePath() + ";DB_CLOSE_ON_EXIT=FALSE";
    }

    static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }

    /** @return JDBI over the pool, for stores. */
    public Jdbi jdbi() {
        return jdbi;
    }

    /** @return true for PostgreSQL (many instances, LISTEN/NOTIFY, SKIP LOCKED), false for H2 (one process). */
    public boolean isPostgres() {
        return postgres;
    }

    /** @return the JDBC URL (with the options added at opening). */
    public String url() {
        return url;
    }

    /** @return the user, or null. */
    String user() {
        return user;
    }

    /** @return the password, or null. */
    String password() {
        return password;
    }

    /**
     * Runs {@code work} in one read-committed transaction: committed when it returns, rolled back when it throws
     * (the exception goes on unchanged).
     */
    public <R, X extends Exception> R inTransaction(HandleCallback<R, X> work) throws X {
        // Read committed is every pooled connection's level (set on the pool). Naming the level here would make
        // JDBI ask the connection for its level before and after each transaction: on PostgreSQL the driver sends
        // SHOW TRANSACTION ISOLATION LEVEL for each ask, two round trips more per transaction.
        return jdbi.inTransaction(work);
    }

    /** Attempts at most of a transaction that loses to another one ({@link #inTransactionRetrying}). */
    public static final int MAX_ATTEMPTS = 6;

    /**
     * Runs {@code work} as {@link #inTransaction}, again from the start when it loses to a concurrent transaction
     * (a deadlock, a serialization failure, a lock wait timed out, or a duplicate key from a row inserted at the same
     * moment): at most {@value #MAX_ATTEMPTS} attempts, each after a random pause that grows with the attempt (5 to
     * 25 ms times the attempt number), so that two transactions that collided do not collide again. {@code work}
     * must leave nothing behind outside the transaction when it fails.
     *
     * @throws X or the last attempt's exception when every attempt lost
     */
    public <R, X extends Exception> R inTransactionRetrying(HandleCallback<R, X> work) throws X {
        for (int attempt = 1; ; attempt++) {
            try {
                return inTransaction(work);
            } catch (RuntimeException e) {
                if (attempt >= MAX_ATTEMPTS || !isConflict(e)) {
                    throw e;
                }
                log.debug("transaction lost to another (attempt {}): {}", attempt, e.toString());
                try {
                    Thread.sleep(attempt * java.util.concurrent.ThreadLocalRandom.current().nextLong(5, 26));
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * @return true when {@code e} (or a cause) is a database error that a new attempt may not meet: SQL state
     *     40001 (serialization failure; H2's deadlock), 40P01 (PostgreSQL's deadlock), 55P03 (lock not available),
     *     HYT00 (H2's lock timeout) or 23505 (a duplicate key: a row inserted at the same moment)
     */
    public static boolean isConflict(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException q && q.getSQLState() != null
                    && java.util.Set.of("40001", "40P01", "55P03", "HYT00", "23505").contains(q.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code work} on a connection without a transaction of its own (reads). */
    public <R, X extends Exception> R withHandle(HandleCallback<R, X> work) throws X {
        return jdbi.withHandle(work);
    }

    /**
     * Records the H2 file's chunk version seen at the previous call (a chunk H2 reported then has been handed to the
     * operating system since), asking H2 for the version now: the file is read through H2 only.
     */
    private void rememberVersion() {
        try (java.sql.Connection c = dataSource.getConnection()) {
            long now = H2Files.chunkVersion(c);
            if (seenBefore >= 0) {
                H2FileCheck.rememberVersion(h2File, seenBefore);
            }
            seenBefore = now;
        } catch (java.sql.SQLException | RuntimeException e) {
            log.debug("cannot read the H2 file's version: {}", e.toString());
        }
    }

    /** Closes the connections. Safe to call twice. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (watch != null) {
            watch.shutdownNow();
        }
        dataSource.close();
        if (h2File != null && H2Files.closed(h2File)) {
            // H2 has closed the file: it may be read directly now
            H2FileCheck.remember(h2File);
            H2Files.removeOwner(h2File);
        }
    }

    /** @return a new connection outside the pool (for {@code LISTEN}), to be closed by the caller. */
    java.sql.Connection connect() throws java.sql.SQLException {
        java.util.Properties p = new java.util.Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        return java.sql.DriverManager.getConnection(url, p);
    }

    /** Helper so stores can say which handle a call needs. */
    static Handle require(Handle h) {
        if (h == null) {
            throw new IllegalArgumentException("a store call needs a handle in a transaction");
        }
        return h;
    }

    /** The database could not be opened, migrated or used. */
    public static final class StoreException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @param message what failed, naming the database (password hidden) and what to do */
        public StoreException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** @return the instant in {@code column} of the current row, or null. */
    public static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }
}
