package mancala.server.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

/**
 * The errors Jetty answers itself (a request it cannot parse, a body too slow, a failure outside the routes):
 * a short JSON body in the API's error shape that names the status and nothing else — no exception, no servlet,
 * no stack.
 */
public final class JsonErrorPages extends ErrorHandler {
    /** A handler that shows no stacks. */
    public JsonErrorPages() {
        setShowStacks(false);
        setShowServlet(false);
        setShowMessageInTitle(false);
    }

    @Override
    protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request,
                                              HttpServletResponse response, int code, String message)
            throws IOException {
        baseRequest.setHandled(true);
        String error = switch (code) {
            case 400 -> "bad-request";
            case 404 -> "not-found";
            case 408 -> "timeout";
            case 413 -> "too-large";
            case 414 -> "uri-too-long";
            case 431 -> "headers-too-large";
            default -> code >= 500 ? "internal" : "http-" + code;
        };
        String text = code >= 500 ? "the server failed; the error is logged" : "the request was refused (" + code
                + ")";
        byte[] body = ("{\"status\":" + code + ",\"error\":\"" + error + "\",\"message\":\"" + text
                + "\",\"details\":{}}").getBytes(StandardCharsets.UTF_8);
        response.setContentType("application/json; charset=utf-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
