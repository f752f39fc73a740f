package dev.recall4j.ranking;

import java.util.Arrays;

/**
 * The token set of a text: lower-cased runs of letters and digits, kept as sorted distinct 32-bit
 * hashes so that a Jaccard overlap is one merge, and a 512-bit signature in which each token sets
 * one bit, so that a bit set in A's signature but not in B's proves a token only A holds.
 *
 * <p>A hash collision can only raise an overlap, so dedup may drop a little more than the exact
 * sets would (never less); at 32 bits that is negligible. Immutable.
 */
final class TokenSet {
  /** Longs in a signature. */
  static final int SIGNATURE_WORDS = 8;

  /**
   * Ints the signature is folded into for dedup's first screen ({@link #folded()}). One (32 bits)
   * lets through 1,642 pairs of the fusion benchmark's 14,800 to the test of the full signature;
   * two let through 984 and four 375: each fold costs the screen a load, a bit count and an add per
   * group of lanes, each pair let through a test of eight longs.
   */
  static final int FOLDS = 4;

  /** Per ASCII character: its lower case when a letter or digit, else 0 (a separator). */
  private static final char[] ASCII_FOLD = new char[128];

  static {
    for (char c = 0; c < ASCII_FOLD.length; c++) {
      ASCII_FOLD[c] = Character.isLetterOrDigit(c) ? Character.toLowerCase(c) : 0;
    }
  }

  private final int[] hashes;
  private final long[] signature = new long[SIGNATURE_WORDS];
  private final int[] folded = new int[FOLDS];

  private TokenSet(int[] hashes) {
    this.hashes = hashes;
    for (int token : hashes) {
      signature[(token >>> 6) & 7] |= 1L << token;
    }
    for (int w = 0; w < 2 * SIGNATURE_WORDS; w++) {
      folded[w % FOLDS] |= (int) (signature[w / 2] >>> (32 * (w % 2)));
    }
  }

  static TokenSet of(String text) {
    return new TokenSet(hashes(text));
  }

  /** The set of these hashes, which {@link #hashes(String)} made: sorted and distinct. */
  static TokenSet ofHashes(int[] hashes) {
    return new TokenSet(hashes);
  }

  /** The number of distinct tokens. */
  int size() {
    return hashes.length;
  }

  /** The signature (not a copy: never modify it). */
  long[] signature() {
    return signature;
  }

  /**
   * The signature's 512 bits ORed into {@value #FOLDS} ints, int w holding its 32-bit words w, w +
   * FOLDS, ...: a bit set in one set's fold but not in another's still proves a token only the
   * first holds (not a copy: never modify it).
   */
  int[] folded() {
    return folded;
  }

  /** |A ∩ B| / |A ∪ B| of the token sets; 0 when both are empty. */
  double jaccard(TokenSet other) {
    return jaccardIfAbove(other, -1);
  }

  /**
   * The Jaccard overlap when it is above {@code threshold}, else negative infinity. {@code J > t}
   * requires an overlap {@code o > t·(|A| + |B|) / (1 + t)}; two exact bounds rule most pairs out
   * early: the signatures (|A ∩ B| <= |A| minus the bits only A sets) and, during the merge, the
   * overlap found plus the tokens left on the shorter side.
   */
  double jaccardIfAbove(TokenSet other, double threshold) {
    int[] a = hashes;
    int[] b = other.hashes;
    long needed =
        threshold < 0 ? 0 : (long) Math.floor(threshold * (a.length + b.length) / (1 + threshold));
    if (Math.min(
            a.length - onlyBits(signature, other.signature),
            b.length - onlyBits(other.signature, signature))
        < needed) {
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

  /**
   * Sorted distinct hashes of the lower-cased letter-or-digit runs, hashed in place (no
   * substrings). ASCII characters take a table lookup; others the {@link Character} code-point
   * methods.
   */
  static int[] hashes(String text) {
    int[] hashes = new int[16];
    int n = 0;
    int hash = 0;
    boolean inWord = false;
    for (int i = 0, length = text.length(); i < length; ) {
      char c = text.charAt(i);
      int folded;
      if (c < ASCII_FOLD.length) {
        folded = ASCII_FOLD[c];
        i++;
      } else {
        int cp = text.codePointAt(i);
        i += Character.charCount(cp);
        folded = Character.isLetterOrDigit(cp) ? Character.toLowerCase(cp) : 0;
      }
      if (folded != 0) {
        hash = 31 * hash + folded;
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
}
