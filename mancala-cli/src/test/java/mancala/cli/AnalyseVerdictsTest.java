package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mancala.engine.analysis.GameAnalysis;
import mancala.engine.analysis.PlyAnalysis;
import mancala.engine.search.SearchLimits;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import mancala.record.RecordedMove;
import mancala.server.analysis.Analyser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The command line's {@code analyse} and the web server's analysis judge each ply with the engine's one game
 * analysis: with the same depth they give the same verdicts, ply by ply, as the engine itself.
 */
class AnalyseVerdictsTest {
    /** A ply line of {@code analyse RECORD}: number, side, move with its mark, …, the verdict word at the end. */
    private static final Pattern PLY = Pattern.compile("^\\s*(\\d+)\\.\\s+(South|North)\\s+([a-zA-Z])(\\S*)\\s.*\\s"
            + "(-|\\d+\\.\\d\\d)\\s*(inaccuracy|mistake|blunder)?\\s*$", Pattern.MULTILINE);

    @Test
    void cliServerAndEngineGiveTheSameVerdictsOnThePublishedHawalisRecord(@TempDir Path dir) throws IOException {
        String text = resource("records/hawalis-tavares-gering-2009.txt");
        List<String> engine = engineVerdicts(text, 3);
        List<String> cli = cliVerdicts(dir, text, 3);
        List<String> server = serverVerdicts(text, 3);
        assertThat(engine).hasSize(110);
        assertThat(cli).isEqualTo(engine);
        assertThat(server).isEqualTo(engine);
    }

    /*
     * Ply 19 of the published record (South's 10. g), worked by hand in the engine's GameAnalysisTest: at 4 plies a is
     * worth +4 seeds and g +2, a loss of 2 seeds: a mistake (Hawalis: 1 seed up to 4). Before, the command line
     * called it a blunder and the web page good.
     */
    @Test
    void ply19OfThePublishedRecordIsAMistakeOnBoth(@TempDir Path dir) throws IOException {
        String text = resource("records/hawalis-tavares-gering-2009.txt");
        assertThat(cliVerdicts(dir, text, 4).get(18)).isEqualTo("mistake");
        assertThat(serverVerdicts(text, 4).get(18)).isEqualTo("mistake");
    }

    /*
     * Al-manqala 48-38, South's g makes A two and takes it: 50 captured, a win at once (A7); f (A and g taken, 52)
     * wins at once too. So g is never a blunder: it is the best move or as good as it, with nothing lost, and the
     * finished position after it is scored as South's win, not as 0.
     */
    @Test
    void theWinningMoveOfA7IsNotABlunderOnEither(@TempDir Path dir) throws IOException {
        String text = "[Game \"al-manqala\"]\n[Setup \"al-manqala 0,0,0,0,0,2,1 1,0,0,0,0,0,8 S 48-38\"]\n\n"
                + "1. g (+2) 1-0\n";
        Map<String, Object> ply = serverPlies(text, 4).get(1);
        assertThat(ply.get("verdict")).isIn("best", "good").isEqualTo(ply.get("best").equals("g") ? "best" : "good");
        assertThat(ply.get("lost")).isEqualTo(0);
        assertThat(ply.get("score")).isEqualTo("South wins in 1");
        String out = cli(dir, text, 4);
        assertThat(out).containsPattern("1\\.\\s+South\\s+g\\s+win in 1\\s+best [fg]\\s+win in 1\\s+0\\.00\\s*\n")
                .contains("result: South wins (1-0): South has captured 50 seeds or more");
        assertThat(cliVerdicts(dir, text, 4)).isEqualTo(serverVerdicts(text, 4));
    }

    private static List<String> engineVerdicts(String text, int depth) {
        GameRecord r = RecordReader.read(text, "record.txt", RecordReader.Settings.DEFAULT).get(0);
        List<Integer> pits = new ArrayList<>();
        for (RecordedMove m : r.moves()) {
            pits.add(m.pit());
        }
        List<String> out = new ArrayList<>();
        for (PlyAnalysis a : GameAnalysis.analyse(r.start(), pits, SearchLimits.depth(depth))) {
            out.add(a.verdict().key());
        }
        return out;
    }

    /** @return the verdict of each ply as {@code analyse --depth} prints it: best and good both as "good|best". */
    private static List<String> cliVerdicts(Path dir, String text, int depth) throws IOException {
        String out = cli(dir, text, depth);
        List<String> verdicts = new ArrayList<>();
        Matcher m = PLY.matcher(out);
        while (m.find()) {
            assertThat(Integer.parseInt(m.group(1))).isEqualTo(verdicts.size() + 1);
            String word = m.group(6);
            // The line says "best" by naming the move played as the best one; "good" by naming another.
            if (word == null) {
                String bestMove = out.substring(m.start(), m.end()).replaceAll("(?s).* best (\\S+) .*", "$1");
                word = bestMove.equals(m.group(3)) ? "best" : "good";
            }
            String mark = m.group(4);
            assertThat(mark).isEqualTo(switch (word) {
                case "inaccuracy" -> "?!";
                case "mistake" -> "?";
                case "blunder" -> "??";
                default -> "";
            });
            verdicts.add(word);
        }
        return verdicts;
    }

    private static String cli(Path dir, String text, int depth) throws IOException {
        Path file = dir.resolve("record-" + depth + ".txt");
        Files.writeString(file, text);
        StringWriter out = new StringWriter();
        CommandLine cl = Cli.commandLine(new Main());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertThat(cl.execute("analyse", "--depth", String.valueOf(depth), file.toString())).isZero();
        return out.toString();
    }

    private static List<String> serverVerdicts(String text, int depth) {
        List<String> out = new ArrayList<>();
        List<Map<String, Object>> plies = serverPlies(text, depth);
        for (Map<String, Object> p : plies.subList(1, plies.size())) {
            out.add((String) p.get("verdict"));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> serverPlies(String text, int depth) {
        Map<String, Object> analysis = Analyser.analyseRecord(text, "record.txt", SearchLimits.depth(depth));
        List<Map<String, Object>> rounds = (List<Map<String, Object>>) analysis.get("rounds");
        return (List<Map<String, Object>>) rounds.get(0).get("plies");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = AnalyseVerdictsTest.class.getResourceAsStream("/" + name)) {
            assertThat(in).as(name + " on the test classpath").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
