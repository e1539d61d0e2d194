package mancala.server.challenge;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import mancala.server.board.RulesInput;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Side;
import mancala.server.account.Account;
import mancala.server.account.Accounts;
import mancala.server.account.Player;
import mancala.server.clock.TimeControl;
import mancala.server.error.DomainError;
import mancala.server.game.GamePlayers;
import mancala.server.game.GamePlayersStore;
import mancala.server.game.GameStarter;
import mancala.server.game.GameState;
import mancala.server.game.Inputs;
import mancala.server.game.PlayerDirectory;
import mancala.server.game.Seats;
import mancala.server.rating.RatedPlay;
import mancala.server.rating.RatingStore;
import mancala.server.store.ChangeFeed;
import mancala.server.store.Job;
import mancala.server.store.JobRunner;
import org.jdbi.v3.core.Jdbi;

/**
 * Challenges: open ones (to anyone or to a named player), seeks of quick pairing (posted here, matched in the
 * lobby) and rematch offers; taking one starts the game, exactly once across instances. Every change is announced
 * on the change feed's {@value #CHANNEL} channel (the lobby pages of every instance); old challenges expire by the
 * recurring job {@value #EXPIRE_JOB}.
 */
public final class Challenges {
    /** The change-feed channel of lobby changes. */
    public static final String CHANNEL = "lobby";
    /** The job kind of expiring old challenges; subject {@code challenges}. */
    public static final String EXPIRE_JOB = "lobby-expire";
    /** Open real-time challenges and seeks expire after this long. */
    public static final Duration REAL_TIME_EXPIRY = Duration.ofHours(1);
    /** Correspondence challenges expire after this long. */
    public static final Duration CORRESPONDENCE_EXPIRY = Duration.ofDays(7);
    /** The most open challenges and seeks one player may have at a time. */
    public static final int MAX_OPEN_PER_PLAYER = 5;
    /**
     * The most open challenges and seeks guests of one address may have at a time (a guest key costs nothing to
     * make, so the player's cap alone would not hold for guests).
     */
    public static final int MAX_OPEN_GUESTS_PER_ADDRESS = 5;
    /** The most open challenges and seeks of one address, guests and accounts together (a household, a club). */
    public static final int MAX_OPEN_PER_ADDRESS = 15;

    private volatile RatedPlay ratedPlay = new RatedPlay(1);
    private volatile double limitScale = 1;

    /**
     * Sets the server's rate-limit scale: it multiplies the caps per address (not the player's own cap) and is
     * given to {@link RatedPlay}.
     */
    public void setLimitScale(double scale) {
        this.limitScale = Math.max(1, scale);
        this.ratedPlay = new RatedPlay(scale);
    }

    /** @return who may play rated games now. */
    public RatedPlay ratedPlay() {
        return ratedPlay;
    }

    private final ChallengeStore table;
    private final Jdbi jdbi;
    private final Accounts accounts;
    private final PlayerDirectory directory;
    private final GameStarter starter;
    private final ChangeFeed feed;
    private final JobRunner runner;

    /** Registers the expiry job on {@code runner} and makes sure it is scheduled. */
    public Challenges(Jdbi jdbi, Accounts accounts, PlayerDirectory directory, GameStarter starter, ChangeFeed feed,
                      JobRunner runner) {
        this.table = new ChallengeStore(jdbi);
        this.jdbi = jdbi;
        this.accounts = accounts;
        this.directory = directory;
        this.starter = starter;
        this.feed = feed;
        this.runner = runner;
        runner.register(EXPIRE_JOB, this::expireJob);
        runner.jobs().scheduleIfAbsent(new Job(EXPIRE_JOB, "challenges", Instant.now().plusSeconds(60), -1, null));
    }

    /** @return the table of challenges. */
    public ChallengeStore table() {
        return table;
    }

    /** Tells every instance's lobby pages that the lobby changed. */
    public void announce(String payload) {
        jdbi.useTransaction(h -> feed.publish(h, CHANNEL, payload));
    }

    /**
     * Posts a challenge.
     *
     * @param kind   {@code open} (anyone may take it), {@code seek} (quick pairing) or {@code rematch}
     * @param to     the user name it is for, or null for anyone
     * @param side   {@code south}, {@code north} or {@code random}: the creator's side
     * @return the stored challenge
     * @throws DomainError INVALID naming the field that is wrong, UNAUTHENTICATED for a rated challenge by a guest
     */
    public Challenge post(Player creator, String kind, String game, String options, TimeControl tc, boolean rated,
                          String side, String to, String rematchOf) {
        return post(creator, null, kind, game, options, tc, rated, side, to, rematchOf);
    }

