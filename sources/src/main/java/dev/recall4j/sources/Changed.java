package dev.recall4j.sources;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Tier;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * A file that changed since the last sync, read and checked in the plan, before anything is
 * written: one kind per way its records reach the index.
 */
sealed interface Changed {
  /** The file's key in the sync state. */
  String key();

  Path file();

  /** The fingerprint the state keeps once the file is written. */
  Fingerprint print();

  /** How many records the file gives, for the sync's progress. */
  long count();

  /**
   * A Markdown note, made records when written: its links resolve against every note of the source,
   * changed or not.
   */
  record Note(String key, Path file, Fingerprint print, VaultNote note) implements Changed {
    @Override
    public long count() {
      return note.chunks().size();
    }
  }

  /**
   * Records read whole: the entries of a daily log, the rows of a SQLite query.
   *
   * @param errors one line per bad row left out, reported and kept in the sync state
   * @param unread the ids of the bad rows: their stored records stay as they were
   */
  record Records(
      String key,
      Path file,
      Fingerprint print,
      List<MemoryRecord> records,
      List<String> errors,
      Set<String> unread)
      implements Changed {
    public Records {
      records = List.copyOf(records);
      errors = List.copyOf(errors);
      unread = Set.copyOf(unread);
    }

    Records(String key, Path file, Fingerprint print, List<MemoryRecord> records) {
      this(key, file, print, records, List.of(), Set.of());
    }

    @Override
    public long count() {
      return records.size();
    }
  }

  /**
   * A JSONL file, checked by a streaming pass that keeps nothing, and streamed again when written.
   *
   * @param folderTier the tier the source's folders give its lines, or null
   */
  record Jsonl(String key, Path file, Fingerprint print, long lines, Tier folderTier)
      implements Changed {
    @Override
    public long count() {
      return lines;
    }
  }
}
