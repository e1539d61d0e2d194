package mancala.rules;

import java.util.Arrays;
import java.util.Optional;

/**
 * The games this library plays, with the keys used in position notation and records (docs/rules.md §4).
 * Bao Kiarabu is Hawalis's Zanzibar variant (docs/rules.md §1) and shares its rules class.
 */
public enum GameKind {
    HAWALIS("hawalis", "Hawalis"),
    BAO_KIARABU("bao-kiarabu", "Bao Kiarabu"),
    AL_MANQALA("al-manqala", "Al-manqala"),
    RIO_KADALIS("rio-kadalis", "Rio Kadalis");

    private final String key;
    private final String displayName;

    GameKind(String key, String displayName) {
        this.key = key;
        this.displayName = displayName;
    }

    /** @return the notation key, e.g. {@code al-manqala}. */
    public String key() {
        return key;
    }

    /** @return the name for people, e.g. {@code Al-manqala}. */
    public String displayName() {
        return displayName;
    }

    /** @return true for the four-row games (Hawalis and Bao Kiarabu), where seeds never leave their owner's rows. */
    public boolean fourRows() {
        return this == HAWALIS || this == BAO_KIARABU;
    }

    /** @return the default options of this game. */
    public RuleOptions defaultOptions() {
        return switch (this) {
            case HAWALIS, BAO_KIARABU -> HawalisOptions.defaults(this);
            case AL_MANQALA -> AlManqalaOptions.DEFAULT;
            case RIO_KADALIS -> RioKadalisOptions.DEFAULT;
        };
    }

    /** @return the rules of this game with its default options. */
    public Rules rules() {
        return Rules.of(defaultOptions());
    }

    /**
     * Looks a game up by its key, ignoring case; {@code hawalis}, {@code bao-kiarabu}, {@code al-manqala},
     * {@code rio-kadalis} (underscores and missing hyphens are accepted too).
     *
     * @return the game, or empty when the key names none
     */
    public static Optional<GameKind> byKey(String key) {
        String k = key.trim().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        return Arrays.stream(values())
                .filter(g -> g.key.equals(k) || g.key.replace("-", "").equals(k))
                .findFirst();
    }

    /** @return the keys of all games, comma-separated, for error messages. */
    public static String keys() {
        return String.join(", ", Arrays.stream(values()).map(GameKind::key).toList());
    }
}
