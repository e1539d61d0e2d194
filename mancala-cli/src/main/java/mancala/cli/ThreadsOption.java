package mancala.cli;

import picocli.CommandLine.Option;

/** The option {@code --threads T} of the commands that share their work among threads; by default all cores. */
final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "T", description = "worker threads (default: all cores)")
    Integer threads;

    /**
     * @return the threads given, or the cores of this machine
     * @throws Cli.UsageException when fewer than 1 was given
     */
    int value() {
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1) {
            throw new Cli.UsageException("--threads must be at least 1, was " + t);
        }
        return t;
    }
}
