package mancala.pairing.dutch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import mancala.pairing.Colour;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;
import mancala.pairing.Tournaments;
import mancala.pairing.trf.TrfFile;
import mancala.pairing.trf.TrfReader;
import mancala.pairing.trf.TrfWriter;
import org.junit.jupiter.api.Test;

/** Hand-made tournaments, one a rule; the expected pairs are worked out by hand from C.04.3. */
class DutchPairerTest {
    private static List<String> pair(Tournament t) throws NoValidPairingException {
        // through the file format, as the command line reads it
        Tournament read = TrfReader.read(TrfWriter.write(TrfFile.of(t))).tournament();
        return DutchPairer.pairNextRound(read).stream().map(Pairing::toString).toList();
    }

    @Test
    void roundOneTopHalfMeetsBottomHalfAndColoursAlternateFromTheInitialColour() throws Exception {
        // article 3 (S1 = 1-4, S2 = 5-8); 5.2: player 1 takes the colour of XXC, then alternately down the boards
        assertThat(pair(Tournaments.of(8, 5, Colour.WHITE))).containsExactly("1 5", "6 2", "3 7", "8 4");
        assertThat(pair(Tournaments.of(8, 5, Colour.BLACK))).containsExactly("5 1", "2 6", "7 3", "4 8");
    }

    @Test
    void roundOneWithAnOddNumberGivesTheByeToTheLastPlayer() throws Exception {
        assertThat(pair(Tournaments.of(7, 5, Colour.WHITE))).containsExactly("1 4", "5 2", "3 6", "7 0");
    }

    @Test
    void noSecondPairingAllocatedByeAndTheByeGoesToTheLowestScore() throws Exception {
        // C2: player 5 had the bye in round 1 and may not have it again; 4, lowest score and rank, gets it.
        // The top bracket {1, 2, 5} pairs one pair: 1-2 and 1-5 both grant the colours inside the bracket (C10
        // counts only its own pairs), but 5's bye was a downfloat (1.4.3), so C12 keeps him in: 1-5, and 2 floats
        // (the lowest of S2 after 5 is used) to meet 3; both prefer White, the higher-ranked 2 gets it
        Tournament t = Tournaments.of(5, 3, Colour.WHITE, "1-3 1-0, 4-2 0-1, 5:U");
        assertThat(pair(t)).containsExactly("5 1", "2 3", "4 0");
    }

    @Test
    void aForfeitWinAlsoRulesOutTheBye() throws Exception {
        // 2.2 (C2, 2025 text): player 2 scored a win's points without playing, player 3 had the bye: 1 gets it
        Tournament t = Tournaments.of(3, 3, Colour.WHITE, "1-2 -+, 3:U");
        assertThat(pair(t)).containsExactly("3 2", "1 0");
    }

    @Test
    void aForfeitedGameMayBePairedAgainAndGivesNoColour() throws Exception {
        // C1 counts only games played; colours of forfeits do not count: round 2 is allocated as round 1 was
        Tournament t = Tournaments.of(2, 3, Colour.WHITE, "1-2 +-");
        assertThat(pair(t)).containsExactly("1 2");
    }

    @Test
    void noPairingWhenOnlyARematchIsLeft() {
        Tournament t = Tournaments.of(2, 3, Colour.WHITE, "1-2 1-0");
        assertThatThrownBy(() -> pair(t)).isInstanceOf(NoValidPairingException.class)
                .hasMessageContaining("absolute criteria");
    }

    @Test
    void twoNonTopscorersWithTheSameAbsolutePreferenceDoNotMeet() throws Exception {
        // 1 and 2 played White twice (absolute preference for Black); not the last round, so C3 keeps them
        // apart: both float to the ½ bracket, where 1-5, 2-3, 4-6 grants every colour preference
        String r1 = "1-4 1-0, 2-5 1-0, 3-6 =";
        String r2 = "1-3 1-0, 2-6 1-0, 4-5 =";
        assertThat(pair(Tournaments.of(6, 4, Colour.WHITE, r1, r2))).containsExactly("5 1", "3 2", "6 4");
    }

    @Test
    void inTheLastRoundTopscorersWithTheSameAbsolutePreferenceMayMeet() throws Exception {
        // last round (XXR 3): 1 and 2 are topscorers (2 of 2 points), so they meet; both have WW, the higher
        // ranked gets his preference (Black); 5 and 6, both BB and not topscorers, still may not meet
        String r1 = "1-4 1-0, 2-5 1-0, 3-6 =";
        String r2 = "1-3 1-0, 2-6 1-0, 4-5 =";
        assertThat(pair(Tournaments.of(6, 3, Colour.WHITE, r1, r2))).containsExactly("2 1", "5 3", "6 4");
    }

