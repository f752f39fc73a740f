package dev.recall4j.ranking;

import java.util.Arrays;

/**
 * The arithmetic of dedup's screens ({@link KeptCandidates}), the part that grows with the square
 * of the candidates: the dot products of vector heads, and the pass over every earlier candidate
 * that finds the few a candidate may duplicate.
 *
 * <p>Two implementations: {@link VectorDedupKernel} with the JDK's incubator Vector API when the
 * JVM runs with {@code --add-modules jdk.incubator.vector} (as the engine and its tools do), else a
 * plain loop the JIT vectorises only partly (Java may not fuse or reorder float additions on its
 * own, and the screen's mix of float, int and bit arithmetic stays scalar). Both only screen pairs:
 * every decision is an exact test in {@link Similarity} and {@link TokenSet}, so which one runs
 * never changes a result. Stateless and thread-safe.
 */
abstract class DedupKernel {
  /**
   * Candidates per tile. The heads of 2 × 100 candidates (74 KB at 96 coordinates) exceed a level-1
   * cache, so every tile reads them all from level 2: with 4 candidates per tile that traffic, not
   * the arithmetic, took most of the kernel's time; 8 halve it and still fit the registers.
   */
  static final int TILE = 8;

  /**
   * Extra floats at the end of each row, so that a vector load past the last candidate stays inside
   * it.
   */
  static final int PAD = 16;

  private static final DedupKernel BEST = pick();

  /**
   * The Vector API kernel when its module is present and vectors are at least 4 lanes, else the
   * plain loop.
   */
  static DedupKernel best() {
    return BEST;
  }

  /** The plain loop, whatever the JVM offers (tests compare both kernels). */
  static DedupKernel plain() {
    return new PlainDedupKernel();
  }

