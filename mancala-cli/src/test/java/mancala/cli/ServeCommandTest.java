package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code mancala serve}: bad arguments are refused with a clear line and status 2, before anything starts. */
class ServeCommandTest {
    @Test
    void anUnsupportedDatabaseUrlIsRefused() {
        CliRun run = CliRun.of("serve", "--port", "0", "--db", "jdbc:mysql://127.0.0.1/games");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("unsupported database URL").contains("jdbc:postgresql://");
    }

    @Test
    void aPortOutOfRangeIsRefused() {
        CliRun run = CliRun.of("serve", "--port", "70000");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("--port must be 0 to 65535");
    }

    @Test
    void aMissingPasswordVariableIsRefused() {
        CliRun run = CliRun.of("serve", "--port", "0", "--db-password-env", "MANCALA_NO_SUCH_VARIABLE_SET");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("MANCALA_NO_SUCH_VARIABLE_SET");
    }
}
