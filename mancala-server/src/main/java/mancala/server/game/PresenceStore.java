package mancala.server.game;

import java.sql.Timestamp;
import java.time.Instant;
import mancala.rules.Side;
import org.jdbi.v3.core.Jdbi;

/** When each side of a game last had a page of it open (table {@code game_presence}). */
public final class PresenceStore {
    private final Jdbi jdbi;

    /** @param jdbi the database */
    public PresenceStore(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** Notes that the holder of {@code side} has a page of the game open at {@code now}. */
    public void seen(String gameId, Side side, Instant now) {
        String code = side == Side.SOUTH ? "S" : "N";
        jdbi.useTransaction(h -> {
            int n = h.createUpdate("UPDATE game_presence SET last_seen = :t WHERE game_id = :id AND side = :s")
                    .bind("t", now).bind("id", gameId).bind("s", code).execute();
            if (n == 0) {
                h.createUpdate("INSERT INTO game_presence (game_id, side, last_seen) VALUES (:id, :s, :t)")
                        .bind("t", now).bind("id", gameId).bind("s", code).execute();
            }
        });
    }

    /** @return when the holder of {@code side} last had a page of the game open, or null for never. */
    public Instant lastSeen(String gameId, Side side) {
        return jdbi.withHandle(h -> h.createQuery("SELECT last_seen FROM game_presence WHERE game_id = :id "
                        + "AND side = :s").bind("id", gameId).bind("s", side == Side.SOUTH ? "S" : "N")
                .mapTo(Timestamp.class).findOne().map(Timestamp::toInstant).orElse(null));
    }
}
