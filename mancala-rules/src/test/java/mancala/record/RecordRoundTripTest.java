package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import mancala.notation.OptionsNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.RioKadalisOptions;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seeded random games written canonically and read back: the same moves, stated counts, marks, comments, result
 * and final position. The seed of a failing game is in the failure message.
 */
class RecordRoundTripTest {
    private static final int GAMES = 1000;
    /** Games (matches) per game in the default build's sample; the {@value #GAMES} of each are tagged slow. */
    private static final int SAMPLE = 100;
    /** Rounds after which a random match is recorded as it stands (random matches rarely run this long). */
    private static final int MAX_ROUNDS = 40;

    @Tag("slow")
    @Test
    void hawalisGamesRoundTripInLettersAndNumbers() {
        int passes = roundTrips(GameKind.HAWALIS, 1_000, true);
        assertThat(passes).isZero();
    }

    @Tag("slow")
    @Test
    void baoKiarabuGamesRoundTripInLettersAndNumbers() {
        int passes = roundTrips(GameKind.BAO_KIARABU, 2_000, true);
        assertThat(passes).isZero();
    }

    @Tag("slow")
    @Test
    void alManqalaGamesRoundTripWithTheirForcedPasses() {
        int passes = roundTrips(GameKind.AL_MANQALA, 3_000, false);
        // Random play empties a row now and then: the A5 passes are written and read back.
        assertThat(passes).isPositive();
    }

    @Tag("slow")
    @Test
    void rioKadalisMatchesRoundTripRoundByRound() {
        matchRoundTrips(RioKadalisOptions.DEFAULT, 4_000, GAMES);
    }

    /** The first games of each of the slow tests of this class, for the default build. */
    @Test
    void aSampleOfEachGameRoundTrips() {
        assertThat(roundTrips(GameKind.HAWALIS.defaultOptions(), 1_000, SAMPLE, true)).isZero();
        assertThat(roundTrips(GameKind.BAO_KIARABU.defaultOptions(), 2_000, SAMPLE, true)).isZero();
        roundTrips(GameKind.AL_MANQALA.defaultOptions(), 3_000, SAMPLE, false);
        matchRoundTrips(RioKadalisOptions.DEFAULT, 4_000, SAMPLE);
        matchRoundTrips(RioKadalisOptions.DEFAULT.withConquest(true).withLoserStarts(true), 9_000, SAMPLE / 4);
        roundTrips(OptionsNotation.parse(GameKind.HAWALIS, "endless=draw skipOrigin"), 5_000, SAMPLE / 4, true);
        roundTrips(OptionsNotation.parse(GameKind.AL_MANQALA, "relay captureOpposite"), 7_000, SAMPLE / 4, false);
    }

    @Tag("slow")
    @Test
    void rioKadalisMatchesWithConquestAndLoserStartsRoundTrip() {
        matchRoundTrips(RioKadalisOptions.DEFAULT.withConquest(true).withLoserStarts(true), 9_000, 200);
    }

    private static void matchRoundTrips(RioKadalisOptions options, long firstSeed, int matches) {
        for (long seed = firstSeed; seed < firstSeed + matches; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Match match = new Match(options);
            boolean capped = false;
            while (true) {
                Game round = match.round();
                playRandomly(round, random);
                if (match.roundNumber() >= MAX_ROUNDS) {
                    capped = true;
                    break;
                }
                if (match.nextRound().isEmpty()) {
                    break;
                }
            }
            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("Event", "random match " + seed);
            List<GameRecord> records = decorate(GameRecord.ofMatch(match, tags), random);
            String text = RecordWriter.write(records);
            List<GameRecord> back = RecordReader.read(text, "seed " + seed);
            String what = "seed " + seed + "\n" + text;
            assertThat(back).as(what).hasSize(match.roundNumber());
            List<ReplayedRecord> replays = Replay.replay(back);
            List<Game> rounds = match.rounds();
            for (int i = 0; i < rounds.size(); i++) {
                ReplayedRecord r = replays.get(i);
                assertThat(r.problems()).as(what).isEmpty();
                assertThat(back.get(i).round()).as(what).hasValue(i + 1);
                assertSame(records.get(i), back.get(i), what);
                assertThat(r.game().moves()).as(what).isEqualTo(rounds.get(i).moves());
                assertThat(back.get(i).options()).as(what).isEqualTo(options);
                assertThat(r.finalPosition()).as(what).isEqualTo(rounds.get(i).position());
                assertThat(r.outcome()).as(what).isEqualTo(rounds.get(i).outcome());
            }
            if (!capped) {
                assertThat(replays.get(replays.size() - 1).matchOutcome()).as(what).isEqualTo(match.outcome());
                assertThat(match.outcome()).as(what).isPresent();
            }
            assertThat(RecordWriter.write(back)).as(what).isEqualTo(text);
        }
    }

