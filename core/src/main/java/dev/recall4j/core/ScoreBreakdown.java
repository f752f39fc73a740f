package dev.recall4j.core;

/**
 * Why a record ranked where it did: every factor that made its final score.
 *
 * @param lexicalRank 1-based rank on the lexical (BM25) path, or 0 when that path did not return it
 * @param lexicalScore BM25 score, or NaN when absent
 * @param vectorRank 1-based rank on the semantic path, or 0 when absent
 * @param vectorSimilarity similarity on the semantic path, or NaN when absent
 * @param fusedScore the score after fusing the paths
 * @param decay recency factor in (0, 1]; 1 when no decay applies
 * @param trust source trust factor in [0, 1]
 * @param tierPriority injection priority of the record's kind (1 = first); 0 for pinned records
 * @param finalScore the score the record is ordered by
 * @param linkedFrom the hit the record came through when recall followed a link or a supersede
 *     chain to it (its final score is then the hit's, damped for a link), else null
 */
public record ScoreBreakdown(
    int lexicalRank,
    double lexicalScore,
    int vectorRank,
    double vectorSimilarity,
    double fusedScore,
    double decay,
    double trust,
    int tierPriority,
    double finalScore,
    LinkedFrom linkedFrom) {

  public ScoreBreakdown {
    Checks.require(lexicalRank >= 0, "lexicalRank", "must be >= 0, got %d", lexicalRank);
    Checks.require(vectorRank >= 0, "vectorRank", "must be >= 0, got %d", vectorRank);
    Checks.require(!Double.isNaN(fusedScore), "fusedScore", "must not be NaN");
    Checks.require(!Double.isNaN(finalScore), "finalScore", "must not be NaN");
  }

  /** A breakdown of a record its own search found (no link followed). */
  public ScoreBreakdown(
      int lexicalRank,
      double lexicalScore,
      int vectorRank,
      double vectorSimilarity,
      double fusedScore,
      double decay,
      double trust,
      int tierPriority,
      double finalScore) {
    this(
        lexicalRank,
        lexicalScore,
        vectorRank,
        vectorSimilarity,
        fusedScore,
        decay,
        trust,
        tierPriority,
        finalScore,
        null);
  }

  /** The same factors, ordered by {@code score} because the record came through {@code from}. */
  public ScoreBreakdown linked(double score, LinkedFrom from) {
    return new ScoreBreakdown(
        lexicalRank,
        lexicalScore,
        vectorRank,
        vectorSimilarity,
        fusedScore,
        decay,
        trust,
        tierPriority,
        score,
        Checks.notNull(from, "linkedFrom"));
  }

  /** The breakdown of a pinned record, injected regardless of the query. */
  public static ScoreBreakdown pinned(double trust) {
    return new ScoreBreakdown(
        0, Double.NaN, 0, Double.NaN, 0, 1, trust, 0, Double.POSITIVE_INFINITY);
  }
}
