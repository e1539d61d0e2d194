package mancala.pairing;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A player of a tournament as a TRF 001 line holds him: starting (pairing) number, personal data, the points the
 * file states and one {@link RoundEntry} a round.
 */
public final class Player {
    private final int startNumber;
    private String sex = "";
    private String title = "";
    private String name = "";
    private int rating;
    private String federation = "";
    private String fideId = "";
    private String birthDate = "";
    /** Points as written in the file, in tenths; -1 when the field was blank. */
    private int statedPoints = -1;
    private int rank;
    private final List<RoundEntry> rounds = new ArrayList<>();

    /** @param startNumber the starting number, 1 or more */
    public Player(int startNumber) {
        if (startNumber < 1) {
            throw new IllegalArgumentException("starting number " + startNumber);
        }
        this.startNumber = startNumber;
    }

    public int startNumber() { return startNumber; }
    public String sex() { return sex; }
    public String title() { return title; }
    public String name() { return name; }
    /** @return the rating, 0 when unrated */
    public int rating() { return rating; }
    public String federation() { return federation; }
    public String fideId() { return fideId; }
    public String birthDate() { return birthDate; }
    /** @return the points the file states, in tenths, or -1 when not stated */
    public int statedPoints() { return statedPoints; }
    /** @return the rank the file states (0: none) */
    public int rank() { return rank; }
    /** @return the rounds, first round first (mutable: the pairing appends rounds) */
    public List<RoundEntry> rounds() { return rounds; }

    public Player sex(String v) { sex = Objects.requireNonNull(v); return this; }
    public Player title(String v) { title = Objects.requireNonNull(v); return this; }
    public Player name(String v) { name = Objects.requireNonNull(v); return this; }
    public Player rating(int v) { rating = v; return this; }
    public Player federation(String v) { federation = Objects.requireNonNull(v); return this; }
    public Player fideId(String v) { fideId = Objects.requireNonNull(v); return this; }
    public Player birthDate(String v) { birthDate = Objects.requireNonNull(v); return this; }
    public Player statedPoints(int tenths) { statedPoints = tenths; return this; }
    public Player rank(int v) { rank = v; return this; }

    /** @return the round {@code index} (0-based), or null when the line has no entry for it */
    public RoundEntry round(int index) {
        return index < rounds.size() ? rounds.get(index) : null;
    }

    /** @return the points of the first {@code roundCount} rounds under {@code points}, in tenths */
    public int points(PointSystem points, int roundCount) {
        int sum = 0;
        for (int r = 0; r < Math.min(roundCount, rounds.size()); r++) {
            sum += rounds.get(r).points(points);
        }
        return sum;
    }
}
