package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SplittableRandom;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.RioKadalisOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Mutated records fed to the reader, the replay and the writer: the only exception that may come out is the
 * reader's {@link RecordException}; a replay reports problems and never throws. Inputs are bounded (a few
 * kilobytes, Setup positions within the game's seed total), so every case ends.
 */
class RecordFuzzTest {
    private static final int CASES = 100_000;
    /** Cases in the default (fast) build: the first of the {@value #CASES} of the slow run. */
    private static final int QUICK_CASES = 5_000;
    private static final String ALPHABET = "abcdefghnoprxzABHNPX0123456789 \n\t[]{}()\"\\;.-+*/!?=,_";

    @Tag("slow")
    @Test
    void mutatedRecordsFailOnlyWithTheReadersError() {
        fuzz(CASES);
    }

    @Test
    void aSampleOfMutatedRecordsFailsOnlyWithTheReadersError() {
        fuzz(QUICK_CASES);
    }

    private static void fuzz(int cases) {
        List<String> corpus = corpus();
        SplittableRandom random = new SplittableRandom(20_260_101L);
        int read = 0;
        int valid = 0;
        for (int c = 0; c < cases; c++) {
            long seed = random.nextLong();
            SplittableRandom r = new SplittableRandom(seed);
            String text = mutate(corpus.get(r.nextInt(corpus.size())), r);
            RecordReader.Settings settings = switch (r.nextInt(4)) {
                case 0 -> RecordReader.Settings.DEFAULT;
                case 1 -> RecordReader.Settings.DEFAULT.withGame(GameKind.HAWALIS);
                case 2 -> RecordReader.Settings.DEFAULT.withGame(GameKind.AL_MANQALA);
                default -> RecordReader.Settings.DEFAULT.withGame(GameKind.HAWALIS).withNumeric(true);
            };
            try {
                List<GameRecord> records = RecordReader.read(text, "case " + c, settings);
                read++;
                List<ReplayedRecord> replays = Replay.replay(records);
                for (ReplayedRecord rr : replays) {
                    for (RecordException e : rr.problems()) {
                        assertThat(e.getMessage()).as("case %d seed %d", c, seed).contains("case " + c);
                    }
                    if (rr.valid()) {
                        valid++;
                        GameRecord canonical = rr.canonicalRecord();
                        String again = RecordWriter.write(canonical);
                        assertThat(RecordReader.read(again, "again")).hasSize(1);
                    }
                }
            } catch (RecordException e) {
                assertThat(e.line()).as("case %d seed %d: %s", c, seed, e.getMessage()).isPositive();
            } catch (RuntimeException | AssertionError e) {
                throw new AssertionError("case " + c + " (seed " + seed + ") threw " + e + " on:\n" + text, e);
            }
        }
        // The mutations are mostly small: a good share of the cases still read, and some still replay.
        assertThat(read).isGreaterThan(cases / 10);
        assertThat(valid).isPositive();
    }

    /** The published Hawalis record (docs/records), a numeric Hawalis record, an Al-manqala game and a Rio Kadalis match. */
    private static List<String> corpus() {
        List<String> corpus = new ArrayList<>();
        corpus.add(HistoricalRecords.text(HawalisPublishedRecordTest.FILE));
        SplittableRandom random = new SplittableRandom(7);
        Game hawalis = Game.start(GameKind.HAWALIS.rules());
        play(hawalis, random, 40);
        corpus.add(RecordWriter.write(GameRecord.of(hawalis, new LinkedHashMap<>()), true));
        Game alManqala = Game.start(GameKind.AL_MANQALA.rules());
        play(alManqala, random, 60);
        corpus.add(RecordWriter.write(GameRecord.of(alManqala, new LinkedHashMap<>())));
        Match match = new Match(RioKadalisOptions.DEFAULT);
        play(match.round(), random, 1000);
        match.nextRound();
        play(match.round(), random, 1000);
        corpus.add(RecordWriter.write(GameRecord.ofMatch(match, new LinkedHashMap<>())));
        corpus.add("1. i (+4) L (+6); 2. d (+6) J (+6) {comment} (infinite loop) 3. i!? (+2) H?! 0-1\n");
        return corpus;
    }

    private static void play(Game game, SplittableRandom random, int plies) {
        for (int i = 0; i < plies && !game.isOver(); i++) {
            int[] legal = game.position().legalMoves();
            game.play(legal[random.nextInt(legal.length)]);
        }
    }

    private static String mutate(String text, SplittableRandom r) {
        StringBuilder sb = new StringBuilder(text);
        int mutations = 1 + r.nextInt(4);
        for (int m = 0; m < mutations; m++) {
            int at = sb.length() == 0 ? 0 : r.nextInt(sb.length());
            switch (r.nextInt(6)) {
                case 0 -> sb.insert(at, ALPHABET.charAt(r.nextInt(ALPHABET.length())));
                case 1 -> {
                    if (sb.length() > 0) {
                        sb.deleteCharAt(at);
                    }
                }
                case 2 -> {
                    if (sb.length() > 0) {
                        sb.setCharAt(at, ALPHABET.charAt(r.nextInt(ALPHABET.length())));
                    }
                }
                case 3 -> {
                    int end = Math.min(sb.length(), at + 1 + r.nextInt(30));
                    sb.delete(at, end);
                }
                case 4 -> {
                    int end = Math.min(sb.length(), at + 1 + r.nextInt(30));
                    String span = sb.substring(at, end);
                    sb.insert(r.nextInt(sb.length() + 1), span);
                }
                default -> sb.setLength(at);
            }
        }
        return sb.toString();
    }
}
