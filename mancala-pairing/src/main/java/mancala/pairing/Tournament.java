package mancala.pairing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A tournament as a TRF file describes it: the players (by starting number), the number of rounds, the colour the
 * first player had in round 1, the point system and per-player acceleration.
 */
public final class Tournament {
    private final TreeMap<Integer, Player> players = new TreeMap<>();
    private int totalRounds;
    private Colour initialColour = Colour.NONE;
    private PointSystem points = PointSystem.STANDARD;
    private final Map<Integer, int[]> accelerations = new LinkedHashMap<>();
    private final Map<Integer, List<Integer>> byeRequests = new TreeMap<>();
    private final List<List<Integer>> forbiddenPairs = new ArrayList<>();

    /** Adds a player. @throws IllegalArgumentException if his starting number is taken */
    public Tournament add(Player p) {
        if (players.putIfAbsent(p.startNumber(), p) != null) {
            throw new IllegalArgumentException("starting number " + p.startNumber() + " is repeated");
        }
        return this;
    }

    /** @return the players in order of starting number */
    public List<Player> players() {
        return Collections.unmodifiableList(new ArrayList<>(players.values()));
    }

    /** @return the player with that starting number, or null */
    public Player player(int startNumber) {
        return players.get(startNumber);
    }

    /** @return the number of rounds the tournament will have (XXR), 0 when unknown */
    public int totalRounds() { return totalRounds; }
    public Tournament totalRounds(int n) { totalRounds = n; return this; }

    /** @return the colour (side) of the first-ranked player in round 1 (XXC white1/black1); NONE when unknown */
    public Colour initialColour() { return initialColour; }
    public Tournament initialColour(Colour c) { initialColour = c; return this; }

    private boolean baku;

    /** @return whether the Baku acceleration (C.04.5.1) applies (TRF 192 line ending in _BAKU) */
    public boolean bakuAcceleration() { return baku; }
    public Tournament bakuAcceleration(boolean b) { baku = b; return this; }

    /** @return the point system */
    public PointSystem points() { return points; }
    public Tournament points(PointSystem p) { points = p; return this; }

    /**
     * @return per starting number, the points (tenths) added to the score for pairing in each round (TRF XXA);
     *         missing rounds add nothing
     */
    public Map<Integer, int[]> accelerations() { return accelerations; }

    /** @return half-point (or other) bye requests for a round (TRF-2026 240 lines): round number to starting numbers */
    public Map<Integer, List<Integer>> byeRequests() { return byeRequests; }

    /** @return groups of players who must not be paired against each other (XXP) */
    public List<List<Integer>> forbiddenPairs() { return forbiddenPairs; }

    /** @return the acceleration (tenths) of a player in round {@code roundIndex} (0-based) */
    public int acceleration(int startNumber, int roundIndex) {
        int[] a = accelerations.get(startNumber);
        return a == null || roundIndex >= a.length ? 0 : a[roundIndex];
    }

    /** @return the largest number of round entries on any player's line */
    public int roundsWritten() {
        int max = 0;
        for (Player p : players.values()) {
            max = Math.max(max, p.rounds().size());
        }
        return max;
    }
}
