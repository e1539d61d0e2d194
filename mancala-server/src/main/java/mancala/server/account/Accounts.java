package mancala.server.account;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mancala.server.error.DomainError;
import mancala.server.game.Seats;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accounts and their sessions, in the database (so every server instance knows them): sign up, log in (a session
 * token, of which only the SHA-256 is stored), log out, change the password (which ends every other session).
 */
public final class Accounts {
    /** How long a session lasts without logging in again. */
    public static final Duration SESSION_LIFETIME = Duration.ofDays(30);
    private static final Logger log = LoggerFactory.getLogger(Accounts.class);

    private final Jdbi jdbi;

    /** Opens the accounts of {@code jdbi}, first giving older accounts their key and skeleton ({@link Names}). */
    public Accounts(Jdbi jdbi) {
        this.jdbi = jdbi;
        backfill();
    }

    /**
     * Gives every account without a skeleton (made before names were compared by look) its NFKC key and skeleton.
     * Two old accounts that look alike keep the older one's skeleton; the other is logged and keeps none (its name
     * still blocks look-alikes through the older one's).
     */
    private void backfill() {
        List<Map.Entry<Long, String>> old = jdbi.withHandle(h -> h.createQuery("SELECT id, username FROM accounts "
                        + "WHERE username_skeleton IS NULL ORDER BY id")
                .map((rs, c) -> Map.entry(rs.getLong(1), rs.getString(2))).list());
        for (Map.Entry<Long, String> e : old) {
            String name = e.getValue();
            try {
                jdbi.useHandle(h -> h.createUpdate("UPDATE accounts SET username_key = :k, username_skeleton = :s "
                                + "WHERE id = :id AND username_skeleton IS NULL")
                        .bind("k", Names.key(name)).bind("s", Names.skeleton(name)).bind("id", e.getKey()).execute());
            } catch (RuntimeException ex) {
                log.warn("account {} ({}) looks like an older account's name; its name keeps no skeleton",
                        e.getKey(), name);
            }
        }
    }

    /**
     * Makes an account. The name is checked by {@link Names#check} and compared with every taken name by its key
     * and its look-alike skeleton.
     *
     * @throws DomainError 400 for a name ({@link Names#check}) or password not allowed, 409 {@code username-taken}
     *     for a taken name (in any case), 409 {@code username-lookalike} for a name that looks like a taken one
     */
    public Account signUp(String username, String password) {
        Names.Name checked = Names.check(username);
        String name = checked.display();
        taken(checked);
        String problem = Passwords.problem(password);
        if (problem != null) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-password", problem, Map.of());
        }
        String hash = Passwords.hash(password);
        Instant now = Instant.now();
        try {
            long id = jdbi.withHandle(h -> h.createUpdate("INSERT INTO accounts (username, username_key, "
                            + "username_skeleton, password_hash, created_at) VALUES (:u, :k, :s, :p, :t)")
                    .bind("u", name).bind("k", checked.key()).bind("s", checked.skeleton()).bind("p", hash)
                    .bind("t", now)
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
            return new Account(id, name, now);
        } catch (org.jdbi.v3.core.statement.UnableToExecuteStatementException e) {
            taken(checked); // another sign-up took it meanwhile
            throw e;
        }
    }

    /** @throws DomainError 409 when an account has this name's key or skeleton */
    private void taken(Names.Name n) {
        Optional<String[]> other = jdbi.withHandle(h -> h.createQuery("SELECT username, username_key FROM accounts "
                        + "WHERE username_key = :k OR username_skeleton = :s ORDER BY id")
                .bind("k", n.key()).bind("s", n.skeleton())
                .map((rs, c) -> new String[] {rs.getString(1), rs.getString(2)}).findFirst());
        if (other.isEmpty()) {
            return;
        }
        if (other.get()[1].equals(n.key())) {
            throw DomainError.conflict("username-taken", "the user name '{name}' is taken",
                    Map.of("name", DomainError.echo(n.display())));
        }
        throw new DomainError(DomainError.Kind.CONFLICT, "username-lookalike", "the user name '{name}' looks like "
                + "the taken name '{taken}'; choose another",
                Map.of("name", DomainError.echo(n.display()), "taken", DomainError.echo(other.get()[0])),
                Map.of("field", "username"), 0);
    }

