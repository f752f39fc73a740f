package dev.recall4j.core.store;

/**
 * A stored record that cannot be read back as it was written: its bytes were changed on disk (a
 * failing disk, a bad copy, a flipped bit) since Lucene's per-file checksums are verified only on
 * merges and by {@code recall4j verify}. Never served as a record; {@code recall4j verify} lists
 * every such record and {@code recall4j repair} rebuilds the index without them.
 */
public final class DamagedRecordException extends IndexDamagedException {
  private static final long serialVersionUID = 1L;

  public DamagedRecordException(String message) {
    super(message);
  }

  public DamagedRecordException(String message, Throwable cause) {
    super(message, cause);
  }
}
