package mancala.cli;

import java.util.List;
import mancala.record.GameRecord;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The arguments of the commands that read a record file ({@code replay}, {@code convert}): the file and how to
 * read records that do not say it themselves. A picocli mixin.
 */
final class RecordInput {
    @Parameters(index = "0", paramLabel = "FILE", description = "a record file, or - for standard input")
    String file;

    @Option(names = "--game", paramLabel = "GAME",
            description = "game of records without a Game tag: hawalis, bao-kiarabu, al-manqala, rio-kadalis")
    String game;

    @Option(names = "--options", paramLabel = "OPTS", description = "rule options of records without an Options tag")
    String options;

    @Option(names = "--numeric", description = "the moves are in the numeric Hawalis notation (1-14, captures (xN))")
    boolean numeric;

    /** @return the records of the file, read with these settings. */
    List<GameRecord> records() {
        return RecordFiles.records(file, RecordFiles.settings(game, options, numeric));
    }
}
