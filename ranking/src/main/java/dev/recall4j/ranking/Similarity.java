package dev.recall4j.ranking;

import dev.recall4j.core.MemoryRecord;
import java.util.Arrays;
import java.util.Objects;

/**
 * What dedup and MMR compare of a record: its content's token set and its vector, computed once.
 *
 * <p>Tokens are lower-cased runs of letters and digits, kept as sorted distinct 32-bit hashes so a
 * Jaccard overlap is one merge. A hash collision can only raise an overlap, so dedup may drop a
 * little more than the exact sets would (never less); at 32 bits that is negligible.
 */
final class Similarity {
  private final int[] tokens;
  // Each token sets one of 512 bits: a bit of A missing from B's signature proves an A-only token.
  private final long[] signature = new long[8];
  private final float[] vector;
  private final double norm;
  // suffixNorms[k] = |vector[k·BLOCK ..]|: bounds the rest of a dot product (Cauchy-Schwarz).
  private final double[] suffixNorms;
  private final String model;

  private static final int BLOCK = 32;

  Similarity(MemoryRecord record) {
    this.tokens = tokenSet(record.content());
    for (int token : tokens) {
      signature[(token >>> 6) & 7] |= 1L << token;
    }
    this.vector = record.vector();
    this.suffixNorms = vector == null ? new double[0] : suffixNorms(vector);
    this.norm = suffixNorms.length == 0 ? 0 : suffixNorms[0];
    this.model = record.embeddingModel();
  }

  /** Whether both vectors exist and can be compared: same dimension, same (or unknown) model. */
  boolean vectorsComparable(Similarity other) {
    return vector != null && other.vector != null && vector.length == other.vector.length && Objects.equals(model, other.model);
  }

  /** Cosine of the two vectors, clamped to [-1, 1]; 0 when a vector is all zeros. Requires {@link #vectorsComparable}. */
  double cosine(Similarity other) {
    if (norm == 0 || other.norm == 0) {
      return 0;
    }
    return clampCosine(dot(vector, other.vector, 0, vector.length) / (norm * other.norm));
  }

  /**
   * The cosine when it is above {@code threshold}, else negative infinity: stops as soon
   * as the partial dot product plus the Cauchy-Schwarz bound of the remaining components cannot
   * exceed it, which for unrelated vectors happens after a fraction of the dimensions.
   */
  double cosineIfAbove(Similarity other, double threshold) {
    if (norm == 0 || other.norm == 0) {
      return 0;
    }
    double target = threshold * norm * other.norm;
    double partial = 0;
    for (int block = 0; block * BLOCK < vector.length; block++) {
      // A small slack keeps the early exit conservative against rounding.
      if (partial + suffixNorms[block] * other.suffixNorms[block] < target - 1e-9 * norm * other.norm) {
        return Double.NEGATIVE_INFINITY;
      }
      int from = block * BLOCK;
      partial += dot(vector, other.vector, from, Math.min(vector.length, from + BLOCK));
    }
    return clampCosine(partial / (norm * other.norm));
  }

  /** |A ∩ B| / |A ∪ B| of the token sets; 0 when both are empty. */
  double jaccard(Similarity other) {
    return jaccardIfAbove(other, -1);
  }

  /**
   * The Jaccard overlap when it is above {@code threshold}, else negative infinity. {@code J > t}
   * requires an overlap {@code o > t·(|A| + |B|) / (1 + t)}; two exact bounds rule most pairs out
   * early: the signatures (|A ∩ B| <= |A| minus the bits only A sets) and, during the merge, the
   * overlap found plus the tokens left on the shorter side.
   */
  double jaccardIfAbove(Similarity other, double threshold) {
    int[] a = tokens;
    int[] b = other.tokens;
    long needed = threshold < 0 ? 0 : (long) Math.floor(threshold * (a.length + b.length) / (1 + threshold));
    if (Math.min(a.length - onlyBits(signature, other.signature), b.length - onlyBits(other.signature, signature)) < needed) {
      return Double.NEGATIVE_INFINITY;
    }
    int i = 0;
    int j = 0;
    int common = 0;
    while (i < a.length && j < b.length) {
      if (common + Math.min(a.length - i, b.length - j) < needed) {
        return Double.NEGATIVE_INFINITY;
      }
      int cmp = Integer.compare(a[i], b[j]);
      if (cmp == 0) {
        common++;
        i++;
        j++;
      } else if (cmp < 0) {
        i++;
      } else {
        j++;
      }
    }
    int union = a.length + b.length - common;
    return union == 0 ? 0 : (double) common / union;
  }

  /** MMR's similarity: the vector cosine when comparable, else the token Jaccard. */
  double similarity(Similarity other) {
    return vectorsComparable(other) ? cosine(other) : jaccard(other);
  }

  /** Sorted distinct hashes of the lower-cased letter-or-digit runs, hashed in place (no substrings). */
  static int[] tokenSet(String text) {
    int[] hashes = new int[16];
    int n = 0;
    int hash = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.isLetterOrDigit(cp)) {
        hash = 31 * hash + Character.toLowerCase(cp);
        inWord = true;
      } else if (inWord) {
        if (n == hashes.length) {
          hashes = Arrays.copyOf(hashes, n * 2);
        }
        hashes[n++] = hash;
        hash = 0;
        inWord = false;
      }
    }
    if (inWord) {
      hashes = n == hashes.length ? Arrays.copyOf(hashes, n + 1) : hashes;
      hashes[n++] = hash;
    }
    Arrays.sort(hashes, 0, n);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (distinct == 0 || hashes[i] != hashes[distinct - 1]) {
        hashes[distinct++] = hashes[i];
      }
    }
    return Arrays.copyOf(hashes, distinct);
  }

  private static int onlyBits(long[] mine, long[] theirs) {
    int count = 0;
    for (int i = 0; i < mine.length; i++) {
      count += Long.bitCount(mine[i] & ~theirs[i]);
    }
    return count;
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

  /** Four independent sums let the CPU overlap the multiply-adds; this loop dominates dedup. */
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
