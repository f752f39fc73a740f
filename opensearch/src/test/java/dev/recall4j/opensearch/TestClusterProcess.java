package dev.recall4j.opensearch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real OpenSearch cluster these tests run against: module {@code opensearch-testcluster}'s main
 * class, started as a process of its own, since OpenSearch's Lucene (10.3) must never share a class
 * path with recall4j's (10.6). Where that module's build left its class path is given by the system
 * property {@value #TARGET_PROPERTY}; the cluster's folders and log go under {@value
 * #WORK_PROPERTY}.
 *
 * <p>The process stops when its standard input ends: {@link #close} closes it, and so does the
 * operating system when this JVM dies in any way, so the cluster never outlives the tests.
 */
final class TestClusterProcess implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TestClusterProcess.class);

  static final String TARGET_PROPERTY = "recall4j.testcluster.target";
  static final String WORK_PROPERTY = "recall4j.testcluster.work";

  /** Two nodes, so that shards, replicas and routing are those of a real cluster. */
  static final int NODES = 2;

  /**
   * The whole cluster's heap, both nodes in one JVM: they use about 280 MB of it when idle; at 384
   * MB indexing thousands of vectors was tight.
   */
  private static final String HEAP = "-Xmx512m";

  /**
   * Two nodes start in seconds on a quiet 2-core machine, but took over 3 minutes there under a
   * load of 34 (other builds): a process that dies is seen at once, so only a slow start waits.
   */
  private static final Duration START_TIMEOUT = Duration.ofMinutes(10);

  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

  private final Process process;
  private final List<URI> hosts;
  private final Path log;

  private TestClusterProcess(Process process, List<URI> hosts, Path log) {
    this.process = process;
    this.hosts = hosts;
    this.log = log;
  }

  /** Starts the cluster and waits until it answers; fails naming its log when it does not. */
  static TestClusterProcess start() {
    Path target = Path.of(requiredProperty(TARGET_PROPERTY));
    Path work = Path.of(requiredProperty(WORK_PROPERTY));
    try {
      deleteRecursively(work);
      Files.createDirectories(work);
      Path addressFile = work.resolve("address");
      Path log = work.resolve("process.log");
      List<String> command =
          List.of(
              Path.of(System.getProperty("java.home"), "bin", "java").toString(),
              HEAP,
              "--add-modules",
              "jdk.incubator.vector",
              "--enable-native-access=ALL-UNNAMED",
              "-cp",
              classPath(target),
              "dev.recall4j.opensearch.testcluster.TestClusterMain",
              Integer.toString(NODES),
              work.resolve("nodes").toString(),
              work.resolve("logs").toString(),
              addressFile.toString(),
              "recall4j-test-" + ProcessHandle.current().pid());
      long started = System.nanoTime();
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.PIPE)
              .start();
      TestClusterProcess cluster =
          new TestClusterProcess(process, waitForAddresses(process, addressFile, log), log);
      LOG.info(
          "test cluster of {} nodes at {} in {} ms (pid {}; log {})",
          NODES,
          cluster.hosts,
          Duration.ofNanos(System.nanoTime() - started).toMillis(),
          process.pid(),
          log);
      return cluster;
    } catch (IOException e) {
      throw new UncheckedIOException("starting the test cluster in " + work, e);
    }
  }

  /** Each node's HTTP base address. */
  List<URI> hosts() {
    return hosts;
  }

  /** The operating system's process id of the cluster's JVM. */
  long pid() {
    return process.pid();
  }

  /** Ends the cluster's input, which stops it; kills it when it has not stopped in time. */
  @Override
  public void close() throws IOException, InterruptedException {
    process.getOutputStream().close();
    if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      LOG.warn("test cluster did not stop in {}; killing it (log {})", STOP_TIMEOUT, log);
      process.destroyForcibly().waitFor();
    }
  }

  private static List<URI> waitForAddresses(Process process, Path addressFile, Path log)
      throws IOException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (!Files.exists(addressFile)) {
      if (!process.isAlive() || System.nanoTime() - deadline > 0) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "the test cluster did not start"
                + (process.isAlive() ? " in " + START_TIMEOUT : "")
                + "; its output, "
                + log
                + ", ends with:\n"
                + tail(log));
      }
      sleep();
    }
    return Arrays.stream(Files.readString(addressFile).strip().split(","))
        .map(URI::create)
        .toList();
  }

  /** The cluster module's classes, its dependencies and the k-NN plugin's jars. */
  private static String classPath(Path target) throws IOException {
    List<String> entries = new ArrayList<>();
    entries.add(target.resolve("classes").toString());
    entries.add(Files.readString(target.resolve("classpath.txt")).strip());
    entries.add(target.resolve("knn-plugin").resolve("*").toString());
    return String.join(java.io.File.pathSeparator, entries);
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  private static void sleep() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the test cluster", e);
    }
  }

  private static String requiredProperty(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      throw new IllegalStateException(
          "system property " + name + " is not set: run these tests through Maven");
    }
    return value;
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
