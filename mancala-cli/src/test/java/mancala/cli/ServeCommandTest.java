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
    void aPortInUseIsRefusedWithOneLine() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getByName("127.0.0.1"))) {
            String port = String.valueOf(taken.getLocalPort());
            CliRun run = CliRun.of("serve", "--port", port, "--db", "jdbc:mysql://not-reached");
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.err()).contains("port " + port).contains("in use").doesNotContain("Exception");
        }
    }

    @Test
    void anUnknownHostIsRefused() {
        CliRun run = CliRun.of("serve", "--port", "0", "--host", "no-such-host.invalid");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("no-such-host.invalid").doesNotContain("Exception");
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
