package mancala.server.tournament;

import java.time.Instant;
import mancala.server.game.GameListener;
import mancala.server.game.GamePlayers;
import mancala.server.game.GameState;
import mancala.server.store.Job;
import mancala.server.store.JobRunner;
import org.jdbi.v3.core.Handle;

/**
 * A tournament game that ends is scored in the transaction that ends it, and the job that pairs the next round
 * ({@value Tournaments#ADVANCE_JOB}) is scheduled at once: it pairs the round when no game of the current one is
 * left.
 */
public final class TournamentSettlement implements GameListener {
    private final JobRunner runner;

    /** @param runner where the round job is scheduled */
    public TournamentSettlement(JobRunner runner) {
        this.runner = runner;
    }

    @Override
    public void ended(Handle h, GamePlayers players, GameState game, double southScore, Instant now) {
        if (players.tournamentId() == null) {
            return;
        }
        h.createUpdate("UPDATE tournament_games SET south_score = :s WHERE game_id = :id")
                .bind("s", southScore).bind("id", game.id()).execute();
        runner.schedule(h, new Job(Tournaments.ADVANCE_JOB, players.tournamentId(), now, -1, null));
    }
}
