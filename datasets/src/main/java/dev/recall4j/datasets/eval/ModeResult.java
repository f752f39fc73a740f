package dev.recall4j.datasets.eval;

import dev.recall4j.core.Checks;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures of one mode over one dataset.
 *
 * @param mode the mode
 * @param metrics metric name ({@code ndcg@10}, {@code recall@10}, {@code recall@100}, {@code
 *     mrr@10}, {@code map}) to its mean over the judged queries
 * @param budgeted budget in tokens to the mean, over judged queries, of the share of a query's
 *     judged-relevant documents whose record reaches the block packed by the engine's {@link
 *     dev.recall4j.budget.Packer} (a record cut short counts only if the block shows the first 32
 *     tokens of its text: {@code Reach}); ascending budgets
 * @param budgetedNaive the same for {@link dev.recall4j.budget.NaivePacker} (take the best, render,
 *     cut at the budget)
 * @param latencyP50 median per-query time of this mode in milliseconds (what is counted: {@link
 *     Evaluator})
 * @param latencyP95 95th percentile of the same, in milliseconds
 */
public record ModeResult(
    EvalMode mode,
    Map<String, Double> metrics,
    Map<Integer, Double> budgeted,
    Map<Integer, Double> budgetedNaive,
    double latencyP50,
    double latencyP95) {
  public ModeResult {
    Checks.notNull(mode, "mode");
    metrics = Collections.unmodifiableMap(new LinkedHashMap<>(Checks.notNull(metrics, "metrics")));
    budgeted =
        Collections.unmodifiableMap(new LinkedHashMap<>(Checks.notNull(budgeted, "budgeted")));
    budgetedNaive =
        Collections.unmodifiableMap(
            new LinkedHashMap<>(Checks.notNull(budgetedNaive, "budgetedNaive")));
    Checks.require(latencyP50 >= 0, "latencyP50", "must be >= 0, got %s", latencyP50);
    Checks.require(
        latencyP95 >= latencyP50,
        "latencyP95",
        "must be >= p50 %s, got %s",
        latencyP50,
        latencyP95);
  }

  /** The mean of a metric by name. */
  public double metric(String name) {
    Double value = metrics.get(name);
    Checks.require(value != null, "metric", "%s was not computed; have %s", name, metrics.keySet());
    return value;
  }
}
