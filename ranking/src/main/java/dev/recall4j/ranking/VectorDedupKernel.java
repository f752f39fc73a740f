package dev.recall4j.ranking;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link DedupKernel} with the incubator Vector API. Head dots: for each group of lanes, eight
 * accumulators (one per tile row) stay in registers across all coordinates, so each coordinate row
 * is loaded once per tile and the FMAs of the eight rows overlap. Screen: both screens of a lane's
 * worth of earlier candidates at once, the signature test with a lane-wise bit count, leaving a
 * scalar step only for the rare group of lanes where some pair passes. Loaded only when the module
 * is present (see {@link DedupKernel#best}).
 */
final class VectorDedupKernel extends DedupKernel {
  private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Integer> INTS =
      IntVector.SPECIES_PREFERRED; // as many lanes: same width

  @Override
  int screen(Columns c, float[] dots, int limit, Probe p, int[] out) {
    FloatVector tail = FloatVector.broadcast(SPECIES, p.tail());
    FloatVector target = FloatVector.broadcast(SPECIES, p.target());
    FloatVector ratio = FloatVector.broadcast(SPECIES, p.overlapRatio());
    IntVector space = IntVector.broadcast(INTS, p.space());
    IntVector count = IntVector.broadcast(INTS, p.count());
    IntVector countPlusOne = IntVector.broadcast(INTS, p.count() + 1);
    IntVector minTokens = IntVector.broadcast(INTS, p.minTokens());
    IntVector maxTokens = IntVector.broadcast(INTS, p.maxTokens());
    // One variable per fold, not an array of vectors: vectors stored in an array are boxed, and the
    // boxes (four per candidate offered) were a sixth of a ranking call's allocations.
    IntVector folded0 = IntVector.broadcast(INTS, p.folded()[0]);
    IntVector folded1 = IntVector.broadcast(INTS, p.folded()[1]);
    IntVector folded2 = IntVector.broadcast(INTS, p.folded()[2]);
    IntVector folded3 = IntVector.broadcast(INTS, p.folded()[3]);
    VectorMask<Integer> none = INTS.maskAll(false);
    int found = 0;
    for (int j = 0; j < limit; j += INTS.length()) {
      VectorMask<Integer> pass = none;
      if (p.vectors()) {
        FloatVector bound =
            FloatVector.fromArray(SPECIES, c.headTail(), j)
                .fma(tail, FloatVector.fromArray(SPECIES, dots, j));
        FloatVector excess = bound.sub(FloatVector.fromArray(SPECIES, c.norm(), j).mul(target));
        // Negated so that a NaN (an overflowing screen) passes.
        pass =
            excess
                .compare(VectorOperators.LT, 0f)
                .not()
                .cast(INTS)
                .and(IntVector.fromArray(INTS, c.space(), j).compare(VectorOperators.EQ, space));
      }
      if (p.tokens()) {
        IntVector other = IntVector.fromArray(INTS, c.tokenCount(), j);
        IntVector only =
            onlyMine(c.folded()[0], j, folded0)
                .add(onlyMine(c.folded()[1], j, folded1))
                .add(onlyMine(c.folded()[2], j, folded2))
                .add(onlyMine(c.folded()[3], j, folded3));
        FloatVector overlap = (FloatVector) countPlusOne.sub(only).convert(VectorOperators.I2F, 0);
        FloatVector needed =
            ((FloatVector) other.add(count).convert(VectorOperators.I2F, 0)).mul(ratio);
        pass =
            pass.or(
                other
                    .compare(VectorOperators.GE, minTokens)
                    .and(other.compare(VectorOperators.LE, maxTokens))
                    .and(overlap.compare(VectorOperators.GT, needed).cast(INTS)));
      }
      // Lanes at or past the limit fail here too: no candidate from the limit on is kept yet.
      pass = pass.and(IntVector.fromArray(INTS, c.kept(), j).compare(VectorOperators.NE, 0));
      if (pass.anyTrue()) {
        for (long lanes = pass.toLong(); lanes != 0; lanes &= lanes - 1) {
          out[found++] = j + Long.numberOfTrailingZeros(lanes);
        }
      }
    }
    return found;
  }

  /**
   * Per lane, the bits of the candidate's fold {@code mine} that candidate {@code j + lane} lacks.
   */
  private static IntVector onlyMine(int[] theirs, int j, IntVector mine) {
    return IntVector.fromArray(INTS, theirs, j).not().and(mine).lanewise(VectorOperators.BIT_COUNT);
  }

  @Override
  boolean usable() {
    // Below 4 lanes the API is emulated or gains nothing over the plain loop.
    return SPECIES.length() >= 4 && SPECIES.length() <= PAD;
  }

  @Override
  float sumOfSquares(float[] v, int from, int to) {
    FloatVector sums = FloatVector.zero(SPECIES);
    int i = from;
    for (int end = from + SPECIES.loopBound(to - from); i < end; i += SPECIES.length()) {
      FloatVector x = FloatVector.fromArray(SPECIES, v, i);
      sums = x.fma(x, sums);
    }
    float sum = sums.reduceLanes(VectorOperators.ADD);
    for (; i < to; i++) {
      sum += v[i] * v[i];
    }
    return sum;
  }

  @Override
  void tile(
      float[][] heads, int dims, int from, int rows, int limit, float[][] out, float[] scratch) {
    int lanes = SPECIES.length();
    // The tile's own coordinates, row-interleaved and contiguous, so that the eight broadcasts of a
    // coordinate read one cache line with bounds the JIT can prove. Rows past the tile's end repeat
    // its first candidate: harmless, and the loop stays branch-free.
    float[] mine = scratch;
    for (int d = 0; d < dims; d++) {
      float[] row = heads[d];
      for (int r = 0; r < TILE; r++) {
        mine[d * TILE + r] = row[from + (r < rows ? r : 0)];
      }
    }
    for (int j = 0; j < limit; j += lanes) {
      FloatVector a0 = FloatVector.zero(SPECIES);
      FloatVector a1 = a0;
      FloatVector a2 = a0;
      FloatVector a3 = a0;
      FloatVector a4 = a0;
      FloatVector a5 = a0;
      FloatVector a6 = a0;
      FloatVector a7 = a0;
      for (int d = 0, m = 0; d < dims; d++, m += TILE) {
        FloatVector h = FloatVector.fromArray(SPECIES, heads[d], j);
        a0 = h.fma(FloatVector.broadcast(SPECIES, mine[m]), a0);
        a1 = h.fma(FloatVector.broadcast(SPECIES, mine[m + 1]), a1);
        a2 = h.fma(FloatVector.broadcast(SPECIES, mine[m + 2]), a2);
        a3 = h.fma(FloatVector.broadcast(SPECIES, mine[m + 3]), a3);
        a4 = h.fma(FloatVector.broadcast(SPECIES, mine[m + 4]), a4);
        a5 = h.fma(FloatVector.broadcast(SPECIES, mine[m + 5]), a5);
        a6 = h.fma(FloatVector.broadcast(SPECIES, mine[m + 6]), a6);
        a7 = h.fma(FloatVector.broadcast(SPECIES, mine[m + 7]), a7);
      }
      a0.intoArray(out[0], j);
      a1.intoArray(out[1], j);
      a2.intoArray(out[2], j);
      a3.intoArray(out[3], j);
      a4.intoArray(out[4], j);
      a5.intoArray(out[5], j);
      a6.intoArray(out[6], j);
      a7.intoArray(out[7], j);
    }
  }
}
