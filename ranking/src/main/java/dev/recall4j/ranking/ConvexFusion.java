package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import java.util.List;

/**
 * Convex combination of min-max normalised scores (Bruch, Gai and Ingber, "An Analysis of Fusion
 * Functions for Hybrid Retrieval", ACM TOIS 2023): {@code fused(d) = α·norm_vector(d) + (1 −
 * α)·norm_lexical(d)}, with {@code norm_p(d) = (s − min_p) / (max_p − min_p)} over path p's list and
 * 0 when p did not return d.
 *
 * <p>Degenerate cases: a path whose scores are all equal (or that has a single hit) normalises every
 * hit to 1, its best; when only one path has hits (no embedder, or an empty path) the fused score is
 * that path's normalised score, so α never zeroes the only evidence there is.
 *
 * @param alpha weight of the {@code vector} path in [0, 1]
 */
record ConvexFusion(double alpha) implements Fusion {
  ConvexFusion {
    Checks.inRange(alpha, 0.0, 1.0, "alpha");
  }

  @Override
  public String name() {
    return "convex:alpha=" + alpha;
  }

  @Override
  public List<FusedCandidate> fuse(List<PathResult> paths) {
    List<PathResult> canonical = FusionTable.canonical(paths);
    for (PathResult p : canonical) {
      Checks.require(
          p.path().equals(PathResult.LEXICAL) || p.path().equals(PathResult.VECTOR),
          "paths",
          "convex fusion combines %s and %s, got %s",
          PathResult.LEXICAL, PathResult.VECTOR, p.path());
    }
    boolean single = canonical.stream().filter(p -> !p.ranked().isEmpty()).count() == 1;
    FusionTable table = new FusionTable();
    for (PathResult p : canonical) {
      double weight = single ? 1.0 : p.path().equals(PathResult.VECTOR) ? alpha : 1.0 - alpha;
      List<Candidate> hits = p.ranked();
      if (hits.isEmpty()) {
        continue;
      }
      double max = hits.get(0).score();
      double min = hits.get(hits.size() - 1).score();
      int[] ranks = p.ranks();
      for (int i = 0; i < ranks.length; i++) {
        double norm = max == min ? 1.0 : (hits.get(i).score() - min) / (max - min);
        table.add(p.path(), hits.get(i), ranks[i], weight * norm);
      }
    }
    return table.sorted();
  }
}
