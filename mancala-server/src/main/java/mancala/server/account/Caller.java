package mancala.server.account;

import io.javalin.http.Context;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import mancala.server.error.DomainError;
import mancala.server.game.GameExtension;
import mancala.server.game.GamePlayers;
import mancala.server.game.Inputs;
import mancala.server.game.PlayerDirectory;
import mancala.server.game.Seats;

/**
 * Who a request comes from: the account of its session cookie {@value #SESSION_COOKIE}, else the guest of its
 * cookie {@value #GUEST_COOKIE} (given to a guest when he first posts or takes a challenge, so that his games find
 * him again). Also the games' {@link PlayerDirectory}.
 */
public final class Caller implements PlayerDirectory {
    /** The session cookie. */
    public static final String SESSION_COOKIE = "mancala-session";
    /** A guest's cookie. */
    public static final String GUEST_COOKIE = "mancala-guest";
    /** A guest's cookie lasts this long, seconds. */
    static final int GUEST_COOKIE_SECONDS = 60 * 60 * 24 * 365;

    private final Accounts accounts;

    /** @param accounts the accounts and their sessions */
    public Caller(Accounts accounts) {
        this.accounts = accounts;
    }

    /** @return the signed-in account of the request, or empty. */
    public Optional<Account> current(Context ctx) {
        return accounts.bySession(ctx.cookie(SESSION_COOKIE));
    }

    /** @return the signed-in account. @throws DomainError UNAUTHENTICATED {@code not-signed-in} */
    public Account require(Context ctx) {
        return current(ctx).orElseThrow(() -> new DomainError(DomainError.Kind.UNAUTHENTICATED, "not-signed-in",
                "sign in first: this needs an account", java.util.Map.of()));
    }

    /**
     * @param create give a guest a cookie when he has none
     * @return the caller as a player: his account, or a guest (null when he has no cookie and {@code create} is
     *     false)
     */
    public Player player(Context ctx, boolean create) {
        Player known = player(ctx::cookie);
        if (known != null || !create) {
            return known;
        }
        String token = Seats.newToken();
        ctx.cookie(AccountRoutes.cookie(ctx, GUEST_COOKIE, token, GUEST_COOKIE_SECONDS));
        return guest(token);
    }

    /** @return the player of a request with these cookies, or null for none (no session, no guest cookie). */
    public Player player(Function<String, String> cookies) {
        Optional<Account> a = accounts.bySession(cookies.apply(SESSION_COOKIE));
        if (a.isPresent()) {
            return new Player(a.get().playerKey(), a.get().username(), a.get());
        }
        String token = cookies.apply(GUEST_COOKIE);
        if (token == null || token.length() < 20 || token.length() > 64) {
            return null;
        }
        return guest(token);
    }

    private static Player guest(String token) {
        return new Player("g:" + Seats.hash(token).substring(0, 32), Inputs.ANONYMOUS, null);
    }

    @Override
    public GameExtension.Player signedIn(Function<String, String> cookies) {
        return accounts.bySession(cookies.apply(SESSION_COOKIE))
                .map(a -> new GameExtension.Player(a.playerKey(), a.username())).orElse(null);
    }

    @Override
    public String playerKey(Function<String, String> cookies) {
        Player p = player(cookies);
        return p == null ? null : p.key();
    }

    @Override
    public String username(String playerKey) {
        Long id = GamePlayers.accountId(playerKey);
        return id == null ? null : accounts.byId(id).map(Account::username).orElse(null);
    }

    /** The computer's name in games ({@code AI level N}) as a look-alike skeleton. */
    private static final String COMPUTER = Names.skeleton("AI level");

    @Override
    public void checkGuestName(String name) {
        if (name == null || name.isBlank()) {
            return;
        }
        String taken = accounts.lookingLike(name).orElse(null);
        if (taken == null && !Names.skeleton(name).startsWith(COMPUTER)) {
            return;
        }
        throw new DomainError(DomainError.Kind.CONFLICT, "guest-name-taken", "the name '{name}' is, or looks "
                + "like, a signed-up player's or the computer's: sign in, or choose another name",
                Map.of("name", DomainError.echo(name.strip())), Map.of("field", "name"), 0);
    }

    @Override
    public boolean bot(String playerKey) {
        Long id = GamePlayers.accountId(playerKey);
        return id != null && accounts.isBot(id);
    }
}
