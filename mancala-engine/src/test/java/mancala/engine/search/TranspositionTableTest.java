package mancala.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Entry packing, replacement and the conversion of proven scores between root and node. */
class TranspositionTableTest {
    @Test
    void storedFieldsComeBackUnchanged() {
        TranspositionTable tt = new TranspositionTable(10);
        tt.newSearch();
        tt.store(12345L, 31, 17, TranspositionTable.LOWER, -(Score.WIN - 9));
        long e = tt.probe(12345L);
        assertThat(TranspositionTable.move(e)).isEqualTo(31);
        assertThat(TranspositionTable.depth(e)).isEqualTo(17);
        assertThat(TranspositionTable.bound(e)).isEqualTo(TranspositionTable.LOWER);
        assertThat(TranspositionTable.score(e)).isEqualTo(-(Score.WIN - 9));
        assertThat(tt.probe(54321L)).isZero();
    }

    @Test
    void aShallowerStoreKeepsTheDeeperEntryAndAMovelessStoreKeepsTheMove() {
        TranspositionTable tt = new TranspositionTable(10);
        tt.newSearch();
        tt.store(7L, 3, 9, TranspositionTable.EXACT, 50);
        tt.store(7L, 4, 2, TranspositionTable.EXACT, 10);
        assertThat(TranspositionTable.depth(tt.probe(7L))).isEqualTo(9);
        tt.store(7L, -1, 10, TranspositionTable.UPPER, 20);
        assertThat(TranspositionTable.move(tt.probe(7L))).isEqualTo(3);
        assertThat(TranspositionTable.move(new TranspositionTable(10).probe(7L))).isEqualTo(-1);
    }

    /* A win 5 plies from a node met 3 plies from the root is a win in 8 from the root, and back. */
    @Test
    void provenScoresAreNodeRelativeInTheTable() {
        int atRoot = Score.WIN - 8;
        assertThat(Score.toTable(atRoot, 3)).isEqualTo(Score.WIN - 5);
        assertThat(Score.fromTable(Score.WIN - 5, 3)).isEqualTo(atRoot);
        assertThat(Score.toTable(-atRoot, 3)).isEqualTo(-(Score.WIN - 5));
        assertThat(Score.toTable(250, 3)).isEqualTo(250);
    }
}
