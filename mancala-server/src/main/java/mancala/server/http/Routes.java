package mancala.server.http;

import io.javalin.Javalin;

/** A group of routes of one concept (games, challenges, tournaments …), added to the server in one line. */
@FunctionalInterface
public interface Routes {
    /** Adds the group's routes to {@code app}. */
    void register(Javalin app);
}
