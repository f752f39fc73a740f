package dev.recall4j.datasets;

import dev.recall4j.budget.NaivePacker;
import dev.recall4j.budget.PackedContext;
import dev.recall4j.budget.Packer;
import dev.recall4j.budget.Renderers;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Stage;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Retrieval;
import dev.recall4j.ranking.Candidate;
import dev.recall4j.ranking.Fusion;
import dev.recall4j.ranking.FusedCandidate;
import dev.recall4j.ranking.Fusions;
import dev.recall4j.ranking.PathResult;
import dev.recall4j.ranking.Ranker;
import dev.recall4j.ranking.TierPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a dataset's judged queries through the engine in several modes and scores them.
 *
 * <p><b>What runs.</b> The corpus becomes engine records (RAG chunks for BEIR-layout datasets;
 * memories for LoCoMo turns and sessions, KB observations for its observation level, both in one
 * haystack for its mixed level, each document as at its own level; each document
 * in its own namespace, so a query only sees its haystack; the document timestamp as creation
 * time). The index is built once per corpus checksum, model and index settings, and cached with the
 * document vectors (see {@link EvalOptions#cacheDir()}). Each query is retrieved once with the
 * engine's default settings at {@link EvalOptions#depth()} candidates per path, and that one
 * retrieval is ranked by every engine mode (the fused ones see the first {@link
 * EvalOptions#fusionDepth()} candidates of each path); {@code bm25} reopens the index with {@code
 * code_field_boost} 0 and runs the lexical path again; {@code sqlite-fts5} searches the SQLite
 * baseline built from the same documents and vectors. The engine ranks with the options' tier
 * policy ({@link EvalOptions#tierBoost()}, else the engine's default), which is not part of the
 * index key.
 *
 * <p><b>Time.</b> Recency decay is evaluated as of the moment the questions are asked: for a LoCoMo
 * conversation one day after its last session, for undated corpora the records' own time (no
 * decay). The engine reads that instant from its clock, which is set before each query.
 *
 * <p><b>Figures.</b> trec_eval metrics ({@link Metric#DEFAULTS}) over the mode's full ranking.
 * Budget-aware: for each budget, the mean over judged queries of the share of the query's
 * judged-relevant documents that reach the packed block ({@link Reach}: in full, or at least the
 * first {@value Reach#MIN_TOKENS} tokens of their text); the packers are offered the mode's first
 * {@link EvalOptions#packDepth()} records, the engine's {@link Packer} (cl100k, the engine's
 * defaults) and the {@link NaivePacker} (render the best in order, cut at the budget). Latency per
 * query and mode, in milliseconds: the retrieval stages the mode reads (lexical search; query
 * embedding and vector search; all for fused modes; for {@code sqlite-fts5} its two searches plus
 * the engine's query embedding time), plus its fusion and weighting, plus one packing at the
 * largest budget. Retrieval at depth 1,000 loads far more records than a recall (top 50 per path),
 * so these latencies are higher than the engine's.
 *
 * <p>Single-threaded over queries, so the latencies are not disturbed by each other. Not reentrant
 * on one cache directory: two runs building the same entry at once would collide.
 */
public final class Evaluator {
  private static final Logger LOG = LoggerFactory.getLogger(Evaluator.class);

  /** Records per {@code importAll} call while building an index: one commit each. */
  private static final int INGEST_CHUNK = 1000;

  /** The vector path must never be abandoned during evaluation. */
  private static final Duration NO_DEADLINE = Duration.ofHours(1);

  private Evaluator() {}

  /**
   * Evaluates the dataset in every mode of the options.
   *
   * @return the figures per mode, in the options' mode order
   * @throws IOException when the cache or run directory cannot be written or the index read
   */
  public static EvalReport run(Dataset dataset, EvalOptions options, EvalProgress progress)
      throws IOException {
    return new Job(dataset, options, progress).execute();
  }

  /** One evaluation: mutable state confined to the calling thread. */
  private static final class Job {
    private final Dataset dataset;
    private final EvalOptions options;
    private final EvalProgress progress;
    private final EvalCorpus corpus;
    private final EvalCache cache;
    private final MutableClock clock = new MutableClock();
    private final Map<String, Integer> contentTokens = new HashMap<>();
    private Reach reach;
    private EngineConfig config;
    private Packer packer;
    private TokenCounter counter;
    private String indexCache;

    Job(Dataset dataset, EvalOptions options, EvalProgress progress) {
      this.dataset = dataset;
      this.options = options;
      this.progress = progress;
      this.corpus = EvalCorpus.of(dataset);
      this.cache = new EvalCache(options.cacheDir());
    }

    EvalReport execute() throws IOException {
      Embedder model = options.needsVectors() ? options.embedders().apply(options.model()) : null;
      String modelId = model == null ? null : model.modelId();
      Map<EvalMode, ModeRun> runs = new LinkedHashMap<>();
      options.modes().forEach(m -> runs.put(m, new ModeRun(m)));
      Path entry;
      try {
        EngineConfig defaults = EngineConfig.builder(options.cacheDir()).passageWords(options.passageWords()).build();
        entry = cache.indexEntry(dataset, modelId, defaults);
        config =
            EngineConfig.builder(entry)
                .indexDir(Path.of("lucene"))
                .embedderProvider(model == null ? EmbedderProvider.NONE : EmbedderProvider.ONNX)
                .embedderModel(modelId == null ? defaults.embedder().model() : modelId)
                .passageWords(options.passageWords())
                .tierBoost(tierBoost())
                .deadline(NO_DEADLINE)
                .build();
      } catch (RuntimeException e) {
        if (model != null) {
          model.close();
        }
        throw e;
      }
      counter = config.budget().tokenCounter();
      packer = Packer.builder(counter).pinnedShare(config.budget().pinnedShare()).build();
      reach = new Reach(counter);
      Map<String, float[]> vectors = null;
      boolean hit = EvalCache.indexComplete(entry);
      indexCache = hit ? "hit" : "built";
      if (!hit) {
        EvalCache.recreate(entry);
      }
      Path vectorFile = modelId == null ? null : cache.vectorFile(dataset, modelId);
      TextVectorCache embedder = model == null
          ? null
          : new TextVectorCache(model, hit ? Map.of() : orEmpty(EvalCache.readVectors(vectorFile, modelId)));
      try (RecallEngine engine = RecallEngine.open(config, embedder, clock)) {
        if (!hit) {
          vectors = build(engine, modelId);
          if (embedder != null && embedder.added() > 0) {
            EvalCache.writeVectors(vectorFile, modelId, embedder.all());
          }
          EvalCache.markIndexComplete(entry);
        }
        List<ModeRun> engineModes =
            runs.values().stream().filter(r -> r.mode.type() != EvalMode.Type.BM25).toList();
        if (!engineModes.isEmpty()) {
          SqliteBaseline baseline = null;
          try {
            if (runs.keySet().stream().anyMatch(m -> m.type() == EvalMode.Type.SQLITE_FTS5)) {
              baseline = baseline(entry, vectors, engine);
            }
            queryEngine(engine, baseline, engineModes);
          } catch (SQLException e) {
            throw new IOException("SQLite baseline: " + e.getMessage(), e);
          } finally {
            if (baseline != null) {
              closeQuietly(baseline);
            }
          }
        }
      }
      ModeRun bm25 =
          runs.values().stream().filter(r -> r.mode.type() == EvalMode.Type.BM25).findFirst().orElse(null);
      if (bm25 != null) {
        try (RecallEngine lexical =
            RecallEngine.open(config.toBuilder().codeFieldBoost(0).build(), null, clock)) {
          queryBm25(lexical, bm25);
        }
      }
      List<ModeResult> results = new ArrayList<>();
      for (ModeRun run : runs.values()) {
        results.add(run.result());
      }
      List<String> warnings = new ArrayList<>();
      dataset.warnings().forEach(w -> warnings.add(w.toString()));
      warnings.addAll(corpus.warnings());
      return new EvalReport(
          dataset.name(),
          dataset.split(),
          dataset.level() == null ? null : dataset.level().wireName(),
          dataset.queries().size(),
          dataset.checksum(),
          modelId,
          options.depth(),
          options.fusionDepth(),
          config.embedder().passageWords(),
          tierBoost(),
          indexCache,
          warnings,
          results);
    }

    /** The run's {@code recall.tier_boost} as given: the option, else the engine's default. */
    private String tierBoost() {
      return options.tierBoost() == null ? EngineConfig.DEFAULT_TIER_BOOST : options.tierBoost();
    }

    /**
     * Saves every record, embedded by the engine (through the text-keyed vector cache). Returns
     * each document's first vector by id, for the SQLite baseline, or null without an embedder.
     */
    private Map<String, float[]> build(RecallEngine engine, String modelId) throws IOException {
      List<MemoryRecord> records = corpus.records();
      LOG.info("building index of {} ({} records, vectors {})", dataset.label(), records.size(), modelId == null ? "none" : modelId);
      Map<String, float[]> vectors = HashMap.newHashMap(records.size());
      int total = records.size();
      for (int from = 0; from < total; from += INGEST_CHUNK) {
        int offset = from;
        List<MemoryRecord> chunk = records.subList(from, Math.min(total, from + INGEST_CHUNK));
        // importAll, not saveAll: a corpus is stored exactly as judged. saveAll would merge
        // repeated texts (LoCoMo has identical short turns), leaving qrels pointing at ids never stored.
        for (MemoryRecord stored : engine.importAll(chunk)) {
          vectors.put(stored.id(), stored.vector());
        }
        progress.update("embed+index", offset + chunk.size(), total);
      }
      progress.update("embed+index", total, total);
      return modelId == null ? null : vectors;
    }

    private static Map<String, float[]> orEmpty(Map<String, float[]> vectors) {
      return vectors == null ? Map.of() : vectors;
    }

    /** Each record's first vector by id, as the cached index holds it (null: not embedded). */
    private Map<String, float[]> storedVectors(RecallEngine engine) {
      Map<String, float[]> byId = HashMap.newHashMap(corpus.records().size());
      for (MemoryRecord r : corpus.records()) {
        byId.put(r.id(), engine.get(r.scope(), r.id()).map(MemoryRecord::vector).orElse(null));
      }
      return byId;
    }

    /** The SQLite baseline of the entry, built from the documents and their vectors when absent. */
    private SqliteBaseline baseline(Path entry, Map<String, float[]> vectors, RecallEngine engine)
        throws IOException, SQLException {
      Path file = EvalCache.baselineFile(entry);
      if (EvalCache.baselineComplete(entry)) {
        return SqliteBaseline.open(file);
      }
      Map<String, float[]> byId = vectors != null ? vectors : storedVectors(engine);
      Files.deleteIfExists(file);
      SqliteBaseline baseline = SqliteBaseline.open(file);
      List<Document> documents = corpus.documents();
      List<float[]> list = documents.stream().map(d -> byId.get(d.id())).toList();
      progress.update("sqlite", 0, documents.size());
      baseline.add(documents, list);
      progress.update("sqlite", documents.size(), documents.size());
      EvalCache.markBaselineComplete(entry);
      return baseline;
    }

    private RecallRequest request(Query query) {
      return RecallRequest.builder(query.text())
          .scope(Scope.of(query.namespace()))
          .topK(options.depth())
          .deadline(NO_DEADLINE)
          .build();
    }

    private void queryEngine(RecallEngine engine, SqliteBaseline baseline, List<ModeRun> modes)
        throws SQLException {
      TierPolicy tiers = config.recall().tierPolicy();
      Map<EvalMode, Ranker> rankers = new HashMap<>();
      for (ModeRun run : modes) {
        EvalMode m = run.mode;
        if (m.type() == EvalMode.Type.FUSION || (m.type() == EvalMode.Type.HYBRID && m.decayFloor() != null)) {
          rankers.put(
              m,
              Ranker.builder()
                  .fusion(m.fusion() == null ? config.recall().fusion() : Fusions.parse(m.fusion()))
                  .tierPolicy(tiers)
                  .recencyDecay(m.decayPolicy() == null ? config.recall().decay() : m.decayPolicy())
                  .build());
        }
      }
      Fusion baselineFusion = config.recall().fusion();
      List<Query> queries = dataset.queries();
      int done = 0;
      for (Query query : queries) {
        Instant now = corpus.now(query.namespace());
        clock.set(now);
        Retrieval retrieval = engine.retrieve(request(query));
        if (retrieval.retrieval().kind() != RetrievalMode.Kind.HYBRID && engine.embedder().isPresent()) {
          LOG.warn("query {}: retrieval was {}", query.id(), retrieval.retrieval());
        }
        Retrieval fusionInput = truncated(retrieval, options.fusionDepth());
        Map<Stage, Double> stages = retrieval.timingsMillis();
        double lexicalMs = stages.getOrDefault(Stage.LEXICAL, 0.0);
        double embedMs = stages.getOrDefault(Stage.EMBED, 0.0);
        double vectorMs = embedMs + stages.getOrDefault(Stage.VECTOR, 0.0);
        for (ModeRun run : modes) {
          long start = System.nanoTime();
          List<ScoredRecord> ranked;
          double retrievalMs;
          switch (run.mode.type()) {
            case BM25_CODE -> {
              ranked = fromPath(retrieval.path(PathResult.LEXICAL), retrieval.records(), tiers, true);
              retrievalMs = lexicalMs;
            }
            case DENSE -> {
              ranked = fromPath(retrieval.path(PathResult.VECTOR), retrieval.records(), tiers, false);
              retrievalMs = vectorMs;
            }
            case HYBRID, FUSION -> {
              Ranker ranker = rankers.get(run.mode);
              ranked =
                  ranker == null
                      ? engine.rank(fusionInput).ranked()
                      : ranker.rank(fusionInput.paths(), fusionInput.records(), now).ranked();
              retrievalMs = lexicalMs + vectorMs;
            }
            case SQLITE_FTS5 -> {
              float[] vector = engine.embedder().orElseThrow().embedQuery(query.text());
              List<Candidate> text = candidates(baseline.searchText(query.text(), query.namespace(), options.fusionDepth()));
              List<Candidate> dense = candidates(baseline.searchVector(vector, query.namespace(), options.depth()));
              ranked =
                  fused(
                      baselineFusion.fuse(
                          List.of(new PathResult(PathResult.LEXICAL, text), new PathResult(PathResult.VECTOR, dense))),
                      tiers);
              retrievalMs = embedMs;
            }
            default -> throw new AssertionError("bm25 runs on its own index view: " + run.mode);
          }
          double rankMs = (System.nanoTime() - start) / 1e6;
          run.add(query, ranked, retrievalMs + rankMs + pack(run, query, ranked));
        }
        progress.update("query", ++done, queries.size());
      }
    }

    /** The retrieval with each path cut to its first {@code depth} candidates. */
    private static Retrieval truncated(Retrieval retrieval, int depth) {
      List<PathResult> paths = new ArrayList<>();
      for (PathResult p : retrieval.paths()) {
        paths.add(p.ranked().size() <= depth ? p : new PathResult(p.path(), p.ranked().subList(0, depth)));
      }
      return new Retrieval(paths, retrieval.records(), retrieval.retrieval(), retrieval.timingsMillis());
    }

    private void queryBm25(RecallEngine engine, ModeRun run) {
      TierPolicy tiers = config.recall().tierPolicy();
      List<Query> queries = dataset.queries();
      int done = 0;
      for (Query query : queries) {
        clock.set(corpus.now(query.namespace()));
        Retrieval retrieval = engine.retrieve(request(query));
        long start = System.nanoTime();
        List<ScoredRecord> ranked = fromPath(retrieval.path(PathResult.LEXICAL), retrieval.records(), tiers, true);
        double ms = retrieval.timingsMillis().getOrDefault(Stage.LEXICAL, 0.0) + (System.nanoTime() - start) / 1e6;
        run.add(query, ranked, ms + pack(run, query, ranked));
        progress.update("query bm25", ++done, queries.size());
      }
    }

    /**
     * Packs the mode's best records at every budget with both packers and records the shares;
     * returns the milliseconds of the engine packer at the largest budget (0 without budgets).
     */
    private double pack(ModeRun run, Query query, List<ScoredRecord> ranked) {
      List<ScoredRecord> offered = ranked.subList(0, Math.min(ranked.size(), options.packDepth()));
      Set<String> relevant = dataset.qrels().judgments(query.id()).keySet();
      double ms = 0;
      for (int budget : options.budgets()) {
        long start = System.nanoTime();
        PackedContext packed = packer.pack(List.of(), offered, budget);
        ms = (System.nanoTime() - start) / 1e6;
        run.addBudget(budget, share(packed, relevant), false);
        List<ScoredRecord> naiveInput = naivePrefix(offered, budget);
        PackedContext naive =
            naiveInput.isEmpty()
                ? packed
                : new NaivePacker(counter, Renderers.memoryContext(), naiveInput.size())
                    .pack(List.of(), naiveInput, budget);
        run.addBudget(budget, naiveInput.isEmpty() ? 0 : share(naive, relevant), true);
      }
      return ms;
    }

    /**
     * The shortest prefix of the ranking whose contents alone exceed the budget, plus two records
     * of slack: the naive packer renders everything it is given and cuts at the budget, so records
     * after this prefix would start beyond the cut anyway; giving it fewer keeps the cost bounded.
     */
    private List<ScoredRecord> naivePrefix(List<ScoredRecord> ranked, int budget) {
      int tokens = 0;
      int end = 0;
      while (end < ranked.size() && tokens <= budget) {
        MemoryRecord r = ranked.get(end).record();
        tokens += contentTokens.computeIfAbsent(r.id(), id -> counter.count(r.content()));
        end++;
      }
      return ranked.subList(0, Math.min(ranked.size(), end + 2));
    }

    private double share(PackedContext packed, Set<String> relevant) {
      int reached = 0;
      for (RecalledItem item : packed.items()) {
        if (relevant.contains(item.record().id()) && reach.reached(packed.context(), item)) {
          reached++;
        }
      }
      return (double) reached / relevant.size();
    }

    /** A single path's hits as ranked records: the path score is the fused and final score. */
    private List<ScoredRecord> fromPath(
        PathResult path, Map<String, MemoryRecord> records, TierPolicy tiers, boolean lexical) {
      List<ScoredRecord> out = new ArrayList<>(path.ranked().size());
      int rank = 0;
      for (Candidate c : path.ranked()) {
        rank++;
        MemoryRecord r = records.get(c.id());
        ScoreBreakdown score =
            lexical
                ? new ScoreBreakdown(rank, c.score(), 0, Double.NaN, c.score(), 1, 1, tiers.priority(r), c.score())
                : new ScoreBreakdown(0, Double.NaN, rank, c.score(), c.score(), 1, 1, tiers.priority(r), c.score());
        out.add(new ScoredRecord(r, score));
      }
      return out;
    }

    /** Fused baseline candidates as ranked records (no decay, trust or dedup: the status quo). */
    private List<ScoredRecord> fused(List<FusedCandidate> fused, TierPolicy tiers) {
      List<ScoredRecord> out = new ArrayList<>(fused.size());
      for (FusedCandidate f : fused) {
        MemoryRecord r = corpus.record(f.id());
        out.add(
            new ScoredRecord(
                r,
                new ScoreBreakdown(
                    f.rank(PathResult.LEXICAL),
                    f.score(PathResult.LEXICAL),
                    f.rank(PathResult.VECTOR),
                    f.score(PathResult.VECTOR),
                    f.fusedScore(),
                    1,
                    1,
                    tiers.priority(r),
                    f.fusedScore())));
      }
      return out;
    }

    private static List<Candidate> candidates(List<ScoredId> hits) {
      return hits.stream().map(h -> new Candidate(h.id(), h.score())).toList();
    }

    private static void closeQuietly(SqliteBaseline baseline) {
      try {
        baseline.close();
      } catch (SQLException e) {
        LOG.warn("closing the SQLite baseline: {}", e.getMessage());
      }
    }

    /** Per-mode accumulation over the queries. */
    private final class ModeRun {
      private final EvalMode mode;
      private final Map<String, List<ScoredId>> rankings = new HashMap<>();
      private final double[] latencies = new double[dataset.queries().size()];
      private final Map<Integer, Double> packed = new LinkedHashMap<>();
      private final Map<Integer, Double> naive = new LinkedHashMap<>();
      private int count;

      ModeRun(EvalMode mode) {
        this.mode = mode;
        for (int budget : options.budgets()) {
          packed.put(budget, 0.0);
          naive.put(budget, 0.0);
        }
      }

      /**
       * A run is read in score order, as trec_eval reads it. Strict tiers rank a lower-scored tier
       * first, so a ranking not in score order is recorded with its ranks as scores (n down to 1):
       * otherwise the metrics would score plain score order and never see the tiers.
       */
      void add(Query query, List<ScoredRecord> ranked, double millis) {
        boolean scoreOrder = true;
        for (int i = 1; i < ranked.size() && scoreOrder; i++) {
          scoreOrder = ranked.get(i).finalScore() <= ranked.get(i - 1).finalScore();
        }
        List<ScoredId> ids = new ArrayList<>(ranked.size());
        for (int i = 0; i < ranked.size(); i++) {
          ScoredRecord r = ranked.get(i);
          ids.add(new ScoredId(r.id(), scoreOrder ? r.finalScore() : ranked.size() - i));
        }
        rankings.put(query.id(), ids);
        latencies[count++] = millis;
      }

      void addBudget(int budget, double share, boolean isNaive) {
        (isNaive ? naive : packed).merge(budget, share, Double::sum);
      }

      ModeResult result() throws IOException {
        Run run = Run.of(mode.name(), rankings);
        if (options.runDir() != null) {
          Files.createDirectories(options.runDir());
          TrecFormat.writeRun(run, options.runDir().resolve(runFileName()));
        }
        Evaluation evaluation = Metrics.evaluate(dataset.qrels(), run, Metric.DEFAULTS);
        Map<String, Double> metrics = new LinkedHashMap<>();
        evaluation.mean().forEach((metric, value) -> metrics.put(metric.name(), value));
        int n = Math.max(1, dataset.queries().size());
        packed.replaceAll((b, sum) -> sum / n);
        naive.replaceAll((b, sum) -> sum / n);
        double[] sorted = Arrays.copyOf(latencies, count);
        Arrays.sort(sorted);
        return new ModeResult(mode, metrics, packed, naive, percentile(sorted, 0.50), percentile(sorted, 0.95));
      }

      private String runFileName() {
        String level = dataset.level() == null ? "" : "-" + dataset.level().wireName();
        return dataset.name() + "-" + dataset.split() + level + "." + mode.fileName() + ".trec";
      }
    }
  }

  /** Nearest-rank percentile of ascending values; 0 when empty. */
  static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
  }

  /** A clock the evaluation moves to each query's "now"; read by the engine's ranker. */
  private static final class MutableClock extends Clock {
    private volatile Instant now = EvalCorpus.UNDATED;

    void set(Instant instant) {
      now = instant;
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }
  /**
   * When a judged-relevant document counts as reaching a packed block: its record is injected
   * whole, or the block shows at least the first {@link #MIN_TOKENS} tokens of its text (all of it
   * when shorter), as rendered. The rule is the same for both packers and looks only at the final
   * string, so a cut that kept the bullet, the title or a few words of the text (the naive baseline
   * keeps the start of the record it cuts, however short) does not count, and neither does a
   * summary shown instead of the text. 32 tokens is about two sentences of prose; a document cut
   * shorter has not told the reader what it says. (Counting any record whose line starts inside the
   * block credited the naive baseline with the few tokens it keeps of the record it cuts off;
   * docs/RESULTS.md, "Budget-aware recall", gives the figures of both rules.)
   */
  static final class Reach {
    static final int MIN_TOKENS = 32;

    private final TokenCounter counter;
    private final Map<String, String> heads = new HashMap<>();

    Reach(TokenCounter counter) {
      this.counter = counter;
    }

    boolean reached(String context, RecalledItem item) {
      return !item.truncated()
          || context.contains(heads.computeIfAbsent(item.record().id(), id -> head(item.record())));
    }

    /** The longest prefix of the record's rendered text, on a code-point boundary, of MIN_TOKENS at most. */
    private String head(MemoryRecord record) {
      String body = Renderers.memoryContext().body(record.content());
      if (counter.count(body) <= MIN_TOKENS) {
        return body;
      }
      int lo = 0;
      int hi = body.length();
      while (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        if (counter.count(body.substring(0, mid)) <= MIN_TOKENS) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      if (lo > 0 && Character.isHighSurrogate(body.charAt(lo - 1))) {
        lo--;
      }
      return body.substring(0, lo).stripTrailing();
    }
  }
}
