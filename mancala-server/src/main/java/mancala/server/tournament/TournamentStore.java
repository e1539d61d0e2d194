package mancala.server.tournament;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mancala.server.error.DomainError;
import org.jdbi.v3.core.Handle;

/**
 * The tournaments' tables, read and written in the caller's transaction: {@code tournaments},
 * {@code tournament_players}, {@code tournament_rounds} (the pairing-allocated bye of each round),
 * {@code tournament_games} and {@code tournament_absences} (a round a player is not paired in: {@code H} a
 * requested half-point bye, {@code Z} absent: withdrawn, joined later, or a round-robin bye).
 */
final class TournamentStore {
    private TournamentStore() {
    }

    /**
     * A tournament's row: {@code startsAt} the planned start, {@code startedAt} the actual one (null until it
     * started; earlier than planned when its creator started it early), {@code endsAt} an arena's end.
     */
    record Row(String id, String name, String game, String options, String timeControl, String system, int rounds,
               boolean rated, Instant startsAt, long creator, String status, int currentRound, Instant createdAt,
               String seating, String tieBreaks, boolean lateJoin, Integer roundsAsked, Integer minutes,
               Instant endsAt, Instant startedAt) {
        boolean roundRobin() {
            return system.equals("round-robin");
        }

        boolean arena() {
            return system.equals("arena");
        }
    }

    /** A player of a tournament: starting number (seed), round-robin seat, rating at the start, state. */
    record Entrant(long account, String username, int seed, Integer seat, Integer startRating, boolean withdrawn,
                   boolean noShow) {
    }

    /** A game (or a forfeit, without a game id) of a round; {@code southScore} null while it is played. */
    record Game(int round, int board, long south, long north, String gameId, Double southScore, boolean forfeit) {
        boolean has(long p) {
            return south == p || north == p;
        }

        long opponentOf(long p) {
            return south == p ? north : south;
        }
    }

    /** Everything a tournament's pairing, file and standings are made of. */
    record Snapshot(Row row, List<Entrant> players, List<Game> games, Map<Integer, Long> byes,
                    List<Absence> absences) {
        /** @return the rounds paired so far whose every game has a result */
        int completeRounds() {
            int done = 0;
            for (int r = 1; r <= row.currentRound(); r++) {
                final int round = r;
                if (games.stream().anyMatch(g -> g.round() == round && g.southScore() == null)) {
                    break;
                }
                done = r;
            }
            return done;
        }
    }

    /** A round a player is not paired in: {@code H} half-point bye, {@code Z} absent. */
    record Absence(long account, int round, char kind) {
    }

    private static final String COLUMNS = "id, name, game, options, time_control, system, rounds, rated, starts_at, "
            + "creator, status, current_round, created_at, seating, tie_breaks, late_join, rounds_asked, minutes, ends_at, "
            + "started_at";

    /** @return the tournament's row, locked for update. @throws DomainError 404 */
    static Row lock(Handle h, String id) {
        return find(h, id, true);
    }

    /** @return the tournament's row. @throws DomainError 404 */
    static Row read(Handle h, String id) {
        return find(h, id, false);
    }

    private static Row find(Handle h, String id, boolean forUpdate) {
        if (id == null || id.length() > 24) {
            throw unknown(id);
        }
        return h.createQuery("SELECT " + COLUMNS + " FROM tournaments WHERE id = :id" + (forUpdate ? " FOR UPDATE"
                        : "")).bind("id", id).map((rs, c) -> row(rs)).findOne().orElseThrow(() -> unknown(id));
    }

    private static DomainError unknown(String id) {
        return new DomainError(DomainError.Kind.NOT_FOUND, "unknown-tournament", "no tournament with id '{id}'",
                Map.of("id", DomainError.echo(id)));
    }

    /** @return the newest tournaments, up to 100 */
    static List<Row> newest(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM tournaments ORDER BY created_at DESC LIMIT 100")
                .map((rs, c) -> row(rs)).list();
    }

