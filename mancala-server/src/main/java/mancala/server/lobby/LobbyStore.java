package mancala.server.lobby;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.server.clock.Clocks;
import org.jdbi.v3.core.Jdbi;

/** What the lobby reads of the games: the games between two people going on now. */
public final class LobbyStore {
    private final Jdbi jdbi;

    /** @param jdbi the database */
    public LobbyStore(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** @return games between two people going on now, newest first (30 at most), to watch. */
    public List<Map<String, Object>> playing() {
        return jdbi.withHandle(h -> h.createQuery("""
                SELECT p.game_id, p.game, p.time_control, p.rated, g.south_name, g.north_name, g.plies
                FROM game_players p JOIN games g ON g.id = p.game_id
                WHERE p.settled = FALSE AND g.result IS NULL AND p.south_player IS NOT NULL
                  AND p.north_player IS NOT NULL
                ORDER BY g.updated_at DESC LIMIT 30""")
                .map((rs, c) -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("id", rs.getString(1));
                    m.put("game", rs.getString(2));
                    m.put("clock", Clocks.viewOfTag(rs.getString(3)));
                    m.put("rated", rs.getBoolean(4));
                    m.put("south", rs.getString(5));
                    m.put("north", rs.getString(6));
                    m.put("plies", rs.getInt(7));
                    return m;
                }).list());
    }
}
