package mancala.server.tournament;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mancala.pairing.Colour;
import mancala.pairing.Player;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;
import mancala.pairing.tiebreak.TieBreak;
import mancala.pairing.tiebreak.TieBreaks;
import mancala.pairing.trf.TrfFile;
import mancala.pairing.trf.TrfWriter;
import mancala.server.tournament.TournamentStore.Absence;
import mancala.server.tournament.TournamentStore.Entrant;
import mancala.server.tournament.TournamentStore.Game;
import mancala.server.tournament.TournamentStore.Snapshot;

/**
 * A site tournament as the pairing module sees it: one {@link Player} a starting number (the seed given at the
 * start, by rating; late joiners after), his rating at the start, and one TRF round entry a round: a game with his
 * side (White = South, the side that moves first) and result ({@code 1 0 =}, or {@code + -} for a forfeit), the
 * pairing-allocated bye {@code U}, a requested half-point bye {@code H} or an absence {@code Z} (withdrawn, not yet
 * joined, the bye of an odd round robin). The initial colour is {@code white1} (the top seed is South in round 1).
 */
final class TournamentFile {
    private TournamentFile() {
    }

    /**
     * @param rounds the rounds to write (those complete), 1..rounds
     * @param next   also write the round after them with only its non-pairing entries (H, Z): the state the next
     *               round is paired from
     * @return the tournament with its players' rounds
     */
    static Tournament of(Snapshot s, int rounds, boolean next) {
        Tournament t = new Tournament().totalRounds(s.row().rounds()).initialColour(Colour.WHITE);
        Map<Long, Integer> number = new HashMap<>();
        for (Entrant e : s.players()) {
            number.put(e.account(), e.seed());
        }
        for (Entrant e : s.players()) {
            Player p = new Player(e.seed()).name(e.username())
                    .rating(e.startRating() == null ? 0 : e.startRating());
            for (int r = 1; r <= rounds; r++) {
                p.rounds().add(entry(s, e.account(), r, number));
            }
            if (next) {
                char kind = e.withdrawn() ? 'Z' : 0;
                for (Absence a : s.absences()) {
                    if (a.account() == e.account() && a.round() == rounds + 1) {
                        kind = a.kind();
                    }
                }
                if (kind != 0) {
                    p.rounds().add(RoundEntry.unpaired(kind));
                }
            }
            t.add(p);
        }
        return t;
    }

    /** @return round {@code r} of player {@code account} as a TRF entry */
    private static RoundEntry entry(Snapshot s, long account, int r, Map<Long, Integer> number) {
        for (Game g : s.games()) {
            if (g.round() == r && g.has(account) && g.southScore() != null) {
                double score = g.south() == account ? g.southScore() : 1 - g.southScore();
                char result = g.forfeit() ? (score == 1 ? '+' : '-') : score == 1 ? '1' : score == 0 ? '0' : '=';
                return RoundEntry.game(number.get(g.opponentOf(account)), g.south() == account ? Colour.WHITE
                        : Colour.BLACK, result);
            }
        }
        Long bye = s.byes().get(r);
        if (bye != null && bye == account) {
            return s.row().roundRobin() ? RoundEntry.unpaired('Z') : RoundEntry.pairingAllocatedBye();
        }
        for (Absence a : s.absences()) {
            if (a.account() == account && a.round() == r) {
                return RoundEntry.unpaired(a.kind());
            }
        }
        return RoundEntry.unpaired('Z');
    }

    /**
     * The TRF text of the tournament's complete rounds: XXR, XXC, a 012 name line, then the players by starting
     * number, each with (TRF16) his points after the complete rounds in columns 81-84 ("4.5") and his rank in
     * 86-89: his place in the standings after those rounds, by points then {@code order}'s tie-breaks, equal
     * players by starting number (as the crosstable numbers them).
     *
     * @param order the tournament's tie-breaks, most important first
     */
    static String trf(Snapshot s, List<TieBreak> order) {
        int done = s.completeRounds();
        Tournament t = of(s, done, done == s.row().currentRound() && done < s.row().rounds()
                && !s.row().status().equals("finished"));
        List<TieBreaks.Standing> standings = new TieBreaks(of(s, done, false), done).rank(order);
        for (int i = 0; i < standings.size(); i++) {
            TieBreaks.Standing st = standings.get(i);
            t.player(st.player().startNumber()).statedPoints(st.score()).rank(i + 1);
        }
        TrfFile f = TrfFile.of(t);
        List<Object> lines = new java.util.ArrayList<>(f.lines());
        lines.add(0, "012 " + s.row().name());
        return TrfWriter.write(new TrfFile(t, lines));
    }
}
