package mancala.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.websocket.api.RemoteEndpoint;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.api.WriteCallback;
import org.junit.jupiter.api.Test;

/** The outbox of one socket against a peer that reads only when the test says so. */
class OutboxTest {
    /** A socket whose sends complete only when {@link #complete} is called; records what was sent. */
    private static final class Peer {
        final List<String> sent = new ArrayList<>();
        final List<WriteCallback> inFlight = new ArrayList<>();
        boolean disconnected;
        final Session session;

        Peer() {
            RemoteEndpoint remote = (RemoteEndpoint) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {RemoteEndpoint.class}, (p, m, args) -> {
                        if (m.getName().equals("sendString") && args.length == 2) {
                            sent.add((String) args[0]);
                            inFlight.add((WriteCallback) args[1]);
                        }
                        return null;
                    });
            session = (Session) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Session.class},
                    (p, m, args) -> switch (m.getName()) {
                        case "getRemote" -> remote;
                        case "disconnect" -> {
                            disconnected = true;
                            yield null;
                        }
                        case "isOpen" -> !disconnected;
                        default -> null;
                    });
        }

        void complete() {
            inFlight.remove(0).writeSuccess();
        }
    }

    @Test
    void oneSendInFlightAndStatesCoalesce() {
        Peer peer = new Peer();
        Outbox out = new Outbox(peer.session);
        out.state("s1");
        out.state("s2");
        out.state("s3");
        out.reply("r1");
        assertThat(peer.sent).containsExactly("s1");
        peer.complete();
        // replies go before the newest state; the states in between are never sent
        assertThat(peer.sent).containsExactly("s1", "r1");
        peer.complete();
        assertThat(peer.sent).containsExactly("s1", "r1", "s3");
    }

    @Test
    void aPeerThatStopsReadingIsStuckAfterTheLimitAndDropped() {
        Peer peer = new Peer();
        Outbox out = new Outbox(peer.session);
        long start = System.currentTimeMillis();
        assertThat(out.stuck(start + Outbox.STUCK_MILLIS + 1)).isFalse(); // nothing in flight
        out.state("s1");
        assertThat(out.stuck(start - 1 + Outbox.STUCK_MILLIS)).isFalse();
        assertThat(out.stuck(System.currentTimeMillis() + Outbox.STUCK_MILLIS + 1)).isTrue();
        out.drop();
        assertThat(peer.disconnected).isTrue();
        out.state("s2");
        assertThat(peer.sent).containsExactly("s1");
    }

    @Test
    void tooManyRepliesWaitingDropTheSocket() {
        Peer peer = new Peer();
        Outbox out = new Outbox(peer.session);
        for (int i = 0; i <= Outbox.MAX_QUEUED; i++) {
            out.reply("r" + i); // r0 in flight, then MAX_QUEUED waiting
        }
        assertThat(peer.disconnected).isFalse();
        out.reply("one too many");
        assertThat(peer.disconnected).isTrue();
    }
}
