package dev.recall4j.ranking;

import dev.recall4j.core.MemoryRecord;
import java.util.Objects;

/**
 * What dedup and MMR compare of a record: its content's token set and its vector. Dedup reads the
 * vector through the record's view ({@link #copyVector}); MMR reads an array of its own, copied on
 * first use.
 */
final class Similarity {
  private final TokenSet tokens;
  private final MemoryRecord record;
  private float[] vector;
  private double norm = Double.NaN; // computed on first use

  Similarity(MemoryRecord record, TokenSet tokens) {
    this.tokens = tokens;
    this.record = record;
  }

  /** Whether both vectors exist and can be compared: same dimension, same (or unknown) model. */
  boolean vectorsComparable(Similarity other) {
    return dimension() > 0
        && dimension() == other.dimension()
        && Objects.equals(model(), other.model());
  }

  /**
   * Cosine of the two vectors, clamped to [-1, 1]; 0 when a vector is all zeros. Requires {@link
   * #vectorsComparable}.
   */
  double cosine(Similarity other) {
    return cosine(vector(), norm(), other.vector(), other.norm(), dimension());
  }

  /**
   * The cosine of {@code a} and {@code b} over their first {@code length} coordinates, in double
   * precision, given their norms; clamped to [-1, 1], 0 when a norm is 0.
   */
  static double cosine(float[] a, double normA, float[] b, double normB, int length) {
    if (normA == 0 || normB == 0) {
      return 0;
    }
    return Math.max(-1, Math.min(1, dot(a, b, 0, length) / (normA * normB)));
  }

  /** The Euclidean norm of {@code v}'s first {@code length} coordinates, in double precision. */
  static double norm(float[] v, int length) {
    return Math.sqrt(dot(v, v, 0, length));
  }

  /** The content's token set. */
  TokenSet tokens() {
    return tokens;
  }

  /** The vector (copied once, then shared: never modify it), or null. */
  private float[] vector() {
    if (vector == null && dimension() > 0) {
      vector = record.vector();
    }
    return vector;
  }

  /** The vector's dimension, 0 without a vector. */
  int dimension() {
    return record.dimension();
  }

  /**
   * Copies the vector into the start of {@code into}, which must hold {@link #dimension()} floats.
   */
  void copyVector(float[] into) {
    if (dimension() > 0) {
      record.vectorView().get(0, into, 0, dimension());
    }
  }

  /** The vector's Euclidean norm, 0 without a vector. */
  private double norm() {
    if (Double.isNaN(norm)) {
      norm = dimension() == 0 ? 0 : norm(vector(), dimension());
    }
    return norm;
  }

  /** The embedding model of the vector, or null when unknown. */
  String model() {
    return record.embeddingModel();
  }

  /** MMR's similarity: the vector cosine when comparable, else the token Jaccard. */
  double similarity(Similarity other) {
    return vectorsComparable(other) ? cosine(other) : tokens.jaccard(other.tokens);
  }

  /** Four independent sums let the CPU overlap the multiply-adds. */
  private static double dot(float[] a, float[] b, int from, int to) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int i = from;
    for (int end = from + ((to - from) & ~3); i < end; i += 4) {
      s0 += (double) a[i] * b[i];
      s1 += (double) a[i + 1] * b[i + 1];
      s2 += (double) a[i + 2] * b[i + 2];
      s3 += (double) a[i + 3] * b[i + 3];
    }
    for (; i < to; i++) {
      s0 += (double) a[i] * b[i];
    }
    return (s0 + s1) + (s2 + s3);
  }
}
