package mancala.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.http.HttpResponseException;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import java.util.LinkedHashMap;
import java.util.Map;
import mancala.server.api.ApiException;
import mancala.server.api.GameApi;
import mancala.server.community.Community;
import mancala.server.community.CommunityApi;
import mancala.server.i18n.ErrorText;
import mancala.server.i18n.I18nWeb;
import mancala.server.play.GameService;
import mancala.server.store.GameStore;
import mancala.server.web.LiveHub;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web server: the page, the JSON API under {@code /api}, and live games over WebSocket under {@code /ws}.
 * Start it with {@link #start}; {@link #close()} stops it and releases the database. Every error a handler throws
 * becomes a JSON body in one place here: {@code {"status":…, "error":code, "message":…, "details":{…}}}.
 */
public final class MancalaServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(MancalaServer.class);

    /** Largest request body accepted, in bytes: a long record pasted for analysis fits many times over. */
    public static final int MAX_BODY_BYTES = 256 * 1024;

    private final Javalin app;
    private final GameStore store;
    private final GameService service;
    private final Community community;

    private MancalaServer(Javalin app, GameStore store, GameService service, Community community) {
        this.app = app;
        this.store = store;
        this.service = service;
        this.community = community;
    }

    /**
     * Opens the database (migrating it), resumes unfinished games and starts serving; returns once listening.
     *
     * @param host    the address to listen on, e.g. {@code 127.0.0.1} (null: all addresses)
     * @param port    the port; 0 picks a free one (see {@link #port()})
     * @param jdbcUrl {@code jdbc:h2:…} or {@code jdbc:postgresql://…}; null for the H2 file under the user's data
     *                folder ({@link GameStore#defaultUrl()})
     * @param dbUser  database user or null; {@code dbPassword} likewise
     * @param aiDelayMillis how long the AI waits before answering (the page's animation); 0 in tests
     * @throws GameStore.StoreException when the database cannot be opened
     */
    public static MancalaServer start(String host, int port, String jdbcUrl, String dbUser, String dbPassword,
                                      long aiDelayMillis) {
        GameStore store = GameStore.open(jdbcUrl, dbUser, dbPassword);
        GameService service = new GameService(store, 2, aiDelayMillis);
        ObjectMapper mapper = GameApi.mapper();
        LiveHub hub = new LiveHub(service, mapper);
        service.setListener(hub::changed);
        Community community = new Community(service, store);
        Javalin app = Javalin.create(cfg -> {
            cfg.showJavalinBanner = false;
            // Bodies beyond this are refused with 413 before any handler reads them.
            cfg.http.maxRequestSize = MAX_BODY_BYTES;
            cfg.jsonMapper(new JavalinJackson(mapper, false));
            cfg.staticFiles.add(sf -> {
                sf.hostedPath = "/";
                sf.directory = "/web";
                sf.location = Location.CLASSPATH;
            });
            cfg.jetty.modifyWebSocketServletFactory(f -> f.setIdleTimeout(java.time.Duration.ofMinutes(30)));
        });
        I18nWeb.register(app);
        new GameApi(service, mapper).register(app);
        hub.register(app);
        new CommunityApi(community).register(app);
        mancala.server.learn.LearnRoutes.register(app, mapper);
        app.exception(ApiException.class, (e, ctx) -> {
            ctx.status(e.status()).json(errorBody(e.status(), e.code(),
                    ErrorText.message(ctx, e.code(), e.getMessage(), e.details()), e.details()));
        });
        app.exception(HttpResponseException.class, (e, ctx) -> {
            String code = e.getStatus() == 413 ? "too-large" : e.getStatus() == 404 ? "not-found" : "http-error";
            String message = e.getStatus() == 413 ? "the request body is larger than " + MAX_BODY_BYTES + " bytes"
                    : e.getMessage();
            ctx.status(e.getStatus()).json(errorBody(e.getStatus(), code, message, Map.of()));
        });
        app.exception(Exception.class, (e, ctx) -> {
            log.error("{} {} failed", ctx.method(), ctx.path(), e);
            ctx.status(500).json(errorBody(500, "internal", "the server failed: " + e.getClass().getSimpleName(),
                    Map.of()));
        });
        app.error(404, ctx -> {
            if (ctx.path().startsWith("/api/") && ctx.result() == null) {
                ctx.json(errorBody(404, "not-found", "no such API path: " + ctx.method() + " " + ctx.path(),
                        Map.of()));
            }
        });
        try {
            if (host == null) {
                app.start(port);
            } else {
                app.start(host, port);
            }
        } catch (RuntimeException e) {
            community.close();
            service.close();
            store.close();
            throw e;
        }
        int resumed = service.resumeAll();
        log.info("mancala server on http://{}:{}/ ({} unfinished games resumed)", host == null ? "localhost" : host,
                app.port(), resumed);
        community.startJobs();
        return new MancalaServer(app, store, service, community);
    }

    /** The error body every refused request gets. */
    private static Map<String, Object> errorBody(int status, String code, String message,
                                                 Map<String, Object> details) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", status);
        m.put("error", code);
        m.put("message", message);
        m.put("details", details);
        return m;
    }

    /** @return the port the server listens on. */
    public int port() {
        return app.port();
    }

    /** Stops serving, then stops the AI and closes the database. Safe to call twice. */
    @Override
    public void close() {
        app.stop();
        community.close();
        service.close();
        store.close();
    }
}
