package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ingest streams its files in committed batches: flat memory, a clear partial failure, resumable.
 */
class IngestBatchesTest {
  private static final List<String> WORDS =
      List.of(
          "tide",
          "station",
          "harmonic",
          "constituent",
          "amplitude",
          "phase",
          "datum",
          "survey",
          "gauge",
          "ebb",
          "flood",
          "surge",
          "chart",
          "buoy",
          "sensor",
          "offset",
          "lunar",
          "solar",
          "spring",
          "neap",
          "mean",
          "sea",
          "level",
          "record",
          "export",
          "window",
          "filter",
          "noise");

  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  String index() {
    return dir.resolve("index").toString();
  }

  /** Records in the index; 0 when no index was even created. */
  long records() {
    if (!Files.exists(dir.resolve("index"))) {
      return 0;
    }
    Run status = run("status", "--index", index(), "--embedder", "none");
    assertEquals(0, status.exit(), status.err());
    String line = status.out().lines().filter(l -> l.startsWith("records:")).findFirst().get();
    return Long.parseLong(line.replaceAll("records:\\s+(\\d+).*", "$1"));
  }

  /**
   * Writes KB records of about 2 KB of text each (distinct words, so Lucene indexes real postings)
   * until the file holds {@code bytes}; returns how many.
   */
  static long writeRecords(Path file, long bytes) throws IOException {
    Random random = new Random(17);
    long count = 0;
    long written = 0;
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      StringBuilder line = new StringBuilder();
      while (written < bytes) {
        line.setLength(0);
        line.append("{\"silo\":\"kb\",\"tags\":[\"t")
            .append(count % 50)
            .append("\"],\"content\":\"");
        line.append("Observation ").append(count).append(':');
        while (line.length() < 2_000) {
          line.append(' ').append(WORDS.get(random.nextInt(WORDS.size())));
          line.append(random.nextInt(1_000));
        }
        line.append(".\"}\n");
        out.write(line.toString());
        written += line.length();
        count++;
      }
    }
    return count;
  }

  @Test
  void aFileOfFiftyMegabytesIngestsInA256MegabyteHeap() throws Exception {
    Path file = dir.resolve("big.jsonl");
    long count = writeRecords(file, 50L << 20);
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    Path log = dir.resolve("child.log");
    Process child =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-XX:+ExitOnOutOfMemoryError",
                "--add-modules",
                "jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "ingest",
                "--index",
                index(),
                "--embedder",
                "none",
                file.toString())
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      // About 30 s on an idle 2-core machine; the bound is for one shared by many builds.
      assertTrue(child.waitFor(15, TimeUnit.MINUTES), "the ingest finishes within 15 minutes");
    } finally {
      child.destroyForcibly();
    }
    String output = Files.readString(log);
    assertEquals(0, child.exitValue(), output);
    assertTrue(output.contains("ingested " + count + " records from 1 files"), output);
    assertEquals(count, records());
  }

  @Test
  void aBadLineAfterTheFirstBatchStillStopsTheIngestBeforeAnythingIsWritten() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("bad.jsonl"),
            """
            {"id":"a","silo":"memory","content":"first"}
            {"id":"b","silo":"memory","content":"second"}
            {"id":"c","silo":"memory","content":"third"} {"id":"d","silo":"memory","content":"dropped"}
            """);
    Run ingest = run("ingest", "--index", index(), "--embedder", "none", "--batch", "1", "" + file);
    assertEquals(PartialSync.EXIT, ingest.exit(), "a bad file is left out: partial");
    assertEquals(
        "recall4j: "
            + file
            + ":3:46: a second JSON value after the record; write one record per line\n",
        ingest.err());
    assertEquals(0, records(), "every file is checked before the first batch is written");
  }

  @Test
  void aFailedBatchKeepsTheEarlierBatchesAndRunningAgainFinishesWithoutDuplicates()
      throws IOException {
    Path other =
        Files.writeString(
            dir.resolve("other.jsonl"),
            "{\"id\":\"taken\",\"silo\":\"memory\",\"namespace\":\"bob\",\"content\":\"Bob's.\"}\n");
    assertEquals(0, run("ingest", "--index", index(), "--embedder", "none", "" + other).exit());
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      // Bob's id is free in this namespace; record 3's vector does not fit an index without one.
      String id = i == 3 ? "taken" : "r" + i;
      String vector = i == 3 ? ",\"vector\":[0.5,0.5,0.5]" : "";
      lines.add(
          "{\"id\":\""
              + id
              + "\",\"silo\":\"memory\",\"content\":\"Record number "
              + i
              + ".\""
              + vector
              + "}");
    }
    lines.add("{\"silo\":\"kb\",\"content\":\"An observation without an id.\"}");
    Path file = Files.write(dir.resolve("mine.jsonl"), lines);
    Path doc = Files.writeString(dir.resolve("guide.md"), "# Guide\nStations list constituents.\n");

    Run first =
        run(
            "ingest",
            "--index",
            index(),
            "--embedder",
            "none",
            "--batch",
            "2",
            "" + file,
            "" + doc);
    assertEquals(1, first.exit());
    assertEquals(1, first.err().lines().count(), first.err());
    assertTrue(
        first.err().contains("vector: dimension 3 does not match the index dimension 0")
            && first.err().contains("the first 2 of 7 records were committed")
            && first.err().contains("run the same command again"),
        first.err());
    assertEquals(2, records(), "the first batch stays");

    lines.set(3, lines.get(3).replace(",\"vector\":[0.5,0.5,0.5]", ""));
    Files.write(file, lines);
    for (int run = 0; run < 2; run++) {
      Run again =
          run(
              "ingest",
              "--index",
              index(),
              "--embedder",
              "none",
              "--batch",
              "2",
              "" + file,
              "" + doc);
      assertEquals(0, again.exit(), again.err());
      assertEquals(7, records(), "running again stores every record once");
    }
  }
}
