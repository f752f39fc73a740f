package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 through the CLI, in process: reading commands never lock or create, writers wait and
 * name the holder, verify and repair of a flipped byte, damaged records fail export and reindex.
 */
class ReliabilityCommandsTest {
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  Path index() {
    return dir.resolve("index");
  }

  String[] idx(String command, String... rest) {
    List<String> all =
        new java.util.ArrayList<>(
            List.of(command, "--index", index().toString(), "--embedder", "none"));
    all.addAll(List.of(rest));
    return all.toArray(String[]::new);
  }

  void ingest() throws IOException {
    Path records =
        Files.writeString(
            dir.resolve("records.jsonl"),
            """
            {"id":"a","silo":"kb","content":"Tide tables for the harbour."}
            {"id":"b","silo":"kb","content":"ZqxMarkerZqx: the station moved in 1990."}
            {"id":"c","silo":"memory","kind":"tool_use","content":"grep -L K1 finds stations."}
            """);
    Run ingest = run(idx("ingest", records.toString()));
    assertEquals(0, ingest.exit(), ingest.err());
  }

  @Test
  void readingCommandsOnAMistypedIndexFailNamingItAndCreateNothing() {
    Path missing = dir.resolve("idnex");
    for (String[] command :
        List.of(
            new String[] {"recall", "--query", "tides"},
            new String[] {"show", "a"},
            new String[] {"history", "a"},
            new String[] {"export"},
            new String[] {"status"},
            new String[] {"stats"},
            new String[] {"verify"})) {
      String[] args =
          Stream.concat(
                  Stream.of(command),
                  Stream.of("--index", missing.toString(), "--embedder", "none"))
              .toArray(String[]::new);
      Run r = run(args);
      assertEquals(1, r.exit(), command[0] + ": " + r.out());
      assertTrue(
          r.err().startsWith("recall4j: no index at " + missing)
              && r.err().strip().lines().count() == 1,
          command[0] + ": " + r.err());
      assertFalse(Files.exists(missing), command[0] + " created " + missing);
    }
  }

  @Test
  void readersWorkBesideAWriterAndAWriterWaitsThenNamesTheHolder() throws IOException {
    ingest();
    EngineConfig config = EngineConfig.builder(dir).indexDir(index()).build();
    try (RecallEngine writer = RecallEngine.open(config, null, Clock.systemUTC())) {
      Run recall = run(idx("recall", "--query", "harbour tide tables"));
      assertEquals(0, recall.exit(), recall.err());
      assertTrue(recall.out().contains("Tide tables for the harbour."), recall.out());
      assertEquals(0, run(idx("export")).exit());
      assertEquals(0, run(idx("status")).exit());

      long start = System.nanoTime();
      Run forget = run(idx("forget", "a", "--wait", "300ms"));
      long waitedMs = (System.nanoTime() - start) / 1_000_000;
      assertEquals(1, forget.exit());
      assertTrue(waitedMs >= 300, "waited " + waitedMs + " ms");
      assertTrue(
          forget
                  .err()
                  .contains(
                      "is open for writing by this process (pid " + ProcessHandle.current().pid())
              && forget.err().contains("waited 300 ms")
              && forget.err().strip().lines().count() == 1,
          forget.err());
    }
    assertEquals(0, run(idx("forget", "a")).exit(), "the lock is gone with the writer");
    Run bad = run(idx("forget", "a", "--wait", "soon"));
    assertEquals(2, bad.exit());
    assertTrue(bad.err().contains("\"soon\" is not a duration"), bad.err());
  }

  @Test
  void verifyFindsAFlippedByteRepairRebuildsAndExportAndReindexFailLoudly() throws IOException {
    ingest();
    Run clean = run(idx("verify"));
    assertEquals(0, clean.exit(), clean.out() + clean.err());
    assertTrue(clean.out().contains("is clean: 3 records read"), clean.out());

    Path damagedFile = flipByteOf(index(), "ZqxMarkerZqx");
    Run verify = run(idx("verify"));
    assertEquals(1, verify.exit(), verify.out() + verify.err());
    assertTrue(verify.out().contains("unreadable record: b ("), verify.out());
    assertTrue(verify.out().contains("damaged file: " + damagedFile.getFileName()), verify.out());

    Run export = run(idx("export"));
    assertEquals(Main.EXIT_DAMAGED, export.exit(), "an export must not skip or garble a record");
    assertTrue(export.err().contains("record b in "), export.err());
    Run reindex = run(idx("reindex"));
    assertEquals(Main.EXIT_DAMAGED, reindex.exit(), "a reindex must not copy garbage");
    assertTrue(reindex.err().contains("record b in "), reindex.err());

    Map<String, String> before = listing(index());
    Run repair = run(idx("repair"));
    assertEquals(0, repair.exit(), repair.err());
    Path repaired = dir.resolve("index.repaired");
    assertTrue(
        repair.out().startsWith("wrote 2 records to the new index " + repaired), repair.out());
    assertTrue(repair.out().contains("lost record: b ("), repair.out());
    assertEquals(before, listing(index()), "the damaged index is left untouched");

    String[] fromRepaired = {"--index", repaired.toString(), "--embedder", "none"};
    assertEquals(0, run(MainTest.cat(new String[] {"verify"}, fromRepaired)).exit());
    Run show = run(MainTest.cat(new String[] {"show"}, fromRepaired, "c"));
    assertEquals(0, show.exit(), show.err());
    assertTrue(show.out().contains("grep -L K1 finds stations."), show.out());
    Run again = run(idx("repair"));
    assertEquals(1, again.exit());
    assertTrue(again.err().contains("--out: " + repaired + " is not empty"), again.err());
  }