    /**
     * Guests choose the name a game shows for them; it may not pose as an account's.
     *
     * @param name a guest's name as given (at most a few dozen characters)
     * @return the user name of the account that {@code name} is or looks like (same NFKC case folding, or the same
     *     TR39 skeleton, see {@link Names}), or empty
     */
    public Optional<String> lookingLike(String name) {
        String key = Names.key(name);
        String skeleton = Names.skeleton(name);
        return jdbi.withHandle(h -> h.createQuery("SELECT username FROM accounts WHERE username_key = :k "
                        + "OR username_skeleton = :s ORDER BY id")
                .bind("k", key).bind("s", skeleton).mapTo(String.class).findFirst());
    }

    /** @return the account whose password this is, or empty when the name or the password is wrong */
    public Optional<Account> check(String username, String password) {
        if (username == null || password == null || username.length() > Names.MAX_SUBMITTED
                || password.length() > 200) {
            Passwords.verify("x", null);
            return Optional.empty();
        }
        Optional<Row> row = row(username);
        boolean ok = Passwords.verify(password, row.map(Row::hash).orElse(null));
        return ok ? row.map(Row::account) : Optional.empty();
    }

    /** @return a new session's token for {@code account} (the cookie's value). */
    public String newSession(Account account) {
        String token = Seats.newToken();
        Instant now = Instant.now();
        jdbi.useHandle(h -> {
            h.createUpdate("DELETE FROM sessions WHERE expires_at < :now").bind("now", now).execute();
            h.createUpdate("INSERT INTO sessions (token_hash, account_id, created_at, expires_at) "
                            + "VALUES (:h, :a, :c, :e)")
                    .bind("h", Seats.hash(token)).bind("a", account.id()).bind("c", now)
                    .bind("e", now.plus(SESSION_LIFETIME)).execute();
        });
        return token;
    }

    /** @return the account of a live session, or empty. */
    public Optional<Account> bySession(String token) {
        if (token == null || token.isBlank() || token.length() > 64) {
            return Optional.empty();
        }
        return jdbi.withHandle(h -> h.createQuery("SELECT a.id, a.username, a.created_at FROM sessions s "
                        + "JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = :h AND s.expires_at > :now")
                .bind("h", Seats.hash(token)).bind("now", Instant.now())
                .map((rs, c) -> new Account(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant()))
                .findOne());
    }

    /** Ends the session of {@code token} (nothing when there is none). */
    public void endSession(String token) {
        if (token != null && token.length() <= 64) {
            jdbi.useHandle(h -> h.createUpdate("DELETE FROM sessions WHERE token_hash = :h")
                    .bind("h", Seats.hash(token)).execute());
        }
    }

