package mancala.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.engine.search.Searcher;
import mancala.rules.Board;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Search speed on one thread: each call searches one of 16 middle-game positions (seeded random openings of 6 to
 * 20 plies) for 100,000 nodes with the full engine (alpha-beta, PVS, transposition table of 2^20 entries). The
 * {@code nodes} counter is the score: search nodes per second, per game.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SearchBenchmark {
    /** Nodes per search call. */
    static final long NODES = 100_000;

    @Param({"hawalis", "al-manqala", "rio-kadalis"})
    public String game;

    private Searcher searcher;
    private Board[] positions;
    private int next;

    /** Nodes searched, reported by JMH as a rate (nodes/s). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters {
        public long nodes;

        @Setup(Level.Iteration)
        public void clear() {
            nodes = 0;
        }
    }

    @Setup
    public void setUp() {
        Rules rules = GameKind.byKey(game).orElseThrow().rules();
        searcher = new Searcher(rules, 20);
        SplittableRandom random = new SplittableRandom(2026);
        positions = new Board[16];
        int[] moves = new int[rules.pitCount()];
        for (int i = 0; i < positions.length; i++) {
            Board b;
            do {
                b = rules.initialBoard();
                int plies = 6 + random.nextInt(15);
                for (int p = 0; p < plies; p++) {
                    int n = b.legalMoves(moves);
                    if (n == 0) {
                        break;
                    }
                    b.sow(moves[random.nextInt(n)]);
                }
            } while (b.legalMoves(moves) == 0);
            positions[i] = b;
        }
    }

    @Benchmark
    public int search(Counters counters) {
        Board b = positions[next];
        next = (next + 1) % positions.length;
        SearchResult r = searcher.search(b, new SearchLimits(0, 0, NODES));
        counters.nodes += r.nodes();
        return r.bestMove();
    }
}
