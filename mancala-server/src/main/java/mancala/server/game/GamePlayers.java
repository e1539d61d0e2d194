package mancala.server.game;

import java.time.Instant;
import mancala.rules.Side;
import mancala.server.clock.TimeControl;

/**
 * The players of a game between people (table {@code game_players}): who sits where (a player key
 * {@code a:ID} for an account, {@code g:…} for a guest, null for the computer or nobody), the clock, whether it is
 * rated, its tournament.
 *
 * @param gameId       the game
 * @param game         the game's key ({@code hawalis} …)
 * @param southPlayer  South's player key, or null
 * @param northPlayer  North's player key, or null
 * @param southSeat    South's seat token (for a signed-in player taking his seat), or null
 * @param northSeat    North's seat token, or null
 * @param timeControl  the clock, or null
 * @param clockStart   when the first clock started to run, or null while the game waits for a player
 * @param rated        whether the result changes ratings
 * @param tournamentId the tournament, or null
 */
public record GamePlayers(String gameId, String game, String southPlayer, String northPlayer, String southSeat,
                       String northSeat, TimeControl timeControl, Instant clockStart, boolean rated,
                       String tournamentId) {
    /** @return the player key of {@code side}, or null. */
    public String player(Side side) {
        return side == Side.SOUTH ? southPlayer : northPlayer;
    }

    /** @return the seat token of {@code side}, or null. */
    public String seat(Side side) {
        return side == Side.SOUTH ? southSeat : northSeat;
    }

    /** @return the side {@code playerKey} plays, or null. */
    public Side sideOf(String playerKey) {
        if (playerKey == null) {
            return null;
        }
        if (playerKey.equals(southPlayer)) {
            return Side.SOUTH;
        }
        return playerKey.equals(northPlayer) ? Side.NORTH : null;
    }

    /** @return the account id of a player key {@code a:ID}, or null for a guest or nobody. */
    public static Long accountId(String playerKey) {
        if (playerKey == null || !playerKey.startsWith("a:")) {
            return null;
        }
        return Long.parseLong(playerKey.substring(2));
    }

    /** @return this with the clock started at {@code at}. */
    public GamePlayers startedAt(Instant at) {
        return new GamePlayers(gameId, game, southPlayer, northPlayer, southSeat, northSeat, timeControl, at, rated,
                tournamentId);
    }
}
