package dev.recall4j.core;

/**
 * One record as it was injected.
 *
 * @param record the stored record
 * @param section the rendered section it appears in, e.g. {@code workspace profile}
 * @param score why it ranked where it did
 * @param tokens the tokens its rendered line takes under the recall's token counter
 * @param truncated whether its text was cut to fit
 * @param text the record's text as packed: its content, or, when truncated, the summary or marked
 *     cut that replaced it
 * @param sourceContext what the configuration says the record's source is, or null (see {@link
 *     ScoredRecord#sourceContext()})
 */
public record RecalledItem(
    MemoryRecord record,
    String section,
    ScoreBreakdown score,
    int tokens,
    boolean truncated,
    String text,
    String sourceContext) {
  public RecalledItem {
    Checks.notNull(text, "text");
    Checks.notNull(record, "record");
    Checks.notNull(section, "section");
    Checks.notNull(score, "score");
    Checks.require(tokens >= 0, "tokens", "must be >= 0, got %d", tokens);
  }

  /** An item without a source context. */
  public RecalledItem(
      MemoryRecord record,
      String section,
      ScoreBreakdown score,
      int tokens,
      boolean truncated,
      String text) {
    this(record, section, score, tokens, truncated, text, null);
  }
}
