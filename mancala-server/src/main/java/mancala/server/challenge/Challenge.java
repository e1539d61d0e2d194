package mancala.server.challenge;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import mancala.server.clock.Clocks;

/**
 * A challenge as stored (table {@code challenges}): an open challenge, a seek of quick pairing or a rematch offer.
 *
 * @param kind          {@code open}, {@code seek} or {@code rematch}
 * @param timeControl   the clock's tag, or null
 * @param side          the creator's side: {@code south}, {@code north} or {@code random}
 * @param creator       the creator's player key; {@code creatorName}, {@code creatorRating} his name and rating
 * @param toPlayer      the player key it is for, or null for anyone
 * @param status        {@code open}, {@code taken}, {@code accepted}, {@code cancelled} or {@code expired}
 * @param gameId        the game it started, or null
 */
public record Challenge(String id, String kind, String game, String options, String timeControl, boolean rated,
                        String side, String creator, String creatorName, Integer creatorRating, String toPlayer,
                        String rematchOf, String status, String gameId, Instant createdAt) {
    /** @return the JSON view, {@code toName} the user name it is for (or null) */
    public Map<String, Object> view(String toName) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("kind", kind);
        m.put("game", game);
        m.put("options", options);
        m.put("clock", Clocks.viewOfTag(timeControl));
        m.put("rated", rated);
        m.put("side", side);
        m.put("creator", creatorName);
        m.put("creatorRating", creatorRating);
        m.put("to", toName);
        m.put("rematchOf", rematchOf);
        m.put("status", status);
        m.put("gameId", gameId);
        m.put("createdAt", createdAt.toString());
        return m;
    }
}
