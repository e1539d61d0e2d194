package mancala.server;

import mancala.server.config.ServerConfig;
import java.time.Duration;

/**
 * A server in a process of its own, for tests that kill it: starts on a free loopback port over the database
 * named by the first argument (then optionally user and password), prints {@code port N} and serves until it is
 * killed. Rate limits are raised (every test client is on loopback) and claims on jobs last 3 s, so that the
 * work of a killed instance is taken over quickly.
 */
public final class ServerProcess {
    private ServerProcess() {
    }

    public static void main(String[] args) throws InterruptedException {
        MancalaServer server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(args[0], args.length > 1 ? args[1] : null, args.length > 2 ? args[2] : null)
                .withAiDelay(Duration.ZERO).withRateLimitScale(1000).withJobLease(Duration.ofSeconds(3)));
        System.out.println("port " + server.port());
        System.out.flush();
        Thread.currentThread().join();
    }

    /** A child server process and its port. */
    record Child(Process process, int port) {
        /** Starts a child server over {@code db} (URL, user, password) with this JVM's class path. */
        static Child start(String... db) throws java.io.IOException {
            return startWith(System.getProperty("java.class.path"), db);
        }

        /** Starts a child server with another class path (another build's {@code ServerProcess}). */
        static Child startWith(String classPath, String... db) throws java.io.IOException {
            String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
            java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(javaBin, "-Xmx256m", "-cp",
                    classPath, ServerProcess.class.getName()));
            cmd.addAll(java.util.List.of(db));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            String line;
            StringBuilder seen = new StringBuilder();
            do {
                line = out.readLine();
                if (line != null && seen.length() < 20_000) {
                    seen.append(line).append('\n');
                }
            } while (line != null && !line.startsWith("port "));
            if (line == null) {
                p.destroyForcibly();
                throw new IllegalStateException("the child server did not start:\n" + seen);
            }
            int port = Integer.parseInt(line.substring(5).strip());
            // Keep draining its output so that it never blocks on a full pipe.
            Thread drain = new Thread(() -> {
                try {
                    while (out.readLine() != null) {
                        // discarded
                    }
                } catch (java.io.IOException e) {
                    // the child is gone
                }
            }, "child-output");
            drain.setDaemon(true);
            drain.start();
            return new Child(p, port);
        }

        /** Kills the process outright (SIGKILL: no shutdown hook runs) and waits for it. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }
}
