package dev.recall4j.datasets.eval;

import dev.recall4j.budget.Packer;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Stage;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.core.Wire;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.datasets.baseline.SqliteBaseline;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Document;
import dev.recall4j.datasets.load.Query;
import dev.recall4j.datasets.trec.ScoredId;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Retrieval;
import dev.recall4j.engine.Teams;
import dev.recall4j.ranking.Candidate;
import dev.recall4j.ranking.FusedCandidate;
import dev.recall4j.ranking.Fusion;
import dev.recall4j.ranking.Fusions;
import dev.recall4j.ranking.PathResult;
import dev.recall4j.ranking.Ranker;
import dev.recall4j.ranking.RecencyDecay;
import dev.recall4j.ranking.TierPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of {@link Evaluator}: builds or reopens the cached index, queries it in every mode and
 * scores the rankings. Mutable state confined to the calling thread.
 */
final class EvaluationJob {
  private static final Logger LOG = LoggerFactory.getLogger(EvaluationJob.class);

  /** Records per {@code importAll} call while building an index: one commit each. */
  private static final int INGEST_CHUNK = 1000;

  /** The vector path must never be abandoned during evaluation. */
  private static final Duration NO_DEADLINE = Duration.ofHours(1);

  private final Dataset dataset;
  private final EvalOptions options;
  private final EvalProgress progress;
  private final EvalCorpus corpus;
  private final EvalCache cache;
  private final MutableClock clock = new MutableClock();
  private BudgetPacking packing;
  private EngineConfig config;
  private String indexCache;

  EvaluationJob(Dataset dataset, EvalOptions options, EvalProgress progress) {
    this.dataset = dataset;
    this.options = options;
    this.progress = progress;
    this.corpus = EvalCorpus.of(dataset);
    this.cache = new EvalCache(options.cacheDir());
  }

  EvalReport execute() throws IOException {
    ReferenceVectors reference =
        options.needsVectors() && options.referenceVectors() != null
            ? ReferenceVectors.read(options.referenceVectors(), options.model())
            : null;
    Embedder model =
        reference != null
            ? reference
            : options.needsVectors() ? options.embedders().apply(options.model()) : null;
    String modelId = model == null ? null : model.modelId();
    // An index built from reference vectors is not the index the live model builds.
    String vectorsKey = reference == null ? modelId : modelId + "@" + reference.checksum();
    Map<EvalMode, ModeRun> runs = new LinkedHashMap<>();
    options.modes().forEach(m -> runs.put(m, new ModeRun(m, dataset, options)));
    Path entry;
    try {
      // No merge in the background: where merges land depends on timing, and HNSW search is
      // approximate per segment, so a gate's figures would depend on it. The index keeps the
      // segments its chunks left, a fixed layout.
      IndexSettings settings = options.indexSettings().withSegmentsPerTier(0);
      EngineConfig defaults =
          EngineConfig.builder(options.cacheDir())
              .indexSettings(settings)
              .passageWords(options.passageWords())
              .build();
      entry = cache.indexEntry(dataset, vectorsKey, defaults);
      config =
          EngineConfig.builder(entry)
              .indexDir(Path.of("lucene"))
              .indexSettings(settings)
              .embedderProvider(model == null ? EmbedderProvider.NONE : EmbedderProvider.ONNX)
              .embedderModel(modelId == null ? defaults.embedder().model() : modelId)
              .passageWords(options.passageWords())
              .tierBoost(tierBoost())
              .deadline(NO_DEADLINE)
              .store(options.store())
              .build();
    } catch (RuntimeException e) {
      if (model != null) {
        model.close();
      }
      throw e;
    }
    TokenCounter counter = config.budget().tokenCounter();
    Packer packer = Packer.builder(counter).pinnedShare(config.budget().pinnedShare()).build();
    packing = new BudgetPacking(packer, counter, options, dataset.qrels());
    Map<String, float[]> vectors = null;
    // A store of another kind is written on every run; the cache entry keeps the in-process index.
    boolean inProcess = options.store() == null;
    boolean hit = inProcess && EvalCache.indexComplete(entry);
    indexCache = !inProcess ? "store " + options.store().location() : hit ? "hit" : "built";
    if (inProcess && !hit) {
      EvalCache.recreate(entry);
    }
    Path vectorFile = modelId == null ? null : cache.vectorFile(dataset, modelId);
    TextVectorCache textCache =
        model == null || reference != null
            ? null
            : new TextVectorCache(
                model, hit ? Map.of() : orEmpty(EvalCache.readVectors(vectorFile, modelId)));
    Embedder embedder = textCache != null ? textCache : model;
    try (RecallEngine engine = RecallEngine.open(config, embedder, clock)) {
      if (!hit) {
        vectors = build(engine, modelId);
        if (textCache != null && textCache.added() > 0) {
          EvalCache.writeVectors(vectorFile, modelId, textCache.all());
        }
        if (inProcess) {
          EvalCache.markIndexComplete(entry);
        } else {
          requireOnlyTheCorpus(engine);
        }
      }
      List<ModeRun> engineModes =
          runs.values().stream().filter(r -> r.mode().type() != EvalMode.Type.BM25).toList();
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
        runs.values().stream()
            .filter(r -> r.mode().type() == EvalMode.Type.BM25)
            .findFirst()
            .orElse(null);
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
        Wire.name(config.indexSettings().vectorEncoding()),
        tierBoost(),
        options.lexicalQueryCut() == LexicalQueryCut.NONE
            ? null
            : options.lexicalQueryCut().wireName(),
        indexCache,
        warnings,
        results);
  }