    /**
     * As {@link #post(Player, String, String, String, TimeControl, boolean, String, String, String)}, from the
     * client at {@code address} (null: not known), whose open challenges count towards the address's caps
     * ({@value #MAX_OPEN_GUESTS_PER_ADDRESS} for guests, {@value #MAX_OPEN_PER_ADDRESS} in all).
     *
     * @throws DomainError CONFLICT {@code too-many-challenges} over a cap
     */
    public Challenge post(Player creator, String address, String kind, String game, String options, TimeControl tc,
                          boolean rated, String side, String to, String rematchOf) {
        GameKind gk = RulesInput.game(game);
        String opts = Inputs.options(gk, options, rated);
        String s = side == null ? "random" : side.toLowerCase(Locale.ROOT);
        if (!List.of("south", "north", "random").contains(s)) {
            throw DomainError.badRequest("side must be south, north or random, not '{side}'",
                    Map.of("side", DomainError.echo(side)));
        }
        if (rated && !creator.signedIn()) {
            throw notSignedIn();
        }
        String toKey = to == null ? null : recipient(creator, to);
        if (rated && toKey != null) {
            accounts.requireBotsAllowed(creator.key(), toKey);
        }
        String id = Seats.newId();
        Instant now = Instant.now();
        if (rated) {
            jdbi.useHandle(h -> {
                DomainError no = ratedPlay.notYet(h, creator.key(), creator.account().createdAt(), now);
                if (no == null && toKey != null) {
                    no = ratedPlay.pairLimit(h, creator.key(), toKey, now);
                }
                if (no != null) {
                    throw no;
                }
            });
        }
        Challenge c = jdbi.inTransaction(h -> {
            int open = ChallengeStore.openOf(h, creator.key());
            if (open < MAX_OPEN_PER_PLAYER && address != null) {
                int[] byAddress = ChallengeStore.openFrom(h, address);
                if (!creator.signedIn() && byAddress[0] >= MAX_OPEN_GUESTS_PER_ADDRESS * limitScale) {
                    open = byAddress[0];
                } else if (byAddress[1] >= MAX_OPEN_PER_ADDRESS * limitScale) {
                    open = byAddress[1];
                }
            }
            if (open >= MAX_OPEN_PER_PLAYER) {
                throw DomainError.conflict("too-many-challenges", "you have {open} open challenges already; cancel "
                        + "one first", Map.of("open", open));
            }
            Integer rating = creator.signedIn() ? RatingStore.shown(h, creator.account().id(), gk.key()) : null;
            Challenge ch = new Challenge(id, kind, gk.key(), opts, tc == null ? null : tc.tag(), rated, s,
                    creator.key(), creator.name(), rating, toKey, rematchOf, "open", null, now);
            ChallengeStore.insert(h, ch);
            if (address != null) {
                ChallengeStore.from(h, id, address);
            }
            return ch;
        });
        announce("lobby");
        return c;
    }

    /** @return the player key of the named player a challenge is for. @throws DomainError NOT_FOUND, INVALID */
    private String recipient(Player creator, String to) {
        Account target = accounts.find(to).orElseThrow(() -> new DomainError(DomainError.Kind.NOT_FOUND,
                "unknown-player", "there is no player named '{name}'", Map.of("name", DomainError.echo(to))));
        if (target.playerKey().equals(creator.key())) {
            throw DomainError.badRequest("to: a player cannot challenge himself", Map.of());
        }
        return target.playerKey();
    }

    private static DomainError notSignedIn() {
        return new DomainError(DomainError.Kind.UNAUTHENTICATED, "not-signed-in",
                "rated games are for signed-in players: sign in first", Map.of());
    }

    private static DomainError unknown(String id) {
        return new DomainError(DomainError.Kind.NOT_FOUND, "unknown-challenge", "no challenge with id '{id}'",
                Map.of("id", DomainError.echo(id)));
    }

    /**
     * Takes a challenge: exactly one taker wins it, across all instances (the row moves from {@code open} to
     * {@code taken} in one statement), and the game starts with both seated.
     *
     * @return the game started and the taker's side
     * @throws DomainError NOT_FOUND when there is no such open challenge for this player, CONFLICT when it is
     *     one's own or taken
     */
    public Map<String, Object> accept(Player taker, String id) {
        Challenge c = table.find(id).orElseThrow(() -> unknown(id));
        if (!"open".equals(c.status())) {
            throw DomainError.conflict("challenge-taken", "the challenge is no longer open ({status})",
                    Map.of("status", c.status()));
        }
        if (c.creator().equals(taker.key())) {
            throw DomainError.conflict("own-challenge", "this is your own challenge", Map.of());
        }
        if (c.toPlayer() != null && !c.toPlayer().equals(taker.key())) {
            throw unknown(id);
        }
        if (c.rated() && !taker.signedIn()) {
            throw notSignedIn();
        }
        if (c.rated()) {
            accounts.requireBotsAllowed(c.creator(), taker.key());
            ratedAllowed(taker, c.creator());
        }
        if (!table.take(id)) {
            throw DomainError.conflict("challenge-taken", "someone else took the challenge first", Map.of());
        }
        return startFrom(c, taker);
    }

