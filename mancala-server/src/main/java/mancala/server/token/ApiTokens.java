package mancala.server.token;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import mancala.server.account.Account;
import mancala.server.error.DomainError;
import org.jdbi.v3.core.Jdbi;

/**
 * Personal API tokens (table {@code api_tokens}): made and revoked by a signed-in account, each with a description
 * and scopes; only the token's SHA-256 is stored, so the token is shown once, when made. A token is
 * {@code mct_} and 43 characters of base64url (32 random bytes). Thread-safe.
 */
public final class ApiTokens {
    /** Tokens one account may hold at once (revoked ones not counted). */
    public static final int MAX_PER_ACCOUNT = 20;
    /** Longest description, in characters. */
    public static final int MAX_DESCRIPTION = 100;
    private static final String PREFIX = "mct_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Jdbi jdbi;

    /** A token in use: whose it is and what it may do. */
    public record Holder(String tokenId, Account account, Set<Scope> scopes, boolean bot) {
    }

    /** A made token: its id and the token itself (shown once). */
    public record Made(String id, String token) {
    }

    public ApiTokens(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** @return the hex SHA-256 of {@code token}. */
    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Makes a token for {@code account}.
     *
     * @throws DomainError INVALID naming an unknown scope, no scope, or a description too long; CONFLICT past
     *                     {@link #MAX_PER_ACCOUNT}
     */
    public Made create(Account account, String description, List<String> scopeKeys) {
        String d = description == null ? "" : description.strip();
        if (d.length() > MAX_DESCRIPTION) {
            throw DomainError.invalid("bad-description", "description: at most {max} characters",
                    Map.of("max", MAX_DESCRIPTION));
        }
        if (scopeKeys == null || scopeKeys.isEmpty()) {
            throw DomainError.invalid("bad-scope", "scopes: name at least one of {scopes}",
                    Map.of("scopes", Scope.keys()));
        }
        EnumSet<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String k : scopeKeys) {
            scopes.add(Scope.byKey(k).orElseThrow(() -> DomainError.invalid("bad-scope",
                    "scopes: unknown scope '{scope}'; the scopes are {scopes}",
                    Map.of("scope", DomainError.echo(String.valueOf(k)), "scopes", Scope.keys()))));
        }
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        String token = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        byte[] idRaw = new byte[12];
        RANDOM.nextBytes(idRaw);
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(idRaw);
        String scopeText = String.join(" ", scopes.stream().map(Scope::key).toList());
        jdbi.useTransaction(h -> {
            int held = h.createQuery("SELECT COUNT(*) FROM api_tokens WHERE account_id = :a AND revoked_at IS NULL")
                    .bind("a", account.id()).mapTo(Integer.class).one();
            if (held >= MAX_PER_ACCOUNT) {
                throw DomainError.conflict("too-many-tokens", "you hold {max} tokens already; revoke one first",
                        Map.of("max", MAX_PER_ACCOUNT));
            }
            h.createUpdate("INSERT INTO api_tokens (id, account_id, token_hash, description, scopes, created_at) "
                            + "VALUES (:id, :a, :h, :d, :s, :t)")
                    .bind("id", id).bind("a", account.id()).bind("h", hash(token)).bind("d", d)
                    .bind("s", scopeText).bind("t", Timestamp.from(Instant.now())).execute();
        });
        return new Made(id, token);
    }

    /** @return the account's tokens not revoked, newest first: id, description, scopes, createdAt, lastUsedAt. */
    public List<Map<String, Object>> list(Account account) {
        return jdbi.withHandle(h -> {
            List<Map<String, Object>> out = new ArrayList<>();
            h.createQuery("SELECT id, description, scopes, created_at, last_used_at FROM api_tokens "
                            + "WHERE account_id = :a AND revoked_at IS NULL ORDER BY created_at DESC, id")
                    .bind("a", account.id()).map((rs, c) -> {
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("id", rs.getString(1));
                        m.put("description", rs.getString(2));
                        m.put("scopes", List.of(rs.getString(3).split(" ")));
                        m.put("createdAt", rs.getTimestamp(4).toInstant().toString());
                        Timestamp used = rs.getTimestamp(5);
                        m.put("lastUsedAt", used == null ? null : used.toInstant().toString());
                        return m;
                    }).forEach(out::add);
            return out;
        });
    }

    /** Revokes one of the account's tokens. @throws DomainError NOT_FOUND when it has no such token */
    public void revoke(Account account, String id) {
        int n = jdbi.withHandle(h -> h.createUpdate("UPDATE api_tokens SET revoked_at = :t WHERE id = :id "
                        + "AND account_id = :a AND revoked_at IS NULL").bind("t", Timestamp.from(Instant.now()))
                .bind("id", id).bind("a", account.id()).execute());
        if (n == 0) {
            throw new DomainError(DomainError.Kind.NOT_FOUND, "unknown-token", "you have no token '{id}'",
                    Map.of("id", DomainError.echo(id)));
        }
    }

    /** @return who holds {@code token} and its scopes; empty for an unknown or revoked token. */
    public Optional<Holder> find(String token) {
        if (token == null || !token.startsWith(PREFIX) || token.length() > 100) {
            return Optional.empty();
        }
        String h = hash(token);
        return jdbi.withHandle(handle -> {
            record Row(Holder holder, Instant lastUsed) {
            }
            Optional<Row> row = handle.createQuery("SELECT t.id, t.scopes, a.id, a.username, a.created_at, a.bot, "
                            + "t.last_used_at FROM api_tokens t JOIN accounts a ON a.id = t.account_id "
                            + "WHERE t.token_hash = :h AND t.revoked_at IS NULL").bind("h", h)
                    .map((rs, c) -> {
                        EnumSet<Scope> scopes = EnumSet.noneOf(Scope.class);
                        for (String s : rs.getString(2).split(" ")) {
                            Scope.byKey(s).ifPresent(scopes::add);
                        }
                        Timestamp used = rs.getTimestamp(7);
                        return new Row(new Holder(rs.getString(1), new Account(rs.getLong(3), rs.getString(4),
                                rs.getTimestamp(5).toInstant()), scopes, rs.getBoolean(6)),
                                used == null ? null : used.toInstant());
                    }).findOne();
            Instant now = Instant.now();
            row.filter(r -> r.lastUsed() == null || r.lastUsed().isBefore(now.minusSeconds(60)))
                    // the last use, to the minute: one write a minute at most
                    .ifPresent(r -> handle.createUpdate("UPDATE api_tokens SET last_used_at = :t WHERE id = :id")
                            .bind("t", Timestamp.from(now)).bind("id", r.holder().tokenId()).execute());
            return row.map(Row::holder);
        });
    }
}
