package mancala.notation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RuleOption;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.Side;

/**
 * The machine-readable rules: every game with its board, its rule options (type, default, allowed values and the
 * RULES.md tag each implements) and its starting positions, as one JSON document. It is generated from the rules
 * code ({@link GameKind}, {@link RuleOption#of}, {@link Rules#initialBoard}), never written by hand; the repository
 * keeps a copy in {@code docs/rules.json}, checked against this output by the tests, and its JSON Schema in
 * {@code docs/rules.schema.json}.
 */
public final class RulesDocument {
    /** The version of the document's shape; raised when a field changes meaning or goes away. */
    public static final int VERSION = 1;

    private RulesDocument() {
    }

    /** @return the document as a tree of maps, lists, strings, numbers, booleans and nulls (insertion-ordered). */
    public static Map<String, Object> tree() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("$schema", "rules.schema.json");
        doc.put("version", VERSION);
        doc.put("rulesDocument", "rules.md");
        doc.put("positionNotation", "§4");
        List<Object> games = new ArrayList<>();
        for (GameKind game : GameKind.values()) {
            games.add(game(game));
        }
        doc.put("games", games);
        return doc;
    }

    /** @return the document as JSON text: two-space indents, one field per line, ending with a newline. */
    public static String json() {
        StringBuilder sb = new StringBuilder();
        write(sb, tree(), "");
        return sb.append('\n').toString();
    }

    private static Map<String, Object> game(GameKind game) {
        Rules rules = game.rules();
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("key", game.key());
        g.put("name", game.displayName());
        g.put("section", switch (game) {
            case HAWALIS, BAO_KIARABU -> "§1";
            case AL_MANQALA -> "§2";
            case RIO_KADALIS -> "§3";
        });
        int rows = game.fourRows() ? 4 : 2;
        Map<String, Object> board = new LinkedHashMap<>();
        board.put("rows", rows);
        board.put("pitsPerRow", rules.pitsPerSide() * 2 / rows);
        board.put("pitsPerSide", rules.pitsPerSide());
        board.put("seeds", rules.startingSeeds());
        board.put("southLetters", letters(rules, 0));
        board.put("northLetters", letters(rules, rules.pitsPerSide()));
        g.put("board", board);
        g.put("defaultOptions", OptionsNotation.format(game.defaultOptions()));
        List<Object> options = new ArrayList<>();
        for (RuleOption o : RuleOption.of(game)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", o.name());
            m.put("type", o.type().key());
            m.put("default", typed(o, o.defaultValue(game)));
            List<Object> values = new ArrayList<>();
            for (String v : o.values()) {
                values.add(typed(o, v));
            }
            m.put("values", values);
            m.put("tag", o.tag());
            m.put("requires", new ArrayList<Object>(o.requires()));
            m.put("summary", o.summary());
            options.add(m);
        }
        g.put("options", options);
        g.put("startingPositions", starts(game));
        return g;
    }

    /** The default start, then each start that one option value changes (seeds=3, pits=5), in catalogue order. */
    private static List<Object> starts(GameKind game) {
        List<Object> starts = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        List<RuleOptions> candidates = new ArrayList<>();
        candidates.add(game.defaultOptions());
        for (RuleOption o : RuleOption.of(game)) {
            if (!o.requires().isEmpty()) {
                continue;
            }
            for (String v : o.values()) {
                candidates.add(o.with(game.defaultOptions(), v));
            }
        }
        for (RuleOptions options : candidates) {
            Position p = Position.initial(Rules.of(options));
            String text = PositionNotation.format(p);
            if (!seen.add(text)) {
                continue;
            }
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("options", OptionsNotation.format(options));
            s.put("position", text);
            s.put("sideToMove", p.sideToMove() == Side.SOUTH ? "south" : "north");
            int n = p.rules().pitsPerSide();
            List<Object> south = new ArrayList<>();
            List<Object> north = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                south.add(p.seeds(i));
                north.add(p.seeds(n + i));
            }
            s.put("south", south);
            s.put("north", north);
            starts.add(s);
        }
        return starts;
    }

    private static String letters(Rules rules, int from) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rules.pitsPerSide(); i++) {
            sb.append(rules.pitLetter(from + i));
        }
        return sb.toString();
    }

    private static Object typed(RuleOption o, String v) {
        if (v == null) {
            return null;
        }
        return switch (o.type()) {
            case FLAG -> Boolean.parseBoolean(v);
            case INTEGER -> Integer.parseInt(v);
            case CHOICE -> v;
        };
    }

    @SuppressWarnings("unchecked")
    private static void write(StringBuilder sb, Object v, String indent) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof String s) {
            quote(sb, s);
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append("{\n");
            String inner = indent + "  ";
            int i = 0;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) {
                sb.append(inner);
                quote(sb, e.getKey());
                sb.append(": ");
                write(sb, e.getValue(), inner);
                sb.append(++i < m.size() ? ",\n" : "\n");
            }
            sb.append(indent).append('}');
        } else if (v instanceof List<?> l) {
            boolean flat = l.stream().noneMatch(x -> x instanceof Map || x instanceof List);
            if (flat) {
                sb.append('[');
                for (int i = 0; i < l.size(); i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    write(sb, l.get(i), indent);
                }
                sb.append(']');
                return;
            }
            sb.append("[\n");
            String inner = indent + "  ";
            for (int i = 0; i < l.size(); i++) {
                sb.append(inner);
                write(sb, l.get(i), inner);
                sb.append(i + 1 < l.size() ? ",\n" : "\n");
            }
            sb.append(indent).append(']');
        } else {
            throw new IllegalArgumentException("no JSON form for " + v.getClass());
        }
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
