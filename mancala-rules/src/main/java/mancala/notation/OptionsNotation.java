package mancala.notation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mancala.rules.GameKind;
import mancala.rules.RuleOption;
import mancala.rules.RuleOptions;
import mancala.rules.RulesException;

/**
 * The text form of rule options, as in a record's {@code Options} tag: words separated by spaces or commas, each a
 * flag ({@code skipOrigin}) or {@code name=value} ({@code endless=draw}). Names are those of RULES.md, matched
 * without regard to case; an option given twice with different values is an error. {@link #format} writes only what differs from the defaults, in a fixed order, so that
 * text → options → text is exact for canonical text and options → text → options always is.
 *
 * <ul>
 *   <li>hawalis: {@code skipOrigin}, {@code endless=lose|illegal|draw}, {@code scoring=captures}</li>
 *   <li>bao-kiarabu: the same and {@code seeds=2|3}</li>
 *   <li>al-manqala: {@code skipOrigin}, {@code relay}, {@code captureOpposite}, {@code endless=…} (with relay)</li>
 *   <li>rio-kadalis: {@code pits=5|6}, {@code clockwise}, {@code skipOrigin}, {@code foursAtLapEnd},
 *       {@code endless=…}, {@code loserStarts}, {@code conquest}</li>
 * </ul>
 */
public final class OptionsNotation {
    private OptionsNotation() {
    }

    /**
     * Reads options for {@code game}.
     *
     * @param text the options, possibly empty or null (the defaults)
     * @throws NotationException naming every unknown or bad option (each with its 1-based column; the exception's
     *                           column is the first one's) and the allowed ones, or an option that contradicts itself
     */
    public static RuleOptions parse(GameKind game, String text) {
        RuleOptions o = game.defaultOptions();
        if (text == null) {
            return o;
        }
        // endless= is applied last, so that it may come before the relay it needs (Al-manqala).
        List<int[]> spans = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            if (" ,\t".indexOf(text.charAt(i)) >= 0) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length() && " ,\t".indexOf(text.charAt(i)) < 0) {
                i++;
            }
            spans.add(new int[] {start, i});
        }
        // An option named twice with different values contradicts itself: which one was meant?
        java.util.Map<String, String> given = new java.util.HashMap<>();
        for (int[] span : spans) {
            String word = text.substring(span[0], span[1]);
            int eq = word.indexOf('=');
            String name = (eq < 0 ? word : word.substring(0, eq)).toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "true" : word.substring(eq + 1).toLowerCase(Locale.ROOT);
            String earlier = given.putIfAbsent(name, value);
            if (earlier != null && !earlier.equals(value)) {
                throw bad(span[0] + 1, "option " + word + " contradicts " + name
                        + (earlier.equals("true") ? "" : "=" + earlier) + " given before");
            }
        }
        // Every bad option is reported, not only the first one read.
        List<NotationException> problems = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) {
            for (int[] span : spans) {
                String word = text.substring(span[0], span[1]);
                boolean endless = word.toLowerCase(Locale.ROOT).startsWith("endless");
                if (endless != (pass == 1)) {
                    continue;
                }
                try {
                    o = apply(o, word, span[0] + 1);
                } catch (NotationException e) {
                    problems.add(e);
                } catch (RulesException e) {
                    String m = e.getMessage();
                    problems.add(new NotationException(null, 0, span[0] + 1,
                            m.startsWith("option ") ? m : "option " + word + ": " + m));
                }
            }
        }
        if (problems.size() == 1) {
            throw problems.get(0);
        }
        if (!problems.isEmpty()) {
            problems.sort(java.util.Comparator.comparingInt(NotationException::column));
            NotationException first = problems.get(0);
            StringBuilder d = new StringBuilder(problems.size() + " bad options: " + first.detail());
            for (NotationException p : problems.subList(1, problems.size())) {
                d.append("; column ").append(p.column()).append(": ").append(p.detail());
            }
            throw new NotationException(null, 0, first.column(), d.toString());
        }
        return o;
    }

    private static RuleOptions apply(RuleOptions o, String word, int column) {
        int eq = word.indexOf('=');
        String name = eq < 0 ? word : word.substring(0, eq);
        String value = eq < 0 ? null : word.substring(eq + 1).toLowerCase(Locale.ROOT);
        GameKind game = o.kind();
        RuleOption option = RuleOption.find(game, name).orElseThrow(() -> bad(column,
                "unknown option " + word + " for " + game.key() + "; allowed: " + allowed(game)));
        String key = option.name().toLowerCase(Locale.ROOT);
        switch (option.type()) {
            case FLAG:
                flag(key, value, column);
                return option.with(o, "true");
            case CHOICE:
                if (value == null || !option.values().contains(value)) {
                    List<String> v = option.values();
                    String takes = v.size() == 1 ? "the value " + v.get(0)
                            : String.join(", ", v.subList(0, v.size() - 1)) + " or " + v.get(v.size() - 1);
                    throw bad(column, "option " + key + " takes " + takes + ", found " + show(value));
                }
                return option.with(o, value);
            default:
                int min = option.values().stream().mapToInt(Integer::parseInt).min().orElseThrow();
                int max = option.values().stream().mapToInt(Integer::parseInt).max().orElseThrow();
                return option.with(o, String.valueOf(number(key, value, column, min, max)));
        }
    }

    /** @return the options {@code game} accepts, for error messages and help (from {@link RuleOption#of}). */
    public static String allowed(GameKind game) {
        return String.join(", ", RuleOption.of(game).stream().map(RuleOption::pattern).toList());
    }

    private static void flag(String name, String value, int column) {
        if (value != null && !value.equals("true")) {
            throw bad(column, "option " + name + " is a flag and takes no value, found =" + value);
        }
    }

    private static int number(String name, String value, int column, int min, int max) {
        try {
            int v = Integer.parseInt(value);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException | NullPointerException e) {
            // reported below
        }
        throw bad(column, "option " + name + " takes a number from " + min + " to " + max + ", found " + show(value));
    }

    private static String show(String value) {
        return value == null ? "no value" : "'" + value + "'";
    }

    private static NotationException bad(int column, String detail) {
        return new NotationException(null, 0, column, detail);
    }

    /** @return the canonical text of {@code options}: only what differs from the defaults; "" for the defaults. */
    public static String format(RuleOptions options) {
        List<String> words = new ArrayList<>();
        RuleOptions defaults = options.kind().defaultOptions();
        for (RuleOption option : RuleOption.of(options.kind())) {
            String value = option.valueIn(options);
            if (value == null || value.equals(option.valueIn(defaults))) {
                continue;
            }
            words.add(option.type() == RuleOption.Type.FLAG ? option.name() : option.name() + "=" + value);
        }
        return String.join(" ", words);
    }
}
