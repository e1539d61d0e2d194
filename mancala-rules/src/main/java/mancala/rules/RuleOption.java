package mancala.rules;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One named rule option of one game, as the text form of options writes it ({@code skipOrigin},
 * {@code endless=draw}): its type, its allowed values, how to read it from an options record and how to set it.
 * {@link #of(GameKind)} is the catalogue of every game's options; the machine-readable rules document
 * ({@code docs/rules.json}) and the options notation's list of allowed options are both generated from it.
 *
 * @param name     the option's name as written, e.g. {@code foursAtLapEnd}
 * @param type     {@link Type#FLAG} (present or absent), {@link Type#CHOICE} (one word of {@code values}) or
 *                 {@link Type#INTEGER} (one number of {@code values})
 * @param values   every value the option may take, as written after {@code =} ({@code "true"}/{@code "false"} for a
 *                 flag), in a fixed order
 * @param tag      the tag or section of RULES.md the option implements, e.g. {@code H8} or {@code §1}
 * @param summary  one sentence saying what the option changes, in English
 * @param requires names of flags that must be set for this option to take another value than its default
 * @param reader   reads the option's value (one of {@code values}, or null for a choice left at the rules' default
 *                 that has no word of its own) from options of this game
 * @param writer   returns options of this game with the option set to a value of {@code values}
 */
public record RuleOption(String name, Type type, List<String> values, String tag, String summary,
                         List<String> requires, Function<RuleOptions, String> reader,
                         BiFunction<RuleOptions, String, RuleOptions> writer) {

    /** The kinds of value an option takes. */
    public enum Type {
        /** Written as the bare name when set; values {@code false} and {@code true}. */
        FLAG,
        /** Written {@code name=word}, one word of a fixed list. */
        CHOICE,
        /** Written {@code name=number}, one number of a fixed list. */
        INTEGER;

        /** @return the type's name in the rules document: {@code flag}, {@code choice} or {@code integer}. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public RuleOption {
        Objects.requireNonNull(name);
        Objects.requireNonNull(type);
        values = List.copyOf(values);
        requires = List.copyOf(requires);
    }

    /** @return this option's value in {@code options} (null: a choice at the default, which has no word). */
    public String valueIn(RuleOptions options) {
        return reader.apply(options);
    }

    /** @return this option's value in the game's default options. */
    public String defaultValue(GameKind game) {
        return reader.apply(game.defaultOptions());
    }

    /**
     * @return {@code options} with this option set to {@code value}
     * @throws RulesException when the value is not one of {@link #values()} or the options forbid it
     */
    public RuleOptions with(RuleOptions options, String value) {
        if (!values.contains(value)) {
            throw new RulesException("option " + name + " takes " + String.join("|", values) + ", not " + value);
        }
        return writer.apply(options, value);
    }

    /** @return the option as the list of allowed options shows it: {@code relay}, {@code pits=5|6}. */
    public String pattern() {
        String p = type == Type.FLAG ? name : name + "=" + String.join("|", values);
        return requires.isEmpty() ? p : p + " (with " + String.join(", ", requires) + ")";
    }

    /** @return the option named {@code name} (case ignored) of {@code game}, if it has one. */
    public static Optional<RuleOption> find(GameKind game, String name) {
        return of(game).stream().filter(o -> o.name.equalsIgnoreCase(name)).findFirst();
    }

    /** @return every option of {@code game}, in the order the options notation writes them. */
    public static List<RuleOption> of(GameKind game) {
        return switch (game) {
            case HAWALIS -> HAWALIS_OPTIONS;
            case BAO_KIARABU -> BAO_KIARABU_OPTIONS;
            case AL_MANQALA -> AL_MANQALA_OPTIONS;
            case RIO_KADALIS -> RIO_KADALIS_OPTIONS;
        };
    }

    private static final List<String> FLAG_VALUES = List.of("false", "true");
    private static final List<String> ENDLESS_VALUES = Arrays.stream(Endless.values()).map(Endless::key).toList();

    private static Endless endless(String v) {
        return Endless.valueOf(v.toUpperCase(java.util.Locale.ROOT));
    }

    private static RuleOption hawalis(String name, Type type, List<String> values, String tag, String summary,
                                      Function<HawalisOptions, String> reader,
                                      BiFunction<HawalisOptions, String, HawalisOptions> writer) {
        return new RuleOption(name, type, values, tag, summary, List.of(),
                o -> reader.apply((HawalisOptions) o), (o, v) -> writer.apply((HawalisOptions) o, v));
    }

    private static List<RuleOption> fourRows(boolean bao) {
        List<RuleOption> list = new java.util.ArrayList<>(List.of(
                hawalis("skipOrigin", Type.FLAG, FLAG_VALUES, "H4",
                        "A lap of a full circuit or more passes over its emptied starting pit instead of sowing into it.",
                        h -> String.valueOf(h.skipOrigin()), (h, v) -> h.withSkipOrigin(Boolean.parseBoolean(v))),
                hawalis("endless", Type.CHOICE, ENDLESS_VALUES, "H8",
                        "What an endless relay sowing does: its player loses, it is not a legal move, or it draws.",
                        h -> h.endless().key(), (h, v) -> h.withEndless(endless(v))),
                hawalis("scoring", Type.CHOICE, List.of("captures"), "H9",
                        "The game ends when one side has no seeds and the player who captured more wins; absent, H9.",
                        h -> h.scoringCaptures() ? "captures" : null, (h, v) -> h.withScoringCaptures(true))));
        if (bao) {
            list.add(hawalis("seeds", Type.INTEGER, List.of("2", "3"), "§1",
                    "Seeds in each pit at the start (Bao Kiarabu, after Ingrams).",
                    h -> String.valueOf(h.seeds()), (h, v) -> h.withSeeds(Integer.parseInt(v))));
        }
        return List.copyOf(list);
    }

    private static RuleOption alManqala(String name, Type type, List<String> values, String tag, String summary,
                                        List<String> requires, Function<AlManqalaOptions, String> reader,
                                        BiFunction<AlManqalaOptions, String, AlManqalaOptions> writer) {
        return new RuleOption(name, type, values, tag, summary, requires,
                o -> reader.apply((AlManqalaOptions) o), (o, v) -> writer.apply((AlManqalaOptions) o, v));
    }

    private static RuleOption rioKadalis(String name, Type type, List<String> values, String tag, String summary,
                                         Function<RioKadalisOptions, String> reader,
                                         BiFunction<RioKadalisOptions, String, RioKadalisOptions> writer) {
        return new RuleOption(name, type, values, tag, summary, List.of(),
                o -> reader.apply((RioKadalisOptions) o), (o, v) -> writer.apply((RioKadalisOptions) o, v));
    }

    private static final List<RuleOption> HAWALIS_OPTIONS = fourRows(false);
    private static final List<RuleOption> BAO_KIARABU_OPTIONS = fourRows(true);

    private static final List<RuleOption> AL_MANQALA_OPTIONS = List.of(
            alManqala("skipOrigin", Type.FLAG, FLAG_VALUES, "A2",
                    "A lap of 14 seeds or more passes over its emptied starting pit instead of sowing into it.",
                    List.of(), a -> String.valueOf(a.skipOrigin()), (a, v) -> a.withSkipOrigin(Boolean.parseBoolean(v))),
            alManqala("relay", Type.FLAG, FLAG_VALUES, "A2",
                    "Relay sowing (Culin's Damascus game): a lap that neither captures nor ends in an empty pit "
                            + "takes that pit up and sows on.",
                    List.of(), a -> String.valueOf(a.relay()), (a, v) -> a.withRelay(Boolean.parseBoolean(v))),
            alManqala("captureOpposite", Type.FLAG, FLAG_VALUES, "A3",
                    "Each pit a capture takes also takes the pit across from it.",
                    List.of(), a -> String.valueOf(a.captureOpposite()),
                    (a, v) -> a.withCaptureOpposite(Boolean.parseBoolean(v))),
            alManqala("endless", Type.CHOICE, ENDLESS_VALUES, "H8",
                    "What an endless relay does under relay: its player loses, it is not a legal move, or it draws.",
                    List.of("relay"), a -> a.endless().key(), (a, v) -> a.withEndless(endless(v))));

    private static final List<RuleOption> RIO_KADALIS_OPTIONS = List.of(
            rioKadalis("pits", Type.INTEGER, List.of("5", "6"), "§3",
                    "Pits in each row; each starts with four seeds.",
                    r -> String.valueOf(r.pitsPerRow()), (r, v) -> r.withPitsPerRow(Integer.parseInt(v))),
            rioKadalis("clockwise", Type.FLAG, FLAG_VALUES, "R2",
                    "Sowing runs the other way round, backwards through the letters.",
                    r -> String.valueOf(r.clockwise()), (r, v) -> r.withClockwise(Boolean.parseBoolean(v))),
            rioKadalis("skipOrigin", Type.FLAG, FLAG_VALUES, "R2",
                    "A lap of 12 seeds or more passes over its emptied starting pit instead of sowing into it.",
                    r -> String.valueOf(r.skipOrigin()), (r, v) -> r.withSkipOrigin(Boolean.parseBoolean(v))),
            rioKadalis("foursAtLapEnd", Type.FLAG, FLAG_VALUES, "R3",
                    "Fours made during a lap are taken when the lap ends, as Ludii plays them.",
                    r -> String.valueOf(r.foursAtLapEnd()), (r, v) -> r.withFoursAtLapEnd(Boolean.parseBoolean(v))),
            rioKadalis("endless", Type.CHOICE, ENDLESS_VALUES, "R5",
                    "What an endless move does: its player loses the round, it is not a legal move, or it draws "
                            + "the round.",
                    r -> r.endless().key(), (r, v) -> r.withEndless(endless(v))),
            rioKadalis("loserStarts", Type.FLAG, FLAG_VALUES, "R1",
                    "The loser of the last round starts the next.",
                    r -> String.valueOf(r.loserStarts()), (r, v) -> r.withLoserStarts(Boolean.parseBoolean(v))),
            rioKadalis("conquest", Type.FLAG, FLAG_VALUES, "R8",
                    "The richer player fills pits of the poorer player's row with his surplus and owns them for "
                            + "the next round, instead of pits being closed (Ludii, after Pankhurst).",
                    r -> String.valueOf(r.conquest()), (r, v) -> r.withConquest(Boolean.parseBoolean(v))));
}
