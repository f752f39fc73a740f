package dev.recall4j.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReaderContext;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

/**
 * Term queries given their term states by {@link Queries#withTermStates} score and match exactly as
 * the term queries looking their states up themselves, over segments where a term is missing,
 * deleted documents, and every field the lexical query searches.
 */
class QueriesTermStatesTest {
  private static final String[] WORDS = {
    "harbour", "tides", "memory", "agent", "budget", "lucene", "vector", "parseConfig", "retry",
    "timeout", "deploy", "kafka", "schema", "token", "packer", "recall", "sqlite", "index"
  };

  @Test
  void statedTermQueriesRankAndScoreAsTheirOwnLookupsDo() throws IOException {
    Analyzer analyzer = Schema.analyzer();
    Random random = new Random(11);
    try (Directory dir = new ByteBuffersDirectory()) {
      IndexWriterConfig config =
          new IndexWriterConfig(analyzer).setMergePolicy(NoMergePolicy.INSTANCE);
      try (IndexWriter writer = new IndexWriter(dir, config)) {
        // Five segments, each holding only some of the words; some records rewritten later, so
        // that segments keep deleted documents.
        for (int segment = 0; segment < 5; segment++) {
          for (int i = 0; i < 40; i++) {
            int id = random.nextInt(120);
            writer.updateDocuments(
                new Term(Schema.ID, "r" + id),
                Schema.toBlock(record("r" + id, segment, random), 0, null));
          }
          writer.commit();
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        assertEquals(5, reader.leaves().size());
        IndexSearcher searcher = new IndexSearcher(reader);
        IndexReaderContext top = searcher.getTopReaderContext();
        for (String text :
            List.of(
                "harbour tides",
                "memory agent budget memory",
                "parseConfig retry timeout",
                "kafka deploy schema absentword",
                "nothingmatcheshere at all",
                String.join(" ", WORDS))) {
          BooleanQuery plain = Queries.lexical(text, analyzer, 0.5f);
          if (plain == null) {
            continue;
          }
          List<BooleanClause> stated = Queries.withTermStates(plain.clauses(), top);
          assertEquals(plain.clauses().size(), stated.size());
          for (BooleanClause clause : stated) {
            Query q = clause.query() instanceof BoostQuery b ? b.getQuery() : clause.query();
            assertTrue(((TermQuery) q).getTermStates().wasBuiltFor(top), text);
          }
          BooleanQuery.Builder withStates = new BooleanQuery.Builder();
          stated.forEach(withStates::add);
          assertSameHits(searcher, plain, withStates.build(), text);
        }
        // Filter clauses (exclusions and required terms score nothing) match the same records.
        StoreFilter filter = StoreFilter.recallable(Scope.of("ns"));
        List<BooleanClause> clauses = Queries.filterClauses(filter, reader);
        assertTrue(
            clauses.stream().anyMatch(c -> c.query() instanceof TermQuery),
            "the filter states its status as a term query: " + clauses);
        Query statedFilter = Queries.filter(Queries.withTermStates(clauses, top), false);
        Query plainFilter = Queries.filter(clauses, false);
        int allowed = searcher.count(plainFilter);
        assertNotEquals(0, allowed);
        assertNotEquals(reader.numDocs(), allowed, "some records are filtered out");
        assertEquals(allowed, searcher.count(statedFilter));
      }
    }
  }

  private static void assertSameHits(IndexSearcher searcher, Query plain, Query stated, String text)
      throws IOException {
    ScoreDoc[] expected = searcher.search(plain, 50).scoreDocs;
    ScoreDoc[] actual = searcher.search(stated, 50).scoreDocs;
    assertEquals(expected.length, actual.length, text);
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i].doc, actual[i].doc, text + " at " + i);
      assertEquals(expected[i].score, actual[i].score, 0f, text + " at " + i);
    }
  }

  /** Words drawn from a part of the list that depends on the segment, some superseded. */
  private static MemoryRecord record(String id, int segment, Random random) {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < 6 + random.nextInt(20); i++) {
      words.add(WORDS[(segment * 3 + random.nextInt(9)) % WORDS.length]);
    }
    return TestRecords.record(id, String.join(" ", words))
        .tags(List.of(WORDS[random.nextInt(WORDS.length)].toLowerCase()))
        .status(random.nextInt(5) == 0 ? Status.SUPERSEDED : Status.ACTIVE)
        .build();
  }
}