  @Test
  void aDamagedLatestCommitStillAnswersAndRepairListsTheWriteAfterTheGoodOne() throws IOException {
    ingest();
    Run add = run(idx("add", "--id", "d", "--content", "Dredging starts Monday."));
    assertEquals(0, add.exit(), add.err());
    Path latest = latestCommit(index());
    flipMiddleByte(latest);

    Run recall = run(idx("recall", "--query", "tide tables"));
    assertEquals(0, recall.exit(), recall.err());
    assertTrue(recall.out().contains("Tide tables for the harbour."), recall.out());
    Run verify = run(idx("verify"));
    assertEquals(1, verify.exit(), verify.out() + verify.err());
    assertTrue(verify.out().contains("damaged file: " + latest.getFileName()), verify.out());
    assertTrue(verify.out().contains("1 record(s) written after"), verify.out());
    Run repair = run(idx("repair"));
    assertEquals(0, repair.exit(), repair.err());
    assertTrue(repair.out().startsWith("wrote 3 records to the new index"), repair.out());
    assertTrue(repair.out().contains("lost write: default/d ("), repair.out());
  }

  @Test
  void whenNoCommitReadsCommandsExitThreeNamingVerifyAndRepairRecoversEveryRecord()
      throws IOException {
    ingest();
    try (Stream<Path> files = Files.list(index())) {
      for (Path commit :
          files.filter(f -> f.getFileName().toString().startsWith("segments_")).toList()) {
        flipMiddleByte(commit);
      }
    }
    Run recall = run(idx("recall", "--query", "tide tables"));
    assertEquals(Main.EXIT_DAMAGED, recall.exit(), recall.out() + recall.err());
    assertTrue(
        recall.err().startsWith("recall4j: index damaged: no commit of the index can be read")
            && recall.err().contains("run `recall4j verify --index " + index() + "`"),
        recall.err());
    assertEquals(1, run(idx("verify")).exit());
    Run repair = run(idx("repair"));
    assertEquals(0, repair.exit(), repair.err());
    assertTrue(repair.out().startsWith("wrote 3 records to the new index"), repair.out());
  }

  @Test
  void aDamagedStatisticsDatabaseFailsVerifyAndRepairSetsItAside() throws IOException {
    ingest();
    Path stats = index().resolve("stats.db");
    assertTrue(Files.isRegularFile(stats));
    Files.write(stats, "not a database at all, overwritten by a bad copy".repeat(200).getBytes());
    Files.deleteIfExists(index().resolve("stats.db-wal"));
    Files.deleteIfExists(index().resolve("stats.db-shm"));

    Run verify = run(idx("verify"));
    assertEquals(1, verify.exit(), verify.out() + verify.err());
    assertTrue(verify.out().contains("damaged file: stats.db"), verify.out());
    assertTrue(verify.out().contains("problem: " + stats + " is damaged"), verify.out());
    Run statsRun = run(idx("stats"));
    assertEquals(Main.EXIT_DAMAGED, statsRun.exit(), statsRun.out() + statsRun.err());
    assertTrue(statsRun.err().contains("run `recall4j verify --index"), statsRun.err());

    Run repair = run(idx("repair"));
    assertEquals(0, repair.exit(), repair.err());
    Path repaired = dir.resolve("index.repaired");
    assertTrue(
        repair.out().contains("the damaged file as " + repaired.resolve("stats.db.damaged")),
        repair.out());
    assertTrue(Files.isRegularFile(repaired.resolve("stats.db.damaged")));
    String[] fromRepaired = {"--index", repaired.toString(), "--embedder", "none"};
    Run verifyRepaired = run(MainTest.cat(new String[] {"verify"}, fromRepaired));
    assertEquals(0, verifyRepaired.exit(), verifyRepaired.out());
    Run statsRepaired = run(MainTest.cat(new String[] {"stats"}, fromRepaired));
    assertEquals(0, statsRepaired.exit(), statsRepaired.err());
  }

  private static Path latestCommit(Path index) throws IOException {
    try (Stream<Path> files = Files.list(index)) {
      return files
          .filter(f -> f.getFileName().toString().startsWith("segments_"))
          .max(
              java.util.Comparator.comparingLong(
                  f -> Long.parseLong(f.getFileName().toString().substring(9), 36)))
          .orElseThrow();
    }
  }

  private static void flipMiddleByte(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x01;
    Files.write(file, bytes);
  }

  /** File name to size and modification time of every file under {@code root}. */
  static Map<String, String> listing(Path root) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.toList()) {
        out.put(
            root.relativize(f).toString(),
            Files.size(f) + "@" + Files.getLastModifiedTime(f).toMillis());
      }
    }
    return out;
  }

  /** Flips one bit in the middle of a marker's bytes in whichever index file holds them. */
  static Path flipByteOf(Path index, String marker) throws IOException {
    byte[] needle = marker.getBytes(StandardCharsets.UTF_8);
    try (Stream<Path> files = Files.list(index)) {
      for (Path file : files.sorted().toList()) {
        byte[] bytes = Files.readAllBytes(file);
        for (int at = 0; at + needle.length <= bytes.length; at++) {
          if (java.util.Arrays.equals(bytes, at, at + needle.length, needle, 0, needle.length)) {
            bytes[at + needle.length / 2] ^= 0x01;
            Files.write(file, bytes);
            return file;
          }
        }
      }
    }
    throw new AssertionError("no index file holds " + marker);
  }
}
