package mancala.server.game;

import java.time.Instant;
import mancala.server.clock.TimeControl;
import org.jdbi.v3.core.Jdbi;

/** Starts a game between two people (a challenge taken, a seek matched, a tournament pairing), both seated. */
public final class GameStarter {
    private final GameService games;
    private final GamePlayersStore players;
    private final ClockKeeper clocks;
    private final Jdbi jdbi;
    private final PlayersExtension extension;

    GameStarter(GameService games, GamePlayersStore players, ClockKeeper clocks, Jdbi jdbi,
                PlayersExtension extension) {
        this.games = games;
        this.players = players;
        this.clocks = clocks;
        this.jdbi = jdbi;
        this.extension = extension;
    }

    /** A new game's id and the seat tokens of its players. */
    public record Started(String gameId, String southSeat, String northSeat) {
    }

    /**
     * Starts a game between two players, both seated, the clock running for the first mover.
     *
     * @param game         the game's key; {@code options} its rule options in text
     * @param tc           the clock, or null
     * @param southKey     South's player key; {@code southName} his name; North's likewise
     * @param tournamentId the tournament the game belongs to, or null
     */
    public Started start(String game, String options, TimeControl tc, boolean rated, String southKey,
                         String southName, String northKey, String northName, String tournamentId) {
        GameService.Created c = games.create(Inputs.newGame(game, options, "invite", "south", null, southName));
        GameService.Joined j = games.join(c.game().id(), c.inviteCode(), northName);
        GamePlayers m = new GamePlayers(c.game().id(), game, southKey, northKey, c.seatToken(), j.seatToken(), tc,
                Instant.now(), rated, tournamentId);
        players.insert(m, game);
        if (tc != null) {
            GameState g = j.game();
            jdbi.useTransaction(h -> clocks.deadline(h, m, g));
        }
        extension.started(m);
        return new Started(m.gameId(), c.seatToken(), j.seatToken());
    }
}
