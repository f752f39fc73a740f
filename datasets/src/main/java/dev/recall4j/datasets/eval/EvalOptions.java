package dev.recall4j.datasets.eval;

import dev.recall4j.core.CacheDirectory;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.StoreOpener;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Settings of one evaluation run, immutable. Build with {@link #builder(List)}; bad values throw
 * {@link IllegalArgumentException} naming the setting at build time.
 *
 * @param modes the modes to run, in output order; not empty, no repeats
 * @param budgets token budgets of the budget-aware figures, ascending, each in [1, 1,000,000];
 *     empty skips packing (the gates do)
 * @param model the embedding model name (default {@link Embedders#DEFAULT_MODEL}); unused when no
 *     mode needs vectors
 * @param depth candidates retrieved per path and per query, the ranking depth of the single-path
 *     modes (default 1,000, as trec_eval's MAP and Anserini's runs assume); in [1, {@link
 *     RecallRequest#MAX_TOP_K}]
 * @param fusionDepth candidates per path that enter fusion in the fused modes ({@code hybrid},
 *     fusion specs, {@code sqlite-fts5}); in [1, depth]. Default 100: twice the engine's {@code
 *     recall.top_k}, so fused figures describe fusion at the depth a recall works at, and the
 *     ranker's dedup (quadratic in the candidates) stays cheap. MAP and recall@100 of fused modes
 *     are thus over at most 2 × fusionDepth candidates
 * @param packDepth how many of a mode's best-ranked records are offered to the packers (default
 *     100: twice the engine's {@code recall.top_k} of 50, what a real recall fuses at most)
 * @param passageWords the engine's {@code embedder.passage_words}: texts longer than this are
 *     embedded in passages of at most this many words (default {@link
 *     EngineConfig#DEFAULT_PASSAGE_WORDS}; 0: one vector per document)
 * @param indexSettings the engine's {@code index_settings} for this run (default {@link
 *     IndexSettings#DEFAULTS}): the in-process index is built with them and cached under them
 *     ({@code eval --vector-encoding}), and a {@link #store} is opened with them (what its
 *     configuration file says)
 * @param tierBoost the engine's {@code recall.tier_boost} for this run: {@code strict} or a boost
 *     >= 0 ({@link dev.recall4j.ranking.TierPolicy}); null keeps the engine's default. A query-time
 *     setting, so runs that differ only here share one cached index. It orders the engine's own
 *     rankings ({@code hybrid}, fusion specs); the single paths ({@code bm25}, {@code dense}) are
 *     the retrievers' score order and never see it
 * @param cacheDir where indexes and document vectors are cached ({@link #defaultCacheDir()})
 * @param runDir where TREC run files are written, one per mode; null writes none
 * @param lexicalQueryCut a diagnostic: the lexical side's query cut down while the vector side
 *     keeps the whole one ({@link LexicalQueryCut}); {@link LexicalQueryCut#NONE} for a normal run
 * @param embedders creates the embedder of a model name (default {@link Embedders#inProcess});
 *     tests pass their own
 * @param referenceVectors a {@link ReferenceVectors} file of the model to read every vector from
 *     instead of embedding (what the gates do, so their figures do not depend on the CPU); null
 *     embeds with the model
 * @param store the store the dataset is indexed in, such as a cluster's ({@code eval --store
 *     CONFIG}); null: the in-process index, cached. A store is written on every run, not cached,
 *     and must hold the dataset only
 */
public record EvalOptions(
    List<EvalMode> modes,
    List<Integer> budgets,
    String model,
    int depth,
    int fusionDepth,
    int packDepth,
    int passageWords,
    IndexSettings indexSettings,
    String tierBoost,
    Path cacheDir,
    Path runDir,
    LexicalQueryCut lexicalQueryCut,
    Function<String, Embedder> embedders,
    Path referenceVectors,
    StoreOpener store) {
  /** The default budgets: 512, 1,024 and 2,048 tokens. */
  public static final List<Integer> DEFAULT_BUDGETS = List.of(512, 1024, 2048);

  public EvalOptions {
    modes = List.copyOf(Checks.notNull(modes, "modes"));
    Checks.require(!modes.isEmpty(), "modes", "must not be empty");
    Checks.require(
        modes.stream().map(EvalMode::name).distinct().count() == modes.size(),
        "modes",
        "must not repeat a mode, got %s",
        modes);
    budgets = List.copyOf(new TreeSet<>(Checks.notNull(budgets, "budgets")));
    for (int budget : budgets) {
      Checks.require(
          budget >= 1 && budget <= 1_000_000, "budget", "must be in [1, 1000000], got %s", budget);
    }
    Checks.notBlank(model, "model");
    Checks.require(
        depth >= 1 && depth <= RecallRequest.MAX_TOP_K,
        "depth",
        "must be in [1, %s], got %s",
        RecallRequest.MAX_TOP_K,
        depth);
    Checks.require(
        fusionDepth >= 1 && fusionDepth <= depth,
        "fusionDepth",
        "must be in [1, depth = %s], got %s",
        depth,
        fusionDepth);
    Checks.require(packDepth >= 1, "packDepth", "must be >= 1, got %s", packDepth);
    Checks.notNull(indexSettings, "indexSettings");
    tierBoost = checkTierBoost("tierBoost", tierBoost);
    Checks.notNull(cacheDir, "cacheDir");
    Checks.notNull(lexicalQueryCut, "lexicalQueryCut");
    Checks.notNull(embedders, "embedders");
  }

  /** {@code ${XDG_CACHE_HOME:-~/.cache}/recall4j/eval}. */
  public static Path defaultCacheDir() {
    return CacheDirectory.root().resolve("eval");
  }

  /**
   * Checks a tier policy as the engine reads {@code recall.tier_boost} (its own parser decides, so
   * the two never disagree), naming {@code field} when the value is bad.
   *
   * @return the value stripped, or null for null (the engine's default)
   */
  public static String checkTierBoost(String field, String value) {
    if (value == null) {
      return null;
    }
    try {
      EngineConfig.builder(Path.of("")).tierBoost(value.strip()).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          field + ": must be \"strict\" or a boost >= 0, got " + Checks.excerpt(value), e);
    }
    return value.strip();
  }

  /** A builder for these modes with every other setting at its default. */
  public static Builder builder(List<EvalMode> modes) {
    return new Builder(modes);
  }

  /** Whether any mode reads the vector path. */
  public boolean needsVectors() {
    return modes.stream().anyMatch(EvalMode::needsVectors);
  }

  /** Builds {@link EvalOptions}. Not thread-safe. */
  public static final class Builder {
    private final List<EvalMode> modes;
    private List<Integer> budgets = DEFAULT_BUDGETS;
    private String model = Embedders.DEFAULT_MODEL;
    private int depth = 1000;
    private int fusionDepth = 100;
    private int packDepth = 100;
    private int passageWords = EngineConfig.DEFAULT_PASSAGE_WORDS;
    private IndexSettings indexSettings = IndexSettings.DEFAULTS;
    private String tierBoost;
    private Path cacheDir = defaultCacheDir();
    private Path runDir;
    private LexicalQueryCut lexicalQueryCut = LexicalQueryCut.NONE;
    private Function<String, Embedder> embedders = Embedders::inProcess;
    private Path referenceVectors;
    private StoreOpener store;

    private Builder(List<EvalMode> modes) {
      this.modes = modes;
    }

    public Builder budgets(List<Integer> budgets) {
      this.budgets = budgets;
      return this;
    }

    public Builder model(String model) {
      this.model = model;
      return this;
    }

    public Builder depth(int depth) {
      this.depth = depth;
      return this;
    }

    public Builder passageWords(int passageWords) {
      this.passageWords = passageWords;
      return this;
    }

    /** The engine's {@code index_settings}; {@link IndexSettings#DEFAULTS} by default. */
    public Builder indexSettings(IndexSettings indexSettings) {
      this.indexSettings = indexSettings;
      return this;
    }

    /** {@code strict} or a boost >= 0; null (the default) keeps the engine's. */
    public Builder tierBoost(String tierBoost) {
      this.tierBoost = tierBoost;
      return this;
    }

    public Builder fusionDepth(int fusionDepth) {
      this.fusionDepth = fusionDepth;
      return this;
    }

    public Builder packDepth(int packDepth) {
      this.packDepth = packDepth;
      return this;
    }

    public Builder cacheDir(Path cacheDir) {
      this.cacheDir = cacheDir;
      return this;
    }

    /** Where run files go; null (the default) writes none. */
    public Builder runDir(Path runDir) {
      this.runDir = runDir;
      return this;
    }

    /** A diagnostic ({@link LexicalQueryCut}); {@link LexicalQueryCut#NONE} by default. */
    public Builder lexicalQueryCut(LexicalQueryCut lexicalQueryCut) {
      this.lexicalQueryCut = lexicalQueryCut;
      return this;
    }

    public Builder embedders(Function<String, Embedder> embedders) {
      this.embedders = embedders;
      return this;
    }

    /** Read every vector from this {@link ReferenceVectors} file; null (the default) embeds. */
    public Builder referenceVectors(Path referenceVectors) {
      this.referenceVectors = referenceVectors;
      return this;
    }

    /** Indexes the dataset in this store instead of the cached in-process index. */
    public Builder store(StoreOpener store) {
      this.store = store;
      return this;
    }

    public EvalOptions build() {
      return new EvalOptions(
          modes,
          budgets,
          model,
          depth,
          fusionDepth,
          packDepth,
          passageWords,
          indexSettings,
          tierBoost,
          cacheDir,
          runDir,
          lexicalQueryCut,
          embedders,
          referenceVectors,
          store);
    }
  }
}
