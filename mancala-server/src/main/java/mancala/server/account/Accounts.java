package mancala.server.account;

import java.util.Map;
import mancala.server.error.DomainError;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import mancala.server.game.Seats;
import org.jdbi.v3.core.Jdbi;

/**
 * Accounts and their sessions, in the database (so every server instance knows them): sign up, log in (a session
 * token, of which only the SHA-256 is stored), log out, change the password (which ends every other session).
 */
public final class Accounts {
    /** How long a session lasts without logging in again. */
    public static final Duration SESSION_LIFETIME = Duration.ofDays(30);
    /** User names: 2 to 20 letters, digits, {@code _} or {@code -}, starting with a letter or digit. */
    public static final Pattern USERNAME = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_-]{1,19}");
    private static final Set<String> RESERVED = Set.of("guest", "admin", "ai", "computer", "anonymous", "south",
            "north", "you", "host", "system", "mancala");

    private final Jdbi jdbi;

    public Accounts(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /**
     * Makes an account.
     *
     * @throws DomainError 400 for a name or password not allowed, 409 {@code username-taken}
     */
    public Account signUp(String username, String password) {
        String name = checkName(username);
        String problem = Passwords.problem(password);
        if (problem != null) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-password", problem, Map.of());
        }
        String hash = Passwords.hash(password);
        Instant now = Instant.now();
        try {
            long id = jdbi.withHandle(h -> h.createUpdate("INSERT INTO accounts (username, username_key, "
                            + "password_hash, created_at) VALUES (:u, :k, :p, :t)")
                    .bind("u", name).bind("k", key(name)).bind("p", hash).bind("t", now)
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
            return new Account(id, name, now);
        } catch (org.jdbi.v3.core.statement.UnableToExecuteStatementException e) {
            if (find(name).isPresent()) {
                throw DomainError.conflict("username-taken", "the user name '" + name + "' is taken", Map.of());
            }
            throw e;
        }
    }

    /** @return the account whose password this is, or empty when the name or the password is wrong */
    public Optional<Account> check(String username, String password) {
        if (username == null || password == null || username.length() > 40 || password.length() > 200) {
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
            throw new DomainError(DomainError.Kind.FORBIDDEN, "bad-credentials", "the current password is wrong", Map.of());
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
        if (username == null || username.length() > 40) {
            return Optional.empty();
        }
        return jdbi.withHandle(h -> h.createQuery("SELECT id, username, created_at, password_hash FROM accounts "
                        + "WHERE username_key = :k").bind("k", key(username.strip()))
                .map((rs, c) -> new Row(new Account(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant()),
                        rs.getString(4)))
                .findOne());
    }

    /** @return the name as stored, checked. @throws DomainError 400 {@code bad-username} */
    private static String checkName(String username) {
        if (username == null) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-username", "username is required", Map.of());
        }
        String name = username.strip();
        if (!USERNAME.matcher(name).matches()) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-username", "username must be 2 to 20 letters, digits, _ or -, "
                    + "starting with a letter or digit", Map.of());
        }
        if (RESERVED.contains(key(name))) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-username", "the user name '" + name + "' is reserved", Map.of());
        }
        return name;
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

    /** @return the case-free key of a user name. */
    public static String key(String username) {
        return username.toLowerCase(Locale.ROOT);
    }
}
