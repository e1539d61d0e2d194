package mancala.server.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.pairing.Player;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;
import mancala.pairing.standings.Points;
import mancala.pairing.tiebreak.TieBreak;
import mancala.pairing.tiebreak.TieBreaks;
import mancala.rules.GameKind;
import mancala.server.account.Account;
import mancala.server.clock.Clocks;
import mancala.server.tournament.TournamentStore.Absence;
import mancala.server.tournament.TournamentStore.Entrant;
import mancala.server.tournament.TournamentStore.Game;
import mancala.server.tournament.TournamentStore.Row;
import mancala.server.tournament.TournamentStore.Snapshot;

/**
 * The tournaments as the API shows them (see {@code /api/openapi.json}): the summary of the list, and one
 * tournament with its players, rounds, standings (points and each tie-break's value, as numbers and written with
 * "½"), crosstable and, for a signed-in player, his own board.
 */
final class TournamentViews {
    private TournamentViews() {
    }

    /** @return the summary of a tournament for the list */
    static Map<String, Object> summary(Row t, int players, String creator) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", t.id());
        m.put("name", t.name());
        GameKind kind = GameKind.byKey(t.game()).orElse(null);
        m.put("defaultName", kind != null && t.name().equals(Tournaments.defaultName(kind, t.system())));
        m.put("game", t.game());
        m.put("options", t.options());
        m.put("clock", Clocks.viewOfTag(t.timeControl()));
        m.put("system", t.system());
        m.put("rounds", t.rounds());
        if (t.roundsAsked() != null && t.roundsAsked() > t.rounds()) {
            // A Swiss never pairs two players twice: N players have N - 1 rounds of new pairings (N with a bye).
            m.put("roundsAsked", t.roundsAsked());
            m.put("fewerRounds", "too-few-players");
        }
        m.put("rated", t.rated());
        m.put("startsAt", t.startsAt().toString());
        if (t.startedAt() != null) {
            m.put("startedAt", t.startedAt().toString());
        }
        m.put("creator", creator);
        m.put("status", t.status());
        m.put("currentRound", t.currentRound());
        m.put("players", players);
        m.put("seating", t.seating());
        m.put("lateJoin", t.lateJoin());
        if (t.arena()) {
            m.put("minutes", t.minutes());
            if (t.endsAt() != null) {
                m.put("endsAt", t.endsAt().toString());
            }
        }
        return m;
    }

    /** @return one tournament, seen by {@code viewer} (or nobody) */
    static Map<String, Object> view(Snapshot s, List<TieBreak> order, Map<Long, Integer> ratings, String creator,
                                    Account viewer) {
        Row t = s.row();
        Map<String, Object> m = summary(t, s.players().size(), creator);
        m.put("tieBreaks", order.stream().map(TieBreak::code).toList());
        if (m.containsKey("fewerRounds")) {
            m.put("playersAtStart", playersAtStart(s));
        }
        Map<Long, String> names = new HashMap<>();
        Map<Integer, Long> bySeed = new HashMap<>();
        List<Map<String, Object>> players = new ArrayList<>();
        for (Entrant e : s.players()) {
            names.put(e.account(), e.username());
            bySeed.put(e.seed(), e.account());
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("username", e.username());
            p.put("seed", e.seed());
            if (e.seat() != null && t.roundRobin()) {
                p.put("seat", e.seat());
            }
            p.put("rating", ratings.get(e.account()));
            p.put("withdrawn", e.withdrawn());
            p.put("noShow", e.withdrawn() && e.noShow());
            p.put("byes", s.absences().stream().filter(a -> a.account() == e.account() && a.kind() == 'H'
                    && a.round() > t.currentRound()).map(Absence::round).toList());
            players.add(p);
        }
        m.put("players", players);
        m.put("pairings", rounds(s, names));
        int done = s.completeRounds();
        m.put("standingsAfter", done);
        Tournament file = TournamentFile.of(s, done, false);
        List<TieBreaks.Standing> standings = new TieBreaks(file, done).rank(order);
        m.put("standings", standings(standings, order, bySeed, names, done, s));
        m.put("crosstable", crosstable(standings, bySeed, names, file, done));
        if (viewer != null && names.containsKey(viewer.id())) {
            m.put("you", you(s, viewer.id(), names));
        }
        return m;
    }

    /**
     * @return the players there at the start, who fixed the number of rounds: those in round 1 (a game, the bye or a
     *     half-point bye asked before the start), not those who joined later
     */
    private static int playersAtStart(Snapshot s) {
        java.util.Set<Long> in = new java.util.HashSet<>();
        for (Game g : s.games()) {
            if (g.round() == 1) {
                in.add(g.south());
                in.add(g.north());
            }
        }
        Long bye = s.byes().get(1);
        if (bye != null) {
            in.add(bye);
        }
        s.absences().stream().filter(a -> a.round() == 1 && a.kind() == 'H').forEach(a -> in.add(a.account()));
        return in.size();
    }

    /** @return an arena: its settings, end, games (as one round), live standings and the viewer's game */
    static Map<String, Object> arena(Snapshot s, List<Map<String, Object>> standings, Map<Long, Integer> ratings,
                                     String creator, Account viewer) {
        Row t = s.row();
        Map<String, Object> m = summary(t, s.players().size(), creator);
        m.put("tieBreaks", List.of());
        Map<Long, String> names = new HashMap<>();
        List<Map<String, Object>> players = new ArrayList<>();
        for (Entrant e : s.players()) {
            names.put(e.account(), e.username());
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("username", e.username());
            p.put("seed", e.seed());
            p.put("rating", ratings.get(e.account()));
            p.put("withdrawn", e.withdrawn());
            p.put("noShow", e.withdrawn() && e.noShow());
            players.add(p);
        }
        m.put("players", players);
        List<Map<String, Object>> rounds = rounds(s, names);
        m.put("pairings", rounds);
        m.put("standingsAfter", 0);
        m.put("standings", standings);
        m.put("crosstable", List.of());
        if (viewer != null && names.containsKey(viewer.id())) {
            Map<String, Object> y = new LinkedHashMap<>();
            Entrant e = s.players().stream().filter(p -> p.account() == viewer.id()).findFirst().orElseThrow();
            y.put("withdrawn", e.withdrawn());
            y.put("noShow", e.noShow());
            y.put("round", t.currentRound());
            for (Game g : s.games()) {
                if (g.has(viewer.id()) && g.southScore() == null) {
                    y.put("board", g.board());
                    y.put("side", g.south() == viewer.id() ? "south" : "north");
                    y.put("opponent", names.get(g.opponentOf(viewer.id())));
                    y.put("gameId", g.gameId());
                    y.put("over", false);
                }
            }
            m.put("you", y);
        }
        return m;
    }

    /** @return each round: its number, bye, absences and games with their ids and results */
    private static List<Map<String, Object>> rounds(Snapshot s, Map<Long, String> names) {
        List<Map<String, Object>> rounds = new ArrayList<>();
        Map<Integer, Long> byRound = new java.util.TreeMap<>(s.byes());
        if (s.row().arena() && !s.games().isEmpty()) {
            byRound.put(1, null);
        }
        for (Map.Entry<Integer, Long> r : byRound.entrySet()) {
            int number = r.getKey();
            Map<String, Object> rv = new LinkedHashMap<>();
            rv.put("number", number);
            rv.put("bye", r.getValue() == null ? null : names.get(r.getValue()));
            rv.put("halfPointByes", s.absences().stream().filter(a -> a.round() == number && a.kind() == 'H')
                    .map(a -> names.get(a.account())).toList());
            rv.put("absent", s.absences().stream().filter(a -> a.round() == number && a.kind() == 'Z')
                    .map(a -> names.get(a.account())).toList());
            List<Map<String, Object>> games = new ArrayList<>();
            for (Game g : s.games()) {
                if (g.round() != number) {
                    continue;
                }
                Map<String, Object> gv = new LinkedHashMap<>();
                gv.put("board", g.board());
                gv.put("south", names.get(g.south()));
                gv.put("north", names.get(g.north()));
                gv.put("gameId", g.gameId());
                gv.put("result", g.southScore() == null ? null : g.southScore() == 1 ? "1-0"
                        : g.southScore() == 0 ? "0-1" : "1/2-1/2");
                gv.put("forfeit", g.forfeit());
                games.add(gv);
            }
            rv.put("games", games);
            rounds.add(rv);
        }
        return rounds;
    }

    /** @return the standings' lines: rank (shared only when every tie-break ties), points, tie-break values */
    private static List<Map<String, Object>> standings(List<TieBreaks.Standing> standings, List<TieBreak> order,
                                                       Map<Integer, Long> bySeed, Map<Long, String> names, int done,
                                                       Snapshot s) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (TieBreaks.Standing st : standings) {
            Player p = st.player();
            long account = bySeed.get(p.startNumber());
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("rank", st.rank());
            l.put("username", names.get(account));
            l.put("points", number(st.score(), 10));
            l.put("pointsText", Points.format(st.score()));
            List<Map<String, Object>> values = new ArrayList<>();
            for (int i = 0; i < order.size(); i++) {
                values.add(tieBreak(order.get(i), st.values().get(i)));
            }
            l.put("tieBreaks", values);
            int played = 0;
            int wins = 0;
            int draws = 0;
            int losses = 0;
            for (int r = 0; r < done; r++) {
                RoundEntry e = p.round(r);
                if (e != null && e.played()) {
                    played++;
                    switch (e.score()) {
                        case WIN -> wins++;
                        case DRAW -> draws++;
                        default -> losses++;
                    }
                }
            }
            l.put("played", played);
            l.put("wins", wins);
            l.put("draws", draws);
            l.put("losses", losses);
            Entrant entrant = s.players().stream().filter(e -> e.account() == account).findFirst().orElseThrow();
            l.put("withdrawn", entrant.withdrawn());
            l.put("noShow", entrant.withdrawn() && entrant.noShow());
            out.add(l);
        }
        return out;
    }

    /**
     * Points and tie-break values as every reply writes them: a whole value as an integer ({@code 0}, {@code 3}),
     * any other as a decimal ({@code 1.5}, {@code 7.25}), never {@code 0.0}.
     *
     * @param raw  the value in units of {@code 1 / unit} (tenths of a point: unit 10)
     * @param unit the units in one
     */
    static Number number(int raw, int unit) {
        if (raw % unit == 0) {
            return raw / unit; // not in a ?: with a double: that would make every value a double again
        }
        return (double) raw / unit;
    }

    /** @return a tie-break's code, value as a number and value as written ("12½") */
    static Map<String, Object> tieBreak(TieBreak tb, int raw) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("code", tb.code());
        switch (tb) {
            case BH, BH_C1, BH_C2, BH_M1, SB, SB_C1 -> {
                v.put("value", number(raw, 100));
                v.put("text", Points.formatHundredths(raw));
            }
            case DE -> {
                v.put("value", number(raw, 10));
                v.put("text", Points.format(raw));
            }
            default -> {
                v.put("value", raw);
                v.put("text", Integer.toString(raw));
            }
        }
        return v;
    }

    /**
     * @return one row per player in standings order: for each complete round the opponent's place, his side and
     *     his result, or the kind of round without a game (U pairing-allocated bye, H half-point bye, Z absent)
     */
    private static List<Map<String, Object>> crosstable(List<TieBreaks.Standing> standings,
                                                        Map<Integer, Long> bySeed, Map<Long, String> names,
                                                        Tournament file, int done) {
        Map<Integer, Integer> place = new HashMap<>();
        for (int i = 0; i < standings.size(); i++) {
            place.put(standings.get(i).player().startNumber(), i + 1);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (TieBreaks.Standing st : standings) {
            Player p = st.player();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("place", place.get(p.startNumber()));
            row.put("username", names.get(bySeed.get(p.startNumber())));
            List<Map<String, Object>> byRound = new ArrayList<>();
            for (int r = 0; r < done; r++) {
                RoundEntry e = p.round(r);
                Map<String, Object> cell = new LinkedHashMap<>();
                cell.put("round", r + 1);
                if (e.opponent() == 0) {
                    cell.put("unpaired", String.valueOf(e.result()));
                } else {
                    cell.put("opponent", names.get(bySeed.get(e.opponent())));
                    cell.put("opponentPlace", place.get(e.opponent()));
                    cell.put("side", e.colour() == 'w' ? "south" : "north");
                    cell.put("score", number(e.score() == RoundEntry.Score.WIN ? 2
                            : e.score() == RoundEntry.Score.DRAW ? 1 : 0, 2)); // 1, 0.5, 0 as points are written
                    cell.put("forfeit", e.forfeit());
                }
                byRound.add(cell);
            }
            row.put("rounds", byRound);
            row.put("points", number(st.score(), 10));
            rows.add(row);
        }
        return rows;
    }

    /** @return the viewer's own state: withdrawn or not, and his board, side and opponent in the current round */
    private static Map<String, Object> you(Snapshot s, long me, Map<Long, String> names) {
        Map<String, Object> y = new LinkedHashMap<>();
        Entrant e = s.players().stream().filter(p -> p.account() == me).findFirst().orElseThrow();
        y.put("withdrawn", e.withdrawn());
        y.put("noShow", e.noShow());
        int round = s.row().currentRound();
        y.put("round", round);
        for (Game g : s.games()) {
            if (g.round() == round && g.has(me)) {
                y.put("board", g.board());
                y.put("side", g.south() == me ? "south" : "north");
                y.put("opponent", names.get(g.opponentOf(me)));
                y.put("gameId", g.gameId());
                y.put("over", g.southScore() != null);
                return y;
            }
        }
        Long bye = s.byes().get(round);
        if (bye != null && bye == me) {
            y.put("unpaired", s.row().roundRobin() ? "Z" : "U");
        } else if (round > 0) {
            y.put("unpaired", s.absences().stream().filter(a -> a.account() == me && a.round() == round)
                    .map(a -> String.valueOf(a.kind())).findFirst().orElse("Z"));
        }
        return y;
    }
}
