package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random playouts: {@value #GAMES} complete games per game and option set, each from its own
 * {@code SplittableRandom(seed)} (the seed is printed when a check fails), checking after every ply that seeds are
 * conserved, no pit is negative, legal moves are ascending, distinct, the mover's and exactly those the rule text
 * allows, a position without legal moves has an outcome consistent with its termination, notation round-trips,
 * Zobrist hashes agree for equal positions, and the game's length stays bounded. {@link Position#play} is compared
 * with {@link Board#sow}, and {@link Game} with this loop's repetition handling, on a sample of games.
 *
 * <p>The loop runs on {@link Board} for speed; repetition (H10, A8, R10) is counted by position notation since the
 * last change of the holdings, as {@link Game} counts it. Rio Kadalis games are single rounds; every other one starts
 * from a refill (R8, closed and conquered pits) of random holdings.
 */
class RandomPlayoutTest {
    static final int GAMES = 10_000;
    /** Games per option set in the default (fast) build; the full {@value #GAMES} run is tagged slow. */
    static final int QUICK_GAMES = 300;
    /** No game comes near this; a loop that does has lost its way (an unfinished sowing or a missed repetition). */
    static final int MAX_PLIES = 20_000;
    /** Every this many games, Position.play and Game replay the same game. */
    static final int SAMPLE_EVERY = 25;
    /** Every this many games, each move is compared with {@link ReferenceSowing}, a second reading of the rules. */
    static final int REFERENCE_EVERY = 10;

    static Stream<Arguments> optionSets() {
        return Stream.of(
                set(GameKind.HAWALIS, ""),
                set(GameKind.HAWALIS, "skipOrigin"),
                set(GameKind.HAWALIS, "endless=illegal"),
                set(GameKind.HAWALIS, "endless=draw"),
                set(GameKind.HAWALIS, "scoring=captures"),
                set(GameKind.HAWALIS, "skipOrigin endless=draw scoring=captures"),
                set(GameKind.BAO_KIARABU, ""),
                set(GameKind.BAO_KIARABU, "seeds=3"),
                set(GameKind.BAO_KIARABU, "skipOrigin endless=illegal"),
                set(GameKind.AL_MANQALA, ""),
                set(GameKind.AL_MANQALA, "relay"),
                set(GameKind.AL_MANQALA, "relay endless=lose"),
                set(GameKind.AL_MANQALA, "captureOpposite"),
                set(GameKind.AL_MANQALA, "skipOrigin"),
                set(GameKind.AL_MANQALA, "relay captureOpposite skipOrigin"),
                set(GameKind.RIO_KADALIS, ""),
                set(GameKind.RIO_KADALIS, "pits=5"),
                set(GameKind.RIO_KADALIS, "clockwise"),
                set(GameKind.RIO_KADALIS, "skipOrigin"),
                set(GameKind.RIO_KADALIS, "foursAtLapEnd"),
                set(GameKind.RIO_KADALIS, "endless=lose"),
                set(GameKind.RIO_KADALIS, "endless=draw"),
                set(GameKind.RIO_KADALIS, "conquest"),
                set(GameKind.RIO_KADALIS, "clockwise skipOrigin endless=lose"),
                set(GameKind.RIO_KADALIS, "pits=5 clockwise foursAtLapEnd conquest"));
    }

    private static Arguments set(GameKind game, String options) {
        return Arguments.of(game.key() + (options.isEmpty() ? "" : " " + options),
                OptionsNotation.parse(game, options));
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("optionSets")
    void randomGamesKeepEveryInvariant(String name, RuleOptions options) {
        playGames(name, options, GAMES);
    }

    /** The first {@value #QUICK_GAMES} games of {@link #randomGamesKeepEveryInvariant}, for the default build. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("optionSets")
    void aSampleOfRandomGamesKeepsEveryInvariant(String name, RuleOptions options) {
        playGames(name, options, QUICK_GAMES);
    }

    private static void playGames(String name, RuleOptions options, int games) {
        Rules rules = Rules.of(options);
        long base = 0x5eed_0000L + name.hashCode() * 1_000_003L;
        for (int g = 0; g < games; g++) {
            long seed = base + g;
            try {
                playOne(rules, seed, g % SAMPLE_EVERY == 0, g % REFERENCE_EVERY == 0);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(name + ": game " + g + " with SplittableRandom(" + seed + ") failed: "
                        + e.getMessage(), e);
            }
        }
    }

    private static boolean fromRefill(Rules rules, long seed) {
        return rules.kind() == GameKind.RIO_KADALIS && (seed & 1) == 1;
    }

    private static Board startBoard(Rules rules, SplittableRandom random, long seed) {
        if (fromRefill(rules, seed)) {
            RioKadalisOptions o = (RioKadalisOptions) rules.options();
            int total = o.pitsPerRow() * 2 * RioKadalisOptions.SEEDS_PER_PIT;
            int south = 4 + random.nextInt(total - 7);
            Side first = random.nextBoolean() ? Side.SOUTH : Side.NORTH;
            return Match.refill(o, south, total - south, first).orElseThrow().toBoard();
        }
        return rules.initialBoard();
    }

    static void playOne(Rules rules, long seed, boolean sample, boolean reference) {
        SplittableRandom random = new SplittableRandom(seed);
        Board b = startBoard(rules, random, seed);
        Board prev = b.copy();
        int total = b.totalSeeds();
        int[] moves = new int[rules.pitCount()];
        Map<String, Integer> seen = new HashMap<>();
        String key = PositionNotation.format(Position.of(b));
        seen.put(key, 1);
        List<Integer> played = new ArrayList<>();
        Position start = Position.of(b);
        Outcome end = null;
        for (int ply = 0; end == null; ply++) {
            if (ply >= MAX_PLIES) {
                fail("game longer than " + MAX_PLIES + " plies at " + b);
            }
            int n = rules.legalMoves(b, moves);
            checkLegalMoves(rules, b, moves, n);
            if (n == 0) {
                end = rules.outcome(b);
                checkOutcome(rules, b, end, total);
                break;
            }
            int m = moves[Playout.pick(random, n)];
            Position before = sample ? Position.of(b) : null;
            ReferenceSowing.After expected = reference ? ReferenceSowing.play(rules.options(), b, m) : null;
            prev.copyFrom(b);
            int s0 = b.holdings[0];
            int s1 = b.holdings[1];
            rules.sow(b, m);
            if (expected != null) {
                checkAgainstReference(b, prev, m, expected);
            }
            if (b.statusTermination() == Termination.ENDLESS_MOVE) {
                // The endless move never completes: the board is as before it, the mover still to move.
                if (!Arrays.equals(b.pits, prev.pits) || b.side != prev.side || b.holdings[0] != s0 || b.holdings[1] != s1) {
                    fail("board not restored after the endless move " + m + " at " + prev);
                }
            }
            played.add(m);
            checkBoard(b, total);
            Position after = Position.of(b);
            key = checkNotationAndHash(rules, b, after, sample);
            if (sample) {
                assertThat(before.play(m)).as("Position.play agrees with Board.sow").isEqualTo(after);
            }
            if (b.holdings[0] != s0 || b.holdings[1] != s1) {
                seen.clear();
            }
            int count = seen.merge(key, 1, Integer::sum);
            if (count >= rules.repetitionLimit() && rules.legalMoves(b, moves) > 0) {
                end = rules.byRepetition(b);
                assertThat(end.termination()).isIn(Termination.REPETITION, Termination.EQUAL_SPLIT);
            }
        }
        if (sample && !fromRefill(rules, seed)) {
            Playout playout = new Playout(rules, seed);
            Result result = playout.run();
            if (!rules.candidatesNeedTrial()) {
                // Without trials, Playout (the benchmark's loop) draws its moves from the same generator the same way.
                assertThat(result).as("Playout's result").isEqualTo(end.result());
                assertThat(playout.plies()).as("Playout's plies").isEqualTo(played.size());
            }
            // Every Playout game, trials or not, is a legal game that ends as Game says it does.
            Game replayed = new Game(start);
            for (int m : playout.lastGame()) {
                assertThat(replayed.isOver()).as("Playout played on after the end").isFalse();
                replayed.play(m);
            }
            assertThat(replayed.isOver()).as("Playout's game is over").isTrue();
            assertThat(replayed.outcome().orElseThrow().result()).as("Playout's result by Game").isEqualTo(result);
            assertThat((long) playout.lastGame().length).isEqualTo(playout.plies());
        }
        if (sample) {
            Game game = new Game(start);
            for (int m : played) {
                game.play(m);
            }
            assertThat(game.isOver()).as("Game sees the end").isTrue();
            assertThat(game.outcome()).as("Game's outcome").contains(end);
        }
    }

    private static void checkAgainstReference(Board b, Board before, int m, ReferenceSowing.After r) {
        if (r.endless()) {
            if (b.statusTermination() != Termination.ENDLESS_MOVE) {
                fail("move " + m + " at " + before + " is endless by the rule text, but the engine ended it: " + b);
            }
            return;
        }
        if (b.statusTermination() == Termination.ENDLESS_MOVE || !Arrays.equals(b.pits, r.pits())
                || b.holdings[0] != r.south() || b.holdings[1] != r.north() || b.side != r.side()) {
            fail("move " + m + " at " + before + " gives " + b + " but by the rule text "
                    + Arrays.toString(r.pits()) + " holdings=" + r.south() + "-" + r.north() + " side " + r.side());
        }
    }

    private static void checkBoard(Board b, int total) {
        for (int p = 0; p < b.pitCount(); p++) {
            if (b.pits[p] < 0) {
                fail("pit " + p + " negative in " + b);
            }
            if (b.isClosed(p) && b.pits[p] != 0) {
                fail("closed pit " + p + " holds seeds in " + b);
            }
        }
        if (b.holdings[0] < 0 || b.holdings[1] < 0 || b.totalSeeds() != total) {
            fail("seeds not conserved (" + total + " at the start) or a side's holdings negative in " + b);
        }
    }

    private static String checkNotationAndHash(Rules rules, Board b, Position p, boolean sample) {
        String text = PositionNotation.format(p);
        Position back = PositionNotation.parse(text, rules.options());
        if (!PositionNotation.format(back).equals(text) || !b.endedByMove() && !back.equals(p)) {
            fail("notation does not round-trip: " + text + " read back as " + PositionNotation.format(back));
        }
        long h = Zobrist.hash(b);
        if (Zobrist.hash(back) != h) {
            fail("equal positions, different Zobrist hashes: " + text);
        }
        if (sample) {
            assertThat(Zobrist.hash(p)).isEqualTo(h);
            assertThat(Zobrist.hash(b.copy())).isEqualTo(h);
        }
        return text;
    }

    /** The moves the rule text allows before any endless move is taken out (H3/H6, A2/A4, R2). */
    static boolean[] candidates(Rules rules, Board b) {
        int n = rules.pitsPerSide();
        int count = rules.pitCount();
        boolean[] c = new boolean[count];
        int side = b.side;
        if (rules.kind().fourRows()) {
            boolean anyTwo = false;
            for (int p = side * n; p < side * n + n; p++) {
                anyTwo |= b.pits[p] >= 2;
            }
            boolean clockwise = rules.kind() == GameKind.BAO_KIARABU;
            for (int i = 0; i < n; i++) {
                int p = side * n + i;
                int next = side * n + (clockwise ? (i + n - 1) % n : (i + 1) % n);
                c[p] = anyTwo ? b.pits[p] >= 2 : b.pits[p] == 1 && b.pits[next] == 0;
            }
        } else if (rules.kind() == GameKind.AL_MANQALA) {
            int opp = side ^ 1;
            boolean oppEmpty = true;
            for (int p = opp * n; p < opp * n + n; p++) {
                oppEmpty &= b.pits[p] == 0;
            }
            AlManqalaOptions o = (AlManqalaOptions) rules.options();
            for (int p = side * n; p < side * n + n; p++) {
                // A4 without relay: a single lap feeds when it reaches the opponent's first pit.
                int reach = side * n + n - p;
                c[p] = b.pits[p] > 0 && (!oppEmpty || o.relay() || b.pits[p] >= reach);
            }
        } else {
            for (int p = 0; p < count; p++) {
                c[p] = b.pits[p] > 0 && !b.isClosed(p) && b.owner(p).index() == side;
            }
        }
        return c;
    }

    private static void checkLegalMoves(Rules rules, Board b, int[] moves, int n) {
        boolean[] c = candidates(rules, b);
        for (int i = 0; i < n; i++) {
            if (i > 0 && moves[i] <= moves[i - 1]) {
                fail("legal moves not ascending and distinct at " + b);
            }
            if (!c[moves[i]]) {
                fail("move " + moves[i] + " is not allowed by the rule text at " + b);
            }
        }
        if (b.endedByMove()) {
            assertThat(n).isZero();
            return;
        }
        int k = 0;
        for (boolean x : c) {
            k += x ? 1 : 0;
        }
        Endless endless = endlessOf(rules.options());
        boolean relayGame = !(rules.options() instanceof AlManqalaOptions a) || a.relay();
        if (endless != Endless.ILLEGAL || !relayGame) {
            if (!(rules.options() instanceof AlManqalaOptions a2 && a2.relay())) {
                if (n != k) {
                    fail(k + " moves allowed by the rule text but " + n + " legal at " + b);
                }
            }
        } else if (n < k) {
            // Each allowed move left out must be endless.
            for (int p = 0; p < c.length; p++) {
                if (c[p] && !contains(moves, n, p)) {
                    Board t = b.copy();
                    rules.sow(t, p);
                    // Left out as endless, or (Al-manqala relay, A4) as not feeding an empty row.
                    boolean endlessMove = t.statusTermination() == Termination.ENDLESS_MOVE;
                    assertThat(endlessMove || rules.kind() == GameKind.AL_MANQALA && !t.fed)
                            .as("left-out move " + p + " at " + b).isTrue();
                }
            }
        }
    }

    private static boolean contains(int[] moves, int n, int p) {
        for (int i = 0; i < n; i++) {
            if (moves[i] == p) {
                return true;
            }
        }
        return false;
    }

    private static Endless endlessOf(RuleOptions o) {
        if (o instanceof HawalisOptions h) {
            return h.endless();
        }
        if (o instanceof AlManqalaOptions a) {
            return a.endless();
        }
        return ((RioKadalisOptions) o).endless();
    }

    private static void checkOutcome(Rules rules, Board b, Outcome o, int total) {
        int side = b.side;
        int onBoard = 0;
        int mine = 0;
        for (int p = 0; p < b.pitCount(); p++) {
            onBoard += b.pits[p];
            if (b.owner(p).index() == side) {
                mine += b.pits[p];
            }
        }
        Termination t = o.termination();
        if (t == Termination.ENDLESS_MOVE) {
            Endless e = endlessOf(rules.options());
            assertThat(e).isNotEqualTo(Endless.ILLEGAL);
            // The mover is still "to move" after an endless move.
            assertThat(o.result()).isEqualTo(e == Endless.DRAW ? Result.DRAW : Result.winFor(Side.of(side ^ 1)));
            return;
        }
        if (rules.kind().fourRows()) {
            HawalisOptions h = (HawalisOptions) rules.options();
            assertThat(t).isEqualTo(mine == 0 ? Termination.NO_SEEDS : Termination.NO_MOVE);
            assertThat(o.south()).isEqualTo(b.holdings[0]);
            assertThat(o.north()).isEqualTo(b.holdings[1]);
            assertThat(o.result()).isEqualTo(h.scoringCaptures() ? Result.byHoldings(b.holdings[0], b.holdings[1])
                    : Result.winFor(Side.of(side ^ 1)));
        } else if (rules.kind() == GameKind.AL_MANQALA) {
            if (t == Termination.CAPTURE_MAJORITY) {
                assertThat(Math.max(b.holdings[0], b.holdings[1])).isGreaterThanOrEqualTo(50);
                assertThat(o.result().winner()).contains(Side.of(b.holdings[0] >= 50 ? 0 : 1));
                return;
            }
            assertThat(o.south() + o.north()).as("every seed goes to someone").isEqualTo(total);
            assertThat(o.result()).isEqualTo(Result.byHoldings(o.south(), o.north()));
            if (t == Termination.BOARD_EMPTY) {
                assertThat(onBoard).isZero();
            } else if (t == Termination.HUNGER) {
                int hungry = side ^ 1;
                assertThat(o.holdings(Side.of(hungry))).isEqualTo(b.holdings[hungry] + onBoard);
            } else {
                assertThat(t).isEqualTo(Termination.EQUAL_SPLIT);
                assertThat(Math.abs((o.south() - b.holdings[0]) - (o.north() - b.holdings[1]))).isLessThanOrEqualTo(1);
            }
        } else {
            assertThat(t).isEqualTo(Termination.NO_MOVE);
            assertThat(o.south() + o.north()).as("R6: every seed goes to someone").isEqualTo(total);
            assertThat(o.result()).isEqualTo(Result.byHoldings(o.south(), o.north()));
        }
    }
}
