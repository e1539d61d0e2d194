package mancala.server.http;

import mancala.server.config.ServerConfig;

/** Applies the parts of a {@link ServerConfig} that the web layer reads: proxy headers and cookie lifetime. */
public final class Settings {
    private Settings() {
    }

    /** Applies {@code config} (at start; every instance in a process shares these). */
    public static void apply(ServerConfig config) {
        ClientAddress.setBehindProxy(config.behindProxy());
        SeatCookies.setLifetime(config.abandonAfter());
    }
}
