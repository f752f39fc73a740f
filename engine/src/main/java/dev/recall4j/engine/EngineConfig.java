package dev.recall4j.engine;

import dev.recall4j.budget.RenderOptions;
import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.Kind;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Wire;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.ranking.Fusions;
import dev.recall4j.ranking.RecencyDecay;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Every setting of an engine, immutable and parsed: each section of {@code recall4j.yaml} is a
 * typed record ({@link EmbedderSettings}, {@link RecallSettings}, {@link BudgetSettings}, {@link
 * IndexSettings}, {@link StatsSettings}) that defines its settings once: their defaults, their
 * checks and how its section is read. This record composes them; the ranker, the packer and the
 * store take their values as they are. Build with {@link #builder(Path)} or read a YAML file with
 * {@link ConfigFile}. Each setting is named as it is spelled in {@code recall4j.yaml}; a bad value
 * fails with that name.
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
 * @param store the {@code store} section when it names a store other than the in-process index in
 *     {@code index} (a cluster), else null
 * @param sessions the {@code sessions} section: what ending a session does to its records
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
    StatsSettings stats,
    StoreOpener store,
    SessionSettings sessions) {
  /** {@code embedder.passage_words} unless configured: see docs/RESULTS.md "Passage vectors". */
  public static final int DEFAULT_PASSAGE_WORDS = 128;

  /** The index directory under the workspace root when none is configured. */
  public static final String DEFAULT_INDEX = "agents/index";

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
    Checks.notNull(sessions, "sessions");
    if (stats.db() != null) {
      stats = stats.withDb(workspace.resolve(stats.db()).normalize());
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
   * Builds an {@link EngineConfig}: every unset setting keeps the default its section record
   * defines. Each setter changes one setting of a section (a value the section refuses fails here,
   * under its {@code recall4j.yaml} key); the section setters replace a whole section.
   */
  public static final class Builder {
    private final Path workspace;
    private Path indexDir = Path.of(DEFAULT_INDEX);
    private String namespace = Scope.DEFAULT_NAMESPACE;
    private String project;
    private EmbedderSettings embedder = EmbedderSettings.DEFAULTS;
    private RecallSettings recall = RecallSettings.DEFAULTS;
    private BudgetSettings budget = BudgetSettings.DEFAULTS;
    private IndexSettings indexSettings = IndexSettings.DEFAULTS;
    private StatsSettings stats = StatsSettings.DEFAULTS;
    private StoreOpener store;
    private SessionSettings sessions = SessionSettings.DEFAULTS;

    private Builder(Path workspace) {
      this.workspace = workspace;
    }

    private Builder(EngineConfig c) {
      workspace = c.workspace;
      indexDir = c.indexDir;
      namespace = c.namespace;
      project = c.project;
      embedder = c.embedder;
      recall = c.recall;
      budget = c.budget;
      indexSettings = c.indexSettings;
      stats = c.stats;
      store = c.store;
      sessions = c.sessions;
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

    /** The whole {@code embedder} section. */
    public Builder embedder(EmbedderSettings settings) {
      this.embedder = Checks.notNull(settings, "embedder");
      return this;
    }

    /** The whole {@code recall} section. */
    public Builder recall(RecallSettings settings) {
      this.recall = Checks.notNull(settings, "recall");
      return this;
    }

    /** The whole {@code budget} section. */
    public Builder budget(BudgetSettings settings) {
      this.budget = Checks.notNull(settings, "budget");
      return this;
    }

    /** The whole {@code index_settings} section. */
    public Builder indexSettings(IndexSettings settings) {
      this.indexSettings = Checks.notNull(settings, "index_settings");
      return this;
    }

    /** The whole {@code stats} section. */
    public Builder stats(StatsSettings settings) {
      this.stats = Checks.notNull(settings, "stats");
      return this;
    }

    /** A store other than the in-process index (see {@link StoreProvider}); null: in-process. */
    public Builder store(StoreOpener opener) {
      this.store = opener;
      return this;
    }

    /** The workspace root, against which relative paths resolve. */
    Path workspace() {
      return workspace;
    }

    /** The sections as they stand: for readers that apply a file's sections over them. */
    EmbedderSettings embedder() {
      return embedder;
    }

    RecallSettings recall() {
      return recall;
    }

    BudgetSettings budget() {
      return budget;
    }

    IndexSettings indexSettings() {
      return indexSettings;
    }

    StatsSettings stats() {
      return stats;
    }

    public Builder embedderProvider(EmbedderProvider provider) {
      embedder = embedder.withProvider(provider);
      return this;
    }

    /** The model; null: the provider's default. */
    public Builder embedderModel(String model) {
      embedder = embedder.withModel(model);
      return this;
    }

    public Builder ollamaHost(URI host) {
      embedder = embedder.withHost(host);
      return this;
    }

    public Builder embedderTimeout(Duration timeout) {
      embedder = embedder.withTimeout(timeout);
      return this;
    }

    public Builder embedderBatchSize(int batchSize) {
      embedder = embedder.withBatchSize(batchSize);
      return this;
    }

    /** Words per embedded passage of a long text; 0: one vector per record. */
    public Builder passageWords(int words) {
      embedder = embedder.withPassageWords(words);
      return this;
    }

    public Builder queryCacheSize(int size) {
      embedder = embedder.withCacheSize(size);
      return this;
    }

    public Builder embedInBackground(boolean background) {
      embedder = embedder.withBackground(background);
      return this;
    }

    public Builder deadline(Duration deadline) {
      recall = recall.withDeadline(deadline);
      return this;
    }

    public Builder topK(int topK) {
      recall = recall.withTopK(topK);
      return this;
    }

    /** A fusion spec, see {@link Fusions#parse(String)}. */
    public Builder fusion(String spec) {
      recall = recall.withFusion(parsing("recall.fusion", spec, Fusions::parse));
      return this;
    }

    /**
     * On: the per-kind defaults of {@link RecencyDecay#defaults()}; off: {@link
     * RecencyDecay#none()}.
     */
    public Builder recencyDecay(boolean decay) {
      return recencyDecay(decay ? RecencyDecay.defaults() : RecencyDecay.none());
    }

    /** A decay of your own: half-lives per kind, floor, whether access refreshes age. */
    public Builder recencyDecay(RecencyDecay decay) {
      recall = recall.withDecay(decay);
      return this;
    }

    /** A boost >= 0 as text ({@code "0.25"}) or {@code "strict"}. */
    public Builder tierBoost(String tierBoost) {
      recall =
          recall.withTierPolicy(
              parsing("recall.tier_boost", tierBoost, RecallSettings::tierPolicy));
      return this;
    }

    /** {@code recall.links.expand}: whether recall follows links unless a request says. */
    public Builder linkExpansion(boolean expand) {
      recall = recall.withLinks(recall.links().withExpand(expand));
      return this;
    }

    /** {@code recall.links.damping}: a linked record's score is the hit's times this. */
    public Builder linkDamping(double damping) {
      recall = recall.withLinks(recall.links().withDamping(damping));
      return this;
    }

    /** {@code recall.links.max_linked}: records pulled in through links per recall at most. */
    public Builder maxLinked(int max) {
      recall = recall.withLinks(recall.links().withMaxLinked(max));
      return this;
    }

    /** {@code recall.links.follow_top}: how many of the best hits have their links followed. */
    public Builder linkFollowTop(int hits) {
      recall = recall.withLinks(recall.links().withFollowTop(hits));
      return this;
    }

    /**
     * {@code recall.source_contexts}: hits whose origin path lies under {@code prefix} carry {@code
     * description} as their source context (the longest prefix wins).
     */
    public Builder sourceContext(String prefix, String description) {
      Map<String, String> contexts = new LinkedHashMap<>(recall.sourceContexts());
      contexts.put(prefix, description);
      recall = recall.withSourceContexts(contexts);
      return this;
    }

    /** {@code budget.render_source_context}: whether the block shows each hit's source context. */
    public Builder renderSourceContext(boolean render) {
      budget = budget.withRenderOptions(budget.renderOptions().withSourceContext(render));
      return this;
    }

    public Builder contextLength(int contextLength) {
      budget = budget.withContextLength(contextLength);
      return this;
    }

    public Builder budgetShare(double share) {
      budget = budget.withShare(share);
      return this;
    }

    /** {@code heuristic}, {@code cl100k} or {@code o200k}. */
    public Builder tokenizer(String tokenizer) {
      budget =
          budget.withTokenCounter(parsing("budget.tokenizer", tokenizer, TokenCounters::byName));
      return this;
    }

    public Builder pinnedShare(double share) {
      budget = budget.withPinnedShare(share);
      return this;
    }

    /** {@code grouped} (default), {@code xml}, {@code display} or {@code json}. */
    public Builder renderer(String name) {
      budget = budget.withRenderer(name);
      return this;
    }

    /**
     * The block's title, XML tag, section headings and whether source contexts are shown (this
     * replaces {@link #renderSourceContext}).
     */
    public Builder renderOptions(RenderOptions options) {
      budget = budget.withRenderOptions(options);
      return this;
    }

    /** At most {@code share} of the budget for ranked records of {@code kind}. */
    public Builder quota(Kind kind, double share) {
      Map<Kind, Double> quotas = new HashMap<>(budget.quotas());
      quotas.put(Checks.notNull(kind, "budget.quotas"), share);
      budget = budget.withQuotas(quotas);
      return this;
    }

    /** {@code float32}, {@code int8} or {@code int4}. */
    public Builder vectorEncoding(String encoding) {
      indexSettings =
          indexSettings.withVectorEncoding(
              parsing(
                  "index_settings.vector_encoding",
                  encoding,
                  v -> Wire.parse(VectorEncoding.class, "vector_encoding", v)));
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

    public Builder segmentsPerTier(int segments) {
      indexSettings = indexSettings.withSegmentsPerTier(segments);
      return this;
    }

    public Builder statsEnabled(boolean enabled) {
      stats = stats.withEnabled(enabled);
      return this;
    }

    /**
     * The statistics database file; a relative path is resolved against the workspace; null:
     * {@value #STATS_FILE} inside the index.
     */
    public Builder statsDb(Path file) {
      stats = stats.withDb(file);
      return this;
    }

    /** {@code stats.share_db}: see {@link StatsSettings#shareDb()}. */
    public Builder statsShareDb(boolean share) {
      stats = stats.withShareDb(share);
      return this;
    }

    public Builder logMaxRows(int rows) {
      stats = stats.withLogMaxRows(rows);
      return this;
    }

    public Builder logMaxDays(int days) {
      stats = stats.withLogMaxDays(days);
      return this;
    }

    /** The whole {@code sessions} section. */
    public Builder sessions(SessionSettings settings) {
      this.sessions = Checks.notNull(settings, "sessions");
      return this;
    }

    SessionSettings sessions() {
      return sessions;
    }

    /** {@code sessions.on_end}: what ending a session does to its records. */
    public Builder sessionsOnEnd(SessionEnd.Action onEnd) {
      return sessions(new SessionSettings(onEnd));
    }

    public EngineConfig build() {
      return new EngineConfig(
          workspace,
          indexDir,
          namespace,
          project,
          embedder,
          recall,
          budget,
          indexSettings,
          stats,
          store,
          sessions);
    }

    /** Parses a spec given as text, reporting a blank or bad one under its file's setting name. */
    private static <T> T parsing(String key, String spec, Function<String, T> parser) {
      Checks.notBlank(spec, key);
      try {
        return parser.apply(spec);
      } catch (IllegalArgumentException e) {
        throw new InvalidFieldException(key, e.getMessage(), e);
      }
    }
  }
}
