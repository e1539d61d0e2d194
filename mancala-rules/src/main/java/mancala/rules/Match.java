package mancala.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Rio Kadalis match: rounds played until a player cannot refill a pit (RULES.md §3: R1, R8, R9, option
 * {@code conquest}). Each round is a {@link Game}; when it is over, {@link #nextRound()} refills the board from the
 * holdings. Not thread-safe.
 *
 * <p>Our decisions where RULES.md is silent: holdings beyond what a player's own pits take stay in his reserve (with
 * the default rules that happens when one player holds more than 4 × pits); under {@code conquest} a final three
 * buys a pit for the richer player only, and he fills the poorer player's unfilled pits right to left, continuing
 * from where the poorer player stopped; pits nobody fills stay closed. A match has no round limit.
 */
public final class Match {
    private final Rules rules;
    private final RioKadalisOptions options;
    private final List<Game> rounds = new ArrayList<>();
    private Outcome ended;

    /** Starts a match from the first round's usual position (South to move). */
    public Match(RioKadalisOptions options) {
        this(Position.initial(Rules.of(options)));
    }

    /**
     * Starts a match (or continues one) with a round starting at {@code roundStart}.
     *
     * @throws RulesException when the position is not Rio Kadalis
     */
    public Match(Position roundStart) {
        if (roundStart.kind() != GameKind.RIO_KADALIS) {
            throw new RulesException("a match is played in Rio Kadalis, not " + roundStart.kind().displayName());
        }
        this.rules = roundStart.rules();
        this.options = (RioKadalisOptions) rules.options();
        rounds.add(new Game(roundStart));
    }

    /** @return the rules of every round. */
    public Rules rules() {
        return rules;
    }

    /** @return the current round (the last one once the match is over). */
    public Game round() {
        return rounds.get(rounds.size() - 1);
    }

    /** @return the rounds so far, the current one last. */
    public List<Game> rounds() {
        return List.copyOf(rounds);
    }

    /** @return the number of the current round, from 1. */
    public int roundNumber() {
        return rounds.size();
    }

    /**
     * Plays a move in the current round.
     *
     * @return the position after the move (the seeds captured: {@link Game#capturedAt} of {@link #round()})
     * @throws RulesException when the round or match is over or the move is illegal
     */
    public Position play(int pit) {
        if (ended != null) {
            throw new RulesException("the match is over");
        }
        return round().play(pit);
    }

    /**
     * Ends the current round and starts the next by R8's refill, or ends the match by R9.
     *
     * @return the next round's start, or empty when the match is over
     * @throws RulesException when the current round is not over
     */
    public Optional<Position> nextRound() {
        Game last = round();
        Outcome o = last.outcome().orElseThrow(() -> new RulesException("round " + roundNumber() + " is not over"));
        if (o.termination().isForfeit()) {
            ended = o;
            return Optional.empty();
        }
        Optional<Position> next = refill(options, o.south(), o.north(), firstPlayer(last, o));
        if (next.isEmpty()) {
            Side loser = o.south() < RioKadalisOptions.SEEDS_PER_PIT ? Side.SOUTH : Side.NORTH;
            ended = new Outcome(Result.winFor(loser.opponent()), Termination.CANNOT_REFILL, o.south(), o.north());
            return Optional.empty();
        }
        rounds.add(new Game(next.get()));
        return next;
    }

    /** Resigns the whole match for {@code loser}. @throws RulesException when the match is over */
    public void resign(Side loser) {
        forfeit(loser, Termination.RESIGNATION);
    }

    /**
     * Ends the whole match with a loss for {@code loser} off the board (resignation, time, abandonment).
     *
     * @throws RulesException when the match is over or {@code why} is not such an end
     */
    public void forfeit(Side loser, Termination why) {
        if (ended != null) {
            throw new RulesException("the match is over");
        }
        if (!why.isForfeit()) {
            throw new RulesException(why.key() + " is not a loss off the board");
        }
        if (!round().isOver()) {
            round().forfeit(loser, why);
        }
        Position p = round().position();
        ended = new Outcome(Result.winFor(loser.opponent()), why, p.holdings(Side.SOUTH), p.holdings(Side.NORTH));
    }

    /** @return true when the match is over (R9 or resignation). */
    public boolean isOver() {
        return ended != null;
    }

    /** @return the match's outcome once it is over. */
    public Optional<Outcome> outcome() {
        return Optional.ofNullable(ended);
    }

    /** R1: who starts the round after {@code last}, which ended with {@code o}. */
    private Side firstPlayer(Game last, Outcome o) {
        Side startedLast = last.start().sideToMove();
        if (options.loserStarts() && o.result() != Result.DRAW) {
            return o.result() == Result.SOUTH_WINS ? Side.NORTH : Side.SOUTH;
        }
        return startedLast.opponent();
    }

    /**
     * R8 (or {@code conquest}): the start of the next round from the players' holdings.
     *
     * @param south seeds South holds after the round
     * @param north seeds North holds after the round
     * @param first the side to move first in the new round
     * @return the new round's position, or empty when a player holds fewer than four (R9)
     */
    public static Optional<Position> refill(RioKadalisOptions options, int south, int north, Side first) {
        final int four = RioKadalisOptions.SEEDS_PER_PIT;
        if (south < four || north < four) {
            return Optional.empty(); // R9
        }
        int n = options.pitsPerRow();
        int[] pits = new int[2 * n];
        int[] reserve = new int[2];
        int[] filledOwn = new int[2];
        int closed = 0;
        int conquered = 0;
        int[] held = {south, north};
        for (int s = 0; s < 2; s++) {
            // R8: four to a pit from the rightmost (letter f, or e on five pits) leftwards.
            int base = s * n;
            int filled = Math.min(n, held[s] / four);
            for (int i = 0; i < filled; i++) {
                pits[base + n - 1 - i] = four;
            }
            filledOwn[s] = filled;
            reserve[s] = held[s] - four * filled;
        }
        if (options.conquest() && south != north) {
            int rich = south > north ? 0 : 1;
            int poor = rich ^ 1;
            int surplus = reserve[rich];
            int pit = poor * n + n - 1 - filledOwn[poor]; // next unfilled pit of the poorer row, right to left
            while (pit >= poor * n && (surplus >= four || surplus == 3)) {
                int put = Math.min(four, surplus); // a final three also buys a pit
                pits[pit] = put;
                surplus -= put;
                conquered |= 1 << pit;
                pit--;
            }
            reserve[rich] = surplus;
        }
        for (int p = 0; p < 2 * n; p++) {
            if (pits[p] == 0) {
                closed |= 1 << p; // R8: a pit its owner cannot fill stays closed
            }
        }
        return Optional.of(Position.of(Rules.of(options), pits, reserve[0], reserve[1], first, closed, conquered));
    }
}
