package mancala.cli.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mancala.cli.report.Charts.Series;
import mancala.cli.report.HtmlPage.Cell;
import mancala.engine.play.SelfPlay;
import mancala.rules.Termination;

/**
 * The figures of {@code mancala balance}: per rule set, the first mover's score with its 95% interval, wins, draws,
 * losses, the average length and how the games ended, as a text table and as an HTML report with charts.
 */
public final class BalanceReport {
    /** The text table's column headings. */
    static final List<String> HEADINGS = List.of("rules", "games", "openings", "score", "95% interval", "wins", "draws",
            "losses", "avg plies", "ended by");

    private BalanceReport() {
    }

    /**
     * One rule set's result.
     *
     * @param rules  the options as text ("default" for the default rules)
     * @param result   the tally for the side that moved first
     * @param openings how many different openings the games began with
     */
    public record Row(String rules, SelfPlay.Summary result, int openings) {
        String score() {
            return result.games() == 0 ? "-" : String.format("%.3f", result.score());
        }

        String interval() {
            if (result.games() == 0) {
                return "-";
            }
            double[] i = result.scoreInterval();
            return String.format("%.3f-%.3f", i[0], i[1]);
        }

        String averageLength() {
            return String.format("%.1f", (double) result.plies() / (result.games() + result.unfinished()));
        }

        String endings() {
            StringBuilder s = new StringBuilder();
            for (Termination t : Termination.values()) {
                int c = result.terminations()[t.ordinal()];
                if (c > 0) {
                    s.append(s.length() == 0 ? "" : ", ").append(t.description()).append(' ').append(c);
                }
            }
            if (result.unfinished() > 0) {
                s.append(s.length() == 0 ? "" : ", ").append("unfinished ").append(result.unfinished());
            }
            return s.toString();
        }

        List<String> cells() {
            return List.of(rules, String.valueOf(result.games() + result.unfinished()), String.valueOf(openings), score(), interval(), String.valueOf(result.wins()),
                    String.valueOf(result.draws()), String.valueOf(result.losses()), averageLength(), endings());
        }
    }

