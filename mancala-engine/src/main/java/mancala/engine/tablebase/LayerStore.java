package mancala.engine.tablebase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import mancala.rules.Rules;

/** The layer files of one game and options in their folder, as a build reads and writes them ({@link LayerFile}). */
final class LayerStore {
    private final Rules rules;
    private final Layout layout;
    private final Path folder;
    private final Consumer<String> log;

    /**
     * @param folder the folder of these rules' tables ({@link Tablebase#folder})
     * @param log    receives a note for every layer found on disk or found damaged
     */
    LayerStore(Rules rules, Layout layout, Path folder, Consumer<String> log) {
        this.rules = rules;
        this.layout = layout;
        this.folder = folder;
        this.log = log;
    }

    /** @return the file of layer {@code layer} */
    Path file(int layer) {
        return folder.resolve(layout.name(layer) + ".tb");
    }

    /**
     * @return layer {@code layer} as found on disk, its checksum good; null when it is missing or is not that layer
     *     or is damaged (said in the log: it is to be built again)
     * @throws TablebaseException when the file exists but cannot be read
     */
    PackedValues load(int layer) {
        Path f = file(layer);
        if (!Files.exists(f)) {
            return null;
        }
        try {
            LayerFile.Header[] h = new LayerFile.Header[1];
            PackedValues v = LayerFile.read(f, h);
            if (v.size() != layout.size(layer) || !h[0].game().equals(rules.kind().key())) {
                log.accept(f + ": not this layer (" + h[0].entries() + " entries of " + h[0].game()
                        + "); rebuilding it");
                return null;
            }
            if (layout instanceof Layout.Board2 && h[0].format() < 2) {
                log.accept(f + ": built by an earlier version, without the plies to the next capture; rebuilding it");
                return null;
            }
            log.accept("layer " + layout.name(layer) + ": found on disk, checksum good");
            return v;
        } catch (TablebaseException e) {
            log.accept(e.getMessage() + "; rebuilding it");
            return null;
        } catch (IOException e) {
            throw new TablebaseException(f + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Writes layer {@code layer} (atomically: a killed build leaves no half file).
     *
     * @param unit values' unit (2: half seeds) or 1
     * @param max  the largest value
     * @throws TablebaseException when it cannot be written
     */
    void save(int layer, PackedValues v, int unit, int max) {
        Path f = file(layer);
        try {
            LayerFile.write(f, new LayerFile.Header(rules.kind().key(), Layout.optionsKey(rules), layout.name(layer),
                    v.size(), v.bits(), unit, 0, max, LayerFile.FORMAT), v);
        } catch (IOException e) {
            throw new TablebaseException(f + ": cannot write: " + e.getMessage());
        }
    }
}
