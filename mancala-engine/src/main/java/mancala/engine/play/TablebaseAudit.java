package mancala.engine.play;

import java.util.ArrayList;
import java.util.List;
import mancala.engine.tablebase.Tablebase;
import mancala.rules.Game;
import mancala.rules.Position;

/**
 * The endgame tables' view of a self-play run: for each player, the moves it chose in positions inside the tables
 * and those that threw away part of the tables' value ({@link Tablebase#judge}). Only positions with a choice count
 * (two legal moves or more), and not the random opening plies. A table value is that of the position without its
 * history (see {@link Tablebase}), so a move the tables fault may still be right where a repetition is near.
 */
public final class TablebaseAudit {
    private TablebaseAudit() {
    }

    /**
     * One player's moves in the tables.
     *
     * @param moves         moves chosen in positions inside the tables
     * @param threwAway     of those, moves that gave away seeds or the result by the tables
     * @param resultsLost   of those, moves that turned a won round or game into a draw or loss, or a draw into a
     *                      loss
     * @param lostHalfSeeds rounds: seeds given away in all, half seeds
     */
    public record Tally(long moves, long threwAway, long resultsLost, long lostHalfSeeds) {
    }

    /**
     * A move the tables fault.
     *
     * @param game     the game's index in the run, from 0
     * @param round    the round, from 1 (1 outside Rio Kadalis matches)
     * @param ply      the move's ply in its round, from 1
     * @param first    whether the run's first player made it
     * @param before   the position the move was played in
     * @param played   the move played, pit index
     * @param best     the tables' best move, pit index
     * @param judgement what the move threw away
     */
    public record Fault(int game, int round, int ply, boolean first, Position before, int played, int best,
                        Tablebase.Judgement judgement) {
    }

    /**
     * The audit of a run.
     *
     * @param first  the first player's tally
     * @param second the second player's tally
     * @param faults every move the tables fault, in the order played
     */
    public record Report(Tally first, Tally second, List<Fault> faults) {
    }

    /**
     * @param games        the games of a run
     * @param tables       the tables to judge by (of the run's rules and options)
     * @param openingPlies random plies at the start of each game's first round, not counted
     * @return both players' tallies and the faulted moves
     */
    public static Report of(List<PlayedGame> games, Tablebase tables, int openingPlies) {
        long[][] t = new long[2][4];
        List<Fault> faults = new ArrayList<>();
        for (PlayedGame g : games) {
            int roundNumber = 0;
            for (PlayedGame.Round r : g.rounds()) {
                roundNumber++;
                Game game = new Game(r.start());
                int ply = 0;
                for (int move : r.moves()) {
                    ply++;
                    Position p = game.position();
                    boolean opening = roundNumber == 1 && ply <= openingPlies;
                    if (!opening && p.legalMoves().length > 1) {
                        Tablebase.Judgement j = tables.judge(p.toBoard(), move);
                        if (j != null) {
                            boolean first = p.sideToMove() == g.firstSeat();
                            long[] c = t[first ? 0 : 1];
                            c[0]++;
                            if (j.threwAway()) {
                                c[1]++;
                                c[2] += j.resultLost() ? 1 : 0;
                                c[3] += j.lostHalfSeeds();
                                List<Tablebase.MoveValue> mv = tables.moves(p.toBoard());
                                faults.add(new Fault(g.index(), roundNumber, ply, first, p, move, mv.get(0).move(),
                                        j));
                            }
                        }
                    }
                    game.play(move);
                }
            }
        }
        return new Report(tally(t[0]), tally(t[1]), List.copyOf(faults));
    }

    private static Tally tally(long[] c) {
        return new Tally(c[0], c[1], c[2], c[3]);
    }
}
