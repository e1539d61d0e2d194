package mancala.engine.level;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import mancala.engine.Players;
import mancala.engine.data.DataDir;
import mancala.engine.play.Player;
import mancala.engine.tablebase.Builder;
import mancala.engine.progress.Progress;
import mancala.engine.tablebase.Tablebase;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code level:N:notables} really plays without the endgame tables: Rio Kadalis tables up to 8 seeds on the board,
 * built here and found through the data folder's setting as every command finds them. With the tables a level
 * answers a position inside them from them (its move the tables' best) and probes them at the leaves of a search
 * outside them; without them it probes nothing, and where its search is shallow it plays moves the tables fault.
 */
class LevelPlayerTablesTest {
    private static final int SEEDS = 8;

    @TempDir
    static Path dir;

    private static Rules rules;
    private static Tablebase tables;

    @BeforeAll
    static void buildTables() {
        rules = GameKind.RIO_KADALIS.rules();
        new Builder(rules, SEEDS, 2, dir, Progress.NONE, s -> { }).build();
        tables = Tablebase.open(dir, rules);
        assertThat(tables.reach()).isEqualTo(SEEDS);
        System.setProperty(DataDir.TABLEBASES_PROPERTY, dir.toString());
    }

    @AfterAll
    static void restore() {
        System.setProperty(DataDir.TABLEBASES_PROPERTY, "none");
    }

    /** A random round position with {@code k} seeds on the board, the rest held, South or North to move. */
    private static Position randomPosition(SplittableRandom r, int k) {
        while (true) {
            int[] pits = new int[rules.pitCount()];
            for (int i = 0; i < k; i++) {
                pits[r.nextInt(pits.length)]++;
            }
            int south = r.nextInt(48 - k + 1);
            Position p = Position.of(rules, pits, south, 48 - k - south, r.nextBoolean() ? Side.SOUTH : Side.NORTH,
                    0, 0);
            if (p.legalMoves().length > 1) {
                return p;
            }
        }
    }

    @Test
    void theModifierNamesAndMakesALevelWithoutTables() {
        Player with = Players.byName("level:10", 1);
        Player without = Players.byName("Level:10:NoTables", 1);
        assertThat(with.name()).isEqualTo("level:10");
        assertThat(without.name()).isEqualTo("level:10:notables");
        assertThat(((LevelPlayer) with).usesTables()).isTrue();
        assertThat(((LevelPlayer) without).usesTables()).isFalse();
        assertThat(Players.byName(without.name(), 2).name()).isEqualTo("level:10:notables");
    }

    @Test
    void aPositionInsideTheTablesIsAnsweredFromThemOnlyWithThem() {
        Position p = randomPosition(new SplittableRandom(3), 6);
        List<Tablebase.MoveValue> best = tables.moves(p.toBoard());
        int bestRank = Tablebase.rank(best.get(0).value());

        LevelPlayer with = (LevelPlayer) Players.byName("level:10", 1);
        int m = with.chooseMove(new Game(p), 50);
        assertThat(with.tablebaseUse().searches()).isEqualTo(1);
        assertThat(with.tablebaseUse().fromTables()).isEqualTo(1);
        assertThat(with.tablebaseUse().tbHits()).isEqualTo(best.size());
        assertThat(Tablebase.rank(tables.judge(p.toBoard(), m).played())).isEqualTo(bestRank);

        LevelPlayer without = (LevelPlayer) Players.byName("level:10:notables", 1);
        without.chooseMove(new Game(p), 50);
        assertThat(without.tablebaseUse().searches()).isEqualTo(1);
        assertThat(without.tablebaseUse().fromTables()).isZero();
        assertThat(without.tablebaseUse().tbHits()).isZero();
    }

    @Test
    void aSearchAboveTheTablesProbesThemAtItsLeavesOnlyWithThem() {
        // 10 seeds: every capture of two or more seeds lands in the tables.
        Position p = randomPosition(new SplittableRandom(5), SEEDS + 2);
        LevelPlayer with = new LevelPlayer(9, 1);
        with.chooseMove(new Game(p), 5_000);
        assertThat(with.tablebaseUse().fromTables()).isZero();
        assertThat(with.tablebaseUse().tbHits()).isPositive();

        LevelPlayer without = new LevelPlayer(9, 1, false);
        without.chooseMove(new Game(p), 5_000);
        assertThat(without.tablebaseUse().searches()).isEqualTo(1);
        assertThat(without.tablebaseUse().tbHits()).isZero();
    }

    @Test
    void withTablesEveryMoveIsTheTablesBestWithoutThemAShallowSearchGivesSomeAway() {
        SplittableRandom r = new SplittableRandom(11);
        int faulted = 0;
        for (int i = 0; i < 60; i++) {
            Position p = randomPosition(r, 2 + r.nextInt(SEEDS - 1));
            int bestRank = Tablebase.rank(tables.moves(p.toBoard()).get(0).value());
            // Level 5 searches 3 plies, deterministically once the time is ample.
            int with = new LevelPlayer(5, i).chooseMove(new Game(p), 10_000);
            int without = new LevelPlayer(5, i, false).chooseMove(new Game(p), 10_000);
            assertThat(Tablebase.rank(tables.judge(p.toBoard(), with).played())).as("%s", p).isEqualTo(bestRank);
            if (tables.judge(p.toBoard(), without).threwAway()) {
                faulted++;
            }
        }
        assertThat(faulted).as("moves of the 3-ply search without tables that the tables fault").isPositive();
    }

    @Test
    void aBoardOfAnotherRulesInstanceIsAnsweredToo() {
        // Each self-play game makes its own rules instance; the tables were opened with the first one.
        Position p = randomPosition(new SplittableRandom(7), 5);
        Rules other = Rules.of(GameKind.RIO_KADALIS.defaultOptions());
        assertThat(other).isNotSameAs(rules);
        Position q = Position.of(other, p.pits(), p.holdings(Side.SOUTH), p.holdings(Side.NORTH),
                p.sideToMove(), 0, 0);
        assertThat(tables.moves(q.toBoard())).isEqualTo(tables.moves(p.toBoard()));
        LevelPlayer with = new LevelPlayer(10, 1);
        with.chooseMove(new Game(p), 50);
        assertThat(with.chooseMove(new Game(q), 50)).isEqualTo(tables.moves(p.toBoard()).get(0).move());
        assertThat(with.tablebaseUse().fromTables()).isEqualTo(2);
    }

    @Test
    void aBadModifierIsNamedWithWhereItIs() {
        assertThatThrownBy(() -> Players.byName("level:10:notable", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown player 'level:10:notable': unknown modifier 'notable' at character 10; a level "
                        + "takes :notables (play without the endgame tables)");
        assertThatThrownBy(() -> Players.byName("level:10:", 1)).hasMessageContaining("an empty modifier at character 10");
        assertThatThrownBy(() -> Players.byName("level:3:notables:notables", 1))
                .hasMessageContaining("':notables' given twice at character 18");
        assertThatThrownBy(() -> Players.byName("mcts:notables", 1))
                .hasMessage("unknown player 'mcts:notables': mcts takes no modifier (only level:N takes :notables)");
        assertThatThrownBy(() -> Players.byName("level:11:notables", 1))
                .hasMessageStartingWith("unknown player 'level:11:notables': the level must be 1 to 10, was '11'");
    }

    /** The oracle plays the tables' best move inside them, every time, and searches outside them. */
    @Test
    void theOraclePlaysTheTablesBestMoveInsideThem() {
        OraclePlayer oracle = (OraclePlayer) Players.byName("oracle", 3);
        assertThat(oracle.name()).isEqualTo("oracle");
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 40; i++) {
            Position p = randomPosition(r, 2 + r.nextInt(SEEDS - 1));
            List<Tablebase.MoveValue> ranked = tables.moves(p.toBoard());
            assertThat(ranked).isNotNull();
            int move = oracle.chooseMove(new Game(p), 50);
            // Any move of the best rank is the tables' best; the oracle takes the first of them.
            assertThat(Tablebase.rank(ranked.stream().filter(m -> m.move() == move).findFirst().orElseThrow()
                    .value())).isEqualTo(Tablebase.rank(ranked.get(0).value()));
        }
        assertThat(oracle.fromTables()).isEqualTo(40);
        assertThat(oracle.searched()).isZero();
        // The start (48 seeds) is far outside 8-seed tables: searched.
        int m = oracle.chooseMove(Game.start(rules), 50);
        assertThat(Position.initial(rules).isLegal(m)).isTrue();
        assertThat(oracle.searched()).isEqualTo(1);
    }
}
