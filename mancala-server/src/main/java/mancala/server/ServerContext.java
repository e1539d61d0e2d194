package mancala.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import mancala.server.config.ServerConfig;
import mancala.server.engine.EngineQueue;
import mancala.server.game.GameService;
import mancala.server.http.HttpErrors;
import mancala.server.http.RateLimits;
import mancala.server.store.ChangeFeed;
import mancala.server.store.Database;
import mancala.server.store.JobRunner;
import mancala.server.store.JobStore;

/**
 * What a running server holds, for tests and embedding: the database, the games, the change feed (live updates to
 * every instance), the job runner and table (once-only and timed work), the engine queue (hints, analyses), rate
 * limits, error rendering and the JSON mapper. Route classes never see it: {@link MancalaServer#routes} builds each
 * from the few parts it uses.
 */
public record ServerContext(ServerConfig config, Database db, GameService games, ChangeFeed feed, JobRunner runner,
                            JobStore jobs, EngineQueue engine, RateLimits limits, HttpErrors errors,
                            ObjectMapper mapper) {
}
