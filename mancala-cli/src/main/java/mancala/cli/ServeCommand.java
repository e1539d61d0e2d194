package mancala.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import mancala.server.MancalaServer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mancala serve}: the web server, to play in the browser. Runs until interrupted (Ctrl-C). */
@Command(name = "serve", header = "Start the web server (http://localhost:8080/).", mixinStandardHelpOptions = true,
        description = "Starts the web server: play Hawalis, Al-manqala and Rio Kadalis in the browser, against the "
                + "AI or another person. Open http://localhost:8080/ (or the port given).")
final class ServeCommand implements Callable<Integer> {
    @Option(names = "--port", paramLabel = "N", defaultValue = "8080",
            description = "Port to listen on (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for every network).")
    String host;

    @Option(names = "--db", paramLabel = "JDBC_URL",
            description = {"Database: jdbc:postgresql://HOST/DB (PostgreSQL)",
                    "or jdbc:h2:file:/PATH/NAME (an H2 file).",
                    "Default: an H2 file in $XDG_DATA_HOME/mancala",
                    "(without XDG_DATA_HOME: ~/.local/share/mancala)."})
    String db;

    @Option(names = "--db-user", paramLabel = "USER", description = "Database user (default: from the URL).")
    String dbUser;

    @Option(names = "--db-password-env", paramLabel = "VAR",
            description = "Name of an environment variable holding the database password.")
    String dbPasswordEnv;

    @Option(names = "--behind-proxy", description = {"Requests come through a reverse proxy or load balancer: "
            + "take the client's address from X-Forwarded-For (its last entry) and HTTPS from X-Forwarded-Proto.",
            "Without it those headers are ignored."})
    boolean behindProxy;

    @Option(names = "--backup", paramLabel = "DIR", description = {"Back up the H2 database into DIR at start and "
            + "every --backup-hours (the newest 48 are kept).", "PostgreSQL: use pg_dump instead."})
    java.nio.file.Path backupDir;

    @Option(names = "--backup-hours", paramLabel = "H", defaultValue = "1",
            description = "Hours between backups (default: ${DEFAULT-VALUE}).")
    double backupHours;

    @Option(names = "--abandon-hours", paramLabel = "H", defaultValue = "24",
            description = "An unfinished game nobody acted in for H hours is closed as abandoned; seat cookies last "
                    + "as long (default: ${DEFAULT-VALUE}).")
    double abandonHours;

    @Option(names = "--allow-origin", paramLabel = "URL", split = ",",
            description = "Another origin (https://host) whose pages may call this server, besides its own.")
    java.util.List<String> origins = new java.util.ArrayList<>();

    /**
     * Refuses an unknown host or a port in use before the database is opened, with one line instead of the web
     * server's logged stack trace.
     */
    private void checkAddress() {
        java.net.InetAddress address;
        try {
            address = java.net.InetAddress.getByName(host);
        } catch (java.net.UnknownHostException e) {
            throw new Cli.UsageException("--host: unknown host " + host);
        }
        if (port == 0) {
            return;
        }
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
            probe.bind(new java.net.InetSocketAddress(address, port));
        } catch (java.io.IOException e) {
            throw new Cli.UsageException("cannot listen on port " + port + " of " + host + ": "
                    + (e instanceof java.net.BindException ? "the port is in use (or not this machine's address)"
                    : e.getMessage()) + "; give another --port");
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw new Cli.UsageException("--port must be 0 to 65535, not " + port);
        }
        String password = null;
        if (dbPasswordEnv != null) {
            password = System.getenv(dbPasswordEnv);
            if (password == null) {
                throw new Cli.UsageException("--db-password-env: the variable " + dbPasswordEnv + " is not set");
            }
        }
        checkAddress();
        MancalaServer server;
        try {
            if (backupHours <= 0 || abandonHours <= 0) {
                throw new Cli.UsageException("--backup-hours and --abandon-hours must be more than 0");
            }
            server = MancalaServer.start(mancala.server.config.ServerConfig.defaults().withAddress(host, port)
                    .withDatabase(db, dbUser, password).withBehindProxy(behindProxy)
                    .withBackups(backupDir, java.time.Duration.ofMillis((long) (backupHours * 3_600_000)))
                    .withAbandonAfter(java.time.Duration.ofMillis((long) (abandonHours * 3_600_000)))
                    .withAllowedOrigins(origins));
        } catch (mancala.server.store.Database.StoreException e) {
            throw new Cli.UsageException(e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "mancala-shutdown"));
        System.out.println("mancala: serving http://" + ("0.0.0.0".equals(host) ? "localhost" : host) + ":"
                + server.port() + "/  (Ctrl-C stops)");
        stopped.await();
        return Cli.OK;
    }
}
