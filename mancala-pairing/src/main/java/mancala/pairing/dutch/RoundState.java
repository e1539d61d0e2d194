package mancala.pairing.dutch;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mancala.pairing.Colour;
import mancala.pairing.Player;
import mancala.pairing.PointSystem;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;

/**
 * The tournament as the pairing of the next round sees it: the rounds played so far, who is present, each
 * player's score, colour history, colour preference, floats and bye history (C.04.3 articles 1.2-1.7; C.04.1).
 *
 * <p>The rounds played are the columns in which someone took part in the pairing; an entry beyond them (a
 * requested half-point bye {@code H}, an absence {@code Z} or {@code -}, a full-point bye {@code F}) keeps that
 * player out of the next round's pairing.
 */
final class RoundState {
    /** One round of one player. */
    static final class Match {
        final int opponent; // index of the opponent, own index when none
        final Colour colour;
        final RoundEntry.Score score;
        final boolean played;
        final boolean participated;

        Match(int opponent, Colour colour, RoundEntry.Score score, boolean played, boolean participated) {
            this.opponent = opponent;
            this.colour = colour;
            this.score = score;
            this.played = played;
            this.participated = participated;
        }
    }

    /** A player's pairing data. */
    static final class P {
        final int id; // starting number - 1
        int rankIndex;
        boolean valid = true;
        final List<Match> matches = new ArrayList<>();
        int[] accelerations = new int[0];
        int score; // without acceleration, tenths
        int imbalance;
        Colour preference = Colour.NONE;
        Colour repeated = Colour.NONE;
        boolean strong;
        int playedGames;
        final Set<Integer> forbidden = new HashSet<>();

        P(int id) {
            this.id = id;
        }

        boolean absoluteImbalance() {
            return imbalance > 1;
        }

        boolean absolutePreference() {
            return absoluteImbalance() || repeated != Colour.NONE;
        }
    }

    final P[] players;
    final int playedRounds;
    final int expectedRounds;
    final PointSystem points;
    final Colour initialColour;

    private RoundState(P[] players, int playedRounds, int expectedRounds, PointSystem points, Colour initialColour) {
        this.players = players;
        this.playedRounds = playedRounds;
        this.expectedRounds = expectedRounds;
        this.points = points;
        this.initialColour = initialColour;
    }

    /**
     * The state for pairing the round after the rounds written in {@code t}.
     *
     * @throws IllegalArgumentException (message for people) when the file lacks what the pairing needs
     */
    static RoundState forNextRound(Tournament t) {
        return build(t, -1);
    }

    /**
     * The state for re-pairing round {@code round} (1-based) of a played tournament: the rounds before it, and the
     * players who were not paired in it kept out as they were.
     */
    static RoundState forRound(Tournament t, int round) {
        return build(t, round - 1);
    }

