package mancala.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Charts for the reports, drawn by XChart and encoded as SVG (VectorGraphics2D), headless: nothing is shown on a
 * screen, so no display is needed.
 */
public final class Charts {
    /** Chart width and height, pixels (SVG user units). */
    static final int WIDTH = 760;
    static final int HEIGHT = 380;
    static final Color WIN = new Color(0x2e7d32);
    static final Color DRAW = new Color(0x9e9e9e);
    static final Color LOSS = new Color(0xc62828);
    static final Color MAIN = new Color(0x1565c0);
    /** Colours of the rows of an interval chart, in turn. */
    private static final Color[] PALETTE = {MAIN, new Color(0xef6c00), new Color(0x6a1b9a), new Color(0x00838f),
        new Color(0x558b2f), new Color(0xad1457), new Color(0x4e342e), new Color(0x37474f)};

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /**
     * A bar chart.
     *
     * @param title      the chart's title
     * @param xTitle     what the categories are
     * @param yTitle     what the bars measure
     * @param categories the bars' labels
     * @param series     the series, each as many values as categories
     * @param stacked    whether the series stack (otherwise side by side)
     * @return the chart as an SVG element, without XML declaration or doctype
     */
    static String bars(String title, String xTitle, String yTitle, List<String> categories, List<Series> series,
                       boolean stacked) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        style(c.getStyler());
        c.getStyler().setStacked(stacked);
        c.getStyler().setLegendVisible(series.size() > 1);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        c.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        int chars = categories.stream().mapToInt(String::length).sum();
        c.getStyler().setXAxisLabelRotation(categories.size() > 8 ? 60 : chars > 60 ? 30 : 0); // labels apart
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setOverlapped(false);
        for (Series s : series) {
            c.addSeries(s.name(), categories, s.values()).setFillColor(s.color());
        }
        return svg(c);
    }

    /**
     * Estimates with their 95% intervals, one row each: a dot at the estimate on a line from low to high.
     *
     * @param title     the chart's title
     * @param xTitle    what is measured (0 to 1)
     * @param labels    the rows' names, top to bottom
     * @param estimates the estimates
     * @param low       the intervals' low ends
     * @param high      the intervals' high ends (a row whose estimate is NaN is left empty)
     * @return the chart as an SVG element
     */
    static String intervals(String title, String xTitle, List<String> labels, double[] estimates, double[] low,
                            double[] high) {
        int n = labels.size();
        XYChart c = new XYChartBuilder().width(WIDTH).height(Math.max(200, 110 + 30 * n)).title(title)
                .xAxisTitle(xTitle).yAxisTitle("").build();
        style(c.getStyler());
        c.getStyler().setXAxisMin(0.0);
        c.getStyler().setXAxisMax(1.0);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(n + 1.0);
        c.getStyler().setYAxisTicksVisible(false);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        XYSeries even = c.addSeries("even", new double[] {0.5, 0.5}, new double[] {0, n + 1.0});
        even.setMarker(SeriesMarkers.NONE);
        even.setShowInLegend(false);
        even.setLineColor(DRAW);
        even.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {4f, 4f}, 0f));
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(estimates[i])) {
                continue; // nothing to show: no finished game
            }
            double y = n - i;
            XYSeries s = c.addSeries(labels.get(i), new double[] {low[i], estimates[i], high[i]},
                    new double[] {y, y, y});
            Color color = PALETTE[i % PALETTE.length];
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(color);
            s.setLineColor(color);
            s.setLineStyle(new BasicStroke(3f));
        }
        return svg(c);
    }

    private static void style(Styler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderVisible(false);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        s.setAntiAlias(true);
        s.setSeriesColors(new Color[] {MAIN, WIN, DRAW, LOSS, Color.ORANGE, Color.MAGENTA});
    }

    /** @return {@code chart} as an {@code <svg>} element to embed in HTML */
    static String svg(Chart<?, ?> chart) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, bytes, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String svg = bytes.toString(StandardCharsets.UTF_8);
        int start = svg.indexOf("<svg");
        return start < 0 ? svg : svg.substring(start);
    }

    /**
     * One series of a bar chart.
     *
     * @param name   shown in the legend
     * @param values one per category
     * @param color  its bars' colour
     */
    record Series(String name, List<? extends Number> values, Color color) {
    }
}
