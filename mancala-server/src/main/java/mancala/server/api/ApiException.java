package mancala.server.api;

import java.util.Map;

/**
 * The one exception of the server's API: an HTTP status, a stable machine-readable code, a message for people and
 * optional details. Handlers throw it; {@code mancala.server.MancalaServer} writes it as JSON in one place. A request
 * that ends in this exception has changed nothing.
 */
public class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final transient Map<String, Object> details;

    /**
     * @param status  the HTTP status, 4xx for the client's mistakes
     * @param code    a short stable code such as {@code illegal-move}
     * @param message what was wrong, for people
     * @param details extra facts (legal moves, the ply expected); may be empty, never null
     */
    public ApiException(int status, String code, String message, Map<String, Object> details) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = Map.copyOf(details);
    }

    /** An exception without details. */
    public ApiException(int status, String code, String message) {
        this(status, code, message, Map.of());
    }

    /** 400: the request cannot be read (malformed JSON, unknown field, bad value). */
    public static ApiException badRequest(String message) {
        return new ApiException(400, "bad-request", message);
    }

    /** 403: the request does not hold the seat token it needs. */
    public static ApiException forbidden(String message) {
        return new ApiException(403, "not-your-seat", message);
    }

    /** 404: no such game. */
    public static ApiException unknownGame(String id) {
        return new ApiException(404, "unknown-game", "no game with id '" + id + "'");
    }

    /** 409: the request is valid but not now (wrong turn, game over, nothing to accept). */
    public static ApiException conflict(String code, String message) {
        return new ApiException(409, code, message);
    }

    /** @return the HTTP status. */
    public int status() {
        return status;
    }

    /** @return the stable error code. */
    public String code() {
        return code;
    }

    /** @return extra facts about the error, possibly empty. */
    public Map<String, Object> details() {
        return details;
    }
}
