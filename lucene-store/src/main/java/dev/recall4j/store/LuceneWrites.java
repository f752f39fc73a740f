package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.StoreHealth;
import java.io.IOException;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/**
 * The writing part of a {@link LuceneStore}: every change under one lock, committed and made
 * visible before it returns. A batch is one atomic document block ({@link
 * IndexWriter#updateDocuments} with a delete query), so a failure while adding never leaves half a
 * batch to be committed later; every write deletes by record id and by parent id, so replacing or
 * purging a record never leaves a passage behind. A write that fails leaves nothing uncommitted,
 * and a writer that failed is replaced ({@link ReopeningWriter}).
 */
final class LuceneWrites {
  private final ReopeningWriter writer;
  private final IndexSearchers searchers;
  private final String model;
  private final int dimension;
  private final ReentrantLock lock = new ReentrantLock();

  LuceneWrites(ReopeningWriter writer, IndexSearchers searchers, String model, int dimension) {
    this.writer = writer;
    this.searchers = searchers;
    this.model = model;
    this.dimension = dimension;
  }

  void upsertAll(Collection<MemoryRecord> records) throws IOException {
    Checks.notNull(records, "records");
    Map<String, List<Document>> blocks = new LinkedHashMap<>();
    for (MemoryRecord record : records) {
      List<Document> block = Schema.toBlock(record, dimension, model);
      blocks.remove(record.id());
      blocks.put(record.id(), block);
    }
    if (blocks.isEmpty()) {
      return;
    }
    List<BytesRef> ids = blocks.keySet().stream().map(BytesRef::new).toList();
    List<Document> docs = blocks.values().stream().flatMap(List::stream).toList();
    write(w -> w.updateDocuments(recordsAndPassages(ids), docs));
  }

  int purgeAll(Collection<String> ids) throws IOException {
    Checks.notNull(ids, "ids");
    if (ids.isEmpty()) {
      return 0;
    }
    List<BytesRef> terms = ids.stream().distinct().map(BytesRef::new).toList();
    int[] existed = new int[1];
    write(
        w -> {
          existed[0] =
              searchers.with(searcher -> searcher.count(new TermInSetQuery(Schema.ID, terms)));
          if (existed[0] > 0) {
            w.deleteDocuments(recordsAndPassages(terms));
          }
        });
    return existed[0];
  }

  /**
   * Updates doc values in place (no re-indexing, which would add a segment, an HNSW graph to build
   * and later merges), in one commit.
   *
   * @param when between 1677-09-21 and 2262-04-11 (stored in epoch nanoseconds)
   */
  void recordAccess(Map<String, Long> recalls, Instant when) throws IOException {
    Checks.notNull(recalls, "recalls");
    Checks.notNull(when, "when");
    long nanos = Schema.epochNanos(when, "when");
    TreeMap<String, Long> distinct = new TreeMap<>(recalls);
    distinct.forEach(
        (id, n) ->
            Checks.require(
                n != null && n >= 1, "recalls", "count of %s must be >= 1, got %s", id, n));
    if (distinct.isEmpty()) {
      return;
    }
    // The lock is held and every write refreshes, so this view sees the latest counts.
    write(
        w ->
            searchers.with(
                searcher -> {
                  for (Map.Entry<String, Long> recalled : distinct.entrySet()) {
                    Term term = new Term(Schema.ID, recalled.getKey());
                    TopDocs top = searcher.search(new TermQuery(term), 1);
                    if (top.scoreDocs.length > 0) {
                      long count = numeric(searcher, top.scoreDocs[0].doc, Schema.RECALL_COUNT, 0);
                      w.updateDocValues(
                          term,
                          new NumericDocValuesField(
                              Schema.RECALL_COUNT, count + recalled.getValue()),
                          new NumericDocValuesField(Schema.LAST_ACCESSED_NS, nanos));
                    }
                  }
                  return null;
                }));
  }

  /**
   * Merges the whole index into one segment: each segment is searched on its own (one HNSW graph
   * and one set of postings each), so a search over one segment does a fraction of the work (at
   * 100K records a filtered kNN search for 100 candidates took 0.3 ms over one segment against 1.2
   * ms over eight). Costs a rewrite (about 20 s at 100K records on 2 cores, mostly the HNSW graph)
   * and up to twice the index size on disk meanwhile. Searches keep running; writes wait.
   */
  void compact() throws IOException {
    write(w -> w.forceMerge(1));
  }

  /**
   * Whether writes succeed: degraded, naming the cause, from a failed write until one commits.
   * While degraded and no write is running, tries an empty commit (at most every few seconds).
   */
  StoreHealth health() {
    if (writer.problem() != null && lock.tryLock()) {
      try {
        writer.probe();
      } finally {
        lock.unlock();
      }
    }
    String problem = writer.problem();
    return problem == null ? StoreHealth.OK : StoreHealth.degraded(problem);
  }

  /** Closes the writer, under the lock (see {@link ReopeningWriter#close()}). */
  void close() throws IOException {
    lock.lock();
    try {
      writer.close();
    } finally {
      lock.unlock();
    }
  }

  private interface Change {
    void apply(IndexWriter writer) throws IOException;
  }

  /**
   * Applies a change under the lock, commits it and makes it visible before returning.
   *
   * @throws dev.recall4j.core.store.StoreUnavailableException when the writer failed (a full disk:
   *     {@code no space left on device: INDEX}); nothing of the change is kept
   */
  private void write(Change change) throws IOException {
    lock.lock();
    try {
      IndexWriter current = writer.get();
      try {
        change.apply(current);
        if (current.hasUncommittedChanges()) {
          current.commit();
        }
      } catch (IOException | RuntimeException e) {
        writer.failed(current, e);
        throw e;
      }
      writer.committed();
      searchers.refresh();
    } finally {
      lock.unlock();
    }
  }

  /** Every document of these records: their own and their passages'. */
  private static Query recordsAndPassages(List<BytesRef> ids) {
    return new BooleanQuery.Builder()
        .add(new TermInSetQuery(Schema.ID, ids), BooleanClause.Occur.SHOULD)
        .add(new TermInSetQuery(Schema.PARENT, ids), BooleanClause.Occur.SHOULD)
        .build();
  }

  private static long numeric(IndexSearcher searcher, int doc, String field, long missing)
      throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    NumericDocValues values = leaf.reader().getNumericDocValues(field);
    return values != null && values.advanceExact(doc - leaf.docBase) ? values.longValue() : missing;
  }
}
