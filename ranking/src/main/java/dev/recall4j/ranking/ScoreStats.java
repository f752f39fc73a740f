package dev.recall4j.ranking;

import java.util.List;

/**
 * Mean and sample standard deviation (n − 1) of a path's scores: DBSF's normalisation limits and
 * the confidence weights of {@link ConvexFusion} read the same figures.
 *
 * @param mean the mean score, 0 for no hits
 * @param sd the sample standard deviation, 0 for fewer than two hits
 */
record ScoreStats(double mean, double sd) {
  static ScoreStats of(List<Candidate> hits) {
    int n = hits.size();
    double mean = 0;
    for (Candidate c : hits) {
      mean += c.score();
    }
    mean /= Math.max(n, 1);
    double squares = 0;
    for (Candidate c : hits) {
      squares += (c.score() - mean) * (c.score() - mean);
    }
    return new ScoreStats(mean, n < 2 ? 0 : Math.sqrt(squares / (n - 1)));
  }
}
