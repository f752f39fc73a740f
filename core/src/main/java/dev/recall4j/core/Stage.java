package dev.recall4j.core;

import java.util.Locale;

/**
 * A timed stage of one recall, in the order a recall runs them; {@link #TOTAL} is the whole recall.
 * {@link #toString()} is the stage's name in reports and JSON ({@code pinned}, {@code lexical},
 * ...).
 */
public enum Stage {
  /** Fetching the scope's pinned records. */
  PINNED,
  /** The lexical (BM25) search. */
  LEXICAL,
  /** Waiting for the query vector, which the model computes while the lexical search runs. */
  EMBED,
  /**
   * The vector (HNSW) search; when the query vector was there as the recall began (a repeated
   * query), it runs beside the lexical search, and this is the time it took beyond it.
   */
  VECTOR,
  /**
   * Both searches in one request after the embedding, for a store that answers them at once (a
   * cluster): then {@link #LEXICAL} and {@link #VECTOR} do not run apart.
   */
  SEARCH,
  /** Fusion, weighting and deduplication. */
  RANK,
  /** Following the hits' links and supersede chains (when link expansion is on). */
  LINKS,
  /** Packing into the token budget. */
  PACK,
  /** The recall end to end. */
  TOTAL;

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