    /**
     * @throws DomainError CONFLICT {@code rated-not-yet} when {@code taker}'s account may not play rated yet,
     *     {@code rated-pair-limit} when he and {@code opponent} played their rated games for the day ({@link RatedPlay})
     */
    public void ratedAllowed(Player taker, String opponent) {
        Instant now = Instant.now();
        jdbi.useHandle(h -> {
            DomainError no = ratedPlay.notYet(h, taker.key(), taker.account().createdAt(), now);
            if (no == null) {
                no = ratedPlay.pairLimit(h, taker.key(), opponent, now);
            }
            if (no != null) {
                throw no;
            }
        });
    }

    private Map<String, Object> startFrom(Challenge c, Player taker) {
        Side creatorSide = switch (c.side()) {
            case "south" -> Side.SOUTH;
            case "north" -> Side.NORTH;
            default -> ThreadLocalRandom.current().nextBoolean() ? Side.SOUTH : Side.NORTH;
        };
        TimeControl tc = c.timeControl() == null ? null : TimeControl.parseTag(c.timeControl()).orElse(null);
        GameStarter.Started s;
        try {
            boolean south = creatorSide == Side.SOUTH;
            s = starter.start(c.game(), c.options(), tc, c.rated(),
                    south ? c.creator() : taker.key(), south ? c.creatorName() : taker.name(),
                    south ? taker.key() : c.creator(), south ? taker.name() : c.creatorName(), null);
        } catch (RuntimeException e) {
            table.reopen(c.id());
            throw e;
        }
        table.accepted(c.id(), s.gameId());
        announce("accepted " + c.id() + " " + s.gameId());
        Side takerSide = creatorSide.opponent();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("gameId", s.gameId());
        out.put("side", takerSide == Side.SOUTH ? "south" : "north");
        out.put("seatToken", takerSide == Side.SOUTH ? s.southSeat() : s.northSeat());
        out.put("playUrl", "/play.html?id=" + s.gameId());
        return out;
    }

    /**
     * Offers a rematch after a game between two people (sides swapped), or takes the opponent's offer. Exactly one
     * rematch game is made however the two players' offers cross: the offer is read and written in one transaction
     * that holds the finished game's players row ({@link GamePlayersStore#lock}), so the second of two crossing
     * offers finds the first and takes it; once a rematch is taken, asking again answers its game.
     *
     * @param m the finished game's players
     * @return {@code {"gameId",…}} when a game started (or had started), else {@code {"challengeId"}} of the offer
     *     and whether it is new ({@code created})
     */
    public Map<String, Object> rematch(Player p, GameState g, GamePlayers m) {
        if (!g.isOver()) {
            throw DomainError.conflict("game-not-over", "a rematch is offered once the game is over", Map.of());
        }
        Side side = m == null || p == null ? null : m.sideOf(p.key());
        if (side == null) {
            throw DomainError.forbidden("not-your-seat", "only the game's two players may ask for a rematch",
                    Map.of());
        }
        String opponentKey = m.player(side.opponent());
        if (opponentKey == null || directory.username(opponentKey) == null && !opponentKey.startsWith("g:")) {
            throw DomainError.conflict("no-rematch", "a rematch is for games between two people", Map.of());
        }
        String opts = OptionsNotation.format(g.options());
        Challenge mineNew = new Challenge(Seats.newId(), "rematch", m.game(), opts,
                m.timeControl() == null ? null : m.timeControl().tag(), m.rated(),
                side.opponent() == Side.SOUTH ? "south" : "north", p.key(), p.name(), null, opponentKey,
                m.gameId(), "open", null, Instant.now());
        Object[] decided = jdbi.inTransaction(h -> {
            GamePlayersStore.lock(h, g.id());
            Optional<Challenge> taken = ChallengeStore.takenRematch(h, g.id());
            if (taken.isPresent()) {
                return new Object[] {"started", taken.get()};
            }
            Optional<Challenge> theirs = ChallengeStore.openRematch(h, g.id(), opponentKey);
            if (theirs.isPresent() && ChallengeStore.take(h, theirs.get().id())) {
                return new Object[] {"take", theirs.get()};
            }
            Optional<Challenge> mine = ChallengeStore.openRematch(h, g.id(), p.key());
            if (mine.isPresent()) {
                return new Object[] {"mine", mine.get()};
            }
            ChallengeStore.insert(h, mineNew);
            return new Object[] {"new", mineNew};
        });
        Challenge c = (Challenge) decided[1];
        switch ((String) decided[0]) {
            case "take" -> {
                return startFrom(c, p);
            }
            case "started" -> {
                if (c.gameId() == null) {
                    throw DomainError.conflict("rematch-starting", "the rematch is starting: open it from your "
                            + "games in a moment", Map.of());
                }
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("gameId", c.gameId());
                out.put("playUrl", "/play.html?id=" + c.gameId());
                return out;
            }
            case "mine" -> {
                return Map.of("challengeId", c.id(), "created", false);
            }
            default -> {
                announce("lobby");
                return Map.of("challengeId", c.id(), "created", true);
            }
        }
    }

