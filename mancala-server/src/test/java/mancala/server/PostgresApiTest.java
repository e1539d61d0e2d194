package mancala.server;

import org.junit.jupiter.api.BeforeAll;

/**
 * The API tests over a real PostgreSQL server on 127.0.0.1 ({@code .ci/services.sh} starts one); skipped with a
 * message when none is reachable, except under {@code CI=true}.
 */
class PostgresApiTest extends ApiContract {
    @BeforeAll
    static void needsPostgres() {
        Services.requirePostgres();
    }

    @Override
    String[] database() {
        return new String[] {Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD};
    }
}
