package mancala.server.http;

import java.util.Map;
import mancala.server.error.DomainError;

/**
 * A refusal written with its HTTP status, for route code that thinks in statuses: a {@link DomainError} whose
 * kind is the status's ({@link HttpErrors} maps it back to the same status). New domain code throws
 * {@link DomainError} directly.
 */
public class ApiException extends DomainError {
    private static final long serialVersionUID = 1L;

    /**
     * @param status  the HTTP status, 4xx for the client's mistakes (400, 401, 403, 404, 409, 413, 415, 422, 429, 503)
     * @param code    a short stable code such as {@code illegal-move}
     * @param message what was wrong, for people (English)
     * @param details extra facts; may be empty, never null
     */
    public ApiException(int status, String code, String message, Map<String, Object> details) {
        super(kindOf(status), code, message, Map.of(), details, status == 429 ? 2 : 0);
    }

    /** An exception without details. */
    public ApiException(int status, String code, String message) {
        this(status, code, message, Map.of());
    }

    /** 400: the request cannot be read. */
    public static ApiException badRequest(String message) {
        return new ApiException(400, "bad-request", message);
    }

    /** 403: the request does not hold the seat token it needs. */
    public static ApiException forbidden(String message) {
        return new ApiException(403, "not-your-seat", message);
    }

    /** 409: the request is valid but not now. */
    public static ApiException conflict(String code, String message) {
        return new ApiException(409, code, message);
    }

    /** @return the HTTP status. */
    public int status() {
        return HttpErrors.status(kind());
    }

    private static Kind kindOf(int status) {
        return switch (status) {
            case 400 -> Kind.INVALID;
            case 401 -> Kind.UNAUTHENTICATED;
            case 403 -> Kind.FORBIDDEN;
            case 404 -> Kind.NOT_FOUND;
            case 409 -> Kind.CONFLICT;
            case 413 -> Kind.TOO_LARGE;
            case 415 -> Kind.UNSUPPORTED_TYPE;
            case 422 -> Kind.UNPROCESSABLE;
            case 429 -> Kind.TOO_MANY;
            case 503 -> Kind.UNAVAILABLE;
            default -> status >= 500 ? Kind.UNAVAILABLE : Kind.INVALID;
        };
    }
}