    /**
     * Changes the password and ends every session of the account but {@code keepToken}.
     *
     * @throws DomainError 403 {@code bad-credentials} when the current password is wrong, 400 for a bad new one
     */
    public void changePassword(Account account, String current, String next, String keepToken) {
        Optional<Row> row = row(account.username());
        if (current == null || row.isEmpty() || !Passwords.verify(current, row.get().hash())) {
            throw new DomainError(DomainError.Kind.FORBIDDEN, "bad-credentials", "the current password is wrong",
                    Map.of());
        }
        String problem = Passwords.problem(next);
        if (problem != null) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-password", problem, Map.of());
        }
        String hash = Passwords.hash(next);
        jdbi.useTransaction(h -> {
            h.createUpdate("UPDATE accounts SET password_hash = :p WHERE id = :id").bind("p", hash)
                    .bind("id", account.id()).execute();
            h.createUpdate("DELETE FROM sessions WHERE account_id = :id AND token_hash <> :keep")
                    .bind("id", account.id()).bind("keep", keepToken == null ? "" : Seats.hash(keepToken))
                    .execute();
        });
    }

    /** @return the account named {@code username} (any case), or empty. */
    public Optional<Account> find(String username) {
        return row(username).map(Row::account);
    }

    /** @return the account with this id, or empty. */
    public Optional<Account> byId(long id) {
        return jdbi.withHandle(h -> h.createQuery("SELECT id, username, created_at FROM accounts WHERE id = :id")
                .bind("id", id)
                .map((rs, c) -> new Account(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant()))
                .findOne());
    }

    private record Row(Account account, String hash) {
    }

    private Optional<Row> row(String username) {
        if (username == null || username.length() > Names.MAX_SUBMITTED) {
            return Optional.empty();
        }
        return jdbi.withHandle(h -> h.createQuery("SELECT id, username, created_at, password_hash FROM accounts "
                        + "WHERE username_key = :k").bind("k", key(username.strip()))
                .map((rs, c) -> new Row(new Account(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant()),
                        rs.getString(4)))
                .findOne());
    }

    /** @return true when account {@code id} is a bot (upgraded through the Bot API). */
    public boolean isBot(long id) {
        return jdbi.withHandle(h -> h.createQuery("SELECT bot FROM accounts WHERE id = :id").bind("id", id)
                .mapTo(Boolean.class).findOne().orElse(false));
    }

    /** @return true when the person of account {@code id} refuses rated games against bots. */
    public boolean refusesBots(long id) {
        return jdbi.withHandle(h -> h.createQuery("SELECT refuse_bots FROM accounts WHERE id = :id").bind("id", id)
                .mapTo(Boolean.class).findOne().orElse(false));
    }

    /** Sets whether account {@code id} refuses rated games against bots. */
    public void setRefusesBots(long id, boolean refuse) {
        jdbi.useHandle(h -> h.createUpdate("UPDATE accounts SET refuse_bots = :r WHERE id = :id").bind("r", refuse)
                .bind("id", id).execute());
    }

    /**
     * Makes account {@code id} a bot, for good: only an account that has played no game yet.
     *
     * @return false when the account has games (nothing changed)
     */
    public boolean upgradeToBot(long id) {
        return jdbi.inTransaction(h -> {
            int games = h.createQuery("SELECT COUNT(*) FROM game_players WHERE south_player = :k OR north_player = :k")
                    .bind("k", "a:" + id).mapTo(Integer.class).one();
            if (games > 0) {
                return false;
            }
            h.createUpdate("UPDATE accounts SET bot = TRUE WHERE id = :id").bind("id", id).execute();
            return true;
        });
    }

    /**
     * Bots may not play rated games against people who refuse them.
     *
     * @throws DomainError FORBIDDEN {@code refuses-bots} when one of the two accounts is a bot and the other refuses
     */
    public void requireBotsAllowed(String playerKeyA, String playerKeyB) {
        Long a = accountId(playerKeyA);
        Long b = accountId(playerKeyB);
        if (a == null || b == null) {
            return;
        }
        boolean aBot = isBot(a);
        boolean bBot = isBot(b);
        if (aBot && !bBot && refusesBots(b) || bBot && !aBot && refusesBots(a)) {
            throw DomainError.forbidden("refuses-bots",
                    "{name} does not play rated games against bots", java.util.Map.of("name",
                            byId(aBot ? b : a).map(Account::username).orElse("?")));
        }
    }

    private static Long accountId(String playerKey) {
        if (playerKey == null || !playerKey.startsWith("a:")) {
            return null;
        }
        try {
            return Long.parseLong(playerKey.substring(2));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** @return the case-free key of a user name ({@link Names#key}: NFKC case folding). */
    public static String key(String username) {
        return Names.key(username);
    }
}
