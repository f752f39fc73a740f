package dev.recall4j.benchmarks;

import dev.recall4j.core.RecallRequest;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hybrid recall@10 (issue 22 item 5): how much of what the engine ranks first survives approximate
 * vector search. Per question, |top 10 with the defaults ∩ top 10 of the same search with {@value
 * #REFERENCE_CANDIDATES} HNSW candidates| / 10, averaged; both are {@link RecallEngine#search} over
 * the cached index opened read-only (a search writes nothing), with the query vector precomputed.
 * The reference is not exact search (the engine has no exact vector path), so the recall curve
 * measures its own vector recall@10 against exact search beside it (the {@value
 * #REFERENCE_CANDIDATES}-candidate point). The lexical path needs no such figure: Lucene's BM25 top
 * 10 is exact (block-max WAND skips only documents that cannot enter the top k).
 */
final class HybridRecall {
  private static final Logger LOG = LoggerFactory.getLogger(HybridRecall.class);

  /** The vector candidates of the reference search: the most the engine accepts. */
  static final int REFERENCE_CANDIDATES = RecallRequest.MAX_TOP_K;

  /**
   * Hybrid recall@10 at one corpus size.
   *
   * @param referenceCandidates the vector candidates of the reference search
   */
  record Point(int size, double recallAt10, int referenceCandidates) {}

  private HybridRecall() {}

  static Point measure(int size, Path index, List<BenchQuery> queries) throws IOException {
    List<Set<String>> defaults = topTen(index, queries, null);
    List<Set<String>> reference = topTen(index, queries, REFERENCE_CANDIDATES);
    double sum = 0;
    for (int i = 0; i < queries.size(); i++) {
      Set<String> kept = new HashSet<>(defaults.get(i));
      kept.retainAll(reference.get(i));
      sum += kept.size() / (double) Math.max(1, reference.get(i).size());
    }
    Point point = new Point(size, sum / queries.size(), REFERENCE_CANDIDATES);
    LOG.info(
        "hybrid recall@10 size {}: {}",
        size,
        String.format(Locale.ROOT, "%.3f", point.recallAt10()));
    return point;
  }

  /** The ids of the engine's top 10 per question, with the default or the given candidate count. */
  private static List<Set<String>> topTen(
      Path index, List<BenchQuery> queries, Integer vectorCandidates) throws IOException {
    EngineConfig.Builder config = EngineConfig.builder(index).indexDir(index);
    if (vectorCandidates != null) {
      config.vectorCandidates(vectorCandidates);
    }
    List<Set<String>> out = new ArrayList<>(queries.size());
    try (RecallEngine engine =
        RecallEngine.openReadOnly(
            config.build(), Fixtures.precomputedEmbedder(queries), Clock.systemUTC())) {
      for (BenchQuery q : queries) {
        Set<String> ids = new HashSet<>();
        engine
            .search(RecallRequest.builder(q.text()).build(), Teams.NONE, RecallCurve.K)
            .items()
            .forEach(s -> ids.add(s.record().id()));
        out.add(ids);
      }
    }
    return out;
  }
}
