package mancala.server.game;

import java.util.ArrayList;
import java.util.List;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.server.board.BoardView;
import mancala.server.board.LayoutView;
import mancala.server.board.SideKeys;

/** Builds the typed view of a game ({@link GameView}) and the words for how a game ended. */
public final class Views {
    private Views() {
    }

    /** @return the view of {@code s}; called under its lock. */
    static GameView of(GameState s) {
        Position p = s.current().position();
        Rules rules = p.rules();
        Mode mode = s.mode();
        boolean over = s.isOver();
        boolean closed = s.abandoned || s.isAborted();
        GameView.Players players = new GameView.Players(
                player(s, Side.SOUTH, s.southName, s.southHash != null),
                player(s, Side.NORTH, s.northName, s.northHash != null));
        List<String> legal = new ArrayList<>();
        if (!over && !closed) {
            for (int m : p.legalMoves()) {
                legal.add(rules.pitLetter(m));
            }
        }
        Outcome o = s.finalOutcome();
        String status = over ? "over" : s.isAborted() ? GameState.ABORTED : s.abandoned ? "abandoned" : s.waiting() ? "waiting" : "playing";
        return new GameView(s.id(), s.kind().key(), s.kind().displayName(), OptionsNotation.format(s.options()),
                mode.key(), players, mode == Mode.AI ? new GameView.Ai(SideKeys.key(s.aiSide()), s.aiLevel()) : null,
                status, over || closed ? null : SideKeys.key(p.sideToMove()), s.plies(),
                s.roundNumber(), PositionNotation.format(p), BoardView.of(p), LayoutView.of(rules),
                List.copyOf(legal), rounds(s), SideKeys.key(s.drawOffer), SideKeys.key(s.takebackOffer),
                o == null ? null : o.result().notation(), o == null ? s.isAborted() ? GameState.ABORTED : null
                : o.termination().key(), summary(s, o, p), s.lastMove(), s.version, s.version + 1, s.createdAt().toString(),
                s.updatedAt.toString());
    }

    private static GameView.Player player(GameState s, Side side, String name, boolean seated) {
        boolean ai = s.mode() == Mode.AI && side == s.aiSide();
        return new GameView.Player(name, ai, seated || ai);
    }

    private static String summary(GameState s, Outcome o, Position p) {
        if (o == null) {
            if (s.isAborted()) {
                return "Aborted: no result, unrated";
            }
            if (s.abandoned) {
                return "Abandoned: nobody played for a long time";
            }
            if (s.waiting()) {
                return "Waiting for the invited player to join";
            }
            String who = p.sideToMove() == Side.SOUTH ? s.southName : s.northName;
            return p.sideToMove().displayName() + " (" + who + ") to move";
        }
        String how = how(o);
        return o.result().winner()
                .map(w -> w.displayName() + " (" + (w == Side.SOUTH ? s.southName : s.northName) + ") wins: " + how)
                .orElse("Draw: " + how)
                + (o.south() + o.north() > 0 ? " (seeds held " + o.south() + "–" + o.north() + ")" : "");
    }

    /** @return how the game ended, in words for people. */
    public static String how(Outcome o) {
        return o.reason();
    }

    private static List<GameView.RoundView> rounds(GameState s) {
        List<GameView.RoundView> out = new ArrayList<>();
        List<Game> rs = s.rounds();
        for (int r = 0; r < rs.size(); r++) {
            Game g = rs.get(r);
            List<GameView.MoveView> moves = new ArrayList<>();
            List<Integer> pits = g.moves();
            for (int i = 0; i < pits.size(); i++) {
                moves.add(new GameView.MoveView(SideKeys.key(g.moverAt(i + 1)),
                        g.start().rules().pitLetter(pits.get(i)), g.capturedAt(i + 1)));
            }
            Outcome o = g.outcome().orElse(null);
            out.add(new GameView.RoundView(r + 1, PositionNotation.format(g.start()), List.copyOf(moves),
                    o == null ? null : o.result().notation(), o == null ? null : o.termination().key(),
                    o == null ? null : o.south(), o == null ? null : o.north()));
        }
        return List.copyOf(out);
    }
}
