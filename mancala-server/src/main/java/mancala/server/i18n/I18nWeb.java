package mancala.server.i18n;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.ibm.icu.text.DateFormat;
import com.ibm.icu.text.DateFormatSymbols;
import com.ibm.icu.text.DateTimePatternGenerator;
import com.ibm.icu.text.SimpleDateFormat;
import com.ibm.icu.util.ULocale;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The site's languages on the web: {@code GET /api/i18n/LANG} (the merged bundle of a language as JSON), every page
 * ({@code /} and {@code /NAME.html} under the class path's {@code /web}) served in the request's language with
 * {@code <html lang dir>} written in and that language's bundle placed in the page for {@code /i18n.js}, and the
 * not-found page for unknown URLs outside {@code /api}. A page's language is {@link #language(Context)}.
 */
public final class I18nWeb {
    /** The cookie that remembers a chosen language. */
    public static final String COOKIE = "lang";

    private static final Pattern HTML_TAG = Pattern.compile("<html\\b[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final String SCRIPT = "<script type=\"module\" src=\"/i18n.js\"></script>";
    private static final Pattern PAGE = Pattern.compile("/(?:[a-z0-9-]+\\.html)?");

    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<String, byte[]> pages = new ConcurrentHashMap<>();
    private final Map<String, String> bundleJson = new ConcurrentHashMap<>();

    /** Adds the bundle route, the page handler and the not-found page to {@code app}. Call before other routes. */
    public static void register(Javalin app) {
        I18nWeb web = new I18nWeb();
        app.get("/api/i18n/{lang}", web::bundle);
        app.before(web::page);
        app.error(404, "html", web::notFound);
    }

    /**
     * @return the language of a request: the {@code lang} query parameter or cookie when it names an offered
     *     language, else {@code Accept-Language}, else English ({@link Messages#negotiate})
     */
    public static String language(Context ctx) {
        String q = ctx.queryParam(COOKIE);
        if (Messages.offered(q)) {
            return q;
        }
        return Messages.negotiate(ctx.cookie(COOKIE), ctx.header("Accept-Language"));
    }

    private void bundle(Context ctx) {
        String lang = ctx.pathParam("lang");
        if (!Messages.offered(lang)) {
            ctx.status(404).json(Map.of("status", 404, "error", "unknown-language",
                    "message", Messages.get().text(language(ctx), "errors.unknown-language",
                            Map.of("lang", lang, "languages", String.join(", ", Messages.LANGUAGES))),
                    "details", Map.of("languages", Messages.LANGUAGES)));
            return;
        }
        ctx.header("Cache-Control", "no-cache");
        ctx.contentType("application/json; charset=utf-8").result(json(lang));
    }

    /** The bundle of {@code lang} as the JSON object pages read: {@code {lang, dir, languages, messages}}. */
    private String json(String lang) {
        return bundleJson.computeIfAbsent(lang, l -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("lang", l);
            m.put("dir", Messages.direction(l));
            m.put("languages", Messages.LANGUAGES);
            m.put("messages", Messages.get().bundle(l));
            m.put("calendar", calendar(l));
            try {
                return mapper.writeValueAsString(m);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /**
     * The language's calendar words and date patterns from CLDR (ICU4J), for the browsers whose own date data lacks
     * the language (Chromium has no Somali): {@code months} and {@code monthsShort} (January first), {@code weekdays}
     * (Sunday first), {@code amPm}, and the ICU patterns {@code date} (long), {@code dateShort}, {@code time} (short)
     * and {@code time24} (hours 0-23).
     */
    static Map<String, Object> calendar(String lang) {
        ULocale locale = new ULocale(lang);
        DateFormatSymbols symbols = new DateFormatSymbols(locale);
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("months", List.of(symbols.getMonths(DateFormatSymbols.FORMAT, DateFormatSymbols.WIDE)));
        c.put("monthsShort", List.of(symbols.getMonths(DateFormatSymbols.FORMAT, DateFormatSymbols.ABBREVIATED)));
        c.put("weekdays", List.of(symbols.getWeekdays()).subList(1, 8));
        c.put("amPm", List.of(symbols.getAmPmStrings()));
        c.put("date", pattern(DateFormat.getDateInstance(DateFormat.LONG, locale)));
        c.put("dateShort", pattern(DateFormat.getDateInstance(DateFormat.SHORT, locale)));
        c.put("time", pattern(DateFormat.getTimeInstance(DateFormat.SHORT, locale)));
        c.put("time24", DateTimePatternGenerator.getInstance(locale).getBestPattern("HHmm"));
        return c;
    }

    private static String pattern(DateFormat f) {
        return f instanceof SimpleDateFormat s ? s.toPattern() : "y-MM-dd";
    }

    private void page(Context ctx) {
        if (!"GET".equals(ctx.method().name()) && !"HEAD".equals(ctx.method().name())) {
            return;
        }
        String path = ctx.path();
        if (!PAGE.matcher(path).matches()) {
            return;
        }
        byte[] raw = resource(path.equals("/") ? "/index.html" : path);
        if (raw == null) {
            return;
        }
        String lang = language(ctx);
        if (Messages.offered(ctx.queryParam(COOKIE))) {
            remember(ctx, lang);
        }
        ctx.status(200);
        send(ctx, raw, lang);
        ctx.skipRemainingHandlers();
    }

    private void notFound(Context ctx) {
        String path = ctx.path();
        if (path.startsWith("/api/") || path.startsWith("/ws/")) {
            return;
        }
        byte[] raw = resource("/notfound.html");
        if (raw != null) {
            send(ctx, raw, language(ctx));
            ctx.status(404);
        }
    }

    private void send(Context ctx, byte[] raw, String lang) {
        String html = new String(raw, StandardCharsets.UTF_8);
        String dir = Messages.direction(lang);
        Matcher m = HTML_TAG.matcher(html);
        if (m.find()) {
            html = html.substring(0, m.start()) + "<html lang=\"" + lang + "\" dir=\"" + dir + "\">"
                    + html.substring(m.end());
        }
        int script = html.indexOf(SCRIPT);
        if (script >= 0) {
            // The bundle travels in the page, so that its text is there before anything is drawn.
            String data = "<script id=\"i18n-data\" type=\"application/json\">"
                    + json(lang).replace("</", "<\\/") + "</script>";
            html = html.substring(0, script) + data + html.substring(script);
        }
        ctx.header("Content-Language", lang);
        ctx.header("Vary", "Accept-Language, Cookie");
        ctx.header("Cache-Control", "no-cache");
        ctx.contentType("text/html; charset=utf-8").result(html);
    }

    private static void remember(Context ctx, String lang) {
        Cookie c = new Cookie(COOKIE, lang);
        c.setPath("/");
        c.setMaxAge(60 * 60 * 24 * 365);
        c.setSameSite(SameSite.LAX);
        ctx.cookie(c);
    }

    private byte[] resource(String path) {
        byte[] cached = pages.get(path);
        if (cached != null) {
            return cached.length == 0 ? null : cached;
        }
        byte[] b;
        try (InputStream in = I18nWeb.class.getResourceAsStream("/web" + path)) {
            b = in == null ? new byte[0] : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        pages.put(path, b);
        return b.length == 0 ? null : b;
    }

    /** @return the languages offered (for the switcher) */
    public static List<String> languages() {
        return Messages.LANGUAGES;
    }
}
