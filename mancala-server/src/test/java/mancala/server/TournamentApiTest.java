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
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import mancala.server.tournament.GameResult;
import mancala.server.tournament.Pairing;
import mancala.server.tournament.Round;
import mancala.server.tournament.RoundRobin;
import mancala.server.tournament.Swiss;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tournaments of 9 players, each an API client with his own session, through to their standings: a Swiss and a
 * round robin, every pairing rule asserted round by round, the tie-breaks recomputed here from the results.
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
        server = MancalaServer.start("127.0.0.1", 0, mancala.server.store.Database.h2FileUrl(dir.resolve("t")), null, null, 0);
        creator = signUp("Organiser");
        for (String name : List.of("Amal", "Bilal", "Dalia", "Faris", "Huda", "Jamal", "Karim", "Layla", "Nadia")) {
            players.put(name, signUp(name));
        }
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
        return c;
    }

    private String create(String system, Integer rounds) throws InterruptedException {
        String body = CommunityClient.JSON.createObjectNode().put("name", "Muscat " + system).put("game", "hawalis")
                .put("system", system).put("startsAt", Instant.now().plusSeconds(3).toString())
                .set("clock", CommunityClient.JSON.createObjectNode().put("initialSeconds", 600)
                        .put("incrementSeconds", 5)).toString();
        if (rounds != null) {
            body = body.substring(0, body.length() - 1) + ",\"rounds\":" + rounds + "}";
        }
        CommunityClient.Reply r = creator.post("/api/tournaments", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String id = r.get("id").asText();
        assertThat(r.get("status").asText()).isEqualTo("open");
        for (CommunityClient p : players.values()) {
            CommunityClient.Reply j = p.post("/api/tournaments/" + id + "/join", null);
            assertThat(j.status()).as(j.body()).isEqualTo(200);
        }
        // the server starts it at its start time
        JsonNode t = view(id);
        for (int i = 0; i < 200 && t.get("status").asText().equals("open"); i++) {
            Thread.sleep(50);
            t = view(id);
        }
        assertThat(t.get("status").asText()).isEqualTo("running");
        assertThat(t.get("players")).hasSize(9);
        // joining is over once it runs
        assertThat(signUp("Late").post("/api/tournaments/" + id + "/join", null).status()).isEqualTo(409);
        return id;
    }

    private JsonNode view(String id) {
        return creator.get("/api/tournaments/" + id).json();
    }

    /** Plays every game of the current round: a move each, then South resigns, North resigns or both agree a draw, at random. */
    private void playRound(JsonNode round, SplittableRandom random) {
        for (JsonNode g : round.get("games")) {
            String id = g.get("gameId").asText();
            CommunityClient south = players.get(g.get("south").asText());
            CommunityClient north = players.get(g.get("north").asText());
            String southSeat = south.get("/api/games/" + id + "/seat").get("seatToken").asText();
            String northSeat = north.get("/api/games/" + id + "/seat").get("seatToken").asText();
            JsonNode state = south.get("/api/games/" + id).json();
            assertThat(state.get("tournament").asText()).isNotEmpty();
            assertThat(state.get("clock").get("initialSeconds").asInt()).isEqualTo(600);
            // each side moves once: a rated game changes ratings only then (before, it could only be aborted)
            for (int ply = 0; ply < 2; ply++) {
                boolean southMoves = state.get("toMove").asText().equals("south");
                CommunityClient.Reply m = (southMoves ? south : north).post("/api/games/" + id + "/moves",
                        "{\"pit\":\"" + state.get("legal").get(0).asText() + "\"}", southMoves ? southSeat : northSeat);
                assertThat(m.status()).as(m.body()).isEqualTo(200);
                state = m.json();
            }
            int x = random.nextInt(5);
            CommunityClient.Reply r;
            if (x < 2) {
                r = south.post("/api/games/" + id + "/resign", null, southSeat);
            } else if (x < 4) {
                r = north.post("/api/games/" + id + "/resign", null, northSeat);
            } else {
                assertThat(south.post("/api/games/" + id + "/draw/offer", null, southSeat).status()).isEqualTo(200);
                r = north.post("/api/games/" + id + "/draw/accept", null, northSeat);
            }
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            assertThat(r.get("status").asText()).isEqualTo("over");
        }
    }

    private static double southScore(String result) {
        return switch (result) {
            case "1-0" -> 1;
            case "0-1" -> 0;
            default -> 0.5;
        };
    }

    private JsonNode waitRound(String id, int number) throws InterruptedException {
        JsonNode t = view(id);
        for (int i = 0; i < 200 && t.get("pairings").size() < number && t.get("status").asText().equals("running");
             i++) {
            Thread.sleep(25);
            t = view(id);
        }
        return t;
    }

    @Test
    void aNinePlayerSwissToItsStandings() throws InterruptedException {
        String id = create("swiss", 5);
        SplittableRandom random = new SplittableRandom(7);
        List<String> seeds = new ArrayList<>();
        JsonNode t = view(id);
        for (JsonNode p : t.get("players")) {
            seeds.add(p.get("username").asText());
        }
        assertThat(seeds).containsExactlyInAnyOrderElementsOf(players.keySet());
        List<Round> rounds = new ArrayList<>();
        List<GameResult> results = new ArrayList<>();
        for (int number = 1; number <= 5; number++) {
            t = waitRound(id, number);
            JsonNode round = t.get("pairings").get(number - 1);
            assertThat(round.get("number").asInt()).isEqualTo(number);
            Round served = round(round);
            // the server's pairing is the Swiss rules' pairing of the tournament so far
            List<Swiss.Entrant> entrants = Swiss.entrants(seeds, rounds, results);
            assertThat(served).isEqualTo(Swiss.pair(number, entrants).orElseThrow());
            checkSwissRules(served, entrants);
            playRound(round, random);
            rounds.add(served);
            JsonNode after = view(id).get("pairings").get(number - 1);
            for (JsonNode g : after.get("games")) {
                results.add(new GameResult(number, g.get("south").asText(), g.get("north").asText(),
                        southScore(g.get("result").asText())));
            }
        }
        t = waitRound(id, 6);
        assertThat(t.get("status").asText()).isEqualTo("finished");
        assertThat(t.get("tieBreak").asText()).isEqualTo("buchholz");
        // standings: points (a bye is 1) and Buchholz (opponents' points) recomputed from the results
        Map<String, Double> points = points(seeds, rounds, results, 1);
        double total = 0;
        JsonNode standings = t.get("standings");
        assertThat(standings).hasSize(9);
        double lastPoints = Double.MAX_VALUE;
        double lastTie = Double.MAX_VALUE;
        for (JsonNode line : standings) {
            String p = line.get("username").asText();
            double buchholz = 0;
            for (GameResult r : results) {
                if (r.has(p)) {
                    buchholz += points.get(r.opponentOf(p));
                }
            }
            assertThat(line.get("points").asDouble()).as(p).isEqualTo(points.get(p));
            assertThat(line.get("tieBreak").asDouble()).as(p).isEqualTo(buchholz);
            double pts = line.get("points").asDouble();
            assertThat(pts < lastPoints || pts == lastPoints && buchholz <= lastTie).isTrue();
            lastPoints = pts;
            lastTie = pts == lastPoints ? buchholz : Double.MAX_VALUE;
            total += pts;
        }
        assertThat(total).isEqualTo(5 * 4 + 5);
        assertThat(t.get("crosstable")).hasSize(9).allSatisfy(row -> assertThat(row.get("rounds")).hasSize(5));
        // the results fed the ratings: each player's Hawalis rating counts his games
        for (String p : seeds) {
            long games = results.stream().filter(r -> r.has(p)).count();
            JsonNode page = creator.get("/api/players/" + p).json();
            assertThat(page.get("ratings").get("hawalis").get("games").asLong()).as(p).isEqualTo(games);
            assertThat(page.get("games")).allSatisfy(g -> assertThat(g.get("tournament").asText()).isEqualTo(id));
        }
    }

    private static void checkSwissRules(Round r, List<Swiss.Entrant> entrants) {
        Map<String, Swiss.Entrant> byId = new HashMap<>();
        for (Swiss.Entrant e : entrants) {
            byId.put(e.id(), e);
        }
        // 9 players: one bye, to a player who has not had one
        assertThat(r.bye()).isPresent();
        assertThat(byId.get(r.bye().get()).hadBye()).isFalse();
        int mismatched = 0;
        for (Pairing g : r.games()) {
            Swiss.Entrant s = byId.get(g.south());
            Swiss.Entrant n = byId.get(g.north());
            assertThat(s.opponents()).as("no rematch").doesNotContain(n.id());
            mismatched += s.score() != n.score() ? 1 : 0;
            String ss = s.sides();
            String ns = n.sides();
            char ls = ss.isEmpty() ? 0 : ss.charAt(ss.length() - 1);
            char ln = ns.isEmpty() ? 0 : ns.charAt(ns.length() - 1);
            if (ls != ln) {
                assertThat(ls).as("sides alternate: %s was South last", g.south()).isNotEqualTo('S');
                assertThat(ln).as("sides alternate: %s was North last", g.north()).isNotEqualTo('N');
            }
        }
        List<Swiss.Entrant> rest = new ArrayList<>(entrants);
        rest.remove(byId.get(r.bye().get()));
        assertThat(mismatched).as("players of equal score meet where they can").isEqualTo(fewestMismatches(rest));
    }

    /** Brute force: the fewest games between different scores in any pairing without a rematch. */
    private static int fewestMismatches(List<Swiss.Entrant> players) {
        if (players.isEmpty()) {
            return 0;
        }
        int best = Integer.MAX_VALUE;
        Swiss.Entrant first = players.get(0);
        for (int j = 1; j < players.size(); j++) {
            Swiss.Entrant o = players.get(j);
            if (first.opponents().contains(o.id())) {
                continue;
            }
            List<Swiss.Entrant> rest = new ArrayList<>(players);
            rest.remove(o);
            rest.remove(first);
            int sub = fewestMismatches(rest);
            if (sub != Integer.MAX_VALUE) {
                best = Math.min(best, sub + (first.score() != o.score() ? 1 : 0));
            }
        }
        return best;
    }

    @Test
    void aNinePlayerRoundRobinToItsStandings() throws InterruptedException {
        String id = create("round-robin", null);
        SplittableRandom random = new SplittableRandom(11);
        JsonNode t = view(id);
        assertThat(t.get("rounds").asInt()).isEqualTo(9);
        List<String> seeds = new ArrayList<>();
        for (JsonNode p : t.get("players")) {
            seeds.add(p.get("username").asText());
        }
        List<Round> rounds = new ArrayList<>();
        List<GameResult> results = new ArrayList<>();
        Set<Set<String>> met = new HashSet<>();
        Set<String> byes = new HashSet<>();
        for (int number = 1; number <= 9; number++) {
            t = waitRound(id, number);
            JsonNode round = t.get("pairings").get(number - 1);
            Round served = round(round);
            // the Berger table: seat k is the k-th seed
            assertThat(served).isEqualTo(RoundRobin.round(seeds, number));
            assertThat(byes.add(served.bye().orElseThrow())).isTrue();
            for (Pairing g : served.games()) {
                assertThat(met.add(Set.of(g.south(), g.north()))).as("round %d %s", number, g).isTrue();
            }
            playRound(round, random);
            rounds.add(served);
            for (JsonNode g : view(id).get("pairings").get(number - 1).get("games")) {
                results.add(new GameResult(number, g.get("south").asText(), g.get("north").asText(),
                        southScore(g.get("result").asText())));
            }
        }
        assertThat(met).hasSize(36);
        assertThat(byes).hasSize(9);
        t = waitRound(id, 10);
        assertThat(t.get("status").asText()).isEqualTo("finished");
        assertThat(t.get("tieBreak").asText()).isEqualTo("sonneborn-berger");
        Map<String, Double> points = points(seeds, rounds, results, 0);
        for (JsonNode line : t.get("standings")) {
            String p = line.get("username").asText();
            double sb = 0;
            for (GameResult r : results) {
                if (r.has(p)) {
                    sb += r.scoreOf(p) * points.get(r.opponentOf(p));
                }
            }
            assertThat(line.get("points").asDouble()).as(p).isEqualTo(points.get(p));
            assertThat(line.get("tieBreak").asDouble()).as(p).isEqualTo(sb);
            assertThat(line.get("played").asInt()).isEqualTo(8);
        }
        // the crosstable: each player's result against each of the other 8
        for (JsonNode row : t.get("crosstable")) {
            assertThat(row.get("against").size()).isEqualTo(8);
        }
    }

    private static Map<String, Double> points(List<String> seeds, List<Round> rounds, List<GameResult> results,
                                              double bye) {
        Map<String, Double> points = new HashMap<>();
        for (String p : seeds) {
            points.put(p, 0.0);
        }
        for (GameResult r : results) {
            points.merge(r.south(), r.southScore(), Double::sum);
            points.merge(r.north(), 1 - r.southScore(), Double::sum);
        }
        for (Round r : rounds) {
            r.bye().ifPresent(b -> points.merge(b, bye, Double::sum));
        }
        return points;
    }

    private static Round round(JsonNode round) {
        List<Pairing> games = new ArrayList<>();
        for (JsonNode g : round.get("games")) {
            games.add(new Pairing(g.get("south").asText(), g.get("north").asText()));
        }
        JsonNode bye = round.get("bye");
        return new Round(round.get("number").asInt(), games,
                bye == null || bye.isNull() ? Optional.empty() : Optional.of(bye.asText()));
    }
}
