package dev.recall4j.datasets.metrics;

import dev.recall4j.core.Checks;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Scores of one run against one set of judgments.
 *
 * @param metrics the metrics computed, in the order asked
 * @param perQuery judged query id (ascending) to metric to score in [0, 1]; every judged query is
 *     present, scoring 0 when the run did not retrieve for it
 * @param mean metric to the arithmetic mean over {@code perQuery}, in {@code metrics} order
 */
public record Evaluation(
    List<Metric> metrics,
    SortedMap<String, Map<Metric, Double>> perQuery,
    Map<Metric, Double> mean) {
  public Evaluation {
    metrics = List.copyOf(Checks.notNull(metrics, "metrics"));
    SortedMap<String, Map<Metric, Double>> copy = new TreeMap<>();
    for (var query : Checks.notNull(perQuery, "perQuery").entrySet()) {
      copy.put(query.getKey(), ordered(metrics, query.getValue()));
    }
    perQuery = Collections.unmodifiableSortedMap(copy);
    mean = ordered(metrics, Checks.notNull(mean, "mean"));
  }

  /** The number of judged queries evaluated. */
  public int queries() {
    return perQuery.size();
  }

  /** The mean of one metric. */
  public double mean(Metric metric) {
    Double value = mean.get(metric);
    Checks.require(value != null, "metric", "%s was not computed; have %s", metric, metrics);
    return value;
  }

  private static Map<Metric, Double> ordered(List<Metric> metrics, Map<Metric, Double> scores) {
    Map<Metric, Double> copy = new LinkedHashMap<>();
    for (Metric metric : metrics) {
      Double score = scores.get(metric);
      Checks.require(score != null, "scores", "missing %s", metric);
      copy.put(metric, score);
    }
    Checks.require(copy.size() == scores.size(), "scores", "has metrics beyond %s", metrics);
    return Collections.unmodifiableMap(copy);
  }
}
