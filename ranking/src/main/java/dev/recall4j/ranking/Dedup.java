package dev.recall4j.ranking;

import dev.recall4j.core.Checks;

/**
 * When two candidates count as the same and only the better-ranked one is kept.
 *
 * <p>Exact duplicates (equal {@link dev.recall4j.core.MemoryRecord#contentHash()}) are always
 * dropped. A pair is a near duplicate when the Jaccard overlap of the two contents' token sets
 * (lower-cased runs of letters and digits) is above {@code tokenJaccard}, or when both records
 * carry vectors of the same model and dimension and their cosine is above {@code vectorCosine}. A
 * threshold of 1 turns that test off, since neither measure exceeds 1.
 *
 * <p>The defaults (Jaccard 0.8, cosine 0.95) are not yet measured.
 *
 * @param tokenJaccard in [0, 1]
 * @param vectorCosine in [0, 1]
 */
public record Dedup(double tokenJaccard, double vectorCosine) {
  public Dedup {
    Checks.inRange(tokenJaccard, 0.0, 1.0, "tokenJaccard");
    Checks.inRange(vectorCosine, 0.0, 1.0, "vectorCosine");
  }

  /** Jaccard 0.8, cosine 0.95. */
  public static Dedup defaults() {
    return new Dedup(0.8, 0.95);
  }

  /** Only exact duplicates (same content hash) are dropped. */
  public static Dedup exactOnly() {
    return new Dedup(1.0, 1.0);
  }
}
