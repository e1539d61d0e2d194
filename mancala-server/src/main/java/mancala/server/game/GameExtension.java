package mancala.server.game;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import mancala.record.GameRecord;
import mancala.server.clock.TimeControl;
import org.jdbi.v3.core.Handle;

/**
 * What knowing a game's players adds to it ({@link PlayersExtension}: clocks, settlement, accounts), without
 * {@link GameService} knowing it: a check before each player's change, work inside each change's transaction,
 * fields added to the game's view and to its record.
 */
public interface GameExtension {
    /** An extension that adds nothing. */
    GameExtension NONE = new GameExtension() { };

    /**
     * Called under the game's row lock, in the change's transaction, before a player's change is applied.
     *
     * @return a change that must happen instead and ends the game (a flag: the mover's time ran out), or null
     */
    default SeatProtocol.Change before(GameState game, Instant now) {
        return null;
    }

    /**
     * Called under the game's row lock before a player aborts it.
     *
     * @throws mancala.server.error.DomainError CONFLICT when this game may not be aborted (a tournament's)
     */
    default void mayAbort(GameState game) {
    }

    /**
     * Called by the abandonment sweep under the row lock of a game nobody touched for the abandonment time.
     *
     * @return the change that closes it, or null to leave it alone; by default it is closed as abandoned (no result)
     */
    default SeatProtocol.Change sweep(GameState game, Instant now) {
        return SeatProtocol.abandon(game, now);
    }

    /** Called in the transaction of every stored change of a game (a player's, the AI's, a job's). */
    default void afterChange(Handle h, GameState game, Instant now) {
    }

    /**
     * A player known to the extension (a signed-in account).
     *
     * @param key  his player key ({@code a:ID})
     * @param name the name the game shows and keeps for him (his user name)
     */
    record Player(String key, String name) {
    }

    /**
     * @param cookies the request's cookies by name (null for a missing one)
     * @return the signed-in player the request comes from, or null for a guest or anonymous caller
     */
    default Player player(Function<String, String> cookies) {
        return null;
    }

    /**
     * Checks the name a guest gives himself for a game ({@link PlayerDirectory#checkGuestName}).
     *
     * @throws mancala.server.error.DomainError CONFLICT {@code guest-name-taken} when it poses as another player
     */
    default void checkGuestName(String name) {
    }

    /**
     * @return the milliseconds left on the clock of the side to move in {@code game} at {@code nowMillis} (epoch
     *     ms), or {@link Long#MAX_VALUE} when the game has no clock running
     */
    default long clockLeftMillis(GameState game, long nowMillis) {
        return Long.MAX_VALUE;
    }

    /**
     * Called once a game made by {@code POST /api/games} is stored, before anyone sees it.
     *
     * @param timeControl the game's clock, or null for none
     * @param creator     the signed-in player who made it (seated at {@code creatorSeat}), or null
     * @param creatorSeat the creator's seat token
     */
    default void created(GameState game, TimeControl timeControl, Player creator, String creatorSeat) {
    }

    /**
     * Called once an invited player took the free seat of a game made by {@code POST /api/games}.
     *
     * @param joiner the signed-in player who joined, or null
     * @param seat   his seat token
     */
    default void joined(GameState game, Player joiner, String seat) {
    }

    /** @return the game's view for JSON: {@link GameState#view()} with the extension's fields (the clock …) */
    default Object view(GameState game) {
        return game.view();
    }

    /** @return the game's records with what the extension knows added (the clock after each move). */
    default List<GameRecord> records(GameState game, List<GameRecord> records) {
        return records;
    }
}
