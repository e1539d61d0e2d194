package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import mancala.pairing.Player;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;
import mancala.pairing.bergertables.BergerTables;
import mancala.pairing.dutch.DutchPairer;
import mancala.pairing.dutch.Pairing;
import mancala.pairing.trf.TrfFile;
import mancala.pairing.trf.TrfReader;
import mancala.pairing.trf.TrfWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tournaments played by API clients, each with his own session, through to their standings: a Swiss paired by the
 * FIDE Dutch system with a withdrawal after round 1, a late joiner and a half-point bye, exported as TRF and re-paired
 * round by round from that file; a round robin on the Berger table with its seats by rating and by lot.
 */
@Tag("slow")
class TournamentApiTest {
    @TempDir
    Path dir;

    MancalaServer server;
    OpenApiCheck check = new OpenApiCheck();
    Map<String, CommunityClient> players = new LinkedHashMap<>();
    CommunityClient creator;

    @BeforeEach
    void start() {
        // one address signs everybody up: the limits shared by all instances (5 sign-ups an hour) raised for the test
        server = MancalaServer.start(mancala.server.config.ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(mancala.server.store.Database.h2FileUrl(dir.resolve("t")), null, null)
                .withAiDelay(java.time.Duration.ZERO).withRateLimitScale(1000));
        creator = signUp("Organiser");
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        assertThat(check.problems()).as("replies that do not match /api/openapi.json").isEmpty();
    }

