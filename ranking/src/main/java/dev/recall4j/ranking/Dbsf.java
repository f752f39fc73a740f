package dev.recall4j.ranking;

import java.util.List;

/**
 * Distribution-based score fusion, as Qdrant's {@code dbsf}: each path's scores are normalised with
 * the limits mean ± 3 standard deviations (sample standard deviation, n − 1), {@code norm(s) = (s −
 * (μ − 3σ)) / 6σ}, and the normalised scores of a candidate are summed over the paths.
 *
 * <p>As in Qdrant, a path with one hit or with all-equal scores normalises to 0.5. Unlike Qdrant
 * the result is clamped to [0, 1] (a score can fall outside μ ± 3σ once a path has 11 or more
 * hits): ranking multiplies fused scores by decay and trust, and a negative score would invert
 * them.
 */
record Dbsf() implements TableFusion {
  @Override
  public String name() {
    return "dbsf";
  }

  @Override
  public FusionTable table(List<PathResult> paths) {
    List<PathResult> canonical = FusionTable.canonical(paths);
    FusionTable table = new FusionTable(canonical);
    for (PathResult p : canonical) {
      List<Candidate> hits = p.ranked();
      int n = hits.size();
      ScoreStats stats = ScoreStats.of(hits);
      double mean = stats.mean();
      double sd = stats.sd();
      int[] ranks = p.ranks();
      for (int i = 0; i < n; i++) {
        double norm = sd == 0 ? 0.5 : (hits.get(i).score() - (mean - 3 * sd)) / (6 * sd);
        table.add(p.path(), hits.get(i), ranks[i], Math.min(1.0, Math.max(0.0, norm)));
      }
    }
    return table;
  }
}