    private static Row row(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getString(6), rs.getInt(7), rs.getBoolean(8), rs.getTimestamp(9).toInstant(), rs.getLong(10),
                rs.getString(11), rs.getInt(12), rs.getTimestamp(13).toInstant(), rs.getString(14),
                rs.getString(15), rs.getBoolean(16), (Integer) rs.getObject(17), (Integer) rs.getObject(18),
                instant(rs.getTimestamp(19)), instant(rs.getTimestamp(20)));
    }

    private static Instant instant(java.sql.Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    /** @return the players by starting number */
    static List<Entrant> players(Handle h, String id) {
        return h.createQuery("SELECT p.account_id, a.username, p.seed, p.seat, p.start_rating, p.withdrawn, "
                        + "p.no_show FROM tournament_players p JOIN accounts a ON a.id = p.account_id "
                        + "WHERE p.tournament_id = :t ORDER BY p.seed, p.account_id").bind("t", id)
                .map((rs, c) -> new Entrant(rs.getLong(1), rs.getString(2), rs.getInt(3), (Integer) rs.getObject(4),
                        (Integer) rs.getObject(5), rs.getBoolean(6), rs.getBoolean(7)))
                .list();
    }

    /** @return the player's entry, if he is in the tournament */
    static Optional<Entrant> player(Handle h, String id, long account) {
        return players(h, id).stream().filter(p -> p.account() == account).findFirst();
    }

    static int playerCount(Handle h, String id) {
        return h.createQuery("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = :t").bind("t", id)
                .mapTo(Integer.class).one();
    }

    static void addPlayer(Handle h, String id, long account, int seed, Integer rating, Instant now) {
        h.createUpdate("INSERT INTO tournament_players (tournament_id, account_id, seed, joined_at, start_rating) "
                        + "VALUES (:t, :a, :s, :now, :r)").bind("t", id).bind("a", account).bind("s", seed)
                .bind("now", now).bind("r", rating).execute();
    }

    static void removePlayer(Handle h, String id, long account) {
        h.createUpdate("DELETE FROM tournament_players WHERE tournament_id = :t AND account_id = :a")
                .bind("t", id).bind("a", account).execute();
    }

    static void seat(Handle h, String id, long account, int seed, int seat, int rating) {
        h.createUpdate("UPDATE tournament_players SET seed = :s, seat = :seat, start_rating = :r "
                        + "WHERE tournament_id = :t AND account_id = :a").bind("s", seed).bind("seat", seat)
                .bind("r", rating).bind("t", id).bind("a", account).execute();
    }

    /** Marks a player withdrawn (or back, with {@code withdrawn} false); {@code noShow} says why. */
    static void withdrawn(Handle h, String id, long account, boolean withdrawn, boolean noShow) {
        h.createUpdate("UPDATE tournament_players SET withdrawn = :w, no_show = :n WHERE tournament_id = :t "
                        + "AND account_id = :a").bind("w", withdrawn).bind("n", noShow).bind("t", id)
                .bind("a", account).execute();
    }

    static void status(Handle h, String id, String status) {
        h.createUpdate("UPDATE tournaments SET status = :s WHERE id = :t").bind("s", status).bind("t", id).execute();
    }

    /** Marks a Swiss or round robin running since {@code now}, with the rounds it has and those asked for. */
    static void started(Handle h, String id, int rounds, int asked, Instant now) {
        h.createUpdate("UPDATE tournaments SET status = 'running', rounds = :r, rounds_asked = :asked, "
                        + "started_at = :now WHERE id = :t").bind("r", rounds).bind("asked", asked).bind("now", now)
                .bind("t", id).execute();
    }

    /** Records round {@code round} as paired, with its pairing-allocated bye (or none). */
    static void round(Handle h, String id, int round, Long bye, Instant now) {
        h.createUpdate("INSERT INTO tournament_rounds (tournament_id, round, bye, paired_at) VALUES (:t, :r, :b, "
                + ":now)").bind("t", id).bind("r", round).bind("b", bye).bind("now", now).execute();
        h.createUpdate("UPDATE tournaments SET current_round = :r WHERE id = :t").bind("r", round).bind("t", id)
                .execute();
    }

    static void game(Handle h, String id, Game g) {
        h.createUpdate("INSERT INTO tournament_games (tournament_id, round, board, south, north, game_id, "
                        + "south_score, forfeit) VALUES (:t, :r, :b, :s, :n, :g, :score, :f)").bind("t", id)
                .bind("r", g.round()).bind("b", g.board()).bind("s", g.south()).bind("n", g.north())
                .bind("g", g.gameId()).bind("score", g.southScore()).bind("f", g.forfeit()).execute();
    }

    /** Records a round a player is not paired in; an entry already there stays. */
    static void absence(Handle h, String id, long account, int round, char kind) {
        boolean there = h.createQuery("SELECT COUNT(*) FROM tournament_absences WHERE tournament_id = :t AND "
                        + "account_id = :a AND round = :r").bind("t", id).bind("a", account).bind("r", round)
                .mapTo(Integer.class).one() > 0;
        if (!there) {
            h.createUpdate("INSERT INTO tournament_absences (tournament_id, account_id, round, kind) VALUES (:t, :a, "
                            + ":r, :k)").bind("t", id).bind("a", account).bind("r", round)
                    .bind("k", String.valueOf(kind)).execute();
        }
    }

    /** Takes back a half-point bye asked for a round not yet paired. @return whether there was one */
    static boolean cancelBye(Handle h, String id, long account, int round) {
        return h.createUpdate("DELETE FROM tournament_absences WHERE tournament_id = :t AND account_id = :a AND "
                        + "round = :r AND kind = 'H'").bind("t", id).bind("a", account).bind("r", round)
                .execute() > 0;
    }

    /** Marks the player's game of {@code round} as a forfeit (not played). @return the rows changed */
    static int forfeit(Handle h, String id, int round, long account) {
        return h.createUpdate("UPDATE tournament_games SET forfeit = TRUE WHERE tournament_id = :t AND round = :r "
                        + "AND (south = :a OR north = :a)").bind("t", id).bind("r", round).bind("a", account)
                .execute();
    }

    /** @return all a tournament's rounds, games, byes and absences */
    static Snapshot snapshot(Handle h, Row t) {
        List<Game> games = h.createQuery("SELECT round, board, south, north, game_id, south_score, forfeit "
                        + "FROM tournament_games WHERE tournament_id = :t ORDER BY round, board").bind("t", t.id())
                .map((rs, c) -> new Game(rs.getInt(1), rs.getInt(2), rs.getLong(3), rs.getLong(4), rs.getString(5),
                        rs.getObject(6) == null ? null : rs.getDouble(6), rs.getBoolean(7)))
                .list();
        Map<Integer, Long> byes = new java.util.TreeMap<>();
        h.createQuery("SELECT round, bye FROM tournament_rounds WHERE tournament_id = :t ORDER BY round")
                .bind("t", t.id())
                .map((rs, c) -> new Object[] {rs.getInt(1), rs.getObject(2) == null ? null : rs.getLong(2)})
                .forEach(r -> byes.put((Integer) r[0], (Long) r[1]));
        List<Absence> absences = new ArrayList<>(h.createQuery("SELECT account_id, round, kind FROM "
                        + "tournament_absences WHERE tournament_id = :t ORDER BY round, account_id").bind("t", t.id())
                .map((rs, c) -> new Absence(rs.getLong(1), rs.getInt(2), rs.getString(3).charAt(0))).list());
        return new Snapshot(t, players(h, t.id()), games, byes, absences);
    }
}
