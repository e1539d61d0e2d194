package mancala.pairing.trf;

import mancala.pairing.Player;
import mancala.pairing.RoundEntry;

/** Writes TRF text: the lines of a {@link TrfFile}, player lines formatted in the TRF16 columns. */
public final class TrfWriter {
    private TrfWriter() {
    }

    /** @return the file's text, lines ended by LF */
    public static String write(TrfFile file) {
        StringBuilder sb = new StringBuilder();
        for (Object line : file.lines()) {
            if (line instanceof Integer n) {
                sb.append(playerLine(file.tournament().player(n)));
            } else {
                sb.append((String) line);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** @return the 001 line of {@code p}, without line end */
    public static String playerLine(Player p) {
        StringBuilder sb = new StringBuilder(100 + 10 * p.rounds().size());
        sb.append("001 ").append(pad(Integer.toString(p.startNumber()), 4, true)).append(' ');
        sb.append(pad(p.sex(), 1, false)).append(pad(p.title(), 3, true)).append(' ');
        sb.append(pad(p.name(), 33, false)).append(' ');
        sb.append(pad(p.rating() > 0 ? Integer.toString(p.rating()) : "", 4, true)).append(' ');
        sb.append(pad(p.federation(), 3, false)).append(' ');
        sb.append(pad(p.fideId(), 11, true)).append(' ');
        sb.append(pad(p.birthDate(), 10, false)).append(' ');
        sb.append(pad(p.statedPoints() >= 0 ? points(p.statedPoints()) : "", 4, true)).append(' ');
        sb.append(pad(p.rank() > 0 ? Integer.toString(p.rank()) : "", 4, true));
        for (RoundEntry e : p.rounds()) {
            sb.append("  ");
            sb.append(e.opponent() == 0 ? "0000" : pad(Integer.toString(e.opponent()), 4, true));
            sb.append(' ').append(e.colour()).append(' ').append(e.result());
        }
        int end = sb.length();
        while (end > 89 && sb.charAt(end - 1) == ' ') {
            end--;
        }
        sb.setLength(end);
        return sb.toString();
    }

    /** @return tenths written like "3.5" or "10.0" */
    public static String points(int tenths) {
        return tenths / 10 + "." + tenths % 10;
    }

    private static String pad(String s, int width, boolean right) {
        if (s.length() >= width) {
            return s.substring(0, width);
        }
        String sp = " ".repeat(width - s.length());
        return right ? sp + s : s + sp;
    }
}
