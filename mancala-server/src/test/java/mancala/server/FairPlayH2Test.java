package mancala.server;

import java.nio.file.Path;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.io.TempDir;

/** {@link FairPlayContract} over H2, the default database. */
class FairPlayH2Test extends FairPlayContract {
    @TempDir
    Path dir;

    @Override
    ServerConfig config() {
        return ServerConfig.defaults().withDatabase(Database.h2FileUrl(dir.resolve("fair")), null, null);
    }
}
