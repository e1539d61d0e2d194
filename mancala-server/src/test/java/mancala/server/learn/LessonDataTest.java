package mancala.server.learn;

import mancala.server.board.Positions;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Position;
import mancala.rules.RioKadalisOptions;
import mancala.rules.Side;
import mancala.rules.SowingTrace;
import org.junit.jupiter.api.Test;

/**
 * Every lesson step checked against the rules engine: its position is legal, the moves of its answer are exactly
 * the legal moves meeting its goal and do what its claims say, every other legal move has an explanation whose
 * claims hold, every pit it calls unplayable is, and every text key exists in all six languages.
 */
class LessonDataTest {
    static final List<String> LANGS = List.of("en", "ar", "so", "pt", "fi", "ru");
    private static final Pattern TAG = Pattern.compile("[HAR]([1-9]|10)");

    /** What one move does, for the mover. */
    record Effect(int laps, int endsIn, int captures, int gives, boolean over, boolean wins) {
    }

    static Effect effect(Position p, int move) {
        int[] laps = {0};
        int[] last = {-1};
        Position q = p.play(move, new SowingTrace() {
            @Override
            public void lift(int pit, int seeds) {
                laps[0]++;
            }

            @Override
            public void sow(int pit) {
                last[0] = pit;
            }

            @Override
            public void take(int pit, int seeds, Side to) {
            }
        });
        Side me = p.sideToMove();
        boolean over = q.isOver();
        boolean wins = over && q.outcome().orElseThrow().result().winner().equals(Optional.of(me));
        return new Effect(laps[0], last[0], q.holdings(me) - p.holdings(me), q.holdings(me.opponent())
                - p.holdings(me.opponent()), over, wins);
    }

    static JsonNode lessons() throws Exception {
        return new ObjectMapper().readTree(LessonCatalog.class.getResourceAsStream(LessonCatalog.RESOURCE));
    }

    static int pit(Position p, String letter) {
        for (int i = 0; i < p.rules().pitCount(); i++) {
            if (p.rules().pitLetter(i).equals(letter)) {
                return i;
            }
        }
        throw new AssertionError("no pit " + letter + " in " + p.kind().key());
    }

