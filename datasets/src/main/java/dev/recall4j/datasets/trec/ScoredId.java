package dev.recall4j.datasets.trec;

import dev.recall4j.core.Checks;
import java.util.Comparator;

/**
 * A document id with the score a retrieval path gave it.
 *
 * @param id the document id; not blank
 * @param score finite; larger is better
 */
public record ScoredId(String id, double score) {
  /**
   * Ranking order: score descending, then id ascending, so equal scores never reorder at random.
   */
  public static final Comparator<ScoredId> RANKING =
      Comparator.comparingDouble(ScoredId::score).reversed().thenComparing(ScoredId::id);

  public ScoredId {
    Checks.require(
        id != null && !id.isBlank(), "id", "must not be blank, got %s", Checks.excerpt(id));
    Checks.require(Double.isFinite(score), "score", "must be finite, got %s", score);
  }
}
