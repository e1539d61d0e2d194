package mancala.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;
import mancala.engine.Engine;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.engine.search.Searcher;
import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.RulesException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code mancala engine}: a line protocol in the shape of chess's UCI on standard input and output, so that other
 * programs can use the engine. Commands: {@code uci}, {@code isready}, {@code setoption name Game value G},
 * {@code setoption name Options value O}, {@code ucinewgame}, {@code position (startpos | POS) [moves m …]},
 * {@code go [movetime MS | depth D | infinite]}, {@code stop}, {@code quit}. Replies: {@code id …}, {@code option …},
 * {@code uciok}, {@code readyok}, {@code info depth D score (cp N | win P | loss P) nodes N tbhits N time MS pv …},
 * {@code bestmove X} (pit letter; {@code (none)} when the game is over), {@code info string …} for errors.
 */
@Command(name = "engine", header = "Speak the UCI-like engine protocol on standard input and output.", mixinStandardHelpOptions = true,
        description = "Speak a UCI-like line protocol on standard input and output (see the README).")
final class EngineCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    private GameKind kind = GameKind.HAWALIS;
    private RuleOptions options = GameKind.HAWALIS.defaultOptions();
    private Game game = Game.start(Rules.of(options));
    private Searcher searcher;
    private Thread thinking;
    /** Whether the last {@code go} was {@code go infinite}. */
    private boolean infinite;

    @Override
    public Integer call() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        return run(in, spec.commandLine().getOut());
    }

    /** Runs the protocol until {@code quit} or the end of input. */
    int run(BufferedReader in, PrintWriter out) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.trim().split("\\s+");
            if (w[0].isEmpty()) {
                continue;
            }
            try {
                switch (w[0]) {
                    case "uci" -> {
                        say(out, "id name mancala 0.1.0");
                        say(out, "id author the mancala developers");
                        say(out, "option name Game type combo default hawalis var hawalis var bao-kiarabu"
                                + " var al-manqala var rio-kadalis");
                        say(out, "option name Options type string default <empty>");
                        say(out, "uciok");
                    }
                    case "isready" -> {
                        if (!searchingInfinitely()) {
                            waitForSearch();
                        }
                        say(out, "readyok");
                    }
                    case "setoption" -> setOption(line, out);
                    case "ucinewgame" -> {
                        waitForSearch();
                        searcher = null;
                        game = Game.start(Rules.of(options));
                    }
                    case "position" -> {
                        waitForSearch();
                        position(w, out);
                    }
                    case "go" -> go(w, out);
                    case "stop" -> stopSearch();
                    case "quit" -> {
                        stopSearch();
                        return Cli.OK;
                    }
                    case "d" -> say(out, "info string " + PositionNotation.format(game.position()));
                    default -> say(out, "info string error: unknown command: " + w[0]);
                }
            } catch (NotationException | RulesException | IllegalArgumentException | Cli.UsageException e) {
                say(out, "info string error: " + e.getMessage());
            }
        }
        stopSearch();
        return Cli.OK;
    }

    /**
     * Stops the running search and waits for its bestmove. The request is repeated until the thread ends: a search
     * clears earlier requests when it begins, so one sent before the thread reached it would be lost.
     */
    private void stopSearch() {
        Thread t = thinking;
        while (t != null && t.isAlive() && searcher != null) {
            searcher.stop();
            try {
                t.join(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        waitForSearch();
    }

    private static void say(PrintWriter out, String s) {
        synchronized (out) {
            out.println(s);
            out.flush();
        }
    }

    /** @return whether a {@code go infinite} search is running: it ends only on {@code stop} */
    private boolean searchingInfinitely() {
        Thread t = thinking;
        return infinite && t != null && t.isAlive();
    }

    /**
     * Waits for a running search to end and print its bestmove; a {@code go infinite} search, which would never
     * end, is stopped first, as a {@code stop} would.
     */
    private void waitForSearch() {
        if (searchingInfinitely()) {
            stopSearch();
        }
        Thread t = thinking;
        if (t != null) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            thinking = null;
        }
    }

    private void setOption(String line, PrintWriter out) {
        int name = line.indexOf(" name ");
        int value = line.indexOf(" value ");
        if (name < 0) {
            say(out, "info string error: setoption name NAME value VALUE");
            return;
        }
        String key = (value < 0 ? line.substring(name + 6) : line.substring(name + 6, value)).trim();
        String val = value < 0 ? "" : line.substring(value + 7).trim();
        waitForSearch();
        if (key.equalsIgnoreCase("Game")) {
            kind = GameKind.byKey(val).orElseThrow(
                    () -> new IllegalArgumentException("unknown game '" + val + "'; games: " + GameKind.keys()));
            options = kind.defaultOptions();
        } else if (key.equalsIgnoreCase("Options")) {
            options = OptionsNotation.parse(kind, val.equals("<empty>") ? "" : val);
        } else {
            say(out, "info string error: unknown option " + key);
            return;
        }
        searcher = null;
        game = Game.start(Rules.of(options));
    }

    private void position(String[] w, PrintWriter out) {
        int movesAt = Arrays.asList(w).indexOf("moves");
        int end = movesAt < 0 ? w.length : movesAt;
        if (end < 2) {
            throw new IllegalArgumentException("position startpos | GAME SOUTH NORTH TURN [CAPTURED] [moves …]");
        }
        Position start;
        if (w[1].equals("startpos")) {
            start = Position.initial(Rules.of(options));
        } else {
            String text = String.join(" ", Arrays.copyOfRange(w, 1, end));
            GameKind k = GameKind.byKey(w[1]).orElseThrow(() -> new IllegalArgumentException("unknown game " + w[1]));
            // A position of another game brings that game's default options; a bad position changes nothing.
            start = PositionNotation.parse(text, k == kind ? options : k.defaultOptions());
            Cli.requireSeedTotal(start, text);
        }
        Game g = new Game(start);
        if (movesAt >= 0) {
            for (int i = movesAt + 1; i < w.length; i++) {
                if (w[i].equals("--")) {
                    continue; // A5: a forced pass is not a move
                }
                int pit = EngineText.pit(g.position(), w[i]);
                if (pit < 0) {
                    throw new IllegalArgumentException("move " + (i - movesAt) + " '" + w[i] + "' is not a pit of "
                            + g.position().sideToMove().displayName() + ", to move (pits "
                            + EngineText.line(g.position().rules(), g.position().legalMoves()) + ")");
                }
                g.play(pit);
            }
        }
        if (start.kind() != kind) {
            kind = start.kind();
            options = start.rules().options();
        }
        game = g;
    }

    private void go(String[] w, PrintWriter out) {
        waitForSearch();
        long millis = 0;
        int depth = 0;
        boolean infinite = false;
        long[] clock = new long[2]; // South's and North's time left, ms (UCI's wtime and btime)
        long[] increment = new long[2];
        long movesToGo = 0;
        for (int i = 1; i < w.length; i++) {
            switch (w[i]) {
                case "movetime" -> millis = goNumber(w, ++i, SearchLimits.MAX_MILLIS);
                case "depth" -> depth = (int) goNumber(w, ++i, Searcher.MAX_PLY);
                case "infinite" -> infinite = true;
                case "wtime" -> clock[0] = goNumber(w, ++i, SearchLimits.MAX_MILLIS);
                case "btime" -> clock[1] = goNumber(w, ++i, SearchLimits.MAX_MILLIS);
                case "winc" -> increment[0] = goNumber(w, ++i, SearchLimits.MAX_MILLIS);
                case "binc" -> increment[1] = goNumber(w, ++i, SearchLimits.MAX_MILLIS);
                case "movestogo" -> movesToGo = goNumber(w, ++i, 10_000);
                default -> throw new IllegalArgumentException("go: unknown '" + w[i] + "'; expected movetime MS, "
                        + "depth D, infinite, or wtime/btime MS [winc/binc MS] [movestogo N]");
            }
        }
        int mover = game.position().sideToMove().index();
        if (millis == 0 && clock[mover] > 0) {
            // A clock: an equal share of the time left over the moves to go (30 when not told), plus the increment,
            // never more than nine tenths of what is left.
            long share = clock[mover] / (movesToGo > 0 ? movesToGo : 30) + increment[mover];
            millis = Math.max(1, Math.min(share, clock[mover] * 9 / 10));
        }
        if (millis == 0 && depth == 0 && !infinite) {
            millis = 1000;
        }
        this.infinite = infinite;
        SearchLimits limits = infinite ? SearchLimits.depth(Searcher.MAX_PLY) : new SearchLimits(millis, depth, 0);
        Rules rules = game.position().rules();
        if (searcher == null || !searcher.rules().options().equals(rules.options())) {
            searcher = new Searcher(rules, 20);
        }
        Searcher s = searcher;
        Game g = game;
        s.setListener((d, score, pv, nodes, ms) -> say(out, "info depth " + d + " score " + uciScore(score)
                + " nodes " + nodes + " tbhits " + s.tbHits() + " time " + ms + " pv " + EngineText.line(rules, pv)));
        thinking = new Thread(() -> {
            if (g.isOver()) {
                say(out, "bestmove (none)");
                return;
            }
            Engine.setHistory(s, g);
            SearchResult r = s.search(g.position().toBoard(), limits);
            say(out, "bestmove " + (r.bestMove() < 0 ? "(none)" : rules.pitLetter(r.bestMove())));
        }, "engine-search");
        thinking.start();
    }

    /**
     * The number after {@code go movetime} or {@code go depth}: 1 to {@code max}.
     *
     * @throws IllegalArgumentException when it is missing, not a number or out of range
     */
    private static long goNumber(String[] w, int i, long max) {
        if (i >= w.length) {
            throw new IllegalArgumentException("go " + w[i - 1] + " needs a number");
        }
        long v;
        try {
            v = Long.parseLong(w[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("go " + w[i - 1] + ": '" + w[i] + "' is not a number");
        }
        if (v < 1 || v > max) {
            throw new IllegalArgumentException("go " + w[i - 1] + " " + v + ": must be 1 to " + max);
        }
        return v;
    }

    private static String uciScore(int score) {
        if (Score.isProven(score)) {
            return (score > 0 ? "win " : "loss ") + Score.pliesToEnd(score);
        }
        return "cp " + score;
    }
}
