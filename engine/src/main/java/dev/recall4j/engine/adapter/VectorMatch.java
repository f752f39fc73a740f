package dev.recall4j.engine.adapter;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;

/**
 * A record found by a vector search, and its score: the exact cosine similarity between the query
 * and the nearest of the record's vectors (its passages' too), from the floats the index keeps
 * beside its quantised copy.
 *
 * @param record the record
 * @param cosine in {@code [-1, 1]}
 */
public record VectorMatch(MemoryRecord record, double cosine) {
  /** Below this product of norms a vector counts as zero, so its cosine is 0, not NaN. */
  private static final double EPSILON = 1e-8f;

  /**
   * The record scored against the query.
   *
   * @throws IllegalArgumentException naming {@code query} when its dimension is not the record's
   */
  public static VectorMatch of(float[] query, MemoryRecord record) {
    double best = -1;
    for (float[] vector : record.vectors()) {
      best = Math.max(best, similarity(query, vector));
    }
    return new VectorMatch(record, best);
  }

  /**
   * The cosine similarity of two vectors of one dimension, computed as LangChain4j's {@code
   * CosineSimilarity} computes it, so that store's scores do not move.
   */
  static double similarity(float[] a, float[] b) {
    Checks.require(
        a.length == b.length,
        "query",
        "has %d dimensions, the stored vectors %d",
        a.length,
        b.length);
    double dot = 0;
    double normA = 0;
    double normB = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      normA += a[i] * a[i];
      normB += b[i] * b[i];
    }
    return dot / Math.max(Math.sqrt(normA) * Math.sqrt(normB), EPSILON);
  }
}
