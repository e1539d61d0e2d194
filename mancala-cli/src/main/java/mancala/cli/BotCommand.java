package mancala.cli;

import java.net.URI;
import java.util.concurrent.Callable;
import mancala.cli.bot.BotClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code mancala bot}: the engine as a bot on a mancala server, through the server's Bot API only ({@link BotClient}).
 * Runs until stopped (Ctrl-C); exit status 2 when the server refuses the token.
 */
@Command(name = "bot", header = "Play on a mancala server as a bot, through its Bot API.",
        mixinStandardHelpOptions = true,
        description = {"Connects to the server's event stream with a personal API token (scope bot:play; the account "
                + "upgraded to a bot), accepts challenges of the games this program plays and plays every game "
                + "started with the engine at the chosen level. Streams are reconnected after a break or a server "
                + "restart; every game goes on from the moves the server stored."})
final class BotCommand implements Callable<Integer> {
    @Option(names = "--server", paramLabel = "URL", required = true,
            description = "The server's address, e.g. http://127.0.0.1:8080.")
    String server;

    @Option(names = "--token", paramLabel = "T", required = true,
            description = "A personal API token with scope bot:play (board:play with --board).")
    String token;

    @Option(names = "--level", paramLabel = "L", defaultValue = "5",
            description = "The engine's level, 1 (nearly random) to 10 (full engine), or oracle (the endgame "
                    + "tables' best move inside them, level 10 elsewhere); default ${DEFAULT-VALUE}.")
    String levelText;

    @Option(names = "--move-time", paramLabel = "MS", defaultValue = "1000",
            description = "The most milliseconds to think about one move (less when the clock is short); "
                    + "default ${DEFAULT-VALUE}.")
    long moveMillis;

    @Option(names = "--board", description = "Use the Board API (an account that is no bot) instead of the Bot API.")
    boolean board;

    @Override
    public Integer call() {
        URI uri;
        try {
            uri = URI.create(server);
        } catch (IllegalArgumentException e) {
            throw new Cli.UsageException("--server '" + server + "': " + e.getMessage());
        }
        if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
            throw new Cli.UsageException("--server '" + server + "': expected an http:// or https:// address");
        }
        int level;
        try {
            level = levelText.equalsIgnoreCase("oracle") ? 11 : Integer.parseInt(levelText.strip());
        } catch (NumberFormatException e) {
            level = -1;
        }
        if (level < 1 || level > 11 || level == 11 && !levelText.equalsIgnoreCase("oracle")) {
            throw new Cli.UsageException("--level " + levelText + ": the levels are 1 to 10 and oracle");
        }
        BotClient.Settings s = BotClient.Settings.of(uri, token, level, Math.max(10, moveMillis));
        if (board) {
            s = new BotClient.Settings(s.server(), s.token(), s.level(), s.moveMillis(), s.silence(), s.maxBackoff(),
                    "board");
        }
        BotClient bot = new BotClient(s, System.err);
        Runtime.getRuntime().addShutdownHook(new Thread(bot::close));
        try {
            bot.run();
        } catch (BotClient.Refused e) {
            System.err.println("mancala: " + e.getMessage());
            return Cli.UNUSABLE;
        }
        return Cli.OK;
    }
}
