package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code mancala bot}'s arguments: bad ones are named before any connection is tried. */
class BotCommandTest {

    @Test
    void aLevelOutsideTheLevelsIsNamed() {
        CliRun r = CliRun.of("bot", "--server", "http://127.0.0.1:9", "--token", "mct_x", "--level", "12");
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err()).contains("--level 12: the levels are 1 to 10 and oracle");
        assertThat(CliRun.of("bot", "--server", "http://127.0.0.1:9", "--token", "mct_x", "--level", "11").err())
                .contains("--level 11");
    }

    @Test
    void aServerThatIsNoHttpAddressIsNamed() {
        CliRun r = CliRun.of("bot", "--server", "ftp://example.org", "--token", "mct_x");
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err()).contains("--server 'ftp://example.org': expected an http:// or https:// address");
    }

    @Test
    void theTokenIsRequired() {
        CliRun r = CliRun.of("bot", "--server", "http://127.0.0.1:9");
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err()).contains("--token");
    }
}
