package mancala.cli;

import picocli.CommandLine.Option;

/**
 * The option {@code --random-seed N} of the commands whose engine players or openings draw random numbers: the same
 * seed repeats a run move for move. The default is the command's (given when the command makes this mixin). The old
 * spelling {@code --seed} is still read, hidden from the help, since a mancala "seed" is a piece on the board.
 */
final class RandomSeedOption {
    @Option(names = "--random-seed", paramLabel = "N",
            description = "seed of the random numbers (openings, players' random moves): the same seed repeats a "
                    + "run (default: ${DEFAULT-VALUE})")
    long randomSeed;

    /** picocli's instance for reflection; commands make theirs with {@link #RandomSeedOption(long)}. */
    RandomSeedOption() {
        this(1);
    }

    /** @param byDefault the seed when the option is not given */
    RandomSeedOption(long byDefault) {
        this.randomSeed = byDefault;
    }

    /** The former name of {@code --random-seed}. */
    @Option(names = "--seed", paramLabel = "N", hidden = true)
    void oldName(long seed) {
        this.randomSeed = seed;
    }

    /** @return the seed given, or the command's default */
    long value() {
        return randomSeed;
    }
}
