package mancala.server.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/**
 * The seats a browser holds, in the database by the hash of its one session cookie ({@code mancala-seats}): the
 * browser sends one short cookie however many games it has played, and every instance finds its seats.
 */
public final class BrowserSeats {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Jdbi jdbi;

    /** @param jdbi the database of the games */
    public BrowserSeats(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** @return a new session id: 24 random bytes, URL-safe Base64 (32 characters). */
    static String newSession() {
        byte[] b = new byte[24];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** @return the SHA-256 of a session id, hex (the database never holds the id itself). */
    static String hash(String session) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(session.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Records that the browser of {@code session} holds the seat of {@code token} in game {@code gameId}. */
    void put(String session, String gameId, String token) {
        String h = hash(session);
        Instant now = Instant.now();
        jdbi.useHandle(handle -> {
            int n = handle.createUpdate("UPDATE browser_seats SET seat_token = :t, used_at = :u "
                            + "WHERE session_hash = :s AND game_id = :g")
                    .bind("t", token).bind("u", now).bind("s", h).bind("g", gameId).execute();
            if (n == 0) {
                try {
                    handle.createUpdate("INSERT INTO browser_seats (session_hash, game_id, seat_token, used_at) "
                                    + "VALUES (:s, :g, :t, :u)")
                            .bind("t", token).bind("u", now).bind("s", h).bind("g", gameId).execute();
                } catch (RuntimeException e) {
                    // the same browser in two tabs at once: the other insert stands
                }
            }
        });
    }

    /** @return the seat token the browser of {@code session} holds in game {@code gameId}, if any. */
    Optional<String> find(String session, String gameId) {
        return jdbi.withHandle(h -> h.createQuery("SELECT seat_token FROM browser_seats WHERE session_hash = :s "
                        + "AND game_id = :g").bind("s", hash(session)).bind("g", gameId)
                .mapTo(String.class).findOne());
    }

    /** Forgets the seats of games gone and seats unused for {@code unused}. @return rows deleted */
    public int purge(Duration unused) {
        return jdbi.withHandle(h -> h.createUpdate("DELETE FROM browser_seats WHERE used_at < :t "
                        + "OR game_id NOT IN (SELECT id FROM games)")
                .bind("t", Instant.now().minus(unused)).execute());
    }
}
