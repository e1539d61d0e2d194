package mancala.record;

import mancala.rules.Rules;

/**
 * Names of pits in records: letters (docs/rules.md §1–3) and the numeric Hawalis notation of published problems
 * (docs/rules.md §5): each player's pits numbered 1..n in his own sowing order from the inner pit at his right hand, so
 * in Hawalis 1–7 are h–n and 8–14 are a–g (Bao Kiarabu: 1–8 are i–p, 9–16 are a–h).
 */
final class PitNames {
    private PitNames() {
    }

    /** @return the letter of {@code pit}: lower case for South's rows, upper case for North's. */
    static String letter(Rules rules, int pit) {
        return rules.pitLetter(pit);
    }

    /** @return the number (1..pits per side) of {@code pit} in its owner's numeric notation. */
    static int number(Rules rules, int pit) {
        int n = rules.pitsPerSide();
        int half = n / 2;
        int i = pit % n;
        return i >= half ? i - half + 1 : i + half + 1;
    }

    /** @return the board index of {@code side}'s pit numbered {@code number} (1..pits per side). */
    static int pitOfNumber(Rules rules, int sideIndex, int number) {
        int n = rules.pitsPerSide();
        int half = n / 2;
        int i = number <= half ? number - 1 + half : number - 1 - half;
        return sideIndex * n + i;
    }

    /** @return the pit as written in a record: its letter, or its number when {@code numeric}; "--" for a pass. */
    static String name(Rules rules, int pit, boolean numeric) {
        if (pit == RecordedMove.PASS) {
            return "--";
        }
        return numeric ? String.valueOf(number(rules, pit)) : letter(rules, pit);
    }

    /** @return the pits as written, separated by spaces, for "expected one of" messages. */
    static String names(Rules rules, int[] pits, boolean numeric) {
        StringBuilder sb = new StringBuilder();
        for (int p : pits) {
            sb.append(sb.length() == 0 ? "" : " ").append(name(rules, p, numeric));
        }
        return sb.toString();
    }
}
