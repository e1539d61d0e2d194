package mancala.engine.tablebase;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import mancala.engine.data.DataDir;
import mancala.rules.Board;
import mancala.rules.Position;
import mancala.rules.Rules;

/**
 * The endgame tables of one game and its options, as found in a folder: every position up to {@link #reach()}
 * seeds (Hawalis, Bao Kiarabu: seeds a side; Al-manqala, Rio Kadalis: seeds on the board), with its exact value
 * for the side to move. Layers are mapped from their files on first use (so several programs share the memory) and
 * their checksums checked then; a damaged layer is left out with a note in {@link #problems()}. Thread-safe.
 *
 * <p>What a value means. The seeds already held off the board are not part of a position: a Hawalis result does not
 * depend on them (H9), and a round's value is the seeds of the board the mover can secure, which decides the round
 * with whatever is held (A7's 50 captured is reached exactly when the final holding is 50 or more, so stopping
 * there changes no result). Repetition: a table value is that of the position with no earlier history (as after a
 * capture). Endless play is worth a draw in Hawalis, which is what H10 makes of it: a side that can force a win can
 * do so along positions of strictly falling distance, which never repeat; a side that cannot be forced to lose keeps
 * out of lost positions until a position repeats. In Al-manqala endless play is worth A8's equal split, which does
 * not depend on the position where the repetition happens (no seeds leave the board in a cycle), so the same holds.
 * Rio Kadalis: R10 gives the seeds to their rows' owners in the position that occurs a third time, which depends on
 * the history; the tables value a round that neither side can bring to an end as half the seeds on the board to
 * each (our decision).
 *
 * <p>Files: {@code DIR/GAME/OPTIONS/LAYER.tb}, OPTIONS the rule options that change values ({@code default} for
 * none), LAYER {@code k} (seeds on the board) or {@code a-b} (Hawalis: the mover's seeds, the opponent's).
 */
public final class Tablebase {
    private static final Map<String, Tablebase> STANDARD = new ConcurrentHashMap<>();

    private final Rules rules;
    private final Path folder;
    private final int reach;
    /** The most seeds of a layer in the tables (Hawalis: a side's): {@link #reach} or more, -1 when none. */
    private final int top;
    /** By layer code: whether the layer is in the tables with every layer it needs below it. */
    private final boolean[] available;
    private final Layout layout;
    private final Values[] values;
    private final boolean[] failed;
    private final List<String> problems = new ArrayList<>();
    private final int unit;

    private Tablebase(Rules rules, Path folder, int reach, int top, boolean[] available) {
        this.rules = rules;
        this.folder = folder;
        this.reach = reach;
        this.top = top;
        this.available = available;
        this.layout = top >= 0 ? Layout.of(rules, top) : null;
        this.values = new Values[64 * 64];
        this.failed = new boolean[64 * 64];
        this.unit = layout instanceof Layout.Board2 b ? b.unit() : 1;
    }

    /** @return the folder of the tables of {@code rules} in the tables folder {@code dir}. */
    public static Path folder(Path dir, Rules rules) {
        return dir.resolve(rules.kind().key()).resolve(Layout.optionsKey(rules));
    }

