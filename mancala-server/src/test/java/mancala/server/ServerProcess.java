package mancala.server;

/**
 * A server in a process of its own, for tests that kill it: starts on a free loopback port over the database
 * named by the first argument, prints {@code port N} and serves until it is killed.
 */
public final class ServerProcess {
    private ServerProcess() {
    }

    public static void main(String[] args) throws InterruptedException {
        MancalaServer server = MancalaServer.start("127.0.0.1", 0, args[0], null, null, 0);
        System.out.println("port " + server.port());
        System.out.flush();
        Thread.currentThread().join();
    }
}
