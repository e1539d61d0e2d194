package mancala.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** A raw loopback socket for the attack tests: writes requests byte by byte as an attacker would. */
final class RawHttp implements AutoCloseable {
    final Socket socket;
    final OutputStream out;
    final InputStream in;
    final int port;

    RawHttp(int port, int receiveBuffer) throws IOException {
        this.port = port;
        socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(30_000);
        out = socket.getOutputStream();
        in = socket.getInputStream();
    }

    RawHttp(int port) throws IOException {
        this(port, 0);
    }

    void write(String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Opens a WebSocket on {@code path} (with these extra header lines) and reads the 101 answer's headers. */
    String upgrade(String path, String extraHeaders) throws IOException {
        String key = Base64.getEncoder().encodeToString("0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
        write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: " + key + "\r\nSec-WebSocket-Version: 13\r\n" + extraHeaders + "\r\n");
        return readHeaders();
    }

    /** Sends one masked text frame. */
    void sendText(String text) throws IOException {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.write(0x81);
        if (payload.length < 126) {
            f.write(0x80 | payload.length);
        } else {
            f.write(0x80 | 126);
            f.write(payload.length >> 8);
            f.write(payload.length & 0xff);
        }
        byte[] mask = {1, 2, 3, 4};
        f.write(mask);
        for (int i = 0; i < payload.length; i++) {
            f.write(payload[i] ^ mask[i % 4]);
        }
        out.write(f.toByteArray());
        out.flush();
    }

    /** @return the status line and headers, up to the empty line. */
    String readHeaders() throws IOException {
        StringBuilder sb = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0) {
            sb.append((char) c);
            if (sb.length() >= 4 && sb.substring(sb.length() - 4).equals("\r\n\r\n")) {
                break;
            }
        }
        return sb.toString();
    }

    /** @return what arrives until the peer closes or {@code max} bytes (the rest of a response). */
    String readAll(int max) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        int n;
        try {
            while (b.size() < max && (n = in.read(buf)) >= 0) {
                b.write(buf, 0, n);
            }
        } catch (java.net.SocketTimeoutException | java.net.SocketException e) {
            // what came is enough
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closed
        }
    }

    /** Closes with a TCP reset, as a vanished client does. */
    void reset() {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException e) {
            // closed
        }
    }
}
