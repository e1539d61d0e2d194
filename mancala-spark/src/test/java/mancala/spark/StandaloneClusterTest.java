package mancala.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mancala.engine.cluster.Cluster;
import mancala.engine.progress.Progress;
import mancala.engine.tablebase.Builder;
import mancala.engine.tablebase.LayerKit;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone Spark master and two workers started as processes of their own through the product's entry point
 * ({@code SparkMain master|worker}, what {@code mancala spark master|worker} runs) on the loopback address; a build
 * through them writes the single-machine build's files; then they are stopped.
 */
@Tag("slow")
class StandaloneClusterTest {
    private final List<Process> started = new ArrayList<>();

    @TempDir
    Path tmp;

    @AfterEach
    void stop() {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
        for (Process p : started) {
            try {
                if (!p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A Spark home whose jars/ are this test's class path's jars: the workers build their executors' from it. */
    private Path sparkHome() throws IOException {
        Path home = tmp.resolve("spark-home");
        Path jars = Files.createDirectories(home.resolve("jars"));
        for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Paths.get(e);
            if (e.endsWith(".jar") && Files.isRegularFile(p)) {
                Path link = jars.resolve(p.getFileName());
                if (!Files.exists(link)) {
                    Files.createSymbolicLink(link, p.toAbsolutePath());
                }
            }
        }
        return home;
    }

    private Process daemon(Path home, String name, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens") || a.startsWith("--add-modules") || a.startsWith("-XX:+Ignore")
                    || a.startsWith("-Dio.netty")) {
                cmd.add(a);
            }
        }
        cmd.add("-Xmx512m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(SparkMain.class.getName());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(tmp.resolve(name + ".log").toFile());
        pb.environment().put("SPARK_HOME", home.toString());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        Process p = pb.start();
        started.add(p);
        return p;
    }

    private static int aliveWorkers(HttpClient http, int webui) {
        try {
            String body = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + webui + "/json/"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
            Matcher m = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)").matcher(body);
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    private String log(String name) throws IOException {
        Path f = tmp.resolve(name + ".log");
        try (InputStream in = Files.newInputStream(f)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void aMasterAndTwoWorkersBuildTheSameTables() throws Exception {
        Path home = sparkHome();
        int port = freePort();
        int webui = freePort();
        daemon(home, "master", "master", "--host", "127.0.0.1", "--port", Integer.toString(port), "--webui-port",
                Integer.toString(webui));
        String url = "spark://127.0.0.1:" + port;
        for (int w = 1; w <= 2; w++) {
            daemon(home, "worker" + w, "worker", url, "--cores", "1", "--memory", "1g", "--host", "127.0.0.1",
                    "--webui-port", Integer.toString(freePort()), "--work-dir", tmp.resolve("work" + w).toString());
        }
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (aliveWorkers(http, webui) < 2) {
            for (Process p : started) {
                assertThat(p.isAlive()).as("daemons running; master log:%n%s", log("master")).isTrue();
            }
            assertThat(System.nanoTime()).as("two workers registered; master log:%n%s", log("master"))
                    .isLessThan(deadline);
            Thread.sleep(500);
        }
        Rules rules = Rules.of(mancala.notation.OptionsNotation.parse(GameKind.RIO_KADALIS, ""));
        int seeds = 4;
        long max = 0;
        for (long n : LayerKit.sizes(rules, seeds).values()) {
            max = Math.max(max, n);
        }
        List<Path> plain = new Builder(rules, seeds, 2, tmp.resolve("plain"), Progress.NONE, s -> { }).build();
        List<String> notes = new ArrayList<>();
        List<Path> spark = new SparkCluster().buildTablebase(rules, seeds, tmp.resolve("spark"),
                new Cluster.BuildSettings(url, tmp.resolve("ckpt"), Math.max(64, max / 3 + 1), "512m"),
                Progress.NONE, notes::add);
        assertThat(notes).anyMatch(n -> n.contains("master " + url));
        for (int i = 0; i < plain.size(); i++) {
            assertThat(Files.mismatch(plain.get(i), spark.get(i))).as("layer %s", spark.get(i).getFileName())
                    .isEqualTo(-1L);
        }
        // the executors ran in the workers' processes, not in this one
        assertThat(log("worker1") + log("worker2")).contains("Asked to launch executor");
    }
}
