package dev.recall4j.ranking;

import dev.recall4j.core.MemoryRecord;
import java.util.Objects;

/**
 * What dedup and MMR compare of a record: its content's token set and its vector. Dedup's screens
 * read the vector through the record's view ({@link #copyVector}); the array of its own, which
 * the exact tests and MMR read, is copied on first use, since most candidates never need it.
 */
final class Similarity {
  private final TokenSet tokens;
  private final MemoryRecord record;
  private float[] vector;
  // suffixNorms[k] = |vector[k·BLOCK ..]|: bounds the rest of a dot product (Cauchy-Schwarz). Computed
  // on first use: dedup screens with float norms of its own and tests only a few candidates exactly.
  private double[] suffixNorms;

  static final int BLOCK = 32;

  Similarity(MemoryRecord record, TokenSet tokens) {
    this.tokens = tokens;
    this.record = record;
  }

  private double[] suffixNorms() {
    if (suffixNorms == null) {
      suffixNorms = dimension() == 0 ? new double[0] : suffixNorms(vector());
    }
    return suffixNorms;
  }

  /** Whether both vectors exist and can be compared: same dimension, same (or unknown) model. */
  boolean vectorsComparable(Similarity other) {
    return dimension() > 0 && dimension() == other.dimension() && Objects.equals(model(), other.model());
  }

  /** Cosine of the two vectors, clamped to [-1, 1]; 0 when a vector is all zeros. Requires {@link #vectorsComparable}. */
  double cosine(Similarity other) {
    double norm = norm();
    double otherNorm = other.norm();
    if (norm == 0 || otherNorm == 0) {
      return 0;
    }
    return clampCosine(dot(vector(), other.vector(), 0, dimension()) / (norm * otherNorm));
  }

  /**
   * The cosine when it is above {@code threshold}, else negative infinity: stops as soon as the
   * partial dot product plus the Cauchy-Schwarz bound of the remaining components cannot exceed it.
   * Requires {@link #vectorsComparable}.
   */
  double cosineIfAbove(Similarity other, double threshold) {
    double[] mine = suffixNorms();
    double[] theirs = other.suffixNorms();
    double norm = mine[0];
    double otherNorm = theirs[0];
    if (norm == 0 || otherNorm == 0) {
      return 0;
    }
    double target = threshold * norm * otherNorm;
    double partial = 0;
    float[] vector = vector();
    float[] otherVector = other.vector();
    for (int block = 0; block * BLOCK < vector.length; block++) {
      // A small slack keeps the early exit conservative against rounding.
      if (partial + mine[block] * theirs[block] < target - 1e-9 * norm * otherNorm) {
        return Double.NEGATIVE_INFINITY;
      }
      int from = block * BLOCK;
      partial += dot(vector, otherVector, from, Math.min(vector.length, from + BLOCK));
    }
    return clampCosine(partial / (norm * otherNorm));
  }

  /** The content's token set. */
  TokenSet tokens() {
    return tokens;
  }

  /** The vector (copied once, then shared: never modify it), or null. */
  float[] vector() {
    if (vector == null && dimension() > 0) {
      vector = record.vector();
    }
    return vector;
  }

  /** The vector's dimension, 0 without a vector. */
  int dimension() {
    return record.dimension();
  }

  /** Copies the vector into the start of {@code into}, which must hold {@link #dimension()} floats. */
  void copyVector(float[] into) {
    if (dimension() > 0) {
      record.vectorView().get(0, into, 0, dimension());
    }
  }

  /** The vector's Euclidean norm, 0 without a vector. */
  double norm() {
    double[] norms = suffixNorms();
    return norms.length == 0 ? 0 : norms[0];
  }

  /** The embedding model of the vector, or null when unknown. */
  String model() {
    return record.embeddingModel();
  }

  /** MMR's similarity: the vector cosine when comparable, else the token Jaccard. */
  double similarity(Similarity other) {
    return vectorsComparable(other) ? cosine(other) : tokens.jaccard(other.tokens);
  }

  private static double clampCosine(double cosine) {
    return Math.max(-1, Math.min(1, cosine));
  }

  private static double[] suffixNorms(float[] v) {
    int blocks = (v.length + BLOCK - 1) / BLOCK;
    double[] out = new double[blocks];
    double tail = 0;
    for (int block = blocks - 1; block >= 0; block--) {
      int from = block * BLOCK;
      tail += dot(v, v, from, Math.min(v.length, from + BLOCK));
      out[block] = Math.sqrt(tail);
    }
    return out;
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
