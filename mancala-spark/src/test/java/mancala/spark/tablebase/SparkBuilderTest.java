package mancala.spark.tablebase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mancala.engine.progress.Progress;
import mancala.engine.tablebase.Builder;
import mancala.engine.tablebase.LayerKit;
import mancala.engine.tablebase.TablebaseException;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import mancala.spark.SparkTestContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark build on {@code local[2]} writes, for every game, the files the single-machine build writes, byte for
 * byte, with the layers split into many partitions (so that messages cross partitions) and in one.
 */
class SparkBuilderTest {
    private static JavaSparkContext sc;

    @BeforeAll
    static void start() {
        sc = SparkTestContext.local2();
    }

    @AfterAll
    static void stop() {
        sc.close();
    }

    @TempDir
    Path tmp;

    private static Rules rules(GameKind g, String options) {
        return Rules.of(OptionsNotation.parse(g, options));
    }

    /** @return a partition size that splits the largest layer in three (the others fit one partition or two) */
    private static long third(Rules rules, int seeds) {
        long max = 0;
        for (long n : LayerKit.sizes(rules, seeds).values()) {
            max = Math.max(max, n);
        }
        return Math.max(64, max / 3 + 1);
    }

    /** Builds plainly and on Spark, and compares every layer file. */
    private void same(Rules rules, int seeds) throws IOException {
        Path plain = tmp.resolve("plain");
        Path spark = tmp.resolve("spark");
        List<Path> a = new Builder(rules, seeds, 2, plain, Progress.NONE, s -> { }).build();
        SparkBuilder b = new SparkBuilder(sc, rules, seeds, spark, tmp.resolve("ckpt"), third(rules, seeds), 0,
                Progress.NONE, s -> { });
        List<Path> c = b.build();
        assertThat(c).hasSameSizeAs(a);
        long limit = Long.getLong("mancala.spark.driverStepPositions", 1 << 18);
        if (limit < 100) {
            assertThat(b.stepJobs()).as("some steps jobs, some on the driver").isPositive()
                    .isLessThan(b.supersteps());
        }
        for (int i = 0; i < a.size(); i++) {
            assertThat(Files.mismatch(a.get(i), c.get(i))).as("layer file %s", c.get(i).getFileName())
                    .isEqualTo(-1L);
        }
        assertThat(b.supersteps()).isPositive();
    }

    @Test
    void rioKadalisIsByteIdentical() throws IOException {
        same(rules(GameKind.RIO_KADALIS, ""), 7);
    }

    /** Every settling step a Spark job (none small enough for the driver): the same files. */
    @Test
    void rioKadalisWithEveryStepASparkJobIsByteIdentical() throws IOException {
        System.setProperty("mancala.spark.driverStepPositions", "0");
        try {
            same(rules(GameKind.RIO_KADALIS, ""), 7);
        } finally {
            System.clearProperty("mancala.spark.driverStepPositions");
        }
    }

    /** Every settling step of more than 8 positions a Spark job, the others on the driver: the same files. */
    @Test
    void hawalisWithStepsMixedIsByteIdentical() throws IOException {
        System.setProperty("mancala.spark.driverStepPositions", "8");
        try {
            same(rules(GameKind.HAWALIS, ""), 2);
        } finally {
            System.clearProperty("mancala.spark.driverStepPositions");
        }
    }

    @Test
    void alManqalaIsByteIdentical() throws IOException {
        same(rules(GameKind.AL_MANQALA, ""), 7);
    }

    @Test
    void hawalisIsByteIdentical() throws IOException {
        same(rules(GameKind.HAWALIS, ""), 2);
    }

    @Test
    void baoKiarabuIsByteIdentical() throws IOException {
        same(rules(GameKind.BAO_KIARABU, "seeds=3 skipOrigin"), 2);
    }

    /** Only the layers a round reaches (Rio Kadalis 9: 1, 5, 9): the plain reachable build's files. */
    @Test
    void reachableLayersAreThePlainBuildsFiles() throws IOException {
        Rules rules = rules(GameKind.RIO_KADALIS, "");
        List<Path> a = new Builder(rules, 9, true, 2, tmp.resolve("plain"), Progress.NONE, s -> { }).build();
        List<Path> c = new SparkBuilder(sc, rules, 9, true, tmp.resolve("spark"), tmp.resolve("ckpt"),
                third(rules, 9), 0, Progress.NONE, s -> { }).build();
        assertThat(c).extracting(p -> p.getFileName().toString()).containsExactly("1.tb", "5.tb", "9.tb");
        for (int i = 0; i < a.size(); i++) {
            assertThat(Files.mismatch(a.get(i), c.get(i))).as("layer file %s", c.get(i).getFileName())
                    .isEqualTo(-1L);
        }
        try (var files = Files.list(c.get(0).getParent())) {
            assertThat(files.filter(f -> f.toString().endsWith(".tb")).count()).isEqualTo(3);
        }
    }