    private static RoundState build(Tournament t, int truncate) {
        List<Player> list = t.players();
        int n = list.isEmpty() ? 0 : list.get(list.size() - 1).startNumber();
        if (list.size() != n) {
            for (int s = 1; s <= n; s++) {
                if (t.player(s) == null) {
                    throw new IllegalArgumentException("starting number " + s + " is missing");
                }
            }
        }
        P[] ps = new P[n];
        int playedRounds = 0;
        for (Player pl : list) {
            P p = new P(pl.startNumber() - 1);
            ps[p.id] = p;
            List<RoundEntry> entries = pl.rounds();
            int limit = entries.size();
            if (truncate >= 0) {
                limit = Math.min(limit, truncate + 1);
            }
            for (int r = 0; r < limit; r++) {
                RoundEntry e = entries.get(r);
                if (truncate >= 0 && r == truncate && e.participatedInPairing()) {
                    break; // the round being re-paired: only non-pairing entries stay
                }
                int opp = e.opponent() == 0 ? p.id : e.opponent() - 1;
                if (e.opponent() > n || e.opponent() > 0 && t.player(e.opponent()) == null) {
                    throw new IllegalArgumentException("player " + pl.startNumber() + ", round " + (r + 1)
                            + ": opponent " + e.opponent() + " is not in the file");
                }
                p.matches.add(new Match(opp, e.side(), e.score(), e.played(), e.participatedInPairing()));
                playedRounds = Math.max(playedRounds, r);
                if (e.participatedInPairing()) {
                    playedRounds = Math.max(playedRounds, r + 1);
                }
            }
            int[] acc = t.accelerations().get(pl.startNumber());
            if (acc != null) {
                p.accelerations = acc.clone();
            }
        }
        if (truncate >= 0) {
            playedRounds = Math.min(playedRounds, truncate);
        }
        boolean forwardComplete = n > 0 && truncate < 0;
        for (P p : ps) {
            if (p.matches.size() <= playedRounds) {
                forwardComplete = false;
            }
        }
        if (forwardComplete) {
            playedRounds++;
        }
        for (P p : ps) {
            while (p.matches.size() < playedRounds) {
                p.matches.add(new Match(p.id, Colour.NONE, RoundEntry.Score.LOSS, false, false));
            }
        }
        int expected = t.totalRounds();
        if (expected == 0) {
            throw new IllegalArgumentException("the file must state the number of rounds (XXR)");
        }
        if (playedRounds > expected - 1) {
            throw new IllegalArgumentException("the file already holds " + playedRounds
                    + " rounds of a tournament of " + expected + " (XXR)");
        }
        List<Integer> requests = t.byeRequests().get(playedRounds + 1);
        if (requests != null) {
            for (int s : requests) {
                if (s < 1 || s > n) {
                    throw new IllegalArgumentException("bye request for player " + s + ", who is not in the file");
                }
                P p = ps[s - 1];
                if (p.matches.size() <= playedRounds) {
                    p.matches.add(new Match(p.id, Colour.NONE, RoundEntry.Score.LOSS, false, false));
                }
            }
        }
        // played games must agree with the opponent's line
        for (P p : ps) {
            for (int r = 0; r < playedRounds; r++) {
                Match m = p.matches.get(r);
                if (m.played) {
                    P o = ps[m.opponent];
                    Match om = o.matches.get(r);
                    if (!om.played || om.colour == m.colour || om.opponent != p.id) {
                        throw new IllegalArgumentException("round " + (r + 1) + " of player " + (p.id + 1)
                                + " contradicts the line of player " + (o.id + 1));
                    }
                }
            }
        }
        Colour initial = t.initialColour();
        if (initial == Colour.NONE) {
            initial = inferInitialColour(t);
        }
        if (initial == Colour.NONE) {
            throw new IllegalArgumentException(
                    "the colour of the first player in round 1 is not known: add a line 'XXC white1' or 'XXC black1'");
        }
        // effective pairing numbers: players who are present now or took part in some pairing
        int eff = 0;
        for (P p : ps) {
            p.valid = p.matches.size() <= playedRounds;
            for (Match m : p.matches) {
                if (m.participated) {
                    p.valid = true;
                }
            }
            if (p.valid) {
                p.rankIndex = eff++;
            }
        }
        PointSystem pts = t.points();
        if (t.bakuAcceleration() && t.accelerations().isEmpty()) {
            baku(ps, expected, playedRounds, pts);
        }
        for (P p : ps) {
            int white = 0;
            int black = 0;
            int consecutive = 0;
            Colour last = Colour.NONE;
            for (int r = 0; r < playedRounds; r++) {
                Match m = p.matches.get(r);
                p.score += points(m, p.id, pts);
            }
            for (Match m : p.matches) {
                if (m.played) {
                    p.playedGames++;
                    if (m.colour == Colour.WHITE) {
                        white++;
                    } else {
                        black++;
                    }
                    if (consecutive == 0 || m.colour != last) {
                        consecutive = 1;
                    } else {
                        consecutive++;
                    }
                    last = m.colour;
                    p.forbidden.add(m.opponent);
                }
            }
            Colour lower = white > black ? Colour.BLACK : Colour.WHITE;
            p.imbalance = Math.abs(white - black);
            p.preference = p.imbalance > 1 ? lower
                    : consecutive > 1 ? last.invert()
                    : p.imbalance > 0 ? lower
                    : consecutive > 0 ? last.invert()
                    : Colour.NONE;
            p.repeated = consecutive > 1 ? last : Colour.NONE;
            p.strong = !p.absolutePreference() && p.imbalance > 0;
        }
        for (List<Integer> group : t.forbiddenPairs()) {
            for (int a : group) {
                for (int b : group) {
                    if (a != b && a >= 1 && a <= n && b >= 1 && b <= n) {
                        ps[a - 1].forbidden.add(b - 1);
                    }
                }
            }
        }
        return new RoundState(ps, playedRounds, expected, pts, initial);
    }

