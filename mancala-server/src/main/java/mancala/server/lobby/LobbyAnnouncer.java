package mancala.server.lobby;

import java.time.Instant;
import mancala.server.challenge.Challenges;
import mancala.server.game.GameListener;
import mancala.server.game.GamePlayers;
import mancala.server.game.GameState;
import mancala.server.store.ChangeFeed;
import org.jdbi.v3.core.Handle;

/** Tells every instance's lobby pages when a game between people starts or ends (its list of games changed). */
public final class LobbyAnnouncer implements GameListener {
    private final Challenges challenges;
    private final ChangeFeed feed;

    /** @param challenges whose channel the lobby pages follow */
    public LobbyAnnouncer(Challenges challenges, ChangeFeed feed) {
        this.challenges = challenges;
        this.feed = feed;
    }

    @Override
    public void started(GamePlayers players) {
        challenges.announce("games");
    }

    @Override
    public void ended(Handle h, GamePlayers players, GameState game, double southScore, Instant now) {
        feed.publish(h, Challenges.CHANNEL, "games");
    }

    @Override
    public void aborted(Handle h, GamePlayers players, GameState game, Instant now) {
        feed.publish(h, Challenges.CHANNEL, "games");
    }
}
