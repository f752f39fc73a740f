package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, defect 2, with real OS processes: reading commands take no lock, so they run side by
 * side with each other and with a writer, and read an index nobody may write.
 */
class ProcessConcurrencyTest {
  @TempDir Path dir;

  Path index() {
    return dir.resolve("index");
  }

  /** Starts {@code bin/recall4j ARGS} as a child JVM, its output in files. */
  Process cli(String name, String... args) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command)
        .redirectOutput(dir.resolve(name + ".out").toFile())
        .redirectError(dir.resolve(name + ".err").toFile())
        .start();
  }

  String output(String name, String stream) throws IOException {
    return Files.readString(dir.resolve(name + "." + stream));
  }

  String[] recall() {
    return new String[] {
      "recall", "--index", index().toString(), "--embedder", "none", "--query", "harbour tides"
    };
  }

  Path records(String name, int n, String topic) throws IOException {
    StringBuilder jsonl = new StringBuilder();
    for (int i = 0; i < n; i++) {
      jsonl
          .append("{\"id\":\"")
          .append(name)
          .append(i)
          .append("\",\"silo\":\"kb\",\"content\":\"")
          .append(topic)
          .append(" observation ")
          .append(i)
          .append(" of the station log, kept for the harbour tides service.\"}\n");
    }
    return Files.writeString(dir.resolve(name + ".jsonl"), jsonl, StandardCharsets.UTF_8);
  }

  void ingestInProcess(Path file) {
    StringWriter err = new StringWriter();
    int exit =
        Main.run(
            new String[] {
              "ingest", "--index", index().toString(), "--embedder", "none", file.toString()
            },
            new PrintWriter(new StringWriter()),
            new PrintWriter(err, true));
    assertEquals(0, exit, err.toString());
  }

  @Test
  void twentyParallelRecallsAllSucceed() throws Exception {
    ingestInProcess(records("t", 50, "Harbour tides"));
    List<Process> recalls = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      recalls.add(cli("recall" + i, recall()));
    }
    for (int i = 0; i < 20; i++) {
      assertTrue(recalls.get(i).waitFor(180, TimeUnit.SECONDS), "recall " + i + " hangs");
      assertEquals(
          0, recalls.get(i).exitValue(), "recall " + i + ": " + output("recall" + i, "err"));
      assertTrue(
          output("recall" + i, "out").contains("[memory context]"), output("recall" + i, "out"));
    }
  }

  @Test
  void recallsDuringALongIngestAllSucceed() throws Exception {
    ingestInProcess(records("first", 10, "Harbour tides"));
    Process ingest =
        cli(
            "ingest",
            "ingest",
            "--index",
            index().toString(),
            "--embedder",
            "none",
            records("bulk", 20_000, "Bulk").toString());
    int during = 0;
    for (int i = 0; ingest.isAlive() || i < 2; i++) {
      boolean ingesting = ingest.isAlive();
      Process recall = cli("during" + i, recall());
      assertTrue(recall.waitFor(120, TimeUnit.SECONDS));
      assertEquals(0, recall.exitValue(), "recall " + i + ": " + output("during" + i, "err"));
      assertTrue(output("during" + i, "out").contains("[memory context]"));
      during += ingesting && ingest.isAlive() ? 1 : 0;
    }
    assertTrue(ingest.waitFor(300, TimeUnit.SECONDS));
    assertEquals(0, ingest.exitValue(), output("ingest", "err"));
    assertTrue(during >= 1, "no recall ran entirely during the ingest; make the ingest longer");
  }

  @Test
  void exportOfAnIndexNobodyMayWriteSucceedsAndChangesNoFile() throws Exception {
    ingestInProcess(records("t", 20, "Harbour tides"));
    for (Path f : Files.walk(index()).toList()) {
      f.toFile().setWritable(false, false);
    }
    var before = ReliabilityCommandsTest.listing(index());
    var export =
        ReliabilityCommandsTest.run("export", "--index", index().toString(), "--embedder", "none");
    assertEquals(0, export.exit(), export.err());
    assertEquals(20, export.out().lines().count());
    ReliabilityCommandsTest.run(
        "recall", "--index", index().toString(), "--embedder", "none", "--query", "tides");
    ReliabilityCommandsTest.run("stats", "--index", index().toString(), "--embedder", "none");
    assertEquals(before, ReliabilityCommandsTest.listing(index()), "no file added or changed");
  }

  /**
   * The same on a read-only bind mount, where any write would fail: only where mount is allowed.
   */
  @Test
  void exportFromAReadOnlyMountSucceeds() throws Exception {
    ingestInProcess(records("t", 20, "Harbour tides"));
    Path mount = Files.createDirectory(dir.resolve("ro"));
    Assumptions.assumeTrue(
        run("mount", "--bind", index().toString(), mount.toString()),
        "skipped: bind mounts are not permitted here");
    try {
      Assumptions.assumeTrue(
          run("mount", "-o", "remount,bind,ro", mount.toString()),
          "skipped: read-only remounts are not permitted here");
      assertTrue(!Files.isWritable(mount), "the mount is read-only");
      var export =
          ReliabilityCommandsTest.run("export", "--index", mount.toString(), "--embedder", "none");
      assertEquals(0, export.exit(), export.err());
      assertEquals(20, export.out().lines().count());
      var stats =
          ReliabilityCommandsTest.run("stats", "--index", mount.toString(), "--embedder", "none");
      assertEquals(0, stats.exit(), stats.err());
    } finally {
      run("umount", mount.toString());
    }
  }

  static boolean run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
  }
}
