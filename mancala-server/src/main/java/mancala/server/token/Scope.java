package mancala.server.token;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What a personal API token may do. Each scope's key is what clients send and see ({@code bot:play}). */
public enum Scope {
    /** Play as a bot account: the event stream, bot game streams and moves, the bot upgrade. */
    BOT_PLAY("bot:play"),
    /** Play one's own games from a program (the Board API). */
    BOARD_PLAY("board:play"),
    /** Read the challenges one receives (the event stream). */
    CHALLENGE_READ("challenge:read"),
    /** Send, accept and decline challenges. */
    CHALLENGE_WRITE("challenge:write"),
    /** Join and leave tournaments. */
    TOURNAMENT_WRITE("tournament:write");

    private final String key;

    Scope(String key) {
        this.key = key;
    }

    /** @return the scope's key, e.g. {@code challenge:write}. */
    public String key() {
        return key;
    }

    /** @return the scope with this key (case ignored), if any. */
    public static Optional<Scope> byKey(String key) {
        String k = key == null ? "" : key.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.key.equals(k)).findFirst();
    }

    /** @return every key, comma-separated, for error messages. */
    public static String keys() {
        return String.join(", ", Arrays.stream(values()).map(Scope::key).toList());
    }
}
