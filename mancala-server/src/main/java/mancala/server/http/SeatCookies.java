package mancala.server.http;

import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;
import java.time.Duration;

/**
 * A player's seat token travels in a header ({@code X-Seat-Token}, for programs) or, for the page, through the
 * browser's one session cookie ({@code mancala-seats}): the server keeps which seats that session holds
 * ({@link BrowserSeats}), so a browser sends one short cookie however many games it plays (a cookie per game grew
 * the request until it was refused). Never in a URL. The cookie is {@code HttpOnly} (no script reads it),
 * {@code SameSite=Strict}, {@code Secure} when the client came over HTTPS, and lasts as long as a game may go
 * untouched; every answered request of its holder renews it. Seat cookies of the older form
 * ({@code mancala-seat-ID}) are still read.
 */
public final class SeatCookies {
    /** Header carrying a seat token. */
    public static final String TOKEN_HEADER = "X-Seat-Token";
    /** The browser's session cookie that carries its seats. */
    public static final String SESSION_COOKIE = "mancala-seats";
    /** The request attribute holding the server's {@link BrowserSeats}. */
    public static final String STORE_ATTRIBUTE = "mancala.browserSeats";
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

    /**
     * @return the caller's seat token for game {@code id}: the header, else the seat its session cookie holds (or an
     *     older per-game cookie); null for none
     */
    public static String token(Context ctx, String id) {
        String t = ctx.header(TOKEN_HEADER);
        if (t == null || t.isBlank()) {
            t = ctx.cookie(cookieName(id));
        }
        if (t == null || t.isBlank()) {
            t = fromSession(ctx.cookie(SESSION_COOKIE), id, ctx.attribute(STORE_ATTRIBUTE));
        }
        return t == null || t.isBlank() || t.length() > 100 ? null : t.strip();
    }

    /** @return the seat token the browser session {@code session} holds in game {@code id}, or null. */
    public static String fromSession(String session, String id, BrowserSeats store) {
        if (session == null || store == null || session.length() > 64 || id == null || id.length() > 24) {
            return null;
        }
        return store.find(session, id).orElse(null);
    }

    /**
     * Gives the caller's browser the seat of {@code token} in game {@code id}: kept under its session cookie (made
     * now when it has none), which is renewed.
     */
    public static void set(Context ctx, String id, String token) {
        BrowserSeats store = ctx.attribute(STORE_ATTRIBUTE);
        if (store == null) {
            legacy(ctx, id, token);
            return;
        }
        String session = ctx.cookie(SESSION_COOKIE);
        if (session == null || session.length() != 32) {
            session = BrowserSeats.newSession();
        }
        store.put(session, id, token);
        Cookie c = new Cookie(SESSION_COOKIE, session);
        c.setPath("/");
        c.setHttpOnly(true);
        c.setSecure(ClientAddress.secure(ctx.req()));
        c.setMaxAge((int) Math.min(Integer.MAX_VALUE, lifetime.toSeconds()));
        c.setSameSite(SameSite.STRICT);
        ctx.cookie(c);
    }

    /** Sets the seat cookie of one game (a server without a seat store). */
    private static void legacy(Context ctx, String id, String token) {
        Cookie c = new Cookie(cookieName(id), token);
        c.setPath("/");
        c.setHttpOnly(true);
        c.setSecure(ClientAddress.secure(ctx.req()));
        c.setMaxAge((int) Math.min(Integer.MAX_VALUE, lifetime.toSeconds()));
        c.setSameSite(SameSite.STRICT);
        ctx.cookie(c);
    }
}
