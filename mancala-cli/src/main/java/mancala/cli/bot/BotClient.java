package mancala.cli.bot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import mancala.engine.Players;
import mancala.engine.level.LevelPlayer;
import mancala.engine.play.Player;
import mancala.rules.Side;

/**
 * A bot that plays on a mancala server through its Bot API only (HTTP and NDJSON, no server code): it reads the
 * event stream {@code GET /api/stream/event}, accepts challenges of games it plays
 * ({@code POST /api/challenge/ID/accept}, others are declined), follows each started game on
 * {@code GET /api/bot/game/stream/ID} and answers every state where it is to move with the engine's move at its level
 * ({@code POST /api/bot/game/ID/move/PIT}, the pit as its letter).
 *
 * <p>Streams are reconnected after any break (a server restart, a dead connection seen by a silence longer than
 * {@link Settings#silence()}; the server writes a blank line every few seconds), waiting longer each time up to
 * {@link Settings#maxBackoff()}. No move is lost: the game stream's first line ({@code gameFull}) carries every move
 * so far, and the bot decides from that whole list, so a move whose answer was lost is played again only if the
 * server did not store it. Thread-safe; one thread per game being played.
 */
public final class BotClient implements AutoCloseable {
    /**
     * How the bot connects and plays.
     *
     * @param server     the server's address, e.g. {@code http://127.0.0.1:8080}
     * @param token      a personal API token with scope {@code bot:play} (or {@code board:play} with
     *                   {@code apiPrefix} {@code board})
     * @param level      the engine's level, 1–10 ({@link LevelPlayer}), or 11 for the oracle (the endgame tables'
     *                   best move inside them, level 10 elsewhere)
     * @param moveMillis the most time the engine thinks about one move when no clock says less
     * @param silence    a stream silent this long is taken for dead and reconnected
     * @param maxBackoff the longest wait between reconnection attempts
     * @param apiPrefix  {@code bot} (the Bot API) or {@code board} (the Board API, for an account that is no bot)
     */
    public record Settings(URI server, String token, int level, long moveMillis, Duration silence,
                           Duration maxBackoff, String apiPrefix) {
        public Settings {
            if (level < 1 || level > 11) {
                throw new IllegalArgumentException("level must be 1 to 10, or 11 (the oracle), was " + level);
            }
            if (token == null || token.isBlank()) {
                throw new IllegalArgumentException("a token is needed (--token)");
            }
            String s = server.toString();
            if (s.endsWith("/")) {
                server = URI.create(s.substring(0, s.length() - 1));
            }
        }

        /** @return settings with the usual timings: 20 s of silence, at most 5 s between attempts, the Bot API. */
        public static Settings of(URI server, String token, int level, long moveMillis) {
            return new Settings(server, token, level, moveMillis, Duration.ofSeconds(20), Duration.ofSeconds(5), "bot");
        }
    }

    /**
     * Thrown when the server refuses the token (401/403), or when the token's account is of the wrong kind for the API
     * chosen (no bot on the Bot API, a bot on the Board API), before any challenge is accepted: reconnecting would
     * not help. The message says which and what to do.
     */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Settings settings;
    private final PrintStream log;
    private final HttpClient http;
    private final ScheduledExecutorService watchdog;
    private final Set<String> playing = ConcurrentHashMap.newKeySet();
    private final Map<String, InputStream> open = new ConcurrentHashMap<>();
    private final AtomicLong movesPlayed = new AtomicLong();
    private volatile boolean running = true;
    private volatile String me;

