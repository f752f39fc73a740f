package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, defect 5, on a real full disk (a small tmpfs; skipped where mounting is not permitted):
 * exit 0 means the work is durable and printed, so a housekeeping failure after the commit is a
 * warning, and a recall (which writes nothing) answers.
 */
class FullDiskTest {
  @TempDir Path dir;

  @Test
  void onAFullDiskIngestCommitsAndWarnsAndRecallAnswers() throws Exception {
    Path disk = Files.createDirectory(dir.resolve("disk"));
    Assumptions.assumeTrue(
        ProcessConcurrencyTest.run(
            "mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", disk.toString()),
        "skipped: mounting a tmpfs is not permitted here");
    try {
      String index = disk.resolve("index").toString();
      StringBuilder bulk = new StringBuilder();
      for (int i = 0; i < 3000; i++) {
        bulk.append("{\"id\":\"b")
            .append(i)
            .append("\",\"silo\":\"kb\",\"content\":\"Bulk observation ")
            .append(i)
            .append(" ")
            .append(Integer.toHexString(i * 7919).repeat(12))
            .append(" about harbour tides.\"}\n");
      }
      Path first = Files.writeString(dir.resolve("bulk.jsonl"), bulk);
      ReliabilityCommandsTest.Run ingest =
          ReliabilityCommandsTest.run(
              "ingest", "--index", index, "--embedder", "none", first.toString());
      assertEquals(0, ingest.exit(), ingest.err());
      long indexBytes = size(disk.resolve("index"));
      fill(disk, Math.min(indexBytes / 2, 400_000));

      ReliabilityCommandsTest.Run recall =
          ReliabilityCommandsTest.run(
              "recall", "--index", index, "--embedder", "none", "--query", "harbour tides");
      assertEquals(0, recall.exit(), recall.err());
      assertTrue(recall.out().contains("Bulk observation"), recall.out());

      Path small =
          Files.writeString(
              dir.resolve("small.jsonl"),
              "{\"id\":\"late\",\"silo\":\"kb\",\"content\":\"Saved on a nearly full disk.\"}\n");
      ReliabilityCommandsTest.Run more =
          ReliabilityCommandsTest.run(
              "ingest", "--index", index, "--embedder", "none", small.toString());
      assertEquals(0, more.exit(), "the records are committed: " + more.err());
      assertTrue(
          more.err().contains("recall4j: warning: the records are saved, but merging the index"),
          more.err());
      assertTrue(
          more.err().contains("(no space left on device: " + index + ")"),
          "the cause, named: " + more.err());
      assertFalse(more.err().contains("\tat "), "no stack trace: " + more.err());
      ReliabilityCommandsTest.Run show =
          ReliabilityCommandsTest.run("show", "--index", index, "--embedder", "none", "late");
      assertEquals(0, show.exit(), show.err());
      assertTrue(show.out().contains("Saved on a nearly full disk."));
    } finally {
      ProcessConcurrencyTest.run("umount", disk.toString());
    }
  }

  /** Fills the file system of {@code dir} until {@code leave} bytes are free. */
  private static void fill(Path dir, long leave) throws IOException {
    long free = Files.getFileStore(dir).getUsableSpace();
    byte[] block = new byte[4096];
    try (OutputStream out = Files.newOutputStream(dir.resolve("filler"))) {
      for (long written = 0; written < free - leave; written += block.length) {
        out.write(block);
      }
    }
  }

  private static long size(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }
}
