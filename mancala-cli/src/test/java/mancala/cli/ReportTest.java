package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML reports of selfplay and balance: their figures are those of the text output of the same run. */
class ReportTest {
    @TempDir
    Path dir;

    private static final Pattern FIGURE = Pattern.compile("<td data-figure=\"([a-z-]+)\">([^<]*)</td>");

    /** @return every figure cell of the page's table {@code id}, row by row, name to text */
    static List<Map<String, String>> figures(String html, String id) {
        int start = html.indexOf("<table id=\"" + id + "\">");
        assertThat(start).as("table " + id).isNotNegative();
        String table = html.substring(start, html.indexOf("</table>", start));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String row : table.split("<tr>")) {
            Matcher m = FIGURE.matcher(row);
            Map<String, String> cells = new LinkedHashMap<>();
            while (m.find()) {
                cells.put(m.group(1), m.group(2).replace("&amp;", "&"));
            }
            if (!cells.isEmpty()) {
                rows.add(cells);
            }
        }
        return rows;
    }

    static Matcher match(String text, String regex) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        assertThat(m.find()).as(regex + " in\n" + text).isTrue();
        return m;
    }

    static void selfContained(String html) {
        // No script, style sheet, image or font from elsewhere: the only URLs are the SVG namespaces.
        assertThat(html.replace("http://www.w3.org/2000/svg", "").replace("http://www.w3.org/1999/xlink", ""))
                .doesNotContain("http://").doesNotContain("https://").doesNotContain("<script").doesNotContain("<img")
                .doesNotContain("<link");
    }

    @Test
    void selfplayReportHasTheFiguresOfTheTextOutput() {
        Path report = dir.resolve("selfplay.html");
        CliRun run = CliRun.of("selfplay", "--games", "12", "--south", "level:3", "--north", "level:2", "--game",
                "al-manqala", "--threads", "2", "--seed", "7", "--quiet", "--report", report.toString());
        assertThat(run.status()).isZero();
        String out = run.out();
        String html = CliRun.read(report);
        selfContained(html);
        Map<String, String> f = figures(html, "summary").get(0);

        Matcher tally = match(out, "^level:3: (\\d+) wins?, (\\d+) draws?, (\\d+) loss(?:es)?$");
        assertThat(f.get("wins")).isEqualTo(tally.group(1));
        assertThat(f.get("draws")).isEqualTo(tally.group(2));
        assertThat(f.get("losses")).isEqualTo(tally.group(3));
        assertThat(f.get("games")).isEqualTo("12");
        Matcher rates = match(out, "^win rate (\\S+) \\(95% interval (\\S+)\\); score (\\S+) \\(95% interval (\\S+)\\)$");
        assertThat(f.get("win-rate")).isEqualTo(rates.group(1));
        assertThat(f.get("win-rate-interval")).isEqualTo(rates.group(2));
        assertThat(f.get("score")).isEqualTo(rates.group(3));
        assertThat(f.get("score-interval")).isEqualTo(rates.group(4));
        assertThat(f.get("average-length")).isEqualTo(match(out, "^average length (\\S+) plies$").group(1));

        // Endings: the same rules with the same counts, in the same order.
        String ended = match(out, "^ended by: (.*)$").group(1);
        StringBuilder fromReport = new StringBuilder();
        for (Map<String, String> row : figures(html, "endings")) {
            fromReport.append(fromReport.length() == 0 ? "" : ", ").append(row.get("ending")).append(' ')
                    .append(row.get("ending-games"));
        }
        assertThat(fromReport.toString()).isEqualTo(ended);

        // By seat: the two seats add up to the tally; the first player sat South in the even games.
        List<Map<String, String>> seats = figures(html, "seats");
        assertThat(seats).hasSize(2);
        assertThat(seats.get(0).get("seat-south-games")).isEqualTo("6");
        assertThat(seats.get(1).get("seat-north-games")).isEqualTo("6");
        for (String what : List.of("wins", "draws", "losses")) {
            int sum = Integer.parseInt(seats.get(0).get("seat-south-" + what))
                    + Integer.parseInt(seats.get(1).get("seat-north-" + what));
            assertThat(String.valueOf(sum)).as(what).isEqualTo(f.get(what));
        }
        // Every chart is there, each an inline SVG.
        for (String chart : List.of("chart-result", "chart-seats", "chart-lengths", "chart-endings",
                "chart-openings")) {
            assertThat(html).containsPattern("<figure class=\"chart\" id=\"" + chart + "\">\n<svg ");
        }
        // The openings table: 6 openings (games 2k and 2k+1 share theirs) unless two pairs drew the same one.
        assertThat(html).containsPattern("<p>[1-6] openings? of 2 random plies");
    }

    @Test
    void balanceReportHasTheFiguresOfTheTable() {
        Path report = dir.resolve("balance.html");
        CliRun run = CliRun.of("balance", "rio-kadalis", "--games", "8", "--level", "2", "--threads", "2",
                "--options-sets", "default;pits=5;clockwise skipOrigin", "--quiet", "--report", report.toString());
        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        List<String> lines = run.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("rio-kadalis, level:2 against itself, 8 games a rule set, 4 opening plies, "
                + "seed 1");
        assertThat(lines.get(1)).matches("rules +games +openings +score +95% interval +wins +draws +losses +avg "
                + "plies +ended by");
        String html = CliRun.read(report);
        selfContained(html);
        List<Map<String, String>> rows = figures(html, "balance");
        assertThat(rows).hasSize(3);
        List<String> names = List.of("rules", "games", "openings", "score", "score-interval", "wins", "draws",
                "losses", "average-length", "endings");
        List<String> sets = List.of("default", "pits=5", "clockwise skipOrigin");
        for (int i = 0; i < 3; i++) {
            String[] cells = lines.get(2 + i).strip().split(" {2,}");
            assertThat(cells).hasSize(names.size());
            for (int c = 0; c < names.size(); c++) {
                assertThat(rows.get(i).get(names.get(c))).as(sets.get(i) + " " + names.get(c)).isEqualTo(cells[c]);
            }
            assertThat(cells[0]).isEqualTo(sets.get(i));
            int w = Integer.parseInt(cells[5]);
            int d = Integer.parseInt(cells[6]);
            int l = Integer.parseInt(cells[7]);
            assertThat(w + d + l).isEqualTo(8);
            assertThat(cells[3]).isEqualTo(String.format("%.3f", (w + d / 2.0) / 8));
        }
        for (String chart : List.of("chart-score", "chart-results", "chart-lengths", "chart-endings")) {
            assertThat(html).containsPattern("<figure class=\"chart\" id=\"" + chart + "\">\n<svg ");
        }
    }

    @Test
    void balanceComparesEachDocumentedOptionOnItsOwn() {
        CliRun run = CliRun.of("balance", "hawalis", "--games", "2", "--level", "1", "--quiet");
        assertThat(run.status()).isZero();
        List<String> rules = run.out().lines().skip(2).map(l -> l.split(" {2,}")[0]).toList();
        assertThat(rules).containsExactly("default", "skipOrigin", "endless=illegal", "endless=draw",
                "scoring=captures");
        CliRun rio = CliRun.of("balance", "rio-kadalis", "--games", "2", "--level", "1", "--quiet", "--match");
        assertThat(rio.out().lines().skip(2).map(l -> l.split(" {2,}")[0]).toList()).containsExactly("default",
                "pits=5", "clockwise", "skipOrigin", "foursAtLapEnd", "endless=lose", "endless=draw", "loserStarts",
                "conquest");
        assertThat(CliRun.of("balance", "rio-kadalis", "--games", "2", "--level", "1", "--quiet").out())
                .contains("(loserStarts and conquest act between rounds: they are compared with --match)");
    }

    @Test
    void balanceRefusesBadArguments() {
        assertThat(CliRun.of("balance", "hawalis", "--level", "11").err()).contains("--level must be from 1 to 10, "
                + "was 11");
        assertThat(CliRun.of("balance", "hawalis", "--match").err()).contains("--match is for rio-kadalis");
        CliRun bad = CliRun.of("balance", "hawalis", "--options-sets", "default;relay");
        assertThat(bad.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(bad.err()).contains("--options 'relay'").contains("unknown option relay for hawalis");
    }
}
