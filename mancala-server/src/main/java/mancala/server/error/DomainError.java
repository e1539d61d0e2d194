package mancala.server.error;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request the domain refuses (nothing was changed), or work it cannot take now. The domain throws it; the web
 * layer maps its {@link Kind} to an HTTP status in one place (the http package's {@code HttpErrors}) and renders
 * its message in the request's language from the {@code errors} message bundle.
 *
 * <p>Each error has a stable {@link #code()} (e.g. {@code illegal-move}), the message key {@code errors.CODE}
 * ({@link #messageKey()}), named arguments for the key's {@code {name}} placeholders ({@link #args()}), an English
 * template with the same placeholders (the fallback when a bundle lacks the key, and the log text) and optional
 * machine-readable {@link #details()} (the legal moves, the ply expected). Arguments never hold unbounded client
 * text: use {@link #echo(String)} for anything the client sent.
 */
public class DomainError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_]+)}");
    /** Longest piece of client text an error message repeats, in characters. */
    public static final int MAX_ECHO = 40;

    /** What sort of refusal: the web layer turns each into one HTTP status. */
    public enum Kind {
        /** The request cannot be read or a field is wrong (HTTP 400). */
        INVALID,
        /** The caller must sign in first (401). */
        UNAUTHENTICATED,
        /** The caller does not hold the seat or right it needs (403). */
        FORBIDDEN,
        /** No such game or thing (404). */
        NOT_FOUND,
        /** Valid, but not now: wrong turn, game over, nothing to accept (409). */
        CONFLICT,
        /** The request is larger than allowed (413). */
        TOO_LARGE,
        /** The body is not of a type the server reads (415). */
        UNSUPPORTED_TYPE,
        /** Understood but refused by the rules or the record reader (422). */
        UNPROCESSABLE,
        /** Too many requests from this client, or the engine queue is full: try after {@link #retryAfterSeconds()} (429). */
        TOO_MANY,
        /** The store cannot be used now; nothing was changed (503). */
        UNAVAILABLE
    }

    private final Kind kind;
    private final String code;
    private final String template;
    private final transient Map<String, Object> args;
    private final transient Map<String, Object> details;
    private final int retryAfterSeconds;

    /**
     * @param kind     the sort of refusal
     * @param code     a short stable code such as {@code illegal-move}; the message key is {@code errors.CODE}
     * @param template the English message with {@code {name}} placeholders filled from {@code args}
     * @param args     the placeholders' values (numbers, short strings); never null
     * @param details  extra facts for programs; never null
     * @param retryAfterSeconds for {@link Kind#TOO_MANY}: when to try again, seconds; else 0
     */
    public DomainError(Kind kind, String code, String template, Map<String, ?> args, Map<String, ?> details,
                       int retryAfterSeconds) {
        super(render(template, args), null, false, false);
        this.kind = kind;
        this.code = code;
        this.template = template;
        this.args = Map.copyOf(args);
        this.details = Map.copyOf(details);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** An error without details. */
    public DomainError(Kind kind, String code, String template, Map<String, ?> args) {
        this(kind, code, template, args, Map.of(), 0);
    }

    /** 400: a field or the body is wrong. */
    public static DomainError invalid(String code, String template, Map<String, ?> args) {
        return new DomainError(Kind.INVALID, code, template, args);
    }

    /** 400 with the general code {@code bad-request}. */
    public static DomainError badRequest(String template, Map<String, ?> args) {
        return invalid("bad-request", template, args);
    }

    /** 403: the caller's seat does not allow this. */
    public static DomainError forbidden(String code, String template, Map<String, ?> args) {
        return new DomainError(Kind.FORBIDDEN, code, template, args);
    }

    /** 404: no game with this id. */
    public static DomainError unknownGame(String id) {
        return new DomainError(Kind.NOT_FOUND, "unknown-game", "no game with id '{id}'", Map.of("id", echo(id)));
    }

    /** 409: valid but not now. */
    public static DomainError conflict(String code, String template, Map<String, ?> args) {
        return new DomainError(Kind.CONFLICT, code, template, args);
    }

    /** 422: refused by the rules or the record reader. */
    public static DomainError unprocessable(String code, String template, Map<String, ?> args,
                                            Map<String, ?> details) {
        return new DomainError(Kind.UNPROCESSABLE, code, template, args, details, 0);
    }

    /** 429: try again in {@code seconds}. */
    public static DomainError tooMany(String code, String template, Map<String, ?> args, int seconds) {
        return new DomainError(Kind.TOO_MANY, code, template, args, Map.of("retryAfter", seconds),
                Math.max(1, seconds));
    }

    /** 503: the store failed; nothing was changed. */
    public static DomainError unavailable(String code, String template) {
        return new DomainError(Kind.UNAVAILABLE, code, template, Map.of());
    }

    /** @return the sort of refusal. */
    public Kind kind() {
        return kind;
    }

    /** @return the stable code, e.g. {@code illegal-move}. */
    public String code() {
        return code;
    }

    /** @return the message bundle key: {@code errors.} and the code. */
    public String messageKey() {
        return "errors." + code;
    }

    /** @return the English template, placeholders unfilled. */
    public String template() {
        return template;
    }

    /** @return the named arguments of the message. */
    public Map<String, Object> args() {
        return args;
    }

    /** @return facts for programs (may be empty). */
    public Map<String, Object> details() {
        return details;
    }

    /** @return seconds to wait before trying again ({@link Kind#TOO_MANY}), else 0. */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /**
     * @return {@code template} with each {@code {name}} replaced by its argument (unknown names are kept as
     *     written); the one renderer of templates, used for bundle texts too
     */
    public static String render(String template, Map<String, ?> args) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            Object v = args.get(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(v == null ? m.group() : String.valueOf(v)));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /**
     * @return client text fit to repeat in a message: at most {@link #MAX_ECHO} characters (then {@code …}),
     *     control characters shown as {@code ?}; {@code "nothing"} for null
     */
    public static String echo(String text) {
        if (text == null) {
            return "nothing";
        }
        StringBuilder sb = new StringBuilder();
        int n = Math.min(text.length(), MAX_ECHO);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            sb.append(Character.isISOControl(c) ? '?' : c);
        }
        if (text.length() > MAX_ECHO) {
            sb.append('…');
        }
        return sb.toString();
    }

    /** @return a map of arguments, in order, from name-value pairs. */
    public static Map<String, Object> args(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }
}