    /**
     * Declines a challenge made to {@code p}. @throws DomainError NOT_FOUND when no open challenge is for him
     */
    public void decline(Player p, String id) {
        if (p == null || !table.decline(id, p.key())) {
            throw new DomainError(DomainError.Kind.NOT_FOUND, "unknown-challenge",
                    "no open challenge '{id}' is for you", Map.of("id", DomainError.echo(id)));
        }
        announce("lobby");
    }

    /** @return the open challenges made by or to the player of key {@code playerKey}, newest first. */
    public List<Challenge> mine(String playerKey) {
        return table.visibleTo(playerKey).stream()
                .filter(c -> playerKey.equals(c.creator()) || playerKey.equals(c.toPlayer())).toList();
    }

    /** Cancels one's own open challenge or seek. @throws DomainError NOT_FOUND when there is none */
    public void cancel(Player p, String id) {
        if (p == null || !table.cancel(id, p.key())) {
            throw new DomainError(DomainError.Kind.NOT_FOUND, "unknown-challenge",
                    "you have no open challenge with id '{id}'", Map.of("id", DomainError.echo(id)));
        }
        announce("lobby");
    }

    /** @return the views of the open challenges {@code p} may see (null: an anonymous page). */
    public List<Map<String, Object>> visible(Player p) {
        return visibleTo(p == null ? "-" : p.key());
    }

    /**
     * An open challenge with its view, for the lobby's events.
     *
     * @param creator  the creator's player key
     * @param toPlayer the player key it is for, or null
     * @param seek     true for a seek (seen only by its creator)
     * @param view     its JSON view
     */
    public record Open(String creator, String toPlayer, boolean seek, Map<String, Object> view) {
        /** @return true when the player of key {@code playerKey} may see it (as {@link #visibleTo(String)}). */
        public boolean visibleTo(String playerKey) {
            return creator.equals(playerKey) || (!seek && (toPlayer == null || toPlayer.equals(playerKey)));
        }
    }

    /**
     * @return every open challenge (the newest 500) with its view, in one query and one look-up of each named
     *     recipient
     */
    public List<Open> open() {
        Map<String, String> names = new java.util.HashMap<>();
        return table.open(500).stream().map(c -> new Open(c.creator(), c.toPlayer(), c.kind().equals("seek"),
                c.view(c.toPlayer() == null ? null : names.computeIfAbsent(c.toPlayer(), directory::username))))
                .toList();
    }

    /** @return the views of the open challenges the player of key {@code playerKey} may see. */
    public List<Map<String, Object>> visibleTo(String playerKey) {
        return table.visibleTo(playerKey).stream().map(c -> {
            Map<String, Object> v = new LinkedHashMap<>(c.view(directory.username(c.toPlayer())));
            v.put("creatorTitle", directory.bot(c.creator()) ? "BOT" : null); // a bot is marked wherever it shows
            return v;
        }).toList();
    }

    /** The expiry job: expires old challenges, then falls due again in a minute. */
    private void expireJob(Job job) {
        if (table.expire(Instant.now(), REAL_TIME_EXPIRY, CORRESPONDENCE_EXPIRY) > 0) {
            announce("lobby");
        }
        jdbi.useTransaction(h -> {
            if (runner.jobs().complete(h, job)) {
                runner.jobs().schedule(h, new Job(EXPIRE_JOB, job.subject(), Instant.now().plusSeconds(60), -1,
                        null));
            }
        });
    }
}
