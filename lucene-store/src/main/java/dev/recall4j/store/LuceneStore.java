package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The on-disk index of every record of every silo: BM25 text search, filtered HNSW vector search
 * and listing, over one Lucene index directory.
 *
 * <p><b>Contract.</b> Thread-safe: searches run concurrently on near-real-time readers; writes are
 * serialised. Every write is durable (Lucene commit) and visible to the next search when the call
 * returns. One instance per directory: a second {@link #open} of the same directory, in this or
 * another process, fails on Lucene's write lock. Results are ordered by score descending, then id
 * ascending; listings by id. Records come back with every field as written (times to the
 * nanosecond, the vector bit for bit as given), except {@code recallCount} and {@code
 * lastAccessed}, which {@link #recordAccess} updates in place.
 *
 * <p><b>Scope.</b> Every search and listing takes a {@link StoreFilter} whose scope is enforced
 * inside the Lucene query with the semantics of {@link dev.recall4j.core.Scope#canSee}; only {@link
 * #get}, {@link #page} and {@link #idsWithoutVector} are unscoped (the engine checks scope, and
 * maintenance spans namespaces).
 */
/*
 * Design.
 *
 * Schema (one Lucene document per record, plus one passage document per further passage vector):
 *
 * | field              | Lucene type                               | analyzer        | why                                             |
 * |--------------------|-------------------------------------------|-----------------|-------------------------------------------------|
 * | id                 | StringField + SortedDocValues             | none            | upsert/purge by term; id tie-break and listing  |
 * | silo kind tier     | StringField + SortedDocValues             | none            | filters; counts per value                       |
 * |   status           |                                           |                 |                                                 |
 * | namespace          | StringField                               | none            | hard scope boundary (no clause if all match)    |
 * | project task       | StringField, "" when absent               | none            | scope filter: {"", requested} = canSee          |
 * |   session          |                                           |                 |                                                 |
 * | tag                | StringField, one per tag                  | none            | tag filter (all of), exact                      |
 * | supersedes         | StringField, when set                     | none            | a record's newer versions (findLinked)          |
 * | text               | TextField, not stored                     | EnglishAnalyzer | BM25 over title+content+summary (Anserini chain)|
 * | tags               | TextField, not stored                     | EnglishAnalyzer | BM25 over tags                                  |
 * | code               | TextField, not stored                     | CodeAnalyzer    | identifiers, paths, camelCase/snake_case parts  |
 * | created_ms         | LongPoint + NumericDocValues (epoch ms)   | -               | since/until filter; sorts                       |
 * | updated_ms         | LongPoint + NumericDocValues (epoch ms)   | -               | time range filters and sorts                    |
 * | last_accessed_ns   | NumericDocValues (epoch ns; MIN = never)  | -               | updatable in place by recordAccess              |
 * | recall_count       | NumericDocValues                          | -               | updatable in place by recordAccess              |
 * | vector             | KnnFloatVectorField, DOT_PRODUCT, unit    | -               | HNSW kNN; per-field format from VectorEncoding  |
 * | record             | BinaryDocValues (RecordCodec blob)        | -               | exact round trip; read in place (no LZ4 block)  |
 * | parent (passage)   | StringField                               | none            | deleted with its record                         |
 * | vector (passage)   | KnnFloatVectorField, as above             | -               | one further passage of a long record            |
 *
 * Passages. A long text embedded in passages (MemoryRecord.passageVectors) is written as one
 * document block: its passage documents (parent + vector only), then the record's document with the
 * first passage's vector. Lucene keeps a block contiguous through merges, so a passage document's
 * record is the next record document of its segment (Queries.PARENTS). A vector search over an index
 * with passages runs one kNN search over both kinds of document (the filter reaches passages
 * through ToChildBlockJoinQuery) for twice the candidates, and keeps each record's best hit: a record
 * scores by its best passage. Lucene's DiversifyingChildrenFloatKnnVectorQuery would dedupe inside
 * the graph search, but it asserts that no parent document has a vector, which would cost every
 * record a second document. Lexical search, listings and counts see record documents only (passage
 * documents have no text, scope or status fields; match-all filters are narrowed to Queries.RECORDS).
 *
 * Exactness: the vector is indexed L2-normalised (dot product = cosine) and quantised, so the
 * indexed copy cannot give back what the caller wrote; the blob keeps the caller's floats, which
 * costs 4 bytes x dimension per record on disk and makes reindexing and export lossless.
 *
 * Index metadata lives in the commit user data (schema version, embedding model, dimension): it is
 * read before the IndexWriter opens, so a model mismatch is refused without touching the index.
 * Schema 3 added passage documents; a schema-2 index has none and opens as it is (recorded as 3 from
 * then on, so an older recall4j refuses it rather than misread a passage document).
 *
 * Writes hold one lock: each builds its documents first (all validation happens there), then
 * changes the index, commits, and refreshes the SearcherManager before returning. upsertAll adds
 * its whole batch as one atomic document block (IndexWriter.updateDocuments with a delete query),
 * so a failure while adding never leaves half a batch to be committed later. Every write deletes by
 * record id and by parent id, so replacing or purging a record never leaves a passage behind.
 */
public final class LuceneStore implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneStore.class);

  /** Fields {@link #counts} accepts. */
  private static final List<String> COUNTABLE =
      List.of(Schema.SILO, Schema.KIND, Schema.STATUS, Schema.TIER);

  /** How often a read-only store looks for commits written since it opened, at most. */
  private static final Duration READ_ONLY_REFRESH = Duration.ofSeconds(1);

  private final StoreOptions options;
  private final Directory directory;

  /** Null when the store is read-only. */
  private final IndexWriter writer;

  private final SearcherManager searchers;
  private final RecordReader recordReader;
  private final Analyzer analyzer;
  private final String model;
  private final int dimension;
  private final ReentrantLock writeLock = new ReentrantLock();
  private volatile long nextRefreshNanos;
  private boolean closed;

  LuceneStore(StoreOptions options, Directory directory, IndexWriter writer, IndexMetadata metadata)
      throws IOException {
    this.options = options;
    this.directory = directory;
    this.writer = writer;
    this.analyzer = Schema.analyzer();
    this.model = metadata.model();
    this.dimension = metadata.dimension();
    this.recordReader = new RecordReader(options.directory());
    BM25Similarity similarity =
        new BM25Similarity((float) options.bm25K1(), (float) options.bm25B());
    SearcherFactory factory =
        new SearcherFactory() {
          @Override
          public IndexSearcher newSearcher(IndexReader reader, IndexReader previousReader) {
            IndexSearcher searcher = new IndexSearcher(reader);
            searcher.setSimilarity(similarity);
            return searcher;
          }
        };
    this.searchers =
        writer != null
            ? new SearcherManager(writer, factory)
            : new SearcherManager(directory, factory);
    this.nextRefreshNanos = System.nanoTime() + READ_ONLY_REFRESH.toNanos();
  }

  /** {@link #open(StoreOptions, Duration)} without waiting for another writer. */
  public static LuceneStore open(StoreOptions options) throws IOException {
    return open(options, Duration.ZERO);
  }

  /**
   * Opens the index in {@code options.directory()} for reading and writing, creating the directory
   * and an empty index when the directory is missing or empty. The embedding model and dimension
   * are recorded in the index: opening with a non-null model or non-zero dimension that differs
   * from a recorded one throws {@link IndexModelMismatchException}; null / 0 mean "whatever is
   * recorded" ({@link #info} tells). An index with nothing recorded (lexical only so far) adopts
   * the options' model and dimension. One writer per directory: while another store (in any
   * process) has it open for writing, this waits up to {@code lockWait} for it to close.
   *
   * @throws IndexModelMismatchException when the index holds vectors of another model or dimension
   * @throws IndexLockedException when another writer still holds the index after {@code lockWait},
   *     naming it (pid, command, since when)
   * @throws IllegalStateException when the directory holds an index recall4j did not write, or
   *     holds other files and no index
   */
  public static LuceneStore open(StoreOptions options, Duration lockWait) throws IOException {
    return IndexDirectory.openWritable(options, lockWait);
  }

  /**
   * Opens an existing index for reading only: no write lock is taken and nothing is written, so any
   * number of read-only stores (in any processes) read beside one writer, and a read-only copy of
   * an index (a read-only mount, a backup) can be searched and exported. It sees the latest commit
   * when it opens and looks for newer ones at most once a second, or at {@link #refresh()}. Every
   * write method throws {@link IllegalStateException}.
   *
   * @throws IllegalStateException when the directory does not exist or holds no recall4j index
   * @throws IndexModelMismatchException as for {@link #open(StoreOptions, Duration)}
   */
  public static LuceneStore openReadOnly(StoreOptions options) throws IOException {
    return IndexDirectory.openReadOnly(options);
  }

  /** True when this store was opened with {@link #openReadOnly} and cannot write. */
  public boolean isReadOnly() {
    return writer == null;
  }

  /**
   * Makes the latest commit visible now: for a read-only store beside a writer in another process
   * (a writable store's own writes are visible when they return).
   */
  public void refresh() throws IOException {
    searchers.maybeRefreshBlocking();
  }

  /** What the index holds now. Cheap: reads the current searcher and lists the directory. */
  public IndexInfo info() {
    try {
      IndexSearcher searcher = acquire();
      try {
        long size = 0;
        for (String file : directory.listAll()) {
          try {
            size += directory.fileLength(file);
          } catch (NoSuchFileException e) {
            // deleted by a concurrent merge between listing and measuring: no longer part of the
            // index
          }
        }
        return new IndexInfo(
            options.directory(), model, dimension, searcher.count(Queries.RECORDS), size);
      } finally {
        searchers.release(searcher);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading index info of " + options.directory(), e);
    }
  }

  /**
   * Inserts the record, or replaces the record with the same id (every field, including {@code
   * recallCount} and {@code lastAccessed}). Durable and visible to searches on return.
   *
   * @throws IllegalArgumentException naming the field when the record does not fit the index: a
   *     vector whose dimension differs from the index dimension (any vector, for a lexical-only
   *     index), an all-zero vector, a vector of another model, a time outside the storable range
   */
  public void upsert(MemoryRecord record) throws IOException {
    upsertAll(List.of(Checks.notNull(record, "record")));
  }

  /**
   * Inserts or replaces every record in one commit: all are validated first, and either the whole
   * batch is written or, on an error, nothing of it. Where the batch repeats an id, the later
   * record wins. The batch is one Lucene document block held in memory until written, so bulk
   * ingest should call this with batches of up to a few thousand records.
   *
   * @throws IllegalArgumentException naming the field of the first bad record; nothing is written
   */
  public void upsertAll(Collection<MemoryRecord> records) throws IOException {
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
    write(() -> writer.updateDocuments(recordsAndPassages(ids), docs));
  }

  /** The record with this id, in any scope, tier and status; empty when absent. */
  public Optional<MemoryRecord> get(String id) throws IOException {
    Checks.notNull(id, "id");
    IndexSearcher searcher = acquire();
    try {
      TopDocs top = searcher.search(new TermQuery(new Term(Schema.ID, id)), 1);
      return top.scoreDocs.length == 0
          ? Optional.empty()
          : Optional.of(recordReader.load(searcher, new ScoreDoc[] {top.scoreDocs[0]}).get(0));
    } finally {
      searchers.release(searcher);
    }
  }

  /**
   * BM25 search of free text: at most {@code topK} records matching the filter, best first (score
   * descending, then id). The text is analysed, never parsed, so any string is accepted; text
   * without a searchable term (only punctuation or stop words) finds nothing. See {@link
   * StoreOptions#codeFieldBoost()} for the fields searched.
   *
   * @param topK at least 1
   */
  public List<Hit> searchLexical(String queryText, StoreFilter filter, int topK)
      throws IOException {
    Checks.notNull(queryText, "queryText");
    Checks.notNull(filter, "filter");
    checkLimit(topK, "topK");
    Query text = Queries.lexical(queryText, analyzer, options.codeFieldBoost());
    if (text == null) {
      return List.of();
    }
    return withSearcher(
        searcher -> {
          BooleanQuery.Builder query =
              new BooleanQuery.Builder().add(text, BooleanClause.Occur.MUST);
          Queries.addFilter(query, filter, searcher.getIndexReader());
          return recordReader.search(searcher, query.build(), topK);
        });
  }

  /**
   * Filtered approximate nearest-neighbour search (HNSW, cosine via dot product of unit vectors):
   * at most {@code topK} records matching the filter, best first (score descending, then id). The
   * graph is asked for {@code max(topK, vectorCandidates)} neighbours (twice that when the index
   * holds passage documents) and the best {@code topK} records are kept, which raises recall; when
   * the filter leaves few records, Lucene searches them exactly. A record embedded in passages
   * scores by its best passage and comes back once.
   *
   * @param queryVector of the index dimension, finite, not all zeros; normalised here (not
   *     modified)
   * @param topK at least 1
   * @throws IllegalArgumentException when the vector does not fit the index (naming {@code
   *     queryVector})
   */
  public List<Hit> searchVector(float[] queryVector, StoreFilter filter, int topK)
      throws IOException {
    Checks.notNull(queryVector, "queryVector");
    Checks.notNull(filter, "filter");
    checkLimit(topK, "topK");
    float[] unit = Schema.unitVector(queryVector, dimension, model, "queryVector");
    int k = Math.max(topK, options.vectorCandidates());
    return withSearcher(
        searcher -> {
          Query allowed = Queries.filter(filter, searcher.getIndexReader());
          if (!Queries.hasPassages(searcher.getIndexReader())) {
            // Without a filter, Lucene searches the graph over the live documents directly instead
            // of
            // first collecting the allowed documents into a bit set.
            Query knnFilter = allowed instanceof MatchAllDocsQuery ? null : allowed;
            return recordReader.search(
                searcher, new KnnFloatVectorQuery(Schema.VECTOR, unit, k, knnFilter), topK);
          }
          // A record scores by its best vector, its own or a passage's: the search runs over both
          // kinds
          // of document and keeps each record's best hit. Lucene's
          // DiversifyingChildrenFloatKnnVectorQuery
          // does this inside the graph search, but asserts that no parent document holds a vector,
          // which
          // would force a second document on every record. Several passages of one record can take
          // several of the k places, so twice as many are asked for.
          Query both =
              new KnnFloatVectorQuery(Schema.VECTOR, unit, 2 * k, Queries.withPassages(allowed));
          return recordReader.hits(
              searcher,
              RecordReader.bestPerRecord(searcher, searcher.search(both, 2 * k).scoreDocs),
              topK);
        });
  }

  /**
   * The version of what searches see now: it changes whenever a write, including an
   * access-statistics update, becomes visible, so two calls that see the same version get the same
   * answers. Read it before the search whose answer is kept with it.
   */
  public long version() throws IOException {
    return withSearcher(searcher -> ((DirectoryReader) searcher.getIndexReader()).getVersion());
  }

  /** Every record matching the filter, up to {@code limit}, ordered by id. */
  public List<MemoryRecord> find(StoreFilter filter, int limit) throws IOException {
    return find(filter, null, limit);
  }

  /**
   * The records matching the filter with an id greater than {@code afterId} (null: from the first),
   * up to {@code limit}, ordered by id: pass the last id of one page to get the next.
   */
  public List<MemoryRecord> find(StoreFilter filter, String afterId, int limit) throws IOException {
    Checks.notNull(filter, "filter");
    checkLimit(limit, "limit");
    return withSearcher(
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
   * The records matching the filter whose id is one of {@code ids} or that supersede one of {@code
   * superseded}, up to {@code limit}, ordered by id: what recall's hits link to and their newer
   * versions, in one lookup. A record is found as a newer version only if it was written by a
   * version that indexes {@code supersedes} (an older index finds them after {@code reindex}).
   */
  public List<MemoryRecord> findLinked(
      StoreFilter filter, Collection<String> ids, Collection<String> superseded, int limit)
      throws IOException {
    Checks.notNull(filter, "filter");
    Checks.notNull(ids, "ids");
    Checks.notNull(superseded, "superseded");
    checkLimit(limit, "limit");
    if (ids.isEmpty() && superseded.isEmpty()) {
      return List.of();
    }
    return withSearcher(
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

  private static List<BytesRef> terms(Collection<String> values) {
    return values.stream().map(BytesRef::new).toList();
  }

  /**
   * Every record of every scope with an id greater than {@code afterId} (null: from the first), up
   * to {@code limit}, ordered by id: pass the last id of one page to get the next. For maintenance
   * that spans namespaces (reindex, full export); not scoped.
   */
  public List<MemoryRecord> page(String afterId, int limit) throws IOException {
    checkLimit(limit, "limit");
    return withSearcher(
        searcher ->
            recordReader.list(
                searcher,
                TermRangeQuery.newStringRange(Schema.ID, afterId, null, false, false),
                limit));
  }

  /**
   * How many records matching the filter have each value of {@code field}; values with no record
   * are absent. Keys are wire names ({@code memory}, {@code active}...) or kind names, sorted.
   *
   * @param field one of {@code silo}, {@code kind}, {@code status}, {@code tier}
   */
  public Map<String, Long> counts(StoreFilter filter, String field) throws IOException {
    Checks.notNull(filter, "filter");
    Checks.require(
        COUNTABLE.contains(field), "field", "must be one of %s, got %s", COUNTABLE, field);
    IndexSearcher searcher = acquire();
    try {
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
    } finally {
      searchers.release(searcher);
    }
  }

  /**
   * Ids of records (any scope, tier and status) that have no vector, up to {@code limit}, ordered
   * by id: the queue of background embedding and of reindexing. Survives restarts, since it is a
   * query.
   */
  public List<String> idsWithoutVector(int limit) throws IOException {
    checkLimit(limit, "limit");
    Query query =
        new BooleanQuery.Builder()
            .add(Queries.RECORDS, BooleanClause.Occur.FILTER)
            .add(new FieldExistsQuery(Schema.VECTOR), BooleanClause.Occur.MUST_NOT)
            .build();
    IndexSearcher searcher = acquire();
    try {
      List<String> ids = new ArrayList<>();
      for (ScoreDoc hit : searcher.search(query, limit, RecordReader.BY_ID).scoreDocs) {
        ids.add(((BytesRef) ((FieldDoc) hit).fields[0]).utf8ToString());
      }
      return ids;
    } finally {
      searchers.release(searcher);
    }
  }

  /**
   * Records that these records were injected into a context at {@code when}: each distinct id's
   * {@code recallCount} goes up by one and its {@code lastAccessed} becomes {@code when}. Updates
   * doc values in place (no re-indexing); committed on return. Unknown ids are skipped: a record
   * may have been purged since it was recalled.
   *
   * @param when between 1677-09-21 and 2262-04-11 (stored in epoch nanoseconds)
   */
  public void recordAccess(Collection<String> ids, Instant when) throws IOException {
    Checks.notNull(ids, "ids");
    Map<String, Long> once = new TreeMap<>();
    ids.forEach(id -> once.put(Checks.notNull(id, "ids"), 1L));
    recordAccess(once, when);
  }

  /**
   * {@link #recordAccess(Collection, Instant)} for several recalls at once: each id's {@code
   * recallCount} goes up by its count, in place and in one commit. A batch of recalls that injected
   * the same record several times needs no re-indexing (which adds a segment, an HNSW graph to
   * build and later merges) to count them all.
   *
   * @param recalls how many recalls injected each id, each at least 1
   */
  public void recordAccess(Map<String, Long> recalls, Instant when) throws IOException {
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
    write(
        () -> {
          // The lock is held and every write refreshes, so this searcher sees the latest counts.
          IndexSearcher searcher = acquire();
          try {
            for (Map.Entry<String, Long> recalled : distinct.entrySet()) {
              Term term = new Term(Schema.ID, recalled.getKey());
              TopDocs top = searcher.search(new TermQuery(term), 1);
              if (top.scoreDocs.length > 0) {
                long count = numeric(searcher, top.scoreDocs[0].doc, Schema.RECALL_COUNT, 0);
                writer.updateDocValues(
                    term,
                    new NumericDocValuesField(Schema.RECALL_COUNT, count + recalled.getValue()),
                    new NumericDocValuesField(Schema.LAST_ACCESSED_NS, nanos));
              }
            }
          } finally {
            searchers.release(searcher);
          }
        });
  }

  /** Deletes the record for good (the user owns the data); committed. False when there was none. */
  public boolean purge(String id) throws IOException {
    Checks.notNull(id, "id");
    Term term = new Term(Schema.ID, id);
    boolean[] existed = new boolean[1];
    write(
        () -> {
          IndexSearcher searcher = acquire();
          try {
            existed[0] = searcher.count(new TermQuery(term)) > 0;
          } finally {
            searchers.release(searcher);
          }
          if (existed[0]) {
            writer.deleteDocuments(term, new Term(Schema.PARENT, id));
          }
        });
    return existed[0];
  }

  /**
   * Deletes these records for good in one commit: {@link #purge} for many ids at once (one commit
   * instead of one per record). Ids not stored are skipped.
   *
   * @return how many of the ids were stored
   */
  public int purgeAll(Collection<String> ids) throws IOException {
    Checks.notNull(ids, "ids");
    if (ids.isEmpty()) {
      return 0;
    }
    List<BytesRef> terms = ids.stream().distinct().map(BytesRef::new).toList();
    int[] existed = new int[1];
    write(
        () -> {
          IndexSearcher searcher = acquire();
          try {
            existed[0] = searcher.count(new TermInSetQuery(Schema.ID, terms));
          } finally {
            searchers.release(searcher);
          }
          if (existed[0] > 0) {
            writer.deleteDocuments(recordsAndPassages(terms));
          }
        });
    return existed[0];
  }

  /**
   * Merges the whole index into one segment and commits: maintenance after a bulk ingest or when
   * idle, not a per-write step. Each segment is searched on its own (one HNSW graph and one set of
   * postings per segment), so a search over one segment does a fraction of the work of one over the
   * several segments that batched ingest leaves: at 100K records, a filtered kNN search for 100
   * candidates took 0.3 ms over one segment against 1.2 ms over eight. Costs a rewrite of the index
   * (about 20 s at 100K records on 2 cores, mostly rebuilding the HNSW graph) and, while it runs,
   * up to twice the index size on disk. Searches keep running meanwhile; writes wait.
   */
  public void compact() throws IOException {
    write(() -> writer.forceMerge(1));
  }

  /** Closes the index; idempotent. Every write was already committed, so nothing is lost. */
  @Override
  public void close() throws IOException {
    writeLock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      if (writer != null) {
        WriterLock.release(
            options.directory()); // while the lock is still ours: the next holder's note stays
      }
      try (directory;
          searchers) {
        if (writer != null) {
          closeWriter();
        }
        LOG.debug("closing index {}", options.directory());
      }
    } finally {
      writeLock.unlock();
    }
  }

  /**
   * Closes the writer. A merge that failed (a full disk) leaves it unable to commit, now or a
   * moment later when its merge thread gives up; every write was committed before it returned, so
   * then it is rolled back instead, which loses nothing and releases the lock.
   */
  private void closeWriter() throws IOException {
    try {
      if (writer.getTragicException() == null) {
        writer.close();
        return;
      }
    } catch (IOException | RuntimeException e) {
      if (writer.getTragicException() == null) {
        throw e;
      }
    }
    LOG.warn(
        "index {}: closing without a final commit after {}",
        options.directory(),
        writer.getTragicException().toString());
    writer.rollback();
  }

  private interface Change {
    void apply() throws IOException;
  }

  /** Applies a change under the write lock, commits it and makes it visible before returning. */
  private void write(Change change) throws IOException {
    if (writer == null) {
      throw new IllegalStateException(
          "index " + options.directory() + " is open read-only; open it for writing to change it");
    }
    writeLock.lock();
    try {
      change.apply();
      if (writer.hasUncommittedChanges()) {
        writer.commit();
      }
      searchers.maybeRefreshBlocking();
    } finally {
      writeLock.unlock();
    }
  }

  /** Deletes every document of these records: their own and their passages'. */
  private static Query recordsAndPassages(List<BytesRef> ids) {
    return new BooleanQuery.Builder()
        .add(new TermInSetQuery(Schema.ID, ids), BooleanClause.Occur.SHOULD)
        .add(new TermInSetQuery(Schema.PARENT, ids), BooleanClause.Occur.SHOULD)
        .build();
  }

  private interface Search<T> {
    T run(IndexSearcher searcher) throws IOException;
  }

  /**
   * Runs a search on the current searcher: its query is built for, and run on, one point-in-time
   * view.
   */
  private <T> T withSearcher(Search<T> search) throws IOException {
    IndexSearcher searcher = acquire();
    try {
      return search.run(searcher);
    } finally {
      searchers.release(searcher);
    }
  }

  /**
   * The current searcher; a read-only store first picks up newer commits, at most once a second.
   */
  private IndexSearcher acquire() throws IOException {
    if (writer == null && System.nanoTime() - nextRefreshNanos >= 0) {
      nextRefreshNanos = System.nanoTime() + READ_ONLY_REFRESH.toNanos();
      searchers.maybeRefresh();
    }
    return searchers.acquire();
  }

  private static long numeric(IndexSearcher searcher, int doc, String field, long missing)
      throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    NumericDocValues values = leaf.reader().getNumericDocValues(field);
    return values != null && values.advanceExact(doc - leaf.docBase) ? values.longValue() : missing;
  }

  private static void checkLimit(int limit, String field) {
    Checks.require(limit >= 1, field, "must be >= 1, got %d", limit);
  }
}
