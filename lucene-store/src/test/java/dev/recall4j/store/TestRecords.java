package dev.recall4j.store;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.store.RecordKey;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

/** Small factories shared by the store tests. */
final class TestRecords {
  static final Instant T0 = Instant.parse("2025-03-01T10:15:30.123456789Z");

  private TestRecords() {}

  /** The key of a record of {@link #record} with this id. */
  static RecordKey key(String id) {
    return new RecordKey("ns", id);
  }

  /** A memory in namespace "ns" with the given content. */
  static MemoryRecord.Builder record(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .scope(Scope.of("ns"))
        .content(content)
        .created(T0);
  }

  static LuceneStore lexical(Path dir) throws IOException {
    return LuceneStore.open(StoreOptions.builder(dir).build());
  }

  static LuceneStore withVectors(Path dir, int dimension) throws IOException {
    return LuceneStore.open(StoreOptions.builder(dir).embedding("test-model", dimension).build());
  }
}
