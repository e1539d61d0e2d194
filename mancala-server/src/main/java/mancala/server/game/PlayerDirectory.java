package mancala.server.game;

import java.util.function.Function;

/**
 * Who a request comes from and what a player key is called, as the accounts know it; the game package asks
 * through this and never reads accounts itself. Player keys are {@code a:ID} for an account, {@code g:…} for a
 * guest known by his cookie.
 */
public interface PlayerDirectory {
    /** A directory that knows nobody (a server without accounts). */
    PlayerDirectory NONE = new PlayerDirectory() {
        @Override
        public GameExtension.Player signedIn(Function<String, String> cookies) {
            return null;
        }

        @Override
        public String playerKey(Function<String, String> cookies) {
            return null;
        }

        @Override
        public String username(String playerKey) {
            return null;
        }
    };

    /**
     * @param cookies the request's cookies by name (null for a missing one)
     * @return the signed-in player of the request, or null
     */
    GameExtension.Player signedIn(Function<String, String> cookies);

    /** @return the player key of the request (an account's, else a guest's cookie's), or null for neither. */
    String playerKey(Function<String, String> cookies);

    /** @return the user name of a player key, or null for a guest or nobody. */
    String username(String playerKey);

    /**
     * Checks the name a guest (nobody signed in) gives himself for a game.
     *
     * @param name the name as given, or null
     * @throws mancala.server.error.DomainError CONFLICT {@code guest-name-taken} when it is, or looks like, an
     *     account's user name or the computer's name
     */
    default void checkGuestName(String name) {
    }

    /** @return true when the player key is a bot's account (marked BOT wherever its name shows). */
    default boolean bot(String playerKey) {
        return false;
    }
}