  /** The run's {@code recall.tier_boost} as given: the option, else the engine's default. */
  private String tierBoost() {
    return options.tierBoost() == null
        ? Double.toString(Ranker.DEFAULT_TIER_BOOST)
        : options.tierBoost();
  }

  /**
   * Saves every record, embedded by the engine (through the text-keyed vector cache). Returns each
   * document's first vector by id, for the SQLite baseline, or null without an embedder.
   */
  private Map<String, float[]> build(RecallEngine engine, String modelId) throws IOException {
    List<MemoryRecord> records = corpus.records();
    LOG.info(
        "building index of {} ({} records, vectors {})",
        dataset.label(),
        records.size(),
        modelId == null ? "none" : modelId);
    Map<String, float[]> vectors = HashMap.newHashMap(records.size());
    int total = records.size();
    for (int from = 0; from < total; from += INGEST_CHUNK) {
      int offset = from;
      List<MemoryRecord> chunk = records.subList(from, Math.min(total, from + INGEST_CHUNK));
      // importAll, not saveAll: a corpus is stored exactly as judged. saveAll would merge
      // repeated texts (LoCoMo has identical short turns), leaving qrels pointing at ids never
      // stored.
      for (MemoryRecord stored : engine.importAll(chunk)) {
        vectors.put(stored.id(), stored.vector());
      }
      progress.update("embed+index", offset + chunk.size(), total);
    }
    progress.update("embed+index", total, total);
    return modelId == null ? null : vectors;
  }

  /**
   * A store of another kind may hold records of an earlier run (another level of the dataset, in
   * the same namespaces), which would take part in the rankings: refused.
   */
  private void requireOnlyTheCorpus(RecallEngine engine) {
    long stored =
        corpus.records().stream()
            .map(r -> r.scope().namespace())
            .distinct()
            .mapToLong(namespace -> engine.status(Scope.of(namespace)).records())
            .sum();
    if (stored != corpus.records().size()) {
      throw new IllegalStateException(
          "the store "
              + options.store().location()
              + " holds "
              + stored
              + " records in the dataset's namespaces, not its "
              + corpus.records().size()
              + ": give each dataset and level an index of its own");
    }
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
    return request(query, query.text());
  }

