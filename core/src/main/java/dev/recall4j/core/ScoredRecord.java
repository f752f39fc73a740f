package dev.recall4j.core;

/**
 * A record with the score that ranked it: what ranking hands to the packer.
 *
 * @param record the stored record
 * @param score the factors of its score; {@link ScoreBreakdown#finalScore()} orders candidates
 */
public record ScoredRecord(MemoryRecord record, ScoreBreakdown score) {
  public ScoredRecord {
    Checks.notNull(record, "record");
    Checks.notNull(score, "score");
  }

  public String id() {
    return record.id();
  }

  public double finalScore() {
    return score.finalScore();
  }
}
