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
import mancala.server.error.DomainError;
import mancala.server.http.ClientAddress;
import mancala.server.http.Json;
import mancala.server.http.Routes;

/**
 * Sign-up, log-in and log-out: {@code POST /api/accounts}, {@code POST /api/session}, {@code DELETE /api/session},
 * {@code GET /api/session}, {@code POST /api/account/password}. The session lives in the HttpOnly cookie
 * {@value Caller#SESSION_COOKIE}; a guest (no account) gets an HttpOnly cookie {@value Caller#GUEST_COOKIE} when he first
 * posts or takes a challenge, so that his games find him again.
 */
public final class AccountRoutes implements Routes {
    private final mancala.server.store.SharedLimits limits;
    private final Accounts accounts;
    private final Caller caller;
    private final LoginLimiter limiter;

    /** @param caller who a request comes from */
    public AccountRoutes(Accounts accounts, Caller caller, mancala.server.store.SharedLimits limits) {
        this.limits = limits;
        this.limiter = new LoginLimiter(limits);
        this.accounts = accounts;
        this.caller = caller;
    }

    @Override
    public void register(Javalin app) {
        app.post("/api/accounts", this::signUp);
        app.post("/api/session", this::logIn);
        app.delete("/api/session", this::logOut);
        app.get("/api/session", ctx -> ctx.json(sessionView(caller.current(ctx))));
        app.post("/api/account/password", this::changePassword);
    }

    private void signUp(Context ctx) {
        ObjectNode b = Json.body(ctx, Set.of("username", "password"));
        long wait = limiter.signUp(ClientAddress.of(ctx.req()));
        if (wait > 0) {
            throw tooMany(ctx, wait, "too many accounts made from this address");
        }
        // on all instances together: 5 accounts an hour from one address
        limits.take("sign-up", 5, java.time.Duration.ofHours(1), "a:" + ClientAddress.of(ctx.req()));
        Account a = accounts.signUp(Json.text(b, "username"), Json.text(b, "password"));
        startSession(ctx, a);
        ctx.status(201).json(sessionView(Optional.of(a)));
    }

    private void logIn(Context ctx) {
        ObjectNode b = Json.body(ctx, Set.of("username", "password"));
        String username = Json.text(b, "username");
        String password = Json.text(b, "password");
        if (username == null || password == null) {
            throw DomainError.badRequest("username and password are required", Map.of());
        }
        long wait = limiter.login(ClientAddress.of(ctx.req()), username);
        if (wait > 0) {
            throw tooMany(ctx, wait, "too many log-in attempts; try again in " + wait + " s");
        }
        String address = ClientAddress.of(ctx.req());
        Optional<Account> found = accounts.check(username, password);
        if (found.isEmpty()) {
            limiter.failed(address, username);
            throw new DomainError(DomainError.Kind.UNAUTHENTICATED, "bad-credentials",
                    "the user name or the password is wrong", Map.of());
        }
        limiter.succeeded(address, username);
        Account a = found.get();
        startSession(ctx, a);
        ctx.json(sessionView(Optional.of(a)));
    }

    private void logOut(Context ctx) {
        accounts.endSession(ctx.cookie(Caller.SESSION_COOKIE));
        ctx.cookie(cookie(ctx, Caller.SESSION_COOKIE, "", 0));
        ctx.status(204);
    }

    private void changePassword(Context ctx) {
        ObjectNode b = Json.body(ctx, Set.of("current", "password"));
        Account a = caller.require(ctx);
        long wait = limiter.login(ClientAddress.of(ctx.req()), a.username());
        if (wait > 0) {
            throw tooMany(ctx, wait, "too many attempts; try again in " + wait + " s");
        }
        try {
            accounts.changePassword(a, Json.text(b, "current"), Json.text(b, "password"),
                    ctx.cookie(Caller.SESSION_COOKIE));
        } catch (DomainError e) {
            if (e.code().equals("bad-credentials")) {
                limiter.failed(ClientAddress.of(ctx.req()), a.username());
            }
            throw e;
        }
        ctx.status(204);
    }

    private void startSession(Context ctx, Account a) {
        String old = ctx.cookie(Caller.SESSION_COOKIE);
        if (old != null) {
            accounts.endSession(old);
        }
        ctx.cookie(cookie(ctx, Caller.SESSION_COOKIE, accounts.newSession(a),
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
        c.setSecure(ClientAddress.secure(ctx.req()));
        return c;
    }
}
