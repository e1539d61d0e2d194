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
 * left. A game lost by forfeit (a player who did not make his first move in time) is marked so, and the no-show is
 * withdrawn: not paired in the next rounds until he comes back.
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
        // the tournament's row after the ratings' (the order every game's end locks rows in): the round job and
        // the scores of one tournament change one game's end at a time
        h.createQuery("SELECT id FROM tournaments WHERE id = :t FOR UPDATE").bind("t", players.tournamentId())
                .mapTo(String.class).findOne();
        mancala.rules.Outcome o = game.finalOutcome();
        boolean forfeit = o != null && o.termination() == mancala.rules.Termination.FORFEIT;
        h.createUpdate("UPDATE tournament_games SET south_score = :s, forfeit = :f WHERE game_id = :id")
                .bind("s", southScore).bind("f", forfeit).bind("id", game.id()).execute();
        if (forfeit) {
            // the no-show is withdrawn from the next rounds until he comes back (Tournaments#comeBack)
            String loser = southScore == 0 ? players.southPlayer() : players.northPlayer();
            Long account = GamePlayers.accountId(loser);
            if (account != null) {
                h.createUpdate("UPDATE tournament_players SET withdrawn = TRUE WHERE tournament_id = :t "
                        + "AND account_id = :a").bind("t", players.tournamentId()).bind("a", account).execute();
            }
        }
        runner.schedule(h, new Job(Tournaments.ADVANCE_JOB, players.tournamentId(), now, -1, null));
    }
}
