package dev.recall4j.engine;

import dev.recall4j.budget.BudgetSizing;
import dev.recall4j.budget.PackedContext;
import dev.recall4j.budget.Packer;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.embeddings.EmbeddingException;
import dev.recall4j.embeddings.Embedders;
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
import dev.recall4j.store.StoreOptions;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
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

  private RecallEngine(EngineConfig config, Embedder embedder, Clock clock) throws IOException {
    this.config = config;
    this.clock = clock;
    this.embedder = embedder;
    StoreOptions.Builder options = StoreOptions.builder(config.indexDir())
        .vectorEncoding(config.storeVectorEncoding())
        .hnswM(config.hnswM())
        .hnswBeamWidth(config.hnswBeamWidth())
        .vectorCandidates(config.vectorCandidates())
        .bm25K1(config.bm25K1())
        .bm25B(config.bm25B())
        .codeFieldBoost((float) config.codeFieldBoost());
    if (embedder != null) {
      options.vectorDimension(embedder.dimension()).embeddingModel(embedder.modelId());
    }
    this.store = LuceneStore.open(options.build());
    this.background = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("recall4j-bg-", 0).factory());
    this.queryEmbedding = embedder == null ? null : new QueryEmbedding(embedder, background);
    this.tierPolicy = config.tierPolicy();
    this.ranker = Ranker.builder().fusion(config.fusionMethod()).tierPolicy(tierPolicy).clock(clock).build();
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

  /** The embedder a configuration names, or null for {@code provider: none}. */
  public static Embedder createEmbedder(EngineConfig config) {
    return switch (config.embedderProvider()) {
      case NONE -> null;
      case ONNX -> Embedders.inProcess(config.embedderModel());
      case OLLAMA -> Embedders.ollama(OllamaOptions.builder(config.embedderModel())
          .host(config.ollamaHost())
          .timeout(config.embedderTimeout())
          .batchSize(config.embedderBatchSize())
          .build());
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
   * Saves (inserts or replaces by id) one record, embedding it first when an embedder is
   * configured and the record carries no vector. Durable when it returns.
   *
   * @return the record as stored (with its vector and embedding model)
   */
  public MemoryRecord save(MemoryRecord record) {
    Checks.notNull(record, "record");
    MemoryRecord embedded = withVectors(List.of(record)).get(0);
    io(() -> store.upsert(embedded));
    return embedded;
  }

  /** Saves many records in one commit: all or nothing. Embeds in batches of {@code embedder.batch_size}. */
  public List<MemoryRecord> saveAll(Collection<MemoryRecord> records) {
    return saveAll(records, IngestProgress.NONE);
  }

  /** {@link #saveAll(Collection)} with progress reports after each embedding batch. */
  public List<MemoryRecord> saveAll(Collection<MemoryRecord> records, IngestProgress progress) {
    Checks.notNull(records, "records");
    List<MemoryRecord> input = List.copyOf(records);
    List<MemoryRecord> embedded = new ArrayList<>(input.size());
    int batch = config.embedderBatchSize();
    for (int from = 0; from < input.size(); from += batch) {
      embedded.addAll(withVectors(input.subList(from, Math.min(input.size(), from + batch))));
      progress.update(embedded.size(), input.size());
    }
    io(() -> store.upsertAll(embedded));
    return embedded;
  }

  /** The record with this id if it exists and the scope may see it (any status or tier). */
  public Optional<MemoryRecord> get(Scope scope, String id) {
    Checks.notNull(scope, "scope");
    Checks.notBlank(id, "id");
    return io(() -> store.get(id)).filter(r -> scope.canSee(r.scope()));
  }

  /**
   * Forgets a record: a soft delete. It stays in the index for audit, is never recalled again and
   * is shown by {@link #get} with status {@code deleted}.
   *
   * @throws IllegalArgumentException naming the id when the scope holds no such record
   */
  public MemoryRecord forget(Scope scope, String id) {
    MemoryRecord current = require(scope, id);
    MemoryRecord deleted = current.toBuilder().status(Status.DELETED).updated(later(current.updated())).build();
    io(() -> store.upsert(deleted));
    return deleted;
  }

  /**
   * Recalls what is relevant to the request, packed into its token budget: pinned records of the
   * scope first, then the fused, weighted and deduplicated candidates of both paths.
   */
  public RecallResult recall(RecallRequest request) {
    Checks.notNull(request, "request");
    long start = System.nanoTime();
    Map<String, Double> timings = new LinkedHashMap<>();
    Stopwatch watch = new Stopwatch(timings);
    List<ScoredRecord> pinned = pinned(request);
    watch.lap("pinned");

    List<ScoredRecord> ranked = List.of();
    List<DroppedItem> dropped = new ArrayList<>();
    String retrieval = "pinned only (empty query)";
    if (!request.query().isEmpty()) {
      Retrieval candidates = retrieve(request, start);
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
        : BudgetSizing.budgetFor(
            config.contextLength() > 0 ? OptionalInt.of(config.contextLength()) : OptionalInt.empty(),
            config.budgetShare());
    PackedContext packed = packer.pack(pinned, ranked, budget);
    watch.lap("pack");
    timings.put("total", (System.nanoTime() - start) / 1e6);

    recordAccessLater(packed.items());
    dropped.addAll(packed.dropped());
    List<String> warnings = new ArrayList<>(packed.warnings());
    if (retrieval.startsWith("lexical (embedder error")) {
      warnings.add(retrieval);
    }
    return new RecallResult(packed.context(), packed.items(), dropped, packed.budgetTokens(),
        packed.tokensUsed(), packed.tokenizer(), retrieval, timings, warnings);
  }

  /**
   * The candidates of a query on both paths, before fusion: the lexical path always, the vector
   * path when an embedder gives the query vector within the request's deadline. Pinned records are
   * not included (they are injected regardless of the query).
   */
  public Retrieval retrieve(RecallRequest request) {
    Checks.notNull(request, "request");
    return retrieve(request, System.nanoTime());
  }

  /** Fuses, weights and deduplicates a retrieval with this engine's ranking settings. */
  public RankingResult rank(Retrieval retrieval) {
    return ranker.rank(retrieval.paths(), retrieval.records());
  }

  private Retrieval retrieve(RecallRequest request, long start) {
    Map<String, Double> timings = new LinkedHashMap<>();
    Stopwatch watch = new Stopwatch(timings);
    Duration deadline = request.deadline() != null ? request.deadline() : config.deadline();
    StoreFilter filter = StoreFilter.recallable(request.scope())
        .withSilos(request.silos())
        .withKinds(request.kinds())
        .withTags(request.tags())
        .withTiers(request.includeArchived() ? EnumSet.of(Tier.ACTIVE, Tier.ARCHIVED) : EnumSet.of(Tier.ACTIVE));
    int topK = request.topK() != null ? request.topK() : config.topK();
    List<Hit> lexical = io(() -> store.searchLexical(request.query(), filter, topK));
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
        semantic = io(() -> store.searchVector(queryVector, filter, topK));
        watch.lap("vector");
      }
    }
    Map<String, MemoryRecord> records = new HashMap<>();
    lexical.forEach(h -> records.put(h.record().id(), h.record()));
    semantic.forEach(h -> records.put(h.record().id(), h.record()));
    List<PathResult> paths = List.of(path(PathResult.LEXICAL, lexical), path(PathResult.VECTOR, semantic));
    return new Retrieval(paths, records, retrieval, timings);
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
    background.shutdown();
    try {
      if (!background.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("background work did not finish in 30 s; access statistics may be incomplete");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      store.close();
    } finally {
      if (embedder != null) {
        embedder.close();
      }
    }
  }

  private List<ScoredRecord> pinned(RecallRequest request) {
    StoreFilter scoped = StoreFilter.recallable(request.scope())
        .withSilos(request.silos())
        .withKinds(request.kinds())
        .withTiers(EnumSet.of(Tier.PINNED));
    List<MemoryRecord> found = io(() -> store.find(scoped, MAX_PINNED));
    if (found.size() == MAX_PINNED) {
      LOG.warn("more than {} pinned records in scope; only the first {} by id are considered", MAX_PINNED, MAX_PINNED);
    }
    return found.stream()
        .sorted(Comparator.comparingInt((MemoryRecord r) -> tierPolicy.priority(r.kind())).thenComparing(MemoryRecord::id))
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
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      if (records.get(i).vector() == null) {
        missing.add(i);
        texts.add(embeddingText(records.get(i)));
      }
    }
    if (missing.isEmpty()) {
      return records;
    }
    List<float[]> vectors = embedder.embedDocuments(texts);
    List<MemoryRecord> out = new ArrayList<>(records);
    for (int j = 0; j < missing.size(); j++) {
      int i = missing.get(j);
      out.set(i, out.get(i).toBuilder().vector(vectors.get(j)).embeddingModel(embedder.modelId()).build());
    }
    return out;
  }

  /** The text a record is embedded from: its title and content, as the lexical path sees them. */
  static String embeddingText(MemoryRecord r) {
    return r.title() == null ? r.content() : r.title() + "\n" + r.content();
  }

  private void recordAccessLater(List<RecalledItem> items) {
    if (items.isEmpty()) {
      return;
    }
    List<String> ids = items.stream().map(i -> i.record().id()).toList();
    Instant when = clock.instant();
    background.execute(() -> {
      try {
        store.recordAccess(ids, when);
      } catch (IOException | RuntimeException e) {
        LOG.warn("could not record access of {} records: {}", ids.size(), e.toString());
      }
    });
  }

  private MemoryRecord require(Scope scope, String id) {
    return get(scope, id).orElseThrow(() -> new IllegalArgumentException(
        "id: no record " + Checks.excerpt(id) + " in namespace " + scope.namespace()));
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
