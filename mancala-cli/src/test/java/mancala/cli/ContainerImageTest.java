package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import picocli.CommandLine;

/**
 * The container image's configuration (Jib, in this module's pom): building it needs a registry, so CI checks what
 * it would run instead. It is bound to no phase; its main class and arguments start the server as {@code serve}
 * reads them; the port it opens is the one the server listens on; its log format is one logback.xml defines.
 */
class ContainerImageTest {

    private static Element jib() throws Exception {
        Path pom = Path.of(System.getProperty("basedir", "."), "pom.xml");
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
        NodeList plugins = d.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element p = (Element) plugins.item(i);
            if ("jib-maven-plugin".equals(text(p, "artifactId"))) {
                return p;
            }
        }
        throw new AssertionError("no jib-maven-plugin in " + pom);
    }

    private static String text(Element e, String tag) {
        NodeList l = e.getElementsByTagName(tag);
        return l.getLength() == 0 ? null : l.item(0).getTextContent().trim();
    }

    private static List<String> texts(Element e, String tag) {
        List<String> out = new ArrayList<>();
        NodeList l = e.getElementsByTagName(tag);
        for (int i = 0; i < l.getLength(); i++) {
            out.add(l.item(i).getTextContent().trim());
        }
        return out;
    }

    @Test
    void theImageIsBuiltOnlyWhenAskedAndStartsTheServer() throws Exception {
        Element jib = jib();
        assertThat(jib.getElementsByTagName("executions").getLength()).as("bound to no phase").isZero();
        assertThat(text(jib, "groupId")).isEqualTo("com.google.cloud.tools");
        Element container = (Element) jib.getElementsByTagName("container").item(0);
        String main = text(container, "mainClass");
        assertThat(Class.forName(main)).isEqualTo(Main.class);
        List<String> args = texts(container, "arg");
        assertThat(args.get(0)).isEqualTo("serve");
        // The arguments are ones serve accepts, and the server listens on every network at the exposed port.
        CommandLine.ParseResult r = Cli.commandLine(new Main()).parseArgs(args.toArray(String[]::new));
        CommandLine.ParseResult serve = r.subcommand();
        assertThat(serve.commandSpec().name()).isEqualTo("serve");
        assertThat(serve.matchedOptionValue("--host", "")).isEqualTo("0.0.0.0");
        int port = serve.matchedOptionValue("--port", -1);
        assertThat(texts(container, "port")).containsExactly(String.valueOf(port));
    }

    @Test
    void theImageLogsJsonWithAnAppenderLogbackDefines() throws Exception {
        Element container = (Element) jib().getElementsByTagName("container").item(0);
        Node format = ((Element) container.getElementsByTagName("environment").item(0))
                .getElementsByTagName("MANCALA_LOG_FORMAT").item(0);
        assertThat(format.getTextContent().trim()).isEqualTo("json");
        String logback = new String(getClass().getResourceAsStream("/logback.xml").readAllBytes());
        assertThat(logback).contains("<include resource=\"logback-${MANCALA_LOG_FORMAT:-text}.xml\"/>");
        String json = new String(getClass().getResourceAsStream("/logback-json.xml").readAllBytes());
        assertThat(json).contains("<appender name=\"json\"");
        assertThat(Files.exists(Path.of(System.getProperty("basedir", "."), "pom.xml"))).isTrue();
    }
}
