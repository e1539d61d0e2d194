package mancala.server;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The API tests over a real PostgreSQL server on 127.0.0.1 ({@code .ci/services.sh} starts one); skipped with a
 * message when none is reachable, except under {@code CI=true}.
 */
@Tag("postgres")
class PostgresApiTest extends ApiContract {
    @BeforeAll
    static void emptyTheDatabase() throws java.sql.SQLException {
        if (Services.postgresMissing().isPresent()) {
            return; // each test is skipped (or fails under CI) in requireDatabase
        }
        // The test database outlives a run: start from no games, so that no earlier run's games are resumed.
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(Services.PG_URL, Services.PG_USER,
                Services.PG_PASSWORD); java.sql.Statement st = c.createStatement()) {
            boolean migrated = c.getMetaData().getTables(null, null, "games", null).next();
            if (migrated) {
                st.executeUpdate("DELETE FROM game_events");
                st.executeUpdate("DELETE FROM games");
            }
        }
    }

    @Override
    void requireDatabase() {
        Services.requirePostgres();
    }

    @Override
    String[] database() {
        return new String[] {Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD};
    }
}
