package mancala.engine.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import mancala.engine.eval.Evaluator;
import mancala.engine.progress.Progress;
import mancala.engine.search.SearchLimits;
import mancala.engine.tablebase.TablebaseValue;
import mancala.engine.tablebase.Tablebase;
import mancala.rules.Board;
import mancala.rules.Game;
import mancala.rules.Position;

/**
 * Exact endgame solving. A position in the endgame tables ({@link Tablebase}, in the data folder) is answered from
 * them at once. Otherwise two threads race within a time limit: a {@link ProofSearch} (all games), against, for
 * Hawalis and Bao Kiarabu, the {@link RetrogradeAnalysis} of every position reachable from the given one (which also
 * proves draws), followed when that is too big by a second proof search ordered differently. See
 * {@link #solve(Position, long)}.
 */
public final class Solver {
    /** Positions the retrograde analysis examines at most, whatever the memory. */
    public static final int MAX_POSITIONS = RetrogradeAnalysis.MAX_POSITIONS;
    /** Seeds a side may hold at most for the retrograde analysis (4 bits a pit). */
    public static final int MAX_SEEDS_PER_SIDE = RetrogradeAnalysis.MAX_SEEDS_PER_SIDE;
    /**
     * Default time of a whole solve, ms: with the JVM's start, an answer (or the word that none was found) comes in
     * under a minute.
     */
    public static final long DEFAULT_MILLIS = 50_000;

    /** How often {@link #solve(Position, long, Progress)} reports, ms. */
    private static final long PROGRESS_MILLIS = 250;

    private Solver() {
    }

    /**
     * Solves {@code start} exactly within {@link #DEFAULT_MILLIS} ms.
     *
     * @throws SolveException as {@link #solve(Position, long)}
     */
    public static Solution solve(Position start) {
        return solve(start, DEFAULT_MILLIS);
    }

    /**
     * Solves {@code start} exactly within {@code millis} ms (wall clock), on two threads that race: a
     * {@link ProofSearch} ordered by the tuned evaluation, and (Hawalis, Bao Kiarabu) the retrograde analysis,
     * followed, when that finds too many positions, by a second proof search ordered only by proofs. In Al-manqala
     * and Rio Kadalis the second thread is that second proof search from the start: a proven result there is exact
     * too, but the value of endless play there depends on the seeds of the repeated position, which the retrograde
     * analysis does not model. The first exact answer wins and stops the others.
     *
     * @param millis the time for the whole solve, ms, at least 1
     * @throws SolveException when nothing is proven in time (the message says how far each method got), or the
     *                         position cannot be solved here at all (scoring by captures, more than
     *                         {@value RetrogradeAnalysis#MAX_SEEDS_PER_SIDE} seeds a side in a four-row game and no proof)
     */
    public static Solution solve(Position start, long millis) {
        return solve(start, millis, Progress.NONE);
    }

