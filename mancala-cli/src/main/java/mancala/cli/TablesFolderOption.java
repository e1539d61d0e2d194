package mancala.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The option {@code --dir DIR} of the {@code tablebase} commands: the endgame tables' folder. */
final class TablesFolderOption {
    @Option(names = "--dir", paramLabel = "DIR", description = "tables folder (default: the data folder's)")
    Path dir;

    /** @return the folder given, or null for the data folder's */
    Path given() {
        return dir;
    }
}
