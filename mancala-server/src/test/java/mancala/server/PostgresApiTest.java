package mancala.server;

import org.junit.jupiter.api.BeforeAll;

/**
 * The API tests over a real PostgreSQL server on 127.0.0.1 ({@code .ci/services.sh} starts one); skipped with a
 * message when none is reachable, except under {@code CI=true}.
 */
class PostgresApiTest extends ApiContract {
    @BeforeAll
    static void needsPostgres() throws java.sql.SQLException {
        Services.requirePostgres();
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
    String[] database() {
        return new String[] {Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD};
    }
}