    private CommunityClient signUp(String name) {
        CommunityClient c = new CommunityClient(server.port(), check);
        CommunityClient.Reply r = c.post("/api/accounts", CommunityApiTest.creds(name, "tournament pass"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        players.put(name, c);
        return c;
    }

    private String create(String body, List<String> names) {
        CommunityClient.Reply r = creator.post("/api/tournaments", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String id = r.get("id").asText();
        for (String n : names) {
            CommunityClient.Reply j = signUp(n).post("/api/tournaments/" + id + "/join", null);
            assertThat(j.status()).as(j.body()).isEqualTo(200);
        }
        return id;
    }

    private static String settings(String system, Integer rounds, String extra) {
        return "{\"name\":\"Muscat " + system + "\",\"game\":\"hawalis\",\"system\":\"" + system + "\","
                + (rounds == null ? "" : "\"rounds\":" + rounds + ",")
                + "\"startsAt\":\"" + Instant.now().plusSeconds(3600) + "\","
                + "\"clock\":{\"initialSeconds\":600,\"incrementSeconds\":5}" + extra + "}";
    }

    private JsonNode view(String id) {
        return creator.get("/api/tournaments/" + id).json();
    }

    /** Plays one game: a move each, then South resigns, North resigns or both agree a draw, at random. */
    private void play(JsonNode g, SplittableRandom random) {
        play(g, random.nextInt(5));
    }

    /** Plays one game to the result given: {@code winner} wins (the other resigns), or a draw when null. */
    private void play(JsonNode g, String winner) {
        play(g, winner == null ? 4 : winner.equals(g.get("south").asText()) ? 2 : 0);
    }

    /** Plays one game: a move each, then South resigns (x 0, 1), North resigns (2, 3) or both agree a draw (4). */
    private void play(JsonNode g, int x) {
        String id = g.get("gameId").asText();
        CommunityClient south = players.get(g.get("south").asText());
        CommunityClient north = players.get(g.get("north").asText());
        String southSeat = south.get("/api/games/" + id + "/seat").get("seatToken").asText();
        String northSeat = north.get("/api/games/" + id + "/seat").get("seatToken").asText();
        JsonNode state = south.get("/api/games/" + id).json();
        assertThat(state.get("tournament").asText()).isNotEmpty();
        // each side moves once: a game without moves is aborted (a tournament no-show forfeits), and a rated game
        // changes ratings only once both sides moved
        for (int ply = 0; ply < 2; ply++) {
            boolean southMoves = state.get("toMove").asText().equals("south");
            String move = "{\"pit\":\"" + state.get("legal").get(0).asText() + "\"}";
            CommunityClient.Reply m = null;
            for (int attempt = 0; attempt < 10 && (m == null || m.status() == 429); attempt++) {
                if (m != null) {
                    sleep(1000L * Math.max(1, m.json().path("details").path("retryAfter").asInt(1)));
                }
                m = (southMoves ? south : north).post("/api/games/" + id + "/moves", move,
                        southMoves ? southSeat : northSeat);
            }
            assertThat(m.status()).as(m.body()).isEqualTo(200);
            state = m.json();
        }
        CommunityClient.Reply r = null;
        // the site's rate limit may ask a client this fast to wait: it waits as told and tries again
        for (int attempt = 0; attempt < 10 && (r == null || r.status() == 429); attempt++) {
            if (r != null) {
                sleep(1000L * Math.max(1, r.json().path("details").path("retryAfter").asInt(1)));
            }
            if (x < 2) {
                r = south.post("/api/games/" + id + "/resign", null, southSeat);
            } else if (x < 4) {
                r = north.post("/api/games/" + id + "/resign", null, northSeat);
            } else {
                CommunityClient.Reply offer = south.post("/api/games/" + id + "/draw/offer", null, southSeat);
                r = offer.status() == 429 ? offer : north.post("/api/games/" + id + "/draw/accept", null, northSeat);
            }
        }
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        south.forgetSeats();
        north.forgetSeats();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private JsonNode waitRound(String id, int number) throws InterruptedException {
        JsonNode t = view(id);
        for (int i = 0; i < 400 && t.get("pairings").size() < number && t.get("status").asText().equals("running");
             i++) {
            Thread.sleep(25);
            t = view(id);
        }
        return t;
    }

    private static Set<String> paired(JsonNode round) {
        Set<String> in = new HashSet<>();
        for (JsonNode g : round.get("games")) {
            in.add(g.get("south").asText());
            in.add(g.get("north").asText());
        }
        if (!round.get("bye").isNull()) {
            in.add(round.get("bye").asText());
        }
        return in;
    }

    @Test
    void aSwissWithAWithdrawalALateJoinerAndAHalfPointByeIsTheDutchSystemsPairingOfItsOwnTrfFile()
            throws InterruptedException {
        List<String> names = List.of("Amal", "Bilal", "Dalia", "Faris", "Huda", "Jamal", "Karim", "Layla");
        String id = create(settings("swiss", 5, ",\"lateJoin\":true,\"tieBreaks\":[\"BH-C1\",\"SB\",\"WIN\"]"),
                names);
        // Huda asks for a half-point bye in round 3 before the start; round 0 and round 6 are refused
        CommunityClient.Reply bye = players.get("Huda").post("/api/tournaments/" + id + "/bye", "{\"round\":3}");
        assertThat(bye.status()).as(bye.body()).isEqualTo(200);
        assertThat(players.get("Huda").post("/api/tournaments/" + id + "/bye", "{\"round\":6}").status())
                .isEqualTo(400);
        CommunityClient.Reply started = creator.post("/api/tournaments/" + id + "/start", null);
        assertThat(started.status()).as(started.body()).isEqualTo(200);
        JsonNode t = waitRound(id, 1);
        assertThat(t.get("status").asText()).isEqualTo("running");
        assertThat(t.get("tieBreaks").toString()).isEqualTo("[\"BH-C1\",\"SB\",\"WIN\"]");
        SplittableRandom random = new SplittableRandom(7);
        // round 1: every game but the last, then Amal withdraws and Noor joins late, then the last game ends
        JsonNode round1 = t.get("pairings").get(0);
        assertThat(paired(round1)).hasSize(8);
        // each player sees his own board, side and opponent at once
        JsonNode mine = players.get("Amal").get("/api/tournaments/" + id).json().get("you");
        assertThat(mine.get("board").asInt()).isBetween(1, 4);
        assertThat(mine.get("side").asText()).isIn("south", "north");
        assertThat(mine.get("opponent").asText()).isIn(names);
        for (int i = 0; i < round1.get("games").size() - 1; i++) {
            play(round1.get("games").get(i), random);
        }
        CommunityClient.Reply w = players.get("Amal").post("/api/tournaments/" + id + "/withdraw", null);
        assertThat(w.status()).as(w.body()).isEqualTo(200);
        assertThat(w.get("you").get("withdrawn").asBoolean()).isTrue();
        CommunityClient.Reply late = signUp("Noor").post("/api/tournaments/" + id + "/join", null);
        assertThat(late.status()).as(late.body()).isEqualTo(200);
        play(round1.get("games").get(round1.get("games").size() - 1), random);
        for (int number = 2; number <= 5; number++) {
            t = waitRound(id, number);
            JsonNode round = t.get("pairings").get(number - 1);
            Set<String> in = paired(round);
            assertThat(in).as("round %d", number).doesNotContain("Amal").contains("Noor");
            if (number == 3) {
                assertThat(in).doesNotContain("Huda");
                assertThat(round.get("halfPointByes").toString()).isEqualTo("[\"Huda\"]");
            }
            for (JsonNode g : round.get("games")) {
                play(g, random);
            }
        }
        t = waitRound(id, 6);
        for (int i = 0; i < 400 && !t.get("status").asText().equals("finished"); i++) {
            Thread.sleep(25);
            t = view(id);
        }
        assertThat(t.get("status").asText()).isEqualTo("finished");

        // the TRF file: read back, written back the same, every round re-paired identically from it
        CommunityClient.Reply file = creator.get("/api/tournaments/" + id + "/trf");
        assertThat(file.status()).isEqualTo(200);
        String text = file.body();
        TrfFile read = TrfReader.read(text);
        assertThat(TrfWriter.write(read)).isEqualTo(text);
        Tournament tf = read.tournament();
        assertThat(tf.totalRounds()).isEqualTo(5);
        assertThat(tf.players()).hasSize(9);
        Map<Integer, String> byNumber = new HashMap<>();
        tf.players().forEach(p -> byNumber.put(p.startNumber(), p.name()));
        Player amal = tf.players().stream().filter(p -> p.name().equals("Amal")).findFirst().orElseThrow();
        Player noor = tf.players().stream().filter(p -> p.name().equals("Noor")).findFirst().orElseThrow();
        Player huda = tf.players().stream().filter(p -> p.name().equals("Huda")).findFirst().orElseThrow();
        assertThat(amal.round(0).opponent()).isNotZero();
        assertThat(noor.startNumber()).isEqualTo(9);
        assertThat(noor.round(0)).isEqualTo(RoundEntry.unpaired('Z'));
        assertThat(huda.round(2)).isEqualTo(RoundEntry.unpaired('H'));
        for (int r = 2; r <= 5; r++) {
            assertThat(amal.round(r - 1)).as("Amal, round %d", r).isEqualTo(RoundEntry.unpaired('Z'));
        }
        for (int r = 1; r <= 5; r++) {
            List<Pairing> again;
            try {
                again = DutchPairer.repairRound(tf, r);
            } catch (mancala.pairing.dutch.NoValidPairingException e) {
                throw new AssertionError(e);
            }
            Set<String> fromFile = new HashSet<>();
            for (Player p : tf.players()) {
                RoundEntry e = p.round(r - 1);
                if (e.colour() == 'w') {
                    fromFile.add(p.name() + "-" + byNumber.get(e.opponent()));
                } else if (e.result() == 'U') {
                    fromFile.add(p.name() + "-bye");
                }
            }
            Set<String> repaired = new HashSet<>();
            for (Pairing p : again) {
                repaired.add(p.isBye() ? byNumber.get(p.white() == 0 ? p.black() : p.white()) + "-bye"
                        : byNumber.get(p.white()) + "-" + byNumber.get(p.black()));
                if (r > 1) {
                    assertThat(List.of(p.white(), p.black())).as("round %d", r).doesNotContain(amal.startNumber());
                }
            }
            assertThat(repaired).as("round %d", r).isEqualTo(fromFile);
            // and the API showed the same games, South = White
            Set<String> shown = new HashSet<>();
            JsonNode round = t.get("pairings").get(r - 1);
            for (JsonNode g : round.get("games")) {
                shown.add(g.get("south").asText() + "-" + g.get("north").asText());
            }
            if (!round.get("bye").isNull()) {
                shown.add(round.get("bye").asText() + "-bye");
            }
            assertThat(shown).as("round %d", r).isEqualTo(fromFile);
        }

        // standings: points from the file's entries, halves written with '½', ranks shared only on equal values
        Map<String, Integer> tenths = new HashMap<>();
        for (Player p : tf.players()) {
            int sum = 0;
            for (RoundEntry e : p.rounds()) {
                sum += switch (e.result()) {
                    case '1', '+', 'U' -> 10;
                    case '=', 'H' -> 5;
                    default -> 0;
                };
            }
            tenths.put(p.name(), sum);
        }
        JsonNode standings = t.get("standings");
        assertThat(standings).hasSize(9);
        JsonNode previous = null;
        for (JsonNode line : standings) {
            String p = line.get("username").asText();
            int pts = tenths.get(p);
            assertThat(line.get("points").asDouble()).as(p).isEqualTo(pts / 10.0);
            String written = pts % 10 == 0 ? String.valueOf(pts / 10) : (pts < 10 ? "" : String.valueOf(pts / 10))
                    + "½";
            assertThat(line.get("pointsText").asText()).as(p).isEqualTo(written).doesNotStartWith("0½");
            assertThat(line.get("tieBreaks")).hasSize(3);
            assertThat(line.get("tieBreaks").get(0).get("code").asText()).isEqualTo("BH-C1");
            if (previous != null) {
                boolean allTie = previous.get("points").equals(line.get("points"));
                for (int k = 0; k < 3; k++) {
                    allTie &= previous.get("tieBreaks").get(k).get("value").equals(line.get("tieBreaks").get(k)
                            .get("value"));
                }
                assertThat(line.get("rank").asInt() == previous.get("rank").asInt()).as(p).isEqualTo(allTie);
            }
            previous = line;
        }
        assertThat(standings.findValuesAsText("username")).contains("Amal");
        // the file's points (columns 81-84) are those of the entries, its ranks (86-89) the standings' order
        for (int i = 0; i < standings.size(); i++) {
            String name = standings.get(i).get("username").asText();
            Player p = tf.players().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
            assertThat(p.statedPoints()).as(name).isEqualTo(tenths.get(name));
            assertThat(p.rank()).as(name).isEqualTo(i + 1);
        }
    }

    /**
     * Four players, two rounds of a Swiss started early by its creator, with results chosen here: Amira beats Dunya,
     * Basim and Fadi draw; then Amira beats Basim, Dunya beats Fadi. By hand: Amira 2, Dunya 1, Basim ½ and Fadi ½;
     * Basim's Buchholz Cut-1 (opponents Fadi ½ and Amira 2, the lowest cut) is 2, Fadi's (Basim ½, Dunya 1) is 1,
     * so the ranks are Amira 1, Dunya 2, Basim 3, Fadi 4.
     */
    @Test
    void aSwissStartedEarlySaysWhenItStartedAndItsTrfFileGivesEachPlayersPointsAndRank()
            throws InterruptedException {
        String id = create(settings("swiss", 2, ""), List.of());
        // a join's reply and a later read write the points alike: 0, not 0.0
        CommunityClient.Reply joined = signUp("Amira").post("/api/tournaments/" + id + "/join", null);
        assertThat(joined.body()).contains("\"points\":0,").doesNotContain(".0,").doesNotContain(".0}");
        assertThat(creator.get("/api/tournaments/" + id).body()).contains("\"points\":0,").doesNotContain(".0,");
        for (String n : List.of("Basim", "Dunya", "Fadi")) {
            assertThat(signUp(n).post("/api/tournaments/" + id + "/join", null).status()).isEqualTo(200);
        }
        Instant planned = Instant.parse(view(id).get("startsAt").asText());
        assertThat(view(id).has("startedAt")).isFalse();
        Instant before = Instant.now();
        assertThat(creator.post("/api/tournaments/" + id + "/start", null).status()).isEqualTo(200);
        JsonNode t = waitRound(id, 1);
        Instant started = Instant.parse(t.get("startedAt").asText());
        assertThat(started).isBetween(before.minusSeconds(1), Instant.now()).isBefore(planned.minusSeconds(3000));
        assertThat(t.get("startsAt").asText()).isEqualTo(planned.toString());
        assertThat(t.has("fewerRounds")).isFalse();
        Map<String, Integer> seed = new HashMap<>();
        t.get("players").forEach(p -> seed.put(p.get("username").asText(), p.get("seed").asInt()));
        assertThat(seed).isEqualTo(Map.of("Amira", 1, "Basim", 2, "Dunya", 3, "Fadi", 4));
        // round 1, the Dutch system: 1-3 and 2-4
        Map<Set<String>, String> winners = new HashMap<>();
        winners.put(Set.of("Amira", "Dunya"), "Amira");
        winners.put(Set.of("Basim", "Fadi"), null);
        for (JsonNode g : t.get("pairings").get(0).get("games")) {
            Set<String> pair = Set.of(g.get("south").asText(), g.get("north").asText());
            assertThat(winners).as("round 1").containsKey(pair);
            play(g, winners.get(pair));
        }
        // round 2: Amira (1) floats to the ½ group and meets its first, Basim; Fadi (½) meets Dunya (0)
        t = waitRound(id, 2);
        winners.clear();
        winners.put(Set.of("Amira", "Basim"), "Amira");
        winners.put(Set.of("Dunya", "Fadi"), "Dunya");
        for (JsonNode g : t.get("pairings").get(1).get("games")) {
            Set<String> pair = Set.of(g.get("south").asText(), g.get("north").asText());
            assertThat(winners).as("round 2").containsKey(pair);
            play(g, winners.get(pair));
        }
        for (int i = 0; i < 400 && !t.get("status").asText().equals("finished"); i++) {
            Thread.sleep(25);
            t = view(id);
        }
        assertThat(t.get("status").asText()).isEqualTo("finished");
        assertThat(t.get("startedAt").asText()).isEqualTo(started.toString());
        String body = creator.get("/api/tournaments/" + id).body();
        assertThat(body).contains("\"username\":\"Amira\",\"points\":2,", "\"username\":\"Basim\",\"points\":0.5,")
                .doesNotContain("\"points\":2.0", "\"points\":1.0", "\"value\":1.0");
        assertThat(t.get("standings").findValuesAsText("username")).containsExactly("Amira", "Dunya", "Basim", "Fadi");
        // the list says it started, too
        JsonNode listed = null;
        for (JsonNode x : creator.get("/api/tournaments").json().get("tournaments")) {
            if (x.get("id").asText().equals(id)) {
                listed = x;
            }
        }
        assertThat(listed.get("startedAt").asText()).isEqualTo(started.toString());

        // the TRF file: columns 81-84 the points, 86-89 the rank (TRF16), read back the same by the reader
        String text = creator.get("/api/tournaments/" + id + "/trf").body();
        Map<String, String> columns = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("001")) {
                columns.put(line.substring(14, 47).strip(), line.substring(80, 84) + "|" + line.substring(85, 89));
            }
        }
        assertThat(columns).isEqualTo(Map.of("Amira", " 2.0|   1", "Dunya", " 1.0|   2", "Basim", " 0.5|   3",
                "Fadi", " 0.5|   4"));
        Tournament tf = TrfReader.read(text).tournament();
        assertThat(tf.players()).extracting(Player::statedPoints).containsExactly(20, 5, 10, 5);
        assertThat(tf.players()).extracting(Player::rank).containsExactly(1, 3, 2, 4);

        // three players asked for five rounds: a Swiss of three has three (each one bye), and says so
        String few = create(settings("swiss", 5, ""), List.of("Hala", "Idris", "Jana"));
        assertThat(creator.post("/api/tournaments/" + few + "/start", null).status()).isEqualTo(200);
        JsonNode f = waitRound(few, 1);
        assertThat(f.get("rounds").asInt()).isEqualTo(3);
        assertThat(f.get("roundsAsked").asInt()).isEqualTo(5);
        assertThat(f.get("fewerRounds").asText()).isEqualTo("too-few-players");
        assertThat(f.get("playersAtStart").asInt()).isEqualTo(3);
    }

    @Test
    void aTournamentWithoutANameIsNamedByItsGameAndSystemAndMarkedForThePagesToTranslate() {
        String unnamed = create(settings("arena", null, ",\"minutes\":30").replace("\"name\":\"Muscat arena\",", ""),
                List.of());
        JsonNode v = view(unnamed);
        assertThat(v.get("name").asText()).isEqualTo("Hawalis arena");
        assertThat(v.get("defaultName").asBoolean()).isTrue();
        String named = create(settings("swiss", 3, ""), List.of());
        assertThat(view(named).get("name").asText()).isEqualTo("Muscat swiss");
        assertThat(view(named).get("defaultName").asBoolean()).isFalse();
        JsonNode list = creator.get("/api/tournaments").json();
        assertThat(list.toString()).contains("\"name\":\"Hawalis arena\",\"defaultName\":true");
    }

    @Test
    void aRoundRobinFollowsTheBergerTableOfItsSeatsByRatingOrByLot() throws InterruptedException {
        for (String seating : List.of("rating", "lot")) {
            List<String> names = List.of("Omar" + seating.charAt(0), "Rana" + seating.charAt(0),
                    "Sami" + seating.charAt(0), "Tala" + seating.charAt(0), "Yara" + seating.charAt(0));
            String id = create(settings("round-robin", null, ",\"seating\":\"" + seating + "\""), names);
            assertThat(creator.post("/api/tournaments/" + id + "/start", null).status()).isEqualTo(200);
            JsonNode t = waitRound(id, 1);
            assertThat(t.get("rounds").asInt()).isEqualTo(5);
            Map<Integer, String> bySeat = new HashMap<>();
            for (JsonNode p : t.get("players")) {
                bySeat.put(p.get("seat").asInt(), p.get("username").asText());
                if (seating.equals("rating")) {
                    assertThat(p.get("seat").asInt()).isEqualTo(p.get("seed").asInt());
                }
            }
            assertThat(bySeat.keySet()).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
            SplittableRandom random = new SplittableRandom(3);
            for (int number = 1; number <= 5; number++) {
                t = waitRound(id, number);
                JsonNode round = t.get("pairings").get(number - 1);
                Set<String> shown = new HashSet<>();
                for (JsonNode g : round.get("games")) {
                    shown.add(g.get("south").asText() + "-" + g.get("north").asText());
                }
                Set<String> table = new HashSet<>();
                for (BergerTables.Game g : BergerTables.round(5, number)) {
                    table.add(bySeat.get(g.white()) + "-" + bySeat.get(g.black()));
                }
                assertThat(shown).as("%s round %d", seating, number).isEqualTo(table);
                assertThat(round.get("bye").asText()).isEqualTo(bySeat.get(BergerTables.bye(5, number)));
                for (JsonNode g : round.get("games")) {
                    play(g, random);
                }
            }
            for (int i = 0; i < 400 && !t.get("status").asText().equals("finished"); i++) {
                Thread.sleep(25);
                t = view(id);
            }
            assertThat(t.get("status").asText()).isEqualTo("finished");
            assertThat(t.get("tieBreaks").toString()).isEqualTo("[\"DE\",\"WIN\",\"SB\"]");
            assertThat(t.get("crosstable")).allSatisfy(row -> assertThat(row.get("rounds")).hasSize(5));
        }
    }
    /**
     * An arena of one minute played by four API clients to its end: each plays his game as soon as his page shows
     * it; one pauses and comes back; the points are recomputed here from the games (2 a win, 1 a draw, doubled from
     * the third win in a row on); games still being played at the end finish and count.
     */
    @Test
    void anArenaPairsPlayersAgainAtOnceAndScoresStreaksDoubleToItsEnd() throws InterruptedException {
        List<String> names = List.of("Amira", "Basim", "Dunya", "Fadi");
        String id = create(settings("arena", null, ",\"minutes\":1"), names);
        CommunityClient.Reply started = creator.post("/api/tournaments/" + id + "/start", null);
        assertThat(started.status()).as(started.body()).isEqualTo(200);
        assertThat(started.get("endsAt").asText()).isNotEmpty();
        assertThat(creator.get("/api/tournaments/" + id + "/trf").status()).isEqualTo(409);
        SplittableRandom random = new SplittableRandom(5);
        Instant end = Instant.parse(view(id).get("endsAt").asText());
        boolean paused = false;
        boolean back = false;
        Set<String> seenWhilePaused = new HashSet<>();
        int playedGames = 0;
        while (Instant.now().isBefore(end.minusSeconds(3))) {
            for (String n : names) {
                JsonNode you = players.get(n).get("/api/tournaments/" + id).json().get("you");
                if (you.has("gameId") && !you.get("over").asBoolean()) {
                    JsonNode g = CommunityClient.JSON.createObjectNode().put("gameId", you.get("gameId").asText())
                            .put("south", you.get("side").asText().equals("south") ? n : you.get("opponent").asText())
                            .put("north", you.get("side").asText().equals("north") ? n : you.get("opponent").asText());
                    if (paused && !back && n.equals("Fadi")) {
                        seenWhilePaused.add(g.get("gameId").asText());
                    }
                    play(g, random);
                    playedGames++;
                }
            }
            if (playedGames >= 4 && !paused) {
                assertThat(players.get("Fadi").post("/api/tournaments/" + id + "/withdraw", null).status())
                        .isEqualTo(200);
                paused = true;
            } else if (paused && !back && playedGames >= 10) {
                assertThat(players.get("Fadi").post("/api/tournaments/" + id + "/return", null).status())
                        .isEqualTo(200);
                back = true;
            }
            Thread.sleep(30);
        }
        // Fadi's game in progress when he paused may be played out; no second game while paused
        assertThat(seenWhilePaused.size()).isLessThanOrEqualTo(1);
        assertThat(back).isTrue();
        // let the arena end with games in progress, then finish them: they count
        JsonNode t = view(id);
        for (int i = 0; i < 400 && !t.get("status").asText().equals("finished"); i++) {
            Thread.sleep(25);
            t = view(id);
        }
        assertThat(t.get("status").asText()).isEqualTo("finished");
        int open = 0;
        for (JsonNode g : t.get("pairings").get(0).get("games")) {
            if (g.get("result").isNull()) {
                play(g, random);
                open++;
            }
        }
        Thread.sleep(300);
        t = view(id);
        for (JsonNode g : t.get("pairings").get(0).get("games")) {
            assertThat(g.get("result").isNull()).as("game %s", g).isFalse();
        }
        int games = t.get("pairings").get(0).get("games").size();
        assertThat(games).as("games; %d were open at the end", open).isGreaterThan(10);
        // nobody is paired after the end
        Thread.sleep(500);
        assertThat(view(id).get("pairings").get(0).get("games").size()).isEqualTo(games);
        // the points, recomputed from the games in the order each player played them
        Map<String, Integer> points = new HashMap<>();
        Map<String, Integer> streak = new HashMap<>();
        Map<String, String> last = new HashMap<>();
        int rematches = 0;
        for (JsonNode g : t.get("pairings").get(0).get("games")) {
            String south = g.get("south").asText();
            String north = g.get("north").asText();
            double s = switch (g.get("result").asText()) {
                case "1-0" -> 1;
                case "0-1" -> 0;
                default -> 0.5;
            };
            if (north.equals(last.get(south))) {
                rematches++;
            }
            last.put(south, north);
            last.put(north, south);
            for (String p : List.of(south, north)) {
                double mine = p.equals(south) ? s : 1 - s;
                int st = streak.getOrDefault(p, 0);
                int base = mine == 1 ? 2 : mine == 0.5 ? 1 : 0;
                points.merge(p, st >= 2 ? 2 * base : base, Integer::sum);
                streak.put(p, mine == 1 ? st + 1 : 0);
            }
        }
        int previous = Integer.MAX_VALUE;
        for (JsonNode line : t.get("standings")) {
            String p = line.get("username").asText();
            assertThat(line.get("points").asInt()).as(p).isEqualTo(points.getOrDefault(p, 0));
            assertThat(line.get("points").asInt()).isLessThanOrEqualTo(previous);
            assertThat(line.get("onFire").asBoolean()).isEqualTo(streak.getOrDefault(p, 0) >= 2);
            previous = line.get("points").asInt();
        }
        // four players: a rematch only when the other two were busy
        assertThat(rematches).isLessThan(games);
    }
}
