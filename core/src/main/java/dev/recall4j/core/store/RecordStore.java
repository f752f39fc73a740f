package dev.recall4j.core.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import java.io.Closeable;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where the records live: the seam between the engine and an index, in-process (the default, in
 * {@code lucene-store}) or remote (a cluster). The engine reaches its index only through this
 * interface, whose types are the core's, so ranking, decay, dedup, links, packing and every way in
 * above the engine are the same over any store.
 *
 * <p><b>Contract.</b> Every filtered call applies the whole {@link StoreFilter} inside the store
 * (for the vector search as a pre-filter, so no candidate of another scope ever passes), with the
 * namespace as a hard boundary. Results are ordered as documented per method, ties by id. A write
 * is durable and visible to this store's reads when it returns; a batch is written whole or, on an
 * error, not at all where the store can promise it (the in-process index can; a cluster names the
 * records it could not write). Ids are unique within a namespace: a record is addressed by its
 * {@link RecordKey}, so two namespaces may hold the same id without meeting, and no lookup by key
 * reaches another namespace's record. Records come back as written, except {@code recallCount} and
 * {@code lastAccessed}, which {@link #recordAccess} keeps. Methods may block on I/O;
 * implementations are safe for concurrent use. A store opened read-only throws {@link
 * IllegalStateException} from every write.
 */
public interface RecordStore extends Closeable {

  /** What the store holds now. */
  StoreInfo info();

  /**
   * Whether the store can serve now: degraded, with the cause, while its writes cannot succeed (a
   * full disk, a failed writer not reopened yet) or once damage was found in its files. Cheap; may
   * retry a failed writer (at most every few seconds).
   */
  default StoreHealth health() {
    return StoreHealth.OK;
  }

  /**
   * Checks what the store serves from for damage (for the in-process index, every file's checksum)
   * and returns {@link #health()}: a damaged store is degraded and answers every read with {@link
   * IndexDamagedException} from then on. Reads the whole index: for a background schedule, not a
   * request.
   */
  default StoreHealth checkIntegrity() throws IOException {
    return health();
  }

  /** True when opened for reading only. */
  boolean isReadOnly();

  /** Makes writes of other processes visible now (a store's own writes are visible at once). */
  void refresh() throws IOException;

  /**
   * A number that changes whenever what searches see changes (a write, an access-statistics
   * update): two calls that see the same version get the same answers.
   */
  long version() throws IOException;

  /**
   * BM25 search of free text: at most {@code topK} records the filter admits, best first. The text
   * is analysed, never parsed, so any string is accepted.
   *
   * @param topK at least 1
   */
  List<Hit> searchLexical(String queryText, StoreFilter filter, int topK) throws IOException;

  /**
   * Filtered nearest-neighbour search (cosine as the dot product of unit vectors): at most {@code
   * topK} records the filter admits, nearest first; a record embedded in passages scores by its
   * best passage and comes back once. The score is {@code (1 + cos) / 2}.
   *
   * @param queryVector of the store's dimension, finite, not all zeros
   * @throws IllegalArgumentException naming {@code queryVector} when it does not fit the store
   */
  default List<Hit> searchVector(float[] queryVector, StoreFilter filter, int topK)
      throws IOException {
    return searchVector(queryVector, filter, topK, Map.of());
  }

  /**
   * {@link #searchVector(float[], StoreFilter, int)} for a caller that already holds some records,
   * read from this store moments before (a recall's lexical hits): a hit whose id is a key of
   * {@code known} carries that very instance instead of the record read and decoded again, so a
   * record both paths of a recall find is read once. Which records are hits, their ranks and their
   * scores do not depend on {@code known}. The store only reads the map, during the call.
   *
   * @param known records by id, as this store returned them; may be empty
   */
  List<Hit> searchVector(
      float[] queryVector, StoreFilter filter, int topK, Map<String, MemoryRecord> known)
      throws IOException;

  /**
   * Whether {@link #searchHybrid} costs much less than the two searches apart, as one round trip to
   * a remote store does against two: a recall then waits for its query vector and asks for both
   * paths of every visible scope at once, instead of searching the lexical path while the query is
   * embedded (which pays when a search costs less than the embedding, as in process). When the
   * vector misses the recall's deadline, the lexical path is searched after it, so such a recall
   * may take the deadline plus one search.
   */
  default boolean searchesHybridAtOnce() {
    return false;
  }

  /**
   * Both paths of one query in each of these scopes: for each filter, in order, what {@link
   * #searchLexical} and then {@link #searchVector(float[], StoreFilter, int, Map)}, given the
   * lexical hits' records as known, return. A store that answers them all in one request (a
   * cluster's multi-search) overrides this and says so in {@link #searchesHybridAtOnce()}.
   *
   * @param queryVector as {@link #searchVector(float[], StoreFilter, int)} takes it
   * @param filters at least one
   * @param topK at least 1, per path and filter
   */
  default List<HybridHits> searchHybrid(
      String queryText, float[] queryVector, List<StoreFilter> filters, int topK)
      throws IOException {
    Checks.notNull(filters, "filters");
    Checks.require(!filters.isEmpty(), "filters", "must name at least one scope");
    List<HybridHits> found = new ArrayList<>(filters.size());
    for (StoreFilter filter : filters) {
      List<Hit> lexical = searchLexical(queryText, filter, topK);
      Map<String, MemoryRecord> known = new HashMap<>();
      lexical.forEach(h -> known.put(h.record().id(), h.record()));
      found.add(new HybridHits(lexical, searchVector(queryVector, filter, topK, known)));
    }
    return found;
  }

  /** The record with this key, in any project, tier and status; empty when absent. */
  Optional<MemoryRecord> get(RecordKey key) throws IOException;

  /** The records with these keys that exist, by key, in one call; any project, tier and status. */
  Map<RecordKey, MemoryRecord> getAll(Collection<RecordKey> keys) throws IOException;

  /**
   * The records the filter admits with an id greater than {@code afterId} (null: from the first),
   * up to {@code limit}, in id order: pass the last id of one page to get the next.
   */
  List<MemoryRecord> find(StoreFilter filter, String afterId, int limit) throws IOException;

  /** Every record the filter admits, up to {@code limit}, in id order. */
  default List<MemoryRecord> find(StoreFilter filter, int limit) throws IOException {
    return find(filter, null, limit);
  }

  /**
   * The records the filter admits whose id is one of {@code ids} or that supersede one of {@code
   * superseded}, up to {@code limit}, in id order: what recall's hits link to and their newer
   * versions, in one lookup.
   */
  List<MemoryRecord> findLinked(
      StoreFilter filter, Collection<String> ids, Collection<String> superseded, int limit)
      throws IOException;

  /**
   * Every record of every scope with a key after {@code after} (null: from the first), up to {@code
   * limit}, in the store's key order (the same on every call; pass the last record's key for the
   * next page): for maintenance that spans namespaces (reindex, a full export).
   */
  List<MemoryRecord> page(RecordKey after, int limit) throws IOException;

  /**
   * How many records the filter admits have each value of {@code field}; values without a record
   * are absent. Keys are wire names ({@code memory}, {@code active}...) or kind names, sorted.
   *
   * @param field one of {@code silo}, {@code kind}, {@code status}, {@code tier}
   */
  Map<String, Long> counts(StoreFilter filter, String field) throws IOException;

  /**
   * Keys of records (any scope, tier and status) without a vector, up to {@code limit}, in the
   * store's key order: the queue of background embedding and of reindexing.
   */
  List<RecordKey> keysWithoutVector(int limit) throws IOException;

  /**
   * Inserts or replaces every record (every field, {@code recallCount} and {@code lastAccessed}
   * included) by its {@link RecordKey}; where the batch repeats a key, the later record wins. All
   * are validated first.
   *
   * @throws IllegalArgumentException naming the field of the first record that does not fit the
   *     store (a vector of another dimension or model, a time outside the storable range); nothing
   *     is written
   */
  void upsertAll(Collection<MemoryRecord> records) throws IOException;

  /** {@link #upsertAll} of one record. */
  default void upsert(MemoryRecord record) throws IOException {
    upsertAll(List.of(Checks.notNull(record, "record")));
  }

  /**
   * Deletes these records for good (the user owns the data), in one write; keys not stored are
   * skipped.
   *
   * @return how many of the keys were stored
   */
  int purgeAll(Collection<RecordKey> keys) throws IOException;

  /** {@link #purgeAll} of one key: false when there was no such record. */
  default boolean purge(RecordKey key) throws IOException {
    return purgeAll(List.of(Checks.notNull(key, "key"))) > 0;
  }

  /**
   * Keeps the {@link dev.recall4j.core.ContentFacts} these records carry beside the stored records
   * of the same key and content, without rewriting them; a record without facts, no longer stored,
   * or stored since with another content is skipped. Facts are derived data that readers compute
   * when a record has none, so a store that does not keep them (this default) stores none.
   *
   * @return how many were stored
   */
  default int putFacts(Collection<MemoryRecord> records) throws IOException {
    Checks.notNull(records, "records");
    return 0;
  }

  /**
   * Whether this store keeps the facts records carry ({@link #putFacts}, and with every record
   * written) and returns them with the records it reads; false by default.
   */
  default boolean keepsFacts() {
    return false;
  }

  /**
   * Counts recalls: each record's {@code recallCount} goes up by its count and its {@code
   * lastAccessed} becomes {@code when}, without rewriting the record. Unknown keys are skipped
   * (purged since).
   *
   * @param recalls how many recalls injected each record, each at least 1
   */
  void recordAccess(Map<RecordKey, Long> recalls, Instant when) throws IOException;

  /** {@link #recordAccess(Map, Instant)} of one recall that injected these records (each once). */
  default void recordAccess(Collection<RecordKey> keys, Instant when) throws IOException {
    Checks.notNull(keys, "keys");
    Map<RecordKey, Long> once = new TreeMap<>();
    keys.forEach(key -> once.put(Checks.notNull(key, "keys"), 1L));
    recordAccess(once, when);
  }

  /**
   * Maintenance after a bulk write or when idle: merges what the store keeps apart (segments) so
   * that searches visit less. Not a per-write step; a store with nothing to merge does nothing.
   */
  void compact() throws IOException;
}
