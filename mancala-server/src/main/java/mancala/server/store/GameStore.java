package mancala.server.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Games in a relational database through JDBI: H2 (embedded, a file) or PostgreSQL, both migrated by Flyway from
 * {@code db/migration}. Every change is one transaction, so a game on disk is always a prefix of what was played.
 * Thread-safe; close it to release the connections.
 */
public final class GameStore implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GameStore.class);

    private final HikariDataSource dataSource;
    private final Jdbi jdbi;

    private GameStore(HikariDataSource dataSource) {
        this.dataSource = dataSource;
        this.jdbi = Jdbi.create(dataSource);
    }

    /**
     * Opens a database and brings its schema up to date.
     *
     * @param jdbcUrl  {@code jdbc:h2:…} or {@code jdbc:postgresql://…}; null for {@link #defaultUrl()}
     * @param user     database user, or null (H2: {@code sa}; PostgreSQL: from the URL)
     * @param password the user's password, or null
     * @throws StoreException when the database cannot be reached or migrated
     */
    public static GameStore open(String jdbcUrl, String user, String password) {
        String url = jdbcUrl == null ? defaultUrl() : jdbcUrl;
        if (!url.startsWith("jdbc:h2:") && !url.startsWith("jdbc:postgresql:")) {
            throw new StoreException("unsupported database URL '" + url
                    + "': use jdbc:h2:… or jdbc:postgresql://host/database", null);
        }
        if (url.startsWith("jdbc:h2:") && !url.toUpperCase(java.util.Locale.ROOT).contains("WRITE_DELAY")) {
            // H2 writes committed transactions to its file up to half a second later by default: a killed server
            // would lose the moves it had just answered. With no delay each commit reaches the file at once.
            url += ";WRITE_DELAY=0";
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        if (user != null) {
            config.setUsername(user);
        } else if (url.startsWith("jdbc:h2:")) {
            config.setUsername("sa");
        }
        if (password != null) {
            config.setPassword(password);
        }
        config.setMaximumPoolSize(8);
        config.setPoolName("mancala");
        config.setInitializationFailTimeout(10_000);
        config.setConnectionTimeout(10_000);
        HikariDataSource ds;
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
        log.info("database {} ready", redact(url));
        return new GameStore(ds);
    }

    /**
     * @return the default database: an H2 file {@code mancala} in {@code $XDG_DATA_HOME/mancala}, or in
     *     {@code ~/.local/share/mancala} when that variable is unset; the folder is created if needed
     */
    public static String defaultUrl() {
        String xdg = System.getenv("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".local", "share");
        Path dir = base.resolve("mancala");
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

    private static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }

    /** @return the database, for the tables of other features (accounts, lobby, ratings, tournaments). */
    public Jdbi jdbi() {
        return jdbi;
    }

    /** @return true when the database is PostgreSQL (else H2). */
    public boolean postgres() {
        return dataSource.getJdbcUrl().startsWith("jdbc:postgresql:");
    }

    /** @return the data source, for a connection of its own (PostgreSQL's LISTEN). */
    public javax.sql.DataSource dataSource() {
        return dataSource;
    }

    /** Stores a new game with no events. */
    public void insert(GameRow g) {
        jdbi.useHandle(h -> h.createUpdate("""
                INSERT INTO games (id, game, options, mode, ai_side, ai_level, south_name, north_name, south_token,
                  north_token, invite_code, draw_offer, takeback_offer, plies, result, termination, created_at,
                  updated_at)
                VALUES (:id, :game, :options, :mode, :aiSide, :aiLevel, :southName, :northName, :southToken,
                  :northToken, :inviteCode, :drawOffer, :takebackOffer, :plies, :result, :termination, :createdAt,
                  :updatedAt)""").bindMethods(g).execute());
    }

    /**
     * Appends an event and updates the game's row in one transaction.
     *
     * @param row   the game's row after the event
     * @param event the event, whose {@code seq} must be the next one
     */
    public void append(GameRow row, GameEvent event) {
        jdbi.useTransaction(h -> {
            h.createUpdate("INSERT INTO game_events (game_id, seq, kind, side, pit, played_at) "
                            + "VALUES (:gameId, :seq, :kind, :side, :pit, :playedAt)")
                    .bind("gameId", row.id()).bindMethods(event).execute();
            updateRow(h, row);
        });
    }

    /** Updates a game's row (seats, offers, result) without adding an event. */
    public void update(GameRow row) {
        jdbi.useTransaction(h -> updateRow(h, row));
    }

    /** Removes the events from {@code fromSeq} on (a take-back) and updates the row, in one transaction. */
    public void truncate(GameRow row, int fromSeq) {
        jdbi.useTransaction(h -> {
            h.createUpdate("DELETE FROM game_events WHERE game_id = :id AND seq >= :seq")
                    .bind("id", row.id()).bind("seq", fromSeq).execute();
            updateRow(h, row);
        });
    }

    private static void updateRow(org.jdbi.v3.core.Handle h, GameRow row) {
        h.createUpdate("""
                UPDATE games SET north_token = :northToken, invite_code = :inviteCode, draw_offer = :drawOffer,
                  takeback_offer = :takebackOffer, plies = :plies, result = :result, termination = :termination,
                  updated_at = :updatedAt, north_name = :northName WHERE id = :id""")
                .bindMethods(row).execute();
    }

    /** @return the game's row, or empty when there is none. */
    public Optional<GameRow> find(String id) {
        return jdbi.withHandle(h -> h.createQuery("SELECT * FROM games WHERE id = :id").bind("id", id)
                .map((rs, ctx) -> row(rs, ctx)).findOne());
    }

    /** @return the game's events in order. */
    public List<GameEvent> events(String id) {
        return jdbi.withHandle(h -> h.createQuery(
                        "SELECT seq, kind, side, pit, played_at FROM game_events WHERE game_id = :id ORDER BY seq")
                .bind("id", id)
                .map((rs, ctx) -> new GameEvent(rs.getInt("seq"), rs.getString("kind"), rs.getString("side"),
                        (Integer) rs.getObject("pit", Integer.class), instant(rs, "played_at")))
                .list());
    }

    /** @return the ids of games still going on (no result), oldest first. */
    public List<String> unfinishedIds() {
        return jdbi.withHandle(h -> h.createQuery("SELECT id FROM games WHERE result IS NULL ORDER BY created_at")
                .mapTo(String.class).list());
    }

    /** @return up to {@code limit} games, most recently changed first. */
    public List<GameRow> recent(int limit) {
        return jdbi.withHandle(h -> h.createQuery("SELECT * FROM games ORDER BY updated_at DESC, id LIMIT :n")
                .bind("n", limit).map((rs, ctx) -> row(rs, ctx)).list());
    }

    private static GameRow row(java.sql.ResultSet rs, StatementContext ctx) throws java.sql.SQLException {
        return new GameRow(rs.getString("id"), rs.getString("game"), rs.getString("options"), rs.getString("mode"),
                trim(rs.getString("ai_side")), (Integer) rs.getObject("ai_level", Integer.class),
                rs.getString("south_name"), rs.getString("north_name"), rs.getString("south_token"),
                rs.getString("north_token"), rs.getString("invite_code"), trim(rs.getString("draw_offer")),
                trim(rs.getString("takeback_offer")), rs.getInt("plies"), rs.getString("result"),
                rs.getString("termination"), instant(rs, "created_at"), instant(rs, "updated_at"));
    }

    private static String trim(String s) {
        return s == null ? null : s.trim();
    }

    private static Instant instant(java.sql.ResultSet rs, String column) throws java.sql.SQLException {
        java.sql.Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }

    /** Closes the connections. Safe to call twice. */
    @Override
    public void close() {
        dataSource.close();
    }

    /** The database could not be opened, migrated or used. */
    public static final class StoreException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @param message what failed, naming the database (password hidden) */
        public StoreException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