  private RecallRequest request(Query query, String text) {
    return RecallRequest.builder(text)
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
      EvalMode m = run.mode();
      if (m.type() == EvalMode.Type.FUSION
          || (m.type() == EvalMode.Type.HYBRID && m.decayFloor() != null)) {
        rankers.put(
            m,
            Ranker.builder()
                .fusion(m.fusion() == null ? config.recall().fusion() : Fusions.parse(m.fusion()))
                .tierPolicy(tiers)
                .recencyDecay(m.decayPolicy() == null ? config.recall().decay() : m.decayPolicy())
                .build());
      }
    }
    Map<EvalMode, Fusion> baselineFusions = new HashMap<>();
    Map<EvalMode, Ranker> baselineDedup = new HashMap<>();
    for (ModeRun run : modes) {
      EvalMode m = run.mode();
      if (m.type() == EvalMode.Type.SQLITE_FTS5) {
        Fusion fusion = m.fusion() == null ? config.recall().fusion() : Fusions.parse(m.fusion());
        baselineFusions.put(m, fusion);
        if (m.dedup()) {
          // The engine's dedup and nothing else of its ranking: no decay, no trust weights.
          baselineDedup.put(
              m,
              Ranker.builder()
                  .fusion(fusion)
                  .tierPolicy(tiers)
                  .recencyDecay(RecencyDecay.none())
                  .trust(false)
                  .build());
        }
      }
    }
    List<Query> queries = dataset.queries();
    int done = 0;
    for (Query query : queries) {
      Instant now = corpus.now(query.namespace());
      clock.set(now);
      Retrieval retrieval = retrieve(engine, query);
      if (retrieval.retrieval().kind() != RetrievalMode.Kind.HYBRID
          && engine.embedder().isPresent()) {
        LOG.warn("query {}: retrieval was {}", query.id(), retrieval.retrieval());
      }
      Retrieval fusionInput = truncated(retrieval, options.fusionDepth());
      Map<Stage, Double> stages = retrieval.timingsMillis();
      // A store that searches both paths at once (a cluster) times them as one stage: each path
      // is charged the whole request.
      double bothMs = stages.getOrDefault(Stage.SEARCH, 0.0);
      double lexicalMs = stages.getOrDefault(Stage.LEXICAL, 0.0) + bothMs;
      double embedMs = stages.getOrDefault(Stage.EMBED, 0.0);
      double vectorMs = embedMs + stages.getOrDefault(Stage.VECTOR, 0.0) + bothMs;
      double hybridMs = lexicalMs + vectorMs - bothMs;
      for (ModeRun run : modes) {
        long start = System.nanoTime();
        List<ScoredRecord> ranked;
        double retrievalMs;
        switch (run.mode().type()) {
          case BM25_CODE -> {
            ranked = fromPath(retrieval.path(PathResult.LEXICAL), retrieval.records(), tiers, true);
            retrievalMs = lexicalMs;
          }
          case DENSE -> {
            ranked = fromPath(retrieval.path(PathResult.VECTOR), retrieval.records(), tiers, false);
            retrievalMs = vectorMs;
          }
          case HYBRID, FUSION -> {
            Ranker ranker = rankers.get(run.mode());
            ranked =
                ranker == null
                    ? engine.rank(fusionInput).ranked()
                    : ranker.rank(fusionInput.paths(), fusionInput.records(), now).ranked();
            if (run.mode().links()) {
              ranked = engine.expandLinks(request(query), Teams.NONE, ranked);
            }
            retrievalMs = hybridMs;
          }
          case SQLITE_FTS5 -> {
            float[] vector = engine.embedder().orElseThrow().embedQuery(query.text());
            List<Candidate> text =
                candidates(
                    baseline.searchText(
                        options.lexicalQueryCut().apply(query.text()),
                        query.namespace(),
                        options.fusionDepth()));
            List<Candidate> dense =
                candidates(baseline.searchVector(vector, query.namespace(), options.fusionDepth()));
            List<PathResult> paths =
                List.of(
                    new PathResult(PathResult.LEXICAL, text),
                    new PathResult(PathResult.VECTOR, dense));
            Ranker dedup = baselineDedup.get(run.mode());
            ranked =
                dedup == null
                    ? fused(baselineFusions.get(run.mode()).fuse(paths), tiers)
                    : dedup.rank(paths, baselineRecords(baseline, paths), now).ranked();
            retrievalMs = embedMs;
          }
          default -> throw new AssertionError("bm25 runs on its own index view: " + run.mode());
        }
        double rankMs = (System.nanoTime() - start) / 1e6;
        run.add(query, ranked, retrievalMs + rankMs + packing.pack(run, query, ranked));
      }
      progress.update("query", ++done, queries.size());
    }
  }

  /**
   * The query's retrieval; in a diagnostic run ({@link LexicalQueryCut}) the lexical path comes
   * from the cut-down query and every other path from the whole one.
   */
  private Retrieval retrieve(RecallEngine engine, Query query) {
    Retrieval whole = engine.retrieve(request(query));
    LexicalQueryCut cut = options.lexicalQueryCut();
    if (cut == LexicalQueryCut.NONE) {
      return whole;
    }
    Retrieval lexical = engine.retrieve(request(query, cut.apply(query.text())));
    List<PathResult> paths = new ArrayList<>();
    for (PathResult p : whole.paths()) {
      paths.add(p.path().equals(PathResult.LEXICAL) ? lexical.path(PathResult.LEXICAL) : p);
    }
    Map<String, MemoryRecord> records = new HashMap<>(whole.records());
    records.putAll(lexical.records());
    return new Retrieval(paths, records, whole.retrieval(), whole.timingsMillis());
  }

  /** The retrieval with each path cut to its first {@code depth} candidates. */
  private static Retrieval truncated(Retrieval retrieval, int depth) {
    List<PathResult> paths = new ArrayList<>();
    for (PathResult p : retrieval.paths()) {
      paths.add(
          p.ranked().size() <= depth ? p : new PathResult(p.path(), p.ranked().subList(0, depth)));
    }
    return new Retrieval(
        paths, retrieval.records(), retrieval.retrieval(), retrieval.timingsMillis());
  }

  private void queryBm25(RecallEngine engine, ModeRun run) {
    TierPolicy tiers = config.recall().tierPolicy();
    List<Query> queries = dataset.queries();
    int done = 0;
    for (Query query : queries) {
      clock.set(corpus.now(query.namespace()));
      Retrieval retrieval =
          engine.retrieve(request(query, options.lexicalQueryCut().apply(query.text())));
      long start = System.nanoTime();
      List<ScoredRecord> ranked =
          fromPath(retrieval.path(PathResult.LEXICAL), retrieval.records(), tiers, true);
      double ms =
          retrieval.timingsMillis().getOrDefault(Stage.LEXICAL, 0.0)
              + (System.nanoTime() - start) / 1e6;
      run.add(query, ranked, ms + packing.pack(run, query, ranked));
      progress.update("query bm25", ++done, queries.size());
    }
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
              ? new ScoreBreakdown(
                  rank, c.score(), 0, Double.NaN, c.score(), 1, 1, tiers.priority(r), c.score())
              : new ScoreBreakdown(
                  0, Double.NaN, rank, c.score(), c.score(), 1, 1, tiers.priority(r), c.score());
      out.add(new ScoredRecord(r, score));
    }
    return out;
  }

  /**
   * The status quo's candidates as records carrying the vector it stores for each, what the
   * engine's dedup compares.
   */
  private Map<String, MemoryRecord> baselineRecords(SqliteBaseline baseline, List<PathResult> paths)
      throws SQLException {
    Set<String> ids = new HashSet<>();
    paths.forEach(p -> p.ranked().forEach(c -> ids.add(c.id())));
    Map<String, float[]> vectors = baseline.vectors(ids);
    Map<String, MemoryRecord> records = HashMap.newHashMap(ids.size());
    for (String id : ids) {
      MemoryRecord r = corpus.record(id);
      float[] vector = vectors.get(id);
      records.put(id, vector == null ? r : r.toBuilder().vector(vector).build());
    }
    return records;
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
}
