package mancala.notation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mancala.rules.AlManqalaOptions;
import mancala.rules.Endless;
import mancala.rules.GameKind;
import mancala.rules.HawalisOptions;
import mancala.rules.RioKadalisOptions;
import mancala.rules.RuleOptions;
import mancala.rules.RulesException;

/**
 * The text form of rule options, as in a record's {@code Options} tag: words separated by spaces or commas, each a
 * flag ({@code skipOrigin}) or {@code name=value} ({@code endless=draw}). Names are those of docs/rules.md, matched
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
        String name = (eq < 0 ? word : word.substring(0, eq)).toLowerCase(Locale.ROOT);
        String value = eq < 0 ? null : word.substring(eq + 1).toLowerCase(Locale.ROOT);
        GameKind game = o.kind();
        if (o instanceof HawalisOptions h) {
            switch (name) {
                case "skiporigin": flag(name, value, column); return h.withSkipOrigin(true);
                case "endless": return h.withEndless(endless(value, column));
                case "scoring":
                    if (!"captures".equals(value)) {
                        throw bad(column, "option scoring takes the value captures, found " + show(value));
                    }
                    return h.withScoringCaptures(true);
                case "seeds":
                    if (game == GameKind.BAO_KIARABU) {
                        return h.withSeeds(number(name, value, column, 2, 3));
                    }
                    break;
                default:
                    break;
            }
        } else if (o instanceof AlManqalaOptions a) {
            switch (name) {
                case "skiporigin": flag(name, value, column); return a.withSkipOrigin(true);
                case "relay": flag(name, value, column); return a.withRelay(true);
                case "captureopposite": flag(name, value, column); return a.withCaptureOpposite(true);
                case "endless": return a.withEndless(endless(value, column));
                default:
                    break;
            }
        } else if (o instanceof RioKadalisOptions r) {
            switch (name) {
                case "pits": return r.withPitsPerRow(number(name, value, column, 5, 6));
                case "clockwise": flag(name, value, column); return r.withClockwise(true);
                case "skiporigin": flag(name, value, column); return r.withSkipOrigin(true);
                case "foursatlapend": flag(name, value, column); return r.withFoursAtLapEnd(true);
                case "endless": return r.withEndless(endless(value, column));
                case "loserstarts": flag(name, value, column); return r.withLoserStarts(true);
                case "conquest": flag(name, value, column); return r.withConquest(true);
                default:
                    break;
            }
        }
        throw bad(column, "unknown option " + word + " for " + game.key() + "; allowed: " + allowed(game));
    }

    /** @return the options {@code game} accepts, for error messages and help. */
    public static String allowed(GameKind game) {
        return switch (game) {
            case HAWALIS -> "skipOrigin, endless=lose|illegal|draw, scoring=captures";
            case BAO_KIARABU -> "skipOrigin, endless=lose|illegal|draw, scoring=captures, seeds=2|3";
            case AL_MANQALA -> "skipOrigin, relay, captureOpposite, endless=lose|illegal|draw (with relay)";
            case RIO_KADALIS -> "pits=5|6, clockwise, skipOrigin, foursAtLapEnd, endless=lose|illegal|draw, "
                    + "loserStarts, conquest";
        };
    }

    private static void flag(String name, String value, int column) {
        if (value != null && !value.equals("true")) {
            throw bad(column, "option " + name + " is a flag and takes no value, found =" + value);
        }
    }

    private static Endless endless(String value, int column) {
        if (value != null) {
            for (Endless e : Endless.values()) {
                if (e.key().equals(value)) {
                    return e;
                }
            }
        }
        throw bad(column, "option endless takes lose, illegal or draw, found " + show(value));
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
        if (options instanceof HawalisOptions h) {
            if (h.skipOrigin()) words.add("skipOrigin");
            if (h.endless() != Endless.LOSE) words.add("endless=" + h.endless().key());
            if (h.scoringCaptures()) words.add("scoring=captures");
            if (h.seeds() != 2) words.add("seeds=" + h.seeds());
        } else if (options instanceof AlManqalaOptions a) {
            if (a.skipOrigin()) words.add("skipOrigin");
            if (a.relay()) words.add("relay");
            if (a.captureOpposite()) words.add("captureOpposite");
            if (a.endless() != Endless.ILLEGAL) words.add("endless=" + a.endless().key());
        } else if (options instanceof RioKadalisOptions r) {
            if (r.pitsPerRow() != 6) words.add("pits=" + r.pitsPerRow());
            if (r.clockwise()) words.add("clockwise");
            if (r.skipOrigin()) words.add("skipOrigin");
            if (r.foursAtLapEnd()) words.add("foursAtLapEnd");
            if (r.endless() != Endless.ILLEGAL) words.add("endless=" + r.endless().key());
            if (r.loserStarts()) words.add("loserStarts");
            if (r.conquest()) words.add("conquest");
        }
        return String.join(" ", words);
    }
}
