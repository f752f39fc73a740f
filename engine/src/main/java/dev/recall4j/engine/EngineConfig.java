package dev.recall4j.engine;

import dev.recall4j.budget.Packer;
import dev.recall4j.budget.RenderOptions;
import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.Scope;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.core.Wire;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.embeddings.OllamaOptions;
import dev.recall4j.ranking.Fusion;
import dev.recall4j.ranking.Fusions;
import dev.recall4j.ranking.RecencyDecay;
import dev.recall4j.ranking.TierPolicy;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Every setting of an engine, immutable and parsed: each section of {@code recall4j.yaml} is a
 * typed record ({@link EmbedderSettings}, {@link RecallSettings}, {@link BudgetSettings}, {@link
 * IndexSettings}, {@link StatsSettings}) whose values the ranker, the packer and the store take as
 * they are. Build with {@link #builder(Path)}, which holds every default, or read a YAML file with
 * {@link ConfigFile}. Each setting is named as it is spelled in {@code recall4j.yaml}; bad values
 * fail at build time with that name.
 *
 * @param workspace the workspace root; relative paths are resolved against it
 * @param indexDir {@code index}: the Lucene index directory (default {@value #DEFAULT_INDEX})
 * @param namespace {@code namespace}: the default namespace of records and requests ({@code
 *     default})
 * @param project {@code project}: the default project of requests and records, or null for none (an
 *     agent's {@code memory.current_project})
 * @param embedder the {@code embedder} section
 * @param recall the {@code recall} section
 * @param budget the {@code budget} section
 * @param indexSettings the {@code index_settings} section
 * @param stats the {@code stats} section, its {@code db} resolved against the workspace
 */
public record EngineConfig(
    Path workspace,
    Path indexDir,
    String namespace,
    String project,
    EmbedderSettings embedder,
    RecallSettings recall,
    BudgetSettings budget,
    IndexSettings indexSettings,
    StatsSettings stats) {
  /** {@code embedder.passage_words} unless configured: see docs/RESULTS.md "Passage vectors". */
  public static final int DEFAULT_PASSAGE_WORDS = 128;

  /** The index directory under the workspace root when none is configured. */
  public static final String DEFAULT_INDEX = "agents/index";

  /** {@code recall.fusion} unless configured: see {@link RecallSettings#fusion()}. */
  public static final String DEFAULT_FUSION = "convex:alpha=0.5,weights=confidence";

  /** {@code recall.links.expand} unless configured: see {@link LinkSettings#expand()}. */
  public static final boolean DEFAULT_LINK_EXPANSION = false;

  /** {@code recall.links.damping} unless configured: see {@link LinkSettings#damping()}. */
  public static final double DEFAULT_LINK_DAMPING = 0.8;

  /** {@code recall.tier_boost} unless configured: see {@link RecallSettings#tierPolicy()}. */
  public static final String DEFAULT_TIER_BOOST = "0.25";

  /**
   * The statistics database's file name, inside the index directory unless {@code stats.db} says
   * otherwise.
   */
  public static final String STATS_FILE = "stats.db";

  /** Where recall4j kept the statistics database before: beside the index, shared by siblings. */
  static final String LEGACY_STATS_FILE = "recall4j.db";

  public EngineConfig {
    workspace = Checks.notNull(workspace, "workspace").toAbsolutePath().normalize();
    indexDir = workspace.resolve(Checks.notNull(indexDir, "index")).normalize();
    namespace = Scope.of(namespace).namespace();
    project = project == null || project.isBlank() ? null : Scope.of(namespace, project).project();
    Checks.notNull(embedder, "embedder");
    Checks.notNull(recall, "recall");
    Checks.notNull(budget, "budget");
    Checks.notNull(indexSettings, "index_settings");
    Checks.notNull(stats, "stats");
    if (stats.db() != null) {
      stats =
          new StatsSettings(
              stats.enabled(),
              workspace.resolve(stats.db()).normalize(),
              stats.shareDb(),
              stats.logMaxRows(),
              stats.logMaxDays());
    }
  }

  public static Builder builder(Path workspace) {
    return new Builder(workspace);
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * The statistics database: {@code stats.db} when set, else {@value #STATS_FILE} inside the index
   * directory, so that every index keeps its own recall log.
   */
  public Path statsFile() {
    return stats.db() != null ? stats.db() : indexDir.resolve(STATS_FILE);
  }

  /**
   * The statistics database of older versions, beside the index ({@value #LEGACY_STATS_FILE} in its
   * parent), moved into the index once by a writing engine; null when {@code stats.db} is set.
   */
  Path legacyStatsFile() {
    return stats.db() != null ? null : indexDir.resolveSibling(LEGACY_STATS_FILE);
  }

  /** The default scope of this engine's requests and records: namespace and project. */
  public Scope defaultScope() {
    return Scope.of(namespace, project);
  }

  /**
   * Builds an {@link EngineConfig}; every unset setting takes its default, defined here once. Specs
   * given as text (fusion, tier boost, tokenizer, vector encoding) are parsed once, by {@link
   * #build()}, and a bad one fails there under its {@code recall4j.yaml} key.
   */
  public static final class Builder {
    private Path workspace;
    private Path indexDir = Path.of(DEFAULT_INDEX);
    private String namespace = Scope.DEFAULT_NAMESPACE;
    private String project;
    private EmbedderProvider embedderProvider = EmbedderProvider.ONNX;
    // null: the provider's default model (Ollama does not serve the in-process default).
    private String embedderModel;
    private URI ollamaHost = URI.create("http://127.0.0.1:11434");
    private Duration embedderTimeout = Duration.ofSeconds(10);
    private int embedderBatchSize = 32;
    private int passageWords = DEFAULT_PASSAGE_WORDS;
    private int queryCacheSize = 1024;
    private boolean embedInBackground;
    private Duration deadline = Duration.ofMillis(200);
    private int topK = 50;
    private Supplier<Fusion> fusion = parsing("recall.fusion", DEFAULT_FUSION, Fusions::parse);
    private RecencyDecay recencyDecay = RecencyDecay.defaults();
    private Supplier<TierPolicy> tierPolicy =
        parsing("recall.tier_boost", DEFAULT_TIER_BOOST, RecallSettings::tierPolicy);
    private boolean linkExpansion = DEFAULT_LINK_EXPANSION;
    private double linkDamping = DEFAULT_LINK_DAMPING;
    private int maxLinked = 10;
    private int linkFollowTop = 10;
    private final Map<String, String> sourceContexts = new LinkedHashMap<>();
    private int contextLength;
    private double budgetShare = 0.25;
    private Supplier<TokenCounter> tokenCounter =
        parsing("budget.tokenizer", "cl100k", TokenCounters::byName);
    private double pinnedShare = Packer.DEFAULT_PINNED_SHARE;
    private String renderer = BudgetSettings.DEFAULT_RENDERER;
    private RenderOptions renderOptions = RenderOptions.DEFAULT;
    private final Map<Kind, Double> quotas = new HashMap<>();
    private IndexSettings indexSettings = IndexSettings.DEFAULTS;
    private String vectorEncoding;
    private boolean statsEnabled = true;
    private Path statsDb;
    private boolean statsShareDb;
    private int logMaxRows = 10_000;
    private int logMaxDays = 30;

    private Builder(Path workspace) {
      this.workspace = workspace;
    }

    private Builder(EngineConfig c) {
      workspace = c.workspace;
      indexDir = c.indexDir;
      namespace = c.namespace;
      project = c.project;
      EmbedderSettings e = c.embedder;
      embedderProvider = e.provider();
      embedderModel = e.model().equals(defaultModel(e.provider())) ? null : e.model();
      ollamaHost = e.host();
      embedderTimeout = e.timeout();
      embedderBatchSize = e.batchSize();
      passageWords = e.passageWords();
      queryCacheSize = e.cacheSize();
      embedInBackground = e.background();
      RecallSettings r = c.recall;
      deadline = r.deadline();
      topK = r.topK();
      fusion = r::fusion;
      recencyDecay = r.decay();
      tierPolicy = r::tierPolicy;
      linkExpansion = r.links().expand();
      linkDamping = r.links().damping();
      maxLinked = r.links().maxLinked();
      linkFollowTop = r.links().followTop();
      sourceContexts.putAll(r.sourceContexts());
      BudgetSettings b = c.budget;
      contextLength = b.contextLength();
      budgetShare = b.share();
      tokenCounter = b::tokenCounter;
      pinnedShare = b.pinnedShare();
      renderer = b.renderer();
      renderOptions = b.renderOptions();
      quotas.putAll(b.quotas());
      indexSettings = c.indexSettings;
      statsEnabled = c.stats.enabled();
      statsDb = c.stats.db();
      statsShareDb = c.stats.shareDb();
      logMaxRows = c.stats.logMaxRows();
      logMaxDays = c.stats.logMaxDays();
    }

    /** The index directory; a relative path is resolved against the workspace. */
    public Builder indexDir(Path indexDir) {
      this.indexDir = indexDir;
      return this;
    }

    public Builder namespace(String namespace) {
      this.namespace = namespace;
      return this;
    }

    /** The default project; null or blank: none. */
    public Builder project(String project) {
      this.project = project;
      return this;
    }

    public Builder embedderProvider(EmbedderProvider provider) {
      this.embedderProvider = provider;
      return this;
    }

    public Builder embedderModel(String model) {
      this.embedderModel = model;
      return this;
    }

    public Builder ollamaHost(URI host) {
      this.ollamaHost = host;
      return this;
    }

    public Builder embedderTimeout(Duration timeout) {
      this.embedderTimeout = timeout;
      return this;
    }

    public Builder embedderBatchSize(int batchSize) {
      this.embedderBatchSize = batchSize;
      return this;
    }

    /** Words per embedded passage of a long text; 0: one vector per record. */
    public Builder passageWords(int words) {
      this.passageWords = words;
      return this;
    }

    public Builder queryCacheSize(int size) {
      this.queryCacheSize = size;
      return this;
    }

    public Builder embedInBackground(boolean background) {
      this.embedInBackground = background;
      return this;
    }

    public Builder deadline(Duration deadline) {
      this.deadline = deadline;
      return this;
    }

    public Builder topK(int topK) {
      this.topK = topK;
      return this;
    }

    /** A fusion spec, see {@link Fusions#parse(String)}. */
    public Builder fusion(String spec) {
      this.fusion = parsing("recall.fusion", spec, Fusions::parse);
      return this;
    }

    /**
     * On: the per-kind defaults of {@link RecencyDecay#defaults()}; off: {@link
     * RecencyDecay#none()}.
     */
    public Builder recencyDecay(boolean decay) {
      this.recencyDecay = decay ? RecencyDecay.defaults() : RecencyDecay.none();
      return this;
    }

    /** A decay of your own: half-lives per kind, floor, whether access refreshes age. */
    public Builder recencyDecay(RecencyDecay decay) {
      this.recencyDecay = decay;
      return this;
    }

    /** A boost >= 0 as text ({@code "0.25"}) or {@code "strict"}. */
    public Builder tierBoost(String tierBoost) {
      this.tierPolicy = parsing("recall.tier_boost", tierBoost, RecallSettings::tierPolicy);
      return this;
    }

    /** {@code recall.links.expand}: whether recall follows links unless a request says. */
    public Builder linkExpansion(boolean expand) {
      this.linkExpansion = expand;
      return this;
    }

    /** {@code recall.links.damping}: a linked record's score is the hit's times this. */
    public Builder linkDamping(double damping) {
      this.linkDamping = damping;
      return this;
    }

    /** {@code recall.links.max_linked}: records pulled in through links per recall at most. */
    public Builder maxLinked(int max) {
      this.maxLinked = max;
      return this;
    }

    /** {@code recall.links.follow_top}: how many of the best hits have their links followed. */
    public Builder linkFollowTop(int hits) {
      this.linkFollowTop = hits;
      return this;
    }

    /**
     * {@code recall.source_contexts}: hits whose origin path lies under {@code prefix} carry {@code
     * description} as their source context (the longest prefix wins).
     */
    public Builder sourceContext(String prefix, String description) {
      sourceContexts.put(prefix, description);
      return this;
    }

    /** {@code budget.render_source_context}: whether the block shows each hit's source context. */
    public Builder renderSourceContext(boolean render) {
      this.renderOptions = renderOptions.withSourceContext(render);
      return this;
    }

    public Builder contextLength(int contextLength) {
      this.contextLength = contextLength;
      return this;
    }

    public Builder budgetShare(double share) {
      this.budgetShare = share;
      return this;
    }

    /** {@code heuristic}, {@code cl100k} or {@code o200k}. */
    public Builder tokenizer(String tokenizer) {
      this.tokenCounter = parsing("budget.tokenizer", tokenizer, TokenCounters::byName);
      return this;
    }

    public Builder pinnedShare(double share) {
      this.pinnedShare = share;
      return this;
    }

    /** {@code grouped} (default), {@code xml}, {@code display} or {@code json}. */
    public Builder renderer(String name) {
      this.renderer = name;
      return this;
    }

    /**
     * The block's title, XML tag, section headings and whether source contexts are shown (this
     * replaces {@link #renderSourceContext}).
     */
    public Builder renderOptions(RenderOptions options) {
      this.renderOptions = options;
      return this;
    }

    /** At most {@code share} of the budget for ranked records of {@code kind}. */
    public Builder quota(Kind kind, double share) {
      quotas.put(Checks.notNull(kind, "budget.quotas"), share);
      return this;
    }

    /** The whole {@code index_settings} section; the setters below change one setting of it. */
    public Builder indexSettings(IndexSettings settings) {
      this.indexSettings = Checks.notNull(settings, "index_settings");
      return this;
    }

    /** {@code float32}, {@code int8} or {@code int4}; checked by {@link #build()}. */
    public Builder vectorEncoding(String encoding) {
      this.vectorEncoding = encoding;
      return this;
    }

    public Builder hnswM(int m) {
      indexSettings = indexSettings.withHnswM(m);
      return this;
    }

    public Builder hnswBeamWidth(int beamWidth) {
      indexSettings = indexSettings.withHnswBeamWidth(beamWidth);
      return this;
    }

    public Builder vectorCandidates(int candidates) {
      indexSettings = indexSettings.withVectorCandidates(candidates);
      return this;
    }

    public Builder bm25K1(double k1) {
      indexSettings = indexSettings.withBm25(k1, indexSettings.bm25B());
      return this;
    }

    public Builder bm25B(double b) {
      indexSettings = indexSettings.withBm25(indexSettings.bm25K1(), b);
      return this;
    }

    public Builder codeFieldBoost(double boost) {
      indexSettings = indexSettings.withCodeFieldBoost(boost);
      return this;
    }

    public Builder statsEnabled(boolean enabled) {
      this.statsEnabled = enabled;
      return this;
    }

    /**
     * The statistics database file; a relative path is resolved against the workspace; null:
     * {@value #STATS_FILE} inside the index.
     */
    public Builder statsDb(Path file) {
      this.statsDb = file;
      return this;
    }

    /** {@code stats.share_db}: see {@link StatsSettings#shareDb()}. */
    public Builder statsShareDb(boolean share) {
      this.statsShareDb = share;
      return this;
    }

    public Builder logMaxRows(int rows) {
      this.logMaxRows = rows;
      return this;
    }

    public Builder logMaxDays(int days) {
      this.logMaxDays = days;
      return this;
    }

    public EngineConfig build() {
      return new EngineConfig(
          workspace,
          indexDir,
          namespace,
          project,
          new EmbedderSettings(
              embedderProvider,
              embedderModel != null ? embedderModel : defaultModel(embedderProvider),
              ollamaHost,
              embedderTimeout,
              embedderBatchSize,
              passageWords,
              queryCacheSize,
              embedInBackground),
          new RecallSettings(
              deadline,
              topK,
              fusion.get(),
              recencyDecay,
              tierPolicy.get(),
              new LinkSettings(linkExpansion, linkDamping, maxLinked, linkFollowTop),
              sourceContexts),
          new BudgetSettings(
              contextLength,
              budgetShare,
              tokenCounter.get(),
              pinnedShare,
              renderer,
              renderOptions,
              quotas),
          vectorEncoding == null
              ? indexSettings
              : indexSettings.withVectorEncoding(
                  parsing(
                          "index_settings.vector_encoding",
                          vectorEncoding,
                          v -> Wire.parse(VectorEncoding.class, "vector_encoding", v))
                      .get()),
          new StatsSettings(statsEnabled, statsDb, statsShareDb, logMaxRows, logMaxDays));
    }

    /** {@code embedder.model} unless configured: one the provider serves. */
    static String defaultModel(EmbedderProvider provider) {
      return provider == EmbedderProvider.OLLAMA
          ? OllamaOptions.DEFAULT_MODEL
          : Embedders.DEFAULT_MODEL;
    }

    /**
     * Parses {@code spec} when the configuration is built, reporting a blank or bad spec under this
     * file's setting name.
     */
    private static <T> Supplier<T> parsing(String key, String spec, Function<String, T> parser) {
      return () -> {
        Checks.notBlank(spec, key);
        try {
          return parser.apply(spec);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
        }
      };
    }
  }
}
