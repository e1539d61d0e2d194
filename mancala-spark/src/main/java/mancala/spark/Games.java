package mancala.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mancala.engine.Players;
import mancala.engine.cluster.Cluster;
import mancala.engine.play.PlayedGame;
import mancala.engine.play.SelfPlay;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.GameKind;
import mancala.rules.Outcome;
import mancala.rules.Result;
import mancala.rules.RuleOptions;
import mancala.rules.Side;
import mancala.rules.Termination;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Self-play over a cluster: game i is played by a task exactly as {@link SelfPlay#play(SelfPlay.Config, int)} plays
 * it on one machine (its players and opening come from the run's seed and i alone), and comes back as text.
 */
final class Games {
    private Games() {
    }

    /** A game as it travels: positions in notation, enums by name. */
    record Wire(int index, String firstSeat, List<WireRound> rounds, String[] outcome, int plies, boolean match)
            implements Serializable {
    }

    /** A round as it travels. */
    record WireRound(String start, int[] moves, String[] outcome) implements Serializable {
    }

    static List<PlayedGame> play(JavaSparkContext sc, Cluster.GamesSpec spec, Consumer<PlayedGame> onGame) {
        List<Integer> idx = IntStream.range(0, spec.games()).boxed().collect(Collectors.toList());
        int slices = Math.min(spec.games(), Math.max(1, sc.defaultParallelism() * 4));
        List<Wire> wires = sc.parallelize(idx, slices).map(i -> wire(SelfPlay.play(config(spec), i))).collect();
        RuleOptions options = options(spec);
        List<PlayedGame> out = new ArrayList<>();
        for (Wire w : wires) {
            PlayedGame g = unwire(w, options);
            onGame.accept(g);
            out.add(g);
        }
        return out;
    }

    static RuleOptions options(Cluster.GamesSpec spec) {
        return OptionsNotation.parse(GameKind.byKey(spec.game()).orElseThrow(), spec.options());
    }

    static SelfPlay.Config config(Cluster.GamesSpec spec) {
        return new SelfPlay.Config(options(spec), s -> Players.byName(spec.first(), s),
                s -> Players.byName(spec.second(), s), spec.games(), 1, spec.millis(), spec.openingPlies(),
                spec.seed(), spec.wholeMatch(), spec.maxPlies(), spec.maxRounds(), spec.pairedOpenings());
    }

    private static String[] outcome(Optional<Outcome> o) {
        return o.map(x -> new String[] {x.result().name(), x.termination().name(), Integer.toString(x.south()),
                Integer.toString(x.north())}).orElse(null);
    }

    private static Optional<Outcome> outcome(String[] o) {
        return o == null ? Optional.empty() : Optional.of(new Outcome(Result.valueOf(o[0]),
                Termination.valueOf(o[1]), Integer.parseInt(o[2]), Integer.parseInt(o[3])));
    }

    static Wire wire(PlayedGame g) {
        List<WireRound> rounds = new ArrayList<>();
        for (PlayedGame.Round r : g.rounds()) {
            rounds.add(new WireRound(PositionNotation.format(r.start()),
                    r.moves().stream().mapToInt(Integer::intValue).toArray(), outcome(r.outcome())));
        }
        return new Wire(g.index(), g.firstSeat().name(), rounds, outcome(g.outcome()), g.plies(), g.match());
    }

    static PlayedGame unwire(Wire w, RuleOptions options) {
        List<PlayedGame.Round> rounds = new ArrayList<>();
        for (WireRound r : w.rounds()) {
            rounds.add(new PlayedGame.Round(PositionNotation.parse(r.start(), options),
                    IntStream.of(r.moves()).boxed().collect(Collectors.toList()), outcome(r.outcome())));
        }
        return new PlayedGame(w.index(), Side.valueOf(w.firstSeat()), rounds, outcome(w.outcome()), w.plies(),
                w.match());
    }
}
