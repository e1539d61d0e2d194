package mancala.server.account;

/**
 * A player as the lobby, the challenges and the games know him: an account, or a guest known by his cookie.
 *
 * @param key     his player key: {@code a:ID} for an account, {@code g:…} for a guest
 * @param name    the name shown for him
 * @param account his account, or null for a guest
 */
public record Player(String key, String name, Account account) {
    /** @return true for a signed-in player. */
    public boolean signedIn() {
        return account != null;
    }
}
