package mancala.spark.tablebase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mancala.engine.progress.Progress;
import mancala.engine.tablebase.LayerKit;
import mancala.engine.tablebase.TablebaseException;
import mancala.rules.Rules;
import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * Builds a table's missing layers on a Spark cluster, writing files byte-identical to {@code Builder}'s. A set of
 * layers built together is split into partitions of at most {@code partitionPositions} consecutive positions, and
 * built as {@code Builder} builds it, each pass a Spark job:
 *
 * <ol>
 *   <li><b>moves</b>: every partition plays its positions' moves (valuing exits from the finished layers below) and
 *       sends each move that stays in the set to its child's partition, one array per target partition;
 *   <li><b>placing</b>: each partition turns what it received into its positions' predecessors;
 *   <li><b>settling</b>, level-synchronous: the positions settled at one depth send a message to each predecessor,
 *       combined per position and per target partition on the sending side before they travel; each target
 *       applies the arrays of all its senders in turn and settles the next depth. Rounds go level by level from the
 *       largest distance from the never-ending value; Hawalis depth by depth. Within a depth the order does not
 *       matter, so every value and distance is what the single-machine build finds.
 * </ol>
 *
 * <p>A set that fits one partition is settled in one task, depth after depth without a job each. The state lives in
 * a checkpoint folder; it is copied aside after the moves are placed and then every {@code snapshotSeconds} at a level
 * (Hawalis: depth) boundary (the predecessors, which never change, as second names of their files), and a build started
 * again goes on from the last copy; with {@code -Dmancala.spark.checkpointCopies=0} no copy is kept and a stopped build
 * starts its set again. Spark's shuffle files are deleted as soon as their contents are placed or applied, and a set
 * whose peak would not fit the checkpoint folder's disk is refused before it starts. Tasks are not retried (a
 * retried task would apply its messages twice): a failed task fails the build, which is started again.
 */
public final class SparkBuilder {
    private final JavaSparkContext sc;
    private final Rules rules;
    private final int seeds;
    private final Path tables;
    private final Path checkpoint;
    private final long partSize;
    private final Progress progress;
    private final Consumer<String> log;
    private final long snapshotNanos;
    private final LayerKit kit;
    private long doneAll;
    private long totalAll;
    /** Positions of the layers found on disk before this run built anything: not this run's work. */
    private long doneBefore;
    /** The last count reported (reports never go back). */
    private long reported;
    private long supersteps;
    /** Settling steps run as Spark jobs (the others on the driver: {@link #driverStepPositions}). */
    private long stepJobs;
    /**
     * A settling step whose frontier holds at most this many positions is run on the driver, from and to the
     * checkpoint folder's files as a task would, instead of as a Spark job: a job with its shuffle costs about half
     * a second of CPU on one machine whatever its size, and most of a level's depths settle few positions.
     */
    private final long driverStepPositions = Long.getLong("mancala.spark.driverStepPositions", 1 << 18);
    /**
     * Copies of the state kept aside for resuming: 1 (the default) copies it after the moves are placed and then at
     * level boundaries; 0 keeps none, and a stopped build starts the set it was building again from its moves.
     */
    private final int checkpointCopies = Integer.getInteger("mancala.spark.checkpointCopies", 1);
    /**
     * Bytes of disk a position of a set needs at the checkpoint's peak, Spark's shuffle files included, for the
     * check before a set starts (measured on Rio Kadalis 16 seeds; 0: no check).
     */
    private final double bytesPerPosition = Double.parseDouble(System.getProperty("mancala.spark.bytesPerPosition",
            "-1"));
    /** Test hook: the build fails after this many supersteps (a killed build, to be resumed). */
    private final long stopAfter = Long.getLong("mancala.spark.stopAfterSupersteps", Long.MAX_VALUE);

