package dev.recall4j.ranking;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link HeadDots} with the incubator Vector API: for each group of lanes, eight accumulators (one per
 * tile row) stay in registers across all coordinates, so each coordinate row is loaded once per
 * tile and the FMAs of the eight rows overlap. Loaded only when the module is present (see {@link
 * HeadDots#best}).
 */
final class VectorHeadDots extends HeadDots {
  private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

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
  void tile(float[][] heads, int dims, int from, int rows, int limit, float[][] out) {
    int lanes = SPECIES.length();
    // Rows past the tile's end repeat its first candidate: harmless, and the loop stays branch-free.
    int[] at = new int[TILE];
    for (int r = 0; r < TILE; r++) {
      at[r] = from + (r < rows ? r : 0);
    }
    int i0 = at[0];
    int i1 = at[1];
    int i2 = at[2];
    int i3 = at[3];
    int i4 = at[4];
    int i5 = at[5];
    int i6 = at[6];
    int i7 = at[7];
    for (int j = 0; j < limit; j += lanes) {
      FloatVector a0 = FloatVector.zero(SPECIES);
      FloatVector a1 = a0;
      FloatVector a2 = a0;
      FloatVector a3 = a0;
      FloatVector a4 = a0;
      FloatVector a5 = a0;
      FloatVector a6 = a0;
      FloatVector a7 = a0;
      for (int d = 0; d < dims; d++) {
        float[] row = heads[d];
        FloatVector h = FloatVector.fromArray(SPECIES, row, j);
        a0 = h.fma(FloatVector.broadcast(SPECIES, row[i0]), a0);
        a1 = h.fma(FloatVector.broadcast(SPECIES, row[i1]), a1);
        a2 = h.fma(FloatVector.broadcast(SPECIES, row[i2]), a2);
        a3 = h.fma(FloatVector.broadcast(SPECIES, row[i3]), a3);
        a4 = h.fma(FloatVector.broadcast(SPECIES, row[i4]), a4);
        a5 = h.fma(FloatVector.broadcast(SPECIES, row[i5]), a5);
        a6 = h.fma(FloatVector.broadcast(SPECIES, row[i6]), a6);
        a7 = h.fma(FloatVector.broadcast(SPECIES, row[i7]), a7);
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
