package mancala.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mancala.pairing.Player;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;
import mancala.pairing.dutch.DutchPairer;
import mancala.pairing.dutch.NoValidPairingException;
import mancala.pairing.dutch.Pairing;
import mancala.pairing.trf.TrfException;
import mancala.pairing.trf.TrfReader;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code mancala pairings --dutch FILE} pairs the next round of a TRF file by the FIDE Dutch system;
 * {@code mancala pairings --check FILE} re-pairs every round of a tournament and lists the rounds that differ.
 */
@Command(name = "pairings", header = "Swiss pairings by the FIDE Dutch system from a TRF file.",
        mixinStandardHelpOptions = true,
        description = "--dutch FILE: reads a TRF file with the rounds played so far (and, in the next round's "
                + "column, requested byes H/F and absences Z or -) and prints the next round: first the number "
                + "of pairs, then one line a pair, WHITE BLACK by starting number (White moves first; the "
                + "pairing-allocated bye is written ID 0). --check FILE: re-pairs every round of the file from "
                + "the rounds before it and lists the rounds paired differently. Exit 0; 1 when no pairing "
                + "satisfies the absolute criteria or rounds differ; 2 when the file cannot be read.")
final class PairingsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    static final class Mode {
        @Option(names = "--dutch", paramLabel = "FILE", required = true, description = "pair the next round")
        Path dutch;

        @Option(names = "--check", paramLabel = "FILE", required = true,
                description = "re-pair every round and list the differences")
        Path check;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path file = mode.dutch != null ? mode.dutch : mode.check;
        Tournament t;
        try {
            t = TrfReader.read(file).tournament();
        } catch (NoSuchFileException e) {
            err.println("mancala: " + file + ": no such file");
            return Cli.UNUSABLE;
        } catch (IOException e) {
            err.println("mancala: " + file + ": " + e.getMessage());
            return Cli.UNUSABLE;
        } catch (TrfException e) {
            err.println("mancala: " + file + ": " + e.getMessage());
            return Cli.UNUSABLE;
        }
        try {
            if (mode.dutch != null) {
                List<Pairing> pairs = DutchPairer.pairNextRound(t);
                out.println(pairs.size());
                pairs.forEach(out::println);
                return Cli.OK;
            }
            return check(t, out);
        } catch (NoValidPairingException e) {
            err.println("mancala: " + file + ": " + e.getMessage());
            return Cli.WRONG;
        } catch (IllegalArgumentException e) {
            err.println("mancala: " + file + ": " + e.getMessage());
            return Cli.UNUSABLE;
        }
    }

    private static int check(Tournament t, PrintWriter out) throws NoValidPairingException {
        int rounds = 0;
        for (Player p : t.players()) {
            for (int r = 0; r < p.rounds().size(); r++) {
                if (p.rounds().get(r).participatedInPairing()) {
                    rounds = Math.max(rounds, r + 1);
                }
            }
        }
        if (t.totalRounds() == 0) {
            t.totalRounds(rounds);
        }
        int differing = 0;
        for (int round = 1; round <= rounds; round++) {
            List<Pairing> expected = played(t, round);
            List<Pairing> got;
            try {
                got = DutchPairer.repairRound(t, round);
            } catch (NoValidPairingException e) {
                out.println("round " + round + ": " + e.getMessage());
                differing++;
                continue;
            }
            if (!new java.util.HashSet<>(got).equals(new java.util.HashSet<>(expected))) {
                differing++;
                out.println("round " + round + ": differs");
                out.println("  file:   " + join(expected));
                out.println("  dutch:  " + join(got));
            }
        }
        out.println(differing == 0 ? "all " + rounds + " rounds agree" : differing + " of " + rounds
                + " rounds differ");
        return differing == 0 ? Cli.OK : Cli.WRONG;
    }

    private static List<Pairing> played(Tournament t, int round) {
        List<Pairing> list = new ArrayList<>();
        for (Player p : t.players()) {
            RoundEntry e = p.round(round - 1);
            if (e == null || !e.participatedInPairing()) {
                continue;
            }
            if (e.opponent() == 0) {
                list.add(new Pairing(p.startNumber(), 0));
            } else if (e.colour() == 'w') {
                list.add(new Pairing(p.startNumber(), e.opponent()));
            }
        }
        return list;
    }

    private static String join(List<Pairing> pairs) {
        StringBuilder sb = new StringBuilder();
        for (Pairing p : pairs) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(p);
        }
        return sb.toString();
    }
}
