package dev.recall4j.datasets.metrics;

import dev.recall4j.core.Checks;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A retrieval measure with an optional rank cutoff, named as in trec_eval and the evaluation JSON:
 * {@code ndcg@10}, {@code recall@100}, {@code mrr@10}, {@code map}, {@code p@5}.
 *
 * @param measure what is measured
 * @param cutoff only the first {@code cutoff} ranks count; 0 means the whole ranking (full depth).
 *     Precision needs a cutoff
 */
public record Metric(Measure measure, int cutoff) {
  /** Full depth: every retrieved document counts. */
  public static final int FULL_DEPTH = 0;

  /** The figures every evaluation reports: ndcg@10, recall@10, recall@100, mrr@10, map. */
  public static final List<Metric> DEFAULTS =
      List.of(
          new Metric(Measure.NDCG, 10),
          new Metric(Measure.RECALL, 10),
          new Metric(Measure.RECALL, 100),
          new Metric(Measure.MRR, 10),
          new Metric(Measure.MAP, FULL_DEPTH));

  private static final Pattern NAME = Pattern.compile("([a-z]+)(?:@([0-9]{1,9}))?");

  /** The measures; formulas in {@link Metrics}. */
  public enum Measure {
    /** Normalised discounted cumulative gain, graded gains, log2 discount (trec_eval ndcg_cut). */
    NDCG("ndcg"),
    /** Share of the judged-relevant documents retrieved (trec_eval recall). */
    RECALL("recall"),
    /** Reciprocal rank of the first relevant document (trec_eval recip_rank). */
    MRR("mrr"),
    /** Average precision over all judged-relevant documents (trec_eval map). */
    MAP("map"),
    /** Share of the first {@code cutoff} ranks that hold a relevant document (trec_eval P). */
    PRECISION("p");

    private final String wireName;

    Measure(String wireName) {
      this.wireName = wireName;
    }

    /** The name used in metric names: ndcg, recall, mrr, map, p. */
    public String wireName() {
      return wireName;
    }
  }

  public Metric {
    Checks.notNull(measure, "measure");
    Checks.require(cutoff >= 0, "cutoff", "must be >= 0 (0 = full depth), got %s", cutoff);
    Checks.require(
        measure != Measure.PRECISION || cutoff > 0,
        "cutoff",
        "precision needs a cutoff > 0, got %s",
        cutoff);
  }

  /**
   * Parses a name such as {@code ndcg@10} or {@code map}, case-insensitively.
   *
   * @throws IllegalArgumentException naming the value and the accepted measures
   */
  public static Metric parse(String name) {
    Checks.notBlank(name, "metric");
    Matcher m = NAME.matcher(name.strip().toLowerCase(Locale.ROOT));
    if (m.matches()) {
      for (Measure measure : Measure.values()) {
        if (measure.wireName.equals(m.group(1))) {
          return new Metric(
              measure, m.group(2) == null ? FULL_DEPTH : Integer.parseInt(m.group(2)));
        }
      }
    }
    throw new IllegalArgumentException(
        "metric: expected ndcg, recall, mrr, map or p, optionally with @cutoff, got "
            + Checks.excerpt(name));
  }

  /** The metric's name: the measure, then {@code @cutoff} unless full depth. */
  public String name() {
    return cutoff == FULL_DEPTH ? measure.wireName : measure.wireName + "@" + cutoff;
  }

  @Override
  public String toString() {
    return name();
  }
}
