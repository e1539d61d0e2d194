package mancala.engine.puzzle;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import mancala.engine.level.LevelPlayer;
import mancala.engine.solve.Solution;
import mancala.engine.solve.SolveException;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Rules;

/**
 * Finds puzzles in self-play: two {@link LevelPlayer}s play from a random opening; once few enough seeds are left
 * on the board, each position is solved, and the first where the side to move has a forced win with exactly one
 * winning move (every other move proven to draw or lose) becomes a puzzle. Deterministic for a seed.
 */
public final class PuzzleGenerator {
    /**
     * What to look for.
     *
     * @param rules        the game and its options
     * @param games        self-play games to play
     * @param randomSeed   seed of the openings and the players' random moves
     * @param level        the players' level, 1-10 (10 is not deterministic: prefer 1-9)
     * @param maxBoardSeeds a position is tried once the board holds at most this many seeds
     * @param minPlies     the shortest win accepted, plies
     * @param maxPlies     the longest win accepted, plies
     */
    public record Settings(Rules rules, int games, long randomSeed, int level, int maxBoardSeeds, int minPlies,
                           int maxPlies) {
        /** @throws IllegalArgumentException when a bound is out of range */
        public Settings {
            if (games < 0 || level < 1 || level > 9 || maxBoardSeeds < 1 || minPlies < 1 || maxPlies < minPlies) {
                throw new IllegalArgumentException("games >= 0, level 1-9, maxBoardSeeds >= 1 and "
                        + "1 <= minPlies <= maxPlies, were " + games + ", " + level + ", " + maxBoardSeeds + ", "
                        + minPlies + ", " + maxPlies);
            }
        }
    }

    private final PuzzleJudge judge;

    /** @param judge the solver used to prove each puzzle */
    public PuzzleGenerator(PuzzleJudge judge) {
        this.judge = judge;
    }

    /**
     * Plays the games and returns the puzzles found, at most one a game, no position twice.
     *
     * @param progress told of each puzzle as it is found (may be null)
     */
    public List<Puzzle> generate(Settings s, Consumer<Puzzle> progress) {
        List<Puzzle> out = new ArrayList<>();
        Set<Position> seen = new HashSet<>();
        SplittableRandom random = new SplittableRandom(s.randomSeed());
        for (int g = 0; g < s.games(); g++) {
            long gameSeed = random.nextLong();
            Puzzle p = fromGame(s, g + 1, gameSeed, seen);
            if (p != null) {
                out.add(p);
                if (progress != null) {
                    progress.accept(p);
                }
            }
        }
        return out;
    }

    private Puzzle fromGame(Settings s, int number, long gameSeed, Set<Position> seen) {
        SplittableRandom random = new SplittableRandom(gameSeed);
        LevelPlayer south = new LevelPlayer(s.level(), random.nextLong());
        LevelPlayer north = new LevelPlayer(s.level(), random.nextLong());
        Game game = Game.start(s.rules());
        for (int i = 0; i < 2 && !game.isOver(); i++) {
            int[] moves = game.position().legalMoves();
            game.play(moves[random.nextInt(moves.length)]);
        }
        while (!game.isOver() && game.plies() < 2000) {
            Position p = game.position();
            int onBoard = p.seedsOnBoard(mancala.rules.Side.SOUTH) + p.seedsOnBoard(mancala.rules.Side.NORTH);
            if (onBoard <= s.maxBoardSeeds() && p.legalMoves().length > 1 && seen.add(p)) {
                Puzzle found = tryPosition(s, p, number, gameSeed, game.plies());
                if (found != null) {
                    return found;
                }
            }
            LevelPlayer mover = p.sideToMove() == mancala.rules.Side.SOUTH ? south : north;
            game.play(mover.chooseMove(game, 1000));
        }
        return null;
    }

    /** The puzzle at {@code p}, or null when it has no unique forced win in the range (or is not proven). */
    Puzzle tryPosition(Settings s, Position p, int number, long gameSeed, int ply) {
        try {
            Solution sol = judge.solve(p);
            if (sol.result() != Solution.Value.WIN || sol.plies() < s.minPlies() || sol.plies() > s.maxPlies()) {
                return null;
            }
            int winners = 0;
            int losers = 0;
            for (int m : p.legalMoves()) {
                PuzzleJudge.MoveValue v = judge.valueOf(p, m);
                if (v.value() == Solution.Value.WIN) {
                    winners++;
                } else if (v.value() == Solution.Value.LOSS) {
                    losers++;
                }
            }
            if (winners != 1) {
                return null;
            }
            String kind = p.kind().key();
            String options = OptionsNotation.format(p.rules().options());
            String source = String.format(Locale.ROOT, "self-play, level %d against level %d, game %d (seed %d), "
                    + "after ply %d", s.level(), s.level(), number, gameSeed, ply);
            return new Puzzle(idOf(p), p, source, PuzzleJudge.difficulty(sol.plies(), losers), sol.plies(),
                    sol.line());
        } catch (SolveException e) {
            return null; // not proven in time: not a puzzle we can stand behind
        }
    }

    /**
     * A published problem as a puzzle: its {@code Setup} solved, with the id and credit of its {@code PuzzleId}
     * and {@code Source} tags.
     *
     * @throws IllegalArgumentException when a tag is missing or the side to move has no forced win
     * @throws SolveException when the solver proves nothing in time
     */
    public Puzzle published(mancala.record.GameRecord r) {
        String id = r.tag(PuzzleFile.ID).orElseThrow(() -> new IllegalArgumentException("no PuzzleId tag"));
        String source = r.tag(PuzzleFile.SOURCE).orElseThrow(() -> new IllegalArgumentException("no Source tag"));
        Position p = r.start();
        Solution sol = judge.solve(p);
        if (sol.result() != Solution.Value.WIN) {
            throw new IllegalArgumentException(id + ": the side to move has no forced win (" + sol.result().key()
                    + ")");
        }
        int losers = 0;
        for (int m : p.legalMoves()) {
            if (judge.valueOf(p, m).value() == Solution.Value.LOSS) {
                losers++;
            }
        }
        return new Puzzle(id, p, source, PuzzleJudge.difficulty(sol.plies(), losers), sol.plies(), sol.line());
    }

    /** A stable id for a position: the game's key and 10 hex digits of a 64-bit FNV-1a hash of its notation. */
    public static String idOf(Position p) {
        String text = PositionNotation.format(p) + "|" + OptionsNotation.format(p.rules().options());
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++) {
            h ^= text.charAt(i);
            h *= 0x100000001b3L;
        }
        return p.kind().key() + "-" + String.format(Locale.ROOT, "%016x", h).substring(0, 10);
    }
}
