package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.StoreHealth;
import dev.recall4j.core.store.StoreUnavailableException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 2: a full disk during a write, a commit or a merge. The store names the cause in
 * one line, keeps every acknowledged write, reopens its failed writer when it can, and reports
 * degraded health until a write commits again; a failed merge is logged, never printed as a stack
 * trace on stderr.
 */
class FullDiskTest {
  @TempDir Path dir;

  private LuceneStore open(FullDisk disk) throws IOException {
    return IndexDirectory.openWritable(StoreOptions.builder(dir).build(), Duration.ZERO, disk);
  }

  private static List<MemoryRecord> records(String prefix, int n) {
    List<MemoryRecord> batch = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      batch.add(record(prefix + i, "Harbour log entry " + prefix + i + " about tides.").build());
    }
    return batch;
  }

  @Test
  void aFullDiskFailsTheWriteNamingItThenTheSameStoreWritesAgainWhenSpaceReturns()
      throws IOException {
    FullDisk disk = new FullDisk(FSDirectory.open(dir));
    try (LuceneStore store = open(disk)) {
      for (int i = 0; i < 5; i++) {
        store.upsertAll(records("ok" + i + "-", 4)); // acknowledged
      }
      disk.fillUpTo(200);
      StoreUnavailableException e =
          assertThrows(StoreUnavailableException.class, () -> store.upsertAll(records("x", 50)));
      assertEquals("no space left on device: " + dir, e.getMessage());
      assertEquals(StoreHealth.degraded("no space left on device: " + dir), store.health());
      assertThrows(StoreUnavailableException.class, () -> store.upsert(record("y", "y").build()));
      assertEquals(20, store.info().records(), "reads work on a full disk");

      // The failed writer was replaced at once: no other process can take the index meanwhile.
      assertThrows(
          IndexLockedException.class,
          () -> LuceneStore.open(StoreOptions.builder(dir).build(), Duration.ZERO));

      disk.free();
      store.upsert(record("after", "written after space returned").build());
      assertTrue(store.health().ok(), store.health().toString());
      assertEquals(21, store.info().records());
      assertTrue(
          store.get(TestRecords.key("x0")).isEmpty(),
          "a failed batch is not written, not even later");
    }
    try (LuceneStore reopened = TestRecords.lexical(dir)) {
      assertEquals(21, reopened.info().records(), "every acknowledged write is on disk");
    }
    assertTrue(StoreCheck.verify(dir, Duration.ZERO).clean());
  }

  @Test
  void aDegradedStoreNoticesWhenSpaceReturnsWithoutAWrite() throws IOException {
    FullDisk disk = new FullDisk(FSDirectory.open(dir));
    try (LuceneStore store = open(disk)) {
      store.upsertAll(records("a", 3));
      disk.fillUpTo(0);
      // No health check while full: it would try a commit, and the next try waits 5 s.
      assertThrows(StoreUnavailableException.class, () -> store.upsertAll(records("b", 3)));
      disk.free();
      assertEquals(StoreHealth.OK, store.health(), "the health check tries a commit");
      store.upsertAll(records("c", 3));
      assertEquals(6, store.info().records());
    }
  }

  @Test
  void aMergeThatFillsTheDiskIsOneLineInTheLogNotAStackTraceOnStderr() throws IOException {
    FullDisk disk = new FullDisk(FSDirectory.open(dir));
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    PrintStream original = System.err;
    try (LuceneStore store = open(disk)) {
      for (int i = 0; i < 12; i++) {
        store.upsertAll(records("m" + i + "-", 20));
      }
      disk.fillUpTo(2_000);
      System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
      StoreUnavailableException e = assertThrows(StoreUnavailableException.class, store::compact);
      assertEquals("no space left on device: " + dir, e.getMessage());
      disk.free();
      store.upsert(record("after", "after the failed merge").build());
      store.compact();
      assertEquals(241, store.info().records());
    } finally {
      System.setErr(original);
    }
    String printed = stderr.toString(StandardCharsets.UTF_8);
    assertFalse(
        printed.contains("Exception in thread") || printed.contains("\tat "),
        "stderr got a stack trace:\n" + printed);
  }
}
