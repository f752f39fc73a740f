package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.store.ReadAdvice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only the in-process index does: one writer per directory, access statistics updated in place
 * (no re-indexed document), one segment after compaction, read advice, 4-bit vectors. The store
 * contract itself is the conformance kit's ({@code RecordStoreConformance} in the engine's tests),
 * run on this store by the engine's {@code InProcessConformanceTest}.
 */
class LuceneStoreTest {
  @TempDir Path dir;

  @Test
  void aSecondInstanceOnTheSameDirectoryIsRefused() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      assertThrows(LockObtainFailedException.class, () -> TestRecords.lexical(dir));
      store.upsert(record("a", "still usable").build());
    }
  }

  @Test
  void recordAccessAddsTheCountsOfSeveralRecallsInPlace() throws IOException {
    Instant when = Instant.parse("2025-06-01T00:00:00Z");
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      store.upsertAll(
          List.of(record("a", "alpha").recallCount(2).build(), record("b", "beta").build()));
      store.recordAccess(
          Map.of(
              TestRecords.key("a"), 3L, TestRecords.key("b"), 1L, TestRecords.key("unknown"), 5L),
          when);
      assertEquals(5, store.get(TestRecords.key("a")).orElseThrow().recallCount());
      assertEquals(1, store.get(TestRecords.key("b")).orElseThrow().recallCount());
      assertEquals(when, store.get(TestRecords.key("a")).orElseThrow().lastAccessed());
      try (Directory files = FSDirectory.open(dir);
          DirectoryReader reader = DirectoryReader.open(files)) {
        assertEquals(2, reader.maxDoc(), "updated in place, not re-indexed");
      }
      assertThrows(
          IllegalArgumentException.class,
          () -> store.recordAccess(Map.of(TestRecords.key("a"), 0L), when));
    }
  }

  @Test
  void compactMergesIntoOneSegmentAndKeepsEveryRecordAndStatistic() throws IOException {
    Instant when = Instant.parse("2025-06-01T00:00:00Z");
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      for (int i = 0; i < 5; i++) {
        store.upsert(record("r" + i, "alpha " + i).vector(new float[] {1, i}).build());
      }
      store.recordAccess(List.of(TestRecords.key("r3")), when);
      store.purge(TestRecords.key("r4"));
      store.compact();
      try (Directory files = FSDirectory.open(dir);
          DirectoryReader reader = DirectoryReader.open(files)) {
        assertEquals(1, reader.leaves().size());
        assertEquals(4, reader.maxDoc());
      }
      StoreFilter all = StoreFilter.all(Scope.of("ns"));
      assertEquals(
          List.of("r0", "r1", "r2", "r3"),
          store.find(all, 10).stream().map(MemoryRecord::id).toList());
      assertEquals(when, store.get(TestRecords.key("r3")).orElseThrow().lastAccessed());
      assertEquals(List.of("r0"), ids(store.searchVector(new float[] {1, 0}, all, 1)));
    }
  }

  @Test
  void writesLeaveAtMostFourSegmentsOfAboutOneSize() throws IOException {
    // Each write commits its own small segment; Lucene's default policy lets eight stand.
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      for (int i = 0; i < 7; i++) {
        store.upsert(record("r" + i, "alpha " + i).vector(new float[] {1, i}).build());
      }
    }
    try (Directory files = FSDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(files)) {
      int segments = reader.leaves().size();
      assertTrue(segments >= 1 && segments <= 4, segments + " segments");
      assertEquals(7, reader.numDocs());
    }
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      assertEquals(7, store.find(StoreFilter.all(Scope.of("ns")), 10).size());
    }
  }

  @Test
  void withoutBackgroundMergesWritesKeepTheirSegmentsAndCompactStillMerges() throws IOException {
    StoreOptions options =
        StoreOptions.builder(dir)
            .embedding("test-model", 2)
            .index(IndexSettings.DEFAULTS.withSegmentsPerTier(0))
            .build();
    try (LuceneStore store = LuceneStore.open(options)) {
      for (int i = 0; i < 12; i++) {
        store.upsert(record("r" + i, "alpha " + i).vector(new float[] {1, i}).build());
      }
    }
    try (Directory files = FSDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(files)) {
      // Lucene's own policy would have merged these twelve small segments (more than 8)
      assertEquals(12, reader.leaves().size());
    }
    try (LuceneStore store = LuceneStore.open(options)) {
      store.compact();
    }
    try (Directory files = FSDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(files)) {
      assertEquals(1, reader.leaves().size());
      assertEquals(12, reader.numDocs());
    }
  }

  @Test
  void searchesReadAtRandomAndMergesByContext() {
    assertEquals(
        Optional.of(ReadAdvice.RANDOM), IndexDirectory.readAdvice("_0.dvd", IOContext.DEFAULT));
    assertEquals(
        MMapDirectory.ADVISE_BY_CONTEXT.apply("_0.dvd", IOContext.merge()),
        IndexDirectory.readAdvice("_0.dvd", IOContext.merge()));
  }

  @Test
  void fourBitVectorsIndexAndFindVectors() throws IOException {
    try (LuceneStore store =
        LuceneStore.open(
            StoreOptions.builder(dir)
                .embedding("m", 5)
                .vectorEncoding(VectorEncoding.INT4)
                .build())) {
      store.upsertAll(
          List.of(
              record("a", "a").vector(new float[] {1, 0, 0, 0, 0}).build(),
              record("b", "b").vector(new float[] {0, 1, 0, 0, 0}).build()));
      assertEquals(
          List.of("b", "a"),
          ids(
              store.searchVector(
                  new float[] {0.1f, 1, 0, 0, 0}, StoreFilter.all(Scope.of("ns")), 2)));
    }
  }

  static List<String> ids(List<Hit> hits) {
    return hits.stream().map(h -> h.record().id()).toList();
  }
}
