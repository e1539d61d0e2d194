package mancala.pairing.trf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mancala.pairing.Colour;
import mancala.pairing.Player;
import mancala.pairing.PointSystem;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;

/**
 * Reads the Tournament Report File FIDE publishes (TRF16, its extension TRF(x), and TRF-2026's extra lines).
 *
 * <p>Player lines {@code 001}: starting number in columns 5-8, sex 10, title 11-13, name 15-47, rating 49-52,
 * federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89, then one 10-column block a round
 * from column 92: opponent (4 digits, {@code 0000} none), colour {@code w b -}, result
 * {@code 1 0 = + - W D L H F U Z}. Other lines read: {@code XXR n} / {@code 142 n} number of rounds,
 * {@code XXC white1|black1} / {@code 152 W|B} colour of the first player in round 1, {@code XXS} point system
 * ({@code W= D= L= ZPB= FL= PAB=}), {@code BBW BBD BBL BBZ BBF BBU} and {@code 162} point values, {@code XXA}
 * per-player acceleration, {@code XXP} forbidden pairs, {@code 240} bye requests. Every other line (012 name, 022
 * city, ...) is kept as it is. Team lines (013, 310) are refused.
 */
public final class TrfReader {
    private TrfReader() {
    }

    /** Reads a file. @throws TrfException for bad content, with line and column; IOException when unreadable */
    public static TrfFile read(Path file) throws IOException {
        return read(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    /** Reads TRF text (lines end with LF, CR LF or CR). @throws TrfException with line and column */
    public static TrfFile read(String text) {
        Tournament t = new Tournament();
        List<Object> lines = new ArrayList<>();
        String[] raw = text.split("\r\n|\r|\n", -1);
        int count = raw.length;
        while (count > 0 && raw[count - 1].isEmpty()) {
            count--;
        }
        boolean pabSet = false;
        for (int i = 0; i < count; i++) {
            String line = raw[i];
            int ln = i + 1;
            if (line.length() < 3) {
                lines.add(line);
                continue;
            }
            String code = line.substring(0, 3);
            switch (code) {
                case "001": {
                    Player p = readPlayer(line, ln);
                    try {
                        t.add(p);
                    } catch (IllegalArgumentException e) {
                        throw new TrfException(ln, 5, "starting number " + p.startNumber() + " is repeated");
                    }
                    lines.add(p.startNumber());
                    continue;
                }
                case "013": case "310":
                    throw new TrfException(ln, 1, "team tournaments are not supported");
                case "XXR": case "142":
                    t.totalRounds(positiveInt(line.substring(3).trim(), ln, 5, "number of rounds"));
                    break;
                case "XXC":
                    for (String tok : line.substring(3).trim().split("\\s+")) {
                        if (tok.equalsIgnoreCase("white1")) {
                            t.initialColour(Colour.WHITE);
                        } else if (tok.equalsIgnoreCase("black1")) {
                            t.initialColour(Colour.BLACK);
                        }
                    }
                    break;
                case "152": {
                    String v = line.substring(3).trim();
                    if (v.equals("W")) {
                        t.initialColour(Colour.WHITE);
                    } else if (v.equals("B")) {
                        t.initialColour(Colour.BLACK);
                    } else {
                        throw new TrfException(ln, 5, "initial colour must be W or B, not '" + v + "'");
                    }
                    break;
                }
                case "XXS":
                    pabSet = readXxs(t, line, ln, pabSet);
                    break;
                case "BBW": case "BBD": case "BBL": case "BBZ": case "BBF": case "BBU": {
                    int v = points(line.substring(3).trim(), ln, 5);
                    PointSystem ps = t.points();
                    switch (code.charAt(2)) {
                        case 'W': ps = new PointSystem(v, ps.draw(), ps.loss(), ps.zeroPointBye(), ps.forfeitLoss(),
                                pabSet ? ps.pairingAllocatedBye() : v); break;
                        case 'D': ps = new PointSystem(ps.win(), v, ps.loss(), ps.zeroPointBye(), ps.forfeitLoss(),
                                ps.pairingAllocatedBye()); break;
                        case 'L': ps = new PointSystem(ps.win(), ps.draw(), v, ps.zeroPointBye(), ps.forfeitLoss(),
                                ps.pairingAllocatedBye()); break;
                        case 'Z': ps = new PointSystem(ps.win(), ps.draw(), ps.loss(), v, ps.forfeitLoss(),
                                ps.pairingAllocatedBye()); break;
                        case 'F': ps = new PointSystem(ps.win(), ps.draw(), ps.loss(), ps.zeroPointBye(), v,
                                ps.pairingAllocatedBye()); break;
                        default: ps = ps.withPairingAllocatedBye(v); pabSet = true; break;
                    }
                    t.points(ps);
                    break;
                }
                case "162":
                    pabSet = read162(t, line, ln, pabSet);
                    break;
                case "XXA":
                    readXxa(t, line, ln);
                    break;
                case "XXP": {
                    List<Integer> group = new ArrayList<>();
                    for (String tok : line.substring(3).trim().split("\\s+")) {
                        if (!tok.isEmpty()) {
                            group.add(positiveInt(tok, ln, line.indexOf(tok) + 1, "starting number"));
                        }
                    }
                    t.forbiddenPairs().add(group);
                    break;
                }
                case "240":
                    read240(t, line, ln);
                    break;
                case "250":
                    read250(t, line, ln);
                    break;
                case "260":
                    read260(t, line, ln);
                    break;
                case "192": {
                    String system = line.length() > 4 ? line.substring(4).trim() : "";
                    if (system.endsWith("_BAKU")) {
                        t.bakuAcceleration(true);
                    } else if (!system.startsWith("FIDE_DUTCH") && !system.isEmpty()) {
                        throw new TrfException(ln, 5, "pairing system '" + system + "' is not supported"
                                + " (FIDE_DUTCH, FIDE_DUTCH_2025, FIDE_DUTCH_2026, with _BAKU for Baku acceleration)");
                    }
                    break;
                }
                default:
                    break;
            }
            lines.add(line);
        }
        return new TrfFile(t, lines);
    }

    private static Player readPlayer(String line, int ln) {
        if (line.length() < 84) {
            throw new TrfException(ln, line.length() + 1,
                    "a player line must reach column 84 (the points); it has " + line.length() + " characters");
        }
        int start = positiveInt(field(line, 4, 8), ln, 5, "starting number");
        Player p = new Player(start);
        p.sex(field(line, 9, 10)).title(field(line, 10, 13)).name(field(line, 14, 47));
        String rating = field(line, 48, 52);
        if (!rating.isEmpty()) {
            p.rating(nonNegativeInt(rating, ln, 49, "rating"));
        }
        p.federation(field(line, 53, 56)).fideId(field(line, 57, 68)).birthDate(field(line, 69, 79));
        String pts = field(line, 80, 84);
        if (!pts.isEmpty()) {
            p.statedPoints(points(pts, ln, 81));
        }
        String rank = field(line, 85, 89);
        if (!rank.isEmpty()) {
            p.rank(nonNegativeInt(rank, ln, 86, "rank"));
        }
        List<RoundEntry> entries = new ArrayList<>();
        int blanks = 0;
        for (int s = 91; s < line.length(); s += 10) {
            String opp = field(line, s, s + 4);
            char colour = charAt(line, s + 5);
            char result = Character.toUpperCase(charAt(line, s + 7));
            if (!field(line, s - 2, s).isEmpty() || charAt(line, s + 4) != ' ' || charAt(line, s + 6) != ' ') {
                throw new TrfException(ln, s - 1, "round " + ((s - 91) / 10 + 1)
                        + ": the round fields are misplaced (opponent in columns " + (s + 1) + "-" + (s + 4)
                        + ", colour in " + (s + 6) + ", result in " + (s + 8) + ")");
            }
            int round = (s - 91) / 10 + 1;
            if (opp.isEmpty() && colour == ' ' && result == ' ') {
                blanks++;
                continue;
            }
            int opponent = opp.isEmpty() ? 0 : nonNegativeInt(opp, ln, s + 1, "round " + round + " opponent");
            if (opponent == start) {
                throw new TrfException(ln, s + 1, "round " + round + ": a player cannot meet himself");
            }
            if ("wb- ".indexOf(colour) < 0) {
                throw new TrfException(ln, s + 6, "round " + round + ": colour must be w, b or -, not '"
                        + colour + "'");
            }
            if ("10=+-WDLHFUZ ".indexOf(result) < 0) {
                throw new TrfException(ln, s + 8, "round " + round + ": unknown result '" + result
                        + "' (1 0 = + - W D L H F U Z)");
            }
            boolean unplayedCode = "HFUZ ".indexOf(result) >= 0;
            if (unplayedCode && opponent != 0) {
                throw new TrfException(ln, s + 8, "round " + round + ": result '" + result
                        + "' means no opponent, but opponent " + opponent + " is written");
            }
            if ("10WDL".indexOf(result) >= 0 && (colour != 'w' && colour != 'b' || opponent == 0)) {
                throw new TrfException(ln, s + 6, "round " + round + ": a played game needs an opponent and a colour");
            }
            if (opponent != 0 && colour != 'w' && colour != 'b' && "+-".indexOf(result) < 0) {
                throw new TrfException(ln, s + 6, "round " + round + ": a game needs the colour w or b");
            }
            for (int k = 0; k < blanks; k++) {
                entries.add(new RoundEntry(0, ' ', ' '));
            }
            blanks = 0;
            entries.add(new RoundEntry(opponent, colour, result));
        }
        p.rounds().addAll(entries);
        return p;
    }

    private static boolean readXxs(Tournament t, String line, int ln, boolean pabSet) {
        PointSystem ps = t.points();
        int col = 4;
        for (String tok : line.substring(3).trim().split("\\s+")) {
            if (tok.isEmpty()) {
                continue;
            }
            col = line.indexOf(tok, col) + 1;
            int eq = tok.indexOf('=');
            if (eq <= 0) {
                throw new TrfException(ln, col, "XXS expects CODE=POINTS, not '" + tok + "'");
            }
            String key = tok.substring(0, eq).toUpperCase();
            int v = points(tok.substring(eq + 1), ln, col + eq + 1);
            switch (key) {
                case "W": case "WW": case "BW": case "FW": case "FPB":
                    ps = new PointSystem(v, ps.draw(), ps.loss(), ps.zeroPointBye(), ps.forfeitLoss(),
                            pabSet ? ps.pairingAllocatedBye() : v);
                    break;
                case "D": case "WD": case "BD": case "HPB":
                    ps = new PointSystem(ps.win(), v, ps.loss(), ps.zeroPointBye(), ps.forfeitLoss(),
                            ps.pairingAllocatedBye());
                    break;
                case "L": case "WL": case "BL":
                    ps = new PointSystem(ps.win(), ps.draw(), v, ps.zeroPointBye(), ps.forfeitLoss(),
                            ps.pairingAllocatedBye());
                    break;
                case "ZPB":
                    ps = new PointSystem(ps.win(), ps.draw(), ps.loss(), v, ps.forfeitLoss(),
                            ps.pairingAllocatedBye());
                    break;
                case "FL":
                    ps = new PointSystem(ps.win(), ps.draw(), ps.loss(), ps.zeroPointBye(), v,
                            ps.pairingAllocatedBye());
                    break;
                case "PAB":
                    ps = ps.withPairingAllocatedBye(v);
                    pabSet = true;
                    break;
                default:
                    throw new TrfException(ln, col, "XXS: unknown code '" + key + "'");
            }
        }
        t.points(ps);
        return pabSet;
    }

    private static boolean read162(Tournament t, String line, int ln, boolean pabSet) {
        PointSystem ps = t.points();
        for (int s = 5; s + 5 <= line.length(); s += 9) {
            char c = line.charAt(s);
            int v = points(line.substring(s + 1, s + 5).trim(), ln, s + 2);
            switch (c) {
                case 'W': ps = new PointSystem(v, ps.draw(), ps.loss(), ps.zeroPointBye(), ps.forfeitLoss(),
                        pabSet ? ps.pairingAllocatedBye() : v); break;
                case 'D': ps = new PointSystem(ps.win(), v, ps.loss(), ps.zeroPointBye(), ps.forfeitLoss(),
                        ps.pairingAllocatedBye()); break;
                case 'L': ps = new PointSystem(ps.win(), ps.draw(), v, ps.zeroPointBye(), ps.forfeitLoss(),
                        ps.pairingAllocatedBye()); break;
                case 'A': ps = new PointSystem(ps.win(), ps.draw(), ps.loss(), v, v, ps.pairingAllocatedBye()); break;
                case 'P': ps = ps.withPairingAllocatedBye(v); pabSet = true; break;
                default: throw new TrfException(ln, s + 1, "162: unknown result symbol '" + c + "'");
            }
        }
        t.points(ps);
        return pabSet;
    }

    private static void readXxa(Tournament t, String line, int ln) {
        int start = positiveInt(field(line, 4, 8), ln, 5, "starting number");
        List<Integer> values = new ArrayList<>();
        for (int s = 9; s < line.length(); s += 5) {
            String f = field(line, s, s + 4);
            values.add(f.isEmpty() ? 0 : points(f, ln, s + 1));
        }
        t.accelerations().put(start, values.stream().mapToInt(Integer::intValue).toArray());
    }

    private static void read240(Tournament t, String line, int ln) {
        int round = positiveInt(field(line, 6, 9), ln, 7, "round");
        List<Integer> who = t.byeRequests().computeIfAbsent(round, k -> new ArrayList<>());
        for (int s = 10; s < line.length(); s += 5) {
            String f = field(line, s, s + 4);
            if (!f.isEmpty()) {
                who.add(positiveInt(f, ln, s + 1, "starting number"));
            }
        }
    }

    /** TRF-2026 250: the same acceleration (game points) for a range of players over a range of rounds. */
    private static void read250(Tournament t, String line, int ln) {
        if (line.length() < 31) {
            throw new TrfException(ln, line.length() + 1, "an acceleration line (250) must reach column 31");
        }
        if (!field(line, 4, 8).isEmpty() && points(field(line, 4, 8), ln, 5) != 0) {
            throw new TrfException(ln, 5, "250: match points must be empty");
        }
        int pointsValue = points(field(line, 9, 13), ln, 10);
        int first = positiveInt(field(line, 14, 17), ln, 15, "first round");
        int last = positiveInt(field(line, 18, 21), ln, 19, "last round");
        int from = positiveInt(field(line, 22, 26), ln, 23, "first player");
        int to = positiveInt(field(line, 27, 31), ln, 28, "last player");
        if (first > last || from > to) {
            throw new TrfException(ln, 15, "250: a range runs backwards");
        }
        for (int s = from; s <= to; s++) {
            int[] old = t.accelerations().getOrDefault(s, new int[0]);
            int[] acc = java.util.Arrays.copyOf(old, Math.max(old.length, last));
            for (int r = first; r <= last; r++) {
                acc[r - 1] = pointsValue;
            }
            t.accelerations().put(s, acc);
        }
    }

    /** TRF-2026 260: players who must not meet in a range of rounds (taken as for the whole event). */
    private static void read260(Tournament t, String line, int ln) {
        positiveInt(field(line, 4, 7), ln, 5, "first round");
        positiveInt(field(line, 8, 11), ln, 9, "last round");
        List<Integer> group = new ArrayList<>();
        for (int s = 12; s < line.length(); s += 5) {
            String f = field(line, s, s + 4);
            if (!f.isEmpty()) {
                group.add(positiveInt(f, ln, s + 1, "starting number"));
            }
        }
        t.forbiddenPairs().add(group);
    }

    private static String field(String line, int from, int to) {
        if (from >= line.length()) {
            return "";
        }
        return line.substring(from, Math.min(to, line.length())).trim();
    }

    private static char charAt(String line, int i) {
        return i < line.length() ? line.charAt(i) : ' ';
    }

    private static int positiveInt(String s, int ln, int col, String what) {
        int v = nonNegativeInt(s, ln, col, what);
        if (v == 0) {
            throw new TrfException(ln, col, what + " must be at least 1");
        }
        return v;
    }

    private static int nonNegativeInt(String s, int ln, int col, String what) {
        if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(Character::isDigit)) {
            throw new TrfException(ln, col, what + " must be a number, not '" + s + "'");
        }
        return Integer.parseInt(s);
    }

    /** Points like "3.5", "3,5", "3" or "0.0" in tenths. */
    static int points(String s, int ln, int col) {
        String v = s.replace(',', '.');
        int dot = v.indexOf('.');
        String whole = dot < 0 ? v : v.substring(0, dot);
        String frac = dot < 0 ? "" : v.substring(dot + 1);
        if (whole.isEmpty() && frac.isEmpty() || whole.length() > 6 || frac.length() > 1
                || !whole.chars().allMatch(Character::isDigit) || !frac.chars().allMatch(Character::isDigit)) {
            throw new TrfException(ln, col, "points must be written like 3 or 3.5, not '" + s + "'");
        }
        return (whole.isEmpty() ? 0 : Integer.parseInt(whole)) * 10 + (frac.isEmpty() ? 0 : frac.charAt(0) - '0');
    }
}
