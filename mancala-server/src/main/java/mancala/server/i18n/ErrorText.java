package mancala.server.i18n;

import io.javalin.http.Context;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The message of a refused request in the request's language ({@link I18nWeb#language}). A code with a key
 * {@code errors.CODE} in the bundles gets that text, its placeholders filled from the error's details (a list is
 * written comma-separated) and {@code {detail}}, the server's own English message; English keeps the server's
 * message, which is the most precise. A code without a key keeps the server's message in every language.
 */
public final class ErrorText {
    private ErrorText() {
    }

    /**
     * @param code    the stable error code, e.g. {@code illegal-move}
     * @param english the server's message
     * @param details the error's details (may be empty)
     * @return the message to send
     */
    public static String message(Context ctx, String code, String english, Map<String, ?> details) {
        String lang = I18nWeb.language(ctx);
        return message(lang, code, english, details);
    }

    /** {@link #message(Context, String, String, Map)} for a known language. */
    public static String message(String lang, String code, String english, Map<String, ?> details) {
        if (Messages.DEFAULT_LANGUAGE.equals(lang) || code == null) {
            return english;
        }
        String key = "errors." + code;
        Messages m = Messages.get();
        if (!m.bundle(lang).containsKey(key)) {
            return english;
        }
        Map<String, Object> args = new LinkedHashMap<>();
        if (details != null) {
            details.forEach((k, v) -> args.put(k, v instanceof Collection<?> c ? String.join(", ",
                    c.stream().map(String::valueOf).toList()) : v));
        }
        args.put("detail", english == null ? "" : english);
        return m.text(lang, key, args);
    }
}
