package dev.recall4j.core;

/** Lifecycle status. Only {@link #ACTIVE} records are ever recalled. */
public enum Status {
  ACTIVE,
  /** Replaced by a newer record that links to it; kept for history. */
  SUPERSEDED,
  /** Soft-deleted ("forgotten"); kept for audit, never recalled. */
  DELETED;

  public static Status parse(String field, String value) {
    return Wire.parse(Status.class, field, value);
  }
}
