package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.util.BytesRef;

/**
 * The reading part of a {@link LuceneStore}: both searches, lookups by id, listings and counts,
 * each run on one point-in-time view. Stateless beyond its settings; thread-safe.
 */
final class LuceneReads {
  /** Fields {@link #counts} accepts. */
  private static final List<String> COUNTABLE =
      List.of(Schema.SILO, Schema.KIND, Schema.STATUS, Schema.TIER);

  private final IndexSearchers searchers;
  private final RecordReader recordReader;
  private final ReaderFilters filters = new ReaderFilters();
  private final Keys keys;
  private final Analyzer analyzer;
  private final StoreOptions options;
  private final String model;
  private final int dimension;

  LuceneReads(
      IndexSearchers searchers,
      RecordReader recordReader,
      Keys keys,
      StoreOptions options,
      String model,
      int dimension) {
    this.searchers = searchers;
    this.recordReader = recordReader;
    this.keys = keys;
    this.analyzer = Schema.analyzer();
    this.options = options;
    this.model = model;
    this.dimension = dimension;
  }

  /** Forgets the records decoded before ({@link RecordReader#forgetDecoded}). */
  void forgetDecoded() {
    recordReader.forgetDecoded();
  }

  long version() throws IOException {
    return searchers.with(searcher -> ((DirectoryReader) searcher.getIndexReader()).getVersion());
  }

  long count() throws IOException {
    return searchers.with(searcher -> (long) searcher.count(Queries.RECORDS));
  }

  Optional<MemoryRecord> get(RecordKey key) throws IOException {
    Checks.notNull(key, "key");
    return Optional.ofNullable(getAll(List.of(key)).get(key));
  }

  Map<RecordKey, MemoryRecord> getAll(Collection<RecordKey> wanted) throws IOException {
    Checks.notNull(wanted, "keys");
    if (wanted.isEmpty()) {
      return Map.of();
    }
    int distinct = (int) wanted.stream().distinct().count();
    Map<RecordKey, MemoryRecord> byKey = new LinkedHashMap<>();
    for (MemoryRecord r :
        searchers.with(searcher -> recordReader.list(searcher, keys.records(wanted), distinct))) {
      byKey.put(RecordKey.of(r), r);
    }
    return byKey;
  }

  /**
   * BM25 over the English text field and the code field (weighted by {@link
   * dev.recall4j.core.store.IndexSettings#codeFieldBoost()}), with the filter as clauses.
   */
  List<Hit> searchLexical(String queryText, StoreFilter filter, int topK) throws IOException {
    Checks.notNull(queryText, "queryText");
    Checks.notNull(filter, "filter");
    checkLimit(topK, "topK");
    BooleanQuery text =
        Queries.lexical(queryText, analyzer, (float) options.index().codeFieldBoost());
    if (text == null) {
      return List.of();
    }
    return searchers.with(
        searcher -> {
          BooleanQuery.Builder terms = new BooleanQuery.Builder();
          Queries.withTermStates(text.clauses(), searcher.getTopReaderContext())
              .forEach(terms::add);
          BooleanQuery.Builder query =
              new BooleanQuery.Builder().add(terms.build(), BooleanClause.Occur.MUST);
          filters.clauses(filter, searcher.getIndexReader()).forEach(query::add);
          return recordReader.search(searcher, query.build(), topK, KnownRecords.NONE);
        });
  }

  /**
   * HNSW asked for {@code max(topK, vectorCandidates)} neighbours (twice that when the index holds
   * passage documents), the best {@code topK} records kept; when the filter leaves few records,
   * Lucene searches them exactly.
   */
  List<Hit> searchVector(
      float[] queryVector, StoreFilter filter, int topK, Map<String, MemoryRecord> known)
      throws IOException {
    Checks.notNull(queryVector, "queryVector");
    Checks.notNull(filter, "filter");
    KnownRecords held =
        new KnownRecords(Checks.notNull(known, "known"), filter.scope().namespace());
    checkLimit(topK, "topK");
    float[] unit = Schema.unitVector(queryVector, dimension, model, "queryVector");
    int k = Math.max(topK, options.index().vectorCandidates());
    return searchers.with(
        searcher -> {
          IndexReader reader = searcher.getIndexReader();
          boolean hasPassages = filters.hasPassages(reader);
          Query allowed = Queries.filter(filters.clauses(filter, reader), hasPassages);
          if (!hasPassages) {
            // Without a filter, Lucene searches the graph over the live documents directly instead
            // of first collecting the allowed documents into a bit set.
            Query knnFilter = allowed instanceof MatchAllDocsQuery ? null : allowed;
            return recordReader.search(
                searcher, new KnnFloatVectorQuery(Schema.VECTOR, unit, k, knnFilter), topK, held);
          }
          // A record scores by its best vector, its own or a passage's: the search runs over both
          // kinds of document and keeps each record's best hit. Lucene's
          // DiversifyingChildrenFloatKnnVectorQuery does this inside the graph search, but asserts
          // that no parent document holds a vector, which would force a second document on every
          // record. Several passages of one record can take several of the k places, so twice as
          // many are asked for.
          Query both =
              new KnnFloatVectorQuery(Schema.VECTOR, unit, 2 * k, Queries.withPassages(allowed));
          return recordReader.hits(
              searcher,
              RecordReader.bestPerRecord(searcher, searcher.search(both, 2 * k).scoreDocs),
              topK,
              held);
        });
  }

