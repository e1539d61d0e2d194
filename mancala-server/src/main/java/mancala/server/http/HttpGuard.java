package mancala.server.http;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import mancala.server.error.DomainError;

/**
 * The first thing every request meets (a servlet filter before all routes, WebSocket upgrades included):
 * <ul>
 *   <li>security headers on every response: a Content-Security-Policy (scripts from the site's files only, no
 *       framing), {@code X-Content-Type-Options: nosniff}, {@code Referrer-Policy: no-referrer};</li>
 *   <li>a state-changing request (any method but GET, HEAD, OPTIONS) or a WebSocket upgrade that a browser sends
 *       from another site ({@code Origin} not the server's own nor an allowed one, or
 *       {@code Sec-Fetch-Site: cross-site}) is refused with 403 ({@code bad-origin});</li>
 *   <li>a request body under {@code /api/} must be {@code application/json} (415 otherwise);</li>
 *   <li>every body, with or without {@code Content-Length} (chunked), is read here without holding a thread,
 *       up to {@link #MAX_BODY_BYTES}, and refused with 413 the moment it goes beyond, on every route; one that
 *       has not arrived within {@link #BODY_TIMEOUT_MILLIS} is refused with 408. The handlers then read the
 *       bytes kept here.</li>
 * </ul>
 */
public final class HttpGuard implements Filter {
    /** Largest request body accepted, in bytes: a long record pasted for analysis fits many times over. */
    public static final int MAX_BODY_BYTES = 256 * 1024;
    /** The Content-Security-Policy of every response. */
    public static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";
    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");
    /** A request body must have arrived whole this long after its headers, milliseconds. */
    public static final long BODY_TIMEOUT_MILLIS = 10_000;
    private static final String BODY = HttpGuard.class.getName() + ".body";

    private final HttpErrors errors;
    private final List<String> allowedOrigins;

    /**
     * @param errors         how refusals are written
     * @param allowedOrigins origins besides the server's own that may send state-changing requests
     */
    public HttpGuard(HttpErrors errors, List<String> allowedOrigins) {
        this.errors = errors;
        this.allowedOrigins = List.copyOf(allowedOrigins);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest req = (HttpServletRequest) request;
        HttpServletResponse res = (HttpServletResponse) response;
        if (request.getDispatcherType() == DispatcherType.ASYNC) {
            // The body was read without a thread (below); now the routes run with it.
            Object body = req.getAttribute(BODY);
            if (body instanceof byte[] bytes) {
                req.removeAttribute(BODY);
                chain.doFilter(new Buffered(req, bytes), res);
            } else {
                chain.doFilter(req, res);
            }
            return;
        }
        res.setHeader("Content-Security-Policy", CSP);
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("X-Frame-Options", "DENY");
        res.setHeader("Referrer-Policy", "no-referrer");
        String path = req.getRequestURI();
        if (path.startsWith("/api/")) {
            res.setHeader("Cache-Control", "no-store");
        }
        String method = req.getMethod().toUpperCase(Locale.ROOT);
        boolean upgrade = "websocket".equalsIgnoreCase(req.getHeader("Upgrade"));
        if ((!SAFE.contains(method) || upgrade) && !sameSite(req)) {
            errors.write(req, res, DomainError.forbidden("bad-origin", "requests from other sites are refused",
                    Map.of()));
            return;
        }
        boolean hasBody = req.getContentLengthLong() > 0 || req.getHeader("Transfer-Encoding") != null;
        if (!hasBody) {
            chain.doFilter(req, res);
            return;
        }
        if (path.startsWith("/api/") && !json(req.getContentType())) {
            res.setHeader("Connection", "close");
            errors.write(req, res, new DomainError(DomainError.Kind.UNSUPPORTED_TYPE, "not-json",
                    "the request body must be JSON, sent with Content-Type: application/json", Map.of()));
            return;
        }
        if (req.getContentLengthLong() > MAX_BODY_BYTES) {
            res.setHeader("Connection", "close");
            errors.write(req, res, HttpErrors.tooLarge());
            return;
        }
        readAsync(req, res);
    }

