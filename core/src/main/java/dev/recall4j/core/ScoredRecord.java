package dev.recall4j.core;

import java.util.Objects;

/**
 * A record with the score that ranked it: what ranking hands to the packer.
 *
 * @param record the stored record
 * @param score the factors of its score; {@link ScoreBreakdown#finalScore()} orders candidates
 * @param sourceContext what the configuration says the record's source is ({@code
 *     recall.source_contexts}, by the longest prefix of its origin path), or null
 */
public record ScoredRecord(MemoryRecord record, ScoreBreakdown score, String sourceContext) {
  public ScoredRecord {
    Checks.notNull(record, "record");
    Checks.notNull(score, "score");
  }

  /** A scored record without a source context. */
  public ScoredRecord(MemoryRecord record, ScoreBreakdown score) {
    this(record, score, null);
  }

  /** The same record and score with this source context (null: none). */
  public ScoredRecord withSourceContext(String context) {
    return Objects.equals(context, sourceContext) ? this : new ScoredRecord(record, score, context);
  }

  public String id() {
    return record.id();
  }

  public double finalScore() {
    return score.finalScore();
  }
}
