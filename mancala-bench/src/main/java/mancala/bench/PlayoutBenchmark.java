package mancala.bench;

import java.util.concurrent.TimeUnit;
import mancala.rules.GameKind;
import mancala.rules.Playout;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Uniformly random complete games (a Rio Kadalis game is one round) on one thread: the JMH twin of
 * {@code mancala bench}. The score is playouts per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlayoutBenchmark {
    @Param({"hawalis", "al-manqala", "rio-kadalis"})
    public String game;

    private Playout playout;

    @Setup
    public void setUp() {
        playout = new Playout(GameKind.byKey(game).orElseThrow().rules(), 1);
    }

    @Benchmark
    public Object randomGame() {
        return playout.run();
    }
}
