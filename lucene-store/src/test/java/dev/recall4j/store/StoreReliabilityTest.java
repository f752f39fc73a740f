package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.lexical;
import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.DamagedRecordException;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.IntegrityReport;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: read-only readers, the writer lock and its holder, damage found and named, no stray
 * indexes.
 */
class StoreReliabilityTest {
  @TempDir Path dir;

  private static final StoreFilter NS = StoreFilter.all(dev.recall4j.core.Scope.of("ns"));

  private void threeRecords() throws IOException {
    try (LuceneStore store = lexical(dir)) {
      store.upsertAll(
          List.of(
              record("a", "Tide tables for the harbour.").build(),
              record("b", "ZqxMarkerZqx the pump station log.").build(),
              record("c", "Harbour pilots meet at dawn.").build()));
    }
  }

  @Test
  void aReadOnlyStoreSearchesWithoutTakingTheLockAndRefusesWrites() throws IOException {
    threeRecords();
    Map<String, FileTime> before = listing(dir);
    try (LuceneStore reader = LuceneStore.openReadOnly(StoreOptions.builder(dir).build());
        LuceneStore second = LuceneStore.openReadOnly(StoreOptions.builder(dir).build())) {
      assertTrue(reader.isReadOnly());
      assertEquals(List.of("a", "c"), ids(reader.searchLexical("harbour", NS, 10)));
      assertEquals(3, second.info().records());
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> reader.upsert(record("d", "x").build()));
      assertTrue(e.getMessage().contains("read-only"), e.getMessage());
      assertThrows(IllegalStateException.class, () -> reader.purge(TestRecords.key("a")));
      assertThrows(
          IllegalStateException.class,
          () -> reader.recordAccess(List.of(TestRecords.key("a")), TestRecords.T0));
    }
    assertEquals(
        before, listing(dir), "a read-only store must not create, change or delete any file");
  }

  @Test
  void openingAndClosingAnUnchangedIndexForWritingCommitsNothing() throws IOException {
    threeRecords();
    Map<String, FileTime> before = listing(dir);
    Map<String, String> metadata = commitData();
    assertFalse(metadata.isEmpty());
    try (LuceneStore store = lexical(dir)) {
      assertEquals(3, store.info().records());
    }
    Map<String, FileTime> after = listing(dir);
    after.remove("write.lock");
    before.remove("write.lock");
    assertEquals(before, after, "an open and close without a write must not commit");
    // The metadata still rides on the commits that writes make after such an open.
    try (LuceneStore store = lexical(dir)) {
      store.upsert(record("d", "Harbour dredging starts Monday.").build());
    }
    assertEquals(metadata, commitData());
    try (LuceneStore reader = LuceneStore.openReadOnly(StoreOptions.builder(dir).build())) {
      assertEquals(4, reader.info().records());
    }
  }

  /** The user data of the index's latest commit (where the store records its metadata). */
  private Map<String, String> commitData() throws IOException {
    try (FSDirectory directory = FSDirectory.open(dir)) {
      return SegmentInfos.readLatestCommit(directory).getUserData();
    }
  }

  @Test
  void aReadOnlyStoreReadsBesideAWriterAndSeesItsCommitsOnRefresh() throws IOException {
    threeRecords();
    try (LuceneStore writer = lexical(dir);
        LuceneStore reader = LuceneStore.openReadOnly(StoreOptions.builder(dir).build())) {
      writer.upsert(record("d", "Harbour dredging starts Monday.").build());
      reader.refresh();
      assertEquals(
          List.of("a", "c", "d"),
          ids(reader.searchLexical("harbour", NS, 10)).stream().sorted().toList());
    }
  }

  @Test
  void readOnlyNeverCreatesAnIndex() throws IOException {
    Path missing = dir.resolve("typo");
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> LuceneStore.openReadOnly(StoreOptions.builder(missing).build()));
    assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    assertFalse(Files.exists(missing));
    IllegalStateException empty =
        assertThrows(
            IllegalStateException.class,
            () -> LuceneStore.openReadOnly(StoreOptions.builder(dir).build()));
    assertTrue(empty.getMessage().contains("no recall4j index"), empty.getMessage());
    assertEquals(0, listing(dir).size());
  }

  @Test
  void aWriterRefusesADirectoryHoldingOtherFilesAndWritesNothingThere() throws IOException {
    Files.writeString(dir.resolve("notes.txt"), "mine");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> lexical(dir));
    assertTrue(
        e.getMessage().contains("notes.txt") && e.getMessage().contains("not empty"),
        e.getMessage());
    assertEquals(List.of("notes.txt"), List.copyOf(listing(dir).keySet()));
  }

  @Test
  void aForeignLuceneIndexIsNamedAsSuch() throws IOException {
    try (IndexWriter foreign =
        new IndexWriter(FSDirectory.open(dir), new IndexWriterConfig(new StandardAnalyzer()))) {
      Document doc = new Document();
      doc.add(new StringField("title", "not ours", Field.Store.YES));
      foreign.addDocument(doc);
      foreign.commit();
    }
    for (var open :
        List.<StoreOpen>of(
            () -> lexical(dir),
            () -> LuceneStore.openReadOnly(StoreOptions.builder(dir).build()))) {
      IllegalStateException e = assertThrows(IllegalStateException.class, open::run);
      assertTrue(e.getMessage().contains("recall4j did not write"), e.getMessage());
    }
  }

  private interface StoreOpen {
    LuceneStore run() throws IOException;
  }

  @Test
  void aSecondWriterWaitsThenFailsNamingTheHolder() throws IOException {
    try (LuceneStore holder = lexical(dir)) {
      long start = System.nanoTime();
      IndexLockedException e =
          assertThrows(
              IndexLockedException.class,
              () -> LuceneStore.open(StoreOptions.builder(dir).build(), Duration.ofMillis(300)));
      assertTrue(
          System.nanoTime() - start >= Duration.ofMillis(300).toNanos(), "waited the whole wait");
      String pid = Long.toString(ProcessHandle.current().pid());
      assertTrue(
          e.getMessage().contains("pid " + pid) && e.getMessage().contains("waited 300 ms"),
          e.getMessage());
      assertTrue(Files.readString(dir.resolve(WriterLock.NOTE)).contains("pid=" + pid));
    }
    assertFalse(Files.exists(dir.resolve(WriterLock.NOTE)), "the note goes with the writer");
  }

  @Test
  void aSecondWriterGetsTheIndexWhenTheFirstClosesWithinTheWait() throws Exception {
    LuceneStore first = lexical(dir);
    CompletableFuture<Void> closeSoon =
        CompletableFuture.runAsync(
            () -> {
              try {
                Thread.sleep(200);
                first.close();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    try (LuceneStore second =
        LuceneStore.open(StoreOptions.builder(dir).build(), Duration.ofSeconds(30))) {
      second.upsert(record("x", "after the wait").build());
      assertEquals(1, second.info().records());
    }
    closeSoon.get();
  }

  @Test
  void aDamagedRecordIsRefusedByIdAndVerifyNamesItsFileAndId() throws IOException {
    threeRecords();
    assertTrue(StoreCheck.verify(dir, Duration.ZERO).clean());
    Path file = flipByteOf(dir, "ZqxMarkerZqx");
    try (LuceneStore store = LuceneStore.openReadOnly(StoreOptions.builder(dir).build())) {
      DamagedRecordException e =
          assertThrows(DamagedRecordException.class, () -> store.get(TestRecords.key("b")));
      assertTrue(
          e.getMessage().startsWith("record b in ") && e.getMessage().contains("recall4j verify"),
          e.getMessage());
      assertEquals(
          "Tide tables for the harbour.",
          store.get(TestRecords.key("a")).orElseThrow().content(),
          "other records still read");
    }
    IntegrityReport report = StoreCheck.verify(dir, Duration.ZERO);
    assertFalse(report.clean());
    assertEquals(3, report.recordsChecked());
    assertEquals(
        List.of("b"),
        report.damagedRecords().stream().map(IntegrityReport.DamagedRecord::id).toList());
    assertTrue(
        report.damagedFiles().contains(file.getFileName().toString()),
        report.damagedFiles() + " " + report.problems());

    List<MemoryRecord> saved = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    List<IntegrityReport.DamagedRecord> lost =
        StoreCheck.salvage(dir, saved::add, problems).damaged();
    assertEquals(List.of("a", "c"), saved.stream().map(MemoryRecord::id).toList());
    assertEquals(List.of("b"), lost.stream().map(IntegrityReport.DamagedRecord::id).toList());
  }

  @Test
  void verifyOfAMissingIndexSaysSo() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> StoreCheck.verify(dir.resolve("nope"), Duration.ZERO));
    assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
  }

  /**
   * Flips one bit inside the first occurrence of {@code marker} in the index's files; returns the
   * file.
   */
  static Path flipByteOf(Path index, String marker) throws IOException {
    byte[] needle = marker.getBytes(StandardCharsets.UTF_8);
    try (Stream<Path> files = Files.list(index)) {
      for (Path file : files.sorted().toList()) {
        byte[] bytes = Files.readAllBytes(file);
        int at = indexOf(bytes, needle);
        if (at >= 0) {
          bytes[at + needle.length / 2] ^= 0x01;
          Files.write(file, bytes);
          return file;
        }
      }
    }
    throw new AssertionError("no index file holds " + marker);
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  private static Map<String, FileTime> listing(Path dir) throws IOException {
    Map<String, FileTime> files = new TreeMap<>();
    try (Stream<Path> entries = Files.list(dir)) {
      for (Path p : entries.toList()) {
        files.put(p.getFileName().toString(), Files.getLastModifiedTime(p));
      }
    }
    return files;
  }

  private static List<String> ids(List<Hit> hits) {
    return hits.stream().map(h -> h.record().id()).toList();
  }
}
