package mancala.server.account;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mancala.server.clock.Clocks;
import mancala.server.rating.RatingStore;
import org.jdbi.v3.core.Jdbi;

/** A player's games as his page lists them (tables {@code game_players} and {@code games}). */
public final class PlayerGamesStore {
    private final Jdbi jdbi;
    private final Accounts accounts;

    /** @param accounts to find an opponent by name */
    public PlayerGamesStore(Jdbi jdbi, Accounts accounts) {
        this.jdbi = jdbi;
        this.accounts = accounts;
    }

    /** The player's finished and current games, newest first, filtered by game, result and opponent name. */
    public List<Map<String, Object>> games(Account a, String game, String result, String opponent) {
        String key = a.playerKey();
        Optional<Account> opp = opponent == null || opponent.isBlank() ? Optional.empty()
                : accounts.find(opponent.strip());
        if (opponent != null && !opponent.isBlank() && opp.isEmpty()) {
            return List.of();
        }
        String where = where(game != null, opp.isPresent(), result);
        return jdbi.withHandle(h -> {
            var q = h.createQuery("SELECT p.game_id, p.game, p.south_player, p.north_player, p.time_control, "
                    + "p.rated, p.result, p.termination, p.created_at, g.south_name, g.north_name, g.plies, "
                    + "p.tournament_id FROM game_players p JOIN games g ON g.id = p.game_id WHERE " + where
                    + " ORDER BY p.created_at DESC, p.game_id LIMIT 100").bind("me", key);
            if (game != null) {
                q.bind("game", game);
            }
            opp.ifPresent(o -> q.bind("opp", o.playerKey()));
            List<Map<String, Object>> list = new ArrayList<>();
            q.map((rs, c) -> row(rs, key)).forEach(list::add);
            for (Map<String, Object> m : list) {
                RatingStore.change(h, a.id(), (String) m.get("id")).ifPresent(d -> m.put("ratingChange",
                        (int) Math.round(d)));
            }
            return list;
        });
    }

    /** @return the WHERE clause of a player's games ({@code :me}), with the filters asked for. */
    private static String where(boolean byGame, boolean byOpponent, String result) {
        StringBuilder where = new StringBuilder("(p.south_player = :me OR p.north_player = :me)");
        if (byGame) {
            where.append(" AND p.game = :game");
        }
        if (byOpponent) {
            where.append(" AND (p.south_player = :opp OR p.north_player = :opp)");
        }
        if (result != null) {
            where.append(switch (result) {
                case "win" -> " AND ((p.south_player = :me AND p.result = '1-0') OR (p.north_player = :me AND "
                        + "p.result = '0-1'))";
                case "loss" -> " AND ((p.south_player = :me AND p.result = '0-1') OR (p.north_player = :me AND "
                        + "p.result = '1-0'))";
                default -> " AND p.result = '1/2-1/2'";
            });
        }
        return where.toString();
    }

    /** @return one game of the list, as the player of key {@code me} sees it. */
    private static Map<String, Object> row(ResultSet rs, String me) throws SQLException {
        Map<String, Object> m = new LinkedHashMap<>();
        boolean south = me.equals(rs.getString(3));
        m.put("id", rs.getString(1));
        m.put("game", rs.getString(2));
        m.put("side", south ? "south" : "north");
        m.put("opponent", south ? rs.getString(11) : rs.getString(10));
        m.put("clock", Clocks.viewOfTag(rs.getString(5)));
        m.put("rated", rs.getBoolean(6));
        String r = rs.getString(7);
        m.put("result", r);
        m.put("outcome", r == null ? null : r.equals("1/2-1/2") ? "draw"
                : r.equals("1-0") == south ? "win" : "loss");
        m.put("termination", rs.getString(8));
        m.put("playedAt", rs.getTimestamp(9).toInstant().toString());
        m.put("plies", rs.getInt(12));
        m.put("tournament", rs.getString(13));
        m.put("recordUrl", "/api/games/" + rs.getString(1) + "/record");
        m.put("analysisUrl", "/analysis.html?id=" + rs.getString(1));
        return m;
    }
}
