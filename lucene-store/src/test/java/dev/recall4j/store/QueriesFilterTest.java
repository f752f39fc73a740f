package dev.recall4j.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

/**
 * The form {@link Queries#filter} chooses for a condition on a single-valued field: none when every
 * record meets it, an exclusion of the rarer other values, or the allowed values; each must match
 * exactly the records the filter allows.
 */
class QueriesFilterTest {
  private static final StoreFilter RECALLABLE = StoreFilter.recallable(Scope.of("ns"));

  @Test
  void aConditionEveryRecordMeetsAddsNoClause() throws IOException {
    try (Directory dir = index(records(10, 0))) {
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        assertSame(MatchAllDocsQuery.INSTANCE, Queries.filter(RECALLABLE, reader));
        assertEquals(10, new IndexSearcher(reader).count(Queries.filter(RECALLABLE, reader)));
      }
    }
  }

  @Test
  void rareDisallowedValuesAreExcludedAndStillLeaveOnlyAllowedRecords() throws IOException {
    try (Directory dir = index(records(10, 2))) {
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        Query filter = Queries.filter(RECALLABLE, reader);
        List<BooleanClause> clauses = ((BooleanQuery) filter).clauses();
        assertTrue(
            clauses.stream().anyMatch(c -> c.occur() == BooleanClause.Occur.MUST_NOT),
            filter::toString);
        assertFalse(
            clauses.stream().anyMatch(c -> c.query().toString().contains(Schema.NAMESPACE)),
            filter::toString);
        assertEquals(10, new IndexSearcher(reader).count(filter), filter::toString);
      }
    }
  }

  @Test
  void commonDisallowedValuesLeaveTheAllowedValuesAsAFilter() throws IOException {
    try (Directory dir = index(records(3, 7))) {
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        Query filter = Queries.filter(RECALLABLE, reader);
        List<BooleanClause> clauses = ((BooleanQuery) filter).clauses();
        assertTrue(
            clauses.stream().noneMatch(c -> c.occur() == BooleanClause.Occur.MUST_NOT),
            filter::toString);
        assertEquals(3, new IndexSearcher(reader).count(filter));
      }
    }
  }

  @Test
  void aFieldWithManyValuesKeepsTheFilterForm() throws IOException {
    List<MemoryRecord> records = new ArrayList<>();
    for (int i = 0; i <= Queries.MAX_ENUMERATED_VALUES; i++) {
      records.add(
          TestRecords.record("s" + i, "text")
              .scope(new Scope("ns", null, null, "session" + i))
              .build());
    }
    try (Directory dir = index(records)) {
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        StoreFilter one =
            StoreFilter.all(new Scope("ns", null, null, "session0")).withAllSessions(false);
        Query filter = Queries.filter(one, reader);
        assertTrue(
            ((BooleanQuery) filter)
                .clauses().stream()
                    .anyMatch(
                        c ->
                            c.occur() == BooleanClause.Occur.FILTER
                                && c.query().toString().contains(Schema.SESSION)),
            filter::toString);
        assertEquals(1, new IndexSearcher(reader).count(filter));
      }
    }
  }

  @Test
  void aFilterOnAnEmptyIndexMatchesNothing() throws IOException {
    try (Directory dir = index(List.of())) {
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        StoreFilter other =
            new StoreFilter(
                Scope.of("other"), Set.of(), Set.of(), Set.of(), Set.of(Tier.PINNED), Set.of());
        assertEquals(0, new IndexSearcher(reader).count(Queries.filter(other, reader)));
      }
    }
  }

  /**
   * {@code active} records in namespace "ns" and {@code superseded} ones, all in the active tier.
   */
  private static List<MemoryRecord> records(int active, int superseded) {
    List<MemoryRecord> records = new ArrayList<>();
    for (int i = 0; i < active + superseded; i++) {
      records.add(
          TestRecords.record("r" + i, "text " + i)
              .status(i < active ? Status.ACTIVE : Status.SUPERSEDED)
              .build());
    }
    return records;
  }

  private static Directory index(List<MemoryRecord> records) throws IOException {
    Directory dir = new ByteBuffersDirectory();
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(Schema.analyzer()))) {
      for (MemoryRecord r : records) {
        writer.addDocuments(Schema.toBlock(r, 0, null));
      }
    }
    return dir;
  }
}
