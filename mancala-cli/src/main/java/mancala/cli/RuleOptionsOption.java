package mancala.cli;

import picocli.CommandLine.Option;

/**
 * The option {@code --options OPTS} of the commands that take a game: its rule options in the options notation
 * (docs/rules.md), e.g. {@code 'endless=draw skipOrigin'}; left out, the game's defaults.
 */
final class RuleOptionsOption {
    @Option(names = "--options", paramLabel = "OPTS",
            description = "rule options, e.g. 'endless=draw skipOrigin' (default: the game's)")
    String text;

    /** @return the options text given, or null */
    String text() {
        return text;
    }
}
