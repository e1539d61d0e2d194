package mancala.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import mancala.engine.cluster.Cluster;
import mancala.engine.play.PlayedGame;
import mancala.engine.progress.Progress;
import mancala.engine.tablebase.TablebaseException;
import mancala.rules.Rules;
import mancala.spark.tablebase.SparkBuilder;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** The {@link Cluster} on Apache Spark: {@code local[K]} in this process or a standalone cluster. */
public final class SparkCluster implements Cluster {
    /** Seconds between copies of a build's state (a resumed build goes on from the last). */
    static final long SNAPSHOT_SECONDS = Long.getLong("mancala.spark.snapshotSeconds", 300);

    @Override
    public List<Path> buildTablebase(Rules rules, int seeds, Path dir, BuildSettings settings, Progress progress,
                                     Consumer<String> log) {
        mancala.engine.tablebase.LayerKit.of(rules, seeds, dir, settings.reachable()); // refused before Spark starts
        try (JavaSparkContext sc = context(settings.master(), "mancala tablebase " + rules.kind().key() + " "
                + seeds, settings.executorMemory())) {
            log.accept("Spark " + sc.version() + ", master " + sc.master() + ", " + sc.defaultParallelism()
                    + " cores; checkpoint " + settings.checkpoint());
            SparkBuilder b = new SparkBuilder(sc, rules, seeds, settings.reachable(), dir, settings.checkpoint(),
                    settings.partitionPositions(), SNAPSHOT_SECONDS, progress, log);
            List<Path> files = b.build();
            log.accept(b.supersteps() + " supersteps (" + b.stepJobs() + " as Spark jobs); shuffle written " + ShuffleMeter.bytes(sc) + " bytes");
            return files;
        }
    }

    @Override
    public List<PlayedGame> playGames(String master, GamesSpec spec, Consumer<PlayedGame> onGame) {
        try (JavaSparkContext sc = context(master, "mancala selfplay", null)) {
            return Games.play(sc, spec, onGame);
        }
    }

    @Override
    public void runDaemon(String role, String[] args) {
        switch (role) {
            case "master" -> org.apache.spark.deploy.master.Master.main(args);
            case "worker" -> org.apache.spark.deploy.worker.Worker.main(args);
            default -> throw new IllegalArgumentException("unknown daemon '" + role + "': master or worker");
        }
    }

    /**
     * @return a Spark context on {@code master}: tasks are not retried (a build's steps are not idempotent), no web
     *     UI, and for a cluster this program's classes shipped to the executors
     */
    static JavaSparkContext context(String master, String app, String executorMemory) {
        SparkConf conf = new SparkConf().setMaster(master).setAppName(app)
                .set("spark.ui.enabled", System.getProperty("mancala.spark.ui", "false"))
                .set("spark.task.maxFailures", "1")
                .set("spark.speculation", "false")
                .set("spark.stage.maxConsecutiveAttempts", "1");
        if (master.startsWith("spark://")) {
            String host = master.substring("spark://".length()).split("[:,]")[0];
            if (host.equals("127.0.0.1") || host.equals("localhost")) {
                conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
            }
            conf.set("spark.jars", String.join(",", applicationJars()));
            if (executorMemory != null) {
                conf.set("spark.executor.memory", executorMemory);
            }
        }
        JavaSparkContext sc = new JavaSparkContext(conf);
        sc.setLogLevel(System.getProperty("mancala.spark.logLevel", "WARN"));
        ShuffleMeter.attach(sc);
        return sc;
    }

    /** @return the jars holding this program's classes (folders of classes, as in tests, packed into jars) */
    static List<String> applicationJars() {
        Set<String> out = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {SparkCluster.class, mancala.engine.tablebase.LayerKit.class, Rules.class,
                mancala.notation.OptionsNotation.class}) {
            try {
                Path p = Paths.get(c.getProtectionDomain().getCodeSource().getLocation().toURI());
                out.add(Files.isDirectory(p) ? jarOf(p) : p.toString());
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return new ArrayList<>(out);
    }

    private static String jarOf(Path dir) {
        try {
            Path jar = Files.createTempFile("mancala-classes", ".jar");
            jar.toFile().deleteOnExit();
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); var s = Files.walk(dir)) {
                for (Path f : (Iterable<Path>) s::iterator) {
                    if (Files.isRegularFile(f)) {
                        out.putNextEntry(new JarEntry(dir.relativize(f).toString().replace('\\', '/')));
                        Files.copy(f, out);
                        out.closeEntry();
                    }
                }
            }
            return jar.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Checks a build's settings, for a clear error before Spark starts. */
    static void check(BuildSettings s) {
        if (s.partitionPositions() < 64) {
            throw new TablebaseException("--partition-positions must be at least 64, was " + s.partitionPositions());
        }
    }
}