    /** A build stopped in the middle of a layer's settling goes on from its checkpoint to the same files. */
    @Test
    void aStoppedBuildGoesOnWhereItStopped() throws IOException {
        Rules rules = rules(GameKind.RIO_KADALIS, "");
        Path plain = tmp.resolve("plain");
        Path spark = tmp.resolve("spark");
        List<Path> a = new Builder(rules, 5, 2, plain, Progress.NONE, s -> { }).build();
        System.setProperty("mancala.spark.stopAfterSupersteps", "12");
        try {
            SparkBuilder first = new SparkBuilder(sc, rules, 5, spark, tmp.resolve("ckpt"), third(rules, 5), 0,
                    Progress.NONE, s -> { });
            assertThatThrownBy(first::build).isInstanceOf(TablebaseException.class).hasMessageContaining("stopped");
        } finally {
            System.clearProperty("mancala.spark.stopAfterSupersteps");
        }
        assertThat(Files.exists(a.get(a.size() - 1).getParent())).isTrue();
        List<Path> kept;
        try (var w = Files.walk(tmp.resolve("ckpt"))) {
            kept = w.filter(f -> f.getFileName().toString().startsWith("preds-")
                    && f.getParent().getFileName().toString().equals("snapshot")).toList();
        }
        assertThat(kept).as("predecessors kept aside").isNotEmpty();
        for (Path f : kept) {
            assertThat(Files.isSameFile(f, f.getParent().resolveSibling(f.getFileName())))
                    .as("%s: a second name of the partition's file, not a copy", f).isTrue();
        }
        List<String> notes = new ArrayList<>();
        List<Path> c = new SparkBuilder(sc, rules, 5, spark, tmp.resolve("ckpt"), third(rules, 5), 0,
                Progress.NONE, notes::add).build();
        assertThat(notes).anyMatch(n -> n.contains("going on from the checkpoint"));
        for (int i = 0; i < a.size(); i++) {
            assertThat(Files.mismatch(a.get(i), c.get(i))).as("layer file %s", c.get(i).getFileName())
                    .isEqualTo(-1L);
        }
    }

    /** With no copy of the state kept, a build stopped in a layer's settling builds that layer again, to the same files. */
    @Test
    void aStoppedBuildWithoutCopiesBuildsItsLayerAgain() throws IOException {
        Rules rules = rules(GameKind.RIO_KADALIS, "");
        List<Path> a = new Builder(rules, 5, 2, tmp.resolve("plain"), Progress.NONE, s -> { }).build();
        Path spark = tmp.resolve("spark");
        System.setProperty("mancala.spark.checkpointCopies", "0");
        System.setProperty("mancala.spark.stopAfterSupersteps", "12");
        List<String> notes = new ArrayList<>();
        try {
            SparkBuilder first = new SparkBuilder(sc, rules, 5, spark, tmp.resolve("ckpt"), third(rules, 5), 0,
                    Progress.NONE, s -> { });
            assertThatThrownBy(first::build).isInstanceOf(TablebaseException.class).hasMessageContaining("stopped");
            try (var w = Files.walk(tmp.resolve("ckpt"))) {
                assertThat(w.filter(f -> f.getFileName().toString().startsWith("snapshot"))).isEmpty();
            }
            System.clearProperty("mancala.spark.stopAfterSupersteps");
            List<Path> c = new SparkBuilder(sc, rules, 5, spark, tmp.resolve("ckpt"), third(rules, 5), 0,
                    Progress.NONE, notes::add).build();
            for (int i = 0; i < a.size(); i++) {
                assertThat(Files.mismatch(a.get(i), c.get(i))).as("layer file %s", c.get(i).getFileName())
                        .isEqualTo(-1L);
            }
        } finally {
            System.clearProperty("mancala.spark.checkpointCopies");
            System.clearProperty("mancala.spark.stopAfterSupersteps");
        }
        assertThat(notes).noneMatch(n -> n.contains("going on from the checkpoint"));
    }

    /** A layer whose checkpoint would not fit the disk is refused before its moves are played, naming the folder. */
    @Test
    void aLayerThatDoesNotFitTheDiskIsRefused() {
        Rules rules = rules(GameKind.RIO_KADALIS, "");
        System.setProperty("mancala.spark.bytesPerPosition", "1e15"); // a petabyte a position: no disk holds it
        try {
            SparkBuilder b = new SparkBuilder(sc, rules, 4, tmp.resolve("spark"), tmp.resolve("ckpt"), 64, 0,
                    Progress.NONE, s -> { });
            assertThatThrownBy(b::build).isInstanceOf(TablebaseException.class)
                    .hasMessageContaining(tmp.resolve("ckpt").toString())
                    .hasMessageContaining("bytes free")
                    .hasMessageMatching("(?s)layers \\S+: [0-9,]+ positions need about [0-9,]+ bytes .*");
        } finally {
            System.clearProperty("mancala.spark.bytesPerPosition");
        }
        // measured on Rio Kadalis 16 seeds: 36.4 bytes a position at the moves pass's end, 31.8 settling with a copy
        assertThat(SparkBuilder.peakBytesPerPosition(false, 1)).isGreaterThanOrEqualTo(36.4);
        assertThat(SparkBuilder.peakBytesPerPosition(true, 3)).as("three copies of 8 bytes above the settling's 25.8")
                .isGreaterThanOrEqualTo(25.8 + 24);
    }
}
