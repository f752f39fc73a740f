package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;

/**
 * What {@link RecallEngine#add} did with one record: stored it, or found it already stored.
 *
 * @param record the record as stored: the given one, or the stored record it duplicates (its {@code
 *     updated} time refreshed)
 * @param duplicateOf the id of the stored record whose content (in the same scope and silo) the
 *     given record repeats, or null when the given record was stored under its own id
 */
public record Saved(MemoryRecord record, String duplicateOf) {
  public Saved {
    Checks.notNull(record, "record");
    Checks.require(
        duplicateOf == null || duplicateOf.equals(record.id()),
        "duplicateOf",
        "must be the stored record's id %s, got %s",
        record.id(),
        duplicateOf);
  }

  /** The id the record is stored under: its own, or the one it duplicates. */
  public String id() {
    return record.id();
  }

  /** Whether the record repeated one already stored. */
  public boolean isDuplicate() {
    return duplicateOf != null;
  }
}
