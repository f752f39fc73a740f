package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.T0;
import static dev.recall4j.store.TestRecords.key;
import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A record read again is the one decoded before, until anything a reader sees of it changes. */
class DecodedRecordsTest {
  private static final StoreFilter ALL = StoreFilter.all(Scope.of("ns"));

  @TempDir Path dir;

  private static MemoryRecord found(LuceneStore store, String query) throws IOException {
    return store.searchLexical(query, ALL, 1).get(0).record();
  }

  @Test
  void aRecordReadAgainIsDecodedOnceUntilItsCountsOrContentChange() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsertAll(
          List.of(record("a", "tides at the harbour").build(), record("b", "other text").build()));
      MemoryRecord first = found(store, "harbour");
      assertSame(first, found(store, "harbour"), "unchanged: held, not decoded again");
      assertSame(first, store.get(key("a")).orElseThrow());

      store.recordAccess(Map.of(key("a"), 2L), T0.plusSeconds(60));
      MemoryRecord accessed = found(store, "harbour");
      assertNotSame(first, accessed);
      assertEquals(2, accessed.recallCount());
      assertEquals(T0.plusSeconds(60), accessed.lastAccessed());
      assertEquals(
          first.toBuilder().recallCount(2).lastAccessed(T0.plusSeconds(60)).build(), accessed);

      store.upsert(record("a", "tides at the harbour, revised").build());
      assertEquals("tides at the harbour, revised", found(store, "harbour").content());

      store.compact();
      assertEquals("tides at the harbour, revised", found(store, "harbour").content());
      assertEquals("other text", store.get(key("b")).orElseThrow().content());
    }
  }

  @Test
  void theRecordsHeldStayUnderTheirBoundAndGoWithTheirSegment() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsert(record("a", "one").build());
    }
    MemoryRecord small = record("a", "x".repeat(100)).build();
    long each = DecodedRecords.estimatedBytes(small);
    DecodedRecords held = new DecodedRecords(3 * each);
    IndexReader.CacheKey segment;
    try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(dir))) {
      LeafReader leaf = reader.leaves().get(0).reader();
      segment = DecodedRecords.segmentOf(leaf);
      for (int doc = 0; doc < 3; doc++) {
        held.put(leaf, segment, doc, small);
      }
      assertSame(small, held.get(segment, 0, 0, null));
      assertNull(held.get(segment, 0, 1, null), "another recall count: decoded again");
      held.put(leaf, segment, 3, small);
      assertNull(held.get(segment, 0, 0, null), "all forgotten when the bound was passed");
      assertSame(small, held.get(segment, 3, 0, null));
      assertNull(held.get(null, 3, 0, null), "a reader without a core key is not cached");
    }
    assertNull(held.get(segment, 3, 0, null), "the segment closed: its records went with it");
  }
}
