package mancala.pairing.tiebreak;

/**
 * The tie-breaks of FIDE C.07 (2023 regulations) this module computes. The Buchholz and Sonneborn-Berger values are
 * in hundredths of a point (100 = 1 point: a drawn opponent on 3½ gives 1.75), {@link #DE} in tenths of a point,
 * {@link #WIN}, {@link #WON}, {@link #BPG}, {@link #BWG} are counts and {@link #ARO} rating points.
 */
public enum TieBreak {
    /** Buchholz: the sum of the opponents' scores (unplayed rounds: article 16, dummy opponent). */
    BH("BH"),
    /** Buchholz Cut-1: Buchholz without the least significant value (a voluntarily unplayed round first). */
    BH_C1("BH-C1"),
    /** Buchholz Cut-2. */
    BH_C2("BH-C2"),
    /** Median Buchholz 1: without the highest and the least significant value. */
    BH_M1("BH-M1"),
    /** Sonneborn-Berger: the scores of the opponents beaten plus half those of the opponents drawn. */
    SB("SB"),
    /** Sonneborn-Berger Cut-1. */
    SB_C1("SB-C1"),
    /** Direct encounter: points in the games among the tied players, when all of them met. */
    DE("DE"),
    /** Number of rounds won, with or without playing (a win's points). */
    WIN("WIN"),
    /** Number of games won over the board. */
    WON("WON"),
    /** Number of games played with Black (the side that moves second). */
    BPG("BPG"),
    /** Number of games won with Black. */
    BWG("BWG"),
    /** Average rating of the opponents met over the board, rounded to the nearest whole number. */
    ARO("ARO");

    private final String code;

    TieBreak(String code) {
        this.code = code;
    }

    /** @return the FIDE acronym, e.g. "BH-C1" */
    public String code() {
        return code;
    }

    /** @return the tie-break with that acronym. @throws IllegalArgumentException listing the known ones */
    public static TieBreak byCode(String code) {
        for (TieBreak t : values()) {
            if (t.code.equalsIgnoreCase(code)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown tie-break '" + code + "'; known: "
                + java.util.Arrays.stream(values()).map(TieBreak::code).toList());
    }
}
