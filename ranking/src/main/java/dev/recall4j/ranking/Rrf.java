package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Weighted reciprocal rank fusion: {@code fused(d) = Σ_p w_p / (k + rank_p(d))} over the paths p
 * that return d within the rank window (Cormack, Clarke and Büttcher, SIGIR 2009; the weights and
 * window follow Elasticsearch's weighted RRF retriever). Unnamed paths weigh 1.
 *
 * @param k smoothing constant, > 0; 60 in the paper
 * @param weights weight per path name, each finite and >= 0
 * @param window only ranks {@code <= window} count; {@link Integer#MAX_VALUE} for no window
 */
record Rrf(int k, Map<String, Double> weights, int window) implements TableFusion {
  Rrf {
    Checks.require(k > 0, "k", "must be > 0, got %d", k);
    Checks.require(window > 0, "window", "must be > 0, got %d", window);
    Checks.notNull(weights, "pathWeights");
    TreeMap<String, Double> copy = new TreeMap<>();
    weights.forEach(
        (path, w) -> {
          PathResult.checkPathName(path, "pathWeights");
          Checks.require(
              w != null && Double.isFinite(w) && w >= 0,
              "pathWeights",
              "weight of path %s must be finite and >= 0, got %s",
              path,
              w);
          copy.put(path, w);
        });
    weights = Collections.unmodifiableMap(copy);
  }

  @Override
  public String name() {
    StringBuilder spec = new StringBuilder("rrf:k=").append(k);
    weights.forEach((path, w) -> spec.append(',').append(path).append('=').append(w));
    if (window != Integer.MAX_VALUE) {
      spec.append(",window=").append(window);
    }
    return spec.toString();
  }

  @Override
  public FusionTable table(List<PathResult> paths) {
    List<PathResult> canonical = FusionTable.canonical(paths);
    FusionTable table = new FusionTable(canonical);
    for (PathResult p : canonical) {
      double w = weights.getOrDefault(p.path(), 1.0);
      int[] ranks = p.ranks();
      for (int i = 0; i < ranks.length && ranks[i] <= window; i++) {
        table.add(p.path(), p.ranked().get(i), ranks[i], w / (k + ranks[i]));
      }
    }
    return table;
  }
}
