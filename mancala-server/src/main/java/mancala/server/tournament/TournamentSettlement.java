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
 * left. An arena's game scores its players by their streaks and puts them back in the queue ({@link Arena}).
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
        String system = h.createQuery("SELECT system FROM tournaments WHERE id = :t").bind("t", players.tournamentId())
                .mapTo(String.class).findOne().orElse("");
        if (system.equals("arena")) {
            h.createQuery("SELECT south, north FROM tournament_games WHERE game_id = :id").bind("id", game.id())
                    .map((rs, c) -> new long[] {rs.getLong(1), rs.getLong(2)}).findOne()
                    .ifPresent(sn -> Arena.ended(h, runner, players.tournamentId(), sn[0], sn[1], southScore, now));
            return;
        }
        runner.schedule(h, new Job(Tournaments.ADVANCE_JOB, players.tournamentId(), now, -1, null));
    }
}
