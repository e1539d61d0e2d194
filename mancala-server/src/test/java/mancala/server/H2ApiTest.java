package mancala.server;

import java.nio.file.Path;
import mancala.server.store.Database;
import org.junit.jupiter.api.io.TempDir;

/** The API tests over an embedded H2 file database, new for each test. */
class H2ApiTest extends ApiContract {
    @TempDir
    Path dir;

    @Override
    String[] database() {
        return new String[] {Database.h2FileUrl(dir.resolve("games")), null, null};
    }
}
