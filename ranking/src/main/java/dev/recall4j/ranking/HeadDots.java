package dev.recall4j.ranking;

/**
 * Dot products between the vector heads of a tile of consecutive candidates and every candidate
 * before the tile's end: the bulk of dedup's arithmetic (about n²/2 pairs of {@value
 * KeptCandidates#PREFIX} coordinates).
 *
 * <p>Heads are stored dimension-major ({@code heads[d][i]}), so one pass over a row of
 * coordinate d serves a whole tile. Two implementations: {@link VectorHeadDots} with the JDK's
 * incubator Vector API when the JVM runs with {@code --add-modules jdk.incubator.vector} (as the
 * engine and its tools do: register-blocked FMAs, about 5× the plain loop on the benchmark's
 * candidates), else a plain loop the JIT vectorises only partly (Java may not fuse or reorder float
 * additions on its own). Both only screen pairs; every decision is an exact test in {@link
 * Similarity}, so which one runs never changes a result. Stateless and thread-safe.
 */
abstract class HeadDots {
  /**
   * Candidates per tile. The heads of 2 × 100 candidates (74 KB at 96 coordinates) exceed a level-1
   * cache, so every tile reads them all from level 2: with 4 candidates per tile that traffic, not
   * the arithmetic, took most of the kernel's time; 8 halve it and still fit the registers.
   */
  static final int TILE = 8;

  /** Extra floats at the end of each row, so that a vector load past the last candidate stays inside it. */
  static final int PAD = 16;

  private static final HeadDots BEST = pick();

  /** The Vector API kernel when its module is present and vectors are at least 4 lanes, else the plain loop. */
  static HeadDots best() {
    return BEST;
  }

  /** The plain loop, whatever the JVM offers (tests compare both kernels). */
  static HeadDots plain() {
    return new PlainHeadDots();
  }

  private static HeadDots pick() {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
      try {
        HeadDots vector = new VectorHeadDots();
        if (vector.usable()) {
          return vector;
        }
      } catch (LinkageError | RuntimeException e) {
        // Fall back: the module is there but not usable from here (a module layer without it).
      }
    }
    return new PlainHeadDots();
  }

  /** Whether this kernel is worth using on this JVM. */
  boolean usable() {
    return true;
  }

  /**
   * Sets {@code out[r][j]} to the dot product of the heads of candidates {@code from + r} and
   * {@code j}, for {@code r < rows} and {@code j < limit}; entries at or beyond {@code limit} (up to
   * the next multiple of the kernel's width) may be written too.
   *
   * @param heads dimension-major heads: {@code heads[d][i]} is coordinate d of candidate i; rows of
   *     at least {@code limit + PAD} floats
   * @param out {@link #TILE} rows as long as those of {@code heads}
   */
  abstract void tile(float[][] heads, int dims, int from, int rows, int limit, float[][] out);

  /** The sum of {@code v[from..to)} squared, in float (dedup's screen allows for the rounding). */
  abstract float sumOfSquares(float[] v, int from, int to);

  /** Four independent sums per column share each load of a coordinate row. */
  static final class PlainHeadDots extends HeadDots {
    @Override
    float sumOfSquares(float[] v, int from, int to) {
      float sum = 0;
      for (int i = from; i < to; i++) {
        sum += v[i] * v[i];
      }
      return sum;
    }

    @Override
    void tile(float[][] heads, int dims, int from, int rows, int limit, float[][] out) {
      for (int r = 0; r < rows; r += 4) {
        quarter(heads, dims, from + r, Math.min(4, rows - r), limit, out, r);
      }
    }

    private static void quarter(float[][] heads, int dims, int from, int rows, int limit, float[][] out, int first) {
      float[] s0 = out[first];
      float[] s1 = out[first + 1];
      float[] s2 = out[first + 2];
      float[] s3 = out[first + 3];
      java.util.Arrays.fill(s0, 0, limit, 0f);
      java.util.Arrays.fill(s1, 0, limit, 0f);
      java.util.Arrays.fill(s2, 0, limit, 0f);
      java.util.Arrays.fill(s3, 0, limit, 0f);
      // Rows past the tile's end read candidate `from` again: harmless, and the loop stays branch-free.
      int i1 = from + (rows > 1 ? 1 : 0);
      int i2 = from + (rows > 2 ? 2 : 0);
      int i3 = from + (rows > 3 ? 3 : 0);
      for (int d = 0; d < dims; d++) {
        float[] row = heads[d]; // a row array of its own: in one flat array the JIT would not vectorise
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
