package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One candidate after fusion, with what each path said about it.
 *
 * @param id the record id
 * @param fusedScore the fused score, higher is better; finite and {@code >= 0}, because ranking
 *     multiplies it by decay and trust factors and a negative score would invert them
 * @param ranks 1-based rank per path that contributed to the fused score, keyed by path name
 *     (sorted); a path that did not return the candidate (or returned it outside the rank window)
 *     is absent
 * @param scores the raw path score per contributing path; same keys as {@code ranks}
 */
public record FusedCandidate(
    String id, double fusedScore, Map<String, Integer> ranks, Map<String, Double> scores) {
  public FusedCandidate {
    id = Checks.notBlank(id, "id");
    if (!(Double.isFinite(fusedScore)
        && fusedScore >= 0)) { // tested before calling Checks: its varargs box per call
      Checks.require(
          false, "fusedScore", "must be finite and >= 0, got %s (candidate %s)", fusedScore, id);
    }
    // FusionTable's maps are immutable, sorted, name the same paths and hold ranks >= 1: copying
    // them
    // into TreeMaps cost a quarter of fusion.
    if (!(ranks instanceof PathValues<?> r && scores instanceof PathValues<?> s && r.sameKeys(s))) {
      ranks = Collections.unmodifiableMap(new TreeMap<>(Checks.notNull(ranks, "ranks")));
      scores = Collections.unmodifiableMap(new TreeMap<>(Checks.notNull(scores, "scores")));
      Checks.require(
          ranks.keySet().equals(scores.keySet()),
          "scores",
          "must name the same paths as ranks %s, got %s",
          ranks.keySet(),
          scores.keySet());
      ranks.forEach(
          (path, rank) ->
              Checks.require(
                  rank != null && rank >= 1,
                  "ranks",
                  "rank on path %s must be >= 1, got %s",
                  path,
                  rank));
    }
  }

  /** The 1-based rank on {@code path}, or 0 when that path did not contribute. */
  public int rank(String path) {
    Integer rank =
        ranks.get(path); // not getOrDefault: its boxed default would be allocated per call
    return rank == null ? 0 : rank;
  }

  /** The raw score on {@code path}, or NaN when that path did not contribute. */
  public double score(String path) {
    Double score = scores.get(path);
    return score == null ? Double.NaN : score;
  }
}
