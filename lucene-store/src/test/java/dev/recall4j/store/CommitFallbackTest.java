package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.lexical;
import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.IndexDamagedException;
import dev.recall4j.core.store.IntegrityReport;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 3: one flipped byte in {@code segments_N} lost the whole index (recall, verify and
 * repair failed, repair recovered nothing). Now the previous commit is kept and opened instead, the
 * writes after it are listed, and when no commit reads, repair reads every segment on its own.
 */
class CommitFallbackTest {
  @TempDir Path dir;

  private static final StoreFilter NS = StoreFilter.all(Scope.of("ns"));

  /** Three writes, three commits: a, b, then c. */
  private void threeCommits() throws IOException {
    try (LuceneStore store = lexical(dir)) {
      store.upsert(record("a", "Tide tables for the harbour.").build());
      store.upsert(record("b", "Harbour pilots meet at dawn.").build());
      store.upsert(record("c", "The harbour master retires.").build());
    }
  }

  @Test
  void aDamagedLatestCommitFallsBackToThePreviousOneAndItsWritesAreListed() throws IOException {
    threeCommits();
    String latest = latestCommit();
    DamageTestFiles.flipByte(dir.resolve(latest), 0.5);

    try (LuceneStore reader = LuceneStore.openReadOnly(StoreOptions.builder(dir).build())) {
      assertEquals(List.of("a", "b"), ids(reader.find(NS, 10)), "the previous commit serves");
    }
    IntegrityReport report = StoreCheck.verify(dir, Duration.ZERO);
    assertFalse(report.clean());
    assertTrue(report.damagedFiles().contains(latest), report.damagedFiles().toString());
    assertEquals(2, report.recordsChecked());
    assertTrue(
        report.problems().stream()
            .anyMatch(p -> p.contains("1 record(s) written after") && p.contains(": ns/c;")),
        report.problems().toString());

    List<MemoryRecord> saved = new ArrayList<>();
    StoreCheck.Salvage salvage = StoreCheck.salvage(dir, saved::add, new ArrayList<>());
    assertEquals(List.of("a", "b"), ids(saved));
    assertEquals(List.of("ns/c"), salvage.lostWrites(), "named by namespace and id");

    try (LuceneStore writer = lexical(dir)) {
      assertEquals(2, writer.info().records());
      writer.upsert(record("d", "Dredging starts Monday.").build());
    }
    Path aside = dir.resolve(LostCommits.PREFIX + latest);
    assertTrue(Files.isRegularFile(aside.resolve(latest)), "the damaged commit is kept aside");
    try (LuceneStore reopened = lexical(dir)) {
      assertEquals(List.of("a", "b", "d"), ids(reopened.find(NS, 10)));
    }
    assertEquals(
        List.of("ns/c"),
        StoreCheck.salvage(dir, r -> {}, new ArrayList<>()).lostWrites(),
        "repair still lists the writes the set-aside commit held");
  }

  @Test
  void whenNoCommitReadsRepairReadsEverySegmentWithItsLatestDeletions() throws IOException {
    try (LuceneStore store = lexical(dir)) {
      store.upsert(record("a", "Tide tables for the harbour.").build());
      store.upsert(record("b", "Harbour pilots meet at dawn.").build());
      store.upsert(record("a", "Tide tables, corrected.").build()); // replaces a
      store.upsert(record("c", "The harbour master retires.").build());
      store.purge(TestRecords.key("b"));
      store.upsert(record("e", "Ferry timetable for winter.").build());
    }
    for (String commit : Commits.segmentsFiles(FSDirectory.open(dir))) {
      DamageTestFiles.flipByte(dir.resolve(commit), 0.5);
    }
    IndexDamagedException open = assertThrows(IndexDamagedException.class, () -> lexical(dir));
    assertTrue(
        open.getMessage().startsWith("index damaged: no commit of the index can be read")
            && open.getMessage().endsWith("run `recall4j verify --index " + dir + "`"),
        open.getMessage());
    assertFalse(StoreCheck.verify(dir, Duration.ZERO).clean());

    List<MemoryRecord> saved = new ArrayList<>();
    StoreCheck.Salvage salvage = StoreCheck.salvage(dir, saved::add, new ArrayList<>());
    assertNull(salvage.commit());
    assertEquals(
        List.of("a", "c", "e"), ids(saved).stream().sorted().toList(), "purged b stays purged");
    assertEquals(
        "Tide tables, corrected.",
        saved.stream().filter(r -> r.id().equals("a")).findFirst().orElseThrow().content(),
        "the latest version of a replaced record");
  }

  private String latestCommit() throws IOException {
    try (FSDirectory directory = FSDirectory.open(dir)) {
      return SegmentInfos.getLastCommitSegmentsFileName(directory);
    }
  }

  private static List<String> ids(List<MemoryRecord> records) {
    return records.stream().map(MemoryRecord::id).toList();
  }

  /**
   * A writer that commits twice while a reader in another process scans deletes the commit being
   * read (two are kept): that is the writer's progress, not damage. A read-only open during an
   * ingest once failed as "index damaged" on a missing {@code _0.si} (ProcessConcurrencyTest). Here
   * the writer commits exactly then: when the scan first opens a segment's {@code .si}.
   */
  @Test
  void aCommitDeletedByAWriterWhileAScanReadsItIsNotCalledUnreadable() throws Exception {
    threeCommits();
    try (LuceneStore writer = lexical(dir);
        Directory directory =
            new FilterDirectory(FSDirectory.open(dir)) {
              private boolean committed;

              @Override
              public IndexInput openInput(String name, IOContext context) throws IOException {
                if (!committed && name.endsWith(".si")) {
                  committed = true;
                  writer.upsert(record("d", "Harbour dredging starts in May.").build());
                  writer.compact();
                  writer.upsert(record("e", "The dredger leaves in June.").build());
                }
                return super.openInput(name, context);
              }
            }) {
      Commits.Scan scan = Commits.scan(directory);
      assertTrue(scan.unreadable().isEmpty(), () -> "unreadable: " + scan.unreadable());
      assertEquals(5, scan.newest().totalMaxDoc(), "the newest commit, with d and e");
    }
  }
}
