package mancala.server.http;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Who a request comes from and over what: the client's address (the key of its rate limits) and whether it
 * arrived over HTTPS. Behind a reverse proxy ({@code --behind-proxy}) these come from the last entry of
 * {@code X-Forwarded-For} (the one the proxy added) and from {@code X-Forwarded-Proto}; otherwise from the
 * connection, and those headers are ignored (a client could write anything in them).
 */
public final class ClientAddress {
    private static volatile boolean behindProxy;

    private ClientAddress() {
    }

    /** Sets whether requests come through a proxy (at start). */
    static void setBehindProxy(boolean value) {
        behindProxy = value;
    }

    /** @return the client's address. */
    public static String of(HttpServletRequest req) {
        return of(req.getRemoteAddr(), req::getHeader);
    }

    /**
     * @param remote  the connection's peer address
     * @param headers the request's headers by name
     * @return the client's address
     */
    public static String of(String remote, java.util.function.UnaryOperator<String> headers) {
        if (behindProxy) {
            String xff = headers.apply("X-Forwarded-For");
            if (xff != null && !xff.isBlank()) {
                String[] parts = xff.split(",");
                String last = parts[parts.length - 1].strip();
                if (!last.isEmpty() && last.length() <= 64) {
                    return last;
                }
            }
        }
        return remote;
    }

    /** @return true when the client reached the server (or its proxy) over HTTPS. */
    public static boolean secure(HttpServletRequest req) {
        if (behindProxy) {
            String proto = req.getHeader("X-Forwarded-Proto");
            if (proto != null) {
                String[] parts = proto.split(",");
                return parts[parts.length - 1].strip().equalsIgnoreCase("https");
            }
        }
        return req.isSecure();
    }

    /** @return the scheme the client used: {@code https} or {@code http}. */
    static String scheme(HttpServletRequest req) {
        return secure(req) ? "https" : "http";
    }

    /** @return the host (and port) the client addressed. */
    static String host(HttpServletRequest req) {
        if (behindProxy) {
            String h = req.getHeader("X-Forwarded-Host");
            if (h != null && !h.isBlank()) {
                String[] parts = h.split(",");
                return parts[parts.length - 1].strip();
            }
        }
        return req.getHeader("Host");
    }
}
