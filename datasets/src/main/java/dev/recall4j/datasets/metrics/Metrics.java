package dev.recall4j.datasets.metrics;

import dev.recall4j.core.Checks;
import dev.recall4j.datasets.trec.Qrels;
import dev.recall4j.datasets.trec.Run;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Ranking metrics with trec_eval conventions. For one query with judgments {@code rel(d)} (grades ≥
 * 1; anything unjudged is 0) and a ranking {@code d_1, d_2, ...} cut at {@code k} ranks ({@code k}
 * = the ranking's length at full depth), with {@code R} the number of judged-relevant documents:
 *
 * <ul>
 *   <li>nDCG@k = DCG@k / IDCG@k, DCG@k = Σ_{i≤k} rel(d_i) / log2(i + 1) (graded gains, as
 *       trec_eval's ndcg_cut); IDCG@k is the DCG of all judged grades sorted descending, also cut
 *       at k (Järvelin and Kekäläinen, TOIS 2002).
 *   <li>Recall@k = |relevant among d_1..d_k| / R.
 *   <li>MRR@k = 1 / i of the first relevant d_i with i ≤ k, else 0.
 *   <li>MAP = Σ over relevant d_i (i ≤ k) of P@i, divided by R, so relevant documents never
 *       retrieved count as precision 0.
 *   <li>P@k = |relevant among d_1..d_k| / k, even when fewer than k were retrieved.
 * </ul>
 *
 * Means are taken over the judged queries only (queries of the run without judgments are ignored);
 * a judged query the run has no ranking for scores 0. Stateless and thread-safe.
 */
public final class Metrics {
  private Metrics() {}

  /**
   * The score of one metric for one query.
   *
   * @param judgments document id to positive grade; not empty
   * @param ranking document ids, best first, without repeats
   * @return the score in [0, 1]
   * @throws IllegalArgumentException when the judgments are empty or hold a grade below 1, or the
   *     ranking repeats a document
   */
  public static double score(Metric metric, Map<String, Integer> judgments, List<String> ranking) {
    Checks.notNull(metric, "metric");
    Checks.require(judgments != null && !judgments.isEmpty(), "judgments", "must not be empty");
    judgments.forEach(
        (doc, grade) ->
            Checks.require(
                grade != null && grade >= 1,
                "judgments",
                "grade of %s must be >= 1, got %s",
                doc,
                grade));
    Checks.notNull(ranking, "ranking");
    Set<String> seen = HashSet.newHashSet(ranking.size());
    for (String doc : ranking) {
      Checks.require(seen.add(doc), "ranking", "repeats doc %s", doc);
    }
    return compute(metric, judgments, ranking);
  }

  /**
   * Scores a run against judgments: every metric for every judged query, and the means.
   *
   * @throws IllegalArgumentException when {@code metrics} or {@code qrels} is empty
   */
  public static Evaluation evaluate(Qrels qrels, Run run, Collection<Metric> metrics) {
    Checks.notNull(qrels, "qrels");
    Checks.notNull(run, "run");
    List<Metric> asked = List.copyOf(new LinkedHashSet<>(Checks.notNull(metrics, "metrics")));
    Checks.require(!asked.isEmpty(), "metrics", "must not be empty");
    Checks.require(!qrels.queryIds().isEmpty(), "qrels", "has no judged query");
    TreeMap<String, Map<Metric, Double>> perQuery = new TreeMap<>();
    Map<Metric, Double> sums = new LinkedHashMap<>();
    for (String qid : qrels.queryIds()) {
      List<String> ranking = run.rankedIds(qid);
      Map<Metric, Double> scores = new LinkedHashMap<>();
      for (Metric metric : asked) {
        double score = compute(metric, qrels.judgments(qid), ranking);
        scores.put(metric, score);
        sums.merge(metric, score, Double::sum);
      }
      perQuery.put(qid, scores);
    }
    Map<Metric, Double> mean = new LinkedHashMap<>();
    sums.forEach((metric, sum) -> mean.put(metric, sum / perQuery.size()));
    return new Evaluation(asked, perQuery, mean);
  }

  private static double compute(
      Metric metric, Map<String, Integer> judgments, List<String> ranking) {
    int depth =
        metric.cutoff() == Metric.FULL_DEPTH
            ? ranking.size()
            : Math.min(metric.cutoff(), ranking.size());
    int relevant = judgments.size();
    return switch (metric.measure()) {
      case NDCG -> dcg(gains(judgments, ranking, depth)) / idcg(judgments, metric.cutoff());
      case RECALL -> (double) hits(judgments, ranking, depth) / relevant;
      case MRR -> {
        for (int i = 0; i < depth; i++) {
          if (judgments.containsKey(ranking.get(i))) {
            yield 1.0 / (i + 1);
          }
        }
        yield 0;
      }
      case MAP -> {
        double sum = 0;
        int found = 0;
        for (int i = 0; i < depth; i++) {
          if (judgments.containsKey(ranking.get(i))) {
            found++;
            sum += (double) found / (i + 1);
          }
        }
        yield sum / relevant;
      }
      case PRECISION -> (double) hits(judgments, ranking, depth) / metric.cutoff();
    };
  }

  private static int hits(Map<String, Integer> judgments, List<String> ranking, int depth) {
    int hits = 0;
    for (int i = 0; i < depth; i++) {
      if (judgments.containsKey(ranking.get(i))) {
        hits++;
      }
    }
    return hits;
  }

  private static List<Integer> gains(
      Map<String, Integer> judgments, List<String> ranking, int depth) {
    List<Integer> gains = new ArrayList<>(depth);
    for (int i = 0; i < depth; i++) {
      gains.add(judgments.getOrDefault(ranking.get(i), 0));
    }
    return gains;
  }

  /** The DCG of all judged grades in descending order, cut at {@code cutoff} (0: all). */
  private static double idcg(Map<String, Integer> judgments, int cutoff) {
    List<Integer> ideal = new ArrayList<>(judgments.values());
    ideal.sort(Comparator.reverseOrder());
    return dcg(
        cutoff == Metric.FULL_DEPTH ? ideal : ideal.subList(0, Math.min(cutoff, ideal.size())));
  }

  /** Σ gain_i / log2(i + 1) over 1-based ranks i. */
  private static double dcg(List<Integer> gains) {
    double dcg = 0;
    for (int i = 0; i < gains.size(); i++) {
      dcg += gains.get(i) / (Math.log(i + 2) / Math.log(2));
    }
    return dcg;
  }
}
