package mancala.pairing.trf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.pairing.Colour;
import mancala.pairing.Player;
import mancala.pairing.PointSystem;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;
import org.junit.jupiter.api.Test;

class TrfTest {
    // columns: 001 SSSS sTTT name(33) RRRR FFF id(11) birth(10) PPPP RRRR, then a round every 10 columns
    private static final String FILE = String.join("\n",
            "012 Club championship",
            "022 Mogadishu",
            "XXR 5",
            "XXC black1",
            "XXS W=1.0 D=0.5 PAB=0.5",
            "001    1 m GM Abdi, Hassan                      2310 SOM    12345678 1990/01/02  1.5    1     3 w 1     2 b =",
            "001    2 f    Amina Warsame                     2250 SOM                         1.5    2  0000 - U     1 w =",
            "001    3 m    Omar Ali                          2100 SOM                         0.0    3     1 b 0  0000 - Z",
            "");

    @Test
    void aFileReadsIntoPlayersRoundsAndCodes() {
        TrfFile f = TrfReader.read(FILE);
        Tournament t = f.tournament();
        assertThat(t.totalRounds()).isEqualTo(5);
        assertThat(t.initialColour()).isEqualTo(Colour.BLACK);
        assertThat(t.points()).isEqualTo(new PointSystem(10, 5, 0, 0, 0, 5));
        Player p1 = t.player(1);
        assertThat(p1.name()).isEqualTo("Abdi, Hassan");
        assertThat(p1.title()).isEqualTo("GM");
        assertThat(p1.rating()).isEqualTo(2310);
        assertThat(p1.fideId()).isEqualTo("12345678");
        assertThat(p1.statedPoints()).isEqualTo(15);
        assertThat(p1.rounds()).containsExactly(RoundEntry.game(3, Colour.WHITE, '1'),
                RoundEntry.game(2, Colour.BLACK, '='));
        Player p2 = t.player(2);
        assertThat(p2.rounds().get(0).participatedInPairing()).isTrue();
        assertThat(p2.points(t.points(), 2)).as("a half-point pairing-allocated bye (XXS PAB=0.5) and a draw")
                .isEqualTo(10);
        assertThat(t.player(3).rounds().get(1).participatedInPairing()).isFalse();
    }

    @Test
    void writingWhatWasReadGivesTheSameText() {
        assertThat(TrfWriter.write(TrfReader.read(FILE))).isEqualTo(FILE);
    }

    @Test
    void aTournamentBuiltInCodeSurvivesWriteAndRead() {
        Tournament t = new Tournament().totalRounds(7).initialColour(Colour.WHITE);
        t.add(new Player(1).name("Nasra").rating(1800).statedPoints(10));
        t.add(new Player(2).name("Faisal").statedPoints(5));
        t.player(1).rounds().add(RoundEntry.game(2, Colour.WHITE, '+'));
        t.player(2).rounds().add(RoundEntry.game(1, Colour.BLACK, '-'));
        t.player(2).rounds().add(RoundEntry.unpaired('H'));
        String text = TrfWriter.write(TrfFile.of(t));
        Tournament back = TrfReader.read(text).tournament();
        assertThat(back.totalRounds()).isEqualTo(7);
        assertThat(back.initialColour()).isEqualTo(Colour.WHITE);
        assertThat(back.player(1).rounds()).isEqualTo(t.player(1).rounds());
        assertThat(back.player(2).rounds()).isEqualTo(t.player(2).rounds());
        assertThat(back.player(2).name()).isEqualTo("Faisal");
        assertThat(TrfWriter.write(TrfReader.read(text))).isEqualTo(text);
    }

    @Test
    void badFilesSayLineAndColumn() {
        String badResult = "XXR 3\n"
                + "001    1      Alpha                                                              1.0    1     2 w X\n";
        assertThatThrownBy(() -> TrfReader.read(badResult)).isInstanceOf(TrfException.class)
                .hasMessage("line 2, column 99: round 1: unknown result 'X' (1 0 = + - W D L H F U Z)");
        String badNumber = "001   x1      Alpha                                                              1.0    1\n";
        assertThatThrownBy(() -> TrfReader.read(badNumber))
                .hasMessage("line 1, column 5: starting number must be a number, not 'x1'");
        String tooShort = "001    1 Alpha\n";
        assertThatThrownBy(() -> TrfReader.read(tooShort)).hasMessageStartingWith("line 1, column 15:");
        String badColour = "001    1      Alpha                                                              1.0    1     2 x 1\n";
        assertThatThrownBy(() -> TrfReader.read(badColour))
                .hasMessage("line 1, column 97: round 1: colour must be w, b or -, not 'x'");
        String repeated = "001    1      Alpha                                                              0.0    1\n"
                + "001    1      Beta                                                               0.0    2\n";
        assertThatThrownBy(() -> TrfReader.read(repeated)).hasMessage("line 2, column 5: starting number 1 is repeated");
        assertThatThrownBy(() -> TrfReader.read("XXR many\n"))
                .hasMessage("line 1, column 5: number of rounds must be a number, not 'many'");
        assertThatThrownBy(() -> TrfReader.read("013 Team A    1    2\n")).hasMessageContaining("team tournaments");
    }

    @Test
    void trf2026LinesForRoundsColourPointsByesAndAcceleration() {
        String text = String.join("\n",
                "142 9",
                "152 B",
                "162  W 3.0    D 1.0    L 0.0",
                "192 FIDE_DUTCH_2025",
                "240 H   3    2    5",
                "250       1.0   1   2    1    4",
                "260   1   9    1    2",
                "");
        Tournament t = TrfReader.read(text).tournament();
        assertThat(t.totalRounds()).isEqualTo(9);
        assertThat(t.initialColour()).isEqualTo(Colour.BLACK);
        assertThat(t.points().win()).isEqualTo(30);
        assertThat(t.points().draw()).isEqualTo(10);
        assertThat(t.points().pairingAllocatedBye()).isEqualTo(30);
        assertThat(t.byeRequests().get(3)).containsExactly(2, 5);
        assertThat(t.acceleration(4, 1)).isEqualTo(10);
        assertThat(t.acceleration(5, 0)).isZero();
        assertThat(t.forbiddenPairs()).containsExactly(java.util.List.of(1, 2));
        assertThat(TrfWriter.write(TrfReader.read(text))).isEqualTo(text);
        assertThatThrownBy(() -> TrfReader.read("192 FIDE_BURSTEIN\n")).hasMessageContaining("not supported");
    }
}
