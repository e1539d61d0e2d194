package mancala.server.learn;

import mancala.server.board.Positions;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import mancala.rules.Position;

/**
 * The lessons, data in the class path resource {@value #RESOURCE}: for each game a list of steps, each a small
 * position (notation and options), the RULES.md tags it teaches, the bundle keys of its task and explanations,
 * the moves that solve it and, for the other moves, why they do not (with claims about what they do, which the
 * lesson test checks against the rules engine). Texts are keys into the {@code learn} bundles.
 */
public final class LessonCatalog {
    /** The lesson data. */
    public static final String RESOURCE = "/learn/lessons.json";

    private final JsonNode view;

    private LessonCatalog(JsonNode view) {
        this.view = view;
    }

    /**
     * Loads the lessons and draws each step's position.
     *
     * @throws IllegalStateException when the data cannot be read or a position is not legal
     */
    public static LessonCatalog load(ObjectMapper mapper) {
        JsonNode root;
        try {
            root = mapper.readTree(LessonCatalog.class.getResourceAsStream(RESOURCE));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(RESOURCE + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (JsonNode lesson : root.get("lessons")) {
            for (JsonNode step : lesson.get("steps")) {
                String where = RESOURCE + ": lesson " + lesson.path("id").asText() + ", step "
                        + step.path("id").asText();
                Position p;
                try {
                    p = Positions.parse(step.path("position").asText(), step.path("options").asText(""),
                            "position", "options");
                } catch (RuntimeException e) {
                    throw new IllegalStateException(where + ": " + e.getMessage(), e);
                }
                ((ObjectNode) step).set("view", mapper.valueToTree(Positions.view(p)));
            }
        }
        return new LessonCatalog(root);
    }

    /** @return the lessons as the page reads them */
    public JsonNode view() {
        return view;
    }
}