    /**
     * @return the rows as an aligned text table with a heading line: rules, games, different openings, the first
     *         mover's score (wins 1,
     *         draws 1/2) and its 95% interval, wins, draws, losses, average length in plies, how the games ended
     */
    public static String table(List<Row> rows) {
        List<List<String>> lines = new ArrayList<>();
        lines.add(HEADINGS);
        for (Row r : rows) {
            lines.add(r.cells());
        }
        int[] width = new int[HEADINGS.size()];
        for (List<String> l : lines) {
            for (int i = 0; i < l.size(); i++) {
                width[i] = Math.max(width[i], l.get(i).length());
            }
        }
        StringBuilder s = new StringBuilder();
        for (List<String> l : lines) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < l.size(); i++) {
                String c = l.get(i);
                boolean left = i == 0 || i == l.size() - 1;
                String pad = " ".repeat(width[i] - c.length());
                line.append(i == 0 ? "" : "  ").append(left ? c + (i == l.size() - 1 ? "" : pad) : pad + c);
            }
            s.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
        return s.toString().stripTrailing();
    }

    /**
     * Writes the HTML report: the table, the first mover's score with its interval per rule set, draws, average
     * lengths and endings per rule set.
     *
     * @param run what was played, one line
     * @throws IOException when the file cannot be written
     */
    public static void write(Path file, String run, List<Row> rows) throws IOException {
        HtmlPage page = new HtmlPage("Rule balance: " + run.split(",")[0]);
        page.paragraph(run);
        page.paragraph("The first mover is the side that makes the first move of the game (its first round in a "
                + "match), whichever player sits there; score: wins 1, draws 1/2, with the 95% interval of the "
                + "mean (normal approximation). 0.5 is even.");
        List<List<Cell>> cells = new ArrayList<>();
        String[] names = {"rules", "games", "openings", "score", "score-interval", "wins", "draws", "losses", "average-length",
            "endings"};
        for (Row r : rows) {
            List<String> c = r.cells();
            List<Cell> row = new ArrayList<>();
            for (int i = 0; i < c.size(); i++) {
                row.add(Cell.figure(names[i], c.get(i)));
            }
            cells.add(row);
        }
        page.table("balance", HEADINGS, cells);
        List<String> labels = rows.stream().map(Row::rules).toList();
        page.heading("Score of the first mover");
        page.chart("chart-score", scoreChart(rows, labels), "A dot at the score, a line over its 95% interval, one row per rule set.");
        page.heading("Wins, draws and losses of the first mover");
        page.chart("chart-results", Charts.bars("First mover's results", "rules", "games", labels, List.of(
                new Series("wins", rows.stream().map(r -> (Number) r.result().wins()).toList(), Charts.WIN),
                new Series("draws", rows.stream().map(r -> (Number) r.result().draws()).toList(), Charts.DRAW),
                new Series("losses", rows.stream().map(r -> (Number) r.result().losses()).toList(), Charts.LOSS)),
                true), "Games won, drawn and lost by the side that moved first, per rule set.");
        page.heading("Game lengths");
        page.chart("chart-lengths", Charts.bars("Average game length", "rules", "plies", labels, List.of(
                new Series("average plies", rows.stream().map(r -> (Number) ((double) r.result().plies()
                        / (r.result().games() + r.result().unfinished()))).toList(), Charts.MAIN)), false),
                "Average plies a game (all rounds of a match together), per rule set.");
        endings(page, rows, labels);
        page.write(file);
    }

    /** @return the chart (SVG) of each rule set's first-mover score and 95% interval (none for a set without games) */
    private static String scoreChart(List<Row> rows, List<String> labels) {
        int n = rows.size();
        double[] est = new double[n];
        double[] low = new double[n];
        double[] high = new double[n];
        for (int i = 0; i < n; i++) {
            if (rows.get(i).result().games() == 0) {
                est[i] = Double.NaN;
                low[i] = Double.NaN;
                high[i] = Double.NaN;
                continue;
            }
            double[] iv = rows.get(i).result().scoreInterval();
            est[i] = rows.get(i).result().score();
            low[i] = iv[0];
            high[i] = iv[1];
        }
        return Charts.intervals("First mover's score and 95% interval", "score (0.5: even)", labels, est, low, high);
    }

    /** The section "How the games ended": per rule set, the games each rule ended (and the unfinished). */
    private static void endings(HtmlPage page, List<Row> rows, List<String> labels) {
        page.heading("How the games ended");
        List<Series> ends = new ArrayList<>();
        java.awt.Color[] colors = {Charts.MAIN, Charts.WIN, Charts.LOSS, Charts.DRAW, new java.awt.Color(0xef6c00),
            new java.awt.Color(0x6a1b9a), new java.awt.Color(0x00838f), new java.awt.Color(0x558b2f),
            new java.awt.Color(0xad1457), new java.awt.Color(0x4e342e), new java.awt.Color(0x37474f)};
        for (Termination t : Termination.values()) {
            List<Number> v = rows.stream().map(r -> (Number) r.result().terminations()[t.ordinal()]).toList();
            if (v.stream().anyMatch(x -> x.intValue() > 0)) {
                ends.add(new Series(t.description(), v, colors[ends.size() % colors.length]));
            }
        }
        if (rows.stream().anyMatch(r -> r.result().unfinished() > 0)) {
            ends.add(new Series("unfinished", rows.stream().map(r -> (Number) r.result().unfinished()).toList(),
                    colors[ends.size() % colors.length]));
        }
        page.chart("chart-endings", Charts.bars("How the games ended", "rules", "games", labels, ends, true),
                "Games by the rule that ended them, per rule set.");
    }
}
