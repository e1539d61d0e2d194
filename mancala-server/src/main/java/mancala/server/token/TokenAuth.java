package mancala.server.token;

import io.javalin.http.Context;
import java.util.Arrays;
import java.util.Map;
import mancala.server.error.DomainError;
import mancala.server.http.RateLimits;

/**
 * Reads a request's personal API token ({@code Authorization: Bearer TOKEN}), checks that it holds a scope the
 * action needs and counts it against the token's rate limit ({@link RateLimits.Action#TOKEN}). Thread-safe.
 */
public final class TokenAuth {
    private final ApiTokens tokens;
    private final RateLimits limits;

    public TokenAuth(ApiTokens tokens, RateLimits limits) {
        this.tokens = tokens;
        this.limits = limits;
    }

    /** @return the bearer token of the request, or null when it sends none. */
    public static String bearer(Context ctx) {
        String h = ctx.header("Authorization");
        if (h == null || h.length() < 8 || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return h.substring(7).strip();
    }

    /** @return true when the request sends a bearer token (then it is judged by the token alone). */
    public static boolean sendsToken(Context ctx) {
        return bearer(ctx) != null;
    }

    /**
     * @param action what the request does, for the message ({@code "playing as a bot"})
     * @param anyOf  the scopes that allow it; one is enough
     * @return the token's holder
     * @throws DomainError UNAUTHENTICATED ({@code token-required}, {@code bad-token}) without a known token,
     *                     FORBIDDEN ({@code missing-scope}) when it holds none of {@code anyOf}, TOO_MANY past its
     *                     rate limit
     */
    public ApiTokens.Holder require(Context ctx, String action, Scope... anyOf) {
        String token = bearer(ctx);
        if (token == null) {
            throw new DomainError(DomainError.Kind.UNAUTHENTICATED, "token-required",
                    "{action} needs a personal API token: send Authorization: Bearer TOKEN", Map.of("action", action));
        }
        ApiTokens.Holder h = tokens.find(token).orElseThrow(() -> new DomainError(
                DomainError.Kind.UNAUTHENTICATED, "bad-token", "the API token is unknown or revoked", Map.of()));
        limits.check(RateLimits.Action.TOKEN, "token:" + h.tokenId());
        if (Arrays.stream(anyOf).noneMatch(h.scopes()::contains)) {
            String needed = String.join(" or ", Arrays.stream(anyOf).map(Scope::key).toList());
            throw new DomainError(DomainError.Kind.FORBIDDEN, "missing-scope",
                    "this token may not be used for {action}: that needs the scope {scope}",
                    Map.of("action", action, "scope", needed), Map.of("scope", needed), 0);
        }
        return h;
    }
}
