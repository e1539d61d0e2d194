package mancala.pairing.standings;

/**
 * Writes scores for standings: whole points as digits, halves with the fraction sign: {@code 0}, {@code ½},
 * {@code 1}, {@code 1½}, {@code 4½} (never "0½" nor "4.5").
 */
public final class Points {
    private Points() {
    }

    /**
     * @param tenths a score in tenths of a point (10 = 1 point)
     * @return "½", "1½", "3", or with one decimal ("2.3") when the score is not a multiple of a half
     */
    public static String format(int tenths) {
        String sign = tenths < 0 ? "-" : "";
        int v = Math.abs(tenths);
        int whole = v / 10;
        int rest = v % 10;
        if (rest == 0) {
            return sign + whole;
        }
        if (rest == 5) {
            return sign + (whole == 0 ? "" : Integer.toString(whole)) + "½";
        }
        return sign + whole + "." + rest;
    }

    /**
     * @param hundredths a tie-break value in hundredths of a point
     * @return "12½", "12", or "12.25" for quarters
     */
    public static String formatHundredths(int hundredths) {
        if (hundredths % 10 == 0) {
            return format(hundredths / 10);
        }
        String sign = hundredths < 0 ? "-" : "";
        int v = Math.abs(hundredths);
        return sign + v / 100 + "." + String.format("%02d", v % 100);
    }
}
