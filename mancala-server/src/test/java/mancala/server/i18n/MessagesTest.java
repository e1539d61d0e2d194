package mancala.server.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bundles are complete: every key of every area in every language, the same placeholders everywhere, plural
 * keys with their {@code one} and {@code other} forms, and the helpers (plural rules, language negotiation).
 */
class MessagesTest {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_]+)}");

    static Set<String> placeholders(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(s);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** A plural key without its category: {@code play.seeds.few} → {@code play.seeds}; other keys: null. */
    static String pluralBase(String key) {
        int dot = key.lastIndexOf('.');
        return dot > 0 && Messages.PLURAL_CATEGORIES.contains(key.substring(dot + 1)) ? key.substring(0, dot) : null;
    }

    @Test
    void everyKeyIsInEveryLanguageWithTheSamePlaceholders() {
        Messages m = Messages.get();
        List<String> problems = new ArrayList<>();
        for (String area : Messages.AREAS) {
            Map<String, String> en = m.area(area, "en");
            for (String key : en.keySet()) {
                if (!key.startsWith(area + ".")) {
                    problems.add(area + "_en: key " + key + " is outside its area");
                }
            }
            for (String lang : Messages.LANGUAGES) {
                Map<String, String> b = m.area(area, lang);
                for (String key : en.keySet()) {
                    String base = pluralBase(key);
                    // A plural form other than one and other may be left out where the language has no such form.
                    boolean optional = base != null && !key.endsWith(".one") && !key.endsWith(".other");
                    if (!b.containsKey(key)) {
                        if (!optional) {
                            problems.add(area + "_" + lang + ": missing " + key);
                        }
                        continue;
                    }
                    if (b.get(key).isBlank()) {
                        problems.add(area + "_" + lang + ": " + key + " is empty");
                    }
                    Set<String> want = placeholders(en.get(key));
                    want.remove("count");
                    Set<String> have = placeholders(b.get(key));
                    have.remove("count");
                    if (!want.equals(have)) {
                        problems.add(area + "_" + lang + ": " + key + " has placeholders " + have + ", English "
                                + want);
                    }
                }
                for (String key : b.keySet()) {
                    String base = pluralBase(key);
                    boolean extraPlural = base != null && en.containsKey(base + ".other");
                    if (!en.containsKey(key) && !extraPlural) {
                        problems.add(area + "_" + lang + ": " + key + " is not an English key");
                    }
                    if (base != null && (!b.containsKey(base + ".one") || !b.containsKey(base + ".other"))) {
                        problems.add(area + "_" + lang + ": plural " + base + " lacks its one or other form");
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    /**
     * Arabic texts never separate parts with a middle dot (·), which reads as the Arabic-Indic zero ٠ ("١٨:٠٠ · انتهت"
     * as "١٨:٠٠٠"); the pages take the separator from common.separator, " · " elsewhere.
     */
    @Test
    void arabicSeparatesPartsWithTheArabicCommaNotAMiddleDot() {
        Messages m = Messages.get();
        List<String> dotted = new ArrayList<>();
        for (String area : Messages.AREAS) {
            m.area(area, "ar").forEach((key, value) -> {
                if (value.indexOf('\u00b7') >= 0 || value.indexOf('\u2022') >= 0 || value.indexOf('\u22c5') >= 0) {
                    dotted.add(key + "=" + value);
                }
            });
        }
        assertThat(dotted).isEmpty();
        assertThat(m.text("ar", "common.separator", null)).isEqualTo("\u060c ");
        for (String lang : List.of("en", "fi", "pt", "ru", "so")) {
            assertThat(m.text(lang, "common.separator", null)).as(lang).isEqualTo(" \u00b7 ");
        }
        assertThat(m.text("ar", "play.status.round", null)).doesNotContain("\u00b7").contains("\u060c ");
    }

    /**
     * Arabic texts write their numbers in Arabic-Indic digits (٢٠، ١٥٠٠، ٠٫٠٦), as the pages write the numbers they
     * fill in: Western digits stay only inside Latin names and codes (Glicko-2, BH-C1) and the import box's sample
     * record, which is notation.
     */
    @Test
    void arabicTextsWriteNumbersInArabicIndicDigits() {
        Messages m = Messages.get();
        Pattern kept = Pattern.compile("\\{[A-Za-z0-9_]+}|[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*");
        List<String> western = new ArrayList<>();
        for (String area : Messages.AREAS) {
            m.area(area, "ar").forEach((key, value) -> {
                if (!key.equals("home.import.placeholder") && kept.matcher(value).replaceAll("").matches("(?s).*[0-9].*")) {
                    western.add(key + "=" + value);
                }
            });
        }
        assertThat(western).isEmpty();
        // and the numbers the server fills in
        assertThat(m.text("ar", "play.pit.seeds", Map.of("count", 14))).isEqualTo("١٤ بذرة");
        assertThat(m.text("en", "play.pit.seeds", Map.of("count", 14))).isEqualTo("14 seeds");
    }

    /** A seed is بذرة (plural بذور) in every Arabic text, never حبة (grain), the word some texts used before. */
    @Test
    void arabicCallsASeedBadhraEverywhere() {
        Messages m = Messages.get();
        // a word beginning حبة / حبّة / حبات / حبتان / حبتين / حبوب, after و ف ب ل ك and the article or not, with an
        // attached pronoun or not (and not انسحبت or سُحبت, where حبت is inside a word)
        Pattern grain = Pattern.compile("(?<![\\u0600-\\u06ff])[وفبلك]?(ال|لل)?حبّ?(ة|ات|ت|وب)");
        List<String> grains = new ArrayList<>();
        for (String area : Messages.AREAS) {
            m.area(area, "ar").forEach((key, value) -> {
                if (grain.matcher(value).find()) {
                    grains.add(key + "=" + value);
                }
            });
        }
        assertThat(grains).isEmpty();
        assertThat(m.text("ar", "play.pit.seeds", Map.of("count", 2))).isEqualTo("بذرتان");
    }

    @Test
    void theGamesHaveTheirNamesInEveryLanguage() {
        Messages m = Messages.get();
        assertThat(m.text("ar", "common.game.hawalis", null)).isEqualTo("حواليس");
        assertThat(m.text("ar", "common.game.al-manqala", null)).isEqualTo("المنقلة");
        assertThat(m.text("so", "common.game.rio-kadalis", null)).isEqualTo("Riyo Kadalis");
        assertThat(m.text("ru", "common.game.hawalis", null)).isEqualTo("Хавалис");
    }

    @Test
    void pluralCategoriesFollowEachLanguage() {
        assertThat(Messages.plural("en", 1)).isEqualTo("one");
        assertThat(Messages.plural("en", 0)).isEqualTo("other");
        assertThat(Messages.plural("pt", 0)).isEqualTo("one");
        assertThat(Messages.plural("fi", 2)).isEqualTo("other");
        assertThat(List.of(0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111).stream()
                .map(n -> Messages.plural("ar", n)).toList())
                .containsExactly("zero", "one", "two", "few", "few", "many", "many", "other", "other", "few", "many");
        assertThat(List.of(1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111).stream()
                .map(n -> Messages.plural("ru", n)).toList())
                .containsExactly("one", "few", "few", "many", "many", "many", "many", "one", "few", "many", "one",
                        "many");
    }

    @Test
    void textFillsNamedPlaceholders() {
        assertThat(Messages.fill("{a} and {b}, {c}", Map.of("a", "x", "b", 2))).isEqualTo("x and 2, {c}");
        assertThat(Messages.get().text("en", "errors.unknown-language", Map.of("lang", "xx", "languages", "en")))
                .isEqualTo("There is no language xx here; the languages are en.");
        assertThat(Messages.get().text("so", "no.such.key", null)).isEqualTo("no.such.key");
    }

    @Test
    void theLanguageComesFromTheCookieThenAcceptLanguageThenEnglish() {
        assertThat(Messages.negotiate("fi", "ar")).isEqualTo("fi");
        assertThat(Messages.negotiate("xx", "ar-OM,ar;q=0.9,en;q=0.5")).isEqualTo("ar");
        assertThat(Messages.negotiate(null, "de-DE, pt-BR;q=0.8, ru;q=0.9")).isEqualTo("ru");
        assertThat(Messages.negotiate(null, "so")).isEqualTo("so");
        assertThat(Messages.negotiate(null, "de, fr;q=0.5")).isEqualTo("en");
        assertThat(Messages.negotiate(null, "")).isEqualTo("en");
        assertThat(Messages.negotiate(null, "ru;q=bogus, fi;q=0.1")).isEqualTo("fi");
        assertThat(Messages.direction("ar")).isEqualTo("rtl");
        assertThat(Messages.direction("so")).isEqualTo("ltr");
    }
}
