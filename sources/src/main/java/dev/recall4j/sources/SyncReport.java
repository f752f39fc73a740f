package dev.recall4j.sources;

import java.util.ArrayList;
import java.util.List;

/**
 * What a sync changed, in records: added, updated (replaced by a changed file), deleted (their file
 * or line is gone), unchanged (no write, no embedding); and what it could not read.
 *
 * @param files the files (or tables) the sync looked at
 * @param errors the files and rows left out, each {@code FILE[:LINE]: reason}: everything else was
 *     synced, and the next sync reads them again
 */
public record SyncReport(
    long added, long updated, long deleted, long unchanged, long files, List<String> errors) {
  public static final SyncReport EMPTY = new SyncReport(0, 0, 0, 0, 0, List.of());

  public SyncReport {
    errors = List.copyOf(errors);
  }

  public SyncReport plus(SyncReport o) {
    List<String> both = new ArrayList<>(errors);
    both.addAll(o.errors);
    return new SyncReport(
        added + o.added,
        updated + o.updated,
        deleted + o.deleted,
        unchanged + o.unchanged,
        files + o.files,
        both);
  }

  /** True when the sync wrote nothing. */
  public boolean isUnchanged() {
    return added == 0 && updated == 0 && deleted == 0;
  }

  /** True when some file or row could not be read: the sync was partial. */
  public boolean isPartial() {
    return !errors.isEmpty();
  }

  @Override
  public String toString() {
    return String.format(
        java.util.Locale.ROOT,
        "%d added, %d updated, %d deleted, %d unchanged (%d files)%s",
        added,
        updated,
        deleted,
        unchanged,
        files,
        errors.isEmpty() ? "" : ", " + errors.size() + (errors.size() == 1 ? " error" : " errors"));
  }

  /** Mutable counts while a sync runs. */
  static final class Counter {
    long added;
    long updated;
    long deleted;
    long unchanged;
    long files;
    final List<String> errors = new ArrayList<>();

    SyncReport report() {
      return new SyncReport(added, updated, deleted, unchanged, files, errors);
    }
  }
}
