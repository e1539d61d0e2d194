package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import mancala.server.store.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages are served in the request's language ({@code lang} query parameter, then cookie, then
 * {@code Accept-Language}, then English) with {@code <html lang dir>} and the bundle written in; the bundle route;
 * the not-found page for unknown URLs (HTML for pages, JSON under {@code /api}).
 */
class I18nWebTest {
    @TempDir
    static Path dir;
    static MancalaServer server;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = MancalaServer.start("127.0.0.1", 0, Database.h2FileUrl(dir.resolve("i18n")), null, null, 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpResponse<String> get(String path, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.send(b.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void pagesFollowAcceptLanguageAndSayTheirLanguageAndDirection() throws Exception {
        for (String page : new String[] {"/", "/index.html", "/play.html", "/analysis.html"}) {
            HttpResponse<String> ar = get(page, "Accept-Language", "ar-OM,ar;q=0.9,en;q=0.4");
            assertThat(ar.statusCode()).as(page).isEqualTo(200);
            assertThat(ar.body()).as(page).contains("<html lang=\"ar\" dir=\"rtl\">")
                    .contains("<script id=\"i18n-data\" type=\"application/json\">");
            assertThat(ar.headers().firstValue("Content-Language")).hasValue("ar");
            HttpResponse<String> so = get(page, "Accept-Language", "so");
            assertThat(so.body()).as(page).contains("<html lang=\"so\" dir=\"ltr\">").contains("Riyo Kadalis");
            assertThat(get(page).body()).as(page).contains("<html lang=\"en\" dir=\"ltr\">");
        }
    }

    @Test
    void theCookieAndTheQueryParameterWinOverTheBrowser() throws Exception {
        assertThat(get("/", "Accept-Language", "ar", "Cookie", "lang=fi").body())
                .contains("<html lang=\"fi\" dir=\"ltr\">");
        HttpResponse<String> q = get("/play.html?lang=ru&id=x", "Accept-Language", "ar", "Cookie", "lang=fi");
        assertThat(q.body()).contains("<html lang=\"ru\" dir=\"ltr\">");
        assertThat(q.headers().allValues("Set-Cookie")).anySatisfy(c -> assertThat(c).startsWith("lang=ru"));
        assertThat(get("/", "Cookie", "lang=klingon", "Accept-Language", "pt-BR").body())
                .contains("<html lang=\"pt\" dir=\"ltr\">");
    }

    @Test
    void theBundleOfALanguageIsServedAsJson() throws Exception {
        HttpResponse<String> r = get("/api/i18n/ar");
        assertThat(r.statusCode()).isEqualTo(200);
        var json = TestClient.JSON.readTree(r.body());
        assertThat(json.get("lang").asText()).isEqualTo("ar");
        assertThat(json.get("dir").asText()).isEqualTo("rtl");
        assertThat(json.get("messages").get("common.game.hawalis").asText()).isEqualTo("حواليس");
        assertThat(json.get("languages").toString()).isEqualTo("[\"en\",\"ar\",\"so\",\"pt\",\"fi\",\"ru\"]");
        HttpResponse<String> bad = get("/api/i18n/xx", "Accept-Language", "fi");
        assertThat(bad.statusCode()).isEqualTo(404);
        var err = TestClient.JSON.readTree(bad.body());
        assertThat(err.get("error").asText()).isEqualTo("unknown-language");
        assertThat(err.get("message").asText()).isEqualTo("Kieltä xx ei ole; kielet ovat en, ar, so, pt, fi, ru.");
    }

    @Test
    void anUnknownPageGetsTheNotFoundPageAndAnUnknownApiPathJson() throws Exception {
        HttpResponse<String> page = get("/no/such/page", "Accept", "text/html,*/*;q=0.8", "Accept-Language", "ar");
        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        assertThat(page.body()).contains("<html lang=\"ar\" dir=\"rtl\">").contains("common.notfound.heading");
        HttpResponse<String> missing = get("/nothing.html", "Accept", "text/html");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("data-i18n=\"common.notfound.text\"");
        HttpResponse<String> api = get("/api/nothing", "Accept", "text/html,*/*");
        assertThat(api.statusCode()).isEqualTo(404);
        assertThat(TestClient.JSON.readTree(api.body()).get("error").asText()).isEqualTo("not-found");
    }

    @Test
    void staticFilesBesidesPagesAreServedAsBefore() throws Exception {
        HttpResponse<String> js = get("/i18n.js");
        assertThat(js.statusCode()).isEqualTo(200);
        assertThat(js.body()).contains("function t(key, args)");
        assertThat(get("/app.css").statusCode()).isEqualTo(200);
    }
}