    static Set<String> strings(JsonNode array) {
        Set<String> out = new TreeSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void everyStepsAnswerIsWhatItsGoalAsksAndEveryOtherMoveIsExplained() throws Exception {
        // The repository's own rules document (the module runs its tests in its folder).
        String rules = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "rules.md"));
        int steps = 0;
        for (JsonNode lesson : lessons().get("lessons")) {
            GameKind game = GameKind.byKey(lesson.get("game").asText()).orElseThrow();
            for (JsonNode step : lesson.get("steps")) {
                String where = lesson.get("id").asText() + "/" + step.get("id").asText();
                Position p = Positions.parse(step.get("position").asText(), step.path("options").asText(""),
                        "position", "options");
                assertThat(p.kind().fourRows()).as(where).isEqualTo(game.fourRows());
                // Seeds are conserved (docs/rules.md §0): a step that states the holdings accounts for every seed
                // the game started with (Al-manqala 98, Rio Kadalis 48); one without is a problem setting.
                boolean holdingsStated = step.get("position").asText().strip().split("\\s+").length > 4;
                if (holdingsStated) {
                    assertThat(p.totalSeeds()).as(where + ": seeds on the board and held").isEqualTo(
                            p.rules().startingSeeds());
                } else {
                    assertThat(p.totalSeeds()).as(where).isLessThanOrEqualTo(p.rules().startingSeeds());
                }
                assertThat(p.isOver()).as(where + " is not over").isFalse();
                Set<String> legal = new TreeSet<>();
                for (int m : p.legalMoves()) {
                    legal.add(p.rules().pitLetter(m));
                }
                Set<String> answer = strings(step.get("answer"));
                assertThat(legal).as(where + ": answer moves are legal").containsAll(answer);
                assertThat(meeting(p, step.get("goal"), where)).as(where + ": the moves meeting the goal")
                        .isEqualTo(answer);
                for (String a : answer) {
                    checkClaims(p, a, step.get("claims"), where + " answer " + a);
                }
                Set<String> explained = new HashSet<>();
                for (JsonNode w : step.get("wrong")) {
                    for (String m : strings(w.get("moves"))) {
                        assertThat(legal).as(where + ": wrong move " + m + " is legal").contains(m);
                        assertThat(answer).as(where + ": wrong move " + m).doesNotContain(m);
                        assertThat(explained.add(m)).as(where + ": " + m + " explained once").isTrue();
                        checkClaims(p, m, w.get("claims"), where + " wrong " + m);
                    }
                }
                Set<String> others = new TreeSet<>(legal);
                others.removeAll(answer);
                assertThat(explained).as(where + ": every other legal move is explained").isEqualTo(others);
                for (JsonNode ill : step.path("illegal")) {
                    for (String m : strings(ill.get("moves"))) {
                        int pit = pit(p, m);
                        assertThat(p.owner(pit)).as(where + ": " + m + " is the mover's").isEqualTo(p.sideToMove());
                        assertThat(p.isLegal(pit)).as(where + ": " + m + " cannot be played").isFalse();
                        boolean closed = ill.path("claims").path("closed").asBoolean(false);
                        assertThat(p.isClosed(pit)).as(where + ": " + m + " closed").isEqualTo(closed);
                        if (!closed) {
                            assertThat(p.seeds(pit)).as(where + ": " + m + " holds seeds").isPositive();
                        }
                    }
                }
                JsonNode refill = step.get("refill");
                if (refill != null) {
                    Position expected = Match.refill((RioKadalisOptions) p.rules().options(),
                            refill.get("south").asInt(), refill.get("north").asInt(),
                            refill.get("first").asText().equals("S") ? Side.SOUTH : Side.NORTH).orElseThrow();
                    assertThat(p).as(where + ": the position is R8's refill").isEqualTo(expected);
                }
                assertThat(step.get("rules")).as(where + " cites rules").isNotEmpty();
                for (JsonNode tag : step.get("rules")) {
                    assertThat(tag.asText()).as(where).matches(TAG);
                    assertThat(Pattern.compile("\\b" + tag.asText() + "\\b").matcher(rules).find())
                            .as(where + ": " + tag.asText() + " is a tag of docs/rules.md").isTrue();
                    char family = game.fourRows() ? 'H' : game == GameKind.AL_MANQALA ? 'A' : 'R';
                    assertThat(tag.asText().charAt(0)).as(where + " cites its own game's rules").isEqualTo(family);
                }
                steps++;
            }
        }
        assertThat(steps).isGreaterThanOrEqualTo(15);
    }

    private static Set<String> meeting(Position p, JsonNode goal, String where) {
        List<Integer> moves = new ArrayList<>();
        for (int m : p.legalMoves()) {
            moves.add(m);
        }
        Set<String> out = new TreeSet<>();
        if (goal.has("captureMost") || goal.has("bestNet")) {
            boolean net = goal.has("bestNet");
            int best = Integer.MIN_VALUE;
            for (int m : moves) {
                Effect e = effect(p, m);
                best = Math.max(best, net ? e.captures() - e.gives() : e.captures());
            }
            for (int m : moves) {
                Effect e = effect(p, m);
                if ((net ? e.captures() - e.gives() : e.captures()) == best) {
                    out.add(p.rules().pitLetter(m));
                }
            }
            assertThat(best).as(where + ": the best move wins seeds").isPositive();
            return out;
        }
        for (int m : moves) {
            Effect e = effect(p, m);
            boolean ok;
            if (goal.has("endsIn")) {
                ok = e.endsIn() == pit(p, goal.get("endsIn").asText());
            } else if (goal.has("relay")) {
                ok = e.laps() >= 2;
            } else if (goal.has("win")) {
                ok = e.wins();
            } else if (goal.has("legal")) {
                ok = true;
            } else {
                throw new AssertionError(where + ": unknown goal " + goal);
            }
            if (ok) {
                out.add(p.rules().pitLetter(m));
            }
        }
        return out;
    }

    private static void checkClaims(Position p, String move, JsonNode claims, String where) {
        if (claims == null) {
            return;
        }
        Effect e = effect(p, pit(p, move));
        for (Map.Entry<String, JsonNode> c : claims.properties()) {
            JsonNode v = c.getValue();
            switch (c.getKey()) {
                case "endsIn" -> assertThat(p.rules().pitLetter(e.endsIn())).as(where + " ends in").isEqualTo(v.asText());
                case "laps" -> assertThat(e.laps()).as(where + " laps").isEqualTo(v.asInt());
                case "captures" -> assertThat(e.captures()).as(where + " captures").isEqualTo(v.asInt());
                case "gives" -> assertThat(e.gives()).as(where + " gives the opponent").isEqualTo(v.asInt());
                case "wins" -> assertThat(e.wins()).as(where + " wins").isEqualTo(v.asBoolean());
                default -> throw new AssertionError(where + ": unknown claim " + c.getKey());
            }
        }
    }

    @Test
    void everyTextKeyExistsInEveryLanguage() throws Exception {
        Set<String> keys = new TreeSet<>();
        for (JsonNode lesson : lessons().get("lessons")) {
            keys.add(lesson.get("title").asText());
            keys.add(lesson.get("intro").asText());
            for (JsonNode step : lesson.get("steps")) {
                keys.add(step.get("task").asText());
                keys.add(step.get("right").asText());
                step.get("wrong").forEach(w -> keys.add(w.get("why").asText()));
                step.path("illegal").forEach(w -> keys.add(w.get("why").asText()));
            }
        }
        for (String lang : LANGS) {
            Properties bundle = bundle("learn", lang);
            for (String k : keys) {
                assertThat(bundle.getProperty(k)).as(lang + ": " + k).isNotBlank();
            }
        }
    }

    @Test
    void myBundlesHaveTheSameKeysInEveryLanguage() throws Exception {
        for (String area : List.of("learn", "puzzle", "editor")) {
            Set<String> english = new TreeSet<>(bundle(area, "en").stringPropertyNames());
            assertThat(english).as(area).isNotEmpty();
            for (String lang : LANGS) {
                Properties b = bundle(area, lang);
                // Arabic and Russian may add plural forms (…zero, …two, …few, …many) beside one and other.
                Set<String> keys = new TreeSet<>(b.stringPropertyNames());
                keys.removeIf(k -> k.matches(".*\\.(zero|two|few|many)") && english.contains(
                        k.replaceAll("\\.(zero|two|few|many)$", ".other")));
                assertThat(keys).as(area + "_" + lang).isEqualTo(english);
                for (String k : b.stringPropertyNames()) {
                    String en = bundle(area, "en").getProperty(k.replaceAll("\\.(zero|two|few|many)$", ".other"));
                    assertThat(b.getProperty(k)).as(area + "_" + lang + ": " + k).isNotBlank();
                    assertThat(k).as(area + "_" + lang).startsWith(area + ".");
                    // Placeholders are the English ones: a translation may reorder them, never rename them.
                    assertThat(placeholders(b.getProperty(k))).as(area + "_" + lang + ": " + k)
                            .isEqualTo(placeholders(en));
                }
                if (!lang.equals("en")) {
                    long same = english.stream().filter(k -> b.getProperty(k).equals(bundle(area, "en")
                            .getProperty(k))).count();
                    assertThat(same).as(area + "_" + lang + ": texts left in English").isLessThan(3);
                }
            }
        }
    }

    private static Set<String> placeholders(String s) {
        Set<String> out = new TreeSet<>();
        var m = Pattern.compile("\\{([A-Za-z]+)}").matcher(s);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    static Properties bundle(String area, String lang) {
        String name = "/i18n/" + area + "_" + lang + ".properties";
        try (InputStream in = LessonDataTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            Properties p = new Properties();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return p;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
