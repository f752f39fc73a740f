package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.StoreHealth;
import java.io.IOException;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/**
 * The writing part of a {@link LuceneStore}: every change under one lock, committed and made
 * visible before it returns. A batch is one atomic document block ({@link
 * IndexWriter#updateDocuments} with a delete query), so a failure while adding never leaves half a
 * batch to be committed later; every write deletes by record key and by parent key, so replacing or
 * purging a record never leaves a passage behind. A write that fails leaves nothing uncommitted,
 * and a writer that failed is replaced ({@link ReopeningWriter}).
 */
final class LuceneWrites {
  /** A writer's index always carries keys: an older one is migrated when the writer opens. */
  private static final Keys KEYED = new Keys(true);

  private final ReopeningWriter writer;
  private final IndexSearchers searchers;
  private final String model;
  private final int dimension;
  private final ContentFacts.Deriver facts; // null: keep what records carry
  private final ReentrantLock lock = new ReentrantLock();

  LuceneWrites(
      ReopeningWriter writer,
      IndexSearchers searchers,
      String model,
      int dimension,
      ContentFacts.Deriver facts) {
    this.writer = writer;
    this.searchers = searchers;
    this.model = model;
    this.dimension = dimension;
    this.facts = facts;
  }

  void upsertAll(Collection<MemoryRecord> records) throws IOException {
    Checks.notNull(records, "records");
    Map<RecordKey, List<Document>> blocks = new LinkedHashMap<>();
    for (MemoryRecord written : records) {
      MemoryRecord record = facts == null || written == null ? written : facts.withFacts(written);
      List<Document> block = Schema.toBlock(record, dimension, model);
      RecordKey key = RecordKey.of(record);
      blocks.remove(key);
      blocks.put(key, block);
    }
    if (blocks.isEmpty()) {
      return;
    }
    List<Document> docs = blocks.values().stream().flatMap(List::stream).toList();
    write(w -> w.updateDocuments(Keys.recordsAndPassages(blocks.keySet()), docs));
  }

  int purgeAll(Collection<RecordKey> keys) throws IOException {
    Checks.notNull(keys, "keys");
    if (keys.isEmpty()) {
      return 0;
    }
    int[] existed = new int[1];
    write(
        w -> {
          existed[0] = searchers.with(searcher -> searcher.count(KEYED.records(keys)));
          if (existed[0] > 0) {
            w.deleteDocuments(Keys.recordsAndPassages(keys));
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
  void recordAccess(Map<RecordKey, Long> recalls, Instant when) throws IOException {
    Checks.notNull(recalls, "recalls");
    Checks.notNull(when, "when");
    long nanos = Schema.epochNanos(when, "when");
    TreeMap<RecordKey, Long> distinct = new TreeMap<>(recalls);
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
                  for (Map.Entry<RecordKey, Long> recalled : distinct.entrySet()) {
                    Term term = Keys.term(recalled.getKey());
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
   * Stores the facts each record carries beside the stored record of the same key and content, in
   * place (a doc-value update: the document, its postings and vectors stay as they are), in one
   * commit. A record without facts, no longer stored, or stored since with another content is
   * skipped.
   *
   * @return how many were stored
   */
  int putFacts(Collection<MemoryRecord> records) throws IOException {
    Checks.notNull(records, "records");
    int[] stored = new int[1];
    write(
        w ->
            searchers.with(
                searcher -> {
                  defineFactsField(w, searcher);
                  for (MemoryRecord record : records) {
                    if (record.contentFacts() == null) {
                      continue;
                    }
                    Term term = Keys.term(RecordKey.of(record));
                    TopDocs top = searcher.search(new TermQuery(term), 1);
                    if (top.scoreDocs.length > 0
                        && record
                            .contentHash()
                            .equals(storedHash(searcher, top.scoreDocs[0].doc))) {
                      w.updateBinaryDocValue(
                          term,
                          Schema.CONTENT_FACTS,
                          FactsCodec.encode(record.contentFacts(), record.contentHash()));
                      stored[0]++;
                    }
                  }
                  return null;
                }));
    return stored[0];
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

  /**
   * Lucene updates only a doc-value field the index already has. An index whose records were all
   * written without facts has none, so a stub document defines it and is deleted in the same
   * commit: no reader ever sees it.
   */
  private static void defineFactsField(IndexWriter w, IndexSearcher searcher) throws IOException {
    if (FieldInfos.getMergedFieldInfos(searcher.getIndexReader()).fieldInfo(Schema.CONTENT_FACTS)
        != null) {
      return;
    }
    Term stub = new Term(Schema.FACTS_STUB, "stub");
    Document doc = new Document();
    doc.add(new StringField(stub.field(), stub.text(), Field.Store.NO));
    doc.add(new BinaryDocValuesField(Schema.CONTENT_FACTS, new BytesRef()));
    w.addDocument(doc);
    w.deleteDocuments(stub);
  }

  /** The content hash of the record stored in document {@code doc}. */
  private static String storedHash(IndexSearcher searcher, int doc) throws IOException {
    BytesRef blob = RecordReader.blob(searcher, doc);
    return blob == null ? null : RecordCodec.decode(blob, 0, null).contentHash();
  }

  private static long numeric(IndexSearcher searcher, int doc, String field, long missing)
      throws IOException {
    LeafReaderContext leaf = RecordReader.leafOf(searcher, doc);
    NumericDocValues values = leaf.reader().getNumericDocValues(field);
    return values != null && values.advanceExact(doc - leaf.docBase) ? values.longValue() : missing;
  }
}
