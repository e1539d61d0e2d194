package mancala.cli;

import java.io.PrintWriter;
import java.util.Locale;
import mancala.engine.progress.Progress;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Shows an engine task's {@link Progress} on standard error: as a progress bar (the {@code progressbar} library,
 * which draws on the terminal through JLine) with the count, rate and time left; as plain lines, one every
 * {@link #PLAIN_EVERY_MILLIS} ms and one when the task ends; or not at all. Calls may come from any thread.
 */
final class ProgressDisplay implements Progress, AutoCloseable {
    /** Time between two plain lines, ms. */
    static final long PLAIN_EVERY_MILLIS = 5_000;
    /** Redraws of the bar, ms apart. */
    private static final int BAR_EVERY_MILLIS = 200;

    private final ProgressOptions.Mode mode;
    private final PrintWriter err;
    private ProgressBar bar;
    private String task;
    private long total;
    private String unit;
    private long done;
    private String detail = "";
    private long startNanos;
    private long lastLineNanos;
    private boolean running;

    ProgressDisplay(ProgressOptions.Mode mode, PrintWriter err) {
        this.mode = mode == ProgressOptions.Mode.AUTO ? ProgressOptions.Mode.PLAIN : mode;
        this.err = err;
    }

    @Override
    public synchronized void begin(String task, long total, String unit) {
        end();
        this.task = task;
        this.total = total;
        this.unit = unit;
        this.done = 0;
        this.detail = "";
        this.startNanos = System.nanoTime();
        this.lastLineNanos = startNanos;
        this.running = true;
        if (mode == ProgressOptions.Mode.BAR) {
            boolean millis = unit.equals("ms");
            ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                    .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setUpdateIntervalMillis(BAR_EVERY_MILLIS)
                    .setMaxRenderedLength(160);
            if (millis) {
                b.setUnit(" s", 1000);
            } else {
                b.setUnit(" " + unit, 1).showSpeed();
            }
            bar = b.build();
        }
    }

    @Override
    public synchronized void update(long done, String detail) {
        if (!running) {
            return;
        }
        this.done = done;
        this.detail = detail == null ? "" : detail;
        if (bar != null) {
            bar.stepTo(done);
            bar.setExtraMessage(this.detail.isEmpty() ? "" : " " + this.detail);
        } else if (mode == ProgressOptions.Mode.PLAIN) {
            long now = System.nanoTime();
            if (now - lastLineNanos >= PLAIN_EVERY_MILLIS * 1_000_000) {
                lastLineNanos = now;
                line(false);
            }
        }
    }

    @Override
    public synchronized void end() {
        if (!running) {
            return;
        }
        running = false;
        if (bar != null) {
            bar.close();
            bar = null;
        } else if (mode == ProgressOptions.Mode.PLAIN) {
            line(true);
        }
    }

    /** Ends the task still running, if any. */
    @Override
    public void close() {
        end();
    }

    /**
     * One plain line, e.g. {@code self-play: 40/200 games (20%), 3.1 games/s, about 52 s left; +20 =3 -17, score
     * 0.558} or, at the end, {@code self-play: 200/200 games in 64.5 s, 3.1 games/s; …}.
     */
    private void line(boolean last) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        StringBuilder s = new StringBuilder(task).append(": ");
        if (unit.equals("ms")) {
            s.append(String.format(Locale.ROOT, "%.1f", done / 1000.0));
            if (total >= 0) {
                s.append(String.format(Locale.ROOT, "/%.1f", total / 1000.0));
            }
            s.append(" s");
        } else {
            s.append(done);
            if (total >= 0) {
                s.append('/').append(total);
            }
            s.append(' ').append(unit);
        }
        if (last) {
            s.append(String.format(Locale.ROOT, " in %.1f s", seconds));
        } else if (total > 0) {
            s.append(String.format(Locale.ROOT, " (%d%%)", Math.round(100.0 * done / total)));
        }
        double rate = seconds > 0 ? done / seconds : 0;
        if (!unit.equals("ms")) {
            s.append(String.format(Locale.ROOT, ", %s %s/s", rate >= 100 ? String.valueOf(Math.round(rate))
                    : String.format(Locale.ROOT, "%.2f", rate), unit));
        }
        if (!last && total >= 0 && rate > 0) {
            s.append(String.format(Locale.ROOT, ", about %d s left", Math.round((total - done) / rate)));
        }
        if (!detail.isEmpty()) {
            s.append("; ").append(detail);
        }
        err.println(s);
        err.flush();
    }
}
