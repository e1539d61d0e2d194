package mancala.server.http;

import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;
import java.time.Duration;

/**
 * A player's seat token travels in a header ({@code X-Seat-Token}, for programs) or in the seat cookie of the game
 * ({@code mancala-seat-ID}, for the page), never in a URL. The cookie is {@code HttpOnly} (no script reads it),
 * {@code SameSite=Strict}, {@code Secure} when the client came over HTTPS, and lasts as long as a game may go
 * untouched; every answered request of its holder renews it.
 */
public final class SeatCookies {
    /** Header carrying a seat token. */
    public static final String TOKEN_HEADER = "X-Seat-Token";
    private static volatile Duration lifetime = Duration.ofHours(24);

    private SeatCookies() {
    }

    /** Sets how long a seat cookie lasts (at start). */
    static void setLifetime(Duration d) {
        lifetime = d;
    }

    /** @return the cookie name holding the seat token of game {@code id}. */
    public static String cookieName(String id) {
        return "mancala-seat-" + id;
    }

    /** @return the caller's seat token for game {@code id}: the header, else the cookie; null for none. */
    public static String token(Context ctx, String id) {
        String t = ctx.header(TOKEN_HEADER);
        if (t == null || t.isBlank()) {
            t = ctx.cookie(cookieName(id));
        }
        return t == null || t.isBlank() || t.length() > 100 ? null : t.strip();
    }

    /** Sets (or renews) the seat cookie of game {@code id}. */
    public static void set(Context ctx, String id, String token) {
        Cookie c = new Cookie(cookieName(id), token);
        c.setPath("/");
        c.setHttpOnly(true);
        c.setSecure(ClientAddress.secure(ctx.req()));
        c.setMaxAge((int) Math.min(Integer.MAX_VALUE, lifetime.toSeconds()));
        c.setSameSite(SameSite.STRICT);
        ctx.cookie(c);
    }
}
