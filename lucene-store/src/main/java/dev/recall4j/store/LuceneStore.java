package dev.recall4j.store;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.StoreHealth;
import dev.recall4j.core.store.StoreInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * Design.
 *
 * Schema (one Lucene document per record, plus one passage document per further passage vector):
 *
 * | field              | Lucene type                               | analyzer        | why                                             |
 * |--------------------|-------------------------------------------|-----------------|-------------------------------------------------|
 * | id                 | StringField + SortedDocValues             | none            | id tie-break and listing within a namespace     |
 * | key                | StringField + SortedDocValues             | none            | namespace + id: upsert/purge/get by term; pages |
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
 * | content_facts      | BinaryDocValues (FactsCodec), optional    | -               | ContentFacts; updatable in place by putFacts    |
 * | parent (passage)   | StringField (the record's key)            | none            | deleted with its record                         |
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
 * Schema 3 added passage documents; a schema-2 index has none and opens as it is. Schema 4 scoped
 * ids by namespace (the key field): a writer opening a schema-2 or -3 index rewrites every record
 * from its blob with its key before anything else (KeyMigration, logged), and records schema 4, so
 * an older recall4j refuses it; a read-only store over such an index finds a key as the id within
 * its namespace (Keys).
 *
 * Writes hold one lock: each builds its documents first (all validation happens there), then
 * changes the index, commits, and refreshes the SearcherManager before returning. upsertAll adds
 * its whole batch as one atomic document block (IndexWriter.updateDocuments with a delete query),
 * so a failure while adding never leaves half a batch to be committed later. Every write deletes by
 * record key and by parent key, so replacing or purging a record never leaves a passage behind.
 */
public final class LuceneStore implements RecordStore {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneStore.class);

  private final StoreOptions options;
  private final Directory directory;
  private final IndexSearchers searchers;
  private final LuceneReads reads;

  /** Null when the store is read-only. */
  private final LuceneWrites writes;

  private final String model;
  private final int dimension;
  private boolean closed;

  /**
   * @param writer null for a read-only store
   * @param commit for a read-only store, the commit to read (null: the latest)
   */
  LuceneStore(
      StoreOptions options,
      Directory directory,
      IndexWriter writer,
      IndexCommit commit,
      IndexMetadata metadata)
      throws IOException {
    this.options = options;
    this.directory = directory;
    this.model = metadata.model();
    this.dimension = metadata.dimension();
    this.searchers =
        new IndexSearchers(
            options.directory(),
            directory,
            writer,
            commit,
            options.index().bm25K1(),
            options.index().bm25B());
    this.reads =
        new LuceneReads(
            searchers,
            new RecordReader(options.directory()),
            new Keys(metadata.keyed()),
            options,
            model,
            dimension);
    this.writes =
        writer == null
            ? null
            : new LuceneWrites(
                new ReopeningWriter(
                    directory,
                    options.directory(),
                    writer,
                    () -> IndexDirectory.writerConfig(options),
                    searchers),
                searchers,
                model,
                dimension,
                options.contentFacts());
  }

  /**
   * The index schema this version writes (an older one is migrated on open): part of the key of
   * anything that keeps built indexes, such as the benchmarks' cache.
   */
  public static String schemaVersion() {
    return IndexMetadata.SCHEMA_VERSION;
  }

  /**
   * The merge policy's settings with {@code segments_per_tier} at its default, as a short name
   * ("tiers4-floor64": segments a tier, floor segment MB): part of the key of anything that keeps
   * indexes as writes left them, since they decide how many segments a search visits.
   */
  public static String mergeLayout() {
    return String.format(
        Locale.ROOT,
        "tiers%d-floor%.0f",
        IndexSettings.DEFAULT_SEGMENTS_PER_TIER,
        IndexDirectory.FLOOR_SEGMENT_MB);
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

  @Override
  public boolean isReadOnly() {
    return writes == null;
  }

  @Override
  public void refresh() throws IOException {
    searchers.refresh();
  }

  /** Cheap: counts on the current view and lists the directory. */
  @Override
  public StoreInfo info() {
    try {
      long size = 0;
      for (String file : directory.listAll()) {
        try {
          size += directory.fileLength(file);
        } catch (NoSuchFileException e) {
          // deleted by a concurrent merge between listing and measuring: no longer in the index
        }
      }
      return new StoreInfo(options.directory().toString(), model, dimension, reads.count(), size);
    } catch (IOException e) {
      throw new UncheckedIOException("reading index info of " + options.directory(), e);
    }
  }

  /**
   * Degraded once a file's checksum failed (reads are refused from then on), or while writes fail
   * (a full disk, a failed writer): then, at most every 5 s, an empty commit is tried, so that the
   * store notices when space returns without waiting for a write.
   */
  @Override
  public StoreHealth health() {
    String damage = searchers.damage();
    if (damage != null) {
      return StoreHealth.degraded(damage);
    }
    return writes == null ? StoreHealth.OK : writes.health();
  }

  /** Checks every file of the current view against its checksum; see {@link #health()}. */
  @Override
  public StoreHealth checkIntegrity() throws IOException {
    searchers.checkIntegrity();
    return health();
  }

  @Override
  public long version() throws IOException {
    return reads.version();
  }

  /** See {@link dev.recall4j.core.store.IndexSettings#codeFieldBoost()} for the fields searched. */
  @Override
  public List<Hit> searchLexical(String queryText, StoreFilter filter, int topK)
      throws IOException {
    return reads.searchLexical(queryText, filter, topK);
  }

  /**
   * HNSW is asked for {@code max(topK, vectorCandidates)} neighbours (twice that when the index
   * holds passage documents); when the filter leaves few records, Lucene searches them exactly.
   */
  @Override
  public List<Hit> searchVector(
      float[] queryVector, StoreFilter filter, int topK, Map<String, MemoryRecord> known)
      throws IOException {
    return reads.searchVector(queryVector, filter, topK, known);
  }

  @Override
  public Optional<MemoryRecord> get(RecordKey key) throws IOException {
    return reads.get(key);
  }

  @Override
  public Map<RecordKey, MemoryRecord> getAll(Collection<RecordKey> keys) throws IOException {
    return reads.getAll(keys);
  }

  @Override
  public List<MemoryRecord> find(StoreFilter filter, String afterId, int limit) throws IOException {
    return reads.find(filter, afterId, limit);
  }

  @Override
  public List<MemoryRecord> findLinked(
      StoreFilter filter, Collection<String> ids, Collection<String> superseded, int limit)
      throws IOException {
    return reads.findLinked(filter, ids, superseded, limit);
  }

  @Override
  public List<MemoryRecord> page(RecordKey after, int limit) throws IOException {
    return reads.page(after, limit);
  }

  @Override
  public Map<String, Long> counts(StoreFilter filter, String field) throws IOException {
    return reads.counts(filter, field);
  }

  @Override
  public List<RecordKey> keysWithoutVector(int limit) throws IOException {
    return reads.keysWithoutVector(limit);
  }

  @Override
  public void upsertAll(Collection<MemoryRecord> records) throws IOException {
    writable().upsertAll(records);
  }

  @Override
  public int purgeAll(Collection<RecordKey> keys) throws IOException {
    return writable().purgeAll(keys);
  }

  @Override
  public int putFacts(Collection<MemoryRecord> records) throws IOException {
    int stored = writable().putFacts(records);
    reads.forgetDecoded();
    return stored;
  }

  /** True: facts live in the {@code content_facts} doc value ({@link FactsCodec}). */
  @Override
  public boolean keepsFacts() {
    return true;
  }

  @Override
  public void recordAccess(Map<RecordKey, Long> recalls, Instant when) throws IOException {
    writable().recordAccess(recalls, when);
  }

  /**
   * Merges the whole index into one segment and commits (see {@link RecordStore#compact}): at 100K
   * records about 20 s on 2 cores and up to twice the index size on disk meanwhile.
   */
  @Override
  public void compact() throws IOException {
    writable().compact();
  }

  /** Closes the index; idempotent. Every write was already committed, so nothing is lost. */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (writes != null) {
      // while the lock is still ours: the next holder's note stays
      WriterLock.release(options.directory());
    }
    try (directory;
        searchers) {
      if (writes != null) {
        writes.close();
      }
      LOG.debug("closing index {}", options.directory());
    }
  }

  private LuceneWrites writable() {
    if (writes == null) {
      throw new IllegalStateException(
          "index " + options.directory() + " is open read-only; open it for writing to change it");
    }
    return writes;
  }
}
