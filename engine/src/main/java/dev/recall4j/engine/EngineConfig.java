package dev.recall4j.engine;

import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.core.Wire;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.ranking.Fusion;
import dev.recall4j.ranking.Fusions;
import dev.recall4j.ranking.RecencyDecay;
import dev.recall4j.ranking.TierPolicy;
import dev.recall4j.store.StoreOptions;
import dev.recall4j.store.VectorEncoding;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Every setting of an engine, immutable. Build with {@link #builder(Path)} or read a YAML file with
 * {@link ConfigFile}. Each setting is named here as it is spelled in {@code recall4j.yaml}; bad values
 * fail at build time with that name.
 *
 * @param workspace the workspace root; relative paths are resolved against it
 * @param indexDir {@code index}: the Lucene index directory (default {@code agents/index})
 * @param namespace {@code namespace}: the default namespace of records and requests ({@code default})
 * @param embedderProvider {@code embedder.provider}: none, onnx (default) or ollama
 * @param embedderModel {@code embedder.model}: the model name ({@code bge-small-en-v15-q})
 * @param ollamaHost {@code embedder.host}: the Ollama server ({@code http://127.0.0.1:11434})
 * @param embedderTimeout {@code embedder.timeout_ms}: hard timeout of one Ollama call (10,000 ms)
 * @param embedderBatchSize {@code embedder.batch_size}: texts per embedding call when ingesting (32)
 * @param passageWords {@code embedder.passage_words}: a record whose text has more words is embedded
 *     in passages of at most this many, one vector each, and ranks by its best passage (128, chosen
 *     by measurement: docs/RESULTS.md "Passage vectors"); 0 embeds every text as one vector
 * @param queryCacheSize {@code embedder.cache_size}: cached query vectors (1,024)
 * @param embedInBackground {@code embedder.background}: when true, a save returns once the record
 *     is lexically searchable and a background worker adds its vector (false: saves embed first)
 * @param deadline {@code recall.deadline_ms}: end-to-end time after which recall answers from the
 *     lexical path alone (200 ms; from the seeds' per-prompt target)
 * @param topK {@code recall.top_k}: candidates taken from each path (50)
 * @param fusion {@code recall.fusion}: the fusion spec (default {@code convex:alpha=0.5}: min-max
 *     normalised scores, equal weights, after Bruch et al., TOIS 2023). Chosen by the fusion sweep in
 *     docs/RESULTS.md with bge-small and passage vectors: the largest α at or above the better single
 *     path on every shared dataset and LoCoMo level (α 0.6 loses LoCoMo turns to BM25); before
 *     passage vectors α 0.3 was the largest, because one vector per long session was a poor signal;
 *     RRF (k = 60) loses LoCoMo turns and sessions to BM25
 * @param recencyDecay {@code recall.decay}: multiply scores by the per-kind recency decay of {@code
 *     RecencyDecay.defaults()} (on by default, floor 0.9: a gentle tie-breaker that cost at most
 *     0.0023 nDCG@10 on LoCoMo, where questions ask about any time; floor 0.5 cost 0.03-0.07)
 * @param tierBoost {@code recall.tier_boost}: how much the first priority tier (profile, facts) is
 *     boosted over the last (KB observations) when scores are ordered: final × (1 + boost) down to
 *     final × 1; {@code strict} orders by tier first. Default 0.25, so relevance decides and the tier
 *     breaks near-ties.
 * @param contextLength {@code budget.context_length}: the model's context window in tokens, or 0
 *     when unknown (then the budget is 512 tokens)
 * @param budgetShare {@code budget.share}: share of the context window the recalled block may take,
 *     in (0, 1] (0.25)
 * @param tokenizer {@code budget.tokenizer}: heuristic, cl100k (default) or o200k
 * @param pinnedShare {@code budget.pinned_share}: share of the budget pinned records may take (0.5)
 * @param vectorEncoding {@code index_settings.vector_encoding}: float32, int8 (default) or int4
 * @param hnswM {@code index_settings.hnsw_m}: HNSW graph degree (16, Lucene's default)
 * @param hnswBeamWidth {@code index_settings.hnsw_beam_width}: HNSW construction beam (100)
 * @param vectorCandidates {@code index_settings.vector_candidates}: HNSW candidates searched before
 *     keeping top-k (100)
 * @param bm25K1 {@code index_settings.bm25_k1}: BM25 k1 (0.9, Anserini's setting)
 * @param bm25B {@code index_settings.bm25_b}: BM25 b (0.4, Anserini's setting)
 * @param codeFieldBoost {@code index_settings.code_field_boost}: weight of the code-aware field
 *     (split identifiers, paths) beside the English text field, applied at query time (0.3; 0 gives
 *     plain BM25 as Anserini computes it)
 * @param statsEnabled {@code stats.enabled}: keep the recall log and the {@code memory_stats}
 *     sessions in a SQLite file (true); false opens no database and {@link
 *     RecallEngine#recordSession} refuses
 * @param statsDb {@code stats.db}: the SQLite file, relative to the workspace; null (the default)
 *     means {@value #STATS_FILE} beside the index directory (see {@link #statsFile()})
 * @param logMaxRows {@code stats.log_max_rows}: recall-log rows kept over all namespaces, oldest
 *     dropped first (10,000); 0 keeps no recall log while sessions are still recorded
 * @param logMaxDays {@code stats.log_max_days}: recall-log rows older than this many days are
 *     dropped (30)
 */
public record EngineConfig(
    Path workspace,
    Path indexDir,
    String namespace,
    EmbedderProvider embedderProvider,
    String embedderModel,
    URI ollamaHost,
    Duration embedderTimeout,
    int embedderBatchSize,
    int passageWords,
    int queryCacheSize,
    boolean embedInBackground,
    Duration deadline,
    int topK,
    String fusion,
    boolean recencyDecay,
    String tierBoost,
    int contextLength,
    double budgetShare,
    String tokenizer,
    double pinnedShare,
    String vectorEncoding,
    int hnswM,
    int hnswBeamWidth,
    int vectorCandidates,
    double bm25K1,
    double bm25B,
    double codeFieldBoost,
    boolean statsEnabled,
    Path statsDb,
    int logMaxRows,
    int logMaxDays) {
  /** {@code embedder.passage_words} unless configured: see docs/RESULTS.md "Passage vectors". */
  public static final int DEFAULT_PASSAGE_WORDS = 128;


  /** The index directory under the workspace root when none is configured. */
  public static final String DEFAULT_INDEX = "agents/index";

  /** The statistics database's file name, beside the index directory unless {@code stats.db} says otherwise. */
  public static final String STATS_FILE = "recall4j.db";

  public EngineConfig {
    workspace = Checks.notNull(workspace, "workspace").toAbsolutePath().normalize();
    indexDir = workspace.resolve(Checks.notNull(indexDir, "index")).normalize();
    namespace = Scope.of(namespace).namespace();
    Checks.notNull(embedderProvider, "embedder.provider");
    embedderModel = Checks.notBlank(embedderModel, "embedder.model");
    Checks.notNull(ollamaHost, "embedder.host");
    Checks.require(
        ollamaHost.getScheme() != null && ollamaHost.getScheme().startsWith("http"),
        "embedder.host", "must be an http(s) URL, got %s", ollamaHost);
    checkPositive(embedderTimeout, "embedder.timeout_ms");
    Checks.require(embedderBatchSize >= 1, "embedder.batch_size", "must be >= 1, got %d", embedderBatchSize);
    Checks.require(passageWords == 0 || passageWords >= Passages.MIN_WORDS, "embedder.passage_words",
        "must be 0 (one vector per record) or >= %d, got %d", Passages.MIN_WORDS, passageWords);
    Checks.require(queryCacheSize >= 0, "embedder.cache_size", "must be >= 0, got %d", queryCacheSize);
    Checks.notNull(deadline, "recall.deadline_ms");
    Checks.require(!deadline.isNegative(), "recall.deadline_ms", "must be >= 0, got %d", deadline.toMillis());
    Checks.require(
        topK >= 1 && topK <= RecallRequest.MAX_TOP_K, "recall.top_k", "must be in [1, %d], got %d", RecallRequest.MAX_TOP_K, topK);
    fusion = Checks.notBlank(fusion, "recall.fusion");
    tierBoost = Checks.notBlank(tierBoost, "recall.tier_boost");
    Checks.require(contextLength >= 0, "budget.context_length", "must be >= 0 (0 = unknown), got %d", contextLength);
    Checks.require(
        budgetShare > 0 && budgetShare <= 1, "budget.share", "must be in (0, 1], got %s", budgetShare);
    tokenizer = Checks.notBlank(tokenizer, "budget.tokenizer");
    Checks.require(
        pinnedShare > 0 && pinnedShare <= 1, "budget.pinned_share", "must be in (0, 1], got %s", pinnedShare);
    vectorEncoding = Checks.notBlank(vectorEncoding, "index_settings.vector_encoding");
    Checks.require(hnswM >= 2 && hnswM <= 512, "index_settings.hnsw_m", "must be in [2, 512], got %d", hnswM);
    Checks.require(
        hnswBeamWidth >= 1 && hnswBeamWidth <= 3200, "index_settings.hnsw_beam_width", "must be in [1, 3200], got %d", hnswBeamWidth);
    Checks.require(
        vectorCandidates >= 1 && vectorCandidates <= RecallRequest.MAX_TOP_K,
        "index_settings.vector_candidates", "must be in [1, %d], got %d", RecallRequest.MAX_TOP_K, vectorCandidates);
    Checks.inRange(bm25K1, 0, 10, "index_settings.bm25_k1");
    Checks.inRange(bm25B, 0, 1, "index_settings.bm25_b");
    Checks.inRange(codeFieldBoost, 0, 10, "index_settings.code_field_boost");
    statsDb = statsDb == null ? null : workspace.resolve(statsDb).normalize();
    Checks.require(logMaxRows >= 0, "stats.log_max_rows", "must be >= 0 (0 = no recall log), got %d", logMaxRows);
    Checks.require(logMaxDays >= 1, "stats.log_max_days", "must be >= 1, got %d", logMaxDays);
    String tokenizerName = tokenizer;
    String fusionSpec = fusion;
    String encoding = vectorEncoding;
    underKey("budget.tokenizer", () -> TokenCounters.byName(tokenizerName));
    underKey("recall.fusion", () -> Fusions.parse(fusionSpec));
    String boost = tierBoost;
    underKey("recall.tier_boost", () -> parseTierPolicy(boost));
    underKey("index_settings.vector_encoding", () -> Wire.parse(VectorEncoding.class, "vector_encoding", encoding));
  }

  /** Runs a parser of another module and reports its failure under this file's setting name. */
  private static void underKey(String key, Runnable parse) {
    try {
      parse.run();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
    }
  }

  /** The token counter named by {@link #tokenizer()}. */
  public TokenCounter tokenCounter() {
    return TokenCounters.byName(tokenizer);
  }

  /** The fusion named by {@link #fusion()}. */
  public Fusion fusionMethod() {
    return Fusions.parse(fusion);
  }

  /** The recency decay ranking applies: the per-kind defaults when {@code recall.decay} is on, else none. */
  public RecencyDecay recencyDecayPolicy() {
    return recencyDecay ? RecencyDecay.defaults() : RecencyDecay.none();
  }

  /** The tier policy named by {@link #tierBoost()}. */
  public TierPolicy tierPolicy() {
    return parseTierPolicy(tierBoost);
  }

  private static TierPolicy parseTierPolicy(String value) {
    if (value.equals("strict")) {
      return TierPolicy.strict();
    }
    try {
      return TierPolicy.boost(Double.parseDouble(value));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("must be \"strict\" or a boost >= 0, got \"" + value + "\"", e);
    }
  }

  /**
   * The store settings of this configuration for an index in {@code dir}, holding the vectors of
   * {@code embedder} (null: whatever model the index records, or none).
   */
  public StoreOptions storeOptions(Path dir, Embedder embedder) {
    StoreOptions.Builder options = StoreOptions.builder(dir)
        .vectorEncoding(storeVectorEncoding())
        .hnswM(hnswM)
        .hnswBeamWidth(hnswBeamWidth)
        .vectorCandidates(vectorCandidates)
        .bm25K1(bm25K1)
        .bm25B(bm25B)
        .codeFieldBoost((float) codeFieldBoost);
    if (embedder != null) {
      options.vectorDimension(embedder.dimension()).embeddingModel(embedder.modelId());
    }
    return options.build();
  }

  /** The store encoding named by {@link #vectorEncoding()}. */
  public VectorEncoding storeVectorEncoding() {
    return Wire.parse(VectorEncoding.class, "index_settings.vector_encoding", vectorEncoding);
  }

  private static void checkPositive(Duration value, String field) {
    Checks.notNull(value, field);
    Checks.require(!value.isNegative() && !value.isZero(), field, "must be > 0, got %d", value.toMillis());
  }

  public static Builder builder(Path workspace) {
    return new Builder(workspace);
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The statistics database: {@link #statsDb()} when set, else {@value #STATS_FILE} beside the index. */
  public Path statsFile() {
    return statsDb != null ? statsDb : indexDir.resolveSibling(STATS_FILE);
  }

  /** The default scope of this engine's requests and records. */
  public Scope defaultScope() {
    return Scope.of(namespace);
  }

  /** Builds an {@link EngineConfig}; every unset setting takes the documented default. */
  public static final class Builder {
    private Path workspace;
    private Path indexDir = Path.of(DEFAULT_INDEX);
    private String namespace = Scope.DEFAULT_NAMESPACE;
    private EmbedderProvider embedderProvider = EmbedderProvider.ONNX;
    private String embedderModel = Embedders.DEFAULT_MODEL;
    private URI ollamaHost = URI.create("http://127.0.0.1:11434");
    private Duration embedderTimeout = Duration.ofSeconds(10);
    private int embedderBatchSize = 32;
    private int passageWords = DEFAULT_PASSAGE_WORDS;
    private int queryCacheSize = 1024;
    private boolean embedInBackground;
    private Duration deadline = Duration.ofMillis(200);
    private int topK = 50;
    private String fusion = "convex:alpha=0.5";
    private boolean recencyDecay = true;
    private String tierBoost = "0.25";
    private int contextLength;
    private double budgetShare = 0.25;
    private String tokenizer = "cl100k";
    private double pinnedShare = 0.5;
    private String vectorEncoding = "int8";
    private int hnswM = 16;
    private int hnswBeamWidth = 100;
    private int vectorCandidates = 100;
    private double bm25K1 = 0.9;
    private double bm25B = 0.4;
    private double codeFieldBoost = StoreOptions.DEFAULT_CODE_FIELD_BOOST;
    private boolean statsEnabled = true;
    private Path statsDb;
    private int logMaxRows = 10_000;
    private int logMaxDays = 30;

    private Builder(Path workspace) {
      this.workspace = workspace;
    }

    private Builder(EngineConfig c) {
      workspace = c.workspace;
      indexDir = c.indexDir;
      namespace = c.namespace;
      embedderProvider = c.embedderProvider;
      embedderModel = c.embedderModel;
      ollamaHost = c.ollamaHost;
      embedderTimeout = c.embedderTimeout;
      embedderBatchSize = c.embedderBatchSize;
      passageWords = c.passageWords;
      queryCacheSize = c.queryCacheSize;
      embedInBackground = c.embedInBackground;
      deadline = c.deadline;
      topK = c.topK;
      fusion = c.fusion;
      recencyDecay = c.recencyDecay;
      tierBoost = c.tierBoost;
      contextLength = c.contextLength;
      budgetShare = c.budgetShare;
      tokenizer = c.tokenizer;
      pinnedShare = c.pinnedShare;
      vectorEncoding = c.vectorEncoding;
      hnswM = c.hnswM;
      hnswBeamWidth = c.hnswBeamWidth;
      vectorCandidates = c.vectorCandidates;
      bm25K1 = c.bm25K1;
      bm25B = c.bm25B;
      codeFieldBoost = c.codeFieldBoost;
      statsEnabled = c.statsEnabled;
      statsDb = c.statsDb;
      logMaxRows = c.logMaxRows;
      logMaxDays = c.logMaxDays;
    }

    /** The index directory; a relative path is resolved against the workspace. */
    public Builder indexDir(Path indexDir) { this.indexDir = indexDir; return this; }
    public Builder namespace(String namespace) { this.namespace = namespace; return this; }
    public Builder embedderProvider(EmbedderProvider provider) { this.embedderProvider = provider; return this; }
    public Builder embedderModel(String model) { this.embedderModel = model; return this; }
    public Builder ollamaHost(URI host) { this.ollamaHost = host; return this; }
    public Builder embedderTimeout(Duration timeout) { this.embedderTimeout = timeout; return this; }
    public Builder embedderBatchSize(int batchSize) { this.embedderBatchSize = batchSize; return this; }
    /** Words per embedded passage of a long text; 0: one vector per record. */
    public Builder passageWords(int words) { this.passageWords = words; return this; }
    public Builder queryCacheSize(int size) { this.queryCacheSize = size; return this; }
    public Builder embedInBackground(boolean background) { this.embedInBackground = background; return this; }
    public Builder deadline(Duration deadline) { this.deadline = deadline; return this; }
    public Builder topK(int topK) { this.topK = topK; return this; }
    public Builder fusion(String fusion) { this.fusion = fusion; return this; }
    public Builder recencyDecay(boolean decay) { this.recencyDecay = decay; return this; }
    /** A boost >= 0 as text ({@code "0.25"}) or {@code "strict"}. */
    public Builder tierBoost(String tierBoost) { this.tierBoost = tierBoost; return this; }
    public Builder contextLength(int contextLength) { this.contextLength = contextLength; return this; }
    public Builder budgetShare(double share) { this.budgetShare = share; return this; }
    public Builder tokenizer(String tokenizer) { this.tokenizer = tokenizer; return this; }
    public Builder pinnedShare(double share) { this.pinnedShare = share; return this; }
    public Builder vectorEncoding(String encoding) { this.vectorEncoding = encoding; return this; }
    public Builder hnswM(int m) { this.hnswM = m; return this; }
    public Builder hnswBeamWidth(int beamWidth) { this.hnswBeamWidth = beamWidth; return this; }
    public Builder vectorCandidates(int candidates) { this.vectorCandidates = candidates; return this; }
    public Builder bm25K1(double k1) { this.bm25K1 = k1; return this; }
    public Builder bm25B(double b) { this.bm25B = b; return this; }
    public Builder codeFieldBoost(double boost) { this.codeFieldBoost = boost; return this; }
    public Builder statsEnabled(boolean enabled) { this.statsEnabled = enabled; return this; }
    /** The statistics database file; a relative path is resolved against the workspace; null: beside the index. */
    public Builder statsDb(Path file) { this.statsDb = file; return this; }
    public Builder logMaxRows(int rows) { this.logMaxRows = rows; return this; }
    public Builder logMaxDays(int days) { this.logMaxDays = days; return this; }

    public EngineConfig build() {
      return new EngineConfig(workspace, indexDir, namespace, embedderProvider, embedderModel, ollamaHost,
          embedderTimeout, embedderBatchSize, passageWords, queryCacheSize, embedInBackground, deadline, topK, fusion, recencyDecay, tierBoost, contextLength,
          budgetShare, tokenizer, pinnedShare, vectorEncoding, hnswM, hnswBeamWidth, vectorCandidates,
          bm25K1, bm25B, codeFieldBoost, statsEnabled, statsDb, logMaxRows, logMaxDays);
    }
  }
}
