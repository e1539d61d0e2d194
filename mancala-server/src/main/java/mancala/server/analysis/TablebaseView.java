package mancala.server.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mancala.engine.tablebase.TablebaseValue;
import mancala.engine.tablebase.Tablebase;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * The endgame tables' values in JSON, in codes and numbers for the pages to say in their own language (never
 * English text): a value, a played move's judgement, and a position's value with every legal move's.
 */
public final class TablebaseView {
    private TablebaseView() {
    }

    /**
     * @return {@code {"verdict": "win"|"draw"|"loss", "plies": n}} for Hawalis ({@code plies} to the end with best
     *     play, left out for a draw), {@code {"verdict", "seeds", "onBoard", "plies"}} for a round ({@code seeds}
     *     the side to move secures of the {@code onBoard} seeds, in whole or half seeds; {@code plies} to the next
     *     capture or the round's end with best play, or instead {@code "endless": true} when the position is worth
     *     a never-ending round's share); the verdict is the side to move's
     */
    public static Map<String, Object> value(TablebaseValue v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", v.verdict().name().toLowerCase(Locale.ROOT));
        if (v.isRound()) {
            m.put("seeds", seeds(v.halfSeeds()));
            m.put("onBoard", v.seedsOnBoard());
        }
        if (v.plies() >= 0) {
            m.put("plies", v.plies());
        } else if (v.isRound()) {
            m.put("endless", true);
        }
        return m;
    }

    /**
     * @return {@code {"best", "played", "lostSeeds", "resultLost"}}: the position's value and the value the move
     *     kept (both for the mover, as {@link #value}), the seeds of his final holding it gave away (whole or half
     *     seeds; 0 in Hawalis) and whether it gave away the result (a win or a draw)
     */
    public static Map<String, Object> judgement(Tablebase.Judgement j) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("best", value(j.best()));
        m.put("played", value(j.played()));
        m.put("lostSeeds", seeds(j.lostHalfSeeds()));
        m.put("resultLost", j.resultLost());
        return m;
    }

    /**
     * @return for a position in the tables {@code {"value", "moves": [{"move": pit letter, "value"}]}}, the moves
     *     best first and every value for the side to move of {@code p}; null when {@code p} is over or not in the
     *     tables
     */
    public static Map<String, Object> position(Tablebase tables, Position p) {
        if (!tables.any() || p.isOver()) {
            return null;
        }
        p = onTablesRules(tables, p);
        TablebaseValue v = tables.probe(p);
        if (v == null) {
            return null;
        }
        List<Tablebase.MoveValue> moves = tables.moves(p.toBoard());
        if (moves == null) {
            return null;
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Tablebase.MoveValue mv : moves) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("move", p.rules().pitLetter(mv.move()));
            m.put("value", value(mv.value()));
            out.add(m);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", value(v));
        m.put("moves", out);
        return m;
    }

    /**
     * @return {@code p} on the very rules object {@code tables} were opened with ({@code p} itself when there are no
     *     tables, when it is on it already, when its options differ, or when it is over: an end by an endless move is
     *     no part of the pits). {@link Tablebase#moves} (and so the search and the solver at a root in the
     *     tables) copies boards into boards of the tables' own rules object, and refuses a board of an equal but
     *     different one; positions read from requests each have their own.
     */
    public static Position onTablesRules(Tablebase tables, Position p) {
        if (!tables.any() || p.rules() == tables.rules() || p.isOver()
                || !p.rules().options().equals(tables.rules().options())) {
            return p;
        }
        return Position.of(tables.rules(), p.pits(), p.holdings(Side.SOUTH), p.holdings(Side.NORTH), p.sideToMove(),
                p.closedMask(), p.conqueredMask());
    }

    /** @return half seeds as a number of seeds: an integer when whole, else a number ending in .5. */
    private static Number seeds(int halfSeeds) {
        return halfSeeds % 2 == 0 ? Integer.valueOf(halfSeeds / 2) : Double.valueOf(halfSeeds / 2.0);
    }
}