    /**
     * Baku acceleration (C.04.5.1): the first half of the players by pairing number (group A) get a virtual win in
     * the first quarter of the rounds and a virtual draw in the rest of the first half.
     */
    private static void baku(P[] ps, int expected, int playedRounds, PointSystem pts) {
        if (pts.loss() != 0 || 2 * pts.draw() != pts.win()) {
            throw new IllegalArgumentException("the point system does not fit the Baku acceleration");
        }
        int lastRank = (ps.length - 1) / 2;
        int lastRound = (expected - 1) / 2;
        int lastFull = lastRound / 2;
        for (int i = 0; i <= lastRank && i < ps.length; i++) {
            List<Integer> acc = new ArrayList<>();
            for (int r = 0; r <= lastRound && r <= playedRounds; r++) {
                acc.add(r <= lastFull ? pts.win() : pts.draw());
            }
            ps[i].accelerations = acc.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /**
     * The colour the first player had in round 1, when the file does not say (no XXC): from the earliest round in
     * which colours are written, counting the players who took part in the pairing up to then (the odd ones had the
     * initial colour).
     */
    static Colour inferInitialColour(Tournament t) {
        int minRound = Integer.MAX_VALUE;
        for (Player p : t.players()) {
            for (int r = 0; r < p.rounds().size(); r++) {
                if (p.rounds().get(r).side() != Colour.NONE) {
                    minRound = Math.min(minRound, r);
                }
            }
        }
        if (minRound == Integer.MAX_VALUE) {
            return Colour.NONE;
        }
        Colour result = Colour.NONE;
        int eff = 0;
        for (Player p : t.players()) {
            boolean had = false;
            for (int r = 0; r < p.rounds().size() && r <= minRound; r++) {
                if (p.rounds().get(r).participatedInPairing()) {
                    had = true;
                }
            }
            if (had) {
                if (result == Colour.NONE) {
                    RoundEntry e = p.round(minRound);
                    Colour c = e == null ? Colour.NONE : e.side();
                    result = (eff & 1) != 0 ? c.invert() : c;
                }
                eff++;
            }
        }
        return result;
    }

    /** Points of one round (tenths). */
    static int points(Match m, int self, PointSystem pts) {
        switch (m.score) {
            case LOSS:
                return m.participated ? (m.played ? pts.loss() : pts.forfeitLoss()) : pts.zeroPointBye();
            case WIN:
                return m.opponent == self && m.participated ? pts.pairingAllocatedBye() : pts.win();
            default:
                return pts.draw();
        }
    }

    int points(P p, Match m) {
        return points(m, p.id, points);
    }

    /** The score used for pairing: the points so far plus the acceleration of this round, {@code roundsBack} ago. */
    int score(P p, int roundsBack) {
        int s = p.score;
        int roundIndex = playedRounds;
        for (int k = 0; k < roundsBack; k++) {
            roundIndex--;
            s -= points(p, p.matches.get(roundIndex));
        }
        return s + (roundIndex < p.accelerations.length ? p.accelerations[roundIndex] : 0);
    }

    int score(P p) {
        return score(p, 0);
    }

    /** @return whether the player is present in the round to pair (no entry for it yet) */
    boolean present(P p) {
        return p.valid && p.matches.size() <= playedRounds;
    }

    /** C.04.3 absolute criterion: no pairing-allocated bye for one who already scored a win's points unplayed. */
    boolean eligibleForBye(P p) {
        for (Match m : p.matches) {
            if (!m.played && points(p, m) >= points.win()) {
                return false;
            }
        }
        return true;
    }
}
