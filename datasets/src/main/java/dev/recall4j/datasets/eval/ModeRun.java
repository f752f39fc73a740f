package dev.recall4j.datasets.eval;

import dev.recall4j.core.ScoredRecord;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Query;
import dev.recall4j.datasets.metrics.Evaluation;
import dev.recall4j.datasets.metrics.Metric;
import dev.recall4j.datasets.metrics.Metrics;
import dev.recall4j.datasets.trec.Run;
import dev.recall4j.datasets.trec.ScoredId;
import dev.recall4j.datasets.trec.TrecFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per-mode accumulation over the queries of one {@link EvaluationJob}. */
final class ModeRun {
  private final EvalMode mode;
  private final Dataset dataset;
  private final EvalOptions options;
  private final Map<String, List<ScoredId>> rankings = new HashMap<>();
  private final double[] latencies;
  private final Map<Integer, Double> packed = new LinkedHashMap<>();
  private final Map<Integer, Double> naive = new LinkedHashMap<>();
  private int count;

  ModeRun(EvalMode mode, Dataset dataset, EvalOptions options) {
    this.mode = mode;
    this.dataset = dataset;
    this.options = options;
    this.latencies = new double[dataset.queries().size()];
    for (int budget : options.budgets()) {
      packed.put(budget, 0.0);
      naive.put(budget, 0.0);
    }
  }

  EvalMode mode() {
    return mode;
  }

  /**
   * A run is read in score order, as trec_eval reads it. Strict tiers rank a lower-scored tier
   * first, so a ranking not in score order is recorded with its ranks as scores (n down to 1):
   * otherwise the metrics would score plain score order and never see the tiers.
   */
  void add(Query query, List<ScoredRecord> ranked, double millis) {
    boolean scoreOrder = true;
    for (int i = 1; i < ranked.size() && scoreOrder; i++) {
      scoreOrder = ranked.get(i).finalScore() <= ranked.get(i - 1).finalScore();
    }
    List<ScoredId> ids = new ArrayList<>(ranked.size());
    for (int i = 0; i < ranked.size(); i++) {
      ScoredRecord r = ranked.get(i);
      ids.add(new ScoredId(r.id(), scoreOrder ? r.finalScore() : ranked.size() - i));
    }
    rankings.put(query.id(), ids);
    latencies[count++] = millis;
  }

  void addBudget(int budget, double share, boolean isNaive) {
    (isNaive ? naive : packed).merge(budget, share, Double::sum);
  }

  ModeResult result() throws IOException {
    Run run = Run.of(mode.name(), rankings);
    if (options.runDir() != null) {
      Files.createDirectories(options.runDir());
      TrecFormat.writeRun(run, options.runDir().resolve(runFileName()));
    }
    Evaluation evaluation = Metrics.evaluate(dataset.qrels(), run, Metric.DEFAULTS);
    Map<String, Double> metrics = new LinkedHashMap<>();
    evaluation.mean().forEach((metric, value) -> metrics.put(metric.name(), value));
    int n = Math.max(1, dataset.queries().size());
    packed.replaceAll((b, sum) -> sum / n);
    naive.replaceAll((b, sum) -> sum / n);
    double[] sorted = Arrays.copyOf(latencies, count);
    Arrays.sort(sorted);
    return new ModeResult(
        mode, metrics, packed, naive, percentile(sorted, 0.50), percentile(sorted, 0.95));
  }

  private String runFileName() {
    String level = dataset.level() == null ? "" : "-" + dataset.level().wireName();
    return dataset.name() + "-" + dataset.split() + level + "." + mode.fileName() + ".trec";
  }

  /** Nearest-rank percentile of ascending values; 0 when empty. */
  static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
  }
}
