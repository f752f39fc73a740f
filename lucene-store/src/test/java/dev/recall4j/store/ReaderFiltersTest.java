package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filter clauses made once per reader: the same ones while the reader is current, made again for a
 * reader that sees new writes (whose statistics may call for another form), forgotten with the
 * reader.
 */
class ReaderFiltersTest {
  private static final StoreFilter NS = StoreFilter.recallable(Scope.of("ns"));
  private static final StoreFilter OTHER = StoreFilter.recallable(Scope.of("other"));

  @TempDir Path dir;

  @Test
  void aReaderGetsTheClausesQueriesMakesOnceAndForgetsThemWhenItCloses() throws IOException {
    Directory index = new ByteBuffersDirectory();
    try (IndexWriter writer = new IndexWriter(index, new IndexWriterConfig(Schema.analyzer()))) {
      for (int i = 0; i < 6; i++) {
        MemoryRecord r =
            record("r" + i, "text " + i).status(i < 4 ? Status.ACTIVE : Status.SUPERSEDED).build();
        writer.addDocuments(Schema.toBlock(r, 0, null));
      }
    }
    ReaderFilters filters = new ReaderFilters();
    try (DirectoryReader reader = DirectoryReader.open(index)) {
      List<?> clauses = filters.clauses(NS, reader);
      assertEquals(Queries.filterClauses(NS, reader), clauses);
      assertSame(clauses, filters.clauses(NS, reader), "made once for this reader");
      assertEquals(Queries.filterClauses(OTHER, reader), filters.clauses(OTHER, reader));
      assertEquals(Queries.hasPassages(reader), filters.hasPassages(reader));
      assertEquals(1, filters.readers());
    }
    assertEquals(0, filters.readers(), "a closed reader's filters are forgotten");
  }

  @Test
  void writesThatChangeWhichFormAFilterTakesAreSeenAtOnce() throws IOException {
    // With one namespace indexed the namespace condition is no clause at all; a record of another
    // namespace written later must still be kept out of this one's searches, on both paths.
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      store.upsert(record("mine", "harbour tides").vector(new float[] {1, 0}).build());
      assertEquals(List.of("mine"), ids(store.searchLexical("harbour", NS, 10)));
      assertEquals(List.of("mine"), ids(store.searchVector(new float[] {1, 0}, NS, 10, Map.of())));

      store.upsert(
          record("theirs", "harbour tides")
              .scope(Scope.of("other"))
              .vector(new float[] {1, 0})
              .build());
      assertEquals(List.of("mine"), ids(store.searchLexical("harbour", NS, 10)));
      assertEquals(List.of("mine"), ids(store.searchVector(new float[] {1, 0}, NS, 10, Map.of())));
      assertEquals(List.of("theirs"), ids(store.searchLexical("harbour", OTHER, 10)));

      store.upsert(record("mine", "harbour tides").status(Status.SUPERSEDED).build());
      assertEquals(List.of(), ids(store.searchLexical("harbour", NS, 10)), "no longer recallable");
    }
  }

  private static List<String> ids(List<Hit> hits) {
    return hits.stream().map(h -> h.record().id()).toList();
  }
}
