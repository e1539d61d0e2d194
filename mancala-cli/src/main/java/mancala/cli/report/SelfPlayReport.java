package mancala.cli.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.cli.report.Charts.Series;
import mancala.cli.report.HtmlPage.Cell;
import mancala.engine.play.PlayedGame;
import mancala.engine.play.SelfPlay;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.rules.Termination;

/**
 * The HTML report of a {@code selfplay} run: the first player's result with its 95% intervals, wins by seat, the
 * distribution of game lengths, how the games ended and the results per opening, as tables and charts. The figures
 * are formatted as the command's text output formats them.
 */
public final class SelfPlayReport {
    /** Openings shown in the chart, the most played first (the table has them all). */
    static final int CHART_OPENINGS = 30;
    /** Bars of the game-length histogram, at most. */
    static final int LENGTH_BINS = 20;

    private SelfPlayReport() {
    }

    /**
     * Writes the report.
     *
     * @param file         where, an HTML file
     * @param run          what was played, one line (as the text output's first line)
     * @param first        the first player's name
     * @param second       the second player's name
     * @param summary      the tally, for the first player
     * @param games        every game of the run, in any order
     * @param openingPlies the random plies each game began with
     * @throws IOException when the file cannot be written
     */
    public static void write(Path file, String run, String first, String second, SelfPlay.Summary summary,
                             List<PlayedGame> games, int openingPlies) throws IOException {
        List<PlayedGame> sorted = new ArrayList<>(games);
        sorted.sort(Comparator.comparingInt(PlayedGame::index));
        HtmlPage page = new HtmlPage("Self-play: " + first + " vs " + second);
        page.paragraph(run);

        result(page, first, second, summary);

        seats(page, sorted, first);

        page.heading("Game lengths");
        lengths(page, sorted);

        endings(page, summary);

        page.heading("Results per opening");
        openings(page, sorted, first, openingPlies);
        page.write(file);
    }

    /** The section "Result": the first player's figures, as a table and a chart of the intervals. */
    private static void result(HtmlPage page, String first, String second, SelfPlay.Summary summary) {
        page.heading("Result");
        int n = summary.games();
        boolean any = n > 0;
        double[] wi = any ? summary.winRateInterval() : new double[] {Double.NaN, Double.NaN};
        double[] si = any ? summary.scoreInterval() : new double[] {Double.NaN, Double.NaN};
        page.table("summary", List.of("player", "games", "unfinished", "wins", "draws", "losses", "win rate",
                "95% interval", "score", "95% interval", "average length, plies"), List.of(List.of(
                Cell.of(first),
                Cell.figure("games", String.valueOf(n + summary.unfinished())),
                Cell.figure("unfinished", String.valueOf(summary.unfinished())),
                Cell.figure("wins", String.valueOf(summary.wins())),
                Cell.figure("draws", String.valueOf(summary.draws())),
                Cell.figure("losses", String.valueOf(summary.losses())),
                Cell.figure("win-rate", any ? String.format("%.1f%%", 100.0 * summary.wins() / n) : "-"),
                Cell.figure("win-rate-interval", any ? String.format("%.1f%%-%.1f%%", 100 * wi[0], 100 * wi[1])
                        : "-"),
                Cell.figure("score", any ? String.format("%.3f", summary.score()) : "-"),
                Cell.figure("score-interval", any ? String.format("%.3f-%.3f", si[0], si[1]) : "-"),
                Cell.figure("average-length", String.format("%.1f", (double) summary.plies()
                        / (n + summary.unfinished()))))));
        if (summary.unfinished() > 0) {
            page.paragraph("Unfinished games (stopped by the caps on plies or rounds) count for neither player.");
        }
        page.chart("chart-result", Charts.intervals(first + " against " + second + ": estimate and 95% interval",
                        "fraction (0.5: even)", List.of("score", "win rate"),
                        new double[] {summary.score(), any ? (double) summary.wins() / n : Double.NaN},
                        new double[] {si[0], wi[0]}, new double[] {si[1], wi[1]}),
                "Score (wins 1, draws 1/2; normal interval) and win rate (Wilson interval) of " + first
                        + ", over the finished games.");
    }

