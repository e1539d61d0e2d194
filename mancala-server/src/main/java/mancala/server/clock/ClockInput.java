package mancala.server.clock;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import mancala.server.error.DomainError;

/** Reads a request's {@code clock} field. */
public final class ClockInput {
    private ClockInput() {
    }

    /**
     * Reads a clock: {@code {"initialSeconds": N, "incrementSeconds": M}} (real time, 60-1800 s each, 0-20 s a
     * move) or {@code {"daysPerMove": D}} (correspondence, 1, 3 or 7); null or absent for none.
     *
     * @throws DomainError INVALID ({@code bad-clock}) naming the field that is wrong
     */
    public static TimeControl read(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isObject()) {
            throw bad("clock must be an object: {\"initialSeconds\": 300, \"incrementSeconds\": 3} or "
                    + "{\"daysPerMove\": 3}");
        }
        Set<String> fields = new TreeSet<>();
        n.fieldNames().forEachRemaining(f -> fields.add(DomainError.echo(f)));
        try {
            if (fields.equals(Set.of("daysPerMove"))) {
                return new TimeControl.Correspondence(whole(n, "daysPerMove"));
            }
            if (fields.equals(Set.of("incrementSeconds", "initialSeconds")) || fields.equals(Set.of("initialSeconds"))) {
                return new TimeControl.RealTime(whole(n, "initialSeconds"),
                        n.has("incrementSeconds") ? whole(n, "incrementSeconds") : 0);
            }
        } catch (IllegalArgumentException e) {
            throw bad("clock." + e.getMessage());
        }
        throw bad("clock must have initialSeconds and incrementSeconds, or daysPerMove; found " + fields);
    }

    private static int whole(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (!v.isInt()) {
            throw bad("clock." + field + " must be a whole number");
        }
        return v.asInt();
    }

    private static DomainError bad(String message) {
        return DomainError.invalid("bad-clock", "{detail}", Map.of("detail", message));
    }
}
