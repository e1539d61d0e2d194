package mancala.engine.tablebase;

/** The values of one layer of a table, by index: in memory while building, mapped from its file when probing. */
interface Values {
    /** @return entries */
    long size();

    /** @return bits an entry */
    int bits();

    /** @return entry {@code i} (0 ≤ i < size) */
    int get(long i);
}
