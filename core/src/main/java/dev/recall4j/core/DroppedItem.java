package dev.recall4j.core;

/**
 * A candidate that was left out, and why.
 *
 * @param id the record id
 * @param reason the cause
 * @param detail a human-readable detail (for example "needs 412 tokens, 96 left"), never null
 */
public record DroppedItem(String id, DropReason reason, String detail) {
  public DroppedItem {
    Checks.notNull(id, "id");
    Checks.notNull(reason, "reason");
    detail = detail == null ? "" : detail;
  }
}
