package mancala.server.game;

import java.util.Locale;
import mancala.rules.Side;

/** Who a request speaks for: a seat token's holder sits South, North, both (one screen) or none (a spectator). */
public enum Seat {
    SOUTH, NORTH, BOTH, NONE;

    /** @return true when this seat may act for {@code side}. */
    public boolean plays(Side side) {
        return this == BOTH || this == SOUTH && side == Side.SOUTH || this == NORTH && side == Side.NORTH;
    }

    /** @return {@code south}, {@code north}, {@code both}, or null for a spectator (the API's {@code you}). */
    public String key() {
        return this == NONE ? null : name().toLowerCase(Locale.ROOT);
    }
}