    /**
     * @param sc                 the Spark context
     * @param rules              game and options
     * @param seeds              seeds at most (Hawalis: a side)
     * @param tables             the tables folder (every machine sees it at this path)
     * @param checkpoint         the checkpoint folder (every machine sees it at this path)
     * @param partitionPositions positions a partition holds at most (64 to 2^26)
     * @param snapshotSeconds    seconds between copies of the state (0: at every level)
     * @param progress           receives the progress of the task {@code tablebase}, counted in positions of this
     *                           run's layers (those found on disk are not counted), with the layer and step as the
     *                           detail, as {@link mancala.engine.tablebase.Builder} reports it
     * @param log                receives notes
     * @throws TablebaseException when the tables cannot be built for these rules or seeds
     */
    public SparkBuilder(JavaSparkContext sc, Rules rules, int seeds, Path tables, Path checkpoint,
                        long partitionPositions, long snapshotSeconds, Progress progress, Consumer<String> log) {
        this(sc, rules, seeds, false, tables, checkpoint, partitionPositions, snapshotSeconds, progress, log);
    }

    /**
     * @param reachable true: only the layers a round of {@code seeds} seeds reaches (Rio Kadalis: k ≡ seeds mod 4),
     *                  as {@link mancala.engine.tablebase.Builder}'s {@code reachable}
     * @throws TablebaseException when the tables cannot be built for these rules or seeds, or {@code reachable} is
     *                            asked of a game whose captures reach every layer
     * @see #SparkBuilder(JavaSparkContext, Rules, int, Path, Path, long, long, Progress, Consumer)
     */
    public SparkBuilder(JavaSparkContext sc, Rules rules, int seeds, boolean reachable, Path tables, Path checkpoint,
                        long partitionPositions, long snapshotSeconds, Progress progress, Consumer<String> log) {
        if (partitionPositions < 64 || partitionPositions > 1 << 26) {
            throw new TablebaseException("partition positions must be 64 to " + (1 << 26) + ", was "
                    + partitionPositions);
        }
        this.sc = sc;
        this.rules = rules;
        this.seeds = seeds;
        this.tables = tables.toAbsolutePath();
        this.checkpoint = checkpoint.toAbsolutePath();
        this.partSize = partitionPositions;
        this.progress = progress;
        this.log = log;
        this.snapshotNanos = snapshotSeconds * 1_000_000_000L;
        this.kit = LayerKit.of(rules, seeds, this.tables, reachable);
    }

    /** @return the folder the layers go to */
    public Path folder() {
        return kit.folder();
    }

    /** @return supersteps (settling steps: one depth of one level, Hawalis one depth) run so far */
    public long supersteps() {
        return supersteps;
    }

    /** @return the supersteps run as Spark jobs (the others were small enough for the driver) */
    public long stepJobs() {
        return stepJobs;
    }

    /**
     * Builds every missing layer.
     *
     * @return the layers' files, in build order
     * @throws TablebaseException when a layer cannot be built or written
     */
    public List<Path> build() {
        for (int l : kit.order()) {
            totalAll += kit.size(l);
        }
        List<int[]> sets = kit.missingSets();
        long missing = 0;
        for (int[] s : sets) {
            for (int c : s) {
                missing += kit.size(c);
            }
        }
        doneAll = totalAll - missing;
        doneBefore = doneAll;
        if (doneAll > 0) {
            log.accept(String.format(Locale.ROOT, "%,d positions of finished layers found on disk", doneAll));
        }
        progress.begin("tablebase", missing, "positions");
        try {
            for (int[] s : sets) {
                buildSet(s);
            }
        } finally {
            progress.end();
        }
        List<Path> files = new ArrayList<>();
        for (int l : kit.order()) {
            files.add(kit.file(l));
        }
        return files;
    }

    /**
     * Reports how far the build has got: the finished layers' positions and the share of the current set's (its
     * moves placed: 70%, its values settled: the rest, as in the single-machine build), less what was found on disk.
     *
     * @param layer the set being built, as its files name it
     * @param pass  2 its moves placed at their children, 3 its values settled
     * @param done  positions of this pass done
     * @param total positions of this pass
     */
    private synchronized void report(String layer, int pass, long done, long total) {
        double f = total == 0 ? 1 : (double) done / total;
        double share = pass == 2 ? 0.7 * f : 0.7 + 0.3 * f;
        long reached = (long) (doneAll - doneBefore + share * total);
        if (reached < reported) {
            return;
        }
        reported = reached;
        progress.update(reached, "layer " + layer + ", " + (pass == 2 ? "placing its moves " : "settling its values ")
                + Math.round(100 * f) + "%");
    }