    /**
     * Opens the tables of {@code rules} in the tables folder {@code dir} (not read until probed).
     *
     * @return the tables; {@link #top()} is -1 when there are none
     * @throws TablebaseException when tables cannot exist for these options (the reason given)
     */
    public static Tablebase open(Path dir, Rules rules) {
        Path f = folder(dir, rules);
        Layout probe = Layout.of(rules, 40);
        TreeSet<Integer> present = new TreeSet<>();
        if (Files.isDirectory(f)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(f, "*.tb")) {
                for (Path p : ds) {
                    String name = p.getFileName().toString();
                    int code = probe.parse(name.substring(0, name.length() - 3));
                    if (code >= 0 && probe.name(code).equals(name.substring(0, name.length() - 3))) {
                        present.add(code);
                    }
                }
            } catch (IOException e) {
                throw new TablebaseException(f + ": cannot list: " + e.getMessage());
            }
        }
        int reach = -1;
        for (int s = 0; s <= 40; s++) {
            if (!present.containsAll(probe.layersUpTo(s))) {
                break;
            }
            reach = s;
        }
        // Beyond reach: a layer whose moves lead only to layers `stride` seeds apart (a build of the reachable
        // layers, Builder's `reachable`) is usable when it and every layer it needs below it are there.
        boolean[] available = new boolean[64 * 64];
        int top = reach;
        if (reach >= 0) {
            for (int l : probe.layersUpTo(reach)) {
                available[l] = true;
            }
        }
        if (probe instanceof Layout.Board2 && probe.stride() > 1) {
            int step = probe.stride();
            for (int k = reach + 1; k <= 40; k++) {
                if (present.contains(k) && (k < step || available[k - step])) {
                    available[k] = true;
                    top = k;
                }
            }
        }
        return new Tablebase(rules, f, reach, top, available);
    }

    /**
     * @return the tables of {@code rules} in the standard folder ({@link DataDir#tablebases()}), opened once per
     *     folder and options; an empty table (reach -1) when there are none, tables are turned off, or these
     *     options cannot have tables
     */
    public static Tablebase standard(Rules rules) {
        Path dir = DataDir.tablebases();
        String key = (dir == null ? "" : dir.toAbsolutePath().toString()) + "\n" + rules.kind().key() + "\n"
                + Layout.optionsKey(rules);
        return STANDARD.computeIfAbsent(key, k -> {
            if (dir == null) {
                return new Tablebase(rules, null, -1, -1, null);
            }
            try {
                return open(dir, rules);
            } catch (TablebaseException e) {
                return new Tablebase(rules, null, -1, -1, null);
            }
        });
    }

    /**
     * @return seeds up to which every position is in the tables (a side's in Hawalis); -1 when the tables hold no
     *     such complete set (there may still be layers above, {@link #top()})
     */
    public int reach() {
        return reach;
    }

    /**
     * @return the most seeds of a position in the tables (on the board; Hawalis: a side's), -1 when there are no
     *     tables. Above {@link #reach()} only some layers may be there (a build of the layers a round reaches, e.g.
     *     Rio Kadalis 28, 24, …, 0): {@link #covers} says whether a position is.
     */
    public int top() {
        return top;
    }

    /** @return true when the tables hold at least one layer ({@link #top()} ≥ 0) */
    public boolean any() {
        return top >= 0;
    }

    /** @return the folder of these tables. */
    public Path folder() {
        return folder;
    }

    /** @return the rules. */
    public Rules rules() {
        return rules;
    }

    /** @return notes on damaged layers left out, in the order found. */
    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    /** @return true when the position on {@code b} is in these tables (by its seeds; before any file is read). */
    public boolean covers(Board b) {
        if (layout == null || !b.rules().options().equals(rules.options())) {
            return false;
        }
        int layer = layout.layerOf(b);
        return layer >= 0 && available[layer];
    }

    /**
     * @return the value of the position on {@code b} for its side to move, or null when it is not in the tables
     *     (too many seeds, closed or conquered pits, a game ended by a move, a layer damaged)
     */
    public TablebaseValue probe(Board b) {
        if (layout == null) {
            return null;
        }
        int layer = layout.layerOf(b);
        if (layer < 0 || !available[layer]) {
            return null; // more seeds than the tables hold, or a layer not built (not reachable from their top)
        }
        Values v = values(layer);
        if (v == null) {
            return null;
        }
        int e = v.get(layout.indexOf(b, layer));
        int k = layout.seeds(layer);
        if (layout instanceof Layout.Sides) {
            if (e == 0) {
                return new TablebaseValue(TablebaseValue.Verdict.DRAW, -1, k, -1, 0);
            }
            return (e & 1) == 1 ? new TablebaseValue(TablebaseValue.Verdict.WIN, (e + 1) / 2, k, -1, 0)
                    : new TablebaseValue(TablebaseValue.Verdict.LOSS, (e - 2) / 2, k, -1, 0);
        }
        int valueBits = layout.valueBits(layer);
        int dist = e >>> valueBits;
        e &= (1 << valueBits) - 1;
        int me = b.sideIndex();
        int half = unit == 2 ? e : 2 * e;
        int margin = 2 * (b.holdings(me) - b.holdings(me ^ 1)) + half - (2 * k - half);
        TablebaseValue.Verdict verdict = margin > 0 ? TablebaseValue.Verdict.WIN
                : margin < 0 ? TablebaseValue.Verdict.LOSS : TablebaseValue.Verdict.DRAW;
        return new TablebaseValue(verdict, half == neverEndingHalfSeeds(k, me) ? -1 : dist, k, half, margin);
    }

    /** @return the value of {@code p}, or null when it is not in the tables. */
    public TablebaseValue probe(Position p) {
        if (!p.rules().options().equals(rules.options())) {
            return null;
        }
        return probe(p.toBoard());
    }

    /** A legal move and the table's value of the position after it, for the side that played it. */
    public record MoveValue(int move, TablebaseValue value) {
    }

    /**
     * @return every legal move of {@code b} with its value for the side to move of {@code b}, best first (shortest
     *     win, then draws, then longest loss; rounds: most seeds secured); null when {@code b} or a position after
     *     one of its moves is not in the tables
     */
    public List<MoveValue> moves(Board b) {
        TablebaseValue here = probe(b);
        if (here == null) {
            return null;
        }
        // The board's own rules instance: a board copies only from boards of the same instance, and b may come
        // from another instance of these options (each game of a self-play run makes its own).
        Rules r = b.rules();
        int[] ms = new int[r.pitCount()];
        Board[] after = new Board[r.pitCount()];
        for (int i = 0; i < after.length; i++) {
            after[i] = r.emptyBoard();
        }
        int n = r.legalChildren(b, ms, after);
        List<MoveValue> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TablebaseValue v = afterMove(b, after[i]);
            if (v == null) {
                return null;
            }
            out.add(new MoveValue(ms[i], v));
        }
        // Among the moves that keep a round's value, the side ahead of a never-ending round's share takes the
        // shortest way to its next capture and the side behind the longest: the round then always comes to the
        // value instead of going round (the tables hold the plies for this). Other ties keep the moves' order.
        int sign = here.isRound()
                ? Integer.signum(here.halfSeeds() - neverEndingHalfSeeds(here.seedsOnBoard(), b.sideIndex())) : 0;
        out.sort((x, y) -> {
            int c = Integer.compare(rank(y.value()), rank(x.value()));
            return c != 0 || sign == 0 ? c : sign * Integer.compare(plies(x.value()), plies(y.value()));
        });
        return out;
    }

    /**
     * The tables' judgement of a move: the value of the position before it, the value the move kept, and what it
     * threw away.
     *
     * @param best         the position's value for the side to move (that of its best move)
     * @param played       the value after the move played, for the same side
     * @param lostHalfSeeds rounds: seeds of the final holding given away by the move, in half seeds; Hawalis 0
     * @param resultLost   true when the move turns a win into a draw or loss, or a draw into a loss
     */
    public record Judgement(TablebaseValue best, TablebaseValue played, int lostHalfSeeds, boolean resultLost) {
        /** @return true when the move gave away anything the tables can measure: the result or seeds. */
        public boolean threwAway() {
            return resultLost || lostHalfSeeds > 0;
        }
    }

    /**
     * @return the tables' judgement of playing {@code move} (a legal move) on {@code before}, or null when the
     *     position or the one after the move is not in the tables
     */
    public Judgement judge(Board before, int move) {
        List<MoveValue> all = moves(before);
        if (all == null || all.isEmpty()) {
            return null;
        }
        TablebaseValue best = all.get(0).value();
        for (MoveValue m : all) {
            if (m.move() == move) {
                TablebaseValue v = m.value();
                boolean resultLost = v.verdict().compareTo(best.verdict()) > 0; // WIN < DRAW < LOSS
                int lost = best.isRound() ? Math.max(0, best.halfSeeds() - v.halfSeeds()) : 0;
                return new Judgement(best, v, lost, resultLost);
            }
        }
        return null;
    }

    /** @return the half seeds a never-ending round of {@code k} seeds gives the mover (A8: North the odd seed) */
    private int neverEndingHalfSeeds(int k, int mover) {
        int mine = Builder.neverEnding(k, unit, mover);
        return unit == 2 ? mine : 2 * mine;
    }

    /** @return a round value's plies to the next capture, unknown ones last */
    private static int plies(TablebaseValue v) {
        return v.plies() < 0 ? Integer.MAX_VALUE : v.plies();
    }

    /** @return a number that orders values for the side to move: higher is better. */
    public static int rank(TablebaseValue v) {
        if (v.isRound()) {
            return v.margin();
        }
        return switch (v.verdict()) {
            case WIN -> 1_000_000 - v.plies();
            case DRAW -> 0;
            case LOSS -> -1_000_000 + v.plies();
        };
    }

    /**
     * @return the value of the position {@code after} (one move after {@code before}) for the side to move of
     *     {@code before}, or null when it is not in the tables
     */
    public TablebaseValue afterMove(Board before, Board after) {
        int me = before.sideIndex();
        if (after.endedByMove()) {
            // An endless move (H8, R5 under lose or draw) or A7: the game ended with the move.
            mancala.rules.Outcome o = rules.outcome(after);
            TablebaseValue.Verdict v = o.result().winner()
                    .map(w -> w.index() == me ? TablebaseValue.Verdict.WIN : TablebaseValue.Verdict.LOSS)
                    .orElse(TablebaseValue.Verdict.DRAW);
            if (layout instanceof Layout.Sides) {
                return new TablebaseValue(v, v == TablebaseValue.Verdict.DRAW ? -1 : 1, 0, -1, 0);
            }
            return null;
        }
        TablebaseValue c = probe(after);
        if (c == null) {
            return null;
        }
        boolean same = after.sideIndex() == me;
        if (!c.isRound()) {
            TablebaseValue.Verdict v = same ? c.verdict() : c.verdict().opposite();
            return new TablebaseValue(v, v == TablebaseValue.Verdict.DRAW ? -1 : c.plies() + 1, c.seedsOnBoard(), -1, 0);
        }
        int gained = 2 * (after.holdings(me) - before.holdings(me));
        int half = gained + (same ? c.halfSeeds() : 2 * c.seedsOnBoard() - c.halfSeeds());
        int k = 0;
        for (int p = 0; p < before.pitCount(); p++) {
            k += before.seeds(p);
        }
        int margin = same ? c.margin() : -c.margin();
        TablebaseValue.Verdict v = margin > 0 ? TablebaseValue.Verdict.WIN
                : margin < 0 ? TablebaseValue.Verdict.LOSS : TablebaseValue.Verdict.DRAW;
        // Plies to the next capture: this one when the move captures, else one more than the child's.
        int plies = c.seedsOnBoard() < k ? 1 : c.plies() < 0 ? -1 : c.plies() + 1;
        return new TablebaseValue(v, plies, k, half, margin);
    }

    private Values values(int layer) {
        Values v = values[layer];
        if (v != null) {
            return v;
        }
        synchronized (this) {
            if (values[layer] == null && !failed[layer]) {
                Path f = folder.resolve(layout.name(layer) + ".tb");
                try {
                    LayerFile.MappedValues m = LayerFile.map(f);
                    if (m.size() != layout.size(layer)) {
                        throw new TablebaseException(f + ": " + m.size() + " entries, expected "
                                + layout.size(layer));
                    }
                    if (layout instanceof Layout.Board2 && m.header.format() < 2) {
                        throw new TablebaseException(f + ": built by an earlier version, without the plies to the "
                                + "next capture; build it again");
                    }
                    values[layer] = m;
                } catch (TablebaseException | IOException e) {
                    failed[layer] = true;
                    problems.add(e.getMessage());
                    System.err.println("tablebase: " + e.getMessage() + " (layer left out)");
                }
            }
            return values[layer];
        }
    }

    /** One layer's file, as {@link #layers()} lists it. */
    public record LayerInfo(String name, long entries, int bits, long bytes, String problem) {
    }

    /**
     * Reads every layer of the tables, up to {@link #top()} (checking each checksum).
     *
     * @return the layers in build order, with their sizes or what is wrong with them
     */
    public List<LayerInfo> layers() {
        List<LayerInfo> out = new ArrayList<>();
        if (layout == null) {
            return out;
        }
        for (int l : layout.layersUpTo(top)) {
            if (!available[l]) {
                continue;
            }
            Path f = folder.resolve(layout.name(l) + ".tb");
            Values v = values(l);
            long bytes;
            try {
                bytes = Files.size(f);
            } catch (IOException e) {
                bytes = -1;
            }
            String problem = null;
            if (v == null) {
                synchronized (this) {
                    problem = problems.stream().filter(s -> s.startsWith(f.toString())).findFirst()
                            .orElse("cannot be read");
                }
            }
            out.add(new LayerInfo(layout.name(l), layout.size(l), v == null ? 0 : v.bits(), bytes, problem));
        }
        return out;
    }
}