    /** The section "Wins by seat": the first player's results as South and as North. */
    private static void seats(HtmlPage page, List<PlayedGame> sorted, String first) {
        page.heading("Wins by seat");
        List<List<Cell>> seatRows = new ArrayList<>();
        List<Number> seatW = new ArrayList<>();
        List<Number> seatD = new ArrayList<>();
        List<Number> seatL = new ArrayList<>();
        for (Side seat : Side.values()) {
            int[] wdl = new int[3];
            for (PlayedGame g : sorted) {
                if (g.firstSeat() == seat && g.finished()) {
                    wdl[index(g.scoreForFirst())]++;
                }
            }
            seatRows.add(List.of(Cell.of(first + " as " + seat.displayName()),
                    Cell.figure("seat-" + seat.name().toLowerCase() + "-games", String.valueOf(wdl[0] + wdl[1] + wdl[2]
                            + unfinished(sorted, seat))),
                    Cell.figure("seat-" + seat.name().toLowerCase() + "-wins", String.valueOf(wdl[0])),
                    Cell.figure("seat-" + seat.name().toLowerCase() + "-draws", String.valueOf(wdl[1])),
                    Cell.figure("seat-" + seat.name().toLowerCase() + "-losses", String.valueOf(wdl[2])),
                    Cell.figure("seat-" + seat.name().toLowerCase() + "-unfinished",
                            String.valueOf(unfinished(sorted, seat)))));
            seatW.add(wdl[0]);
            seatD.add(wdl[1]);
            seatL.add(wdl[2]);
        }
        page.table("seats", List.of("seat", "games", "wins", "draws", "losses", "unfinished"), seatRows);
        List<String> seats = List.of(first + " as South", first + " as North");
        page.chart("chart-seats", Charts.bars("Results of " + first + " by seat", "seat", "games", seats,
                List.of(new Series("wins", seatW, Charts.WIN), new Series("draws", seatD, Charts.DRAW),
                        new Series("losses", seatL, Charts.LOSS)), true),
                "Games won, drawn and lost by " + first + " in each seat.");
    }

    /** The section "How the games ended": games by the rule that ended them, and the unfinished. */
    private static void endings(HtmlPage page, SelfPlay.Summary summary) {
        page.heading("How the games ended");
        List<String> ends = new ArrayList<>();
        List<Number> endCounts = new ArrayList<>();
        List<List<Cell>> endRows = new ArrayList<>();
        for (Termination t : Termination.values()) {
            int c = summary.terminations()[t.ordinal()];
            if (c > 0) {
                ends.add(t.description());
                endCounts.add(c);
                endRows.add(List.of(Cell.figure("ending", t.description()), Cell.figure("ending-games",
                        String.valueOf(c))));
            }
        }
        if (summary.unfinished() > 0) {
            ends.add("unfinished");
            endCounts.add(summary.unfinished());
            endRows.add(List.of(Cell.figure("ending", "unfinished"), Cell.figure("ending-games",
                    String.valueOf(summary.unfinished()))));
        }
        page.table("endings", List.of("ended by", "games"), endRows);
        page.chart("chart-endings", Charts.bars("How the games ended", "", "games", ends,
                List.of(new Series("games", endCounts, Charts.MAIN)), false), "Games by the rule that ended them.");
    }

    private static int index(double score) {
        return score == 1 ? 0 : score == 0 ? 2 : 1;
    }

