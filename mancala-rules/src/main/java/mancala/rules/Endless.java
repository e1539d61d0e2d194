package mancala.rules;

import java.util.Locale;

/**
 * What happens to an endless move, a relay sowing whose lap state repeats within the move (docs/rules.md H8, R5, and
 * Al-manqala's {@code relay} option). The text form is the option value: {@code endless=lose|illegal|draw}.
 */
public enum Endless {
    /** The endless move may be played and the player who plays it loses (H8 default, de Voogt). */
    LOSE,
    /** An endless move is not a legal move (R5 default, and Al-manqala {@code relay}'s default). */
    ILLEGAL,
    /** The endless move may be played and ends the game (in Rio Kadalis: the round) drawn. */
    DRAW;

    /** @return the option value, {@code lose}, {@code illegal} or {@code draw}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
