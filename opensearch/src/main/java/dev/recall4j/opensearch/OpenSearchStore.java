package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.HybridHits;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.StoreInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every record of every silo in an OpenSearch cluster, through its HTTP API: the engine's {@link
 * RecordStore} with the in-process index's semantics, so that the engine above it (ranking,
 * packing, the server) is unchanged. The mapping is {@link Mapping}'s.
 *
 * <p><b>Contract.</b> Thread-safe. A write is visible to every search when it returns: a one-record
 * write waits for the cluster's next refresh ({@code refresh=wait_for}), a batch forces one. Writes
 * are idempotent by key: a record's document id is {@code namespace/id} ({@link DocIds}), so ids
 * are unique within a namespace and two namespaces may hold the same id. Results are ordered by
 * score descending, then id ascending; listings by id, full listings by namespace then id. Records
 * come back with every field as written (times to the nanosecond, vectors as given) except {@code
 * recallCount} and {@code lastAccessed}, which {@link #recordAccess} updates beside the record, in
 * the access index, without re-indexing it.
 *
 * <p><b>Scope.</b> Every search and listing takes a {@link StoreFilter} whose scope is a filter
 * inside the cluster's query (the k-NN search's pre-filter included), with the semantics of {@link
 * dev.recall4j.core.Scope#canSee}, and is routed to the namespace's shard; only {@link #get},
 * {@link #getAll}, {@link #page} and {@link #keysWithoutVector} ask every shard.
 *
 * <p><b>Against the in-process store.</b> A batch is not atomic: every record is validated before
 * anything is sent, but the cluster applies a bulk request item by item, so a failure there (a node
 * lost mid-request) can leave part of a batch written; the error names the failed items. BM25
 * statistics are those of the shard a namespace lives on (with one shard, the default, those of the
 * whole index, as in process). An identifier in a query matches the code field whole or by all of
 * its parts, not by each part on its own (see {@link Searches#lexical}). The cluster refreshes at
 * most once per refresh interval unless a batch forces it.
 */
public final class OpenSearchStore implements RecordStore {
  /** Fields {@link #counts} accepts. */
  private static final List<String> COUNTABLE =
      List.of(Mapping.SILO, Mapping.KIND, Mapping.STATUS, Mapping.TIER);

  /** How long {@link #compact} waits for a merge: a large index takes minutes. */
  private static final Duration MERGE_TIMEOUT = Duration.ofHours(1);

  /** Most hits one search returns ({@code index.max_result_window}): longer lists are paged. */
  private static final int MAX_PAGE = 10_000;

  /** Most distinct values {@link #counts} reports per field. */
  private static final int MAX_COUNTED_VALUES = 10_000;

  private final OpenSearchOptions options;
  private final Cluster cluster;
  private final boolean readOnly;
  private final String model;
  private final int dimension;
  private final AccessStats access;
  private final Found found;
  private final DocIds docIds;

  private OpenSearchStore(
      OpenSearchOptions options,
      Cluster cluster,
      boolean readOnly,
      IndexSetup.Embedding embedding) {
    this.options = options;
    this.cluster = cluster;
    this.readOnly = readOnly;
    this.model = embedding.model();
    this.dimension = embedding.dimension();
    this.access = new AccessStats(cluster, options.accessIndex());
    this.found = new Found(options.index(), access);
    this.docIds = new DocIds(embedding.scoped());
  }

  /**
   * Connects to the cluster and opens the store's indices for reading and writing, creating them
   * when missing. The embedding model and dimension are recorded in the index as in process: a
   * non-null model or non-zero dimension that differs from a recorded one is refused; a
   * lexical-only index adopts the options' model and dimension. Any number of stores, in any
   * processes, may write to one cluster index.
   *
   * @throws IllegalStateException when the index was not created by recall4j, or holds vectors of
   *     another model or dimension (naming both)
   * @throws IOException when the cluster cannot be reached or refuses (naming the request)
   */
  public static OpenSearchStore open(OpenSearchOptions options) throws IOException {
    return connect(options, false);
  }

  /**
   * Opens the existing indices for reading only: nothing is created or written, and every write
   * method throws {@link IllegalStateException}.
   *
   * @throws IllegalStateException as {@link #open}, and when the indices do not exist
   */
  public static OpenSearchStore openReadOnly(OpenSearchOptions options) throws IOException {
    return connect(options, true);
  }

  private static OpenSearchStore connect(OpenSearchOptions options, boolean readOnly)
      throws IOException {
    Checks.notNull(options, "options");
    Cluster cluster = new Cluster(options.hosts(), options.access(), options.requestTimeout());
    try {
      IndexSetup.Embedding embedding =
          readOnly
              ? IndexSetup.openReadOnly(cluster, options)
              : IndexSetup.openWritable(cluster, options);
      if (readOnly || embedding.scoped()) {
        return new OpenSearchStore(options, cluster, readOnly, embedding);
      }
      OpenSearchStore store = new OpenSearchStore(options, cluster, false, embedding.current());
      KeyMigration.run(store, cluster, options, embedding);
      return store;
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /** True when this store was opened with {@link #openReadOnly} and cannot write. */
  @Override
  public boolean isReadOnly() {
    return readOnly;
  }

  /**
   * Makes every write made so far, by any client, visible to searches now (the cluster otherwise
   * does so once per refresh interval).
   */
  @Override
  public void refresh() throws IOException {
    cluster.call("POST", "/" + bothIndices() + "/_refresh", Map.of(), null);
  }

  /**
   * What the index holds now: the location is the index's address on the first node ({@code
   * http://host:9200/index}), {@code sizeBytes} the bytes of every copy of both indices on the
   * cluster's disks.
   */
  @Override
  public StoreInfo info() {
    try {
      long records =
          cluster
              .call("GET", "/" + options.index() + "/_count", Map.of(), null)
              .path("count")
              .asLong();
      long size =
          cluster
              .call("GET", "/" + bothIndices() + "/_stats/store", Map.of(), null)
              .path("_all")
              .path("total")
              .path("store")
              .path("size_in_bytes")
              .asLong();
      return new StoreInfo(location(options), model, dimension, records, size);
    } catch (IOException e) {
      throw new UncheckedIOException("reading index info of " + options.index(), e);
    }
  }

  /**
   * Inserts or replaces every record (every field, the access statistics included) in one bulk
   * request. All are validated before anything is sent. Where the batch repeats a key, the later
   * record wins. Visible to searches on return: one record waits for the next refresh, more force
   * one.
   *
   * @throws IllegalArgumentException naming the field of the first bad record; nothing is written
   * @throws IOException when the cluster refuses any item (naming the first few)
   */
  @Override
  public void upsertAll(Collection<MemoryRecord> records) throws IOException {
    Checks.notNull(records, "records");
    Map<RecordKey, MemoryRecord> batch = new LinkedHashMap<>();
    Map<RecordKey, ObjectNode> sources = new HashMap<>();
    for (MemoryRecord record : records) {
      Checks.notNull(record, "records");
      RecordKey key = RecordKey.of(record);
      sources.put(key, Documents.toSource(record, dimension, model));
      batch.remove(key);
      batch.put(key, record);
    }
    if (batch.isEmpty()) {
      return;
    }
    requireWritable();
    List<List<JsonNode>> groups = new ArrayList<>();
    batch.forEach((key, record) -> groups.add(indexLines(key, sources.get(key), record)));
    bulk(groups);
  }

  /** The bulk lines that write a record (routed to its namespace's shard) and its statistics. */
  List<JsonNode> indexLines(RecordKey key, ObjectNode source, MemoryRecord record) {
    String docId = docIds.of(key);
    List<JsonNode> lines = new ArrayList<>();
    lines.add(recordAction("index", docId, key.namespace()));
    lines.add(source);
    lines.addAll(access.write(docId, record));
    return lines;
  }

  @Override
  public Optional<MemoryRecord> get(RecordKey key) throws IOException {
    Checks.notNull(key, "key");
    return Optional.ofNullable(getAll(List.of(key)).get(key));
  }

  /** One search for all of them, in chunks of the result window. */
  @Override
  public Map<RecordKey, MemoryRecord> getAll(Collection<RecordKey> keys) throws IOException {
    Checks.notNull(keys, "keys");
    keys.forEach(key -> Checks.notNull(key, "keys"));
    List<JsonNode> hits = new ArrayList<>();
    for (List<String> chunk : chunks(keys.stream().map(docIds::of).toList())) {
      ObjectNode body = Cluster.JSON.createObjectNode();
      body.put("size", chunk.size()).put("track_total_hits", false);
      chunk.forEach(body.putObject("query").putObject("ids").putArray("values")::add);
      hits.addAll(Found.hitsOf(search(body, Map.of())));
    }
    Set<RecordKey> wanted = Set.copyOf(keys);
    Map<RecordKey, MemoryRecord> byKey = new TreeMap<>();
    for (MemoryRecord r : found.records(hits)) {
      RecordKey key = RecordKey.of(r);
      // An index of an older schema names documents by id alone: another namespace's is skipped.
      if (wanted.contains(key)) {
        byKey.put(key, r);
      }
    }
    return byKey;
  }

  /**
   * BM25 search of free text: at most {@code topK} records matching the filter, best first (score
   * descending, then id). Any string is accepted; text without a searchable term finds nothing.
   * Scores are BM25 as in process (the cluster's similarity, with k1 and b of the options).
   *
   * @param topK at least 1
   */
  @Override
  public List<Hit> searchLexical(String queryText, StoreFilter filter, int topK)
      throws IOException {
    Checks.notNull(queryText, "queryText");
    Checks.notNull(filter, "filter");
    checkLimit(topK, "topK");
    JsonNode answer = search(lexical(queryText, filter, topK), routing(filter));
    return found.ranked(Found.hitsOf(answer), Map.of(), "", docIds);
  }

  /**
   * Filtered approximate nearest-neighbour search over every vector of every record (HNSW, inner
   * product of unit vectors): at most {@code topK} records matching the filter, best first. The
   * filter is applied inside the graph search; a record embedded in passages scores by its best
   * passage and comes back once. Scores are {@code (1 + cos) / 2}, as in process.
   *
   * @param queryVector of the index dimension, finite, not all zeros; normalised here (not
   *     modified)
   * @param topK at least 1 A hit whose id is a key of {@code known} carries that record: its source
   *     is not parsed and its statistics are not fetched again.
   * @throws IllegalArgumentException when the vector does not fit the index (naming {@code
   *     queryVector})
   */
  @Override
  public List<Hit> searchVector(
      float[] queryVector, StoreFilter filter, int topK, Map<String, MemoryRecord> known)
      throws IOException {
    Checks.notNull(queryVector, "queryVector");
    Checks.notNull(filter, "filter");
    Checks.notNull(known, "known");
    checkLimit(topK, "topK");
    float[] unit = unit(queryVector);
    JsonNode answer = search(vector(unit, filter, topK), routing(filter));
    return Found.exactly(
        unit,
        found.ranked(Found.hitsOf(answer), known, filter.scope().namespace(), docIds),
        dimension,
        model);
  }

  /** True: both paths of every scope of a recall go to the cluster as one multi-search. */
  @Override
  public boolean searchesHybridAtOnce() {
    return true;
  }

  /**
   * Both paths of one query in each scope in one {@code _msearch}: per filter, the BM25 search and
   * the pre-filtered k-NN search of {@link #searchLexical} and {@link #searchVector}, each routed
   * to its namespace's shard. A record several of them find is parsed once, and the statistics of
   * all are read in one lookup: a recall is two requests, not four per scope.
   *
   * @throws IllegalArgumentException when the vector does not fit the index (naming {@code
   *     queryVector}); nothing is sent
   */
  @Override
  public List<HybridHits> searchHybrid(
      String queryText, float[] queryVector, List<StoreFilter> filters, int topK)
      throws IOException {
    Checks.notNull(queryText, "queryText");
    Checks.notNull(queryVector, "queryVector");
    Checks.notNull(filters, "filters");
    Checks.require(!filters.isEmpty(), "filters", "must name at least one scope");
    checkLimit(topK, "topK");
    float[] unit = unit(queryVector);
    List<JsonNode> lines = new ArrayList<>(4 * filters.size());
    for (StoreFilter filter : filters) {
      Checks.notNull(filter, "filters");
      ObjectNode header =
          Cluster.JSON.createObjectNode().put("routing", filter.scope().namespace());
      lines.add(header);
      lines.add(lexical(queryText, filter, topK));
      lines.add(header);
      lines.add(vector(unit, filter, topK));
    }
    String endpoint = "/" + options.index() + "/_msearch";
    JsonNode answer = cluster.callLines("POST", endpoint, Map.of(), lines);
    List<List<JsonNode>> lists = new ArrayList<>(2 * filters.size());
    for (JsonNode response : answer.path("responses")) {
      if (response.has("error")) {
        throw ClusterException.of("POST", endpoint, response);
      }
      lists.add(Found.hitsOf(response));
    }
    if (lists.size() != 2 * filters.size()) {
      throw new IOException(
          "POST "
              + endpoint
              + ": "
              + lists.size()
              + " answers to "
              + 2 * filters.size()
              + " searches");
    }
    List<List<Hit>> ranked = found.ranked(lists);
    List<HybridHits> hits = new ArrayList<>(filters.size());
    for (int i = 0; i < filters.size(); i++) {
      hits.add(
          new HybridHits(
              ranked.get(2 * i), Found.exactly(unit, ranked.get(2 * i + 1), dimension, model)));
    }
    return hits;
  }

  /**
   * The version of what searches see now: it changes whenever a write, including an
   * access-statistics update, becomes visible (see {@link StoreVersion}), so two calls that see the
   * same version get the same answers. Read it before the search whose answer is kept with it. One
   * statistics request to the cluster.
   */
  @Override
  public long version() throws IOException {
    return StoreVersion.read(cluster, options.index(), options.accessIndex());
  }

  /**
   * The records matching the filter with an id greater than {@code afterId} (null: from the first),
   * up to {@code limit}, ordered by id: pass the last id of one page to get the next.
   */
  @Override
  public List<MemoryRecord> find(StoreFilter filter, String afterId, int limit) throws IOException {
    Checks.notNull(filter, "filter");
    checkLimit(limit, "limit");
    ArrayNode clauses = Filters.of(filter);
    return found.records(
        list(routing(filter), limit, true, (last, size) -> byId(clauses, afterId, last, size)));
  }

  /**
   * The records matching the filter whose id is one of {@code ids} or that supersede one of {@code
   * superseded}, up to {@code limit}, ordered by id: what recall's hits link to and their newer
   * versions, in one lookup.
   */
  @Override
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
    ObjectNode wanted = Cluster.JSON.createObjectNode();
    ObjectNode bool = wanted.putObject("bool");
    ArrayNode should = bool.putArray("should");
    if (!ids.isEmpty()) {
      should.add(Filters.terms(Mapping.ID, ids));
    }
    if (!superseded.isEmpty()) {
      should.add(Filters.terms(Mapping.SUPERSEDES, superseded));
    }
    bool.put("minimum_should_match", 1);
    ArrayNode clauses = Filters.of(filter).add(wanted);
    return found.records(
        list(routing(filter), limit, true, (last, size) -> byId(clauses, null, last, size)));
  }

  /**
   * Every record of every scope with a key after {@code after} (null: from the first), up to {@code
   * limit}, ordered by namespace, then id. For maintenance that spans namespaces; not scoped.
   */
  @Override
  public List<MemoryRecord> page(RecordKey after, int limit) throws IOException {
    checkLimit(limit, "limit");
    return found.records(byKey(Cluster.JSON.createArrayNode(), after, limit, true));
  }

  /**
   * How many records matching the filter have each value of {@code field}; values with no record
   * are absent. Keys are wire names or kind names, sorted.
   *
   * @param field one of {@code silo}, {@code kind}, {@code status}, {@code tier}
   */
  @Override
  public Map<String, Long> counts(StoreFilter filter, String field) throws IOException {
    Checks.notNull(filter, "filter");
    Checks.require(
        COUNTABLE.contains(field), "field", "must be one of %s, got %s", COUNTABLE, field);
    JsonNode answer =
        search(Searches.counts(Filters.of(filter), field, MAX_COUNTED_VALUES), routing(filter));
    Map<String, Long> counts = new TreeMap<>();
    answer
        .path("aggregations")
        .path("values")
        .path("buckets")
        .forEach(b -> counts.put(b.path("key").asText(), b.path("doc_count").asLong()));
    return counts;
  }

  /**
   * Keys of records (any scope, tier and status) that have no vector, up to {@code limit}, ordered
   * by namespace, then id: the queue of background embedding and of reindexing.
   */
  @Override
  public List<RecordKey> keysWithoutVector(int limit) throws IOException {
    checkLimit(limit, "limit");
    ArrayNode clauses = Cluster.JSON.createArrayNode().add(Searches.withoutVector());
    return byKey(clauses, null, limit, false).stream().map(OpenSearchStore::keyOf).toList();
  }

  /**
   * {@link #recordAccess(Collection, Instant)} for several recalls at once: each id's {@code
   * recallCount} goes up by its count, in one request to the access index; the records themselves
   * are not re-indexed. Visible to the next read at once.
   *
   * @param recalls how many recalls injected each id, each at least 1
   */
  @Override
  public void recordAccess(Map<RecordKey, Long> recalls, Instant when) throws IOException {
    Checks.notNull(recalls, "recalls");
    Checks.notNull(when, "when");
    TreeMap<String, Long> distinct = new TreeMap<>();
    recalls.forEach(
        (key, n) -> {
          Checks.require(
              n != null && n >= 1, "recalls", "count of %s must be >= 1, got %s", key.id(), n);
          distinct.put(docIds.of(key), n);
        });
    if (distinct.isEmpty()) {
      return;
    }
    requireWritable();
    access.recalled(distinct, when);
  }

  /**
   * Deletes these records for good, with their access statistics, in one bulk request. Keys not
   * stored are skipped.
   *
   * @return how many of the keys were stored
   */
  @Override
  public int purgeAll(Collection<RecordKey> keys) throws IOException {
    Checks.notNull(keys, "keys");
    keys.forEach(key -> Checks.notNull(key, "keys"));
    if (keys.isEmpty()) {
      return 0;
    }
    requireWritable();
    Map<String, String> stored = routings(keys.stream().map(docIds::of).toList());
    if (stored.isEmpty()) {
      return 0;
    }
    List<List<JsonNode>> groups = new ArrayList<>();
    stored.forEach(
        (id, namespace) ->
            groups.add(List.of(recordAction("delete", id, namespace), access.delete(id))));
    bulk(groups);
    return stored.size();
  }

  /**
   * Merges each shard of both indices into one segment: maintenance after a bulk ingest, as in
   * process (each segment holds its own HNSW graph and postings). Waits until the merge is done.
   */
  @Override
  public void compact() throws IOException {
    requireWritable();
    cluster.callLong(
        "POST",
        "/" + bothIndices() + "/_forcemerge",
        Map.of("max_num_segments", "1"),
        MERGE_TIMEOUT);
    refresh();
  }

  /** Closes the connection to the cluster; every write was already acknowledged. Idempotent. */
  @Override
  public void close() throws IOException {
    cluster.close();
  }

  private ObjectNode lexical(String queryText, StoreFilter filter, int topK) {
    return Searches.lexical(
        queryText, Filters.of(filter), topK, options.indexSettings().codeFieldBoost());
  }

  private float[] unit(float[] queryVector) {
    return Documents.unitVector(queryVector, dimension, model, "queryVector");
  }

  private ObjectNode vector(float[] unitQuery, StoreFilter filter, int topK) {
    int k = Math.max(topK, options.indexSettings().vectorCandidates());
    return Searches.vector(unitQuery, Filters.of(filter), topK, k);
  }

  private JsonNode search(JsonNode body, Map<String, String> parameters) throws IOException {
    return cluster.call("POST", "/" + options.index() + "/_search", parameters, body);
  }

  /** The search of one page of a listing, after the last hit of the previous page (null: first). */
  private interface Paging {
    ObjectNode body(JsonNode last, int size);
  }

  /** Hits in id order after {@code afterId}, then after the previous page's last id. */
  private static ObjectNode byId(ArrayNode clauses, String afterId, JsonNode last, int size) {
    return Searches.byId(clauses, last == null ? afterId : last.path("sort").get(0).asText(), size);
  }

  /** Hits in key order after {@code after}, paged past the result window. */
  private List<JsonNode> byKey(ArrayNode clauses, RecordKey after, int limit, boolean source)
      throws IOException {
    return list(
        Map.of(),
        limit,
        source,
        (last, size) -> Searches.byKey(clauses, last == null ? after : keyOf(last), size));
  }

  /** A hit's key, from the sort values of a listing in key order. */
  private static RecordKey keyOf(JsonNode hit) {
    return new RecordKey(hit.path("sort").get(0).asText(), hit.path("sort").get(1).asText());
  }

  /** A listing's hits, paged past the result window. */
  private List<JsonNode> list(Map<String, String> routing, int limit, boolean source, Paging paging)
      throws IOException {
    List<JsonNode> hits = new ArrayList<>();
    JsonNode last = null;
    while (hits.size() < limit) {
      int size = Math.min(limit - hits.size(), MAX_PAGE);
      ObjectNode body = paging.body(last, size);
      body.put("_source", source);
      List<JsonNode> page = Found.hitsOf(search(body, routing));
      hits.addAll(page);
      if (page.size() < size) {
        break;
      }
      last = page.get(page.size() - 1);
    }
    return hits;
  }

  /** Where each of these ids is stored now: its routing (namespace); absent ids are left out. */
  private Map<String, String> routings(Collection<String> ids) throws IOException {
    Map<String, String> routings = new HashMap<>();
    for (List<String> chunk : chunks(ids)) {
      ObjectNode body = Cluster.JSON.createObjectNode();
      body.put("size", chunk.size()).put("track_total_hits", false).put("_source", false);
      chunk.forEach(body.putObject("query").putObject("ids").putArray("values")::add);
      for (JsonNode hit : Found.hitsOf(search(body, Map.of()))) {
        routings.put(hit.path("_id").asText(), hit.path("_routing").asText());
      }
    }
    return routings;
  }

  /**
   * Writes each record's lines, visible on return: one record waits for the next refresh; more
   * force one, of the shards they went to in the same request, or of both indices after the last of
   * several requests (see {@link Bulk#MAX_BYTES}).
   */
  void bulk(List<List<JsonNode>> records) throws IOException {
    List<String> bodies = Bulk.bodies(records);
    if (bodies.size() == 1) {
      String refresh = records.size() == 1 ? "wait_for" : "true";
      Bulk.requireSuccess(
          cluster.callLines("POST", "/_bulk", Map.of("refresh", refresh), bodies.get(0)));
      return;
    }
    for (String body : bodies) {
      Bulk.requireSuccess(cluster.callLines("POST", "/_bulk", Map.of(), body));
    }
    refresh();
  }

  ObjectNode recordAction(String type, String id, String namespace) {
    ObjectNode action = Cluster.JSON.createObjectNode();
    action.putObject(type).put("_index", options.index()).put("_id", id).put("routing", namespace);
    return action;
  }

  private static Map<String, String> routing(StoreFilter filter) {
    return Map.of("routing", filter.scope().namespace());
  }

  private static List<List<String>> chunks(Collection<String> ids) {
    List<String> distinct = ids.stream().distinct().toList();
    List<List<String>> chunks = new ArrayList<>();
    for (int from = 0; from < distinct.size(); from += MAX_PAGE) {
      chunks.add(distinct.subList(from, Math.min(distinct.size(), from + MAX_PAGE)));
    }
    return chunks;
  }

  /** Where a store of these options lives, as messages and {@code status} name it. */
  static String location(OpenSearchOptions options) {
    String host = options.hosts().get(0).toString();
    return (host.endsWith("/") ? host : host + "/") + options.index();
  }

  private String bothIndices() {
    return options.index() + "," + options.accessIndex();
  }

  private void requireWritable() {
    if (readOnly) {
      throw new IllegalStateException(
          "index " + options.index() + " is open read-only; open it for writing to change it");
    }
  }

  private static void checkLimit(int limit, String field) {
    Checks.require(limit >= 1, field, "must be >= 1, got %d", limit);
  }
}
