package mancala.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A self-contained HTML page built up in order: headings, paragraphs, tables and charts (inline SVG), with its
 * style sheet in the page. Nothing is loaded from elsewhere.
 */
final class HtmlPage {
    private static final String STYLE = """
            body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; padding: 0 1em; }
            h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
            table { border-collapse: collapse; margin: 1em 0; }
            th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
            td { white-space: nowrap; }
            th:first-child, td:first-child { text-align: left; }
            figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
            figcaption { font-size: 0.9em; color: #555; }
            """;

    private final StringBuilder body = new StringBuilder();
    private final String title;

    /** @param title the page's title and first heading */
    HtmlPage(String title) {
        this.title = title;
        body.append("<h1>").append(escape(title)).append("</h1>\n");
    }

    HtmlPage heading(String text) {
        body.append("<h2>").append(escape(text)).append("</h2>\n");
        return this;
    }

    HtmlPage paragraph(String text) {
        body.append("<p>").append(escape(text)).append("</p>\n");
        return this;
    }

    /**
     * A table; a {@link Cell} with a figure name is marked {@code data-figure="name"}, so that programs (and the
     * tests) can read its value back.
     *
     * @param id      the table's id
     * @param headers the column headings
     * @param rows    the cells, as text
     */
    HtmlPage table(String id, List<String> headers, List<List<Cell>> rows) {
        body.append("<table id=\"").append(escape(id)).append("\">\n<thead><tr>");
        for (String h : headers) {
            body.append("<th scope=\"col\">").append(escape(h)).append("</th>");
        }
        body.append("</tr></thead>\n<tbody>\n");
        for (List<Cell> row : rows) {
            body.append("<tr>");
            for (Cell c : row) {
                body.append("<td");
                if (c.figure() != null) {
                    body.append(" data-figure=\"").append(escape(c.figure())).append('"');
                }
                body.append('>').append(escape(c.text())).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</tbody></table>\n");
        return this;
    }

    /**
     * A chart with its caption.
     *
     * @param id  the figure's id
     * @param svg the chart ({@link Charts})
     */
    HtmlPage chart(String id, String svg, String caption) {
        body.append("<figure class=\"chart\" id=\"").append(escape(id)).append("\">\n").append(svg)
                .append("\n<figcaption>").append(escape(caption)).append("</figcaption></figure>\n");
        return this;
    }

    /** @return the whole page */
    String html() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + escape(title)
                + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
    }

    /** Writes the page to {@code file} (UTF-8). @throws IOException when it cannot be written */
    void write(Path file) throws IOException {
        Files.writeString(file, html(), StandardCharsets.UTF_8);
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * A table cell.
     *
     * @param text   what it shows
     * @param figure the name under which programs find it, or null
     */
    record Cell(String text, String figure) {
        static Cell of(String text) {
            return new Cell(text, null);
        }

        static Cell figure(String name, String text) {
            return new Cell(text, name);
        }
    }
}
