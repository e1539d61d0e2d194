package mancala.server.token;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mancala.server.account.Account;
import mancala.server.account.Accounts;
import mancala.server.account.Caller;
import mancala.server.error.DomainError;
import mancala.server.http.Json;
import mancala.server.http.Routes;

/**
 * Personal API tokens and the account as a program sees it: {@code POST /api/account/tokens
 * {"description","scopes":[…]}} (signed in: 201 {@code {"id","token"}}, the token shown this once),
 * {@code GET /api/account/tokens}, {@code DELETE /api/account/tokens/{id}}; {@code GET /api/account} (a token of any
 * scope, or the session: {@code {"id","username","title"}}, title {@code BOT} for a bot); {@code GET|POST
 * /api/account/preferences {"refuseBots"}} (signed in).
 */
public final class TokenRoutes implements Routes {
    private final ApiTokens tokens;
    private final TokenAuth auth;
    private final Accounts accounts;
    private final Caller caller;

    public TokenRoutes(ApiTokens tokens, TokenAuth auth, Accounts accounts, Caller caller) {
        this.tokens = tokens;
        this.auth = auth;
        this.accounts = accounts;
        this.caller = caller;
    }

    @Override
    public void register(Javalin app) {
        app.post("/api/account/tokens", this::create);
        app.get("/api/account/tokens", ctx -> ctx.json(Map.of("tokens", tokens.list(caller.require(ctx)))));
        app.delete("/api/account/tokens/{id}", ctx -> {
            tokens.revoke(caller.require(ctx), ctx.pathParam("id"));
            ctx.status(204);
        });
        app.get("/api/account", this::account);
        app.get("/api/account/preferences", ctx -> {
            Account a = caller.require(ctx);
            ctx.json(Map.of("refuseBots", accounts.refusesBots(a.id()), "bot", accounts.isBot(a.id())));
        });
        app.post("/api/account/preferences", ctx -> {
            Account a = caller.require(ctx);
            ObjectNode b = Json.body(ctx, Set.of("refuseBots"));
            accounts.setRefusesBots(a.id(), Json.bool(b, "refuseBots", false));
            ctx.json(Map.of("refuseBots", accounts.refusesBots(a.id()), "bot", accounts.isBot(a.id())));
        });
    }

    private void create(Context ctx) {
        Account a = caller.require(ctx);
        ObjectNode b = Json.body(ctx, Set.of("description", "scopes"));
        JsonNode s = b.get("scopes");
        if (s != null && !s.isArray()) {
            throw DomainError.invalid("bad-scope", "scopes must be a list such as [\"bot:play\"]", Map.of());
        }
        List<String> scopes = new ArrayList<>();
        if (s != null) {
            for (JsonNode n : s) {
                scopes.add(n.asText());
            }
        }
        ApiTokens.Made made = tokens.create(a, Json.text(b, "description"), scopes);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", made.id());
        out.put("token", made.token());
        ctx.status(201).json(out);
    }

    private void account(Context ctx) {
        Account a;
        boolean bot;
        if (TokenAuth.sendsToken(ctx)) {
            ApiTokens.Holder h = auth.require(ctx, "reading the account", Scope.values());
            a = h.account();
            bot = h.bot();
        } else {
            a = caller.require(ctx);
            bot = accounts.isBot(a.id());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", Accounts.key(a.username()));
        out.put("username", a.username());
        out.put("title", bot ? "BOT" : null);
        out.put("createdAt", a.createdAt().toEpochMilli());
        ctx.json(out);
    }
}
