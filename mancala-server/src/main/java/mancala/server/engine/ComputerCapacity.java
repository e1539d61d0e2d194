package mancala.server.engine;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import mancala.server.error.DomainError;

/**
 * How many games against the computer this instance keeps going at once, and each client's share of them. A game
 * is active from its creation until it ends or nobody has moved in it for {@link #IDLE_MILLIS}; while
 * {@code global} games are active a new one is refused (503 {@code computer-busy} with {@code Retry-After}), and
 * one address or one player (account or guest) may hold at most {@code perClient} of them (429
 * {@code computer-share}). So the AI's moves waiting for a thread stay few: with at most {@code global} active
 * games each thinking at least 50 ms on {@code workers} threads, a reply waits at most
 * {@code global × 50 / workers} ms beyond its own thinking.
 *
 * <p>Per instance: each instance admits its own share (the AI's moves are then worked by every instance's job
 * threads). Memory is bounded by {@code global}.
 */
public final class ComputerCapacity {
    /** A game nobody has moved in for this long no longer counts, ms (2 minutes). */
    public static final long IDLE_MILLIS = 120_000;
    /** The seconds a refused client is told to wait. */
    public static final int RETRY_SECONDS = 30;

    private record Active(String address, String player, long lastMillis) {
    }

    private final int global;
    private final int perClient;
    private final Map<String, Active> games = new LinkedHashMap<>();

    /**
     * @param global    active games at most on this instance
     * @param perClient active games at most per address and per player
     */
    public ComputerCapacity(int global, int perClient) {
        this.global = Math.max(1, global);
        this.perClient = Math.max(1, perClient);
    }

    /**
     * Takes a place for a new game against the computer.
     *
     * @param address the client's address
     * @param player  the player's key (account or guest), or null
     * @return the place, to be {@link #bind bound} to the game once made or {@link #release released}
     * @throws DomainError UNAVAILABLE {@code computer-busy} (503) when the instance is full; TOO_MANY
     *     {@code computer-share} (429) when this address or player already has {@code perClient} games going
     */
    public synchronized String admit(String address, String player, long nowMillis) {
        prune(nowMillis);
        int byAddress = 0;
        int byPlayer = 0;
        for (Active a : games.values()) {
            byAddress += a.address().equals(address) ? 1 : 0;
            byPlayer += player != null && player.equals(a.player()) ? 1 : 0;
        }
        if (byAddress >= perClient || byPlayer >= perClient) {
            throw DomainError.tooMany("computer-share", "you already have {n} games against the computer going: "
                    + "finish one first", Map.of("n", perClient), RETRY_SECONDS);
        }
        if (games.size() >= global) {
            throw busy();
        }
        String place = "new:" + UUID.randomUUID();
        games.put(place, new Active(address, player, nowMillis));
        return place;
    }

    /** @return the 503 of a full computer: try again in {@value #RETRY_SECONDS} seconds. */
    public static DomainError busy() {
        return new DomainError(DomainError.Kind.UNAVAILABLE, "computer-busy", "the computer is busy with other "
                + "players' games; try again in {seconds} seconds", Map.of("seconds", RETRY_SECONDS),
                Map.of("retryAfter", RETRY_SECONDS), RETRY_SECONDS);
    }

    /** Gives the place taken by {@link #admit} to the game made with it. */
    public synchronized void bind(String place, String gameId) {
        Active a = games.remove(place);
        if (a != null) {
            games.put(gameId, a);
        }
    }

    /** Frees a place or a game's place (the game ended, or was never made). */
    public synchronized void release(String placeOrGame) {
        games.remove(placeOrGame);
    }

    /** Marks a move in {@code gameId} (a game this instance did not admit is not counted). */
    public synchronized void touch(String gameId, long nowMillis) {
        Active a = games.remove(gameId);
        if (a != null) {
            games.put(gameId, new Active(a.address(), a.player(), nowMillis)); // to the end: oldest first
        }
    }

    /** @return the active games now. */
    public synchronized int active(long nowMillis) {
        prune(nowMillis);
        return games.size();
    }

    private void prune(long nowMillis) {
        for (Iterator<Active> it = games.values().iterator(); it.hasNext(); ) {
            if (nowMillis - it.next().lastMillis() < IDLE_MILLIS) {
                break; // in order of last activity
            }
            it.remove();
        }
    }
}
