package mancala.notation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import mancala.rules.GameKind;
import mancala.rules.HawalisOptions;
import mancala.rules.RioKadalisOptions;
import mancala.rules.RuleOption;
import mancala.rules.RuleOptions;
import org.junit.jupiter.api.Test;

/**
 * The machine-readable rules ({@code docs/rules.json}): the committed file is exactly what the code generates, it
 * validates against {@code docs/rules.schema.json}, and the option catalogue it comes from agrees with the options
 * notation and with RULES.md. Run with {@code -Drules.json.write=true} to rewrite the committed file after a change.
 */
class RulesDocumentTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path docs() {
        Path dir = Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("docs/rules.md"))) {
                return d.resolve("docs");
            }
        }
        throw new IllegalStateException("no docs/rules.md above " + dir);
    }

    @Test
    void theCommittedDocumentIsWhatTheCodeGenerates() throws IOException {
        Path file = docs().resolve("rules.json");
        String generated = RulesDocument.json();
        if (Boolean.getBoolean("rules.json.write")) {
            Files.writeString(file, generated, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(file, StandardCharsets.UTF_8))
                .as("docs/rules.json is out of date: run this test with -Drules.json.write=true and commit the file")
                .isEqualTo(generated);
    }

    private static JsonSchema schema() throws IOException {
        JsonNode schema = JSON.readTree(docs().resolve("rules.schema.json").toFile());
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema);
    }

    @Test
    void theDocumentValidatesAgainstItsSchema() throws IOException {
        JsonNode doc = JSON.readTree(RulesDocument.json());
        assertThat(schema().validate(doc)).isEmpty();
    }

    @Test
    void theSchemaRejectsABrokenDocument() throws IOException {
        ObjectNode doc = (ObjectNode) JSON.readTree(RulesDocument.json());
        ObjectNode option = (ObjectNode) doc.get("games").get(0).get("options").get(0);
        option.put("type", "string");
        option.remove("tag");
        Set<ValidationMessage> errors = schema().validate(doc);
        assertThat(errors).extracting(ValidationMessage::getMessage)
                .anySatisfy(m -> assertThat(m).contains("type"))
                .anySatisfy(m -> assertThat(m).contains("tag"));
    }

    @Test
    void startingPositionsAndDefaultsAreThoseOfRulesMd() throws IOException {
        JsonNode games = JSON.readTree(RulesDocument.json()).get("games");
        assertThat(games).extracting(g -> g.get("key").asText())
                .containsExactly("hawalis", "bao-kiarabu", "al-manqala", "rio-kadalis");
        JsonNode hawalis = games.get(0);
        // §1: four rows of seven pits, two seeds each, 56 in all; South a..n.
        assertThat(hawalis.at("/board/rows").asInt()).isEqualTo(4);
        assertThat(hawalis.at("/board/pitsPerRow").asInt()).isEqualTo(7);
        assertThat(hawalis.at("/board/seeds").asInt()).isEqualTo(56);
        assertThat(hawalis.at("/board/southLetters").asText()).isEqualTo("abcdefghijklmn");
        assertThat(hawalis.at("/startingPositions/0/position").asText())
                .isEqualTo("hawalis 2,2,2,2,2,2,2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2,2,2,2,2,2,2 S");
        // H8: endless moves lose by default.
        assertThat(hawalis.at("/options/1/name").asText()).isEqualTo("endless");
        assertThat(hawalis.at("/options/1/default").asText()).isEqualTo("lose");
        assertThat(hawalis.at("/options/1/tag").asText()).isEqualTo("H8");
        // Bao Kiarabu: 4x8, two seeds each (64), and seeds=3 gives a second start of three each.
        JsonNode bao = games.get(1);
        assertThat(bao.at("/board/seeds").asInt()).isEqualTo(64);
        assertThat(bao.get("startingPositions")).hasSize(2);
        assertThat(bao.at("/startingPositions/1/options").asText()).isEqualTo("seeds=3");
        assertThat(bao.at("/startingPositions/1/south/15").asInt()).isEqualTo(3);
        // §2: two rows of seven with seven seeds, 98 in all.
        assertThat(games.get(2).at("/board/seeds").asInt()).isEqualTo(98);
        assertThat(games.get(2).at("/startingPositions/0/north/6").asInt()).isEqualTo(7);
        // §3: 48 seeds with six pits, pits=5 a start of five pits of four.
        JsonNode rio = games.get(3);
        assertThat(rio.at("/board/seeds").asInt()).isEqualTo(48);
        assertThat(rio.at("/options/0/default").asInt()).isEqualTo(6);
        assertThat(rio.at("/options/0/values").toString()).isEqualTo("[5,6]");
        assertThat(rio.at("/startingPositions/1/position").asText()).isEqualTo("rio-kadalis 4,4,4,4,4 4,4,4,4,4 S");
        assertThat(rio.at("/options/4/default").asText()).isEqualTo("illegal");
        assertThat(rio.at("/options/4/tag").asText()).isEqualTo("R5");
    }

    /** Every value of every option in the catalogue reads, as text, to the options the catalogue sets, and back. */
    @Test
    void theCatalogueAgreesWithTheOptionsNotation() {
        int checked = 0;
        for (GameKind game : GameKind.values()) {
            for (RuleOption o : RuleOption.of(game)) {
                RuleOptions base = game.defaultOptions();
                String prefix = "";
                for (String flag : o.requires()) {
                    base = RuleOption.find(game, flag).orElseThrow().with(base, "true");
                    prefix += flag + " ";
                }
                for (String v : o.values()) {
                    if (o.type() == RuleOption.Type.FLAG && v.equals("false")) {
                        assertThat(o.valueIn(game.defaultOptions())).isEqualTo("false");
                        continue;
                    }
                    String word = o.type() == RuleOption.Type.FLAG ? o.name() : o.name() + "=" + v;
                    RuleOptions read = OptionsNotation.parse(game, prefix + word);
                    assertThat(read).as(game.key() + " " + word).isEqualTo(o.with(base, v));
                    assertThat(o.valueIn(read)).isEqualTo(v);
                    assertThat(OptionsNotation.parse(game, OptionsNotation.format(read))).isEqualTo(read);
                    checked++;
                }
            }
        }
        // Set values, counted by hand from RULES.md: hawalis skipOrigin 1, endless 3, scoring 1; bao-kiarabu the
        // same and seeds 2; al-manqala three flags and endless 3; rio-kadalis pits 2, five flags, endless 3.
        assertThat(checked).isEqualTo(5 + 7 + 6 + 10);
        assertThat(RuleOption.find(GameKind.BAO_KIARABU, "seeds").orElseThrow().with(HawalisOptions.defaults(
                GameKind.BAO_KIARABU), "3")).isEqualTo(HawalisOptions.baoKiarabu(3));
        assertThat(RuleOption.find(GameKind.HAWALIS, "seeds")).isEmpty();
        assertThat(RuleOption.find(GameKind.RIO_KADALIS, "pits").orElseThrow().defaultValue(GameKind.RIO_KADALIS))
                .isEqualTo(String.valueOf(RioKadalisOptions.DEFAULT.pitsPerRow()));
    }

    /** Every tag the catalogue cites is a rule (**H4**) or a section (## 1.) of RULES.md. */
    @Test
    void everyTagIsInRulesMd() throws IOException {
        String md = Files.readString(docs().resolve("rules.md"), StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        for (GameKind game : GameKind.values()) {
            for (RuleOption o : RuleOption.of(game)) {
                String tag = o.tag();
                boolean found = tag.startsWith("§") ? md.contains("\n## " + tag.substring(1) + ". ")
                        : md.contains("**" + tag + "**");
                if (!found) {
                    missing.add(game.key() + " " + o.name() + " " + tag);
                }
            }
        }
        assertThat(missing).isEmpty();
    }
}
