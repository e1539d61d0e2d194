package mancala.server.bot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.notation.OptionsNotation;
import mancala.rules.Outcome;
import mancala.rules.Result;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.rules.Termination;
import mancala.server.clock.Clocks;
import mancala.server.clock.TimeControl;
import mancala.server.game.ClockKeeper;
import mancala.server.game.GameEvent;
import mancala.server.game.GamePlayers;
import mancala.server.game.GameState;

/**
 * The Bot and Board API's JSON shapes of a game, after lichess's: {@code gameFull} (the game, its options, clock and
 * players, and its state) and {@code gameState} ({@code moves}: every move so far as pit letters separated by spaces,
 * RULES.md §1–3, with {@code =} for a round or game ended by agreement; both times left in milliseconds; the
 * status). Statuses: {@code started}, {@code resign}, {@code outoftime}, {@code draw}, {@code aborted} (ended before
 * each player moved, or abandoned unplayed), {@code abandoned} (lost by abandonment), {@code finished} (ended by the
 * rules).
 */
final class GameJson {
    private GameJson() {
    }

    /** Answers a player key with the account's name and whether it is a bot. */
    interface Names {
        /** @return the user name of {@code playerKey}, or null for none (a guest, the computer) */
        String username(String playerKey);

        /** @return true when {@code playerKey} is a bot account */
        boolean bot(String playerKey);
    }

    /** @return the moves so far: letters, {@code =} for an agreed end, separated by spaces. */
    static String moves(GameState g) {
        Rules rules = Rules.of(g.options());
        StringBuilder sb = new StringBuilder();
        for (GameEvent e : g.events()) {
            String w = switch (e.kind()) {
                case GameEvent.MOVE -> rules.pitLetter(e.pit());
                case GameEvent.AGREE -> "=";
                default -> null;
            };
            if (w != null) {
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(w);
            }
        }
        return sb.toString();
    }

    /** @return the game's status word (see the class comment). */
    static String status(GameState g) {
        if (g.isAbandoned()) {
            return "aborted";
        }
        Outcome o = g.finalOutcome();
        if (o == null) {
            return "started";
        }
        Termination t = o.termination();
        if (t == Termination.RESIGNATION) {
            return "resign";
        }
        if (t == Termination.TIME) {
            return "outoftime";
        }
        if (t == Termination.ABANDONED) {
            return "abandoned";
        }
        return o.result() == Result.DRAW ? "draw" : "finished";
    }

    /** @return {@code south} or {@code north} for the winner of a finished game, else null. */
    static String winner(GameState g) {
        Outcome o = g.finalOutcome();
        if (o == null || o.result() == Result.DRAW) {
            return null;
        }
        return o.result() == Result.SOUTH_WINS ? "south" : "north";
    }

    /** @return the {@code gameState} line of {@code g} now. */
    static Map<String, Object> state(GameState g, GamePlayers m) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", "gameState");
        s.put("moves", moves(g));
        if (m != null && m.timeControl() != null) {
            long now = System.currentTimeMillis();
            Clocks.State c = ClockKeeper.state(m, g, now);
            long inc = m.timeControl() instanceof TimeControl.RealTime rt ? rt.incrementMillis() : 0;
            s.put("southTime", c.left(Side.SOUTH, now));
            s.put("northTime", c.left(Side.NORTH, now));
            s.put("southInc", inc);
            s.put("northInc", inc);
        }
        s.put("status", status(g));
        String w = winner(g);
        if (w != null) {
            s.put("winner", w);
        }
        return s;
    }

    /** @return a player's object: id (the name's lower-case key), name, title ({@code BOT} or null). */
    static Map<String, Object> player(String playerKey, String fallbackName, Names names) {
        Map<String, Object> p = new LinkedHashMap<>();
        String name = playerKey == null ? null : names.username(playerKey);
        p.put("id", name == null ? null : name.toLowerCase(java.util.Locale.ROOT));
        p.put("name", name == null ? fallbackName : name);
        p.put("title", playerKey != null && names.bot(playerKey) ? "BOT" : null);
        return p;
    }

    /** @return the {@code gameFull} line of {@code g} now: the game, options, clock, players and state. */
    static Map<String, Object> full(GameState g, GamePlayers m, Names names) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("type", "gameFull");
        f.put("id", g.id());
        f.put("game", g.kind().key());
        f.put("options", OptionsNotation.format(g.options()));
        f.put("rated", m != null && m.rated());
        Map<String, Object> clock = null;
        if (m != null && m.timeControl() instanceof TimeControl.RealTime rt) {
            clock = new LinkedHashMap<>();
            clock.put("initial", rt.initialMillis());
            clock.put("increment", rt.incrementMillis());
        } else if (m != null && m.timeControl() instanceof TimeControl.Correspondence c) {
            clock = new LinkedHashMap<>();
            clock.put("daysPerMove", c.daysPerMove());
        }
        f.put("clock", clock);
        List<String> names2 = g.names();
        f.put("south", player(m == null ? null : m.southPlayer(), names2.get(0), names));
        f.put("north", player(m == null ? null : m.northPlayer(), names2.get(1), names));
        f.put("createdAt", g.createdAt().toEpochMilli());
        f.put("tournament", m == null ? null : m.tournamentId());
        f.put("state", state(g, m));
        return f;
    }

    /** @return the words of a move list, for tests. */
    static List<String> words(String moves) {
        List<String> out = new ArrayList<>();
        for (String w : moves.split(" ")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }
}
