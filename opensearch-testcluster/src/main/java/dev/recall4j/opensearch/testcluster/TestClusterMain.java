package dev.recall4j.opensearch.testcluster;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * Runs a {@link TestCluster} until its parent lets go of it: {@code java -cp ...
 * dev.recall4j.opensearch.testcluster.TestClusterMain NODES BASE_DIR LOGS_DIR ADDRESS_FILE
 * [CLUSTER_NAME]}.
 *
 * <p>Once every node has joined and the cluster is yellow, writes the nodes' HTTP base addresses,
 * comma-separated on one line, to {@code ADDRESS_FILE} (atomically: a reader never sees half of
 * it). OpenSearch takes over standard output for its own logging, so the nodes' logs, in {@code
 * LOGS_DIR}, are where to look when it does not start. Stops the nodes, deletes {@code BASE_DIR}
 * and exits when its standard input ends (the parent closed it or died: a test JVM killed with -9
 * still closes its end of the pipe, so the cluster never outlives it) or on SIGTERM. Exit status 1
 * when the cluster does not start.
 */
public final class TestClusterMain {
  private TestClusterMain() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 4 || args.length > 5) {
      System.err.println(
          "usage: TestClusterMain NODES BASE_DIR LOGS_DIR ADDRESS_FILE [CLUSTER_NAME]; got "
              + String.join(" ", args));
      System.exit(2);
    }
    int nodes = Integer.parseInt(args[0]);
    Path baseDir = Path.of(args[1]);
    Path logsDir = Path.of(args[2]);
    Path addressFile = Path.of(args[3]);
    String clusterName =
        args.length == 5 ? args[4] : "recall4j-test-" + ProcessHandle.current().pid();
    TestCluster cluster;
    try {
      cluster = TestCluster.start(nodes, clusterName, baseDir, logsDir);
    } catch (RuntimeException | LinkageError e) {
      // A node that fails to start leaves OpenSearch's non-daemon threads behind: exit, so that the
      // parent sees the failure now instead of at its start timeout. A missing plugin dependency
      // is a NoClassDefFoundError.
      e.printStackTrace();
      System.exit(1);
      return;
    }
    AtomicBoolean stopped = new AtomicBoolean();
    Runnable stop =
        () -> {
          if (stopped.compareAndSet(false, true)) {
            try {
              cluster.close();
            } catch (IOException | RuntimeException e) {
              e.printStackTrace();
            }
          }
        };
    Runtime.getRuntime().addShutdownHook(new Thread(stop, "test-cluster-stop"));
    String addresses =
        cluster.httpAddresses().stream().map(URI::toString).collect(Collectors.joining(","));
    Path partial = addressFile.resolveSibling(addressFile.getFileName() + ".partial");
    Files.writeString(partial, addresses + "\n");
    Files.move(partial, addressFile, StandardCopyOption.ATOMIC_MOVE);
    waitForEndOfInput(System.in);
    stop.run();
    // OpenSearch leaves non-daemon threads behind after closing its nodes.
    System.exit(0);
  }

  private static void waitForEndOfInput(InputStream in) {
    byte[] buffer = new byte[256];
    try {
      while (in.read(buffer) >= 0) {
        // anything the parent writes is ignored: only the end of the stream matters
      }
    } catch (IOException e) {
      // a broken pipe is the parent gone, as an end of stream is
    }
  }
}
