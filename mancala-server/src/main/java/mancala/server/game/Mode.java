package mancala.server.game;

import java.util.Locale;

/** How a game was set up: against the AI, against an invited person, or both players on one screen. */
public enum Mode {
    AI, INVITE, LOCAL;

    /** @return the mode's JSON and database name ({@code ai}, {@code invite}, {@code local}). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the mode for its key, or null. */
    public static Mode ofKey(String key) {
        for (Mode m : values()) {
            if (m.key().equals(key)) {
                return m;
            }
        }
        return null;
    }
}
