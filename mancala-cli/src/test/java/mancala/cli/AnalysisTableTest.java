package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mancala.rules.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code analyse RECORD}'s table: columns in line whatever the marks, and a summary for each player. */
class AnalysisTableTest {
    @Test
    void marksOfEveryLengthKeepTheColumnsInLine() {
        AnalysisTable t = new AnalysisTable("Amal", null);
        List<String> rows = List.of(
                t.row(1, Side.SOUTH, "i", "", "+0.50", "i", "+0.50", 0, ""),
                t.row(2, Side.NORTH, "L", "?!", "-1.00", "B", "-0.20", 80, "inaccuracy"),
                t.row(3, Side.SOUTH, "d", "??", "loss in 4", "a", "win in 7", -1, "blunder"),
                t.row(100, Side.NORTH, "N", "?", "+3.00", "K", "+4.50", 150, "mistake"));
        int at = rows.get(0).indexOf(" best ");
        assertThat(rows).allSatisfy(r -> assertThat(r.indexOf(" best ")).as(r).isEqualTo(at));
        String header = AnalysisTable.header();
        // The score lost stands right-aligned under its heading, which alone says "lost".
        int lostEnd = header.indexOf("lost") + "lost".length();
        assertThat(rows).allSatisfy(r -> assertThat(r).as(r).doesNotContain("lost"));
        assertThat(rows.get(0)).endsWith("0.00").hasSize(lostEnd);
        assertThat(rows.get(1).indexOf("0.80  inaccuracy") + "0.80".length()).isEqualTo(lostEnd);
        assertThat(rows.get(3).indexOf("1.50  mistake") + "1.50".length()).isEqualTo(lostEnd);
        assertThat(header.indexOf("best")).isEqualTo(rows.get(0).indexOf("best"));
        assertThat(header.indexOf("score")).isEqualTo(rows.get(0).indexOf("+0.50"));
        assertThat(header.lastIndexOf("score")).isEqualTo(rows.get(0).lastIndexOf("+0.50"));
        assertThat(header.indexOf("verdict")).isEqualTo(rows.get(1).indexOf("inaccuracy"));
        assertThat(rows.get(2)).contains("d??").endsWith(" -  blunder");
        assertThat(rows.get(2).indexOf(" -  blunder") + " -".length()).isEqualTo(lostEnd);
        assertThat(t.summary()).containsExactly(
                "South (Amal): 2 moves, 0 inaccuracies, 0 mistakes, 1 blunder; average loss 0.00 seeds a move",
                "North: 2 moves, 1 inaccuracy, 1 mistake, 0 blunders; average loss 1.15 seeds a move");
    }

    /*
     * The Al-manqala endgame worked in EndgameSearchTest: South's greedy g (+4) loses (North's B then wins by
     * hunger, A6) where c would have won: a blunder; North's B keeps his forced win.
     */
    @Test
    void aRecordsAnalysisIsInLineAndSummedUpPerPlayer(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("game.txt");
        Files.writeString(file, "[Game \"al-manqala\"]\n[South \"Amal\"]\n[North \"Badr\"]\n"
                + "[Setup \"al-manqala 0,0,1,1,0,0,1 3,1,1,0,0,0,0 S 44-46\"]\n\n1. g (+4) B (+2) 0-1\n");
        CliRun r = CliRun.of("analyse", "--depth", "8", file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        List<String> rows = r.out().lines().filter(l -> l.matches("\\s*\\d+\\..*")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).contains("g??").contains("best c").endsWith("blunder");
        assertThat(rows.get(0).indexOf(" best ")).isEqualTo(rows.get(1).indexOf(" best "));
        assertThat(r.out()).contains("South (Amal): 1 move, 0 inaccuracies, 0 mistakes, 1 blunder")
                .contains("North (Badr): 1 move, 0 inaccuracies, 0 mistakes, 0 blunders")
                .contains("mistakes: 0, blunders: 1");
    }
}
