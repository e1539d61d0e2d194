package mancala.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mancala spark master|worker}: Apache Spark's own standalone master and worker, run from this program's
 * class path, for users without a Spark installation. A build then runs on them with
 * {@code mancala tablebase build GAME --seeds N --master spark://HOST:PORT}.
 */
@Command(name = "spark", header = "Run a Spark standalone master or worker for --master.",
        mixinStandardHelpOptions = true,
        description = "Starts Apache Spark's standalone master or worker in this process (it runs until stopped). "
                + "Start one master, then a worker on each machine; tablebase build, selfplay and balance take "
                + "--master spark://HOST:PORT. The tables and checkpoint folders must be at the same path on every "
                + "machine (a shared file system).",
        subcommands = {SparkCommand.Master.class, SparkCommand.Worker.class})
final class SparkCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return Cli.UNUSABLE;
    }

    /** {@code mancala spark master}. */
    @Command(name = "master", header = "Run Spark's standalone master.", mixinStandardHelpOptions = true)
    static final class Master implements Callable<Integer> {
        @Option(names = "--host", paramLabel = "H", description = "address to listen on (default: this host's name)")
        String host;

        @Option(names = "--port", paramLabel = "P", defaultValue = "7077",
                description = "port of the master (default: ${DEFAULT-VALUE})")
        int port;

        @Option(names = "--webui-port", paramLabel = "W", defaultValue = "8080",
                description = "port of its web page (default: ${DEFAULT-VALUE})")
        int webuiPort;

        @Override
        public Integer call() {
            List<String> args = new ArrayList<>();
            if (host != null) {
                args.add("--host");
                args.add(host);
            }
            args.add("--port");
            args.add(Integer.toString(port));
            args.add("--webui-port");
            args.add(Integer.toString(webuiPort));
            ClusterOption.cluster().runDaemon("master", args.toArray(new String[0]));
            return Cli.OK;
        }
    }

    /** {@code mancala spark worker spark://H:P}. */
    @Command(name = "worker", header = "Run Spark's standalone worker.", mixinStandardHelpOptions = true)
    static final class Worker implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "MASTER", description = "the master, spark://HOST:PORT")
        String master;

        @Option(names = "--cores", paramLabel = "C", description = "cores to give (default: all)")
        Integer cores;

        @Option(names = "--memory", paramLabel = "M", description = "memory to give executors, e.g. 8g (default: "
                + "the RAM less 1 GiB)")
        String memory;

        @Option(names = "--host", paramLabel = "H", description = "address to listen on (default: this host's name)")
        String host;

        @Option(names = "--webui-port", paramLabel = "W", description = "port of its web page (default: 8081)")
        Integer webuiPort;

        @Option(names = "--work-dir", paramLabel = "DIR", description = "folder of the executors' files")
        String workDir;

        @Override
        public Integer call() {
            if (!master.startsWith("spark://")) {
                throw new Cli.UsageException("MASTER must be spark://HOST:PORT, was '" + master + "'");
            }
            List<String> args = new ArrayList<>(List.of(master));
            if (cores != null) {
                args.add("--cores");
                args.add(cores.toString());
            }
            if (memory != null) {
                args.add("--memory");
                args.add(memory);
            }
            if (host != null) {
                args.add("--host");
                args.add(host);
            }
            if (webuiPort != null) {
                args.add("--webui-port");
                args.add(webuiPort.toString());
            }
            if (workDir != null) {
                args.add("--work-dir");
                args.add(workDir);
            }
            ClusterOption.cluster().runDaemon("worker", args.toArray(new String[0]));
            return Cli.OK;
        }
    }
}