    /**
     * Solves {@code start} as {@link #solve(Position, long)}, reporting to {@code progress} (from the calling
     * thread, about four times a second) one task, "solve", counted in positions explored by all threads together,
     * total unknown, with the deepest proof search iteration completed and the time left as the detail.
     *
     * @throws SolveException as {@link #solve(Position, long)}
     */
    public static Solution solve(Position start, long millis, Progress progress) {
        if (millis < 1) {
            throw new IllegalArgumentException("solve needs at least 1 ms, was " + millis);
        }
        if (start.isOver()) {
            Board b = start.toBoard();
            Solution.Value v = start.rules().outcome(b).result().winner()
                    .map(w -> w == start.sideToMove() ? Solution.Value.WIN : Solution.Value.LOSS)
                    .orElse(Solution.Value.DRAW);
            return new Solution(v, 0, List.of(), 1);
        }
        Solution fromTables = fromTables(start, Tablebase.standard(start.rules()));
        if (fromTables != null) {
            return fromTables;
        }
        long deadline = System.nanoTime() + SearchLimits.nanos(millis);
        int ttBits = millis >= 10_000 ? 24 : 20;
        ProofSearch ordered = new ProofSearch(start, Evaluator.tuned(start.toBoard()), ttBits);
        ProofSearch plain = new ProofSearch(start, ProofSearch.plain(start), ttBits);
        String retrogradeUnusable = RetrogradeAnalysis.unusable(start);
        RetrogradeAnalysis retro = retrogradeUnusable == null ? new RetrogradeAnalysis(start.rules(), deadline, true) : null;
        AtomicReference<Solution> found = new AtomicReference<>();
        AtomicReference<String> retroFailure = new AtomicReference<>(retrogradeUnusable);
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Throwable> crash = new AtomicReference<>();
        Consumer<Solution> offer = s -> {
            found.compareAndSet(null, s);
            done.countDown();
        };
        Thread first = solveThread("solve-proof", crash, () -> ordered.prove(start, deadline).ifPresent(offer));
        Thread second = solveThread("solve-retrograde", crash, () -> {
            if (retro != null) {
                try {
                    offer.accept(retro.runGuarded(start));
                    return;
                } catch (SolveException e) {
                    retroFailure.set(e.getMessage());
                }
            }
            plain.prove(start, deadline).ifPresent(offer);
        });
        Thread watcher = solveThread("solve-watch", crash, () -> {
            try {
                first.join();
                second.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            done.countDown();
        });
        first.start();
        second.start();
        watcher.start();
        progress.begin("solve", -1, "positions");
        try {
            while (!done.await(PROGRESS_MILLIS, TimeUnit.MILLISECONDS)) {
                long explored = ordered.nodes() + plain.nodes() + (retro != null ? retro.explored : 0);
                long left = Math.max(0, (deadline - System.nanoTime()) / 1_000_000_000);
                progress.update(explored, "proof search depth " + Math.max(ordered.depthReached(),
                        plain.depthReached()) + ", " + left + " s left");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            // Stop the losers and wait for them: a stop can reach a search before it begins and be forgotten, so
            // it is repeated until each thread has ended.
            if (retro != null) {
                retro.cancelled = true;
            }
            while (first.isAlive() || second.isAlive()) {
                ordered.stop();
                plain.stop();
                try {
                    first.join(5);
                    second.join(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        long examined = ordered.nodes() + plain.nodes() + (retro != null ? retro.explored : 0);
        progress.update(examined, "proof search depth " + Math.max(ordered.depthReached(), plain.depthReached()));
        progress.end();
        Solution s = found.get();
        if (s != null) {
            // The count the progress ended on: what all the racing threads examined, not only the winner.
            return new Solution(s.result(), s.plies(), s.line(), (int) Math.min(examined, Integer.MAX_VALUE));
        }
        if (crash.get() != null) {
            throw new IllegalStateException("a solver thread failed", crash.get());
        }
        int depth = Math.max(ordered.depthReached(), plain.depthReached());
        throw new SolveException("not solved in " + millis + " ms: no forced win or loss within " + depth
                + " plies (proof search)" + (retroFailure.get() == null ? ""
                : "; retrograde analysis: " + retroFailure.get()));
    }

    /** Plies of a line followed in the tables at most (a round's drawn line may circle for ever). */
    private static final int TABLE_LINE_PLIES = 200;

    /**
     * Answers {@code start} from endgame tables at once: the result, plies (Hawalis; -1 for a round, whose tables
     * count plies to the next capture, not to the end) and a line followed in the tables, best move first, until the game ends, a position
     * repeats ({@link Game} judges H10, A8, R10), or {@value #TABLE_LINE_PLIES} plies.
     *
     * @return the solution, or null when {@code start} is not in {@code tables}
     */
    public static Solution fromTables(Position start, Tablebase tables) {
        if (tables == null || !tables.any()) {
            return null;
        }
        TablebaseValue v = tables.probe(start);
        if (v == null) {
            return null;
        }
        Solution.Value result = switch (v.verdict()) {
            case WIN -> Solution.Value.WIN;
            case LOSS -> Solution.Value.LOSS;
            case DRAW -> Solution.Value.DRAW;
        };
        List<Integer> line = new ArrayList<>();
        Game g = new Game(start);
        while (!g.isOver() && line.size() < TABLE_LINE_PLIES) {
            List<Tablebase.MoveValue> moves = tables.moves(g.position().toBoard());
            if (moves == null || moves.isEmpty()) {
                break;
            }
            int m = moves.get(0).move();
            line.add(m);
            g.play(m);
        }
        int plies = v.isRound() ? -1 : v.verdict() == TablebaseValue.Verdict.DRAW ? 0 : v.plies();
        return new Solution(result, plies, List.copyOf(line), 1);
    }

    /** A daemon thread running {@code body}; what it throws is kept in {@code crash} (the first only). */
    private static Thread solveThread(String name, AtomicReference<Throwable> crash, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.setUncaughtExceptionHandler((thread, e) -> crash.compareAndSet(null, e));
        return t;
    }

    /**
     * Solves {@code start} by retrograde analysis alone (no proof search), without a time limit.
     *
     * @throws SolveException as {@link #retrograde(Position, long)}
     */
    public static Solution retrograde(Position start) {
        return retrograde(start, SearchLimits.MAX_MILLIS);
    }

    /**
     * Solves {@code start} by retrograde analysis alone within {@code millis} ms.
     *
     * @throws SolveException when the game is not Hawalis or Bao Kiarabu, scoring is by captures, a side holds
     *                         more than {@value RetrogradeAnalysis#MAX_SEEDS_PER_SIDE} seeds, more positions are reachable than
     *                         the memory holds ({@link RetrogradeAnalysis#maxPositions}), or the time runs out
     */
    public static Solution retrograde(Position start, long millis) {
        return retrograde(start, millis, Progress.NONE);
    }

    /**
     * Solves {@code start} as {@link #retrograde(Position, long)}, reporting to {@code progress} one task,
     * "retrograde analysis", counted in positions explored, total unknown, with the positions found so far as the
     * detail.
     *
     * @throws SolveException as {@link #retrograde(Position, long)}
     */
    public static Solution retrograde(Position start, long millis, Progress progress) {
        String unusable = RetrogradeAnalysis.unusable(start);
        if (unusable != null) {
            throw new SolveException(unusable);
        }
        RetrogradeAnalysis solver = new RetrogradeAnalysis(start.rules(), System.nanoTime()
                + SearchLimits.nanos(millis), false);
        solver.progress = progress;
        progress.begin("retrograde analysis", -1, "positions");
        try {
            Solution s = solver.runGuarded(start);
            progress.update(s.positions(), "done");
            return s;
        } finally {
            progress.end();
        }
    }
}
