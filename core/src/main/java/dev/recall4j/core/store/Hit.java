package dev.recall4j.core.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;

/**
 * One result of a lexical or vector search.
 *
 * @param record the stored record, with its current {@code recallCount} and {@code lastAccessed}
 * @param rank 1-based position in the result list
 * @param score the path's raw score: BM25 for lexical search; for vector search Lucene's
 *     dot-product score {@code (1 + cos) / 2} in [0, 1] (quantised encodings approximate it)
 */
public record Hit(MemoryRecord record, int rank, float score) {
  public Hit {
    Checks.notNull(record, "record");
    Checks.require(rank >= 1, "rank", "must be >= 1, got %d", rank);
    Checks.require(Float.isFinite(score), "score", "must be finite, got %s", score);
  }
}
