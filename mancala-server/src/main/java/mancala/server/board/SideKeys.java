package mancala.server.board;

import java.util.Locale;
import mancala.rules.Side;

/** The names of sides in JSON ({@code south}, {@code north}) and in the database ({@code S}, {@code N}). */
public final class SideKeys {
    private SideKeys() {
    }

    /** @return {@code south} or {@code north}; null for null. */
    public static String key(Side side) {
        return side == null ? null : side == Side.SOUTH ? "south" : "north";
    }

    /** @return {@code S} or {@code N}, the database's form; null for null. */
    public static String code(Side side) {
        return side == null ? null : side == Side.SOUTH ? "S" : "N";
    }

    /** @return the side for {@code S}/{@code N}, or null for null. */
    public static Side ofCode(String code) {
        return code == null ? null : code.strip().equals("S") ? Side.SOUTH : Side.NORTH;
    }

    /** @return the side for {@code south}/{@code north} (any case, or {@code s}/{@code n}), or null for anything else. */
    public static Side ofKey(String key) {
        if (key == null) {
            return null;
        }
        return switch (key.trim().toLowerCase(Locale.ROOT)) {
            case "south", "s" -> Side.SOUTH;
            case "north", "n" -> Side.NORTH;
            default -> null;
        };
    }
}
