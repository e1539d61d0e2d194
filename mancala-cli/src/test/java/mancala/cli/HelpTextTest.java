package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** Every command's {@code --help}: paths, URLs and option examples are never broken across lines. */
class HelpTextTest {
    /** A path, URL or file name: text without spaces holding a slash, a tilde or "://". */
    private static final Pattern PATH = Pattern.compile("[^\\s(),;]*[/~][^\\s(),;]*");

    @Test
    void noPathOrUrlIsWrappedInTheMiddle() {
        CommandLine main = Cli.commandLine(new Main());
        List<CommandLine> commands = new ArrayList<>(main.getSubcommands().values());
        commands.add(main);
        for (CommandLine c : commands) {
            CommandSpec spec = c.getCommandSpec();
            String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
            List<String> texts = new ArrayList<>(List.of(spec.usageMessage().description()));
            for (OptionSpec o : spec.options()) {
                texts.addAll(List.of(o.description()));
            }
            for (String t : texts) {
                Matcher m = PATH.matcher(t.replace("${DEFAULT-VALUE}", ""));
                while (m.find()) {
                    String word = m.group().replaceAll("[.:]$", "");
                    if (word.contains("${")) {
                        continue;
                    }
                    assertThat(help).as("%s --help shows '%s' whole", spec.qualifiedName(), word).contains(word);
                }
            }
        }
    }

    @Test
    void serveHelpGivesTheDefaultDatabaseFolderWhole() {
        CliRun r = CliRun.of("serve", "--help");
        assertThat(r.out()).contains("~/.local/share/mancala").contains("$XDG_DATA_HOME/mancala")
                .doesNotContain("~/. local");
    }
}
