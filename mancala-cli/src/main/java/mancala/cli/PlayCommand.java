package mancala.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import mancala.engine.Analysis;
import mancala.engine.Engine;
import mancala.engine.Players;
import mancala.engine.play.Player;
import mancala.record.GameRecord;
import mancala.record.RecordWriter;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.RioKadalisOptions;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.Side;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mancala play GAME}: a game in the terminal between humans and engine players, read line by line from
 * standard input (a script works as well as a person; the end of input ends the program cleanly). Rio Kadalis is
 * played as a whole match, round by round (R8, R9). {@code --record FILE} continues a saved game (match).
 */
@Command(name = "play", header = "Play a game in the terminal.", mixinStandardHelpOptions = true,
        description = {"Play a game in the terminal. Type a pit letter to move, or: hint, undo, save FILE, resign, "
                + "board, help, quit. The board is drawn from the human's seat. Works with a script on stdin.",
                "--record FILE continues an unfinished game saved with 'save FILE' (or any record) from its last "
                + "ply, with its history: repetition counts the recorded positions and undo goes back into them. "
                + "The record gives the game and its options (default ones without an Options tag), so GAME "
                + "may be left out; GAME and --options, when given, must agree with it (GAME names the game of a "
                + "record without a Game tag). The players are "
                + "those of --south and --north. A Rio Kadalis file holds the rounds of one match, in order; play "
                + "goes on in its last round, or the next when that one is over. 'save' keeps the record's tags "
                + "(event, date, players' names …; Result and Termination follow the game) but not its comments "
                + "or move marks (! ?)."})