    @Tag("slow")
    @Test
    void gamesUnderRuleOptionsRoundTripWithTheirOptionsTag() {
        roundTrips(OptionsNotation.parse(GameKind.HAWALIS, "endless=draw skipOrigin"), 5_000, 200, true);
        roundTrips(OptionsNotation.parse(GameKind.BAO_KIARABU, "seeds=3 endless=illegal"), 6_000, 200, true);
        roundTrips(OptionsNotation.parse(GameKind.AL_MANQALA, "relay captureOpposite"), 7_000, 200, false);
        roundTrips(OptionsNotation.parse(GameKind.RIO_KADALIS, "pits=5 foursAtLapEnd clockwise"), 8_000, 200,
                false);
    }

    /** Plays, writes, reads and replays {@link #GAMES} games; returns the forced passes written. */
    private static int roundTrips(GameKind kind, long firstSeed, boolean numericToo) {
        return roundTrips(kind.defaultOptions(), firstSeed, GAMES, numericToo);
    }

    private static int roundTrips(RuleOptions options, long firstSeed, int games, boolean numericToo) {
        Rules rules = Rules.of(options);
        int passes = 0;
        for (long seed = firstSeed; seed < firstSeed + games; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Game game = Game.start(rules);
            playRandomly(game, random);
            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("South", "seed " + seed);
            tags.put("Annotator", "random \"player\" \\ test");
            GameRecord record = decorate(List.of(GameRecord.of(game, tags)), random).get(0);
            passes += (int) record.moves().stream().filter(RecordedMove::isPass).count();
            for (boolean numeric : numericToo ? new boolean[] {false, true} : new boolean[] {false}) {
                String text = RecordWriter.write(record, numeric);
                String what = "seed " + seed + (numeric ? " numeric" : "") + "\n" + text;
                List<GameRecord> back = RecordReader.read(text, "seed " + seed);
                assertThat(back).as(what).hasSize(1);
                assertSame(record, back.get(0), what);
                assertThat(back.get(0).options()).as(what).isEqualTo(options);
                assertThat(back.get(0).numeric()).as(what).isEqualTo(numeric);
                ReplayedRecord r = Replay.replay(back.get(0));
                assertThat(r.problems()).as(what).isEmpty();
                assertThat(r.game().moves()).as(what).isEqualTo(game.moves());
                assertThat(r.finalPosition()).as(what).isEqualTo(game.position());
                assertThat(r.outcome()).as(what).isEqualTo(game.outcome());
                assertThat(RecordWriter.write(back.get(0), numeric)).as(what).isEqualTo(text);
            }
        }
        return passes;
    }

    private static void playRandomly(Game game, SplittableRandom random) {
        while (!game.isOver()) {
            int[] legal = game.position().legalMoves();
            game.play(legal[random.nextInt(legal.length)]);
        }
    }

    /** Adds marks and comments to some moves, as annotators do. */
    private static List<GameRecord> decorate(List<GameRecord> records, SplittableRandom random) {
        List<GameRecord> out = new ArrayList<>();
        String[] marks = {"!", "?", "!!", "??", "!?", "?!"};
        for (GameRecord r : records) {
            List<RecordedMove> moves = new ArrayList<>();
            for (RecordedMove m : r.moves()) {
                if (!m.isPass() && random.nextInt(10) == 0) {
                    List<String> before = moves.isEmpty() && random.nextBoolean() ? List.of("opening") : List.of();
                    List<String> after = random.nextBoolean() ? List.of("a (remark) on ply " + moves.size())
                            : List.of();
                    m = new RecordedMove(m.pit(), m.side(), m.statedCapture(), marks[random.nextInt(6)], before,
                            after, 0, 0, 0, 0);
                }
                moves.add(m);
            }
            out.add(r.with(r.tags(), r.start(), moves, r.statedResult()));
        }
        return out;
    }

    private static void assertSame(GameRecord expected, GameRecord actual, String what) {
        assertThat(actual.game()).as(what).isEqualTo(expected.game());
        assertThat(actual.start()).as(what).isEqualTo(expected.start());
        assertThat(actual.statedResult()).as(what).isEqualTo(expected.statedResult());
        assertThat(actual.tags()).as(what).containsAllEntriesOf(withoutNotation(expected.tags()));
        assertThat(actual.moves()).as(what).hasSameSizeAs(expected.moves());
        for (int i = 0; i < expected.moves().size(); i++) {
            RecordedMove e = expected.moves().get(i);
            RecordedMove a = actual.moves().get(i);
            assertThat(a.pit()).as(what).isEqualTo(e.pit());
            assertThat(a.side()).as(what).isEqualTo(e.side());
            assertThat(a.statedCapture()).as(what).isEqualTo(e.statedCapture());
            assertThat(a.marks()).as(what).isEqualTo(e.marks());
            assertThat(a.commentsBefore()).as(what).isEqualTo(e.commentsBefore());
            assertThat(a.commentsAfter()).as(what).isEqualTo(e.commentsAfter());
        }
    }

    private static Map<String, String> withoutNotation(Map<String, String> tags) {
        Map<String, String> t = new LinkedHashMap<>(tags);
        t.remove("Notation");
        return t;
    }
}