    @Test
    void absentAndHalfPointByePlayersAreNotPaired() throws Exception {
        // round 2 column: 4 withdrew (Z), 5 asked for a half-point bye (H)
        Tournament t = Tournaments.of(6, 5, Colour.WHITE, "1-4 1-0, 5-2 0-1, 3-6 1-0");
        t.player(4).rounds().add(RoundEntry.unpaired('Z'));
        t.player(5).rounds().add(RoundEntry.unpaired('H'));
        List<String> pairs = pair(t);
        assertThat(String.join(" ", pairs)).doesNotContain("4").doesNotContain("5");
        assertThat(pairs).hasSize(2);
    }

    @Test
    void aFileWithoutTheNumberOfRoundsOrTheInitialColourIsRefused() {
        Tournament noRounds = Tournaments.of(4, 0, Colour.WHITE);
        assertThatThrownBy(() -> DutchPairer.pairNextRound(noRounds)).hasMessageContaining("XXR");
        Tournament noColour = Tournaments.of(4, 5, Colour.NONE);
        assertThatThrownBy(() -> DutchPairer.pairNextRound(noColour)).hasMessageContaining("XXC");
    }

    private static Tournament absent(Tournament t, int... players) {
        for (int p : players) {
            t.player(p).rounds().add(RoundEntry.unpaired('Z'));
        }
        return t;
    }

    @Test
    void aStrongColourPreferenceBeatsAMildOneEvenOfTheHigherRanked() throws Exception {
        // 5.2.3: 1 (W then B: mild preference for White, 2 points) meets 2 (absent, then Black: colour difference
        // -1, a strong preference for White); 3-5 are away this round
        Tournament t = Tournaments.of(5, 5, Colour.WHITE, "1-3 1-0, 2:Z", "4-1 0-1, 5-2 1-0");
        assertThat(pair(absent(t, 3, 4, 5))).containsExactly("2 1");
    }

    @Test
    void equalPreferencesAlternateFromTheLatestRoundWithDifferentColours() throws Exception {
        // 5.2.4: 1 played W B W B, 2 played B W W B: both prefer White mildly; going back, round 2 is the latest
        // where their colours differed (1 Black, 2 White), so 1 gets White although 2 ranks higher (4 points)
        Tournament t = Tournaments.of(6, 6, Colour.WHITE,
                "1-3 0-1, 4-2 0-1", "5-1 1-0, 2-6 1-0", "1-4 0-1, 2-3 1-0", "6-1 1-0, 5-2 0-1");
        assertThat(pair(absent(t, 3, 4, 5, 6))).containsExactly("1 2");
    }

    @Test
    void equalHistoriesGiveTheHigherRankedHisPreference() throws Exception {
        // 5.2.5: both played White then Black and prefer White; the higher-ranked player gets it
        Tournament t = Tournaments.of(6, 6, Colour.WHITE, "1-3 1-0, 2-4 0-1", "5-1 0-1, 6-2 0-1");
        assertThat(pair(absent(t, 3, 4, 5, 6))).containsExactly("1 2");
    }

    @Test
    void aPlayerWhoFloatedDownLastRoundIsNotTheDownfloaterAgain() throws Exception {
        // C12: 3's pairing-allocated bye was a downfloat (1.4.3). In the bracket {1, 2, 3} every pair grants the
        // colours, so without C12 1-2 would meet and 3 would float again; with it 1-3 meet and 2 floats to 4.
        // 2 and 4 both had Black and prefer White: the higher-ranked 2 gets it (5.2.5)
        Tournament t = Tournaments.of(7, 5, Colour.WHITE, "1-5 1-0, 6-2 0-1, 7-4 1-0, 3:U");
        assertThat(pair(absent(t, 5, 6, 7))).containsExactly("3 1", "2 4");
    }

    @Test
    void acceleratedScoresMakeTwoBracketsInRoundOne() throws Exception {
        // XXA gives players 1-4 a virtual point in round 1: brackets {1-4} and {5-8}
        StringBuilder text = new StringBuilder(TrfWriter.write(TrfFile.of(Tournaments.of(8, 7, Colour.WHITE))));
        for (int p = 1; p <= 4; p++) {
            text.append(String.format("XXA %4d  1.0%n", p));
        }
        Tournament t = TrfReader.read(text.toString()).tournament();
        assertThat(t.acceleration(1, 0)).isEqualTo(10);
        assertThat(DutchPairer.pairNextRound(t).stream().map(Pairing::toString).toList())
                .containsExactly("1 3", "4 2", "5 7", "8 6");
    }
}
