package mancala.server.i18n;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The message bundles: every text a player reads, in each language the site offers. Bundles are UTF-8 properties
 * files {@code i18n/AREA_LANG.properties} on the class path, one per area of {@link #AREAS} and language of
 * {@link #LANGUAGES}; keys are {@code AREA.something}, placeholders {@code {name}}, plurals separate keys ending
 * {@code .one}, {@code .other} (and {@code .zero}, {@code .two}, {@code .few}, {@code .many} where the language
 * has them) chosen by {@link #plural}. Loaded once ({@link #get()}), immutable afterwards.
 */
public final class Messages {
    /** The languages offered, English first (the default). */
    public static final List<String> LANGUAGES = List.of("en", "ar", "so", "pt", "fi", "ru");

    /** The language used when neither the {@code lang} cookie nor {@code Accept-Language} names one offered. */
    public static final String DEFAULT_LANGUAGE = "en";

    /** The bundle areas: one file per area and language. Add a new area here, one line. */
    public static final List<String> AREAS = List.of(
            "common",
            "home",
            "play",
            "analysis",
            "errors",
            "account",
            "lobby",
            "tournament",
            "rating",
            "learn",
            "puzzle",
            "editor");

    /** The plural categories a bundle may use, in CLDR's order. */
    public static final List<String> PLURAL_CATEGORIES = List.of("zero", "one", "two", "few", "many", "other");

    private static volatile Messages instance;

    private final Map<String, Map<String, String>> byLanguage;
    private final Map<String, Map<String, Map<String, String>>> byArea;

    private Messages(Map<String, Map<String, Map<String, String>>> byArea) {
        this.byArea = byArea;
        Map<String, Map<String, String>> merged = new LinkedHashMap<>();
        for (String lang : LANGUAGES) {
            Map<String, String> all = new TreeMap<>();
            for (String area : AREAS) {
                all.putAll(byArea.get(area).get(lang));
            }
            merged.put(lang, Collections.unmodifiableMap(all));
        }
        this.byLanguage = Collections.unmodifiableMap(merged);
    }

    /**
     * @return the bundles, loaded from the class path on first use
     * @throws IllegalStateException when a bundle file is missing or cannot be read
     */
    public static Messages get() {
        Messages m = instance;
        if (m == null) {
            synchronized (Messages.class) {
                m = instance;
                if (m == null) {
                    m = load();
                    instance = m;
                }
            }
        }
        return m;
    }

    private static Messages load() {
        Map<String, Map<String, Map<String, String>>> areas = new LinkedHashMap<>();
        for (String area : AREAS) {
            Map<String, Map<String, String>> langs = new LinkedHashMap<>();
            for (String lang : LANGUAGES) {
                langs.put(lang, read("i18n/" + area + "_" + lang + ".properties"));
            }
            areas.put(area, Collections.unmodifiableMap(langs));
        }
        return new Messages(Collections.unmodifiableMap(areas));
    }

    private static Map<String, String> read(String resource) {
        try (InputStream in = Messages.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("message bundle " + resource + " is missing from the class path");
            }
            Properties p = new Properties();
            try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                p.load(r);
            }
            Map<String, String> m = new TreeMap<>();
            p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
            return Collections.unmodifiableMap(m);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read message bundle " + resource, e);
        }
    }

    /** @return every key and text of {@code lang}, all areas merged (key order); English for an unknown language */
    public Map<String, String> bundle(String lang) {
        return byLanguage.getOrDefault(lang, byLanguage.get(DEFAULT_LANGUAGE));
    }

    /** @return the keys and texts of one area's file in one language (for the completeness test) */
    public Map<String, String> area(String area, String lang) {
        Map<String, Map<String, String>> a = byArea.get(area);
        if (a == null || !a.containsKey(lang)) {
            throw new IllegalArgumentException("no bundle " + area + "_" + lang);
        }
        return a.get(lang);
    }

    /** @return whether {@code lang} is one of {@link #LANGUAGES} */
    public static boolean offered(String lang) {
        return lang != null && LANGUAGES.contains(lang);
    }

    /** @return {@code rtl} for a language written right to left (Arabic), else {@code ltr} */
    public static String direction(String lang) {
        return "ar".equals(lang) ? "rtl" : "ltr";
    }

    /**
     * The text of {@code key} in {@code lang} with its placeholders filled in. A key that has no text of its own
     * but plural forms ({@code key.one}, {@code key.other} …) takes the form {@link #plural} chooses for the
     * argument {@code count}. A key missing in {@code lang} falls back to English, then to the key itself.
     *
     * @param args placeholder values by name ({@code {name}} in the text); numbers are written as numbers
     */
    public String text(String lang, String key, Map<String, ?> args) {
        Map<String, String> b = bundle(lang);
        String s = b.get(key);
        if (s == null && args != null && args.get("count") instanceof Number n) {
            String form = b.get(key + "." + plural(lang, n.longValue()));
            s = form != null ? form : b.get(key + ".other");
        }
        if (s == null && !DEFAULT_LANGUAGE.equals(lang)) {
            return text(DEFAULT_LANGUAGE, key, args);
        }
        if (s == null) {
            return key;
        }
        return fill(s, "ar".equals(lang) ? arabicIndic(args) : args);
    }

    /**
     * {@code args} with its numbers written in Arabic-Indic digits (٠١٢…, decimal sign ٫), as the pages write them
     * in Arabic (I18n.num): an Arabic text never mixes the two kinds of digits. Other values stay as they are.
     */
    static Map<String, ?> arabicIndic(Map<String, ?> args) {
        if (args == null || args.values().stream().noneMatch(v -> v instanceof Number)) {
            return args;
        }
        Map<String, Object> out = new HashMap<>(args);
        out.replaceAll((k, v) -> {
            if (!(v instanceof Number)) {
                return v;
            }
            StringBuilder d = new StringBuilder();
            for (char c : v.toString().toCharArray()) {
                d.append(c >= '0' && c <= '9' ? (char) ('\u0660' + (c - '0')) : c == '.' ? '\u066b' : c);
            }
            return d.toString();
        });
        return out;
    }

    /** @return {@code template} with each {@code {name}} replaced by {@code args.get(name)}; unknown names stay */
    public static String fill(String template, Map<String, ?> args) {
        if (args == null || args.isEmpty() || template.indexOf('{') < 0) {
            return template;
        }
        StringBuilder out = new StringBuilder(template.length() + 16);
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            int end = c == '{' ? template.indexOf('}', i + 1) : -1;
            if (end > i + 1) {
                String name = template.substring(i + 1, end);
                if (args.containsKey(name)) {
                    out.append(args.get(name));
                    i = end + 1;
                    continue;
                }
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    /**
     * The CLDR plural category of the whole number {@code n} in {@code lang}: {@code one} or {@code other} in
     * English, Somali, Finnish and Portuguese (Portuguese counts 0 and 1 as {@code one}), Arabic's six
     * categories, Russian's {@code one}/{@code few}/{@code many}. The same rules as the browser's
     * {@code Intl.PluralRules}, so server and page agree.
     */
    public static String plural(String lang, long n) {
        long a = Math.abs(n);
        switch (lang) {
            case "ar": {
                long m100 = a % 100;
                if (a == 0) {
                    return "zero";
                } else if (a == 1) {
                    return "one";
                } else if (a == 2) {
                    return "two";
                } else if (m100 >= 3 && m100 <= 10) {
                    return "few";
                } else if (m100 >= 11) {
                    return "many";
                }
                return "other";
            }
            case "ru": {
                long m10 = a % 10;
                long m100 = a % 100;
                if (m10 == 1 && m100 != 11) {
                    return "one";
                } else if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) {
                    return "few";
                }
                return "many";
            }
            case "pt":
                return a <= 1 ? "one" : "other";
            default:
                return a == 1 ? "one" : "other";
        }
    }

    /**
     * Chooses a page's language: the {@code lang} cookie when it names an offered language, else the best offered
     * language of the {@code Accept-Language} header (by its q-values; {@code pt-BR} counts as {@code pt}), else
     * {@link #DEFAULT_LANGUAGE}.
     */
    public static String negotiate(String cookie, String acceptLanguage) {
        if (cookie != null && offered(cookie.strip().toLowerCase(Locale.ROOT))) {
            return cookie.strip().toLowerCase(Locale.ROOT);
        }
        if (acceptLanguage == null || acceptLanguage.isBlank() || acceptLanguage.length() > 2000) {
            return DEFAULT_LANGUAGE;
        }
        String best = null;
        double bestQ = 0;
        List<String> parts = new ArrayList<>(List.of(acceptLanguage.split(",")));
        for (String part : parts) {
            String[] f = part.strip().split(";");
            String tag = f[0].strip().toLowerCase(Locale.ROOT);
            double q = 1;
            for (int i = 1; i < f.length; i++) {
                String p = f[i].strip();
                if (p.startsWith("q=")) {
                    try {
                        q = Double.parseDouble(p.substring(2));
                    } catch (NumberFormatException e) {
                        q = 0;
                    }
                }
            }
            int dash = tag.indexOf('-');
            String primary = dash < 0 ? tag : tag.substring(0, dash);
            if (offered(primary) && q > bestQ) {
                best = primary;
                bestQ = q;
            }
        }
        return best == null ? DEFAULT_LANGUAGE : best;
    }
}
