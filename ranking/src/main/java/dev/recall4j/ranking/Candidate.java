package dev.recall4j.ranking;

import dev.recall4j.core.Checks;

/**
 * One hit of one retrieval path.
 *
 * @param id the record id; not blank
 * @param score the path's own score, higher is better (BM25 score, vector similarity); finite
 */
public record Candidate(String id, double score) {
  public Candidate {
    id = Checks.notBlank(id, "id");
    Checks.require(
        Double.isFinite(score), "score", "must be finite, got %s (candidate %s)", score, id);
  }
}
