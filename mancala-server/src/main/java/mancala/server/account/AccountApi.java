package mancala.server.account;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import mancala.server.api.ApiException;
import mancala.server.error.DomainError;
import mancala.server.play.Inputs;
import mancala.server.play.Seats;

/**
 * Sign-up, log-in and log-out: {@code POST /api/accounts}, {@code POST /api/session}, {@code DELETE /api/session},
 * {@code GET /api/session}, {@code POST /api/account/password}. The session lives in the HttpOnly cookie
 * {@value #SESSION_COOKIE}; a guest (no account) gets an HttpOnly cookie {@value #GUEST_COOKIE} when he first
 * posts or takes a challenge, so that his games find him again.
 */
public final class AccountApi {
    /** The session cookie. */
    public static final String SESSION_COOKIE = "mancala-session";
    /** A guest's cookie. */
    public static final String GUEST_COOKIE = "mancala-guest";

    private final Accounts accounts;
    private final LoginLimiter limiter = new LoginLimiter();

    public AccountApi(Accounts accounts) {
        this.accounts = accounts;
    }

    /** A player as the lobby and the games know him: an account, or a guest known by his cookie. */
    public record Player(String key, String name, Account account) {
        /** @return true for a signed-in player. */
        public boolean signedIn() {
            return account != null;
        }
    }

    /** Adds the routes. */
    public void register(Javalin app) {
        app.post("/api/accounts", this::signUp);
        app.post("/api/session", this::logIn);
        app.delete("/api/session", this::logOut);
        app.get("/api/session", ctx -> ctx.json(sessionView(current(ctx))));
        app.post("/api/account/password", this::changePassword);
    }

    /** @return the signed-in account of the request, or empty. */
    public Optional<Account> current(Context ctx) {
        return accounts.bySession(ctx.cookie(SESSION_COOKIE));
    }

    /** @return the signed-in account. @throws ApiException 401 {@code not-signed-in} */
    public Account require(Context ctx) {
        return current(ctx).orElseThrow(() -> new ApiException(401, "not-signed-in",
                "sign in first: this needs an account"));
    }

    /**
     * @param create give a guest a cookie when he has none
     * @return the caller as a player: his account, or a guest (null when he has no cookie and {@code create} is
     * false)
     */
    public Player player(Context ctx, boolean create) {
        Optional<Account> a = current(ctx);
        if (a.isPresent()) {
            return new Player(a.get().playerKey(), a.get().username(), a.get());
        }
        String token = ctx.cookie(GUEST_COOKIE);
        if (token == null || token.length() < 20 || token.length() > 64) {
            if (!create) {
                return null;
            }
            token = Seats.newToken();
            ctx.cookie(cookie(ctx, GUEST_COOKIE, token, 60 * 60 * 24 * 365));
        }
        return new Player("g:" + Seats.hash(token).substring(0, 32), Inputs.ANONYMOUS, null);
    }

    private void signUp(Context ctx) {
        ObjectNode b = Bodies.read(ctx, Set.of("username", "password"));
        long wait = limiter.signUp(mancala.server.api.ClientAddress.of(ctx.req()));
        if (wait > 0) {
            throw tooMany(ctx, wait, "too many accounts made from this address");
        }
        Account a = accounts.signUp(Bodies.text(b, "username"), Bodies.text(b, "password"));
        startSession(ctx, a);
        ctx.status(201).json(sessionView(Optional.of(a)));
    }

    private void logIn(Context ctx) {
        ObjectNode b = Bodies.read(ctx, Set.of("username", "password"));
        String username = Bodies.text(b, "username");
        String password = Bodies.text(b, "password");
        if (username == null || password == null) {
            throw ApiException.badRequest("username and password are required");
        }
        long wait = limiter.login(mancala.server.api.ClientAddress.of(ctx.req()), username);
        if (wait > 0) {
            throw tooMany(ctx, wait, "too many log-in attempts; try again in " + wait + " s");
        }
        String address = mancala.server.api.ClientAddress.of(ctx.req());
        Optional<Account> found = accounts.check(username, password);
        if (found.isEmpty()) {
            limiter.failed(address, username);
            throw new ApiException(401, "bad-credentials", "the user name or the password is wrong");
        }
        limiter.succeeded(address, username);
        Account a = found.get();
        startSession(ctx, a);
        ctx.json(sessionView(Optional.of(a)));
    }

    private void logOut(Context ctx) {
        accounts.endSession(ctx.cookie(SESSION_COOKIE));
        ctx.cookie(cookie(ctx, SESSION_COOKIE, "", 0));
        ctx.status(204);
    }

    private void changePassword(Context ctx) {
        ObjectNode b = Bodies.read(ctx, Set.of("current", "password"));
        Account a = require(ctx);
        long wait = limiter.login(mancala.server.api.ClientAddress.of(ctx.req()), a.username());
        if (wait > 0) {
            throw tooMany(ctx, wait, "too many attempts; try again in " + wait + " s");
        }
        try {
            accounts.changePassword(a, Bodies.text(b, "current"), Bodies.text(b, "password"),
                    ctx.cookie(SESSION_COOKIE));
        } catch (mancala.server.error.DomainError e) {
            if (e.code().equals("bad-credentials")) {
                limiter.failed(mancala.server.api.ClientAddress.of(ctx.req()), a.username());
            }
            throw e;
        }
        ctx.status(204);
    }

    private void startSession(Context ctx, Account a) {
        String old = ctx.cookie(SESSION_COOKIE);
        if (old != null) {
            accounts.endSession(old);
        }
        ctx.cookie(cookie(ctx, SESSION_COOKIE, accounts.newSession(a),
                (int) Accounts.SESSION_LIFETIME.toSeconds()));
    }

    private static Map<String, Object> sessionView(Optional<Account> a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("username", a.map(Account::username).orElse(null));
        return m;
    }

    private static DomainError tooMany(Context ctx, long seconds, String message) {
        return new DomainError(DomainError.Kind.TOO_MANY, "rate-limited", message, Map.of(),
                Map.of("retryAfterSeconds", seconds), (int) Math.min(3600, seconds));
    }

    /** @return an HttpOnly, SameSite=Lax cookie for the whole site, Secure when the request came over HTTPS. */
    static Cookie cookie(Context ctx, String name, String value, int maxAgeSeconds) {
        Cookie c = new Cookie(name, value);
        c.setPath("/");
        c.setHttpOnly(true);
        c.setMaxAge(maxAgeSeconds);
        c.setSameSite(SameSite.LAX);
        c.setSecure(mancala.server.api.ClientAddress.secure(ctx.req()));
        return c;
    }
}
