package mancala.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import jakarta.servlet.DispatcherType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import mancala.server.account.AccountRoutes;
import mancala.server.bot.BotRoutes;
import mancala.server.ops.Operations;
import mancala.server.token.ApiTokens;
import mancala.server.token.TokenAuth;
import mancala.server.token.TokenRoutes;
import mancala.server.account.Accounts;
import mancala.server.account.Caller;
import mancala.server.account.ProfileRoutes;
import mancala.server.analysis.AnalysisRoutes;
import mancala.server.analysis.BoardRoutes;
import mancala.server.challenge.ChallengeRoutes;
import mancala.server.challenge.Challenges;
import mancala.server.config.ServerConfig;
import mancala.server.engine.ComputerCapacity;
import mancala.server.engine.EngineQueue;
import mancala.server.error.DomainError;
import mancala.server.game.GameListener;
import mancala.server.game.GameRoutes;
import mancala.server.game.GameService;
import mancala.server.game.PlayerDirectory;
import mancala.server.game.PlayersExtension;
import mancala.server.game.SeatRoutes;
import mancala.server.http.HttpErrors;
import mancala.server.http.HttpGuard;
import mancala.server.http.HttpTools;
import mancala.server.http.Json;
import mancala.server.http.JsonErrorPages;
import mancala.server.http.OpenApiRoutes;
import mancala.server.http.RateLimits;
import mancala.server.http.Routes;
import mancala.server.http.Settings;
import mancala.server.i18n.ErrorText;
import mancala.server.i18n.I18nWeb;
import mancala.server.i18n.Messages;
import mancala.server.learn.LearnRoutes;
import mancala.server.live.LiveHub;
import mancala.server.live.PlayerChannel;
import mancala.server.lobby.LobbyAnnouncer;
import mancala.server.lobby.LobbyRoutes;
import mancala.server.lobby.LobbySocket;
import mancala.server.lobby.LobbyStore;
import mancala.server.lobby.Seeks;
import mancala.server.rating.RatingRoutes;
import mancala.server.rating.RatingSettlement;
import mancala.server.store.Backups;
import mancala.server.store.ChangeFeed;
import mancala.server.store.Database;
import mancala.server.store.JobRunner;
import mancala.server.store.JobStore;
import mancala.server.tournament.TournamentRoutes;
import mancala.server.tournament.TournamentSettlement;
import mancala.server.tournament.Tournaments;
import org.eclipse.jetty.server.ConnectionLimit;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.FilterHolder;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One server instance: the page, the JSON API under {@code /api}, and live games over WebSocket under {@code /ws}.
 * Start it with {@link #start(ServerConfig)}; {@link #close()} stops it and releases the database. Any number of
 * instances may run over one PostgreSQL database (the database is the authority, see {@link GameService});
 * over H2 one process serves.
 *
 * <p>Routes are grouped by concept in classes implementing {@link Routes}, each built from the services it uses;
 * a feature adds its group with one line in {@link #routes}. Every refusal is a
 * {@code DomainError}, turned into HTTP in one place ({@link HttpErrors}); every request passes {@link HttpGuard}
 * first (origin, content type, body limit, security headers).
 */
public final class MancalaServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(MancalaServer.class);

    /** Largest request body accepted, in bytes. */
    public static final int MAX_BODY_BYTES = HttpGuard.MAX_BODY_BYTES;
    /** Bytes a second a response must at least be read at (slower readers are cut off). */
    public static final long MIN_RESPONSE_DATA_RATE = 1024;
    /** Idle time before an HTTP connection is closed, milliseconds. */
    public static final long IDLE_TIMEOUT_MILLIS = 15_000;
    /** Connections open at most on one instance. */
    public static final int MAX_CONNECTIONS = 4000;

    private final Javalin app;
    private final ServerContext context;
    private final LiveHub hub;
    private final Backups backups;

    private final List<AutoCloseable> closing;

    private MancalaServer(Javalin app, ServerContext context, LiveHub hub, Backups backups,
                          List<AutoCloseable> closing) {
        this.closing = closing;
        this.app = app;
        this.context = context;
        this.hub = hub;
        this.backups = backups;
    }

    /**
     * The concepts' services wired together and their route groups, one line per group. The game package knows
     * none of the others: accounts answer it as its {@link PlayerDirectory}, and ratings, tournaments and the lobby
     * hear of games that start and end as its {@link GameListener}s.
     */
    private static List<Routes> routes(ServerContext sc, HttpTools web, PrometheusMeterRegistry meters,
                                       List<AutoCloseable> closing) {
        Jdbi jdbi = sc.db().jdbi();
        Accounts accounts = new Accounts(jdbi);
        Caller caller = new Caller(accounts);
        PlayersExtension players = new PlayersExtension(sc.db(), sc.games(), sc.runner(), caller, sc.mapper());
        Challenges challenges = new Challenges(jdbi, accounts, caller, players.starter(), sc.feed(), sc.runner());
        challenges.setLimitScale(sc.config().rateLimitScale());
        Tournaments tournaments = new Tournaments(jdbi, accounts, players.starter(), sc.runner(), challenges);
        players.listen(new RatingSettlement());
        players.listen(new TournamentSettlement(sc.runner()));
        players.listen(new LobbyAnnouncer(challenges, sc.feed()));
        PlayerChannel channel = new PlayerChannel(caller, sc.feed(), jdbi, players.players());
        players.listen(channel);
        LobbyStore lobby = new LobbyStore(jdbi);
        mancala.server.store.SharedLimits shared = new mancala.server.store.SharedLimits(sc.db(),
                sc.config().rateLimitScale());
        List<Routes> r = new ArrayList<>();
        r.add(new GameRoutes(web, sc.engine(), sc.games()));
        r.add(new SeatRoutes(sc.games(), players, caller));
        r.add(new AnalysisRoutes(web, sc.engine(), sc.games()));
        r.add(new OpenApiRoutes());
        r.add(new AccountRoutes(accounts, caller, shared));
        r.add(new ProfileRoutes(jdbi, accounts));
        r.add(new RatingRoutes(jdbi));
        r.add(new ChallengeRoutes(challenges, caller, sc.games(), players.players(), shared));
        r.add(new LobbyRoutes(new Seeks(challenges, jdbi), lobby, new LobbySocket(challenges, lobby, sc.feed()),
                caller, shared));
        r.add(new TournamentRoutes(tournaments, caller, shared));
        r.add(channel);
        r.add(new BoardRoutes(web, sc.engine()));
        r.add(new LearnRoutes(web, sc.engine()));
        ApiTokens tokens = new ApiTokens(jdbi);
        TokenAuth auth = new TokenAuth(tokens, sc.limits());
        r.add(new TokenRoutes(tokens, auth, accounts, caller));
        BotRoutes bots = new BotRoutes(auth, accounts, caller, sc.games(), players.players(), challenges, tournaments,
                jdbi, sc.mapper(), sc.feed());
        closing.add(bots);
        r.add(bots);
        Operations ops = new Operations(sc.db(), sc.games(), sc.runner(), meters, bots::openStreams);
        closing.add(ops);
        r.add(ops);
        return r;
    }

    /**
     * As {@link #start(ServerConfig)} with the defaults but for these.
     *
     * @param aiDelayMillis how long the AI waits before answering (the page's animation); 0 in tests
     */
    public static MancalaServer start(String host, int port, String jdbcUrl, String dbUser, String dbPassword,
                                      long aiDelayMillis) {
        return start(ServerConfig.defaults().withAddress(host, port).withDatabase(jdbcUrl, dbUser, dbPassword)
                .withAiDelay(Duration.ofMillis(aiDelayMillis)));
    }

    /**
     * Opens the database (checking and migrating it), starts the job runner and serves; returns once listening.
     *
     * @throws Database.StoreException when the database cannot be opened, is damaged or cannot be migrated
     */
    public static MancalaServer start(ServerConfig config) {
        PrometheusMeterRegistry meters = Operations.newRegistry();
        Database db = Database.open(config.jdbcUrl(), config.dbUser(), config.dbPassword(),
                Math.max(8, config.aiWorkers() + 6), meters);
        List<AutoCloseable> closing = new ArrayList<>();
        Backups backups = null;
        ChangeFeed feed = null;
        JobRunner runner = null;
        EngineQueue engine = null;
        LiveHub hub = null;
        try {
            if (config.backupDir() != null) {
                backups = Backups.start(db, config.backupDir(), config.backupEvery());
            }
            feed = new ChangeFeed(db);
            JobStore jobs = new JobStore(db);
            runner = new JobRunner(jobs, feed, config.aiWorkers(), config.jobLease());
            GameService games = new GameService(db, jobs, feed, runner, new GameService.Settings(config.aiDelay(),
                    config.abandonAfter(), config.cachedGames(), Math.max(16, config.aiWorkers() * 16)));
            engine = new EngineQueue(config.engineThreads(), 8 * config.engineThreads(), 2);
            // Games against the computer kept going at once: 8 per AI thread, at most 3 per address or player.
            double scale = Math.max(1, config.rateLimitScale());
            games.setCapacity(new ComputerCapacity((int) Math.min(Integer.MAX_VALUE, 8L * config.aiWorkers()
                    * Math.round(scale)), (int) Math.min(Integer.MAX_VALUE, Math.round(3 * scale))));
            ObjectMapper mapper = Json.mapper();
            HttpErrors errors = new HttpErrors(mapper);
            errors.setRenderer(MancalaServer::localized);
            RateLimits limits = new RateLimits(config.rateLimitScale());
            ServerContext sc = new ServerContext(config, db, games, feed, runner, jobs, engine, limits, errors,
                    mapper);
            Settings.apply(config);
            hub = new LiveHub(games, mapper, feed, limits, errors);
            HttpGuard guard = new HttpGuard(errors, config.allowedOrigins());
            Javalin app = create(mapper, guard, meters);
            // a browser's seats: one session cookie, its seats kept in the database
            mancala.server.http.BrowserSeats seats = new mancala.server.http.BrowserSeats(db.jdbi());
            hub.setSeats(seats);
            app.before(ctx -> ctx.attribute(mancala.server.http.SeatCookies.STORE_ATTRIBUTE, seats));
            // The pages' language and bundles first: it serves the pages themselves.
            I18nWeb.register(app);
            for (Routes r : routes(sc, new HttpTools(mapper, errors, limits), meters, closing)) {
                r.register(app);
            }
            hub.register(app);
            errors.register(app);
            listen(app, config);
            int resumed = games.resume();
            runner.start();
            log.info("mancala server on http://{}:{}/ ({} open games against the AI; instance {})",
                    config.host() == null ? "localhost" : config.host(), app.port(), resumed, runner.instance());
            return new MancalaServer(app, sc, hub, backups, closing);
        } catch (RuntimeException e) {
            closeEach(closing);
            closeAll(hub, runner, engine, feed, backups);
            db.close();
            throw e;
        }
    }

    /**
     * @return the Javalin app: JSON by {@code mapper}, the pages from the class path, every request through
     *     {@code guard}, Jetty's limits (slow readers, idle connections, connections at most, WebSocket messages)
     */
    private static Javalin create(ObjectMapper mapper, HttpGuard guard, PrometheusMeterRegistry meters) {
        return Javalin.create(cfg -> {
            cfg.showJavalinBanner = false;
            cfg.requestLogger.http((ctx, ms) -> Operations.requestDone(meters, ctx, ms));
            cfg.http.maxRequestSize = MAX_BODY_BYTES;
            cfg.http.prefer405over404 = true;
            cfg.jsonMapper(new JavalinJackson(mapper, false));
            cfg.staticFiles.add(sf -> {
                sf.hostedPath = "/";
                sf.directory = "/web";
                sf.location = Location.CLASSPATH;
            });
            cfg.jetty.modifyHttpConfiguration(hc -> {
                // Bodies are read without a thread and within a deadline (HttpGuard); a slow reader of a
                // response is cut off here.
                hc.setMinResponseDataRate(MIN_RESPONSE_DATA_RATE);
                hc.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
                hc.setSendServerVersion(false);
            });
            cfg.jetty.modifyServer(server -> {
                server.addBean(new ConnectionLimit(MAX_CONNECTIONS, server));
                server.setErrorHandler(new JsonErrorPages());
            });
            cfg.jetty.modifyServletContextHandler(h -> {
                FilterHolder holder = new FilterHolder(guard);
                holder.setAsyncSupported(true);
                h.addFilter(holder, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC));
                h.setErrorHandler(new JsonErrorPages());
            });
            cfg.jetty.modifyWebSocketServletFactory(f -> {
                f.setIdleTimeout(Duration.ofMinutes(2));
                f.setMaxTextMessageSize(LiveHub.MAX_MESSAGE_BYTES);
                f.setMaxBinaryMessageSize(LiveHub.MAX_MESSAGE_BYTES);
            });
        });
    }

    /** Starts listening on the configured address, with the idle timeout on every connector. */
    private static void listen(Javalin app, ServerConfig config) {
        if (config.host() == null) {
            app.start(config.port());
        } else {
            app.start(config.host(), config.port());
        }
        for (Connector c : app.jettyServer().server().getConnectors()) {
            if (c instanceof ServerConnector sc2) {
                sc2.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
            }
        }
    }

    /** Closes what {@link #start} had opened when it failed (nulls: not opened yet). */
    private static void closeAll(LiveHub hub, JobRunner runner, EngineQueue engine, ChangeFeed feed,
                                 Backups backups) {
        if (hub != null) {
            hub.close();
        }
        if (runner != null) {
            runner.close();
        }
        if (engine != null) {
            engine.close();
        }
        if (feed != null) {
            feed.close();
        }
        if (backups != null) {
            backups.close();
        }
    }

    /** Closes the route groups that hold threads or streams (the API streams, the metrics). */
    private static void closeEach(List<AutoCloseable> closing) {
        for (AutoCloseable c : closing) {
            try {
                c.close();
            } catch (Exception e) {
                log.warn("closing {}: {}", c.getClass().getSimpleName(), e.toString());
            }
        }
    }

    /** An error's message in the request's language: the {@code lang} cookie, else {@code Accept-Language}. */
    private static String localized(DomainError e, UnaryOperator<String> headers) {
        String lang = Messages.negotiate(cookie(headers.apply("Cookie"), I18nWeb.COOKIE),
                headers.apply("Accept-Language"));
        Map<String, Object> args = new LinkedHashMap<>(e.details());
        args.putAll(e.args());
        return ErrorText.message(lang, e.code(), e.getMessage(), args);
    }

    /** @return the value of cookie {@code name} in a {@code Cookie} header, or null. */
    static String cookie(String header, String name) {
        if (header == null) {
            return null;
        }
        for (String part : header.split(";")) {
            String p = part.strip();
            if (p.startsWith(name + "=")) {
                return p.substring(name.length() + 1);
            }
        }
        return null;
    }

    /** @return the port the server listens on. */
    public int port() {
        return app.port();
    }

    /** @return the server's context (services), for tests and embedding. */
    public ServerContext context() {
        return context;
    }

    /** Stops serving, then the job runner, the engine and the feed, and closes the database. Safe to call twice. */
    @Override
    public void close() {
        closeEach(closing);
        app.stop();
        hub.close();
        context.runner().close();
        context.engine().close();
        context.feed().close();
        if (backups != null) {
            backups.close();
        }
        context.db().close();
    }
}
