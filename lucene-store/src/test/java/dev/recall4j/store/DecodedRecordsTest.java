package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.T0;
import static dev.recall4j.store.TestRecords.key;
import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
  void theRecordsHeldStayUnderTheirBound() throws IOException {
    String big = "word ".repeat(20_000); // about 200 KB a record, estimated
    int count = (int) (DecodedRecords.MAX_BYTES / (2L * big.length())) + 2;
    try (LuceneStore store = TestRecords.lexical(dir)) {
      for (int i = 0; i < count; i++) {
        store.upsert(record("r" + i, "record" + i + " " + big).build());
      }
      MemoryRecord first = store.get(key("r0")).orElseThrow();
      assertSame(first, store.get(key("r0")).orElseThrow());
      for (int i = 1; i < count; i++) {
        store.get(key("r" + i)).orElseThrow();
      }
      assertNotSame(first, store.get(key("r0")).orElseThrow(), "forgotten when the bound was met");
      assertEquals(first, store.get(key("r0")).orElseThrow());
    }
  }
}
