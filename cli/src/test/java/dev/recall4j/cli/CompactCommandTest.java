package dev.recall4j.cli;

import static dev.recall4j.cli.ReliabilityCommandsTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.cli.ReliabilityCommandsTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compact} merges an index written record by record into one segment, keeps every record,
 * and refuses a path that holds no index instead of creating one.
 */
class CompactCommandTest {
  @TempDir Path dir;

  private String[] idx(String command, String... rest) {
    List<String> all =
        new ArrayList<>(
            List.of(command, "--index", dir.resolve("index").toString(), "--embedder", "none"));
    all.addAll(List.of(rest));
    return all.toArray(String[]::new);
  }

  /** The segments of the latest commit (the one before it is kept too, with its files). */
  private int segments() throws IOException {
    try (Directory index = FSDirectory.open(dir.resolve("index"))) {
      return SegmentInfos.readLatestCommit(index).size();
    }
  }

  @Test
  void anIndexWrittenRecordByRecordBecomesOneSegmentWithEveryRecord() throws IOException {
    for (int i = 0; i < 4; i++) {
      Run add =
          run(idx("add", "--id", "r" + i, "--content", "Tide gauge reading number " + i + "."));
      assertEquals(0, add.exit(), add.err());
    }
    assertTrue(segments() > 1, "each add committed a segment of its own");

    Run compact = run(idx("compact"));

    assertEquals(0, compact.exit(), compact.err());
    assertTrue(compact.out().startsWith("compacted "), compact.out());
    assertEquals("", compact.err());
    assertEquals(1, segments());
    Run list = run(idx("list", "--format", "jsonl"));
    assertEquals(4, list.out().lines().count(), list.out());
    Run recall = run(idx("recall", "--query", "tide gauge reading number 2"));
    assertTrue(recall.out().contains("number 2"), recall.out());
  }

  @Test
  void aPathWithoutAnIndexIsAnErrorNamingItAndNothingIsCreated() {
    Run compact = run(idx("compact"));

    assertEquals(1, compact.exit());
    assertTrue(compact.err().contains(dir.resolve("index").toString()), compact.err());
    assertFalse(Files.exists(dir.resolve("index")), "no index created");
  }
}
