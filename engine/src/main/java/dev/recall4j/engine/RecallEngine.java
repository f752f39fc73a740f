package dev.recall4j.engine;

import dev.recall4j.budget.BudgetSizing;
import dev.recall4j.budget.PackedContext;
import dev.recall4j.budget.Packer;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.core.Wire;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.embeddings.EmbeddingException;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.embeddings.OllamaModels;
import dev.recall4j.embeddings.OllamaOptions;
import dev.recall4j.embeddings.QueryEmbedding;
import dev.recall4j.ranking.Candidate;
import dev.recall4j.ranking.PathResult;
import dev.recall4j.ranking.Ranker;
import dev.recall4j.ranking.RankingResult;
import dev.recall4j.ranking.TierPolicy;
import dev.recall4j.store.Hit;
import dev.recall4j.store.IndexInfo;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreFilter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The façade an agent embeds: save what it knows, recall what fits.
 *
 * <p>One engine owns one index directory (Lucene's write lock forbids a second writer). All
 * methods are thread-safe. Writes are durable when they return; a recall sees every write that
 * returned before it started. Checked I/O failures surface as {@link UncheckedIOException}; bad
 * input as {@link IllegalArgumentException} naming the field, with nothing stored changed.
 *
 * <pre>{@code
 * try (RecallEngine engine = RecallEngine.open(ConfigFile.forWorkspace(Path.of(".")))) {
 *   engine.save(MemoryRecord.builder().id("pref-1").silo(Silo.MEMORY).kind(Kind.USER_PREFERENCE)
 *       .content("Prefers tabs over spaces in Go code.").build(Instant.now()));
 *   RecallResult r = engine.recall(RecallRequest.builder("indentation style").build());
 *   System.out.println(r.context());
 * }
 * }</pre>
 */
public final class RecallEngine implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(RecallEngine.class);

  /** Pinned records fetched per recall at most; more is a configuration error worth a warning. */
  private static final int MAX_PINNED = 256;

  /** Records read per page by {@link #export}. */
  private static final int EXPORT_PAGE = 500;

  private final EngineConfig config;
  private final Clock clock;
  private final LuceneStore store;
  private final Embedder embedder;
  private final QueryEmbedding queryEmbedding;
  private final Ranker ranker;
  private final TierPolicy tierPolicy;
  private final Packer packer;
  private final TokenCounter tokenCounter;
  private final ExecutorService background;
  /** Serialises every state change, so read-check-write sequences (dedup, supersede) are atomic; fair, so
   * a caller's write never waits behind a stream of background access updates. */
  private final ReentrantLock writes = new ReentrantLock(true);
  /** Guarded by {@link #writes}. */
  private final DuplicateIndex duplicates = new DuplicateIndex();
  /** Tokens of a recall that names no budget: context length x share, 512 when unknown. */
  private final int defaultBudget;
  /** Null unless {@code embedder.background} is on and there is an embedder. */
  private final EmbeddingQueue embeddingQueue;
  /** Null when {@code stats.enabled} is false. */
  private final StatsStore statsStore;
  private final Batcher<Access> accesses;
  /** Null when statistics are off or {@code stats.log_max_rows} is 0. */
  private final Batcher<LogEntry> recallLog;

  private RecallEngine(EngineConfig config, Embedder embedder, Clock clock) throws IOException {
    this.config = config;
    this.defaultBudget = BudgetSizing.budgetFor(contextLength(config), config.budgetShare());
    this.clock = clock;
    this.embedder = embedder;
    this.store = LuceneStore.open(config.storeOptions(config.indexDir(), embedder));
    try {
      this.statsStore = config.statsEnabled()
          ? StatsStore.open(config.statsFile(), config.logMaxRows(), Duration.ofDays(config.logMaxDays()))
          : null;
    } catch (IOException | RuntimeException e) {
      store.close();
      throw e;
    }
    this.background = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("recall4j-bg-", 0).factory());
    this.queryEmbedding = embedder == null ? null : new QueryEmbedding(embedder, background);
    this.embeddingQueue = embedder == null || !config.embedInBackground()
        ? null
        : new EmbeddingQueue(embedder, store, change -> locked(() -> {
            change.run();
            return null;
          }), background, config.embedderBatchSize(), config.passageWords());
    if (embeddingQueue != null) {
      embeddingQueue.wake(); // records a crash left without a vector
    }
    this.accesses = new Batcher<>(background, this::applyAccesses, "record access");
    this.recallLog = statsStore != null && config.logMaxRows() > 0
        ? new Batcher<>(background, statsStore::logRecalls, "log recalls")
        : null;
    this.tierPolicy = config.tierPolicy();
    this.ranker = Ranker.builder()
        .fusion(config.fusionMethod())
        .recencyDecay(config.recencyDecayPolicy())
        .tierPolicy(tierPolicy)
        .clock(clock)
        .build();
    this.tokenCounter = config.tokenCounter();
    this.packer = Packer.builder(tokenCounter).pinnedShare(config.pinnedShare()).build();
  }

  /** Opens (or creates) the configured index with the configured embedder and the system clock. */
  public static RecallEngine open(EngineConfig config) throws IOException {
    return open(config, createEmbedder(config), Clock.systemUTC());
  }

  /**
   * Opens with an explicit embedder (null for lexical only) and clock: for tests, evaluation and
   * agents that bring their own model. The engine closes the embedder when it closes.
   */
  public static RecallEngine open(EngineConfig config, Embedder embedder, Clock clock) throws IOException {
    Checks.notNull(config, "config");
    Checks.notNull(clock, "clock");
    Embedder cached = embedder == null || config.queryCacheSize() == 0
        ? embedder
        : Embedders.cached(embedder, config.queryCacheSize());
    try {
      return new RecallEngine(config, cached, clock);
    } catch (IOException | RuntimeException e) {
      if (cached != null) {
        cached.close();
      }
      throw e;
    }
  }

  /**
   * The model's context window: {@code budget.context_length} when set; else, for an Ollama
   * embedder, what the server reports for that model ({@code /api/show}), since agents that embed
   * with Ollama usually chat with it too; else unknown.
   */
  static OptionalInt contextLength(EngineConfig config) {
    if (config.contextLength() > 0) {
      return OptionalInt.of(config.contextLength());
    }
    return config.embedderProvider() == EmbedderProvider.OLLAMA ? OllamaModels.contextLength(ollamaOptions(config)) : OptionalInt.empty();
  }

  /** The token budget of a recall that does not name one. */
  public int defaultBudget() {
    return defaultBudget;
  }

  private static OllamaOptions ollamaOptions(EngineConfig config) {
    return OllamaOptions.builder(config.embedderModel())
        .host(config.ollamaHost())
        .timeout(config.embedderTimeout())
        .batchSize(config.embedderBatchSize())
        .build();
  }

  /** The embedder a configuration names, or null for {@code provider: none}. */
  public static Embedder createEmbedder(EngineConfig config) {
    return switch (config.embedderProvider()) {
      case NONE -> null;
      case ONNX -> Embedders.inProcess(config.embedderModel());
      case OLLAMA -> Embedders.ollama(ollamaOptions(config));
    };
  }

  public EngineConfig config() {
    return config;
  }

  /** The embedder in use, if any. */
  public Optional<Embedder> embedder() {
    return Optional.ofNullable(embedder);
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

  /**
   * Saves many records in one commit: all or nothing. Embeds records without a vector first, in
   * batches of {@code embedder.batch_size}.
   *
   * <p><b>Idempotent by content.</b> A memory or KB record whose content (by {@link
   * dev.recall4j.core.ContentHash}) equals that of an active record in exactly the same scope and
   * silo is not stored again: the stored record keeps its id, history and statistics, its {@code
   * updated} time is refreshed to now, and an archived one returns to the active tier (saving it
   * again says it matters again). Nothing is ever deleted by a save. RAG chunks are identified by
   * id only ({@code file#chunk}). Repeats within the batch collapse the same way.
   *
   * <p><b>Replace by id.</b> A record whose id is stored already replaces it, keeping the stored
   * {@code created} (the earlier of the two), {@code recallCount} and {@code lastAccessed}; its
   * {@code updated} becomes now. An id held by another namespace is refused, since ids are global
   * to the index and a save must never touch another namespace's record. Where the batch repeats an
   * id, the later record wins. Use {@link #importAll} to restore records exactly as given.
   *
   * @return the records as stored, one per input in input order
   * @throws IllegalArgumentException naming the field of the first bad record; nothing is written
   */
  public List<MemoryRecord> saveAll(Collection<MemoryRecord> records) {
    return saveAll(records, IngestProgress.NONE);
  }

  /** {@link #saveAll(Collection)} with progress reports after each embedding batch. */
  public List<MemoryRecord> saveAll(Collection<MemoryRecord> records, IngestProgress progress) {
    List<MemoryRecord> embedded = embedNowOrLater(records, progress);
    return afterWrite(locked(() -> {
      Batch batch = new Batch();
      List<MemoryRecord> stored = new ArrayList<>(embedded.size());
      for (MemoryRecord record : embedded) {
        stored.add(batch.stage(resolve(batch, record)));
      }
      batch.commit();
      // A later record of the batch may have replaced an earlier one: report what was written.
      return stored.stream().map(r -> batch.staged.get(r.id())).toList();
    }));
  }

  /**
   * Writes records exactly as given (times, status, tier, statistics, links): the restore half of a
   * JSONL export, lossless. No deduplication, no refreshed times; records without a vector are
   * embedded when an embedder is configured. One commit, all or nothing. An id held by another
   * namespace is refused, as in {@link #saveAll(Collection)}.
   */
  public List<MemoryRecord> importAll(Collection<MemoryRecord> records) {
    List<MemoryRecord> embedded = embedNowOrLater(records, IngestProgress.NONE);
    return afterWrite(locked(() -> {
      Batch batch = new Batch();
      for (MemoryRecord record : embedded) {
        MemoryRecord existing = batch.current(record.id());
        checkSameNamespace(existing, record);
        batch.stage(record);
      }
      batch.commit();
      return embedded;
    }));
  }

  /** The record with this id if it exists and the scope may see it (any status or tier). */
  public Optional<MemoryRecord> get(Scope scope, String id) {
    return get(scope, Teams.NONE, id);
  }

  /** The record with this id if the scope, holding these teams, may see it (any status or tier). */
  public Optional<MemoryRecord> get(Scope scope, Teams teams, String id) {
    Checks.notNull(scope, "scope");
    Checks.notNull(teams, "teams");
    Checks.notBlank(id, "id");
    return io(() -> store.get(id)).filter(r -> teams.canSee(scope, r.scope()));
  }

  /**
   * Replaces a record by a new one in one durable step (one commit): the old record's status
   * becomes {@code superseded} (kept for history, never recalled), its {@code updated} time now and
   * the new id is added to its links; the new record is stored with {@code supersedes = oldId}. A
   * user correction is saved this way, typically with {@link dev.recall4j.core.Source#USER_CORRECTION}.
   *
   * @param scope the caller's scope; it must see the old record and the new record's scope
   * @param newRecord a record with an id not stored yet, whose {@code supersedes} is null or {@code oldId}
   * @return the new record as stored
   * @throws IllegalArgumentException naming the field: {@code id} (no such record), {@code status}
   *     (the old record is superseded or deleted), {@code newRecord.id} (already stored), {@code
   *     newRecord.scope} (outside the caller's scope), {@code supersedes} (names another record);
   *     nothing is changed
   */
  public MemoryRecord supersede(Scope scope, String oldId, MemoryRecord newRecord) {
    Checks.notNull(scope, "scope");
    Checks.notNull(newRecord, "newRecord");
    Checks.notBlank(oldId, "oldId");
    Checks.require(scope.canSee(newRecord.scope()), "newRecord.scope",
        "must lie inside the caller's scope %s, got %s", scope, newRecord.scope());
    Checks.require(newRecord.supersedes() == null || newRecord.supersedes().equals(oldId), "supersedes",
        "must be null or the superseded id %s, got %s", Checks.excerpt(oldId), Checks.excerpt(newRecord.supersedes()));
    MemoryRecord embedded = embedAll(List.of(newRecord.toBuilder().supersedes(oldId).build()), IngestProgress.NONE).get(0);
    return locked(() -> {
      MemoryRecord old = require(scope, oldId);
      requireActive(old, "superseded");
      Checks.require(io(() -> store.get(embedded.id())).isEmpty(), "newRecord.id",
          "a record %s is already stored; a superseding record needs a new id", Checks.excerpt(embedded.id()));
      List<String> links = new ArrayList<>(old.links());
      links.add(embedded.id());
      Batch batch = new Batch();
      batch.stage(old.toBuilder().status(Status.SUPERSEDED).updated(later(old.updated())).links(links).build());
      batch.stage(embedded);
      batch.commit();
      return embedded;
    });
  }

  /**
   * The supersede chain a record belongs to, newest first: from the record that replaced it (and so
   * on) back to the first version. A record never superseded and superseding nothing gives a
   * one-element list. Versions the scope may not see, or that were purged, end the chain.
   *
   * @throws IllegalArgumentException naming the id when the scope holds no such record
   */
  public List<MemoryRecord> history(Scope scope, String id) {
    MemoryRecord newest = require(scope, id);
    Set<String> seen = new HashSet<>(Set.of(newest.id()));
    for (Optional<MemoryRecord> next = successor(scope, newest); next.isPresent() && seen.add(next.get().id());
        next = successor(scope, newest)) {
      newest = next.get();
    }
    List<MemoryRecord> chain = new ArrayList<>(List.of(newest));
    Set<String> back = new HashSet<>(Set.of(newest.id()));
    for (MemoryRecord r = newest; r.supersedes() != null && back.add(r.supersedes()); ) {
      Optional<MemoryRecord> previous = get(scope, r.supersedes());
      if (previous.isEmpty()) {
        break;
      }
      r = previous.get();
      chain.add(r);
    }
    return chain;
  }

  /**
   * Forgets a record: a soft delete. Its status becomes {@code deleted} and its {@code updated}
   * time records when it was forgotten; it stays in the index for audit, is shown by {@link #get}
   * and exported, but never recalled again. Forgetting a forgotten record changes nothing.
   *
   * @throws IllegalArgumentException naming the id when the scope holds no such record
   */
  public MemoryRecord forget(Scope scope, String id) {
    return locked(() -> {
      MemoryRecord current = require(scope, id);
      if (current.status() == Status.DELETED) {
        return current;
      }
      return write(current, current.toBuilder().status(Status.DELETED).updated(later(current.updated())).build());
    });
  }

  /**
   * Moves an active record to the archived tier: recalled only by requests that include the
   * archive. Archiving an archived record changes nothing.
   *
   * @throws IllegalArgumentException naming {@code id} (unknown) or {@code status} (not active)
   */
  public MemoryRecord archive(Scope scope, String id) {
    return changeTier(scope, id, Tier.ARCHIVED, EnumSet.of(Tier.ACTIVE, Tier.PINNED), "archived");
  }

  /** Brings an archived record back to the active tier; see {@link #archive}. */
  public MemoryRecord unarchive(Scope scope, String id) {
    return changeTier(scope, id, Tier.ACTIVE, EnumSet.of(Tier.ARCHIVED), "unarchived");
  }

  /**
   * Pins an active record ({@code always_load}): injected first in every recall of its scope,
   * whatever the query, under the budget's pinned share. Pinning a pinned record changes nothing.
   *
   * @throws IllegalArgumentException naming {@code id} (unknown) or {@code status} (not active)
   */
  public MemoryRecord pin(Scope scope, String id) {
    return changeTier(scope, id, Tier.PINNED, EnumSet.of(Tier.ACTIVE, Tier.ARCHIVED), "pinned");
  }

  /** Returns a pinned record to the active tier (recalled by relevance); see {@link #pin}. */
  public MemoryRecord unpin(Scope scope, String id) {
    return changeTier(scope, id, Tier.ACTIVE, EnumSet.of(Tier.PINNED), "unpinned");
  }

  /**
   * Deletes a record for good (the user owns the data): it is gone from the index, from recall,
   * {@code get}, history and export. Records linking to it keep their links.
   *
   * @return the record as it was before the purge
   * @throws IllegalArgumentException naming the id when the scope holds no such record
   */
  public MemoryRecord purge(Scope scope, String id) {
    return locked(() -> {
      MemoryRecord current = require(scope, id);
      io(() -> store.purge(current.id()));
      duplicates.update(current, null);
      return current;
    });
  }

  /**
   * Streams every record (any status and tier) a scope may see, holding these teams, in id order:
   * the export of a namespace. Reads the index page by page, so memory stays bounded.
   *
   * @return how many records were passed to {@code sink}
   */
  public long export(Scope scope, Teams teams, Consumer<MemoryRecord> sink) {
    Checks.notNull(scope, "scope");
    Checks.notNull(teams, "teams");
    Checks.notNull(sink, "sink");
    long count = 0;
    String after = null;
    for (List<MemoryRecord> page = io(() -> store.page(null, EXPORT_PAGE)); !page.isEmpty();
        page = pageAfter(after)) {
      for (MemoryRecord r : page) {
        if (teams.canSee(scope, r.scope())) {
          sink.accept(r);
          count++;
        }
      }
      after = page.get(page.size() - 1).id();
    }
    return count;
  }

  /**
   * Records one agent session's budget statistics (a {@code memory_stats} row of the scope's
   * namespace), to be called once at session end. Durable when it returns.
   *
   * @throws IllegalStateException when statistics are off ({@code stats.enabled: false})
   */
  public void recordSession(Scope scope, SessionStats session) {
    Checks.notNull(scope, "scope");
    Checks.notNull(session, "session");
    stats().recordSession(scope.namespace(), session, clock.instant());
  }

  /**
   * Budget advice from the namespace's recorded sessions ({@link BudgetAdvice} has the rules);
   * empty when statistics are off. Never changes a setting.
   */
  public Optional<BudgetAdvice> budgetAdvice(Scope scope) {
    Checks.notNull(scope, "scope");
    return statsStore == null
        ? Optional.empty()
        : Optional.of(BudgetAdvice.of(statsStore.recentSessions(scope.namespace(), BudgetAdvice.WINDOW), config.budgetShare()));
  }

  /**
   * The namespace's most recent recall-log entries, newest first. Recalls are logged in the
   * background: a recall shows up here shortly after it returns, and certainly after {@link #close}.
   *
   * @throws IllegalStateException when statistics are off
   */
  public List<LoggedRecall> recallLog(Scope scope, int limit) {
    Checks.notNull(scope, "scope");
    Checks.require(limit >= 1, "limit", "must be >= 1, got %d", limit);
    return stats().recentRecalls(scope.namespace(), limit);
  }

  /** Aggregates of the namespace's recall log. @throws IllegalStateException when statistics are off */
  public RecallLogSummary recallLogSummary(Scope scope) {
    Checks.notNull(scope, "scope");
    return stats().summary(scope.namespace());
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
   * lastAccessed} are updated and the recall is logged, both in the background.
   */
  public RecallResult recall(RecallRequest request, Teams teams) {
    Checks.notNull(request, "request");
    Checks.notNull(teams, "teams");
    long start = System.nanoTime();
    Map<String, Double> timings = new LinkedHashMap<>();
    Stopwatch watch = new Stopwatch(timings);
    List<ScoredRecord> pinned = pinned(request, teams);
    watch.lap("pinned");

    List<ScoredRecord> ranked = List.of();
    List<DroppedItem> dropped = new ArrayList<>();
    String retrieval = "pinned only (empty query)";
    if (!request.query().isEmpty()) {
      Retrieval candidates = retrieve(request, teams, start);
      timings.putAll(candidates.timingsMillis());
      retrieval = candidates.retrieval();
      watch.restart();
      RankingResult ranking = rank(candidates);
      ranked = ranking.ranked();
      dropped.addAll(ranking.dropped());
      watch.lap("rank");
    }

    int budget = request.budgetTokens() != null
        ? request.budgetTokens()
        : defaultBudget;
    PackedContext packed = packer.pack(pinned, ranked, budget);
    watch.lap("pack");
    timings.put("total", (System.nanoTime() - start) / 1e6);

    dropped.addAll(packed.dropped());
    List<String> warnings = new ArrayList<>(packed.warnings());
    if (retrieval.startsWith("lexical (embedder error")) {
      warnings.add(retrieval);
    }
    RecallResult result = new RecallResult(packed.context(), packed.items(), dropped, packed.budgetTokens(),
        packed.tokensUsed(), packed.tokenizer(), retrieval, timings, warnings);
    afterRecall(request, result);
    return result;
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
    return retrieve(request, teams, System.nanoTime());
  }

  /** Fuses, weights and deduplicates a retrieval with this engine's ranking settings. */
  public RankingResult rank(Retrieval retrieval) {
    return ranker.rank(retrieval.paths(), retrieval.records());
  }

  private Retrieval retrieve(RecallRequest request, Teams teams, long start) {
    Map<String, Double> timings = new LinkedHashMap<>();
    Stopwatch watch = new Stopwatch(timings);
    Duration deadline = request.deadline() != null ? request.deadline() : config.deadline();
    List<StoreFilter> filters = teams.visibleScopes(request.scope()).stream()
        .map(scope -> StoreFilter.recallable(scope)
            .withSilos(request.silos())
            .withKinds(request.kinds())
            .withTags(request.tags())
            .withTiers(request.includeArchived() ? EnumSet.of(Tier.ACTIVE, Tier.ARCHIVED) : EnumSet.of(Tier.ACTIVE)))
        .toList();
    int topK = request.topK() != null ? request.topK() : config.topK();
    List<Hit> lexical = acrossScopes(filters, topK, filter -> store.searchLexical(request.query(), filter, topK));
    watch.lap("lexical");
    List<Hit> semantic = List.of();
    String retrieval;
    if (queryEmbedding == null) {
      retrieval = "lexical (no embedder)";
    } else {
      Duration left = deadline.minusNanos(System.nanoTime() - start);
      Optional<float[]> vector = Optional.empty();
      try {
        vector = queryEmbedding.embed(request.query(), left.isNegative() ? Duration.ZERO : left);
        retrieval = vector.isPresent() ? "hybrid" : "lexical (embedder timeout)";
      } catch (EmbeddingException e) {
        LOG.warn("embedder failed, answering from the lexical path: {}", e.getMessage());
        retrieval = "lexical (embedder error: " + e.getMessage() + ")";
      }
      watch.lap("embed");
      if (vector.isPresent()) {
        float[] queryVector = vector.get();
        semantic = acrossScopes(filters, topK, filter -> store.searchVector(queryVector, filter, topK));
        watch.lap("vector");
      }
    }
    Map<String, MemoryRecord> records = new HashMap<>();
    lexical.forEach(h -> records.put(h.record().id(), h.record()));
    semantic.forEach(h -> records.put(h.record().id(), h.record()));
    List<PathResult> paths = List.of(path(PathResult.LEXICAL, lexical), path(PathResult.VECTOR, semantic));
    return new Retrieval(paths, records, retrieval, timings);
  }

  /**
   * Merges the index into one segment and commits: maintenance after a bulk ingest or import (the
   * CLI's {@code ingest} and {@code import} call it), not a per-write step. A search visits every
   * segment, so one segment halves recall latency at 100K records (docs/RESULTS.md, issue 7);
   * merging costs about 30 s there. Writes wait meanwhile; recalls continue.
   */
  public void compact() {
    locked(() -> {
      io(() -> store.compact());
      return null;
    });
  }

  /** Counts and sizes of what the namespace holds. */
  public EngineStatus status(Scope scope) {
    StoreFilter all = StoreFilter.all(scope);
    IndexInfo info = store.info();
    Map<String, Long> bySilo = io(() -> store.counts(all, "silo"));
    return new EngineStatus(info.directory(), bySilo.values().stream().mapToLong(Long::longValue).sum(),
        info.sizeBytes(), info.embeddingModel(), info.dimension(), bySilo,
        io(() -> store.counts(all, "kind")), io(() -> store.counts(all, "status")),
        io(() -> store.counts(all, "tier")), io(() -> store.idsWithoutVector(Integer.MAX_VALUE)).size());
  }

  /** Waits for background work (access statistics) and closes the index and the embedder. */
  @Override
  public void close() throws IOException {
    if (embeddingQueue != null) {
      embeddingQueue.stop();
    }
    background.shutdown();
    try {
      if (!background.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("background work did not finish in 30 s; access statistics may be incomplete");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (LuceneStore index = store; Embedder model = embedder; StatsStore stats = statsStore) {
      LOG.debug("closing engine over {}", config.indexDir());
    }
  }

  private List<ScoredRecord> pinned(RecallRequest request, Teams teams) {
    List<MemoryRecord> found = new ArrayList<>();
    for (Scope scope : teams.visibleScopes(request.scope())) {
      StoreFilter scoped = StoreFilter.recallable(scope)
          .withSilos(request.silos())
          .withKinds(request.kinds())
          .withTiers(EnumSet.of(Tier.PINNED));
      found.addAll(io(() -> store.find(scoped, MAX_PINNED)));
    }
    if (found.size() >= MAX_PINNED) {
      LOG.warn("more than {} pinned records in scope; only the first {} by id are considered", MAX_PINNED, MAX_PINNED);
    }
    return found.stream()
        .sorted(Comparator.comparingInt((MemoryRecord r) -> tierPolicy.priority(r.kind())).thenComparing(MemoryRecord::id))
        .limit(MAX_PINNED)
        .map(r -> new ScoredRecord(r, ScoreBreakdown.pinned(r.effectiveTrust())))
        .toList();
  }

  private static PathResult path(String name, List<Hit> hits) {
    return new PathResult(name, hits.stream().map(h -> new Candidate(h.record().id(), h.score())).toList());
  }

  private List<MemoryRecord> withVectors(List<MemoryRecord> records) {
    if (embedder == null) {
      return records;
    }
    List<Integer> missing = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      if (records.get(i).vector() == null) {
        missing.add(i);
      }
    }
    if (missing.isEmpty()) {
      return records;
    }
    List<MemoryRecord> embedded =
        RecordVectors.embed(embedder, missing.stream().map(records::get).toList(), config.passageWords());
    List<MemoryRecord> out = new ArrayList<>(records);
    for (int j = 0; j < missing.size(); j++) {
      out.set(missing.get(j), embedded.get(j));
    }
    return out;
  }

  /** Validates the input and embeds records without a vector, batch by batch, outside the write lock. */
  /** Embeds before writing, or, with {@code embedder.background}, leaves it to the queue. */
  private List<MemoryRecord> embedNowOrLater(Collection<MemoryRecord> records, IngestProgress progress) {
    if (embeddingQueue == null) {
      return embedAll(records, progress);
    }
    List<MemoryRecord> input = List.copyOf(Checks.notNull(records, "records"));
    progress.update(input.size(), input.size());
    return input;
  }

  /** Wakes the background embedder after a write that may have queued records. */
  private <T> T afterWrite(T written) {
    if (embeddingQueue != null) {
      embeddingQueue.wake();
    }
    return written;
  }

  private List<MemoryRecord> embedAll(Collection<MemoryRecord> records, IngestProgress progress) {
    Checks.notNull(records, "records");
    Checks.notNull(progress, "progress");
    List<MemoryRecord> input = List.copyOf(records);
    List<MemoryRecord> embedded = new ArrayList<>(input.size());
    int batch = config.embedderBatchSize();
    for (int from = 0; from < input.size(); from += batch) {
      embedded.addAll(withVectors(input.subList(from, Math.min(input.size(), from + batch))));
      progress.update(embedded.size(), input.size());
    }
    return embedded;
  }

  /** The records one recall injected, and when. */
  private record Access(List<String> ids, Instant when) {}

  /** One recall to log. */
  record LogEntry(Scope scope, String query, RecallResult result, Instant when) {}

  /**
   * Off the recall's critical path: queues the injected records' access statistics (they feed
   * decay) and the recall-log entry for the background batchers.
   */
  private void afterRecall(RecallRequest request, RecallResult result) {
    Instant when = clock.instant();
    if (!result.items().isEmpty()) {
      accesses.submit(new Access(result.items().stream().map(i -> i.record().id()).toList(), when));
    }
    if (recallLog != null) {
      recallLog.submit(new LogEntry(request.scope(), request.query(), result, when));
    }
  }

  /**
   * Applies queued accesses: each record's {@code recallCount} goes up by the number of recalls
   * that injected it, and its {@code lastAccessed} becomes the latest recall time of the batch
   * (exact when recalls are spaced; within the batch's span during a burst, far below any decay
   * half-life). Usually every record occurs once and the store updates doc values in place, as
   * designed. When a burst queued several recalls of one record (a pinned profile is in every
   * recall), the store's +1-per-call update would cost one commit per recall; re-indexing those
   * records with their summed counts costs one commit for the batch instead. Under the write lock,
   * so a concurrent state change cannot lose an increment.
   */
  private void applyAccesses(List<Access> batch) {
    Map<String, Long> counts = new java.util.TreeMap<>();
    Instant latest = Instant.MIN;
    for (Access access : batch) {
      new java.util.TreeSet<>(access.ids()).forEach(id -> counts.merge(id, 1L, Long::sum));
      latest = access.when().isAfter(latest) ? access.when() : latest;
    }
    Instant when = latest;
    // In place, one commit, whatever the counts: re-indexing the records a batch injected more than
    // once added segments and HNSW builds that cost as much CPU as the recalls themselves.
    locked(() -> {
      io(() -> store.recordAccess(counts, when));
      return null;
    });
  }

  private StatsStore stats() {
    if (statsStore == null) {
      throw new IllegalStateException("statistics are off (stats.enabled: false in the configuration)");
    }
    return statsStore;
  }

  /**
   * Runs one search per visible scope and merges the hits as one search over their union would
   * order them: score descending, then id, ranks renumbered. Scores of separate searches are
   * comparable because scope filters never score (BM25 statistics and vector similarity do not
   * depend on the filter). With no team this is the single search.
   */
  private List<Hit> acrossScopes(List<StoreFilter> filters, int topK, IoSearch search) {
    if (filters.size() == 1) {
      return io(() -> search.run(filters.get(0)));
    }
    List<Hit> all = new ArrayList<>();
    for (StoreFilter filter : filters) {
      all.addAll(io(() -> search.run(filter)));
    }
    all.sort(Comparator.comparingDouble((Hit h) -> h.score()).reversed().thenComparing(h -> h.record().id()));
    List<Hit> merged = new ArrayList<>(Math.min(topK, all.size()));
    for (int i = 0; i < Math.min(topK, all.size()); i++) {
      merged.add(new Hit(all.get(i).record(), i + 1, all.get(i).score()));
    }
    return merged;
  }

  private interface IoSearch {
    List<Hit> run(StoreFilter filter) throws IOException;
  }

  /**
   * Decides what one record of a save becomes: a new record, a replacement of the same id (keeping
   * the stored creation time and statistics), or a refresh of the stored record it repeats.
   */
  private MemoryRecord resolve(Batch batch, MemoryRecord record) {
    MemoryRecord existing = batch.current(record.id());
    checkSameNamespace(existing, record);
    if (existing != null) {
      Instant updated = later(existing.updated());
      return record.toBuilder()
          .created(existing.created().isBefore(record.created()) ? existing.created() : record.created())
          .updated(record.updated().isAfter(updated) ? record.updated() : updated)
          .recallCount(existing.recallCount())
          .lastAccessed(existing.lastAccessed())
          .build();
    }
    Optional<String> repeated = batch.duplicateOf(record);
    if (repeated.isEmpty()) {
      return record;
    }
    MemoryRecord original = batch.current(repeated.get());
    MemoryRecord.Builder refreshed = original.toBuilder().updated(later(original.updated()));
    if (original.tier() == Tier.ARCHIVED) {
      refreshed.tier(Tier.ACTIVE);
    }
    return refreshed.build();
  }

  private static void checkSameNamespace(MemoryRecord existing, MemoryRecord record) {
    Checks.require(existing == null || existing.scope().namespace().equals(record.scope().namespace()), "id",
        "%s is already used by a record of another namespace; ids are unique across the index", Checks.excerpt(record.id()));
  }

  /**
   * The records one write changes, staged in memory and committed with one {@code upsertAll}; the
   * duplicate index follows only after the commit succeeded. Used under the write lock.
   */
  private final class Batch {
    /** What the batch writes, by id, in staging order. */
    final Map<String, MemoryRecord> staged = new LinkedHashMap<>();
    /** What the index held before, by id (null: absent). */
    private final Map<String, MemoryRecord> before = new HashMap<>();
    /** Content repeats among the staged records, by staged id. */
    private final DuplicateIndex stagedDuplicates = DuplicateIndex.empty();

    /** The record's state as the batch would leave it: staged, else stored, else null. */
    MemoryRecord current(String id) {
      MemoryRecord s = staged.get(id);
      if (s != null) {
        return s;
      }
      if (!before.containsKey(id)) {
        before.put(id, io(() -> store.get(id)).orElse(null));
      }
      return before.get(id);
    }

    Optional<String> duplicateOf(MemoryRecord r) {
      Optional<String> inBatch = io(() -> stagedDuplicates.find(null, r));
      return inBatch.isPresent() ? inBatch : io(() -> duplicates.find(store, r));
    }

    MemoryRecord stage(MemoryRecord r) {
      MemoryRecord previous = current(r.id());
      staged.put(r.id(), r);
      stagedDuplicates.update(previous, r);
      return r;
    }

    void commit() {
      if (staged.isEmpty()) {
        return;
      }
      io(() -> store.upsertAll(staged.values()));
      staged.forEach((id, r) -> duplicates.update(before.get(id), r));
    }
  }

  private MemoryRecord write(MemoryRecord before, MemoryRecord after) {
    io(() -> store.upsert(after));
    duplicates.update(before, after);
    return after;
  }

  private MemoryRecord changeTier(Scope scope, String id, Tier target, Set<Tier> from, String verb) {
    return locked(() -> {
      MemoryRecord current = require(scope, id);
      if (current.tier() == target) {
        return current;
      }
      requireActive(current, verb);
      Checks.require(from.contains(current.tier()), "tier", "record %s is %s; only %s records can be %s",
          Checks.excerpt(id), Wire.name(current.tier()), from.stream().map(Wire::name).sorted().toList(), verb);
      return write(current, current.toBuilder().tier(target).updated(later(current.updated())).build());
    });
  }

  private static void requireActive(MemoryRecord r, String verb) {
    Checks.require(r.status() == Status.ACTIVE, "status", "record %s is %s; only active records can be %s",
        Checks.excerpt(r.id()), Wire.name(r.status()), verb);
  }

  /** The record that superseded {@code r}: among its links, the one whose {@code supersedes} is r. */
  private Optional<MemoryRecord> successor(Scope scope, MemoryRecord r) {
    if (r.status() != Status.SUPERSEDED) {
      return Optional.empty();
    }
    for (String link : r.links()) {
      Optional<MemoryRecord> next = get(scope, link).filter(n -> r.id().equals(n.supersedes()));
      if (next.isPresent()) {
        return next;
      }
    }
    return Optional.empty();
  }

  private List<MemoryRecord> pageAfter(String after) {
    return io(() -> store.page(after, EXPORT_PAGE));
  }

  private <T> T locked(java.util.function.Supplier<T> change) {
    writes.lock();
    try {
      return change.get();
    } finally {
      writes.unlock();
    }
  }

  private MemoryRecord require(Scope scope, String id) {
    Checks.notNull(scope, "scope");
    Checks.notBlank(id, "id");
    return get(scope, id).orElseThrow(() -> new IllegalArgumentException(
        "id: no record " + Checks.excerpt(id) + " in scope " + scope));
  }

  /** Now, but never before {@code floor}: a record's updated time never goes backwards. */
  private Instant later(Instant floor) {
    Instant now = clock.instant();
    return now.isBefore(floor) ? floor : now;
  }

  private interface IoCall<T> {
    T call() throws IOException;
  }

  private interface IoRun {
    void run() throws IOException;
  }

  private static <T> T io(IoCall<T> call) {
    try {
      return call.call();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void io(IoRun run) {
    try {
      run.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Records the wall time of consecutive stages. */
  private static final class Stopwatch {
    private final Map<String, Double> timings;
    private long last = System.nanoTime();

    Stopwatch(Map<String, Double> timings) {
      this.timings = timings;
    }

    /** Starts the next lap now: time spent elsewhere is not charged to it. */
    void restart() {
      last = System.nanoTime();
    }

    void lap(String stage) {
      long now = System.nanoTime();
      timings.put(stage, (now - last) / 1e6);
      last = now;
    }
  }

}
