package mancala.pairing.trf;

import java.util.ArrayList;
import java.util.List;
import mancala.pairing.Tournament;

/**
 * A TRF file as read: the tournament and the order of its lines, so that writing it back gives the same text
 * (player lines are formatted from the players; every other line is kept as it was).
 *
 * @param tournament the tournament the file describes
 * @param lines      the file's lines: a String is kept verbatim, an Integer stands for the 001 line of that
 *                   starting number
 */
public record TrfFile(Tournament tournament, List<Object> lines) {
    /** @return a file holding only the tournament's own lines (XXR, XXC, the player lines) */
    public static TrfFile of(Tournament t) {
        List<Object> lines = new ArrayList<>();
        if (t.totalRounds() > 0) {
            lines.add("XXR " + t.totalRounds());
        }
        if (t.initialColour() != mancala.pairing.Colour.NONE) {
            lines.add("XXC " + (t.initialColour() == mancala.pairing.Colour.WHITE ? "white1" : "black1"));
        }
        t.players().forEach(p -> lines.add(p.startNumber()));
        return new TrfFile(t, lines);
    }
}