final class PlayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "GAME",
            description = "hawalis, bao-kiarabu, al-manqala or rio-kadalis; may be left out with --record")
    String gameName;

    @Mixin
    RuleOptionsOption ruleOptions;

    @Option(names = "--record", paramLabel = "FILE",
            description = "continue the unfinished game (Rio Kadalis: match) of this record file; save keeps its "
                    + "tags, not its comments or move marks")
    String recordFile;

    @Option(names = "--south", paramLabel = "PLAYER", defaultValue = "human",
            description = "human, level:1 … level:10 (1-9: fixed depth 1-11 plies, random moves at 1-4; 10: as "
                    + "deep as --millis allows; level:N:notables without the endgame tables), mcts, random or greedy "
                    + "(default: ${DEFAULT-VALUE})")
    String southName;

    @Option(names = "--north", paramLabel = "PLAYER", defaultValue = "level:5",
            description = "as --south (default: ${DEFAULT-VALUE})")
    String northName;

    @Option(names = "--millis", paramLabel = "MS", defaultValue = "1000",
            description = "time per move of level:10 and mcts, and for hints, ms (levels 1-9 search to their fixed "
                    + "depth, in at most this time) (default: ${DEFAULT-VALUE})")
    long millis;

    @Mixin
    RandomSeedOption randomSeed = new RandomSeedOption(1);

    /** The list of {@code help}: every command of the prompt, itself included. */
    static final String HELP = String.join(System.lineSeparator(),
            "Type a pit letter to play it (South's pits are lower case, North's upper case), or a command:",
            "  hint        the engine's best move here, with its score and line",
            "  undo        take back your last move (and the computer's replies after it)",
            "  save FILE   write the game so far to FILE as a record",
            "  resign      give up the game (in Rio Kadalis, the match)",
            "  board       draw the board again",
            "  help        this list",
            "  quit        leave; an unfinished game you have not saved is offered to be saved first", "");

    private PrintWriter out;
    /** Whether plies were played or taken back since the start, the loaded record or the last save. */
    private boolean unsaved;
    private BufferedReader in;
    private final Player[] players = new Player[2];
    private final String[] names = new String[2];
    private ResumedGame resumed;
    private boolean firstLine = true;
    /** The game being played (in a match, its current round). */
    private Game game;
    /** The Rio Kadalis match, or null. */
    private Match match;
    /** Whether the board is drawn before the next turn. */
    private boolean showBoard;
    /** {@link #humanTurn}: ask again. */
    private static final int AGAIN = -1;
    /** {@link #humanTurn}: play is over. */
    private static final int STOP = -2;
    /** {@link #command}: the word is not a command. */
    private static final int NOT_A_COMMAND = -3;
    /** The most characters of a typed word that a message echoes. */
    private static final int ECHO = 40;

    @Override
    public Integer call() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        return run(in, spec.commandLine().getOut());
    }

    /** Plays until the game (match) ends, a player resigns, {@code quit}, or the end of input. */
    int run(BufferedReader input, PrintWriter output) throws IOException {
        this.out = output;
        this.in = input;
        start();
        showBoard = true;
        while (true) {
            if (game.isOver()) {
                if (gameOver()) {
                    break;
                }
                continue;
            }
            Position p = game.position();
            Side mover = p.sideToMove();
            if (showBoard) {
                out.print(EngineText.board(p, seat(mover)));
            }
            showBoard = true;
            Player player = players[mover.index()];
            int move = player != null ? player.chooseMove(game, millis) : humanTurn(p, mover);
            if (move == STOP) {
                break;
            }
            if (move != AGAIN) {
                play(p, mover, move);
            }
        }
        out.flush();
        return Cli.OK;
    }

    /**
     * Checks the options, reads the record to continue (if any), makes the engine players and the game (match), and
     * says who plays.
     *
     * @throws Cli.UsageException when an option is wrong or GAME and --record are both missing
     */
    private void start() throws IOException {
        if (millis < 1) {
            throw new Cli.UsageException("--millis must be at least 1");
        }
        resumed = null;
        unsaved = false;
        if (recordFile != null) {
            resumed = ResumedGame.read(recordFile, gameName, ruleOptions.text());
        } else if (gameName == null) {
            throw new Cli.UsageException("play needs GAME (" + GameKind.keys() + ") or --record FILE");
        }
        GameKind kind = resumed != null ? resumed.game().position().kind() : Cli.game(gameName);
        RuleOptions options = resumed != null ? resumed.game().position().rules().options()
                : Cli.options(kind, ruleOptions.text());
        makePlayers();
        if (resumed != null) {
            match = resumed.match();
            game = resumed.game();
        } else {
            match = options instanceof RioKadalisOptions r ? new Match(r) : null;
            game = match != null ? match.round() : Game.start(Rules.of(options));
        }
        out.println(kind.displayName() + ": " + names[0] + " (South) against " + names[1] + " (North)");
        if (resumed != null) {
            out.println("Continuing " + recordFile + (match != null ? ", round " + match.roundNumber() : "")
                    + " after ply " + game.plies() + ": " + game.position().sideToMove().displayName() + " to move");
        } else if (match != null) {
            out.println("Round 1");
        }
    }

    /** Makes the engine players of --south and --north (a human's stays null). */
    private void makePlayers() {
        names[0] = southName.trim().toLowerCase(java.util.Locale.ROOT);
        names[1] = northName.trim().toLowerCase(java.util.Locale.ROOT);
        for (int s = 0; s < 2; s++) {
            players[s] = null;
            if (!names[s].equals("human")) {
                try {
                    players[s] = Players.byName(names[s], randomSeed.value() + s);
                } catch (IllegalArgumentException e) {
                    throw new Cli.UsageException(e.getMessage() + ", human");
                }
            }
        }
    }

    /**
     * The game (round) is over: says how, and in a match starts the next round unless the match is over too.
     *
     * @return true when play is over (the game, or the match)
     */
    private boolean gameOver() throws IOException {
        Outcome o = game.outcome().orElseThrow();
        out.println(EngineText.board(game.position(), seat(game.position().sideToMove())));
        if (match == null) {
            out.println("Game over: " + describe(o));
            afterTheEnd(game, null);
            return true;
        }
        out.println("Round " + match.roundNumber() + " over: " + describe(o));
        if (o.termination() == mancala.rules.Termination.RESIGNATION || match.nextRound().isEmpty()) {
            out.println("Match over: " + describe(match.outcome().orElse(o)));
            afterTheEnd(game, match);
            return true;
        }
        game = match.round();
        out.println("Round " + match.roundNumber() + ": " + game.position().sideToMove().displayName() + " starts");
        showBoard = true;
        return false;
    }

    /**
     * A human's turn: reads a line and answers a command, or takes a legal pit.
     *
     * @return the pit to play, {@link #AGAIN} to ask again (a command done, a word refused) or {@link #STOP} to end
     *     (quit, the match resigned, the end of input)
     */
    private int humanTurn(Position p, Side mover) throws IOException {
        prompt(mover.displayName() + " to move (" + EngineText.line(p.rules(), p.legalMoves()) + ")> ");
        String line = readLine();
        if (line == null) {
            out.println();
            out.println("End of input: the game is left unfinished.");
            return STOP;
        }
        String[] w = line.trim().split("\\s+", 2);
        String cmd = w[0];
        if (cmd.isEmpty()) {
            showBoard = false;
            return AGAIN;
        }
        int done = command(cmd.toLowerCase(java.util.Locale.ROOT), w, p, mover);
        if (done != NOT_A_COMMAND) {
            return done;
        }
        int move = EngineText.pit(p, cmd);
        if (move < 0 || !p.isLegal(move)) {
            out.println(whyNot(p, cmd) + "; legal: " + EngineText.line(p.rules(), p.legalMoves())
                    + " (or hint, undo, save FILE, resign, board, help, quit)");
            showBoard = false;
            return AGAIN;
        }
        return move;
    }

    /**
     * Does one of the prompt's commands ({@link #HELP}).
     *
     * @param cmd   the command word, lower case
     * @param words the command and the rest of its line
     * @return {@link #AGAIN}, {@link #STOP}, or {@link #NOT_A_COMMAND} when {@code cmd} is none (a pit, maybe)
     */
    private int command(String cmd, String[] words, Position p, Side mover) throws IOException {
        switch (cmd) {
            case "quit", "exit" -> {
                if (unsaved) {
                    offerToSave(game, match);
                }
                out.println("Left unfinished.");
                return STOP;
            }
            case "help", "?" -> {
                out.print(HELP);
                showBoard = false;
            }
            case "board" -> {
            }
            case "hint" -> {
                Analysis a = Engine.analyse(game, millis);
                out.println("hint: " + p.rules().pitLetter(a.bestMove()) + " (" + EngineText.score(a.score())
                        + ", depth " + a.depthPlies() + "; line " + EngineText.line(p.rules(),
                        a.principalVariation()) + ")");
                showBoard = false;
            }
            case "undo" -> undoCommand(mover);
            case "save" -> {
                if (words.length < 2) {
                    out.println("usage: save FILE");
                } else if (save(words[1].trim(), game, match)) {
                    unsaved = false;
                }
                showBoard = false;
            }
            case "resign" -> {
                if (match != null) {
                    match.resign(mover);
                    out.println(mover.displayName() + " resigns the match.");
                    out.println("Match over: " + describe(match.outcome().orElseThrow()));
                    afterTheEnd(game, match);
                    return STOP;
                }
                game.resign(mover);
            }
            default -> {
                return NOT_A_COMMAND;
            }
        }
        return AGAIN;
    }

    /** {@code undo}: takes back the human's last move and the replies after it, or says there is none. */
    private void undoCommand(Side mover) {
        int before = game.plies();
        if (!undo(game)) {
            out.println("nothing to undo: " + mover.displayName() + " has made no move yet"
                    + (match != null && match.roundNumber() > 1 ? " in this round" : "") + "; the game is unchanged");
            showBoard = false;
        } else {
            int back = before - game.plies();
            out.println("took back " + back + (back == 1 ? " ply" : " plies"));
            unsaved = true;
        }
    }

    /** Plays {@code move} for {@code mover} and says what it did (the sowing, captures, a pass that follows). */
    private void play(Position p, Side mover, int move) {
        EngineText.PlyTrace trace = new EngineText.PlyTrace(p.rules());
        game.play(move, trace);
        int captured = game.capturedAt(game.plies());
        unsaved = true;
        out.println(mover.displayName() + " plays " + p.rules().pitLetter(move) + ": " + trace
                + (captured > 0 ? " (+" + captured + ")" : ""));
        if (!game.isOver() && game.position().sideToMove() == mover) {
            // A5: the opponent's row is empty at his turn, so he passes and the mover plays again.
            out.println(mover.opponent().displayName() + " has no seeds in his row and passes (A5); "
                    + mover.displayName() + " moves again");
        }
    }

    /**
     * When a human played, reads {@code save FILE}, {@code board} or {@code quit} until the end of input, so the
     * finished game can still be kept as a record.
     */
    private void afterTheEnd(Game game, Match match) throws IOException {
        if (players[0] != null && players[1] != null) {
            return;
        }
        while (true) {
            prompt("save FILE to keep the record, or quit> ");
            String line = readLine();
            if (line == null) {
                out.println();
                return;
            }
            String[] w = line.trim().split("\\s+", 2);
            switch (w[0].toLowerCase(java.util.Locale.ROOT)) {
                case "save" -> {
                    if (w.length < 2) {
                        out.println("usage: save FILE");
                    } else {
                        save(w[1].trim(), game, match);
                    }
                }
                case "board" -> out.print(EngineText.board(game.position(), seat(game.position().sideToMove())));
                case "quit", "exit", "" -> {
                    if (!w[0].isEmpty()) {
                        return;
                    }
                }
                default -> out.println("the game is over: save FILE, board or quit");
            }
        }
    }

    /**
     * Before leaving a game that is not over and has plies not yet saved: {@code save FILE} keeps it and leaves,
     * {@code quit} again (or the end of input) leaves without saving.
     */
    private void offerToSave(Game game, Match match) throws IOException {
        while (true) {
            prompt("The game is not over and not saved: save FILE to keep it, or quit again to leave without "
                    + "saving> ");
            String line = readLine();
            if (line == null) {
                out.println();
                return;
            }
            String[] w = line.trim().split("\\s+", 2);
            switch (w[0].toLowerCase(java.util.Locale.ROOT)) {
                case "save" -> {
                    if (w.length < 2) {
                        out.println("usage: save FILE");
                    } else if (save(w[1].trim(), game, match)) {
                        return;
                    }
                }
                case "quit", "exit" -> {
                    return;
                }
                case "" -> {
                }
                default -> out.println("save FILE to keep the game, or quit to leave without saving");
            }
        }
    }

    /** @return the next input line, or null at the end; a UTF-8 byte order mark before the first line is dropped. */
    private String readLine() throws IOException {
        String line = in.readLine();
        if (firstLine && line != null && line.startsWith("\uFEFF")) {
            line = line.substring(1);
        }
        firstLine = false;
        return line;
    }

    /** @return {@code text} as echoed in a message: at most {@value #ECHO} characters, then "…". */
    static String echo(String text) {
        if (text.length() <= ECHO) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(ECHO - 1)) ? ECHO - 1 : ECHO;
        return text.substring(0, end) + "…";
    }

    /**
     * Prints a prompt: at a terminal the answer is typed after it; when standard input is a script, the prompt ends
     * its line, so that what follows does not run on from it.
     */
    private void prompt(String text) {
        if (System.console() != null) {
            out.print(text);
        } else {
            out.println(text.stripTrailing());
        }
        out.flush();
    }

    /** The seat the board is drawn from: the human's; with two humans the side to move's; else South's. */
    private Side seat(Side toMove) {
        boolean southHuman = players[0] == null;
        boolean northHuman = players[1] == null;
        if (southHuman && northHuman) {
            return toMove;
        }
        return northHuman ? Side.NORTH : Side.SOUTH;
    }

    /**
     * Takes back plies to the last earlier position of this game (round) with a human to move: the human's own last
     * move and the computer's replies after it. Changes nothing when no earlier position had a human to move (the
     * computer has played the only plies so far, or none was played).
     *
     * @return false when there was nothing to take back
     */
    private boolean undo(Game game) {
        List<Position> positions = game.positions();
        int target = -1;
        for (int ply = positions.size() - 2; ply >= 0; ply--) {
            if (players[positions.get(ply).sideToMove().index()] == null) {
                target = ply;
                break;
            }
        }
        if (target < 0) {
            return false;
        }
        while (game.plies() > target) {
            game.undo();
        }
        return true;
    }

    /**
     * @return why {@code typed} is not a move of the side to move: no pit of this game at all, another player's pit,
     *         or the rule that forbids it here ({@link Position#illegalReason})
     */
    static String whyNot(Position p, String typed) {
        Rules rules = p.rules();
        Side mover = p.sideToMove();
        int pit = -1;
        for (int q = 0; q < rules.pitCount(); q++) {
            if (rules.pitLetter(q).equals(typed)) {
                pit = q;
            }
        }
        if (pit < 0) {
            if (typed.length() == 1 && Character.isLetter(typed.charAt(0))) {
                int n = rules.pitsPerSide();
                return "'" + typed + "' is no pit in " + p.kind().displayName() + ": South's pits are "
                        + rules.pitLetter(0) + "-" + rules.pitLetter(n - 1) + ", North's " + rules.pitLetter(n)
                        + "-" + rules.pitLetter(2 * n - 1);
            }
            return "'" + echo(typed) + "' is not a legal move";
        }
        if (p.owner(pit) != mover) {
            return "'" + typed + "' is " + p.owner(pit).displayName() + "'s pit; " + mover.displayName()
                    + " is to move (letters are case-sensitive: South's are lower case, North's upper case)";
        }
        return "'" + typed + "' cannot be played: " + p.illegalReason(pit).orElse("it is not a legal move");
    }

    /**
     * Writes the game (match) as a record to {@code file}: first to a temporary file beside it, then moved over it,
     * so a failed save leaves an existing file as it was. A file that cannot be written is reported and play goes
     * on.
     */
    private boolean save(String name, Game game, Match match) {
        List<GameRecord> records = new ArrayList<>();
        if (match == null) {
            records.add(GameRecord.of(game, tags(0)));
        } else {
            List<Game> rounds = match.rounds();
            for (int i = 0; i < rounds.size(); i++) {
                Map<String, String> t = tags(i);
                t.put("Round", String.valueOf(i + 1));
                t.put("Setup", ""); // GameRecord.of writes the round's start
                records.add(GameRecord.of(rounds.get(i), t));
            }
        }
        Path tmp = null;
        Path file = null;
        try {
            file = Path.of(name);
            if (Files.isDirectory(file)) {
                out.println("cannot save " + name + ": it is a folder; the game goes on");
                return false;
            }
            Path dir = file.toAbsolutePath().getParent();
            tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
            Files.writeString(tmp, RecordWriter.write(records), StandardCharsets.UTF_8);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            tmp = null;
            out.println("saved " + file);
            return true;
        } catch (IOException | RuntimeException e) {
            out.println("cannot save " + name + ": " + (file != null ? Cli.writeFailure(file, e) : e.getMessage())
                    + "; the game goes on");
            return false;
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the temporary file stays; nothing of the game is lost
                }
            }
        }
    }

    /**
     * @param round 0-based round of the match (0 for the other games)
     * @return the tags of the saved record of {@code round}: those of the loaded record (its result and termination
     *         left to the game as played), else the players of {@code --south} and {@code --north}
     */
    private Map<String, String> tags(int round) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("South", names[0]);
        tags.put("North", names[1]);
        if (resumed != null) {
            tags.putAll(resumed.tags(round)); // the record's own players, event, date … win
        }
        return tags;
    }

    /** @return the outcome in words ({@link Outcome#describe}). */
    static String describe(Outcome o) {
        return o.describe();
    }
}
