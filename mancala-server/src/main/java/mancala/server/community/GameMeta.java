package mancala.server.community;

import java.time.Instant;
import mancala.rules.Side;
import mancala.server.clock.TimeControl;

/**
 * What the community features know of a game (table {@code game_players}): who sits where (a player key
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
public record GameMeta(String gameId, String game, String southPlayer, String northPlayer, String southSeat,
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

    /** @return this with the clock started at {@code at}. */
    public GameMeta startedAt(Instant at) {
        return new GameMeta(gameId, game, southPlayer, northPlayer, southSeat, northSeat, timeControl, at, rated,
                tournamentId);
    }
}
