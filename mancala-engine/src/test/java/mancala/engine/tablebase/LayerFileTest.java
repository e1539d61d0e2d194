package mancala.engine.tablebase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A layer read through several memory maps reads the same entries as through one. */
class LayerFileTest {
    @TempDir
    Path dir;

    /** 1,001 entries of 13 bits: 4 a word, 251 words (2,008 bytes), the last word partly used. */
    private PackedValues sample() {
        PackedValues p = new PackedValues(1001, 13);
        for (long i = 0; i < p.size(); i++) {
            p.set(i, (int) ((i * 2654435761L) >>> 7 & 8191));
        }
        return p;
    }

    @Test
    void severalMapsReadEveryEntryAsOneMap() throws IOException {
        PackedValues p = sample();
        Path f = dir.resolve("layer.bin");
        LayerFile.write(f, new LayerFile.Header("g", "o", "7", 0, 0, 1, 0, 8191, LayerFile.FORMAT), p);
        assertThat(Files.size(f)).isEqualTo(LayerFile.HEADER_BYTES + 251 * 8);
        LayerFile.MappedValues one = LayerFile.map(f);
        assertThat(one.maps).hasSize(1);
        // maps of 64 bytes (8 words): 2,008 bytes take 31 full maps and one of 24 bytes
        LayerFile.MappedValues many = LayerFile.map(f, 6);
        assertThat(many.maps).hasSize(32);
        assertThat(many.maps[31].capacity()).isEqualTo(24);
        // maps of 8 bytes: one word each
        LayerFile.MappedValues words = LayerFile.map(f, 3);
        assertThat(words.maps).hasSize(251);
        for (long i = 0; i < p.size(); i++) {
            int v = (int) ((i * 2654435761L) >>> 7 & 8191);
            assertThat(one.get(i)).as("entry %d", i).isEqualTo(v);
            assertThat(many.get(i)).as("entry %d", i).isEqualTo(v);
            assertThat(words.get(i)).as("entry %d", i).isEqualTo(v);
        }
        PackedValues back = LayerFile.read(f, new LayerFile.Header[1], 6);
        assertThat(back.words).isEqualTo(p.words);
    }

    @Test
    void aDamagedByteInALaterMapFailsTheChecksum() throws IOException {
        Path f = dir.resolve("layer.bin");
        LayerFile.write(f, new LayerFile.Header("g", "o", "7", 0, 0, 1, 0, 8191, LayerFile.FORMAT), sample());
        byte[] b = Files.readAllBytes(f);
        b[LayerFile.HEADER_BYTES + 2000] ^= 1;
        Files.write(f, b);
        assertThatThrownBy(() -> LayerFile.map(f, 6)).isInstanceOf(TablebaseException.class)
                .hasMessageContaining("checksum mismatch");
    }
}