  private static DedupKernel pick() {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
      try {
        DedupKernel vector = new VectorDedupKernel();
        if (vector.usable()) {
          return vector;
        }
      } catch (LinkageError | RuntimeException e) {
        // Fall back: the module is there but not usable from here (a module layer without it).
      }
    }
    return new PlainDedupKernel();
  }

  /** Whether this kernel is worth using on this JVM. */
  boolean usable() {
    return true;
  }

  /**
   * Sets {@code out[r][j]} to the dot product of the heads of candidates {@code from + r} and
   * {@code j}, for {@code r < rows} and {@code j < limit}; entries at or beyond {@code limit} (up
   * to the next multiple of the kernel's width) may be written too.
   *
   * @param heads dimension-major heads: {@code heads[d][i]} is coordinate d of candidate i; rows of
   *     at least {@code limit + PAD} floats
   * @param out {@link #TILE} rows as long as those of {@code heads}
   * @param scratch at least {@code dims · TILE} floats the kernel may overwrite
   */
  abstract void tile(
      float[][] heads, int dims, int from, int rows, int limit, float[][] out, float[] scratch);

  /** The sum of {@code v[from..to)} squared, in float (dedup's screen allows for the rounding). */
  abstract float sumOfSquares(float[] v, int from, int to);

  /**
   * Writes to {@code out}, ascending, every kept candidate {@code j < limit} that a screen lets
   * through: the vector screen when {@code probe.vectors()}, the candidate's vector and j's are in
   * the same space and {@code dots[j] + probe.tail()·headTail[j] − probe.target()·norm[j]} is not
   * negative (a NaN, from an overflowing screen, passes); the token screen when {@code
   * probe.tokens()}, j's token count lies in [{@code minTokens}, {@code maxTokens}] and the folded
   * signatures leave room for the overlap a Jaccard above the threshold needs. Entries of {@code
   * out} past the returned count may be written too.
   *
   * @param dots the candidate's head dot products with every candidate before it
   * @param limit the candidate's index: no candidate from it on is kept yet ({@code kept} is 0)
   * @param out as long as the columns
   * @return how many indices were written
   */
  abstract int screen(Columns columns, float[] dots, int limit, Probe probe, int[] out);

  /**
   * Per candidate, what the screens read, by candidate index. Arrays are padded ({@link #PAD}) so
   * that a vector load past the last candidate stays inside them.
   *
   * @param headTail {@code |v[HEAD ..]|} of the vector
   * @param norm {@code |v|}
   * @param space the vector's space ({@link KeptCandidates}), -1 without a comparable vector
   * @param tokenCount the size of the token set
   * @param folded {@code folded[w][i]} is int w of candidate i's {@link TokenSet#folded()}
   * @param kept 1 once the candidate is kept, else 0
   */
  record Columns(
      float[] headTail, float[] norm, int[] space, int[] tokenCount, int[][] folded, int[] kept) {
    Columns(int slots) {
      this(
          new float[slots],
          new float[slots],
          new int[slots],
          new int[slots],
          new int[TokenSet.FOLDS][slots],
          new int[slots]);
    }
  }

  /**
   * What the screens need of the candidate being offered.
   *
   * @param vectors whether the vector screen runs (its test is on and the candidate has a vector)
   * @param space the candidate's vector space
   * @param tail its {@code headTail}
   * @param target {@code (threshold − margin)·|v|}: the screen passes j when the bound on the dot
   *     product reaches {@code target·norm[j]}
   * @param tokens whether the token screen runs
   * @param count its token count
   * @param minTokens the smallest token count a duplicate can have
   * @param maxTokens the largest
   * @param folded its folded signature, one int per fold
   * @param overlapRatio a Jaccard above the threshold t needs {@code count − only + 1 >
   *     overlapRatio·(count + other)} tokens in common, {@code only} being the folded bits j lacks
   */
  record Probe(
      boolean vectors,
      int space,
      float tail,
      float target,
      boolean tokens,
      int count,
      int minTokens,
      int maxTokens,
      int[] folded,
      float overlapRatio) {}

  /**
   * Four independent sums per column share each load of a coordinate row; the screen is one scalar
   * pass.
   */
  static final class PlainDedupKernel extends DedupKernel {
    @Override
    int screen(Columns c, float[] dots, int limit, Probe p, int[] out) {
      float[] headTail = c.headTail();
      float[] norm = c.norm();
      int[] space = c.space();
      int[] tokenCount = c.tokenCount();
      int[][] folded = c.folded();
      int[] kept = c.kept();
      int found = 0;
      for (int j = 0; j < limit; j++) {
        // Non-short-circuit operators and an unconditional store: nearly every pair fails, and
        // branches that fail at random cost more in mispredictions than the operations they skip.
        boolean vectors =
            p.vectors()
                & space[j] == p.space()
                & !(dots[j] + p.tail() * headTail[j] - p.target() * norm[j] < 0);
        int other = tokenCount[j];
        int only = 0;
        for (int w = 0; w < TokenSet.FOLDS; w++) {
          only += Integer.bitCount(p.folded()[w] & ~folded[w][j]);
        }
        boolean tokens =
            p.tokens()
                & other >= p.minTokens()
                & other <= p.maxTokens()
                & p.count() - only + 1 > p.overlapRatio() * (p.count() + other);
        out[found] = j;
        found += (vectors | tokens) & kept[j] != 0 ? 1 : 0;
      }
      return found;
    }

    @Override
    float sumOfSquares(float[] v, int from, int to) {
      float sum = 0;
      for (int i = from; i < to; i++) {
        sum += v[i] * v[i];
      }
      return sum;
    }

    @Override
    void tile(
        float[][] heads, int dims, int from, int rows, int limit, float[][] out, float[] scratch) {
      for (int r = 0; r < rows; r += 4) {
        quarter(heads, dims, from + r, Math.min(4, rows - r), limit, out, r);
      }
    }

    private static void quarter(
        float[][] heads, int dims, int from, int rows, int limit, float[][] out, int first) {
      float[] s0 = out[first];
      float[] s1 = out[first + 1];
      float[] s2 = out[first + 2];
      float[] s3 = out[first + 3];
      Arrays.fill(s0, 0, limit, 0f);
      Arrays.fill(s1, 0, limit, 0f);
      Arrays.fill(s2, 0, limit, 0f);
      Arrays.fill(s3, 0, limit, 0f);
      // Rows past the tile's end read candidate `from` again: harmless, and the loop stays
      // branch-free.
      int i1 = from + (rows > 1 ? 1 : 0);
      int i2 = from + (rows > 2 ? 2 : 0);
      int i3 = from + (rows > 3 ? 3 : 0);
      for (int d = 0; d < dims; d++) {
        float[] row =
            heads[d]; // a row array of its own: in one flat array the JIT would not vectorise
        float x0 = row[from];
        float x1 = row[i1];
        float x2 = row[i2];
        float x3 = row[i3];
        for (int j = 0; j < limit; j++) {
          float h = row[j];
          s0[j] += x0 * h;
          s1[j] += x1 * h;
          s2[j] += x2 * h;
          s3[j] += x3 * h;
        }
      }
    }
  }
}
