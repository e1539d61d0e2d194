package mancala.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The server's logback.xml writes text by default and one JSON object a line when MANCALA_LOG_FORMAT=json. */
class LogFormatTest {

    private static String logOnce(String format) throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        LoggerContext ctx = new LoggerContext();
        ctx.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            if (format != null) {
                ctx.putProperty("MANCALA_LOG_FORMAT", format);
            }
            JoranConfigurator c = new JoranConfigurator();
            c.setContext(ctx);
            c.doConfigure(LogFormatTest.class.getResource("/logback.xml"));
            ctx.getLogger("mancala.test").info("game {} created", "g1");
        } finally {
            ctx.stop();
            System.setOut(out);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void textByDefault() throws Exception {
        assertThat(logOnce(null)).contains("INFO  mancala.test - game g1 created").doesNotContain("{");
    }

    @Test
    void jsonOnRequest() throws Exception {
        String line = logOnce("json").strip();
        assertThat(line.lines().count()).isEqualTo(1);
        JsonNode n = new ObjectMapper().readTree(line);
        assertThat(n.get("level").asText()).isEqualTo("INFO");
        assertThat(n.get("loggerName").asText()).isEqualTo("mancala.test");
        assertThat(n.get("formattedMessage").asText()).isEqualTo("game g1 created");
        assertThat(n.get("timestamp").asLong()).isPositive();
    }
}
