package mancala.pairing;

import java.text.Collator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The initial order of C.04.2 (general handling rules, "Initial order"): players sorted by rating (highest first),
 * then by title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, then none), then alphabetically by name; the pairing (starting)
 * numbers are the positions in this order.
 */
public final class InitialOrder {
    private static final List<String> TITLES = List.of("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM");

    private InitialOrder() {
    }

    /** A player to number: his name, rating (0 when unrated) and FIDE title ("" when none). */
    public record Entrant(String name, int rating, String title) {
    }

    private static int titleRank(String title) {
        int i = TITLES.indexOf(title == null ? "" : title.trim().toUpperCase(Locale.ROOT));
        return i < 0 ? TITLES.size() : i;
    }

    /** @return the entrants in initial order (a new list); the first is starting number 1 */
    public static List<Entrant> sort(List<Entrant> entrants) {
        Collator names = Collator.getInstance(Locale.ROOT);
        List<Entrant> out = new ArrayList<>(entrants);
        out.sort(Comparator.comparingInt((Entrant e) -> -e.rating())
                .thenComparingInt(e -> titleRank(e.title()))
                .thenComparing(Entrant::name, names));
        return out;
    }
}
