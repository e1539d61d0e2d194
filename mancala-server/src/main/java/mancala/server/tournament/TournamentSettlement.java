package mancala.server.tournament;

import java.time.Instant;
import mancala.rules.Outcome;
import mancala.rules.Termination;
import mancala.server.game.GameListener;
import mancala.server.game.GamePlayers;
import mancala.server.game.GameState;
import mancala.server.store.Job;
import mancala.server.store.JobRunner;
import org.jdbi.v3.core.Handle;

/**
 * A tournament game that ends is scored in the transaction that ends it, and the job that pairs the next round
 * ({@value Tournaments#ADVANCE_JOB}) is scheduled at once: it pairs the round when no game of the current one is
 * left. An arena's game scores its players by their streaks and puts them back in the queue ({@link Arena}). A game
 * lost by forfeit (a player who did not make his first move in time) is a no-show ({@link Tournaments#markNoShow}):
 * the game is marked a forfeit and the player is withdrawn, not paired until he comes back.
 */
public final class TournamentSettlement implements GameListener {
    private final JobRunner runner;

    /** @param runner where the round job is scheduled */
    public TournamentSettlement(JobRunner runner) {
        this.runner = runner;
    }

    @Override
    public void ended(Handle h, GamePlayers players, GameState game, double southScore, Instant now) {
        String id = players.tournamentId();
        if (id == null) {
            return;
        }
        // the tournament's row after the ratings' (the order every game's end locks rows in), before any job's row:
        // the round job and the scores of one tournament change one game's end at a time
        TournamentStore.Row t = TournamentStore.lock(h, id);
        h.createUpdate("UPDATE tournament_games SET south_score = :s WHERE game_id = :id")
                .bind("s", southScore).bind("id", game.id()).execute();
        Outcome o = game.finalOutcome();
        Long noShow = null;
        if (o != null && o.termination() == Termination.FORFEIT) {
            noShow = GamePlayers.accountId(southScore == 0 ? players.southPlayer() : players.northPlayer());
        }
        if (t.arena()) {
            h.createQuery("SELECT south, north FROM tournament_games WHERE game_id = :id").bind("id", game.id())
                    .map((rs, c) -> new long[] {rs.getLong(1), rs.getLong(2)}).findOne()
                    .ifPresent(sn -> Arena.ended(h, runner, id, sn[0], sn[1], southScore, now));
        }
        if (noShow != null) {
            // after the arena's scoring, which puts both back in the queue: the no-show leaves it
            Tournaments.markNoShow(h, id, noShow);
        }
        if (!t.arena()) {
            runner.schedule(h, new Job(Tournaments.ADVANCE_JOB, id, now, -1, null));
        }
    }
}
