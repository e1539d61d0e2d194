package mancala.server.account;

import java.time.Instant;

/**
 * A signed-up player.
 *
 * @param id        the account's number
 * @param username  the name as chosen (unique regardless of case)
 * @param createdAt when the account was made
 */
public record Account(long id, String username, Instant createdAt) {
    /** @return the key that names this account as a player of games and challenges: {@code a:ID}. */
    public String playerKey() {
        return "a:" + id;
    }
}