    /** @param log where the bot says what it does (one line per event), e.g. standard error */
    public BotClient(Settings settings, PrintStream log) {
        this.settings = settings;
        this.log = log;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        this.watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bot-watchdog");
            t.setDaemon(true);
            return t;
        });
    }

    /** @return moves this bot has played (stored by the server) since it started. */
    public long movesPlayed() {
        return movesPlayed.get();
    }

    /** @return the account name the token belongs to, once known. */
    public String account() {
        return me;
    }

    /**
     * Plays until {@link #close()}: reads the event stream, reconnecting after every break.
     *
     * @throws Refused when the server refuses the token, or the account is of the wrong kind for the API
     */
    public void run() {
        long attempt = 0;
        while (running) {
            try {
                if (me == null) {
                    JsonNode a = getJson("/api/account");
                    checkKind(a);
                    me = account(a);
                    log.println("bot: signed in as " + a.path("username").asText(me));
                }
                stream("/api/stream/event", this::event);
                attempt = 0;
            } catch (Refused e) {
                throw e;
            } catch (IOException | RuntimeException e) {
                if (!running) {
                    break;
                }
                log.println("bot: event stream: " + describe(e) + "; reconnecting");
            }
            attempt = backoff(attempt);
        }
    }

    /** Stops the bot: closes every stream; game threads end. */
    @Override
    public void close() {
        running = false;
        for (InputStream in : open.values()) {
            try {
                in.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        watchdog.shutdownNow();
    }

    /**
     * Refuses, before any challenge is accepted, an account of the wrong kind for the API chosen: the Bot API plays
     * only for an account upgraded to a bot, the Board API only for one that is not.
     */
    private void checkKind(JsonNode a) {
        boolean bot = "BOT".equals(a.path("title").asText(""));
        String name = a.path("username").asText(a.path("id").asText("?"));
        if (settings.apiPrefix().equals("bot") && !bot) {
            throw new Refused("the account " + name + " is no bot: upgrade it first (POST /api/bot/account/upgrade "
                    + "with the token; only an account that has played no game may), or play it with --board");
        }
        if (settings.apiPrefix().equals("board") && bot) {
            throw new Refused("the account " + name + " is a bot: play it without --board");
        }
    }

    private static String account(JsonNode a) {
        String id = a.path("id").asText("");
        return id.isEmpty() ? a.path("username").asText() : id;
    }

    private void event(JsonNode e) throws IOException {
        switch (e.path("type").asText()) {
            case "challenge" -> {
                JsonNode c = e.path("challenge");
                String id = c.path("id").asText();
                String challenger = c.path("challenger").path("id").asText(c.path("challenger").asText(""));
                if (challenger.equalsIgnoreCase(me)) {
                    return; // our own challenge, waiting for the other side
                }
                String game = c.path("game").asText(c.path("variant").path("key").asText(""));
                try {
                    new BotGame(game, c.path("options").asText(""));
                } catch (IllegalArgumentException ex) {
                    log.println("bot: declining challenge " + id + ": " + ex.getMessage());
                    post("/api/challenge/" + id + "/decline", "{\"reason\":\"variant\"}");
                    return;
                }
                int status = post("/api/challenge/" + id + "/accept", null);
                log.println("bot: challenge " + id + " (" + game + ") from " + challenger
                        + (status / 100 == 2 ? ": accepted" : ": accepting failed, HTTP " + status));
            }
            case "gameStart" -> startGame(e.path("game").path("gameId").asText(e.path("game").path("id").asText()));
            case "gameFinish" -> {
                // the game's own thread says "over" with the status when its stream ends
            }
            default -> {
                // challengeCanceled, challengeDeclined and later event types: nothing to do
            }
        }
    }

    private void startGame(String id) {
        if (id.isEmpty() || !playing.add(id)) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                playGame(id);
            } finally {
                playing.remove(id);
            }
        }, "bot-game-" + id);
        t.setDaemon(true);
        t.start();
    }

    /** Follows one game until it ends, reconnecting its stream after every break. */
    private void playGame(String id) {
        GameSeat seat = new GameSeat(id);
        long attempt = 0;
        while (running && !seat.finished) {
            try {
                stream("/api/" + settings.apiPrefix() + "/game/stream/" + id, seat::line);
                attempt = 0;
            } catch (Refused e) {
                log.println("bot: game " + id + ": " + e.getMessage());
                return;
            } catch (IOException | RuntimeException e) {
                if (!running) {
                    return;
                }
                if (!seat.finished) { // a finished game ends its stream on purpose: nothing to reconnect
                    log.println("bot: game " + id + ": " + describe(e) + "; reconnecting");
                }
            }
            if (!seat.finished) {
                attempt = backoff(attempt);
            }
        }
        log.println("bot: game " + id + " over" + (seat.status == null ? "" : " (" + seat.status + ")"));
    }

    /** One game's seat: what the bot knows of it, fed one stream line at a time. */
    private final class GameSeat {
        private final String id;
        private final Player engine;
        private BotGame game;
        private Side side;
        private int movedAt = -1;
        private boolean finished;
        private String status;

        GameSeat(String id) {
            this.id = id;
            this.engine = Players.byName(settings.level() == 11 ? "oracle" : "level:" + settings.level(),
                    id.hashCode());
        }

        void line(JsonNode e) throws IOException {
            switch (e.path("type").asText()) {
                case "gameFull" -> {
                    game = new BotGame(e.path("game").asText(), e.path("options").asText(""));
                    String south = name(e.path("south"));
                    String north = name(e.path("north"));
                    side = south.equalsIgnoreCase(me) ? Side.SOUTH : north.equalsIgnoreCase(me) ? Side.NORTH : null;
                    if (side == null) {
                        log.println("bot: game " + id + ": " + me + " plays neither side (" + south + ", " + north + ")");
                        finished = true;
                        throw new IOException("not our game");
                    }
                    state(e.path("state"));
                }
                case "gameState" -> state(e);
                default -> {
                    // chatLine and later types
                }
            }
        }

        private String name(JsonNode player) {
            String id = player.path("id").asText("");
            return id.isEmpty() ? player.path("name").asText("") : id;
        }

        private void state(JsonNode s) throws IOException {
            if (game == null) {
                return;
            }
            game.update(s.path("moves").asText(""));
            status = s.path("status").asText("started");
            if (!status.equals("started") && !status.equals("created")) {
                finished = true;
                throw new IOException("finished");
            }
            if (!game.toMove(side) || movedAt == game.moveCount()) {
                return;
            }
            long mine = s.path(side == Side.SOUTH ? "southTime" : "northTime").asLong(-1);
            long inc = s.path(side == Side.SOUTH ? "southInc" : "northInc").asLong(0);
            long think = settings.moveMillis();
            if (mine > 0) {
                think = Math.min(think, Math.max(20, mine / 30 + inc / 2));
            }
            int pit = engine.chooseMove(game.current(), think);
            String letter = game.letter(pit);
            int code = post("/api/" + settings.apiPrefix() + "/game/" + id + "/move/" + letter, null);
            if (code / 100 == 2) {
                movedAt = game.moveCount();
                movesPlayed.incrementAndGet();
            } else {
                log.println("bot: game " + id + ": move " + letter + " refused, HTTP " + code);
            }
        }
    }

    private long backoff(long attempt) {
        long millis = Math.min(settings.maxBackoff().toMillis(), 250L << Math.min(attempt, 8));
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
        return attempt + 1;
    }

    /** An NDJSON line handler that may fail. */
    @FunctionalInterface
    private interface LineHandler {
        void accept(JsonNode line) throws IOException;
    }

    /**
     * Reads one NDJSON stream until it ends or breaks; blank lines only keep it alive.
     *
     * @throws IOException when the connection breaks or falls silent, or a handler ends the stream
     */
    private void stream(String path, LineHandler handler) throws IOException {
        HttpRequest req = request(path).header("Accept", "application/x-ndjson").GET().build();
        HttpResponse<InputStream> res;
        try {
            res = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        InputStream in = res.body();
        if (res.statusCode() != 200) {
            String body = new String(in.readNBytes(2000), StandardCharsets.UTF_8);
            in.close();
            if (res.statusCode() == 401 || res.statusCode() == 403) {
                throw new Refused("the server refused the token: HTTP " + res.statusCode() + " for " + path + ": "
                        + body.trim());
            }
            throw new IOException("HTTP " + res.statusCode() + " for " + path);
        }
        String key = path + "#" + System.identityHashCode(in);
        open.put(key, in);
        AtomicLong last = new AtomicLong(System.nanoTime());
        long silence = settings.silence().toNanos();
        ScheduledFuture<?> dog = watchdog.scheduleAtFixedRate(() -> {
            if (System.nanoTime() - last.get() > silence) {
                try {
                    in.close();
                } catch (IOException e) {
                    // it is being closed anyway
                }
            }
        }, 1, 1, TimeUnit.SECONDS);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while (running && (line = r.readLine()) != null) {
                last.set(System.nanoTime());
                if (line.isBlank()) {
                    continue;
                }
                handler.accept(JSON.readTree(line));
                last.set(System.nanoTime());
            }
        } finally {
            dog.cancel(false);
            open.remove(key);
        }
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(settings.server() + path))
                .header("Authorization", "Bearer " + settings.token());
    }

    private JsonNode getJson(String path) throws IOException {
        HttpResponse<String> res = send(request(path).timeout(Duration.ofSeconds(10)).GET().build());
        if (res.statusCode() == 401 || res.statusCode() == 403) {
            throw new Refused("the server refused the token: HTTP " + res.statusCode() + " for " + path + ": "
                    + res.body().trim());
        }
        if (res.statusCode() != 200) {
            throw new IOException("HTTP " + res.statusCode() + " for " + path);
        }
        return JSON.readTree(res.body());
    }

    /** @return the HTTP status of a POST (a JSON body or none). */
    private int post(String path, String json) throws IOException {
        HttpRequest.Builder b = request(path).timeout(Duration.ofSeconds(10));
        if (json == null) {
            b.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        }
        return send(b.build()).statusCode();
    }

    private HttpResponse<String> send(HttpRequest req) throws IOException {
        try {
            return http.send(req, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
