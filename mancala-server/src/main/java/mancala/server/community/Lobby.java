package mancala.server.community;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.websocket.WsContext;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.RuleOptions;
import mancala.rules.RulesException;
import mancala.rules.Side;
import mancala.server.account.AccountApi.Player;
import mancala.server.api.ApiException;
import mancala.server.clock.TimeControl;
import mancala.server.play.Seats;
import mancala.server.store.Job;
import mancala.server.web.Outbox;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lobby: open challenges (to anyone or to a named player), quick pairing (seeks matched by game, clock and
 * rating), and the lobby WebSocket that shows each connected page the challenges it may see and tells the players
 * of a challenge taken where their game is. A change made on any instance reaches every instance's pages through
 * the server core's change feed.
 */
public final class Lobby implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Lobby.class);
    /** Open challenges and seeks expire after this long (correspondence challenges after a week). */
    public static final Duration REAL_TIME_EXPIRY = Duration.ofHours(1);
    /** Correspondence challenges expire after this long. */
    public static final Duration CORRESPONDENCE_EXPIRY = Duration.ofDays(7);
    /** Quick pairing pairs ratings this far apart at once, and 50 points wider every 10 seconds waited. */
    public static final int SEEK_RANGE = 200;
    /** The most open challenges and seeks one player may have at a time. */
    public static final int MAX_OPEN_PER_PLAYER = 5;

    private final Community community;
    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<WsContext, String> sockets = new ConcurrentHashMap<>();
    private final Map<WsContext, Outbox> outboxes = new ConcurrentHashMap<>();

    Lobby(Community community) {
        this.community = community;
        community.sc.feed().subscribe(Community.LOBBY_CHANNEL, this::onNotify);
    }

    /** A challenge as stored. */
    record Challenge(String id, String kind, String game, String options, String timeControl, boolean rated,
                     String side, String creator, String creatorName, Integer creatorRating, String toPlayer,
                     String rematchOf, String status, String gameId, Instant createdAt) {
        Map<String, Object> view(String toName) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", id);
            m.put("kind", kind);
            m.put("game", game);
            m.put("options", options);
            m.put("clock", clockView(timeControl));
            m.put("rated", rated);
            m.put("side", side);
            m.put("creator", creatorName);
            m.put("creatorRating", creatorRating);
            m.put("to", toName);
            m.put("rematchOf", rematchOf);
            m.put("status", status);
            m.put("gameId", gameId);
            m.put("createdAt", createdAt.toString());
            return m;
        }
    }

    /** @return the API form of a clock tag: {@code {"initialSeconds","incrementSeconds"}}, {@code {"daysPerMove"}} */
    static Map<String, Object> clockView(String tag) {
        if (tag == null) {
            return null;
        }
        TimeControl tc = TimeControl.parseTag(tag).orElse(null);
        if (tc instanceof TimeControl.RealTime rt) {
            return Map.of("initialSeconds", rt.initialSeconds(), "incrementSeconds", rt.incrementSeconds());
        }
        if (tc instanceof TimeControl.Correspondence c) {
            return Map.of("daysPerMove", c.daysPerMove());
        }
        return null;
    }

    /**
     * Posts a challenge.
     *
     * @param kind   {@code open} (anyone may take it), {@code seek} (quick pairing) or {@code rematch}
     * @param to     the user name it is for, or null for anyone
     * @param side   {@code south}, {@code north} or {@code random}: the creator's side
     * @return the stored challenge
     * @throws ApiException 400 naming the field that is wrong, 401 for a rated challenge by a guest
     */
    Challenge post(Player creator, String kind, String game, String options, TimeControl tc, boolean rated,
                   String side, String to, String rematchOf) {
        GameKind gk = gameKind(game);
        String opts = options(gk, options, rated);
        String s = side == null ? "random" : side.toLowerCase(java.util.Locale.ROOT);
        if (!List.of("south", "north", "random").contains(s)) {
            throw ApiException.badRequest("side must be south, north or random, not '" + side + "'");
        }
        if (rated && !creator.signedIn()) {
            throw new ApiException(401, "not-signed-in", "rated games are for signed-in players: sign in first");
        }
        String toKey = null;
        if (to != null) {
            var target = community.accounts.find(to).orElseThrow(() -> new ApiException(404, "unknown-player",
                    "there is no player named '" + to + "'"));
            if (target.playerKey().equals(creator.key())) {
                throw ApiException.badRequest("to: a player cannot challenge himself");
            }
            toKey = target.playerKey();
        }
        String id = Seats.newId();
        Instant now = Instant.now();
        String toPlayer = toKey;
        Challenge c = community.jdbi.inTransaction(h -> {
            int open = h.createQuery("SELECT COUNT(*) FROM challenges WHERE creator = :c AND status = 'open'")
                    .bind("c", creator.key()).mapTo(Integer.class).one();
            if (open >= MAX_OPEN_PER_PLAYER) {
                throw ApiException.conflict("too-many-challenges", "you have " + open
                        + " open challenges already; cancel one first");
            }
            Integer rating = creator.signedIn() ? Ratings.shown(h, creator.account().id(), gk.key()) : null;
            Challenge ch = new Challenge(id, kind, gk.key(), opts, tc == null ? null : tc.tag(), rated, s,
                    creator.key(), creator.name(), rating, toPlayer, rematchOf, "open", null, now);
            insert(h, ch);
            return ch;
        });
        community.announce("lobby");
        return c;
    }

    /**
     * Offers the opponent of a finished game a rematch: same game, options, clock and rating, sides swapped.
     *
     * @param creatorSide the side the offering player gets (the one his opponent had)
     */
    Challenge postRematch(Player creator, GameMeta finished, String options, Side creatorSide, String opponentKey) {
        String id = Seats.newId();
        Challenge ch = new Challenge(id, "rematch", finished.game(), options,
                finished.timeControl() == null ? null : finished.timeControl().tag(), finished.rated(),
                creatorSide == Side.SOUTH ? "south" : "north", creator.key(), creator.name(), null, opponentKey,
                finished.gameId(), "open", null, Instant.now());
        community.jdbi.useHandle(h -> insert(h, ch));
        community.announce("lobby");
        return ch;
    }

    private static void insert(Handle h, Challenge ch) {
        h.createUpdate("""
                INSERT INTO challenges (id, kind, game, options, time_control, rated, side, creator, creator_name,
                  creator_rating, to_player, rematch_of, status, game_id, created_at)
                VALUES (:id, :kind, :game, :options, :tc, :rated, :side, :creator, :creatorName,
                  :creatorRating, :toPlayer, :rematchOf, :status, :gameId, :createdAt)""")
                .bind("id", ch.id()).bind("kind", ch.kind()).bind("game", ch.game()).bind("options", ch.options())
                .bind("tc", ch.timeControl()).bind("rated", ch.rated()).bind("side", ch.side())
                .bind("creator", ch.creator()).bind("creatorName", ch.creatorName())
                .bind("creatorRating", ch.creatorRating()).bind("toPlayer", ch.toPlayer())
                .bind("rematchOf", ch.rematchOf()).bind("status", ch.status()).bind("gameId", ch.gameId())
                .bind("createdAt", ch.createdAt()).execute();
    }

    /** @return the game of a known key. @throws ApiException 400 */
    static GameKind gameKind(String game) {
        if (game == null) {
            throw ApiException.badRequest("game is required: one of " + GameKind.keys());
        }
        return GameKind.byKey(game).orElseThrow(() -> ApiException.badRequest("unknown game '" + game + "': one of "
                + GameKind.keys()));
    }

    /** @return the options in canonical text; rated games only with the default rules. @throws ApiException 400 */
    static String options(GameKind gk, String options, boolean rated) {
        RuleOptions o;
        try {
            o = OptionsNotation.parse(gk, options);
        } catch (NotationException | RulesException e) {
            throw ApiException.badRequest("options: " + e.getMessage());
        }
        String text = OptionsNotation.format(o);
        if (rated && !text.isEmpty()) {
            throw ApiException.badRequest("options: rated games are played by the default rules; '" + text
                    + "' makes a casual game");
        }
        return text;
    }

    /**
     * Takes a challenge: exactly one taker wins it, across all instances (the row moves from {@code open} to
     * {@code taken} in one statement), and the game starts with both seated.
     *
     * @return the game started and the taker's side
     * @throws ApiException 404 when there is no such open challenge for this player, 409 when it is one's own
     */
    Map<String, Object> accept(Player taker, String id) {
        Challenge c = find(id).orElseThrow(() -> new ApiException(404, "unknown-challenge",
                "no challenge with id '" + id + "'"));
        if (!"open".equals(c.status())) {
            throw ApiException.conflict("challenge-taken", "the challenge is no longer open (" + c.status() + ")");
        }
        if (c.creator().equals(taker.key())) {
            throw ApiException.conflict("own-challenge", "this is your own challenge");
        }
        if (c.toPlayer() != null && !c.toPlayer().equals(taker.key())) {
            throw new ApiException(404, "unknown-challenge", "no challenge with id '" + id + "'");
        }
        if (c.rated() && !taker.signedIn()) {
            throw new ApiException(401, "not-signed-in", "rated games are for signed-in players: sign in first");
        }
        int claimed = community.jdbi.withHandle(h -> h.createUpdate("UPDATE challenges SET status = 'taken' "
                + "WHERE id = :id AND status = 'open'").bind("id", id).execute());
        if (claimed == 0) {
            throw ApiException.conflict("challenge-taken", "someone else took the challenge first");
        }
        return startFrom(c, taker);
    }

    private Map<String, Object> startFrom(Challenge c, Player taker) {
        Side creatorSide = switch (c.side()) {
            case "south" -> Side.SOUTH;
            case "north" -> Side.NORTH;
            default -> java.util.concurrent.ThreadLocalRandom.current().nextBoolean() ? Side.SOUTH : Side.NORTH;
        };
        TimeControl tc = c.timeControl() == null ? null : TimeControl.parseTag(c.timeControl()).orElse(null);
        Community.Started s;
        try {
            boolean south = creatorSide == Side.SOUTH;
            s = community.start(c.game(), c.options(), tc, c.rated(),
                    south ? c.creator() : taker.key(), south ? c.creatorName() : taker.name(),
                    south ? taker.key() : c.creator(), south ? taker.name() : c.creatorName(), null);
        } catch (RuntimeException e) {
            community.jdbi.useHandle(h -> h.createUpdate("UPDATE challenges SET status = 'open' WHERE id = :id")
                    .bind("id", c.id()).execute());
            throw e;
        }
        community.jdbi.useHandle(h -> h.createUpdate("UPDATE challenges SET status = 'accepted', game_id = :g "
                + "WHERE id = :id").bind("g", s.gameId()).bind("id", c.id()).execute());
        community.announce("accepted " + c.id() + " " + s.gameId());
        Side takerSide = creatorSide.opponent();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("gameId", s.gameId());
        out.put("side", takerSide == Side.SOUTH ? "south" : "north");
        out.put("seatToken", takerSide == Side.SOUTH ? s.southSeat() : s.northSeat());
        out.put("playUrl", "/play.html?id=" + s.gameId());
        return out;
    }

    /**
     * Quick pairing: takes the oldest waiting seek for the same game and clock whose rating is near enough, or
     * waits as a new seek.
     *
     * @return {@code {"gameId",…}} when paired at once, else {@code {"id", "status": "open"}} of the seek
     */
    Map<String, Object> seek(Player p, String game, TimeControl tc) {
        GameKind gk = gameKind(game);
        if (tc == null) {
            throw ApiException.badRequest("clock is required for quick pairing");
        }
        boolean rated = p.signedIn();
        int mine = p.signedIn() ? community.jdbi.withHandle(h -> Ratings.shown(h, p.account().id(), gk.key()))
                : 1500;
        List<Challenge> waiting = community.jdbi.withHandle(h -> query(h, "kind = 'seek' AND status = 'open' "
                + "AND game = :g AND time_control = :tc AND rated = :r AND creator <> :me ORDER BY created_at")
                .bind("g", gk.key()).bind("tc", tc.tag()).bind("r", rated).bind("me", p.key())
                .map((rs, ctx) -> row(rs)).list());
        long now = System.currentTimeMillis();
        for (Challenge c : waiting) {
            long waited = (now - c.createdAt().toEpochMilli()) / 10_000;
            int range = SEEK_RANGE + (int) Math.min(1000, waited * 50);
            int theirs = c.creatorRating() == null ? 1500 : c.creatorRating();
            if (Math.abs(theirs - mine) <= range) {
                try {
                    return accept(p, c.id());
                } catch (ApiException e) {
                    if (e.status() != 409) {
                        throw e;
                    }
                }
            }
        }
        Challenge c = post(p, "seek", gk.key(), null, tc, rated, "random", null, null);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", c.id());
        out.put("status", "open");
        return out;
    }

    /** Cancels one's own open challenge or seek. @throws ApiException 404 when there is none */
    void cancel(Player p, String id) {
        int n = p == null ? 0 : community.jdbi.withHandle(h -> h.createUpdate("UPDATE challenges SET status = "
                + "'cancelled' WHERE id = :id AND creator = :c AND status = 'open'").bind("id", id)
                .bind("c", p.key()).execute());
        if (n == 0) {
            throw new ApiException(404, "unknown-challenge", "you have no open challenge with id '" + id + "'");
        }
        community.announce("lobby");
    }

    /** @return the challenge with this id, or empty. */
    Optional<Challenge> find(String id) {
        if (id == null || id.length() > 24) {
            return Optional.empty();
        }
        return community.jdbi.withHandle(h -> query(h, "id = :id").bind("id", id).map((rs, c) -> row(rs))
                .findOne());
    }

    /** @return the open challenges {@code p} may see: to anyone, to him, or his own; seeks only his own. */
    List<Map<String, Object>> visible(Player p) {
        String key = p == null ? "-" : p.key();
        return community.jdbi.withHandle(h -> query(h, "status = 'open' AND (creator = :me OR (kind <> 'seek' AND "
                + "(to_player IS NULL OR to_player = :me))) ORDER BY created_at DESC LIMIT 200")
                .bind("me", key).map((rs, c) -> row(rs)).list())
                .stream().map(c -> c.view(community.username(c.toPlayer()))).toList();
    }

    /** @return games between two people going on now, newest first, to watch. */
    List<Map<String, Object>> playing() {
        return community.jdbi.withHandle(h -> h.createQuery("""
                SELECT p.game_id, p.game, p.time_control, p.rated, g.south_name, g.north_name, g.plies
                FROM game_players p JOIN games g ON g.id = p.game_id
                WHERE p.settled = FALSE AND g.result IS NULL AND p.south_player IS NOT NULL
                  AND p.north_player IS NOT NULL
                ORDER BY g.updated_at DESC LIMIT 30""")
                .map((rs, c) -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("id", rs.getString(1));
                    m.put("game", rs.getString(2));
                    m.put("clock", clockView(rs.getString(3)));
                    m.put("rated", rs.getBoolean(4));
                    m.put("south", rs.getString(5));
                    m.put("north", rs.getString(6));
                    m.put("plies", rs.getInt(7));
                    return m;
                }).list());
    }

    /** The expiry job: expires old challenges, then falls due again in a minute. */
    void expireJob(Job job) {
        expire();
        community.jdbi.useTransaction(h -> {
            if (community.sc.jobs().complete(h, job)) {
                community.sc.jobs().schedule(h, new Job(Community.EXPIRE_JOB, job.subject(),
                        Instant.now().plusSeconds(60), -1, null));
            }
        });
    }

    /** Marks challenges and seeks that waited too long as expired. */
    void expire() {
        Instant now = Instant.now();
        int n = community.jdbi.withHandle(h -> h.createUpdate("UPDATE challenges SET status = 'expired' WHERE "
                        + "status = 'open' AND ((time_control NOT LIKE '1/%' OR time_control IS NULL) AND "
                        + "created_at < :rt OR created_at < :cor)")
                .bind("rt", now.minus(REAL_TIME_EXPIRY)).bind("cor", now.minus(CORRESPONDENCE_EXPIRY)).execute());
        if (n > 0) {
            community.announce("lobby");
        }
    }

    private static org.jdbi.v3.core.statement.Query query(Handle h, String where) {
        return h.createQuery("SELECT id, kind, game, options, time_control, rated, side, creator, creator_name, "
                + "creator_rating, to_player, rematch_of, status, game_id, created_at FROM challenges WHERE " + where);
    }

    private static Challenge row(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new Challenge(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getBoolean(6), rs.getString(7), rs.getString(8), rs.getString(9),
                (Integer) rs.getObject(10, Integer.class), rs.getString(11), rs.getString(12), rs.getString(13),
                rs.getString(14), rs.getTimestamp(15).toInstant());
    }

    // ---- the lobby WebSocket

    /** A page connected: it gets the lobby at once. */
    void connected(WsContext ctx, Player p) {
        sockets.put(ctx, p == null ? "-" : p.key());
        outboxes.put(ctx, new Outbox(ctx.session));
        push(ctx, p);
    }

    void disconnected(WsContext ctx) {
        sockets.remove(ctx);
        Outbox o = outboxes.remove(ctx);
        if (o != null) {
            o.drop();
        }
    }

    private void onNotify(String payload) {
        if (payload.startsWith("accepted ")) {
            String[] parts = payload.split(" ");
            if (parts.length == 3) {
                String json = json(Map.of("type", "accepted", "challenge", parts[1], "gameId", parts[2]));
                for (WsContext ctx : sockets.keySet()) {
                    Outbox o = outboxes.get(ctx);
                    if (o != null) {
                        o.reply(json);
                    }
                }
            }
        }
        if (sockets.isEmpty()) {
            return;
        }
        List<Map<String, Object>> playing = playing();
        for (WsContext ctx : sockets.keySet()) {
            String key = sockets.get(ctx);
            Player p = key == null || key.equals("-") ? null : new Player(key, "", null);
            push(ctx, p, playing);
        }
    }

    private void push(WsContext ctx, Player p) {
        push(ctx, p, playing());
    }

    /** Sends the lobby as this page may see it; a newer snapshot replaces one not sent yet (never blocks). */
    private void push(WsContext ctx, Player p, List<Map<String, Object>> playing) {
        Outbox o = outboxes.get(ctx);
        if (o == null || !ctx.session.isOpen()) {
            disconnected(ctx);
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "lobby");
        m.put("challenges", visible(p));
        m.put("playing", playing);
        o.state(json(m));
    }

    private String json(Object message) {
        try {
            return mapper.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a lobby message", e);
        }
    }

    /** Forgets every page (the server stops). */
    @Override
    public void close() {
        for (WsContext ctx : List.copyOf(sockets.keySet())) {
            disconnected(ctx);
        }
    }
}
