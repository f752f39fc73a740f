package dev.recall4j.sources;

/**
 * What a sync changed, in records: added, updated (replaced by a changed file), deleted (their file
 * or line is gone), unchanged (no write, no embedding).
 *
 * @param files the files (or tables) the sync looked at
 */
public record SyncReport(long added, long updated, long deleted, long unchanged, long files) {
  public static final SyncReport EMPTY = new SyncReport(0, 0, 0, 0, 0);

  public SyncReport plus(SyncReport o) {
    return new SyncReport(
        added + o.added,
        updated + o.updated,
        deleted + o.deleted,
        unchanged + o.unchanged,
        files + o.files);
  }

  /** True when the sync wrote nothing. */
  public boolean isUnchanged() {
    return added == 0 && updated == 0 && deleted == 0;
  }

  @Override
  public String toString() {
    return String.format(
        java.util.Locale.ROOT,
        "%d added, %d updated, %d deleted, %d unchanged (%d files)",
        added,
        updated,
        deleted,
        unchanged,
        files);
  }

  /** Mutable counts while a sync runs. */
  static final class Counter {
    long added;
    long updated;
    long deleted;
    long unchanged;
    long files;

    SyncReport report() {
      return new SyncReport(added, updated, deleted, unchanged, files);
    }
  }
}
