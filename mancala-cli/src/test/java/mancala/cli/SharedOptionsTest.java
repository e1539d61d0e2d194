package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The options several commands share come from one mixin each: {@code --random-seed} keeps each command's own
 * default and still reads the old spelling {@code --seed} (hidden from the help); {@code --threads} refuses fewer
 * than one thread the same way everywhere.
 */
class SharedOptionsTest {
    @Test
    void theRandomSeedHasEachCommandsDefaultAndTheOldSpellingStillWorks() {
        CommandLine main = Cli.commandLine(new Main());
        String puzzles = main.getSubcommands().get("puzzles").getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertThat(puzzles).contains("--random-seed=N").contains("(default: 13)").doesNotContain("--seed");
        String tune = main.getSubcommands().get("tune").getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertThat(tune).contains("--random-seed=N").contains("(default: 11)");

        PuzzlesCommand given = new PuzzlesCommand();
        new CommandLine(given).parseArgs("--random-seed", "2026");
        assertThat(given.randomSeed.value()).isEqualTo(2026);
        PuzzlesCommand old = new PuzzlesCommand();
        new CommandLine(old).parseArgs("--seed", "7");
        assertThat(old.randomSeed.value()).isEqualTo(7);
        PuzzlesCommand none = new PuzzlesCommand();
        new CommandLine(none).parseArgs();
        assertThat(none.randomSeed.value()).isEqualTo(13);
    }

    @Test
    void threadsAreAtLeastOneAndAllCoresByDefault() {
        ThreadsOption t = new ThreadsOption();
        assertThat(t.value()).isEqualTo(Runtime.getRuntime().availableProcessors());
        t.threads = 3;
        assertThat(t.value()).isEqualTo(3);
        t.threads = 0;
        assertThatThrownBy(t::value).isInstanceOf(Cli.UsageException.class)
                .hasMessage("--threads must be at least 1, was 0");
    }
}
