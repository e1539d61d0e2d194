package mancala.rules;

/**
 * The rule options of one game: the defaults of docs/rules.md plus its named options. Each game has one record,
 * validated on construction. The text form ({@code endless=draw skipOrigin}) is read and written by
 * {@code mancala.notation.OptionsNotation}.
 */
public sealed interface RuleOptions permits HawalisOptions, AlManqalaOptions, RioKadalisOptions {
    /** @return the game these options belong to. */
    GameKind kind();
}
