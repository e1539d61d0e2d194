package mancala.server.lobby;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.server.board.RulesInput;
import mancala.rules.GameKind;
import mancala.server.account.Player;
import mancala.server.challenge.Challenge;
import mancala.server.challenge.Challenges;
import mancala.server.clock.TimeControl;
import mancala.server.error.DomainError;
import mancala.server.rating.RatingStore;
import org.jdbi.v3.core.Jdbi;

/**
 * Quick pairing: a seek takes the oldest waiting seek for the same game and clock (rated between accounts, casual
 * between guests) whose rating is near enough ({@link #matches}), or waits as a new seek.
 */
public final class Seeks {
    /** Quick pairing pairs ratings this far apart at once. */
    public static final int SEEK_RANGE = 200;
    /** … and this much wider for every {@link #WIDEN_EVERY_MILLIS} the older seek waited. */
    public static final int WIDEN_BY = 50;
    /** How often the range widens, milliseconds. */
    public static final long WIDEN_EVERY_MILLIS = 10_000;
    /** The most the range widens. */
    public static final int MAX_WIDENING = 1000;
    /** The rating of a guest or a player new to the game. */
    public static final int NEW_RATING = 1500;

    private final Challenges challenges;
    private final Jdbi jdbi;

    /** @param challenges where seeks are stored and taken */
    public Seeks(Challenges challenges, Jdbi jdbi) {
        this.challenges = challenges;
        this.jdbi = jdbi;
    }

    /**
     * @param waitedMillis how long the waiting seek has waited
     * @return the largest rating difference a seek that waited this long is paired across
     */
    public static int range(long waitedMillis) {
        long steps = waitedMillis / WIDEN_EVERY_MILLIS;
        return SEEK_RANGE + (int) Math.min(MAX_WIDENING, steps * WIDEN_BY);
    }

    /** @return true when a seeker rated {@code mine} is paired with a seek rated {@code theirs} that waited so long. */
    public static boolean matches(int mine, int theirs, long waitedMillis) {
        return Math.abs(theirs - mine) <= range(waitedMillis);
    }

    /**
     * Pairs {@code p} with a waiting seek, or posts his seek.
     *
     * @return {@code {"gameId",…}} when paired at once, else {@code {"id", "status": "open"}} of the seek
     * @throws DomainError INVALID when the game or clock is missing or wrong
     */
    public Map<String, Object> seek(Player p, String game, TimeControl tc) {
        return seek(p, null, game, tc);
    }

    /** As {@link #seek(Player, String, TimeControl)} from the client at {@code address} (its caps: see Challenges). */
    public Map<String, Object> seek(Player p, String address, String game, TimeControl tc) {
        GameKind gk = RulesInput.game(game);
        if (tc == null) {
            throw DomainError.badRequest("clock is required for quick pairing", Map.of());
        }
        boolean rated = p.signedIn();
        DomainError casualWhy = null;
        if (rated) {
            casualWhy = jdbi.withHandle(h -> challenges.ratedPlay().notYet(h, p.key(), p.account().createdAt(),
                    java.time.Instant.now()));
            rated = casualWhy == null; // a seek by an account that may not play rated yet is casual
        }
        boolean ratedSeek = rated;
        int mine = rated ? jdbi.withHandle(h -> RatingStore.shown(h, p.account().id(), gk.key())) : NEW_RATING;
        List<Challenge> waiting = challenges.table().waitingSeeks(gk.key(), tc.tag(), rated, p.key());
        long now = System.currentTimeMillis();
        for (Challenge c : waiting) {
            int theirs = c.creatorRating() == null ? NEW_RATING : c.creatorRating();
            if (matches(mine, theirs, now - c.createdAt().toEpochMilli())) {
                if (ratedSeek && jdbi.withHandle(h -> challenges.ratedPlay().pairLimit(h, p.key(), c.creator(),
                        java.time.Instant.now())) != null) {
                    continue; // these two played their rated games for the day
                }
                try {
                    return challenges.accept(p, c.id());
                } catch (DomainError e) {
                    if (e.kind() != DomainError.Kind.CONFLICT) {
                        throw e;
                    }
                }
            }
        }
        Challenge c = challenges.post(p, address, "seek", gk.key(), null, tc, rated, "random", null, null);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", c.id());
        out.put("status", "open");
        if (casualWhy != null) {
            out.put("rated", false);
            out.put("casualBecause", casualWhy);
        }
        return out;
    }
}
