package mancala.server;

import mancala.server.config.ServerConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link FairPlayContract} over PostgreSQL (row locks and conflicts as several instances meet them). Account names
 * carry a per-run suffix, so the database need not be emptied. Skipped without PostgreSQL, except under CI.
 */
@Tag("postgres")
@ExtendWith(Services.NeedsPostgres.class)
class FairPlayPostgresTest extends FairPlayContract {
    @BeforeAll
    static void needsPostgres() {
        Services.requirePostgres();
    }

    @Override
    ServerConfig config() {
        return ServerConfig.defaults().withDatabase(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
    }
}
