package dev.recall4j.ranking;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How well each path's best hits score on the other path: a cross-path query-performance predictor.
 * A path that is weak for a query overall (a lexical query whose words miss the topic, a vector
 * path that finds chatter near the words) puts hits at its top that the other path scores low; the
 * z-score of a path's own best hit ({@link ConvexFusion}'s confidence) cannot see that, since a
 * weak path can be sure of a wrong hit.
 *
 * <p>For path p and the other path q, with {@code n_q} q's min-max normalised score over its own
 * list (0 for a hit q did not return: it scored below q's last hit): {@code E_p = mean
 * n_q(top_k(p)) / mean n_q(top_k(q))}, in [0, 1]: 1 when q rates p's best hits as highly as its
 * own, 0 when q returned none of them. {@code top_k} is every hit of competition rank ≤ k, so equal
 * scores at the cut count alike whatever order the path listed them in, and the means are summed in
 * sorted order, so neither the paths' order nor the order of equal-score hits changes a bit of the
 * result.
 *
 * @param lexical the vector path's endorsement of the lexical path's best hits, or NaN when it
 *     cannot be measured (the vector path is empty or scores all its hits alike)
 * @param vector the lexical path's endorsement of the vector path's best hits, or NaN likewise
 */
record Endorsement(double lexical, double vector) {
  /**
   * Both paths' endorsement over their first {@code depth} ranks.
   *
   * @param depth ranks of each path whose hits are scored by the other, >= 1
   */
  static Endorsement of(List<Candidate> lexical, List<Candidate> vector, int depth) {
    return new Endorsement(endorse(lexical, vector, depth), endorse(vector, lexical, depth));
  }

  /** Whether both figures are measured and at least one is above 0. */
  boolean measured() {
    return lexical >= 0 && vector >= 0 && lexical + vector > 0;
  }

  /** {@code mean n_other(top(own)) / mean n_other(top(other))}; NaN without a spread. */
  private static double endorse(List<Candidate> own, List<Candidate> other, int depth) {
    if (own.isEmpty() || other.isEmpty()) {
      return Double.NaN;
    }
    double max = other.get(0).score();
    double min = other.get(other.size() - 1).score();
    if (max == min) {
      return Double.NaN;
    }
    Map<String, Double> normalised = HashMap.newHashMap(other.size());
    for (Candidate c : other) {
      normalised.put(c.id(), (c.score() - min) / (max - min));
    }
    double endorsed = topMean(own, normalised, depth);
    double self = topMean(other, normalised, depth);
    return self == 0 ? Double.NaN : endorsed / self;
  }

  /** The mean of {@code normalised} (0 when absent) over the hits of rank ≤ depth, sorted sum. */
  private static double topMean(List<Candidate> hits, Map<String, Double> normalised, int depth) {
    int n = 0;
    while (n < hits.size() && (n < depth || hits.get(n).score() == hits.get(depth - 1).score())) {
      n++;
    }
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = normalised.getOrDefault(hits.get(i).id(), 0.0);
    }
    Arrays.sort(values);
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / n;
  }
}
