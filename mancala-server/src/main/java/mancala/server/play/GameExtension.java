package mancala.server.play;

import java.util.Map;

/**
 * What the community features (clocks, ratings, tournaments) add to every game, without the game service knowing
 * them: a check before each player's change, a look at each change, and fields added to the game's view.
 */
public interface GameExtension {
    /** An extension that adds nothing. */
    GameExtension NONE = new GameExtension() { };

    /**
     * Called under the game's lock before a player's change is applied.
     *
     * @return a change that must happen first and ends the game (a flag: the mover's time ran out), or null
     */
    default LiveGame.Change before(LiveGame game) {
        return null;
    }

    /**
     * Called once a game made by {@code POST /api/games} is stored, before anyone sees it.
     *
     * @param timeControl the game's clock, or null for none
     */
    default void created(LiveGame game, mancala.server.clock.TimeControl timeControl) {
    }

    /** Called after every stored change of a game (a player's, the AI's), outside the game's lock. */
    default void changed(LiveGame game) {
    }

    /** @return the game's records with what the extension knows added (the clock after each move). */
    default java.util.List<mancala.record.GameRecord> records(LiveGame game,
                                                            java.util.List<mancala.record.GameRecord> records) {
        return records;
    }

    /** @return fields added to the game's view (e.g. {@code clock}); computed at each call, never null */
    default Map<String, Object> view(LiveGame game) {
        return Map.of();
    }
}
