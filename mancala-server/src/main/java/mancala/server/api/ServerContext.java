package mancala.server.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import mancala.server.config.ServerConfig;
import mancala.server.play.GameService;
import mancala.server.store.ChangeFeed;
import mancala.server.store.Database;
import mancala.server.store.JobStore;
import mancala.server.work.EngineQueue;
import mancala.server.work.JobRunner;

/**
 * What route classes are built from: the database, the games, the change feed (live updates to every instance),
 * the job runner and table (once-only and timed work), the engine queue (hints, analyses), rate limits, error
 * rendering and the JSON mapper. A feature adds its routes as a class implementing {@link Routes}, constructed
 * from this context and registered with one line in {@code MancalaServer}. A feature with timed or once-only work
 * registers its job kinds on {@link #runner()} in its constructor (jobs are claimed only after every route class
 * is built) and schedules jobs with {@link #jobs()} inside the transaction of the change that makes them due; a
 * game is changed with {@code games().change(id, action, job)}.
 */
public record ServerContext(ServerConfig config, Database db, GameService games, ChangeFeed feed, JobRunner runner,
                            JobStore jobs, EngineQueue engine, RateLimits limits, HttpErrors errors,
                            ObjectMapper mapper) {

    /** A group of routes of one concept (games, records, lobby …). */
    @FunctionalInterface
    public interface Routes {
        /** Adds the group's routes to {@code app}. */
        void register(Javalin app);
    }
}
