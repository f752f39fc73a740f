package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import java.util.List;

/**
 * Convex combination of normalised scores (Bruch, Gai and Ingber, "An Analysis of Fusion Functions
 * for Hybrid Retrieval", ACM TOIS 2023): {@code fused(d) = α·norm_vector(d) + (1 −
 * α)·norm_lexical(d)}, 0 for a path that did not return d. Two normalisations, both from that
 * paper:
 *
 * <ul>
 *   <li>{@code minmax}: {@code (s − min_p) / (max_p − min_p)} over path p's list. The best and the
 *       worst hit of a path always map to 1 and 0, however little their scores differ.
 *   <li>{@code theoretical} (their TM2C2): {@code s / max_p}, the minimum being the score's
 *       theoretical one, 0 for BM25 and for the store's vector score {@code (1 + cos) / 2}. A path
 *       whose hits all score alike (one averaged vector per long text makes every long text look
 *       alike) keeps its scores alike, so it cannot reorder the other path's ranking on noise.
 * </ul>
 *
 * <p>Weights: fixed ({@code α} and {@code 1 − α} for every query), or per query by each path's
 * {@code confidence} in its own ranking, the z-score of its best hit within its list, {@code c_p =
 * (s_1 − mean_p) / sd_p} (sample sd): a path whose best hit stands far above the rest of its list
 * is surer of this query than one whose hits score alike. The vector path then weighs {@code α·c_v
 * / (α·c_v + (1 − α)·c_l)}; a path with fewer than two distinct scores has no such evidence, and
 * the query keeps the fixed weights.
 *
 * <p>Degenerate cases: a path whose scores are all equal (or that has a single hit) normalises
 * every hit to 1, its best; when only one path has hits (no embedder, or an empty path) the fused
 * score is that path's normalised score, so α never zeroes the only evidence there is.
 *
 * @param alpha weight of the {@code vector} path in [0, 1]
 * @param theoretical whether scores are normalised by the theoretical minimum (else min-max)
 * @param confidence whether each query re-weighs α by the paths' confidence (else fixed weights)
 */
record ConvexFusion(double alpha, boolean theoretical, boolean confidence) implements TableFusion {
  ConvexFusion {
    Checks.inRange(alpha, 0.0, 1.0, "alpha");
  }

  @Override
  public String name() {
    return "convex:alpha="
        + alpha
        + (theoretical ? ",norm=theoretical" : "")
        + (confidence ? ",weights=confidence" : "");
  }

  @Override
  public FusionTable table(List<PathResult> paths) {
    List<PathResult> canonical = FusionTable.canonical(paths);
    for (PathResult p : canonical) {
      Checks.require(
          p.path().equals(PathResult.LEXICAL) || p.path().equals(PathResult.VECTOR),
          "paths",
          "convex fusion combines %s and %s, got %s",
          PathResult.LEXICAL,
          PathResult.VECTOR,
          p.path());
    }
    boolean single = canonical.stream().filter(p -> !p.ranked().isEmpty()).count() == 1;
    double vectorWeight = confidence && !single ? confidentAlpha(canonical) : alpha;
    FusionTable table = new FusionTable(canonical);
    for (PathResult p : canonical) {
      double weight =
          single ? 1.0 : p.path().equals(PathResult.VECTOR) ? vectorWeight : 1.0 - vectorWeight;
      List<Candidate> hits = p.ranked();
      if (hits.isEmpty()) {
        continue;
      }
      double max = hits.get(0).score();
      double min =
          theoretical
              ? Math.min(0.0, hits.get(hits.size() - 1).score())
              : hits.get(hits.size() - 1).score();
      int[] ranks = p.ranks();
      for (int i = 0; i < ranks.length; i++) {
        double norm = max == min ? 1.0 : (hits.get(i).score() - min) / (max - min);
        table.add(p.path(), hits.get(i), ranks[i], weight * norm);
      }
    }
    return table;
  }

  /** α re-weighed by both paths' confidence; α itself when either path has no measurable one. */
  private double confidentAlpha(List<PathResult> canonical) {
    double lexical = Double.NaN;
    double vector = Double.NaN;
    for (PathResult p : canonical) {
      if (p.path().equals(PathResult.VECTOR)) {
        vector = topZ(p.ranked());
      } else {
        lexical = topZ(p.ranked());
      }
    }
    if (!(lexical > 0 && vector > 0)) {
      return alpha;
    }
    double v = alpha * vector;
    double l = (1 - alpha) * lexical;
    return v + l == 0 ? alpha : v / (v + l);
  }

  /** The z-score of the best hit within the list; NaN for fewer than two hits or equal scores. */
  private static double topZ(List<Candidate> hits) {
    ScoreStats stats = ScoreStats.of(hits);
    return stats.sd() == 0 ? Double.NaN : (hits.get(0).score() - stats.mean()) / stats.sd();
  }
}
