package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.StoreHealth;
import dev.recall4j.ranking.RankingResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The façade an agent embeds: save what it knows, recall what fits.
 *
 * <p>One engine opened with {@link #open} owns one index directory for writing: Lucene's write lock
 * forbids a second writer, in this or another process ({@link #open(EngineConfig, Embedder, Clock,
 * Duration)} waits for it). Engines opened with {@link #openReadOnly} take no lock and write
 * nothing, so any number of them, in any processes, read beside the one writer. All methods are
 * thread-safe. Writes are durable when they return; a recall sees every write that returned before
 * it started. Checked I/O failures surface as {@link UncheckedIOException}; bad input as {@link
 * IllegalArgumentException} naming the field, with nothing stored changed.
 *
 * <pre>{@code
 * try (RecallEngine engine = RecallEngine.open(ConfigFile.forWorkspace(Path.of(".")))) {
 *   engine.save(MemoryRecord.builder().id("pref-1").silo(Silo.MEMORY).kind(Kind.USER_PREFERENCE)
 *       .content("Prefers tabs over spaces in Go code.").build(Instant.now()));
 *   RecallResult r = engine.recall(RecallRequest.builder("indentation style").build());
 *   System.out.println(r.context());
 * }
 * }</pre>
 *
 * <p>Its writes are the {@link IndexWrites} port, which documents each of them; the server's client
 * for a running {@code serve} is the port's other implementation.
 *
 * <p>The façade wires one object per job: {@link RecallPipeline} (retrieval across scopes within
 * the deadline by {@link Retriever}, ranking, packing), {@link RecordWrites} (every state change,
 * under one {@link WriteLock}), {@link RecordLookup} (reads by id), {@link AccessLog} (access
 * statistics and the recall log, in the background), {@link Exporter} and {@link Statistics}.
 */
public final class RecallEngine implements IndexWrites {
  private static final Logger LOG = LoggerFactory.getLogger(RecallEngine.class);

  private final EngineParts parts;
  private final EngineConfig config;
  private final RecordStore store;
  private final WriteLock lock;
  private final Statistics statistics;
  private final RecallPipeline pipeline;
  private final RecordLookup lookup;
  private final RecordWrites writes;

  /** Null for a read-only engine, which does not count recalls. */
  private final AccessLog accessLog;

  private final Exporter exporter;
  private final RecordListing listing;

  private RecallEngine(EngineParts parts) {
    this.parts = parts;
    this.config = parts.config;
    this.store = parts.store;
    this.lock = parts.lock;
    this.statistics = parts.statistics;
    this.pipeline = parts.pipeline;
    this.lookup = parts.lookup;
    this.writes = parts.writes;
    this.accessLog = parts.accessLog;
    this.exporter = parts.exporter;
    this.listing = parts.listing;
  }

  /**
   * Opens (or creates) the configured index for reading and writing, with the configured embedder
   * and the system clock; fails at once when another writer holds the index.
   */
  public static RecallEngine open(EngineConfig config) throws IOException {
    return open(config, createEmbedder(config), Clock.systemUTC());
  }

  /**
   * Opens with an explicit embedder (null for lexical only) and clock: for tests, evaluation and
   * agents that bring their own model. The engine closes the embedder when it closes.
   */
  public static RecallEngine open(EngineConfig config, Embedder embedder, Clock clock)
      throws IOException {
    return open(config, embedder, clock, Duration.ZERO);
  }

  /**
   * {@link #open(EngineConfig, Embedder, Clock)}, waiting up to {@code lockWait} while another
   * writer (in this or another process) holds the index.
   *
   * @throws dev.recall4j.store.IndexLockedException when the other writer still holds it then,
   *     naming it (pid, command, since when)
   */
  public static RecallEngine open(
      EngineConfig config, Embedder embedder, Clock clock, Duration lockWait) throws IOException {
    Checks.notNull(lockWait, "lockWait");
    return create(config, embedder, clock, lockWait);
  }

  /**
   * Opens an existing index for reading only, with the configured embedder and the system clock.
   * See {@link #openReadOnly(EngineConfig, Embedder, Clock)}.
   */
  public static RecallEngine openReadOnly(EngineConfig config) throws IOException {
    return openReadOnly(config, createEmbedder(config), Clock.systemUTC());
  }

  /**
   * Opens an existing index for reading only: no lock is taken and no file is created or written,
   * so it works beside a writer in another process, and on a read-only copy or mount. It sees the
   * writes committed before it opened and those committed since, within a second. Recall, {@code
   * get}, history, export, status and the statistics work; every write throws {@link
   * IllegalStateException}. A read-only engine <b>does not count recalls</b>: the injected records'
   * {@code recallCount} and {@code lastAccessed} stay as they are, and nothing is added to the
   * recall log. The statistics database is read (read-only) only when statistics are asked for.
   *
   * @throws IllegalStateException when there is no recall4j index at the configured path (nothing
   *     is created)
   */
  public static RecallEngine openReadOnly(EngineConfig config, Embedder embedder, Clock clock)
      throws IOException {
    return create(config, embedder, clock, null);
  }

  private static RecallEngine create(
      EngineConfig config, Embedder embedder, Clock clock, Duration lockWait) throws IOException {
    return new RecallEngine(EngineParts.open(config, embedder, clock, lockWait));
  }

  /** The token budget of a recall that does not name one. */
  public int defaultBudget() {
    return pipeline.defaultBudget();
  }

  /** The embedder a configuration names, or null for {@code provider: none}. */
  public static Embedder createEmbedder(EngineConfig config) {
    return EmbedderFactory.create(config.embedder());
  }

  public EngineConfig config() {
    return config;
  }

  /** The embedder in use, if any. */
  @Override
  public Optional<Embedder> embedder() {
    return Optional.ofNullable(parts.embedder);
  }

  /**
   * Saves one record, idempotently; see {@link #saveAll(Collection)}. Durable when it returns.
   *
   * @return the record as stored: the given one (with its vector), or, when it repeats the content
   *     of a stored record, that record with its times refreshed
   */
  public MemoryRecord save(MemoryRecord record) {
    Checks.notNull(record, "record");
    return saveAll(List.of(record)).get(0);
  }

  @Override
  public Saved add(MemoryRecord record) {
    return writes.add(record);
  }

  @Override
  public List<MemoryRecord> saveAll(Collection<MemoryRecord> records, IngestProgress progress) {
    return writes.saveAll(records, progress);
  }

  @Override
  public List<MemoryRecord> importAll(Collection<MemoryRecord> records) {
    return writes.importAll(records);
  }

  @Override
  public Optional<MemoryRecord> get(Scope scope, String id) {
    return get(scope, Teams.NONE, id);
  }

  /** The record with this id if the scope, holding these teams, may see it (any status or tier). */
  public Optional<MemoryRecord> get(Scope scope, Teams teams, String id) {
    return lookup.get(scope, teams, id);
  }

  @Override
  public MemoryRecord supersede(Scope scope, String oldId, MemoryRecord newRecord) {
    return writes.supersede(scope, oldId, newRecord);
  }

  /**
   * The supersede chain a record belongs to, newest first: from the record that replaced it (and so
   * on) back to the first version. A record never superseded and superseding nothing gives a
   * one-element list. Versions the scope may not see, or that were purged, end the chain.
   *
   * @throws IllegalArgumentException naming the id when the scope holds no such record
   */
  public List<MemoryRecord> history(Scope scope, String id) {
    return lookup.history(scope, id);
  }

  @Override
  public MemoryRecord change(Change change, Scope scope, String id) {
    return writes.change(change, scope, id);
  }

  @Override
  public SessionEnd endSession(Scope scope) {
    return writes.endSession(scope, config.sessions().onEnd());
  }

  /**
   * {@link #purge} for many records in one commit: all or nothing.
   *
   * @return the records as they were before the purge, in the order of {@code ids} (repeats once)
   * @throws IllegalArgumentException naming the first id the scope holds no record of; nothing is
   *     purged
   */
  public List<MemoryRecord> purgeAll(Scope scope, Collection<String> ids) {
    Checks.notNull(scope, "scope");
    Checks.notNull(ids, "ids");
    return writes.purgeAll(scope, ids);
  }

  /**
   * Streams every record (any status and tier) a scope reaches ({@link Scope#canReach}), holding
   * these teams, in id order: the export of a namespace. Reads the index page by page, so memory
   * stays bounded.
   *
   * @return how many records were passed to {@code sink}
   */
  public long export(Scope scope, Teams teams, Consumer<MemoryRecord> sink) {
    return exporter.export(scope, teams, sink);
  }

  /**
   * The statistics this engine keeps (stats.db inside the index): agent sessions, the budget advice
   * drawn from them, and the recall log.
   */
  public Statistics statistics() {
    return statistics;
  }

  /**
   * {@inheritDoc}
   *
   * <p>The same as {@code statistics().recordSession}; throws {@link IllegalStateException} on a
   * read-only engine too.
   */
  @Override
  public void recordSession(Scope scope, SessionStats session) {
    statistics.recordSession(scope, session);
  }

  /**
   * Recalls what is relevant to the request, packed into its token budget: pinned records of the
   * scope first, then the fused, weighted and deduplicated candidates of both paths.
   */
  public RecallResult recall(RecallRequest request) {
    return recall(request, Teams.NONE);
  }

  /**
   * {@link #recall(RecallRequest)} for a caller holding these teams: their shared records ({@link
   * Teams}) are searched, pinned and ranked beside the request's own, with the same narrowing.
   * After the result is returned, the injected records' {@code recallCount} and {@code
   * lastAccessed} are updated and the recall is logged, both in the background (not by a read-only
   * engine).
   */
  public RecallResult recall(RecallRequest request, Teams teams) {
    Checks.notNull(request, "request");
    Checks.notNull(teams, "teams");
    RecallResult result = pipeline.recall(request, teams);
    if (accessLog != null) {
      accessLog.afterRecall(request, result);
    }
    return result;
  }

  /**
   * Ranked records for a query without packing: what a {@code memory_search} tool returns. Both
   * paths as in {@link #recall}, every filter of the request applied; pinned records are searched
   * like the others (a recall injects them apart); the budget is ignored. At most the request's
   * top-k candidates per path are ranked, so {@code limit} above it returns fewer. Access
   * statistics are not updated: nothing was injected.
   *
   * @param limit how many records to return at most, >= 1
   * @throws IllegalArgumentException naming {@code query} when it is blank, or {@code limit}
   */
  public SearchResult search(RecallRequest request, Teams teams, int limit) {
    Checks.notNull(request, "request");
    Checks.notNull(teams, "teams");
    return pipeline.search(request, teams, limit);
  }

  /**
   * One page of the active records the request's filters allow (query, budget, top-k and deadline
   * are ignored), in id order: the active and pinned tiers, the archived one with {@code
   * includeArchived}. Pass the page's {@link RecordPage#next()} as {@code cursor} for the next
   * page; a page written to meanwhile may show a record added after the cursor's id.
   *
   * @param cursor null or blank for the first page
   * @param limit records per page, in [1, 1000]
   * @throws IllegalArgumentException naming {@code cursor} or {@code limit}
   */
  public RecordPage list(RecallRequest request, Teams teams, String cursor, int limit) {
    return listing.list(request, teams, cursor, limit);
  }

  /**
   * The candidates of a query on both paths, before fusion: the lexical path always, the vector
   * path when an embedder gives the query vector within the request's deadline. Pinned records are
   * not included (they are injected regardless of the query).
   */
  public Retrieval retrieve(RecallRequest request) {
    return retrieve(request, Teams.NONE);
  }

  /** {@link #retrieve(RecallRequest)} for a caller holding these teams. */
  public Retrieval retrieve(RecallRequest request, Teams teams) {
    Checks.notNull(request, "request");
    Checks.notNull(teams, "teams");
    return pipeline.retrieve(request, teams);
  }

  /** Fuses, weights and deduplicates a retrieval with this engine's ranking settings. */
  public RankingResult rank(Retrieval retrieval) {
    return pipeline.rank(retrieval);
  }

  /**
   * A ranking with one hop of links followed and supersede chains resolved, as a recall with links
   * on does it ({@code recall.links}; the rule is in docs/ARCHITECTURE.md): for evaluating a
   * ranking with and without links. Every record reached passes the request's filters.
   */
  public List<ScoredRecord> expandLinks(
      RecallRequest request, Teams teams, List<ScoredRecord> ranked) {
    Checks.notNull(request, "request");
    Checks.notNull(teams, "teams");
    Checks.notNull(ranked, "ranked");
    return pipeline.expandLinks(request, teams, ranked);
  }

  /**
   * A pure vector search with a vector the caller computed: at most {@code topK} records the filter
   * admits, nearest first (HNSW over the index; see {@link RecordStore#searchVector} for the scores
   * and the candidates asked). No lexical path, ranking, packing or access statistics: for
   * integrations that own their embeddings, such as a LangChain4j {@code EmbeddingStore}; {@link
   * #recall} is the hybrid search. The filter's scope is enforced as everywhere else.
   *
   * @throws IllegalArgumentException when the vector does not fit the index (naming {@code
   *     queryVector}) or {@code topK} is below 1
   */
  public List<Hit> searchVector(StoreFilter filter, float[] vector, int topK) {
    Checks.notNull(filter, "filter");
    return io(() -> store.searchVector(vector, filter, topK));
  }

  /**
   * Every record the filter admits, up to {@code limit}, in id order: listing for integrations
   * (exact filtering over a scope, removal by a condition). Unranked; no access statistics.
   */
  public List<MemoryRecord> find(StoreFilter filter, int limit) {
    Checks.notNull(filter, "filter");
    return io(() -> store.find(filter, limit));
  }

  @Override
  public void compact() {
    lock.run(
        () ->
            io(
                () -> {
                  parts.facts.fill(store);
                  store.compact();
                }));
  }

  /** True when opened with {@link #openReadOnly}: no writes, recalls not counted. */
  public boolean isReadOnly() {
    return store.isReadOnly();
  }

  /** Counts and sizes of what the namespace holds. */
  public EngineStatus status(Scope scope) {
    return status(scope, Teams.NONE);
  }

  /** Counts of what a caller holding these teams reaches: its namespace and its teams' only. */
  public EngineStatus status(Scope scope, Teams teams) {
    return io(() -> EngineStatus.of(store, scope, teams));
  }

  /**
   * Whether the index can serve now: degraded, with the cause in one line, while writes cannot
   * succeed (a full disk; the engine reopens a failed writer by itself) or once damage was found
   * (from then on every read fails with {@link dev.recall4j.core.store.IndexDamagedException}).
   */
  public StoreHealth health() {
    return store.health();
  }

  /**
   * Checks every file of the index against its checksum (reads the whole index: a server runs it at
   * start-up and on a schedule) and returns {@link #health()}.
   */
  public StoreHealth checkIntegrity() {
    return io(() -> store.checkIntegrity());
  }

  /** Waits for background work (access statistics) and closes the index and the embedder. */
  @Override
  public void close() throws IOException {
    parts.close();
  }
}