    /**
     * Reads the body with no thread waiting for it (a servlet read listener): refused with 413 once it passes
     * {@link #MAX_BODY_BYTES}, with 408 when it has not all arrived within {@link #BODY_TIMEOUT_MILLIS}; then the
     * request is dispatched again to the routes with the body kept in memory.
     */
    private void readAsync(HttpServletRequest req, HttpServletResponse res) throws IOException {
        AsyncContext ac = req.startAsync(req, res);
        ac.setTimeout(BODY_TIMEOUT_MILLIS);
        ServletInputStream in = req.getInputStream();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AtomicBoolean done = new AtomicBoolean();
        ac.addListener(timeout(ac, req, res, done));
        in.setReadListener(bodyReader(ac, req, res, in, out, done));
    }

    /** @return the listener that refuses the request with 408 when its body is late, or ends it on an error. */
    private AsyncListener timeout(AsyncContext ac, HttpServletRequest req, HttpServletResponse res,
                                  AtomicBoolean done) {
        return new AsyncListener() {
            @Override
            public void onTimeout(AsyncEvent event) {
                if (done.compareAndSet(false, true)) {
                    refuse(ac, req, res, new DomainError(DomainError.Kind.INVALID, "slow-body",
                            "the request body did not arrive within {seconds} seconds",
                            Map.of("seconds", BODY_TIMEOUT_MILLIS / 1000)), 408);
                }
            }

            @Override
            public void onError(AsyncEvent event) {
                if (done.compareAndSet(false, true)) {
                    ac.complete();
                }
            }

            @Override
            public void onComplete(AsyncEvent event) {
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
            }
        };
    }

    /** @return the listener that keeps the body in {@code out} as it comes, refusing it past the size limit. */
    private ReadListener bodyReader(AsyncContext ac, HttpServletRequest req, HttpServletResponse res,
                                    ServletInputStream in, ByteArrayOutputStream out, AtomicBoolean done) {
        return new ReadListener() {
            private final byte[] buf = new byte[8192];

            @Override
            public void onDataAvailable() throws IOException {
                while (!done.get() && in.isReady()) {
                    int n = in.read(buf);
                    if (n < 0) {
                        return;
                    }
                    if (out.size() + n > MAX_BODY_BYTES) {
                        if (done.compareAndSet(false, true)) {
                            res.setHeader("Connection", "close");
                            refuse(ac, req, res, HttpErrors.tooLarge(), 0);
                        }
                        return;
                    }
                    out.write(buf, 0, n);
                }
            }

            @Override
            public void onAllDataRead() {
                if (done.compareAndSet(false, true)) {
                    req.setAttribute(BODY, out.toByteArray());
                    ac.dispatch();
                }
            }

            @Override
            public void onError(Throwable t) {
                if (done.compareAndSet(false, true)) {
                    refuse(ac, req, res, new DomainError(DomainError.Kind.INVALID, "bad-body",
                            "the request body could not be read", Map.of()), 0);
                }
            }
        };
    }

    private void refuse(AsyncContext ac, HttpServletRequest req, HttpServletResponse res, DomainError e,
                        int status) {
        try {
            res.setHeader("Connection", "close");
            errors.write(req, res, e);
            if (status > 0) {
                res.setStatus(status);
            }
        } finally {
            ac.complete();
        }
    }

    private static boolean json(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return type.equals("application/json");
    }

    /** @return false for a browser request made by a page of another site. */
    private boolean sameSite(HttpServletRequest req) {
        String fetchSite = req.getHeader("Sec-Fetch-Site");
        String origin = req.getHeader("Origin");
        if (origin == null) {
            // Not sent by a browser page of another origin (browsers send Origin on cross-origin POSTs and on
            // every WebSocket); command-line clients send none.
            return !"cross-site".equalsIgnoreCase(fetchSite);
        }
        String own = ClientAddress.scheme(req) + "://" + ClientAddress.host(req);
        if (origin.equalsIgnoreCase(own)) {
            return true;
        }
        for (String allowed : allowedOrigins) {
            if (origin.equalsIgnoreCase(allowed)) {
                return true;
            }
        }
        return false;
    }

    /** A request whose body was read already. */
    private static final class Buffered extends HttpServletRequestWrapper {
        private final byte[] body;

        Buffered(HttpServletRequest req, byte[] body) {
            super(req);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body was read already");
                }

                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