    private String name(int[] codes) {
        return IntStream.of(codes).mapToObj(kit::name).collect(Collectors.joining("+"));
    }

    private void buildSet(int[] codes) {
        long t0 = System.nanoTime();
        long nodes = 0;
        for (int c : codes) {
            nodes += kit.size(c);
        }
        if (nodes > 0xFFFFFFFFL) {
            throw new TablebaseException(String.format(Locale.ROOT, "layers %s: %,d positions, more than this "
                    + "build numbers (2^32)", name(codes), nodes));
        }
        String name = name(codes);
        Path dir = checkpoint.resolve(rules.kind().key()).resolve(kit.folder().getFileName()).resolve(name);
        LayerJob job = new LayerJob(rules, seeds, tables, dir, codes, nodes, partSize, kit.hawalis(), name);
        Properties state = readProgress(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new TablebaseException(dir + ": cannot create: " + e.getMessage());
        }
        if (state == null) {
            Files2.deleteTree(dir); // what a stopped build left before any copy: not resumable, started again
            checkDisk(job);
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new TablebaseException(dir + ": cannot create: " + e.getMessage());
            }
            graph(job);
            if (checkpointCopies > 0) {
                snapshot(job, "start", -1);
                state = readProgress(dir);
            } else {
                state = new Properties();
                state.setProperty("at", "start");
            }
        } else {
            log.accept("layers " + name + ": going on from the checkpoint in " + dir + " (" + state.getProperty("at")
                    + ")");
            restore(job);
        }
        long t1 = System.nanoTime();
        if (job.hawalis) {
            settleHawalis(job, state);
        } else {
            settleRound(job, state);
        }
        long t2 = System.nanoTime();
        write(job);
        Files2.deleteTree(dir);
        doneAll += nodes;
        log.accept(String.format(Locale.ROOT, "layers %s: %,d positions in %d partitions, %.1f s (moves %.1f s, "
                        + "settled %.1f s, written %.1f s), %,d supersteps so far (%,d of them Spark jobs)", name, nodes,
                job.parts, (System.nanoTime() - t0) / 1e9, (t1 - t0) / 1e9, (t2 - t1) / 1e9,
                (System.nanoTime() - t2) / 1e9, supersteps, stepJobs));
    }

    /** Identity: the key is the partition. */
    static final class ById extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final int parts;

        ById(int parts) {
            this.parts = parts;
        }

        @Override
        public int numPartitions() {
            return parts;
        }

        @Override
        public int getPartition(Object key) {
            return (Integer) key;
        }
    }

    private JavaRDD<Integer> pids(List<Integer> which) {
        return sc.parallelize(which, Math.max(1, which.size()));
    }

    private static List<Integer> all(LayerJob job) {
        return IntStream.range(0, job.parts).boxed().collect(Collectors.toList());
    }

    private void graph(LayerJob job) {
        sc.setJobDescription("layers " + job.name + ": moves played and placed");
        JavaPairRDD<Integer, int[]> edges = pids(all(job)).mapPartitionsToPair(it -> {
            List<Tuple2<Integer, int[]>> out = new ArrayList<>();
            while (it.hasNext()) {
                out.addAll(job.graph(it.next()));
            }
            return out.iterator();
        });
        JavaPairRDD<Integer, int[]> placed = edges.partitionBy(new ById(job.parts));
        placed.foreachPartition(it -> job.place(TaskContext.getPartitionId(), it));
        releaseShuffles(placed.rdd()); // the edges, placed as predecessors: their shuffle files go before settling
        report(job.name, 2, job.nodes, job.nodes);
    }

    // ---- Checkpoints ------------------------------------------------------------------------------------------

    private static Properties readProgress(Path dir) {
        Path f = dir.resolve("snapshot").resolve("progress");
        if (!Files.exists(f)) {
            return null;
        }
        Properties p = new Properties();
        try (var r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    private long lastSnapshot;

    /**
     * Copies the state (and the frontier of depth {@code depth}, Hawalis) aside, then records where the settling is:
     * a build started again goes on from here.
     */
    private void snapshot(LayerJob job, String at, int depth) {
        Path snap = job.dir().resolve("snapshot");
        Path tmp = job.dir().resolve("snapshot.tmp");
        Files2.deleteTree(tmp);
        try {
            Files.createDirectories(tmp);
            try (var s = Files.list(job.dir())) {
                for (Path f : (Iterable<Path>) s::iterator) {
                    String n = f.getFileName().toString();
                    boolean front = depth >= 0 && (n.endsWith("-" + depth + "-s") || n.endsWith("-" + depth + "-p"))
                            && n.startsWith("front-");
                    if (n.startsWith("state-") || n.startsWith("preds-") || n.startsWith("stats-")
                            || n.startsWith("cand-") || front) {
                        if (n.startsWith("preds-") || n.startsWith("cand-") || n.startsWith("stats-")) {
                            link(f, tmp.resolve(n)); // never change after the placing: one file, two names
                        } else {
                            Files.copy(f, tmp.resolve(n));
                        }
                    }
                }
            }
            Files.writeString(tmp.resolve("progress"), "at=" + at + "\n", StandardCharsets.UTF_8);
            Files2.deleteTree(snap);
            Files.move(tmp, snap);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        lastSnapshot = System.nanoTime();
    }

    private void maybeSnapshot(LayerJob job, String at, int depth) {
        if (checkpointCopies > 0 && System.nanoTime() - lastSnapshot >= snapshotNanos) {
            snapshot(job, at, depth);
        }
    }

    /**
     * Gives {@code to} the contents of {@code from}, a file that never changes, as a second name of the same file
     * (a copy where the file system has no hard links).
     */
    private static void link(Path from, Path to) throws IOException {
        if (Files.exists(to) && Files.isSameFile(from, to)) {
            return;
        }
        Files.deleteIfExists(to);
        try {
            Files.createLink(to, from);
        } catch (UnsupportedOperationException | IOException e) {
            Files.copy(from, to);
        }
    }

    /**
     * Deletes the shuffle files of {@code rdd} and of the shuffles it reads (on every machine), once what they carried
     * is in the checkpoint folder: Spark would keep them until the driver's garbage collector finds the RDD gone.
     */
    private void releaseShuffles(org.apache.spark.rdd.RDD<?> rdd) {
        scala.Option<org.apache.spark.ContextCleaner> cleaner = sc.sc().cleaner();
        scala.collection.Iterator<org.apache.spark.Dependency<?>> it = rdd.dependencies().iterator();
        while (it.hasNext()) {
            org.apache.spark.Dependency<?> d = it.next();
            if (d instanceof org.apache.spark.ShuffleDependency<?, ?, ?> s && cleaner.isDefined()) {
                cleaner.get().doCleanupShuffle(s.shuffleId(), true);
            }
            releaseShuffles(d.rdd());
        }
    }

    /**
     * Refuses to start a set whose checkpoint would not fit the disk: its positions times the bytes a position takes
     * at the checkpoint's peak against the usable space of the checkpoint folder's disk.
     *
     * @throws TablebaseException naming the folder, the bytes needed and the bytes free, when they do not fit
     */
    private void checkDisk(LayerJob job) {
        double perPosition = bytesPerPosition >= 0 ? bytesPerPosition : peakBytesPerPosition(job.hawalis,
                checkpointCopies);
        if (perPosition == 0) {
            return;
        }
        long need = (long) (job.nodes * perPosition);
        Path at = job.dir();
        while (at != null && !Files.exists(at)) {
            at = at.getParent();
        }
        long free;
        try {
            free = at == null ? Long.MAX_VALUE : Files.getFileStore(at).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException(at + ": cannot read its free space", e);
        }
        if (need > free) {
            throw new TablebaseException(String.format(Locale.ROOT, "layers %s: %,d positions need about %,d bytes "
                    + "(%.1f a position) in the checkpoint folder %s and Spark's local folder, but its disk has %,d "
                    + "bytes free; free some space, choose another --checkpoint, or keep no copy of the state "
                    + "(-Dmancala.spark.checkpointCopies=0)", job.name, job.nodes, need, perPosition, job.dir(),
                    free));
        }
    }

    /**
     * @return bytes of disk a position takes at a set's peak, the larger of the moves pass's end (state, candidates,
     *         predecessors and the shuffled edges: 36.4 measured on Rio Kadalis 16 seeds, 1.9 moves a position) and
     *         the settling (state, candidates, predecessors, 25.8 measured, the layer file written at the end, and
     *         each copy of the state), with a little room
     */
    static double peakBytesPerPosition(boolean hawalis, int copies) {
        return Math.max(MOVES_PEAK, SETTLING_PEAK + (hawalis ? 8 : 6) * Math.max(0, copies));
    }

    /** Bytes a position at the end of the moves pass (see {@link #peakBytesPerPosition}). */
    static final double MOVES_PEAK = 38;
    /** Bytes a position while settling, without a copy of the state (see {@link #peakBytesPerPosition}). */
    static final double SETTLING_PEAK = 28;

    /** Puts the last snapshot's files back in place of the partitions' files. */
    private void restore(LayerJob job) {
        Path snap = job.dir().resolve("snapshot");
        try (var s = Files.list(job.dir())) {
            for (Path f : (Iterable<Path>) s::iterator) {
                if (f.getFileName().toString().startsWith("front-")) {
                    Files.delete(f);
                }
            }
            try (var t = Files.list(snap)) {
                for (Path f : (Iterable<Path>) t::iterator) {
                    String n = f.getFileName().toString();
                    if (n.startsWith("preds-") || n.startsWith("cand-") || n.startsWith("stats-")) {
                        link(f, job.dir().resolve(n));
                    } else if (!n.equals("progress")) {
                        Files2.copy(f, job.dir().resolve(n));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        lastSnapshot = System.nanoTime();
    }

    // ---- Settling ---------------------------------------------------------------------------------------------

    /** What a settling step does: in Spark jobs over all partitions, or within one task when there is one. */
    interface Steps {
        /**
         * Seeds from the exits (rounds: level m; Hawalis: depth d), adding each partition's count to {@code f0}
         * (depth 0; Hawalis: depth d) and {@code f1} (rounds: depth 1).
         */
        void seed(int m, int d, long[] f0, long[] f1);

        /**
         * Sends the messages of the positions settled at depth d and applies them, adding each partition's
         * positions settled at depth d + 1 to {@code next}.
         *
         * @return positions settled
         */
        long step(int m, int d, long[] now, long[] next);

        /** Called at a level (Hawalis: depth) boundary: the driver may copy the state aside. */
        default void boundary(String at, int depth) {
        }

        /** Reports the settling's progress. */
        default void settled(long settled) {
        }
    }

    private void countStep() {
        if (++supersteps > stopAfter) {
            throw new TablebaseException("stopped after " + stopAfter + " supersteps (test hook)");
        }
    }

    /**
     * Steps as Spark jobs, or on the driver when small.
     *
     * @param atLevel rounds: positions whose best exit is worth each level (null: Hawalis)
     */
    private Steps distributed(LayerJob job, long[] atLevel) {
        DriverMaps maps = new DriverMaps(job);
        return new Steps() {
            @Override
            public void seed(int m, int d, long[] f0, long[] f1) {
                final LayerJob j = job;
                if (!job.hawalis && atLevel != null && atLevel[m] <= driverStepPositions) {
                    // Few candidates (the positions whose best exit is worth m): seeded on the driver, from the
                    // candidates' files, as the tasks would.
                    for (int pid = 0; pid < j.parts; pid++) {
                        long[] c = j.seedToFiles(maps.state(pid), pid, m, d);
                        f0[pid] += c[0];
                        f1[pid] += c[1];
                    }
                    return;
                }
                maps.force(); // what the driver wrote, on disk before the tasks map the files
                sc.setJobDescription("layers " + job.name + ": seeds of " + (job.hawalis ? "depth " + d
                        : "level " + m));
                List<long[]> r = pids(all(j)).map(pid -> {
                    long[] c = j.seed(pid, m, d);
                    return new long[] {pid, c[0], c[1]};
                }).collect();
                for (long[] x : r) {
                    f0[(int) x[0]] += x[1];
                    f1[(int) x[0]] += x[2];
                }
            }

            @Override
            public long step(int m, int d, long[] now, long[] next) {
                final LayerJob j = job;
                countStep();
                List<Integer> senders = new ArrayList<>();
                long frontier = 0;
                for (int p = 0; p < job.parts; p++) {
                    if (now[p] > 0) {
                        senders.add(p);
                        frontier += now[p];
                    }
                }
                if (frontier <= driverStepPositions) {
                    return onDriver(j, maps, m, d, senders, next);
                }
                stepJobs++;
                maps.force();
                sc.setJobDescription("layers " + job.name + ": " + (job.hawalis ? "" : "level " + m + ", ")
                        + "depth " + d);
                // Each sender has combined its messages per position and per target partition (j.send); the
                // target applies the arrays of all senders one after the other, since within a depth the order
                // does not matter. (Merging them into one sorted array first, pairwise as reduceByKey does, costs
                // the square of the senders: with 400 partitions at 28 seeds a task spent 17 CPU minutes merging.)
                JavaPairRDD<Integer, Iterable<long[]>> msgs = pids(senders).mapPartitionsToPair(it -> {
                    List<Tuple2<Integer, long[]>> out = new ArrayList<>();
                    while (it.hasNext()) {
                        out.addAll(j.send(it.next(), d));
                    }
                    return out.iterator();
                }).groupByKey(new ById(j.parts));
                List<long[]> got = msgs.mapPartitions(it -> {
                    int pid = TaskContext.getPartitionId();
                    long n = j.apply(pid, m, d, arrays(it));
                    return List.of(new long[] {pid, n}).iterator();
                }).collect();
                releaseShuffles(msgs.rdd());
                long total = 0;
                for (long[] x : got) {
                    next[(int) x[0]] += x[1];
                    total += x[1];
                }
                return total;
            }

            @Override
            public void boundary(String at, int depth) {
                maps.force();
                maybeSnapshot(job, at, depth);
            }

            @Override
            public void settled(long settled) {
                report(job.name, 3, settled, job.nodes);
            }
        };
    }

    /**
     * One settling step on the driver, as the Spark job would run it: each sender's messages (read from its frontier
     * files, combined per target partition), then each target's applied to its state, the positions settled written
     * as its next frontier. The same functions on the same files, so the state is what the job leaves.
     *
     * @return positions settled
     */
    private static long onDriver(LayerJob j, DriverMaps maps, int m, int d, List<Integer> senders, long[] next) {
        long[][] byTarget = new long[j.parts][];
        for (int pid : senders) {
            for (Tuple2<Integer, long[]> t : j.sendFromFiles(maps.preds(pid), pid, d)) {
                long[] had = byTarget[t._1()];
                byTarget[t._1()] = had == null ? t._2() : LayerJob.mergeSorted(had, t._2());
            }
        }
        long total = 0;
        for (int t = 0; t < j.parts; t++) {
            if (byTarget[t] != null) {
                long n = j.applyToFiles(maps.state(t), t, m, d, List.of(byTarget[t]).iterator());
                next[t] += n;
                total += n;
            }
        }
        return total;
    }

    /**
     * The driver's maps of a set's partition files, kept while the set is settled: mapping them again for every
     * small step would fault every page it touches in again. The tasks write the same files through their own maps
     * (the driver and the tasks of one machine share the pages; on a cluster the checkpoint folder must be one the
     * machines see coherently, as for the layer files the driver writes from the states).
     */
    static final class DriverMaps {
        private final LayerJob job;
        private final MappedByteBuffer[] preds;
        private final MappedByteBuffer[] states;

        DriverMaps(LayerJob job) {
            this.job = job;
            this.preds = new MappedByteBuffer[job.parts];
            this.states = new MappedByteBuffer[job.parts];
        }

        MappedByteBuffer preds(int pid) {
            if (preds[pid] == null) {
                preds[pid] = Files2.mapRo(job.preds(pid));
            }
            return preds[pid];
        }

        MappedByteBuffer state(int pid) {
            if (states[pid] == null) {
                states[pid] = Files2.mapRw(job.state(pid), job.stateBytes(pid));
            }
            return states[pid];
        }

        /** Writes the driver's changes to the states through to the files (before a snapshot copies them). */
        void force() {
            for (MappedByteBuffer b : states) {
                if (b != null) {
                    b.force();
                }
            }
        }
    }

    /**
     * Steps within one task (a set in one partition): the same seeding, messages and applying, with the state and
     * predecessors mapped once and the frontiers in memory.
     */
    private static Steps local(LayerJob job, long[] count) {
        MappedByteBuffer st = Files2.mapRw(job.state(0), job.stateBytes(0));
        MappedByteBuffer preds = Files2.mapRo(job.preds(0));
        return new Steps() {
            /** The frontier at each depth of the current level, by depth. */
            private final java.util.Map<Integer, List<int[]>> fronts = new java.util.HashMap<>();

            private void add(int d, int[] f) {
                if (f.length > 0) {
                    fronts.computeIfAbsent(d, x -> new ArrayList<>()).add(f);
                }
            }

            @Override
            public void seed(int m, int d, long[] f0, long[] f1) {
                int[][] f = job.seed(st, 0, m, d);
                add(job.hawalis ? d : 0, f[0]);
                add(1, f[1]);
                f0[0] += f[0].length;
                f1[0] += f[1].length;
            }

            @Override
            public long step(int m, int d, long[] now, long[] next) {
                count[0]++;
                List<int[]> f = fronts.remove(d);
                List<long[]> arrays = new ArrayList<>();
                for (Tuple2<Integer, long[]> t : job.send(preds, 0, f == null ? new int[0][] : f.toArray(
                        new int[0][]))) {
                    arrays.add(t._2());
                }
                int[] n = job.apply(st, 0, m, d, arrays.iterator());
                add(d + 1, n);
                next[0] += n.length;
                return n.length;
            }
        };
    }

    /** Runs the settling in one Spark task (a set in one partition). */
    private void inOneTask(LayerJob job, org.apache.spark.api.java.function.Function<Steps, Void> settle) {
        sc.setJobDescription("layers " + job.name + ": settled in one task");
        long n = pids(List.of(0)).map(x -> {
            long[] c = new long[1];
            settle.call(local(job, c));
            return c[0];
        }).collect().get(0);
        supersteps += n;
        report(job.name, 3, job.nodes, job.nodes);
    }

    /**
     * Rounds: levels from the largest distance from the never-ending value down; within a level, depths from 0 until
     * no position is settled at this depth or the next.
     */
    private void settleRound(LayerJob job, Properties state) {
        int k = kit.seeds(job.codes[0]);
        int top = k * kit.unit();
        long[] atLevel = new long[256];
        for (int p = 0; p < job.parts; p++) {
            long[] s = Files2.readLongs(job.stats(p));
            for (int i = 0; i < s.length; i++) {
                atLevel[i] += s[i];
            }
        }
        String at = state.getProperty("at");
        int from = at.equals("start") ? top : Integer.parseInt(at.substring("level ".length()));
        if (job.parts == 1) {
            inOneTask(job, steps -> {
                settleRoundLevels(job, from, atLevel, steps);
                return null;
            });
        } else {
            settleRoundLevels(job, from, atLevel, distributed(job, atLevel));
        }
    }

    private static void settleRoundLevels(LayerJob job, int from, long[] atLevel, Steps steps) {
        long settled = 0;
        for (int m = from; m >= 1; m--) {
            steps.boundary("level " + m, -1);
            long[] now = new long[job.parts];
            long[] next = new long[job.parts];
            if (atLevel[m] > 0) {
                steps.seed(m, 0, now, next);
            }
            for (int d = 0; any(now) || any(next); d++) {
                long[] after = new long[job.parts];
                if (any(now)) {
                    settled += steps.step(m, d, now, next);
                }
                now = next;
                next = after;
            }
            steps.settled(settled);
        }
    }

    /**
     * Hawalis: depths from 0 while exits remain to be seeded or positions were settled at this depth.
     */
    private void settleHawalis(LayerJob job, Properties state) {
        java.util.BitSet exitsAt = new java.util.BitSet();
        for (int p = 0; p < job.parts; p++) {
            for (long d : Files2.readLongs(job.stats(p))) {
                exitsAt.set((int) d);
            }
        }
        int last = exitsAt.length() - 1;
        String at = state.getProperty("at");
        int from = at.equals("start") ? 0 : Integer.parseInt(at.substring("depth ".length()));
        if (job.parts == 1) {
            inOneTask(job, steps -> {
                settleHawalisDepths(job, from, last, exitsAt, steps);
                return null;
            });
        } else {
            settleHawalisDepths(job, from, last, exitsAt, distributed(job, null));
        }
    }

    private static void settleHawalisDepths(LayerJob job, int from, int last, java.util.BitSet exitsAt,
                                            Steps steps) {
        long[] now = new long[job.parts];
        for (int p = 0; p < job.parts && from > 0; p++) {
            now[p] = Files2.readInts(job.front(p, from, 'p')).length; // a snapshot's frontier
        }
        long settled = 0;
        for (int d = from; d <= last || any(now); d++) {
            if (d > from) {
                steps.boundary("depth " + d, d);
            }
            if (d <= last && exitsAt.get(d)) {
                steps.seed(0, d, now, new long[job.parts]);
            }
            if (LayerKit.win(d + 1) > LayerKit.HAWALIS_MAX) {
                throw new TablebaseException("layers " + job.name + ": a distance too long for the tables");
            }
            long[] next = new long[job.parts];
            if (any(now)) {
                settled += steps.step(0, d, now, next);
            }
            now = next;
            steps.settled(settled);
        }
    }

    /** @return the values of a partition's pairs, as they come */
    /** @return every array of every key's group, in turn (a target partition's messages from all its senders) */
    static java.util.Iterator<long[]> arrays(java.util.Iterator<Tuple2<Integer, Iterable<long[]>>> it) {
        return new java.util.Iterator<>() {
            private java.util.Iterator<long[]> group = java.util.Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!group.hasNext() && it.hasNext()) {
                    group = it.next()._2().iterator();
                }
                return group.hasNext();
            }

            @Override
            public long[] next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException();
                }
                return group.next();
            }
        };
    }

    private static boolean any(long[] a) {
        for (long x : a) {
            if (x > 0) {
                return true;
            }
        }
        return false;
    }

    // ---- Writing ------------------------------------------------------------------------------------------------

    /** Streams the partitions' states into the layer files (on this machine, from the checkpoint folder). */
    private void write(LayerJob job) {
        if (job.hawalis) {
            long base = 0;
            for (int c : job.codes) {
                long size = kit.size(c);
                int max = 0;
                for (long i = 0; i < size; i++) {
                    max = Math.max(max, hawalisValue(job, base + i));
                }
                int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(max));
                try (LayerKit.LayerWriter w = kit.writer(c, bits, 1, max)) {
                    for (long i = 0; i < size; i++) {
                        w.put(hawalisValue(job, base + i));
                    }
                }
                base += size;
            }
            cache = null;
            return;
        }
        int code = job.codes[0];
        int maxDist = 0;
        for (int p = 0; p < job.parts; p++) {
            MappedByteBuffer st = Files2.mapRo(job.state(p));
            int n = job.size(p);
            for (int i = 0; i < n; i++) {
                maxDist = Math.max(maxDist, st.getChar(4 * n + 2 * i));
            }
        }
        int valueBits = kit.valueBits(code);
        int bits = valueBits + (maxDist == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(maxDist));
        if (bits > 32) {
            throw new TablebaseException("layer " + job.name + ": values and distances need " + bits + " bits");
        }
        try (LayerKit.LayerWriter w = kit.writer(code, bits, kit.unit(), maxDist)) {
            long index = 0;
            for (int p = 0; p < job.parts; p++) {
                MappedByteBuffer st = Files2.mapRo(job.state(p));
                int n = job.size(p);
                for (int i = 0; i < n; i++) {
                    int v = (byte) (st.getInt(4 * i) >>> 16);
                    w.put(kit.roundEntry(code, index++, v, st.getChar(4 * n + 2 * i)));
                }
            }
        }
    }

    private MappedByteBuffer cache;
    private int cachePid = -1;

    private int hawalisValue(LayerJob job, long node) {
        int pid = (int) (node / job.partSize);
        if (pid != cachePid || cache == null) {
            cache = Files2.mapRo(job.state(pid));
            cachePid = pid;
        }
        return (int) (cache.getLong((int) (8 * (node - pid * job.partSize))) & 0xFFFF);
    }
}