  List<MemoryRecord> find(StoreFilter filter, String afterId, int limit) throws IOException {
    Checks.notNull(filter, "filter");
    checkLimit(limit, "limit");
    return searchers.with(
        searcher -> {
          Query records = Queries.records(filter, searcher.getIndexReader());
          Query query =
              afterId == null
                  ? records
                  : new BooleanQuery.Builder()
                      .add(records, BooleanClause.Occur.FILTER)
                      .add(
                          TermRangeQuery.newStringRange(Schema.ID, afterId, null, false, false),
                          BooleanClause.Occur.FILTER)
                      .build();
          return recordReader.list(searcher, new ConstantScoreQuery(query), limit);
        });
  }

  /**
   * One lookup: the ids as terms and the superseded ids against the indexed {@code supersedes} (an
   * index written before it was indexed finds successors after {@code reindex}).
   */
  List<MemoryRecord> findLinked(
      StoreFilter filter, Collection<String> ids, Collection<String> superseded, int limit)
      throws IOException {
    Checks.notNull(filter, "filter");
    Checks.notNull(ids, "ids");
    Checks.notNull(superseded, "superseded");
    checkLimit(limit, "limit");
    if (ids.isEmpty() && superseded.isEmpty()) {
      return List.of();
    }
    return searchers.with(
        searcher -> {
          BooleanQuery.Builder wanted = new BooleanQuery.Builder().setMinimumNumberShouldMatch(1);
          if (!ids.isEmpty()) {
            wanted.add(new TermInSetQuery(Schema.ID, terms(ids)), BooleanClause.Occur.SHOULD);
          }
          if (!superseded.isEmpty()) {
            wanted.add(
                new TermInSetQuery(Schema.SUPERSEDES, terms(superseded)),
                BooleanClause.Occur.SHOULD);
          }
          Query query =
              new BooleanQuery.Builder()
                  .add(wanted.build(), BooleanClause.Occur.MUST)
                  .add(
                      Queries.records(filter, searcher.getIndexReader()),
                      BooleanClause.Occur.FILTER)
                  .build();
          return recordReader.list(searcher, new ConstantScoreQuery(query), limit);
        });
  }

  List<MemoryRecord> page(RecordKey after, int limit) throws IOException {
    checkLimit(limit, "limit");
    return searchers.with(
        searcher ->
            recordReader.list(
                searcher,
                after == null ? Queries.RECORDS : keys.after(after),
                limit,
                keys.order()));
  }

  Map<String, Long> counts(StoreFilter filter, String field) throws IOException {
    Checks.notNull(filter, "filter");
    Checks.require(
        COUNTABLE.contains(field), "field", "must be one of %s, got %s", COUNTABLE, field);
    return searchers.with(
        searcher -> {
          Query base = Queries.filter(filter, searcher.getIndexReader());
          Map<String, Long> counts = new TreeMap<>();
          Terms terms = MultiTerms.getTerms(searcher.getIndexReader(), field);
          if (terms == null) {
            return counts;
          }
          TermsEnum values = terms.iterator();
          for (BytesRef value = values.next(); value != null; value = values.next()) {
            Query query =
                new BooleanQuery.Builder()
                    .add(base, BooleanClause.Occur.FILTER)
                    .add(
                        new TermQuery(new Term(field, BytesRef.deepCopyOf(value))),
                        BooleanClause.Occur.FILTER)
                    .build();
            int count = searcher.count(query);
            if (count > 0) {
              counts.put(value.utf8ToString(), (long) count);
            }
          }
          return counts;
        });
  }

  /**
   * A query, so the queue survives restarts. The keys are read from the sort values; an index of an
   * older schema (read-only) has none, so its records are read.
   */
  List<RecordKey> keysWithoutVector(int limit) throws IOException {
    checkLimit(limit, "limit");
    Query query =
        new BooleanQuery.Builder()
            .add(Queries.RECORDS, BooleanClause.Occur.FILTER)
            .add(new FieldExistsQuery(Schema.VECTOR), BooleanClause.Occur.MUST_NOT)
            .build();
    return searchers.with(
        searcher -> {
          if (!keys.keyed()) {
            return recordReader.list(searcher, query, limit, keys.order()).stream()
                .map(RecordKey::of)
                .toList();
          }
          List<RecordKey> found = new ArrayList<>();
          for (ScoreDoc hit : searcher.search(query, limit, keys.order()).scoreDocs) {
            found.add(Keys.decode(((BytesRef) ((FieldDoc) hit).fields[0]).utf8ToString()));
          }
          return found;
        });
  }

  static List<BytesRef> terms(Collection<String> values) {
    return values.stream().map(BytesRef::new).toList();
  }

  static void checkLimit(int limit, String field) {
    Checks.require(limit >= 1, field, "must be >= 1, got %d", limit);
  }
}