    private static void lengths(HtmlPage page, List<PlayedGame> games) {
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (PlayedGame g : games) {
            min = Math.min(min, g.plies());
            max = Math.max(max, g.plies());
        }
        int width = Math.max(1, (int) Math.ceil((max - min + 1) / (double) LENGTH_BINS));
        int bins = (max - min) / width + 1;
        int[] count = new int[bins];
        for (PlayedGame g : games) {
            count[(g.plies() - min) / width]++;
        }
        List<String> labels = new ArrayList<>();
        List<Number> values = new ArrayList<>();
        for (int b = 0; b < bins; b++) {
            int lo = min + b * width;
            labels.add(width == 1 ? String.valueOf(lo) : lo + "-" + (lo + width - 1));
            values.add(count[b]);
        }
        page.paragraph("Shortest " + min + " plies, longest " + max + ".");
        page.chart("chart-lengths", Charts.bars("Game lengths", "plies", "games", labels,
                List.of(new Series("games", values, Charts.MAIN)), false),
                "Number of games of each length (plies, all rounds of a match together).");
    }

    private static void openings(HtmlPage page, List<PlayedGame> games, String first, int openingPlies) {
        Map<String, int[]> by = new LinkedHashMap<>();
        for (PlayedGame g : games) {
            PlayedGame.Round r = g.rounds().get(0);
            Rules rules = r.start().rules();
            StringBuilder key = new StringBuilder();
            for (int i = 0; i < Math.min(openingPlies, r.moves().size()); i++) {
                key.append(i == 0 ? "" : " ").append(rules.pitLetter(r.moves().get(i)));
            }
            by.computeIfAbsent(key.length() == 0 ? "(none)" : key.toString(), k -> new int[4])
                    [g.finished() ? index(g.scoreForFirst()) : 3]++;
        }
        List<Map.Entry<String, int[]>> list = new ArrayList<>(by.entrySet());
        list.sort(Comparator.comparingInt((Map.Entry<String, int[]> e) -> -sum(e.getValue()))
                .thenComparing(Map.Entry::getKey));
        List<List<Cell>> rows = new ArrayList<>();
        for (Map.Entry<String, int[]> e : list) {
            int[] v = e.getValue();
            int finished = v[0] + v[1] + v[2];
            rows.add(List.of(Cell.of(e.getKey()), Cell.of(String.valueOf(sum(v))), Cell.of(String.valueOf(v[0])),
                    Cell.of(String.valueOf(v[1])), Cell.of(String.valueOf(v[2])), Cell.of(String.valueOf(v[3])),
                    Cell.of(finished == 0 ? "-" : String.format("%.3f", (v[0] + v[1] / 2.0) / finished))));
        }
        page.paragraph(list.size() + (list.size() == 1 ? " opening" : " openings") + " of " + openingPlies
                + " random plies; each opening is played from both seats.");
        List<Map.Entry<String, int[]>> shown = list.subList(0, Math.min(CHART_OPENINGS, list.size()));
        List<String> labels = shown.stream().map(Map.Entry::getKey).toList();
        page.chart("chart-openings", Charts.bars("Results of " + first + " per opening" + (shown.size() < list.size()
                                ? " (the " + shown.size() + " most played)" : ""), "opening", "games", labels,
                        List.of(new Series("wins", shown.stream().map(e -> (Number) e.getValue()[0]).toList(), Charts.WIN),
                                new Series("draws", shown.stream().map(e -> (Number) e.getValue()[1]).toList(), Charts.DRAW),
                                new Series("losses", shown.stream().map(e -> (Number) e.getValue()[2]).toList(),
                                        Charts.LOSS)), true),
                "Games won, drawn and lost by " + first + " after each opening (the moves before the players took over).");
        page.table("openings", List.of("opening", "games", "wins", "draws", "losses", "unfinished", "score"), rows);
    }

    private static int sum(int[] v) {
        return v[0] + v[1] + v[2] + v[3];
    }

    /** @return how many of the first player's games in {@code seat} are unfinished */
    private static int unfinished(List<PlayedGame> games, Side seat) {
        return (int) games.stream().filter(g -> g.firstSeat() == seat && !g.finished()).count();
    }
}
